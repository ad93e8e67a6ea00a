//! Move generation (M-1 to M-4): every legal play of a board and rack, in
//! canonical form and `Ord` order, with its score; counting; the best play.
//!
//! The search follows M-3: for each direction, each line with an anchor
//! and each start square of a run, a depth-first search extends the run
//! square by square. It carries the R-11 automaton state, the rack as
//! counts per kind, the new `=` count, running score sums and the side
//! being read, evaluated incrementally token by token. Empty squares take
//! only faces in their cross-set that the automaton accepts; a side is
//! checked as soon as its `=` is read (it must evaluate, equal the first,
//! and leave the next side enough squares and digits to reach its value),
//! and the run is correct when the automaton accepts and the last side
//! equals the first. Nothing is allocated per search node.
//!
//! Exact refinements on top of M-3:
//!
//! - **Completions are shared.** What follows a run's first `=` depends on
//!   the first side only through its value and the tiles it used, so the
//!   search stops there and joins a list of completions enumerated once
//!   per line and key and sorted by value (see `Dfs::join`); with at most
//!   one blank on the rack one list per position serves every rack left.
//! - **Blanks are chosen last.** A face is put from a natural tile while
//!   the rack has one, else from a blank; no run depends on which tiles are
//!   the blanks, so each run found is reported once for every choice of
//!   them (see `Dfs::emit`), or just counted. With three blanks a run often
//!   stands for ten plays or more. A run that has read no `=` yet is cut
//!   once no `=` can follow.
//! - **Ordered output.** The search meets a line's plays in `Ord` order
//!   (with blanks chosen late, a walk of each start square's runs puts
//!   their choices of blanks in order, see `start_block`); rows come in
//!   order, the columns' start squares are searched in the order of their
//!   first empty squares, and single tiles, listed from the cross-sets,
//!   are merged into the rows. Nothing sorts or moves the plays.
//! - **Branch and bound for the best play** (M-4). The best-play search
//!   visits the lines and start squares with the highest upper bound first
//!   and cuts every node whose bound is below the best score found: future
//!   tiles get the best points the rack's natural tiles can still score
//!   with the line's letter and word premiums and best cross scores, the
//!   value bonus is bounded by the run's reachable length and digits
//!   (exact once the first side is known), and the full-rack bonus counts
//!   only where nine tiles still fit and can all be placed. Ties are cut
//!   only where no play below can come first in `Ord`, so the result,
//!   tie-break included, is the maximum of the full list.
//! - **Two threads for big listings.** With a blank on the rack a listing
//!   may run to millions of plays; the lines are then shared with a second
//!   thread and the plays merged back in order (see `two_threads`).

use crate::action::{Action, Placed, PlacedTiles, Play};
use crate::blank_choices::CHOICES_SLOTS;
use crate::board::Board;
use crate::play_sink::{
    Actions, Best, BestSink, Listed, PlaySink, Public, Report, ScoredPlay, Tally, TopK,
};
use crate::scrabble::{Scrabble, is_numeral};
use crate::square::{Dir, SIZE, SQUARES, Square};
use crate::tile::{Face, FaceSet, Kind, KindCounts};

mod line_view;
mod search;
mod start_block;
mod two_threads;

use line_view::LineView;
use search::{Dfs, Frame, MemoEntry, Mode, Part, faces_on};
use start_block::StartBlock;

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
    /// Completions of runs after their first `=`, per line (see [`Dfs::join`]).
    arena: Vec<Part>,
    /// The completions by value (see [`Dfs::completions`]).
    by_value: Vec<u64>,
    /// Where the completions of each (position, rack left, new `=`) are.
    memo: Vec<MemoEntry>,
    /// Marks the memo entries of the line being searched.
    stamp: u32,
    /// False searches every run straight through (the reference search).
    memo_on: bool,
    /// The legal one-tile plays, in `Ord` order (see [`MoveGen::single_tiles`]).
    singles: Vec<ScoredPlay>,
    /// The runs of one start square with blanks (see [`StartBlock`]).
    block: StartBlock,
    /// Remembered numbers of plays per face counts (see [`choices`]).
    choices: Vec<(u64, usize)>,
    /// At most this many threads per search; 0 lets the machine decide
    /// (see [`MoveGen::set_threads`]).
    threads: usize,
    /// The second thread's generator and both threads' play buffers, kept
    /// between listings (see `two_threads`).
    shared: Option<Box<two_threads::Shared<'g>>>,
}

