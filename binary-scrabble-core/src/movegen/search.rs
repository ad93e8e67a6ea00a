//! The depth-first search over one line (M-3), its nodes and its report.

use std::cmp::Ordering;

use crate::action::{MAX_TILES, Placed, PlacedTiles, Play};
use crate::blank_choices::choices;
use crate::board::Board;
use crate::eval::SideEval;
use crate::play_sink::{Report, ScoredPlay};
use crate::scrabble::Scrabble;
use crate::square::{Dir, SIZE, Square};
use crate::syntax::{Syn, SyntaxTable};
use crate::tile::{Face, Kind};

use super::CrossInfo;
use super::line_view::LineView;
use super::start_block::{Run, StartBlock};

/// The new tiles of one part of a run, with their score sums.
#[derive(Clone, Copy, Debug)]
pub(super) struct Part {
    /// Face index of each new tile, 4 bits each, in order.
    pub(super) faces: u64,
    /// How many new tiles.
    pub(super) n: u8,
    /// How many of them show a digit.
    pub(super) digits: u8,
    /// True when one of them shows `=`.
    pub(super) equals: bool,
    /// True when one of them is on an anchor.
    pub(super) anchored: bool,
    /// Σ new tile points × LM, all of them natural tiles.
    pub(super) tiles: i32,
    /// Π WM of the new tiles.
    pub(super) wm: i32,
    /// Σ cross-run scores of the new tiles, all of them natural tiles.
    pub(super) cross: i32,
    /// How many new tiles show each face, 5 bits a face.
    pub(super) counts: u64,
}

/// The faces a rack holds natural tiles of.
pub(super) fn faces_on(rack: &[u8; 12]) -> u16 {
    Face::ALL
        .iter()
        .filter(|f| rack[f.kind().index()] > 0)
        .fold(0, |acc, f| acc | f.bit())
}

/// The natural tiles of `rack` per face, 5 bits a face (as [`Part::counts`]).
pub(super) fn pack_naturals(rack: &[u8; 12]) -> u64 {
    rack.iter()
        .take(Face::ALL.len())
        .enumerate()
        .fold(0, |acc, (f, &c)| acc | u64::from(c) << (5 * f))
}

/// The low four bits of each of twelve 5-bit fields, and their top bits.
const LOW4: u64 = 0x07BD_EF7B_DEF7_BDEF;
const GUARDS: u64 = 0x0842_1084_2108_4210;
/// The fields 0, 2, 4, ... of packed counts, which sit ten bits apart.
const SPREAD: u64 = 0x003C_0F03_C0F0_3C0F;
/// Adds six fields ten bits apart into the top one.
const SUM: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30 | 1 << 40 | 1 << 50;

/// True when tiles showing the faces `counts` (5 bits a face) can come
/// from `naturals` (packed alike) and `blanks`: natural tiles first,
/// blanks for the rest. Counts stay below 16, so the top bit of each field
/// absorbs the subtraction's borrow; the shortfalls are then summed with
/// one multiplication, their fields spread ten bits apart.
pub(super) fn fits(counts: u64, naturals: u64, blanks: u8) -> bool {
    let d = (counts | GUARDS) - naturals;
    // The fields where at least as many are used as there are natural tiles.
    let over = ((d & GUARDS) >> 4) * 15;
    let short = d & LOW4 & over;
    if short == 0 {
        return true;
    }
    let spread = (short & SPREAD) + ((short >> 5) & SPREAD);
    (spread.wrapping_mul(SUM) >> 50) & 0x3FF <= u64::from(blanks)
}

pub(super) const EMPTY_PART: Part = Part {
    faces: 0,
    n: 0,
    digits: 0,
    equals: false,
    anchored: false,
    tiles: 0,
    wm: 1,
    cross: 0,
    counts: 0,
};

/// The new tiles of a whole play: faces and positions on the line.
pub(super) struct Tiles {
    pub(super) n: usize,
    pub(super) face: [Face; MAX_TILES],
    pub(super) pos: [u8; MAX_TILES],
    /// How many show each face, 5 bits a face.
    pub(super) counts: u64,
}

