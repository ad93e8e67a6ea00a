//! Move generation (M-1 to M-4): every legal play of a board and rack, in
//! canonical form and `Ord` order, with its score; counting; the best play.
//!
//! The search follows M-3: for each direction, each line with an anchor
//! and each start square of a run, a depth-first search extends the run
//! square by square. It carries the R-11 automaton state, the rack as
//! counts per kind, the new `=` count and running score sums. Empty
//! squares take only faces in their cross-set that the automaton accepts;
//! a side is evaluated as soon as its `=` is read, so false sides prune
//! early; the whole run is known correct when the automaton accepts and
//! the last side equals the first. Nothing is allocated per search node.

use crate::action::{Action, MAX_TILES, Placed, PlacedTiles, Play};
use crate::board::Board;
use crate::scrabble::{Scrabble, is_numeral};
use crate::square::{Dir, SIZE, SQUARES, Square};
use crate::syntax::{Syn, SyntaxTable};
use crate::tile::{Face, FaceSet, Kind, KindCounts};

/// A play with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoredPlay {
    /// The play, in canonical form.
    pub play: Play,
    /// What it scores.
    pub score: i32,
}

/// Receives each legal play once, with its score, in no particular order.
pub trait PlaySink {
    /// One legal play.
    fn emit(&mut self, play: &Play, score: i32);
}

/// Counts plays (M-1 c).
#[derive(Clone, Copy, Debug, Default)]
pub struct CountSink(pub usize);

impl PlaySink for CountSink {
    fn emit(&mut self, _play: &Play, _score: i32) {
        self.0 += 1;
    }
}

/// Keeps the best play: highest score, ties to the smallest `Ord` (M-1 b).
#[derive(Clone, Copy, Debug, Default)]
pub struct BestSink(pub Option<ScoredPlay>);

impl PlaySink for BestSink {
    fn emit(&mut self, play: &Play, score: i32) {
        let better = match &self.0 {
            None => true,
            Some(b) => score > b.score || (score == b.score && *play < b.play),
        };
        if better {
            self.0 = Some(ScoredPlay { play: *play, score });
        }
    }
}

impl PlaySink for Vec<ScoredPlay> {
    fn emit(&mut self, play: &Play, score: i32) {
        self.push(ScoredPlay { play: *play, score });
    }
}

impl PlaySink for Vec<Action> {
    fn emit(&mut self, play: &Play, _score: i32) {
        self.push(Action::Play(*play));
    }
}

/// What a face on an empty square does to the run across the play (M-2).
#[derive(Clone, Copy, Debug)]
struct CrossInfo {
    /// Faces allowed here (the cross-set X_d(q)).
    allowed: u16,
    /// Faces whose cross run is a correct equation (and scores).
    eq: u16,
    /// The cross run's score with a natural tile of each face.
    natural: [i32; 11],
    /// The cross run's score with a blank showing each face.
    blank: [i32; 11],
}

const NO_CROSS: CrossInfo = CrossInfo {
    allowed: 0,
    eq: 0,
    natural: [0; 11],
    blank: [0; 11],
};

/// A reusable move generator: its buffers (the cross-sets of both
/// directions) are allocated once, so repeated generation allocates
/// nothing but the output.
#[derive(Clone, Debug)]
pub struct MoveGen<'g> {
    game: &'g Scrabble,
    /// `cross[d * 225 + sq]` for direction `d` (0 Across, 1 Down).
    cross: Vec<CrossInfo>,
    anchors: [bool; SQUARES],
}