impl<'g> MoveGen<'g> {
    /// A generator for the rules of `game`.
    #[must_use]
    pub fn new(game: &'g Scrabble) -> MoveGen<'g> {
        MoveGen {
            game,
            cross: vec![NO_CROSS; 2 * SQUARES],
            anchors: [false; SQUARES],
            arena: Vec::new(),
            by_value: Vec::new(),
            memo: Vec::new(),
            stamp: 0,
            memo_on: true,
            singles: Vec::new(),
            block: StartBlock::default(),
            choices: Vec::new(),
            threads: 0,
            shared: None,
        }
    }

    /// Caps the threads one search may use. By default (0) a listing or
    /// a count of every play with a blank on the rack, which may run to
    /// millions of plays, shares its lines with a second thread where the machine has
    /// a second core; 1 keeps every search on the caller's thread (for a
    /// caller that already keeps every core busy).
    /// The plays, their order and their count are the same either way; a thread that
    /// cannot be started leaves the work to the caller's.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
    }

    /// Every legal play of `rack` on `board`, each exactly once, to `sink`.
    ///
    /// The rack may be anyone's (at most 9 tiles are used per play).
    pub fn generate<S: PlaySink>(&mut self, board: &Board, rack: &KindCounts, sink: &mut S) {
        self.run(board, rack, &mut Public(sink));
    }

    /// The legal plays as actions, appended to `out` in ascending `Ord`
    /// (the play part of `legal_actions`, E-5).
    pub fn legal_plays(&mut self, board: &Board, rack: &KindCounts, out: &mut Vec<Action>) {
        self.run(board, rack, &mut Actions(out));
    }

    /// Every legal play with its score, ascending by play (M-1 a).
    #[must_use]
    pub fn plays(&mut self, board: &Board, rack: &KindCounts) -> Vec<ScoredPlay> {
        let mut listed = Listed(Vec::new());
        self.run(board, rack, &mut listed);
        listed.0
    }

    /// How many legal plays there are, without storing them (M-1 c).
    ///
    /// With a blank on the rack the count, like a listing, shares its
    /// lines with a second thread (see [`MoveGen::set_threads`]).
    #[must_use]
    pub fn count(&mut self, board: &Board, rack: &KindCounts) -> usize {
        if rack.get(Kind::Blank) > 0 && self.may_use_two_threads() {
            self.prepare(board);
            self.single_tiles(rack);
            self.choices.clear();
            self.choices.resize(CHOICES_SLOTS, (0, 0));
            if let Some(plays) = self.count_on_two_threads(board, rack) {
                return plays;
            }
        }
        let mut tally = Tally(0);
        self.run(board, rack, &mut tally);
        tally.0
    }

    /// The best play: highest score, ties to the smallest `Ord` (M-1 b).
    #[must_use]
    pub fn best(&mut self, board: &Board, rack: &KindCounts) -> Option<ScoredPlay> {
        let mut best = Best(BestSink(None));
        self.run(board, rack, &mut best);
        best.0.0
    }

    /// The `k` best plays: highest score first, ties in `Ord` order (the
    /// first `k` of the scored list sorted so, M-1 b for each of them).
    /// The best-play search (M-4) with its floor at the `k`-th best play
    /// kept, so a small `k` costs about what the best play does even
    /// where the list runs to millions.
    #[must_use]
    pub fn best_k(&mut self, board: &Board, rack: &KindCounts, k: usize) -> Vec<ScoredPlay> {
        if k == 0 {
            return Vec::new();
        }
        let mut top = TopK::new(k);
        self.run(board, rack, &mut top);
        top.into_plays()
    }