/// What blanks cost a play (see [`Dfs::choose`]).
pub(super) struct Loss {
    /// The score with every tile natural.
    pub(super) natural: i32,
    /// The play's word multiplier.
    pub(super) wm: i32,
    /// Per tile: its points times its letter premium.
    pub(super) tiles: [i32; MAX_TILES],
    /// Per tile: its cross score as a natural tile less as a blank.
    pub(super) cross: [i32; MAX_TILES],
}

/// Where [`Dfs::assign`] stands: the next tile, the tiles chosen to be
/// blanks so far (a mask), the blanks still free, how many of the tiles
/// left must be blanks, and the score so far.
#[derive(Clone, Copy)]
pub(super) struct Choice {
    pub(super) k: usize,
    pub(super) chosen: u16,
    pub(super) blanks: u8,
    pub(super) need: u8,
    pub(super) score: i32,
}

/// A search node, copied down the recursion.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) syn: Syn,
    pub(super) seen_eq: bool,
    pub(super) new_eq: bool,
    pub(super) rack_left: u8,
    /// The value of the first side (of this part), once its `=` is read.
    pub(super) first: Option<i32>,
    /// The side being read, evaluated as it grows.
    pub(super) side: SideEval<i32, ()>,
    pub(super) part: Part,
}

impl Frame {
    /// The node at the start of a run (or, with `after_eq`, of the part
    /// after a run's first `=`).
    pub(super) fn start(rack_left: u8, after_eq: bool) -> Frame {
        Frame {
            syn: Syn::Side,
            seen_eq: after_eq,
            new_eq: false,
            rack_left,
            first: None,
            side: SideEval::new(),
            part: EMPTY_PART,
        }
    }
}

/// Lines with at most this many empty squares after a first `=` share one
/// list of completions per position (see [`Dfs::join`]), for a rack with
/// `blanks` blanks. With two blanks or more the shared lists of open lines
/// hold many completions that spend blanks a first side has already used,
/// and a join passes over them all; with at most one, sharing is cheaper
/// everywhere (measured on the reference positions and the worst cases).
pub(super) fn shared_max_empty(blanks: u8) -> usize {
    if blanks <= 1 { SIZE } else { 3 }
}

/// Where the completions of one memo key lie in the arena.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct MemoEntry {
    pub(super) stamp: u32,
    pub(super) start: u32,
    pub(super) len: u32,
}

/// How a search node treats the first `=` of its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Search straight through (no memo).
    Plain,
    /// Stop at the first `=` and join the memoized completions.
    Left,
    /// Enumerate the completions after a first `=`.
    Right,
}

/// What feeding a token did.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fed {
    /// Go on.
    Go,
    /// The run can no longer be correct.
    Prune,
    /// The run's first side ended with this value: join the completions.
    Join(i32),
}

/// The depth-first search over one line and direction (M-3).
///
/// What follows a run's first `=` depends only on the position, the rack
/// left and whether the new `=` is used, not on the first side itself,
/// except through its value. So the search stops at the first `=` and joins
/// the completions of that key, enumerated once per line and kept sorted by
/// value in an arena: many first sides (the same tiles in other orders)
/// share one enumeration, and only completions of the right value are
/// visited. This is exact: the same plays, each once.
pub(super) struct Dfs<'a, R> {
    pub(super) game: &'a Scrabble,
    pub(super) table: &'a SyntaxTable,
    pub(super) cross: &'a [CrossInfo],
    pub(super) view: LineView,
    pub(super) dir: Dir,
    pub(super) rack: [u8; 12],
    /// The faces with a natural tile left on `rack`.
    pub(super) on_rack: u16,
    pub(super) sink: &'a mut R,
    pub(super) full_rack_bonus: i32,
    /// The run's first square.
    pub(super) start: usize,
    /// The whole rack, which shared completions are enumerated from.
    pub(super) full_rack: [u8; 12],
    /// Mixed-radix weights numbering the racks left.
    pub(super) radix: [u32; 12],
    /// The memo keys below this are shared lists (see [`Dfs::join`]).
    pub(super) shared_keys: usize,
    pub(super) stamp: u32,
    /// Where this line's memo keys begin (lines searched together keep
    /// apart, see `MoveGen::search_down_in_order`).
    pub(super) memo_base: usize,
    pub(super) memo: &'a mut Vec<MemoEntry>,
    pub(super) arena: &'a mut Vec<Part>,
    /// The value and arena index of each completion, sorted per memo entry.
    pub(super) by_value: &'a mut Vec<u64>,
    /// The single tiles, merged into an ordered report's `Across` plays.
    pub(super) singles: &'a [ScoredPlay],
    /// The first single tile not reported yet.
    pub(super) next_single: usize,
    /// With blanks, an ordered report's runs of one start square (see
    /// [`StartBlock`]).
    pub(super) block: &'a mut StartBlock,
    /// The numbers of plays of face counts met (see [`choices`]), for
    /// this rack, by a hash of the counts.
    pub(super) choices: &'a mut [(u64, usize)],
    /// While completions are enumerated: the most squares a first side
    /// joining them can have. A side of k squares is below 2^k, so a
    /// completion of a larger value is never joined and not kept.
    pub(super) first_side_squares: u32,
}