impl<'g> MoveGen<'g> {
    /// A generator for the rules of `game`.
    #[must_use]
    pub fn new(game: &'g Scrabble) -> MoveGen<'g> {
        MoveGen {
            game,
            cross: vec![NO_CROSS; 2 * SQUARES],
            anchors: [false; SQUARES],
        }
    }

    /// Every legal play of `rack` on `board`, each exactly once, to `sink`.
    ///
    /// The rack may be anyone's (at most 9 tiles are used per play).
    pub fn generate<S: PlaySink>(&mut self, board: &Board, rack: &KindCounts, sink: &mut S) {
        self.prepare(board);
        for dir in [Dir::Across, Dir::Down] {
            for line in 0..SIZE {
                self.search_line(board, rack, dir, line, sink);
            }
        }
    }

    /// The legal plays as actions, appended to `out` in ascending `Ord`
    /// (the play part of `legal_actions`, E-5).
    pub fn legal_plays(&mut self, board: &Board, rack: &KindCounts, out: &mut Vec<Action>) {
        let start = out.len();
        self.generate(board, rack, out);
        out[start..].sort_unstable();
    }

    /// Every legal play with its score, ascending by play (M-1 a).
    #[must_use]
    pub fn plays(&mut self, board: &Board, rack: &KindCounts) -> Vec<ScoredPlay> {
        let mut out: Vec<ScoredPlay> = Vec::new();
        self.generate(board, rack, &mut out);
        out.sort_unstable_by_key(|p| p.play);
        out
    }

    /// How many legal plays there are, without storing them (M-1 c).
    #[must_use]
    pub fn count(&mut self, board: &Board, rack: &KindCounts) -> usize {
        let mut sink = CountSink(0);
        self.generate(board, rack, &mut sink);
        sink.0
    }

    /// The best play: highest score, ties to the smallest `Ord` (M-1 b).
    #[must_use]
    pub fn best(&mut self, board: &Board, rack: &KindCounts) -> Option<ScoredPlay> {
        let mut sink = BestSink(None);
        self.generate(board, rack, &mut sink);
        sink.0
    }

    /// Computes the anchors and cross-sets of `board` (M-2), as
    /// [`MoveGen::generate`] does first; read them with
    /// [`MoveGen::cross_set`] and [`MoveGen::is_anchor`].
    pub fn cross_sets(&mut self, board: &Board) {
        self.prepare(board);
    }

    /// The cross-set X_d(q) of the board last prepared: the faces that may
    /// stand on the empty square `sq` for a play along `dir` (empty for an
    /// occupied square).
    #[must_use]
    pub fn cross_set(&self, dir: Dir, sq: Square) -> FaceSet {
        let d = match dir {
            Dir::Across => 0,
            Dir::Down => 1,
        };
        FaceSet(self.cross[d * SQUARES + sq.index()].allowed)
    }

    /// True when `sq` was an anchor of the board last prepared (M-2).
    #[must_use]
    pub fn is_anchor(&self, sq: Square) -> bool {
        self.anchors[sq.index()]
    }

    /// Anchors and cross-sets of both directions (M-2).
    fn prepare(&mut self, board: &Board) {
        let empty = board.is_empty();
        for i in 0..SQUARES {
            let sq = Square::new(i).unwrap_or(Square::CENTRE);
            self.anchors[i] = if empty {
                // on the empty board only H8.
                sq == Square::CENTRE
            } else {
                board.cell(i) == 0 && board.has_neighbour(sq)
            };
        }
        for (d, dir) in [Dir::Across, Dir::Down].into_iter().enumerate() {
            for i in 0..SQUARES {
                self.cross[d * SQUARES + i] = if board.cell(i) == 0 {
                    self.cross_info(board, Square::new(i).unwrap_or(Square::CENTRE), dir)
                } else {
                    NO_CROSS
                };
            }
        }
    }

    /// X_d(q) with the cross run's equation flags and scores (M-2).
    fn cross_info(&self, board: &Board, q: Square, dir: Dir) -> CrossInfo {
        let g = self.game;
        let perp = dir.cross();
        let (first, last) = board.run_bounds(q, perp);
        if first == last {
            // No perpendicular neighbour: every face in play.
            return CrossInfo {
                allowed: g.faces,
                ..NO_CROSS
            };
        }
        let (line, qpos) = perp.line_pos(q);
        let mut buf = [Face::Zero; SIZE];
        let mut old = 0;
        for pos in first..=last {
            if pos != qpos {
                let cell = board.cell(perp.square(line, pos));
                buf[pos - first] = Board::cell_face(cell);
                if g.config.score_played_through {
                    old += g.tile_points(Board::cell_face(cell), Board::cell_blank(cell));
                }
            }
        }
        let n = last + 1 - first;
        let premium = g.layout.at(q.index());
        let (lm, wm) = (premium.letter(), premium.word());
        let mut info = NO_CROSS;
        for face in Face::ALL {
            if g.faces & face.bit() == 0 {
                continue;
            }
            buf[qpos - first] = face;
            let tokens = &buf[..n];
            match g.checker.value(tokens) {
                Ok(v) => {
                    info.allowed |= face.bit();
                    info.eq |= face.bit();
                    let b = g.bonus(v);
                    info.natural[face.index()] = (g.tile_points(face, false) * lm + old + b) * wm;
                    info.blank[face.index()] = (old + b) * wm;
                }
                Err(_) => {
                    // R-23 / T-6: a numeral cross run is allowed, unscored.
                    if g.config.number_cross_runs && is_numeral(tokens) {
                        info.allowed |= face.bit();
                    }
                }
            }
        }
        info
    }

    /// Runs the search from every start square of one line.
    fn search_line<S: PlaySink>(
        &self,
        board: &Board,
        rack: &KindCounts,
        dir: Dir,
        line: usize,
        sink: &mut S,
    ) {
        let mut view = LineView {
            cells: [0; SIZE],
            sq: [0; SIZE],
            anchor: [false; SIZE],
            reach: [u8::MAX; SIZE + 1],
            lm: [1; SIZE],
            wm: [1; SIZE],
        };
        let mut any_anchor = false;
        for pos in 0..SIZE {
            let i = dir.square(line, pos);
            view.cells[pos] = board.cell(i);
            view.sq[pos] = i as u8;
            view.anchor[pos] = self.anchors[i];
            any_anchor |= self.anchors[i];
            let p = self.game.layout.at(i);
            view.lm[pos] = p.letter();
            view.wm[pos] = p.word();
        }
        if !any_anchor {
            return;
        }
        for pos in (0..SIZE).rev() {
            view.reach[pos] = if view.cells[pos] != 0 {
                view.reach[pos + 1]
            } else if view.anchor[pos] {
                1
            } else {
                view.reach[pos + 1].saturating_add(1)
            };
        }
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        let d = match dir {
            Dir::Across => 0,
            Dir::Down => 1,
        };
        let mut dfs = Dfs {
            game: self.game,
            table: self.game.checker.table(),
            cross: &self.cross[d * SQUARES..(d + 1) * SQUARES],
            view,
            dir,
            tokens: [Face::Zero; SIZE],
            placed: [Placed {
                square: Square::CENTRE,
                face: Face::Zero,
                blank: false,
            }; MAX_TILES],
            rack: rack.0,
            sink,
            full_rack_bonus: i32::from(self.game.config.full_rack_bonus),
        };
        for start in 0..SIZE {
            if start > 0 && dfs.view.cells[start - 1] != 0 {
                continue;
            }
            // M-3 refinement: an anchor must be reachable with the rack.
            if dfs.view.reach[start] > total {
                continue;
            }
            let frame = Frame {
                syn: Syn::Side,
                seen_eq: false,
                new_eq: false,
                anchored: false,
                ntok: 0,
                nplaced: 0,
                rack_left: total,
                side_start: 0,
                first: None,
                tiles: 0,
                old: 0,
                wm: 1,
                cross: 0,
            };
            dfs.go(start, frame);
        }
    }
}

/// One line of the board as the search sees it.
struct LineView {
    cells: [u8; SIZE],
    sq: [u8; SIZE],
    anchor: [bool; SIZE],
    /// Empty squares from a position up to the first anchor at or after it.
    reach: [u8; SIZE + 1],
    lm: [i32; SIZE],
    wm: [i32; SIZE],
}

/// The scalar part of a search node, copied down the recursion.
#[derive(Clone, Copy, Debug)]
struct Frame {
    syn: Syn,
    seen_eq: bool,
    new_eq: bool,
    anchored: bool,
    ntok: usize,
    nplaced: usize,
    rack_left: u8,
    side_start: usize,
    first: Option<u64>,
    /// Σ new tile points × LM on the main run.
    tiles: i32,
    /// Σ old tile points on the main run (T-14 only).
    old: i32,
    /// Π WM of the new tiles.
    wm: i32,
    /// Σ cross-run scores of the new tiles.
    cross: i32,
}

/// The depth-first search over one line and direction (M-3).
struct Dfs<'a, S> {
    game: &'a Scrabble,
    table: &'a SyntaxTable,
    cross: &'a [CrossInfo],
    view: LineView,
    dir: Dir,
    tokens: [Face; SIZE],
    placed: [Placed; MAX_TILES],
    rack: [u8; 12],
    sink: &'a mut S,
    full_rack_bonus: i32,
}