    /// The search of every line (M-3), after the single tiles.
    ///
    /// Without branch and bound the lines go in order, every `Across` line
    /// before every `Down` one, and within a line the search meets the
    /// plays in `Ord` order. The rows are then in `Ord` order too (a row's
    /// squares come before the next row's), so an ordered report only
    /// needs the single tiles merged into the `Across` plays; the columns
    /// interleave (a play's first square decides), so for it the `Down`
    /// start squares of all columns are searched in the order of their
    /// first squares (see [`MoveGen::search_down_in_order`]). With branch
    /// and bound the most promising lines go first.
    fn run<R: Report>(&mut self, board: &Board, rack: &KindCounts, report: &mut R) {
        self.prepare(board);
        self.single_tiles(rack);
        // No counts is a valid key only for no tiles, which no play has.
        self.choices.clear();
        self.choices.resize(CHOICES_SLOTS, (0, 0));
        if R::ORDERED
            && rack.get(Kind::Blank) > 0
            && self.may_use_two_threads()
            && self.list_on_two_threads(board, rack, report)
        {
            return;
        }
        let mut next_single = 0;
        if !R::ORDERED {
            // With branch and bound they also raise the floor early.
            for single in &self.singles {
                if R::BUILDS {
                    report.report(&single.play, single.score);
                } else {
                    report.tally(1);
                }
            }
            next_single = self.singles.len();
        }
        let mut lines: Vec<(i32, Dir, usize)> = Vec::with_capacity(2 * SIZE);
        for dir in [Dir::Across, Dir::Down] {
            for line in 0..SIZE {
                let bound = if R::PRUNES {
                    self.line_view(board, rack, dir, line)
                        .map_or(i32::MIN, |v| v.root_bound(rack))
                } else {
                    0
                };
                lines.push((bound, dir, line));
            }
        }
        if R::PRUNES {
            // M-4: the most promising lines first, so the floor rises early.
            lines.sort_by_key(|&(bound, dir, line)| (std::cmp::Reverse(bound), dir, line));
        }
        for (bound, dir, line) in lines {
            if report.floor().is_some_and(|floor| bound < floor) {
                continue;
            }
            if R::ORDERED && dir == Dir::Down {
                // Every single tile is written `Across` (E-4).
                for single in &self.singles[next_single..] {
                    report.report(&single.play, single.score);
                }
                self.search_down_in_order(board, rack, report);
                return;
            }
            next_single = self.search_line(board, rack, dir, line, report, next_single);
        }
    }