impl<R: Report> Dfs<'_, R> {
    /// Searches on from `pos` with node `f`.
    ///
    /// Frames go down by reference and are copied only where a node
    /// changes them: copying a frame right after a parent wrote some of
    /// its fields stalls the processor, and this is the hot path.
    pub(super) fn go(&mut self, mode: Mode, pos: usize, f: &Frame) {
        if pos < SIZE && self.view.cells[pos] != 0 {
            self.through(mode, pos, *f);
        } else {
            self.extend(mode, pos, f);
        }
    }

    /// Reads the existing tiles from `pos` on, then extends the run.
    pub(super) fn through(&mut self, mode: Mode, mut pos: usize, mut f: Frame) {
        // Existing tiles join the run; feed them to the automaton.
        while pos < SIZE && self.view.cells[pos] != 0 {
            let cell = self.view.cells[pos];
            let face = Board::cell_face(cell);
            match self.table.step(f.syn, face) {
                Ok(next) => f.syn = next,
                Err(_) => return,
            }
            match self.feed(mode, &mut f, face, pos) {
                Fed::Go => {}
                Fed::Prune => return,
                Fed::Join(v) => {
                    self.join(pos + 1, &f, v);
                    return;
                }
            }
            pos += 1;
        }
        self.extend(mode, pos, &f);
    }

    /// At an empty square `pos` (or the board's end): report the run if it
    /// may end here, then try each tile on `pos`.
    pub(super) fn extend(&mut self, mode: Mode, pos: usize, f: &Frame) {
        // The run may end here.
        if f.seen_eq
            && f.syn.accepting()
            && let Some(v) = f.side.value(&self.game.checker)
        {
            match (mode, f.first) {
                (Mode::Right, None) => self.record(v, f),
                (Mode::Right, Some(first)) if first == v => self.record(v, f),
                (Mode::Plain | Mode::Left, Some(first)) if first == v => {
                    self.emit(&f.part, &EMPTY_PART, v);
                }
                (Mode::Plain | Mode::Left | Mode::Right, _) => {}
            }
        }
        if pos == SIZE || f.rack_left == 0 || usize::from(f.part.n) >= MAX_TILES {
            return;
        }
        // R-11 g: a run without an `=` so far needs one ahead, an old `=`
        // further on or a new one from the rack (natural or blank). Most of
        // the first sides a rack of blanks can spell have spent every blank
        // on other faces: none of them can become an equation.
        if !f.seen_eq
            && self.view.equals_after[pos] == 0
            && self.rack[Kind::Equals.index()] == 0
            && self.rack[Kind::Blank.index()] == 0
        {
            return;
        }
        // M-3 refinement: an anchor must stay reachable (a completion may
        // be joined to an anchored first side, so it is not pruned).
        if mode != Mode::Right && !f.part.anchored && self.view.reach[pos] > f.rack_left {
            return;
        }
        // M-4: branch and bound when only the best plays are wanted.
        if R::PRUNES && mode != Mode::Right && self.sink.floor().is_some() {
            let bound = self.view.bound(self.start, pos, f, &self.rack);
            if self.cut(bound, &f.part) {
                return;
            }
        }
        let info = &self.cross[usize::from(self.view.sq[pos])];
        let mut allowed = info.allowed & self.table.ok_mask(f.syn);
        if f.new_eq {
            // one new '=' per play.
            allowed &= !Face::Equals.bit();
        }
        // R-11 g again: when the last blank is the only `=` left, it shows `=`.
        let blank_faces = if self.rack[Kind::Blank.index()] == 0 {
            0
        } else if !f.seen_eq
            && self.view.equals_after[pos + 1] == 0
            && self.rack[Kind::Equals.index()] == 0
            && self.rack[Kind::Blank.index()] == 1
        {
            Face::Equals.bit()
        } else {
            u16::MAX
        };
        allowed &= self.on_rack | blank_faces;
        while allowed != 0 {
            let k = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let Some(face) = Face::from_index(k) else {
                continue;
            };
            let natural = self.on_rack & face.bit() != 0;
            let blank = blank_faces & face.bit() != 0;
            // The run reads the same face from a natural tile or a blank:
            // feed it once for both.
            let Ok(next) = self.table.step(f.syn, face) else {
                continue;
            };
            let mut g = *f;
            g.syn = next;
            let fed = self.feed(mode, &mut g, face, pos);
            if matches!(fed, Fed::Prune) {
                continue;
            }
            // One branch per face: a natural tile while the rack has one,
            // else a blank. Which of the tiles showing a face are the
            // blanks changes no run, so the plays that differ only there
            // are made from one search path (see `Dfs::emit`).
            debug_assert!(natural || blank);
            self.place(mode, pos, &mut g, fed, face, !natural);
        }
    }

    /// Puts `face` on `pos`, from a blank or not, and searches on; `g`
    /// has already read it and is changed in place.
    ///
    /// The part's scores are those of natural tiles, the most any choice
    /// of blanks gives (a blank scores no points), as branch and bound
    /// needs; the plays' own scores come in `Dfs::emit`.
    pub(super) fn place(
        &mut self,
        mode: Mode,
        pos: usize,
        g: &mut Frame,
        fed: Fed,
        face: Face,
        blank: bool,
    ) {
        let info = &self.cross[usize::from(self.view.sq[pos])];
        let p = &mut g.part;
        p.faces |= (face.index() as u64) << (4 * u32::from(p.n));
        p.n += 1;
        p.digits += u8::from(face.is_digit());
        let kind = if blank {
            Kind::Blank.index()
        } else {
            face.index()
        };
        p.counts += 1 << (5 * face.index());
        p.tiles += self.game.tile_points(face, false) * self.view.lm[pos];
        p.wm *= self.view.wm[pos];
        p.cross += info.natural[face.index()];
        p.anchored |= self.view.anchor[pos];
        g.rack_left -= 1;
        if face == Face::Equals {
            g.new_eq = true;
            g.part.equals = true;
        }
        self.rack[kind] -= 1;
        let on_rack = self.on_rack;
        if !blank && self.rack[kind] == 0 {
            self.on_rack &= !face.bit();
        }
        match fed {
            Fed::Go => self.go(mode, pos + 1, g),
            Fed::Join(v) => self.join(pos + 1, g, v),
            Fed::Prune => {}
        }
        self.on_rack = on_rack;
        self.rack[kind] += 1;
    }

    /// Feeds a token at `pos` to the side being evaluated; an `=` ends the
    /// side, which must evaluate and equal the first (M-3 refinement).
    #[inline]
    pub(super) fn feed(&self, mode: Mode, f: &mut Frame, face: Face, pos: usize) -> Fed {
        let checker = &self.game.checker;
        if face != Face::Equals {
            return if f.side.push(checker, face, pos).is_ok() {
                Fed::Go
            } else {
                Fed::Prune
            };
        }
        let Some(v) = f.side.value(checker) else {
            return Fed::Prune;
        };
        // A side of k squares is below 2^k: the next side has 14 - pos
        // squares. A side with k digits is below 2^k too: the next side
        // can only use the digits left on the rack (blanks included) and
        // the old digits further on.
        let room = SIZE - 1 - pos;
        let digits = u32::from(self.rack[Kind::Zero.index()])
            + u32::from(self.rack[Kind::One.index()])
            + u32::from(self.rack[Kind::Blank.index()])
            + u32::from(self.view.digits_after[(pos + 1).min(SIZE)]);
        if v >> room != 0 || (digits < 31 && v >> digits != 0) {
            return Fed::Prune;
        }
        f.side = SideEval::new();
        match f.first {
            Some(first) if first != v => Fed::Prune,
            Some(_) => Fed::Go,
            None if mode == Mode::Left && !f.seen_eq => {
                f.seen_eq = true;
                f.first = Some(v);
                Fed::Join(v)
            }
            None => {
                f.seen_eq = true;
                f.first = Some(v);
                Fed::Go
            }
        }
    }

    /// A completion is found (right part): store it.
    pub(super) fn record(&mut self, value: i32, f: &Frame) {
        // Values of a side are never negative and below 2^15 (see `Num`).
        debug_assert!(value >= 0);
        if (value as u64) >> self.first_side_squares != 0 {
            return;
        }
        self.by_value
            .push((value as u64) << 32 | self.arena.len() as u64);
        self.arena.push(f.part);
    }

    /// The first side of a run ended with value `v` just before `pos`:
    /// emit it with every completion of that value that the rack left
    /// can still pay for.
    ///
    /// Completions are enumerated once per line and key, kept sorted by
    /// value, each with the tiles it uses. Where few empty squares follow,
    /// the key is the position alone and the completions come from the
    /// whole rack (a first side takes those whose tiles fit in what it
    /// left, and no second new `=`, R-22): dense lines share one list.
    /// Where the line is open, that list would be huge, so the key also
    /// holds the rack left and whether the new `=` is used.
    pub(super) fn join(&mut self, pos: usize, left: &Frame, v: i32) {
        if pos >= SIZE {
            // The `=` is on the last square: the next side has no room.
            return;
        }
        let open = usize::from(self.view.next_empty[SIZE] - self.view.next_empty[pos]);
        let blanks = self.rack[Kind::Blank.index()];
        let shared = open <= shared_max_empty(self.full_rack[Kind::Blank.index()]);
        let entry = if shared {
            // Keyed by the blanks left and the new `=` too: most of the
            // completions a blank can spell need more blanks than a first
            // side full of them leaves.
            let total: u8 = self.full_rack.iter().sum();
            let budget = total.saturating_sub(self.min_left(pos));
            let mut rack = self.full_rack;
            rack[Kind::Blank.index()] = blanks;
            let key = (usize::from(blanks) * 2 + usize::from(left.new_eq)) * SIZE + pos;
            self.completions(self.memo_base + key, pos, rack, budget, left.new_eq)
        } else {
            let mut index = 0usize;
            for (k, &c) in self.rack.iter().enumerate() {
                index += (self.radix[k] * u32::from(c)) as usize;
            }
            let key = self.shared_keys + (index * 2 + usize::from(left.new_eq)) * SIZE + pos;
            self.completions(
                self.memo_base + key,
                pos,
                self.rack,
                left.rack_left,
                left.new_eq,
            )
        };
        let Some(entry) = entry else { return };
        let (start, end) = (entry.start as usize, (entry.start + entry.len) as usize);
        let list = &self.by_value[start..end];
        let wanted = v as u64;
        let lo = start + list.partition_point(|&key| key >> 32 < wanted);
        let hi = start + list.partition_point(|&key| key >> 32 <= wanted);
        // Only a shared list may hold completions the rack left cannot
        // pay for; the others were made from that very rack.
        let naturals = pack_naturals(&self.rack);
        for i in lo..hi {
            let c = self.arena[(self.by_value[i] & u64::from(u32::MAX)) as usize];
            if shared && !fits(c.counts, naturals, blanks) {
                continue;
            }
            self.emit(&left.part, &c, v);
        }
    }

    /// The completions of memo entry `key`: from `pos`, with tiles from
    /// `rack`, at most `budget` of them, a new `=` allowed unless `new_eq`.
    pub(super) fn completions(
        &mut self,
        key: usize,
        pos: usize,
        rack: [u8; 12],
        budget: u8,
        new_eq: bool,
    ) -> Option<MemoEntry> {
        let entry = *self.memo.get(key)?;
        if entry.stamp == self.stamp {
            return Some(entry);
        }
        let start = self.arena.len();
        let saved = (self.rack, self.on_rack);
        self.rack = rack;
        self.on_rack = faces_on(&rack);
        let mut f = Frame::start(budget, true);
        f.new_eq = new_eq;
        // The first side ends before the `=` on `pos - 1`.
        self.first_side_squares = pos.saturating_sub(1) as u32;
        self.go(Mode::Right, pos, &f);
        (self.rack, self.on_rack) = saved;
        // The search met the completions in `Ord` order of their tiles
        // (shorter first, then by face, natural before blank): sorted by
        // value, then by that order, a join emits its plays in `Ord`
        // order. Only the small index moves.
        self.by_value[start..].sort_unstable();
        let e = MemoEntry {
            stamp: self.stamp,
            start: start as u32,
            len: (self.arena.len() - start) as u32,
        };
        *self.memo.get_mut(key)? = e;
        Some(e)
    }

    /// The fewest new tiles a first side ending just before `pos` places:
    /// the empty squares from the nearest start square on.
    pub(super) fn min_left(&self, pos: usize) -> u8 {
        (0..pos)
            .filter(|&s| s == 0 || self.view.cells[s - 1] == 0)
            .map(|s| self.view.next_empty[pos] - self.view.next_empty[s])
            .min()
            .unwrap_or(0)
    }

    /// Branch and bound (M-4): true when no play below the node whose
    /// new tiles so far are `part` can beat the best play found, because
    /// the node's `bound` is below the best score, or equal to it and every
    /// play below comes after the best one in `Ord` (they all begin with
    /// these tiles, and a longer play sorts after its beginning).
    pub(super) fn cut(&self, bound: i32, part: &Part) -> bool {
        let Some(floor) = self.sink.floor() else {
            return false;
        };
        if bound != floor {
            return bound < floor;
        }
        let Some(best) = self.sink.best() else {
            return false;
        };
        match self.dir.cmp(&best.dir) {
            Ordering::Less => return false,
            Ordering::Greater => return true,
            Ordering::Equal => {}
        }
        // Which of these tiles are blanks is chosen later (a natural tile
        // comes first): where the best play has a blank on a tile equal to
        // one of these, a play below may come first with a natural tile.
        let theirs = best.tiles();
        let first = usize::from(self.view.next_empty[self.start]);
        let mut blank_before = false;
        for i in 0..usize::from(part.n) {
            let Some(their) = theirs.get(i) else {
                // The best play is a beginning of these tiles.
                return !blank_before;
            };
            let square = usize::from(self.view.sq[usize::from(self.view.empty_pos[first + i])]);
            let face = Face::from_index(((part.faces >> (4 * i)) & 0xf) as usize);
            match (square, face).cmp(&(their.square.index(), Some(their.face))) {
                Ordering::Less => return false,
                Ordering::Greater => return !blank_before,
                Ordering::Equal => blank_before |= their.blank,
            }
        }
        // The same tiles so far: a play below may still come first.
        false
    }

    /// Emits the plays made of a first part and a completion, sharing
    /// value `v`: one for each way to choose which of their tiles are the
    /// blanks. Single tiles are listed apart (see [`MoveGen::single_tiles`]).
    pub(super) fn emit(&mut self, left: &Part, right: &Part, v: i32) {
        let n = usize::from(left.n) + usize::from(right.n);
        if !(2..=MAX_TILES).contains(&n) || !(left.anchored || right.anchored) {
            return;
        }
        if !R::BUILDS {
            let plays = if self.full_rack[Kind::Blank.index()] == 0 {
                1
            } else {
                // The same tiles come back in many orders: remember.
                let counts = left.counts + right.counts;
                let slot =
                    &mut self.choices[(counts.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize];
                if slot.0 != counts {
                    *slot = (counts, choices(counts, &self.full_rack));
                }
                slot.1
            };
            self.sink.tally(plays);
            return;
        }
        let first = usize::from(self.view.next_empty[self.start]);
        // The run: from its first square past its last new tile's.
        let last = usize::from(self.view.empty_pos[first + n - 1]);
        let end = usize::from(self.view.run_end[last + 1]);
        let fixed = self.view.old_points(self.start, end) + self.game.bonus(v as u64);
        let wm = left.wm * right.wm;
        let bonus = if n == MAX_TILES {
            self.full_rack_bonus
        } else {
            0
        };
        let natural = (left.tiles + right.tiles + fixed) * wm + left.cross + right.cross + bonus;
        let counts = left.counts + right.counts;
        let blanks = self.full_rack[Kind::Blank.index()] > 0;
        if R::ORDERED && blanks {
            // The plays that differ only in their blanks come out
            // interleaved with other runs' plays: keep the run, and let
            // `Dfs::flush` walk the start square's runs in order.
            self.block.push(Run {
                faces: left.faces | right.faces << (4 * u32::from(left.n)),
                n: n as u8,
                natural,
                wm,
                counts,
            });
            return;
        }
        let mut tiles = Tiles {
            n,
            face: [Face::Zero; MAX_TILES],
            pos: [0; MAX_TILES],
            counts,
        };
        for k in 0..n {
            let (part, i) = if k < usize::from(left.n) {
                (left, k)
            } else {
                (right, k - usize::from(left.n))
            };
            let Some(face) = Face::from_index(((part.faces >> (4 * i)) & 0xf) as usize) else {
                return;
            };
            tiles.face[k] = face;
            tiles.pos[k] = self.view.empty_pos[first + k];
        }
        if !blanks {
            // No blank: one play, its tiles all natural.
            self.report(&tiles, 0, natural);
            return;
        }
        if R::PRUNES && self.sink.floor().is_some_and(|floor| natural < floor) {
            // Blanks only lower a play's score.
            return;
        }
        self.choose_blanks(&tiles, natural, wm);
    }

    /// Reports the plays of `tiles` for every choice of which of them are
    /// the rack's blanks (see [`Dfs::assign`]); `natural` is the score with
    /// every tile natural, `wm` the play's word multiplier.
    fn choose_blanks(&mut self, tiles: &Tiles, natural: i32, wm: i32) {
        // What each tile loses as a blank: its points, and the difference
        // between its cross scores.
        let mut loss = Loss {
            natural,
            wm,
            tiles: [0; MAX_TILES],
            cross: [0; MAX_TILES],
        };
        for k in 0..tiles.n {
            let (face, pos) = (tiles.face[k], usize::from(tiles.pos[k]));
            let info = &self.cross[usize::from(self.view.sq[pos])];
            loss.tiles[k] = self.game.tile_points(face, false) * self.view.lm[pos];
            loss.cross[k] = info.natural[face.index()] - info.blank[face.index()];
        }
        let mut left = [0u8; 12];
        let mut need = 0;
        for (f, count) in left.iter_mut().take(Face::ALL.len()).enumerate() {
            *count = ((tiles.counts >> (5 * f)) & 31) as u8;
            need += count.saturating_sub(self.full_rack[f]);
        }
        let mut free = self.full_rack;
        let blanks = free[Kind::Blank.index()];
        let choice = Choice {
            k: 0,
            chosen: 0,
            blanks,
            need,
            score: loss.natural,
        };
        self.assign(tiles, &loss, choice, &mut free, &mut left);
    }

    /// Chooses natural or blank for each tile from `c.k` on and reports
    /// each whole choice. `natural` holds the natural tiles still free and
    /// `left` how many tiles of each face are still to choose; `c.need`
    /// is how many of those must be blanks, which only a blank shown where
    /// natural tiles run short lowers, so no branch comes to a dead end.
    pub(super) fn assign(
        &mut self,
        tiles: &Tiles,
        loss: &Loss,
        c: Choice,
        natural: &mut [u8; 12],
        left: &mut [u8; 12],
    ) {
        if c.k == tiles.n || c.blanks == 0 {
            // With no blank left the other tiles are natural (and the rack
            // has them: no more must be blanks than there are).
            self.report(tiles, c.chosen, c.score);
            return;
        }
        let f = tiles.face[c.k].index();
        let short = left[f] > natural[f];
        left[f] -= 1;
        if natural[f] > 0 {
            natural[f] -= 1;
            let next = Choice { k: c.k + 1, ..c };
            self.assign(tiles, loss, next, natural, left);
            natural[f] += 1;
        }
        let need = c.need - u8::from(short);
        if c.blanks > need {
            let next = Choice {
                k: c.k + 1,
                chosen: c.chosen | 1 << c.k,
                blanks: c.blanks - 1,
                need,
                score: c.score - loss.tiles[c.k] * loss.wm - loss.cross[c.k],
            };
            self.assign(tiles, loss, next, natural, left);
        }
        left[f] += 1;
    }

    /// Reports one play of `tiles`, tile i a blank where bit i of
    /// `blanks_at` is set.
    pub(super) fn report(&mut self, tiles: &Tiles, blanks_at: u16, score: i32) {
        if !R::BUILDS {
            self.sink.tally(1);
            return;
        }
        if R::PRUNES && self.sink.floor().is_some_and(|floor| score < floor) {
            return;
        }
        self.put(tiles, blanks_at, score);
    }

    /// Reports one play (see [`Dfs::report`]), merging the single tiles
    /// into an ordered report.
    pub(super) fn put(&mut self, tiles: &Tiles, blanks_at: u16, score: i32) {
        let mut placed = PlacedTiles::new();
        for k in 0..tiles.n {
            let Some(square) = Square::new(usize::from(self.view.sq[usize::from(tiles.pos[k])]))
            else {
                return;
            };
            let tile = Placed {
                square,
                face: tiles.face[k],
                blank: blanks_at & (1 << k) != 0,
            };
            if placed.push(tile).is_none() {
                return;
            }
        }
        let play = Play {
            dir: self.dir,
            tiles: placed,
        };
        self.deliver(&play, score);
    }

    /// Reports a play along the line, merging the single tiles into an
    /// ordered report.
    pub(super) fn deliver(&mut self, play: &Play, score: i32) {
        if R::ORDERED && self.dir == Dir::Across {
            // The single tiles up to this play's first tile come before it
            // (a single tile equal to that first tile is its beginning).
            if let Some(&head) = play.tiles().first() {
                while let Some(single) = self.singles.get(self.next_single) {
                    if single.play.tiles()[0] > head {
                        break;
                    }
                    self.sink.report(&single.play, single.score);
                    self.next_single += 1;
                }
            }
        }
        self.sink.report(play, score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::KindCounts;

    /// The packed test agrees with counting face by face.
    #[test]
    fn fits_agrees_with_counting() {
        let racks = [
            "0 0 1 1 = - OR NOT ?",
            "0 1 1 + - NOT ? ? ?",
            "1 1 1 1 1 1 1 1 1",
            "",
        ];
        let mut x = 7u64;
        for rack in racks {
            let rack: KindCounts = rack.parse().unwrap();
            for _ in 0..2000 {
                // Random counts of at most nine tiles.
                let mut counts = 0u64;
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                for t in 0..(x % 10) {
                    counts += 1 << (5 * ((x >> (4 * t + 8)) % 11));
                }
                let mut short = 0u32;
                for f in 0..11 {
                    let used = ((counts >> (5 * f)) & 31) as u32;
                    short += used.saturating_sub(u32::from(rack.0[f]));
                }
                let blanks = rack.get(Kind::Blank);
                assert_eq!(
                    fits(counts, pack_naturals(&rack.0), blanks),
                    short <= u32::from(blanks),
                    "{rack} {counts:x}"
                );
            }
        }
    }
}