impl<S: PlaySink> Dfs<'_, S> {
    fn go(&mut self, mut pos: usize, mut f: Frame) {
        // Existing tiles join the run; feed them to the automaton.
        while pos < SIZE && self.view.cells[pos] != 0 {
            let cell = self.view.cells[pos];
            let face = Board::cell_face(cell);
            match self.table.step(f.syn, face) {
                Ok(next) => f.syn = next,
                Err(_) => return,
            }
            self.tokens[f.ntok] = face;
            f.ntok += 1;
            if self.game.config.score_played_through {
                f.old += self.game.tile_points(face, Board::cell_blank(cell));
            }
            if face == Face::Equals && !self.close_side(&mut f, pos) {
                return;
            }
            pos += 1;
        }
        // The run may end here.
        if f.nplaced > 0 && f.anchored && f.seen_eq && f.syn.accepting() {
            self.report(&f);
        }
        if pos == SIZE || f.rack_left == 0 {
            return;
        }
        if !f.anchored && self.view.reach[pos] > f.rack_left {
            return;
        }
        let info = self.cross[usize::from(self.view.sq[pos])];
        let mut allowed = info.allowed & self.table.ok_mask(f.syn);
        if f.new_eq {
            // one new '=' per play.
            allowed &= !Face::Equals.bit();
        }
        while allowed != 0 {
            let k = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let Some(face) = Face::from_index(k) else {
                continue;
            };
            if self.rack[k] > 0 {
                self.place(pos, f, face, false, &info);
            }
            if self.rack[Kind::Blank.index()] > 0 {
                self.place(pos, f, face, true, &info);
            }
        }
    }

    fn place(&mut self, pos: usize, f: Frame, face: Face, blank: bool, info: &CrossInfo) {
        let mut g = f;
        let Ok(next) = self.table.step(f.syn, face) else {
            return;
        };
        g.syn = next;
        self.tokens[g.ntok] = face;
        g.ntok += 1;
        let square = Square::new(usize::from(self.view.sq[pos])).unwrap_or(Square::CENTRE);
        self.placed[g.nplaced] = Placed {
            square,
            face,
            blank,
        };
        g.nplaced += 1;
        g.rack_left -= 1;
        g.tiles += self.game.tile_points(face, blank) * self.view.lm[pos];
        g.wm *= self.view.wm[pos];
        g.cross += if blank {
            info.blank[face.index()]
        } else {
            info.natural[face.index()]
        };
        g.anchored |= self.view.anchor[pos];
        if face == Face::Equals {
            g.new_eq = true;
            if !self.close_side(&mut g, pos) {
                return;
            }
        }
        let kind = if blank {
            Kind::Blank.index()
        } else {
            face.index()
        };
        self.rack[kind] -= 1;
        self.go(pos + 1, g);
        self.rack[kind] += 1;
    }

    /// An `=` at `pos` ends a side: evaluate it and compare (M-3 refinement).
    fn close_side(&self, f: &mut Frame, pos: usize) -> bool {
        f.seen_eq = true;
        let side = &self.tokens[f.side_start..f.ntok - 1];
        let Ok(v) = self.game.checker.side_value(side, 0, 0) else {
            return false;
        };
        match f.first {
            Some(first) if first != v => return false,
            Some(_) => {}
            None => f.first = Some(v),
        }
        // A side of k squares is below 2^k: the next side has 14 - pos squares.
        let room = SIZE - 1 - pos;
        if v >> room != 0 {
            return false;
        }
        f.side_start = f.ntok;
        true
    }

    /// The run ends: evaluate the last side and emit the play.
    fn report(&mut self, f: &Frame) {
        let side = &self.tokens[f.side_start..f.ntok];
        let Ok(v) = self.game.checker.side_value(side, 0, 0) else {
            return;
        };
        if f.first != Some(v) {
            return;
        }
        let placed = &self.placed[..f.nplaced];
        let dir = if f.nplaced == 1 {
            // M-3.4: the Across pass already found a single tile whose
            // across run is an equation.
            if self.dir == Dir::Down {
                let q = placed[0];
                if self.cross[q.square.index()].eq & q.face.bit() != 0 {
                    return;
                }
            }
            Dir::Across
        } else {
            self.dir
        };
        let mut score = (f.tiles + f.old + self.game.bonus(v)) * f.wm + f.cross;
        if f.nplaced == MAX_TILES {
            score += self.full_rack_bonus;
        }
        let Some(tiles) = PlacedTiles::from_slice(placed) else {
            return;
        };
        self.sink.emit(&Play { dir, tiles }, score);
    }
}