    /// The legal one-tile plays, in `Ord` order (R-24, M-3.4). A single
    /// tile's two runs are the runs its cross-sets were computed for, so
    /// the cross-sets decide it: both runs allowed, one an equation, and
    /// each equation scores as its cross score says. The search of the
    /// lines then only looks for plays of two tiles or more.
    fn single_tiles(&mut self, rack: &KindCounts) {
        self.singles.clear();
        let blanks = rack.get(Kind::Blank) > 0;
        for i in 0..SQUARES {
            // The run down the board, then the run across it.
            let (down, across) = (&self.cross[i], &self.cross[SQUARES + i]);
            let faces = down.allowed & across.allowed & (down.eq | across.eq);
            if faces == 0 {
                continue;
            }
            let square = Square::new(i).unwrap_or(Square::CENTRE);
            for face in Face::ALL {
                if faces & face.bit() == 0 {
                    continue;
                }
                let f = face.index();
                for (blank, on_rack) in [(false, rack.get(face.kind()) > 0), (true, blanks)] {
                    if !on_rack {
                        continue;
                    }
                    let score = if blank {
                        down.blank[f] + across.blank[f]
                    } else {
                        down.natural[f] + across.natural[f]
                    };
                    let mut tiles = PlacedTiles::new();
                    let _ = tiles.push(Placed {
                        square,
                        face,
                        blank,
                    });
                    self.singles.push(ScoredPlay {
                        play: Play {
                            dir: Dir::Across,
                            tiles,
                        },
                        score,
                    });
                }
            }
        }
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
                old += g.tile_points(Board::cell_face(cell), Board::cell_blank(cell));
            }
        }
        // R-26 / T-14: the cross run's old tiles are the runs just before
        // and after q; it extends an expression when one has two tiles.
        let extends = qpos - first >= 2 || last - qpos >= 2;
        if !g.config.score_played_through.counts_old(extends) {
            old = 0;
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

    /// The line as the search sees it, with its score bounds; `None`
    /// when no square of the line is an anchor.
    fn line_view(
        &self,
        board: &Board,
        rack: &KindCounts,
        dir: Dir,
        line: usize,
    ) -> Option<LineView> {
        let g = self.game;
        let d = match dir {
            Dir::Across => 0,
            Dir::Down => 1,
        };
        let mut view = LineView::empty(g, rack);
        let cross = &self.cross[d * SQUARES..(d + 1) * SQUARES];
        if !view.read_squares(g, board, &self.anchors, cross, dir, line) {
            return None;
        }
        view.count_from_the_end();
        view.count_old_tiles(g);
        view.bound_bonuses(g, rack);
        Some(view)
    }

    /// The memo of `lines` lines searched together (see `Dfs::join`): the
    /// radix that numbers a rack left under `rack`, how many slots the
    /// shared completion lists take (one per position, blanks left and new
    /// `=`), and how many slots one line takes (line `i`'s keys begin at
    /// `i` times that). With `use_memo` the table is sized and its stamp
    /// moved on, which forgets the last search's entries. The memo packs
    /// tile counts in 5 bits a kind: racks of at most 9 tiles (larger
    /// racks, which no seat holds, go without it).
    fn prepare_memo(
        &mut self,
        rack: &KindCounts,
        use_memo: bool,
        lines: usize,
    ) -> ([u32; 12], usize, usize) {
        let mut radix = [0u32; 12];
        let mut racks: u32 = 1;
        for (k, &c) in rack.0.iter().enumerate() {
            radix[k] = racks;
            racks = racks.saturating_mul(u32::from(c) + 1);
        }
        let shared_keys = (usize::from(rack.get(Kind::Blank)) + 1) * 2 * SIZE;
        let mut per_line = shared_keys;
        if use_memo {
            // Racks whose lines all share their lists need no slot per
            // rack left.
            let per_rack = if search::shared_max_empty(rack.get(Kind::Blank)) >= SIZE {
                0
            } else {
                racks as usize * 2 * SIZE
            };
            per_line = shared_keys + per_rack;
            let want = per_line * lines;
            if self.memo.len() < want {
                self.memo.resize(want, MemoEntry::default());
            }
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                // Stamps wrapped: forget everything once.
                self.memo.fill(MemoEntry::default());
                self.stamp = 1;
            }
        }
        (radix, shared_keys, per_line)
    }

    /// The `Down` plays of an ordered report, in `Ord` order: the start
    /// squares of every column in the order of their first empty squares
    /// (the first tile's square decides a `Down` play's place, and each
    /// start square has its own), so the plays go straight to the report
    /// instead of being kept apart and copied in order. The columns'
    /// completion lists stay side by side, each column's memo keys apart.
    fn search_down_in_order<R: Report>(&mut self, board: &Board, rack: &KindCounts, sink: &mut R) {
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        let views: Vec<Option<LineView>> = (0..SIZE)
            .map(|line| self.line_view(board, rack, Dir::Down, line))
            .collect();
        let mut order: Vec<(usize, usize, usize)> = Vec::new();
        for (line, view) in views.iter().enumerate() {
            let Some(view) = view else { continue };
            for (_, start) in view.start_squares(total, None) {
                let first = view.empty_pos[usize::from(view.next_empty[start])];
                let square = view
                    .sq
                    .get(usize::from(first))
                    .map_or(SQUARES, |&q| q.into());
                order.push((square, line, start));
            }
        }
        order.sort_unstable();
        let use_memo = self.memo_on && rack.total() <= u32::from(crate::RACK_SIZE);
        let (radix, shared_keys, per_line) = self.prepare_memo(rack, use_memo, SIZE);
        self.arena.clear();
        self.by_value.clear();
        let mode = if use_memo { Mode::Left } else { Mode::Plain };
        let root = Frame::start(total, false);
        for (_, line, start) in order {
            let Some(Some(view)) = views.get(line) else {
                continue;
            };
            let keys = (radix, shared_keys, line * per_line);
            let mut dfs = self.dfs(Dir::Down, view.clone(), rack, &mut *sink, keys, None);
            dfs.start = start;
            dfs.go(mode, start, &root);
            dfs.flush();
        }
    }

    /// The search of one line (`view`, along `dir`) over this generator's
    /// buffers, to `sink`. `keys` are the memo's radix and shared keys
    /// (see [`MoveGen::prepare_memo`]) and where the line's keys begin;
    /// `next_single` is the first single tile to merge into an ordered
    /// report's `Across` plays (`None` merges none).
    fn dfs<'a, R: Report>(
        &'a mut self,
        dir: Dir,
        view: LineView,
        rack: &KindCounts,
        sink: &'a mut R,
        keys: ([u32; 12], usize, usize),
        next_single: Option<usize>,
    ) -> Dfs<'a, R> {
        let d = match dir {
            Dir::Across => 0,
            Dir::Down => 1,
        };
        let MoveGen {
            game,
            cross,
            memo,
            arena,
            by_value,
            stamp,
            singles,
            block,
            choices,
            ..
        } = self;
        Dfs {
            game,
            table: game.checker.table(),
            cross: &cross[d * SQUARES..(d + 1) * SQUARES],
            view,
            dir,
            rack: rack.0,
            on_rack: faces_on(&rack.0),
            sink,
            full_rack_bonus: i32::from(game.config.full_rack_bonus),
            start: 0,
            full_rack: rack.0,
            radix: keys.0,
            shared_keys: keys.1,
            stamp: *stamp,
            memo_base: keys.2,
            memo,
            arena,
            by_value,
            next_single: next_single.unwrap_or(singles.len()),
            singles,
            block,
            choices,
            first_side_squares: SIZE as u32,
        }
    }

    /// Runs the search from every start square of one line.
    ///
    /// An ordered report gets the single tiles from `next_single` on merged
    /// in; the index of the first one still to report is returned.
    fn search_line<R: Report>(
        &mut self,
        board: &Board,
        rack: &KindCounts,
        dir: Dir,
        line: usize,
        sink: &mut R,
        next_single: usize,
    ) -> usize {
        let Some(view) = self.line_view(board, rack, dir, line) else {
            return next_single;
        };
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        let use_memo = self.memo_on && !R::PRUNES && rack.total() <= u32::from(crate::RACK_SIZE);
        let (radix, shared_keys, _) = self.prepare_memo(rack, use_memo, 1);
        self.arena.clear();
        self.by_value.clear();
        let keys = (radix, shared_keys, 0);
        let mut dfs = self.dfs(dir, view, rack, sink, keys, Some(next_single));
        let root = Frame::start(total, false);
        let starts = dfs
            .view
            .start_squares(total, R::PRUNES.then_some((&root, &rack.0)));
        for (bound, start) in starts {
            dfs.start = start;
            if R::PRUNES && dfs.cut(bound, &root.part) {
                continue;
            }
            let mode = if use_memo { Mode::Left } else { Mode::Plain };
            dfs.go(mode, start, &root);
            dfs.flush();
        }
        dfs.next_single
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Game;

    /// The ordered reports need no sort: the search meets the plays in
    /// `Ord` order, with the single tiles merged in, on boards with single
    /// tiles of both directions and with blanks.
    #[test]
    fn plays_come_in_order() {
        let game = Scrabble::new(crate::Config::default()).unwrap();
        let cases = [
            ("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0", "1 0 = x ?"),
            ("", "0 1 = + ? ?"),
            (
                "B3 0, C3 =, D3 0, D4 =, D5 0, D6 +, D7 1, A8 0, B8 x, C8 1, D8 0, E8 +, \
                 F8 1, G8 =, H8 1, D9 x, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, \
                 H11 0, I11 =, J11 1, K11 0, D12 1",
                "0 1 1 = + NOT ? ? ?",
            ),
        ];
        for (list, tiles) in cases {
            let board: Board = list.parse().unwrap();
            let rack: KindCounts = tiles.parse().unwrap();
            let mut mg = MoveGen::new(&game);
            let mut found: Vec<ScoredPlay> = Vec::new();
            mg.generate(&board, &rack, &mut found);
            found.sort_by_key(|p| p.play);
            let listed = mg.plays(&board, &rack);
            assert!(listed.len() > 100, "{list} / {tiles}");
            assert_eq!(listed, found, "{list} / {tiles}");
            let mut actions = Vec::new();
            mg.legal_plays(&board, &rack, &mut actions);
            let expected: Vec<Action> = listed.iter().map(|p| Action::Play(p.play)).collect();
            assert_eq!(actions, expected, "{list} / {tiles}");
        }
    }

    /// The memo changes nothing: the same plays and scores as the plain search.
    #[test]
    fn memo_and_plain_search_agree() {
        let cases = [
            ("", "0 0 1 1 1 = + x ?"),
            ("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0", "1 0 = x ?"),
            (
                "B3 0, C3 =, D3 0, D4 =, D5 0, D6 +, D7 1, A8 0, B8 x, C8 1, D8 0, E8 +, \
                 F8 1, G8 =, H8 1, D9 x, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, \
                 H11 0, I11 =, J11 1, K11 0, D12 1",
                "0 1 1 1 = + / / NOT",
            ),
        ];
        let game = Scrabble::new(crate::Config::default()).unwrap();
        for (list, tiles) in cases {
            let board: Board = list.parse().unwrap();
            let rack: KindCounts = tiles.parse().unwrap();
            let mut memo = MoveGen::new(&game);
            let mut plain = MoveGen::new(&game);
            plain.memo_on = false;
            let a = memo.plays(&board, &rack);
            let b = plain.plays(&board, &rack);
            assert!(!a.is_empty());
            assert_eq!(a, b, "{list} / {tiles}");
        }
    }
}
