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
//!   per line and key and sorted by value (see `Dfs::join`).
//! - **Blanks are chosen last.** A face is put from a natural tile while
//!   the rack has one, else from a blank; no run depends on which tiles are
//!   the blanks, so each run found is reported once for every choice of
//!   them (see `Dfs::emit`), or just counted. With three blanks a run often
//!   stands for ten plays or more. A run that has read no `=` yet is cut
//!   once no `=` can follow.
//! - **Ordered output.** The search meets a line's plays in `Ord` order
//!   (sorted per start square when blanks were chosen late); rows come in
//!   order, columns are merged by first square and single tiles, listed
//!   from the cross-sets, are merged into the rows. Nothing sorts the whole
//!   list.
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

use std::cmp::Ordering;

use crate::action::{Action, MAX_TILES, Placed, PlacedTiles, Play};
use crate::blank_choices::{CHOICES_SLOTS, choices};
use crate::board::Board;
use crate::config::ScorePlayedThrough;
use crate::eval::SideEval;
use crate::play_sink::{
    Actions, Best, BestSink, Listed, PlaySink, Public, Report, ScoredPlay, Tally,
};
use crate::scrabble::{Scrabble, is_numeral};
use crate::square::{Dir, SIZE, SQUARES, Square};
use crate::syntax::{Syn, SyntaxTable};
use crate::tile::{Face, FaceSet, Kind, KindCounts};

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
    by_value: Vec<(i32, u32)>,
    /// Where the completions of each (position, rack left, new `=`) are.
    memo: Vec<MemoEntry>,
    /// Marks the memo entries of the line being searched.
    stamp: u32,
    /// False searches every run straight through (the reference search).
    memo_on: bool,
    /// The legal one-tile plays, in `Ord` order (see [`MoveGen::single_tiles`]).
    singles: Vec<ScoredPlay>,
    /// The plays of one start square being sorted (see [`Dfs::flush`]).
    block: Vec<u64>,
    /// Remembered numbers of plays per face counts (see [`choices`]).
    choices: Vec<(u64, usize)>,
    /// Where an ordered report's `Down` plays of each start square begin
    /// (see [`Report::order_down`]).
    down_blocks: Vec<(usize, usize)>,
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
            block: Vec::new(),
            choices: Vec::new(),
            down_blocks: Vec::new(),
        }
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
    #[must_use]
    pub fn count(&mut self, board: &Board, rack: &KindCounts) -> usize {
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

    /// The search of every line (M-3), after the single tiles.
    ///
    /// Without branch and bound the lines go in order, every `Across` line
    /// before every `Down` one, and within a line the search meets the
    /// plays in `Ord` order. The rows are then in `Ord` order too (a row's
    /// squares come before the next row's), so an ordered report only
    /// needs the single tiles merged into the `Across` plays; the columns
    /// interleave (a play's first square decides), so its `Down` plays are
    /// merged by first square, a stable sort of sorted runs. With branch
    /// and bound the most promising lines go first.
    fn run<R: Report>(&mut self, board: &Board, rack: &KindCounts, report: &mut R) {
        self.prepare(board);
        self.single_tiles(rack);
        self.down_blocks.clear();
        // No counts is a valid key only for no tiles, which no play has.
        self.choices.clear();
        self.choices.resize(CHOICES_SLOTS, (0, 0));
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
        let mut down_from = None;
        for (bound, dir, line) in lines {
            if report.floor().is_some_and(|floor| bound < floor) {
                continue;
            }
            if R::ORDERED && dir == Dir::Down && down_from.is_none() {
                // Every single tile is written `Across` (E-4).
                for single in &self.singles[next_single..] {
                    report.report(&single.play, single.score);
                }
                next_single = self.singles.len();
                down_from = Some(report.len());
            }
            next_single = self.search_line(board, rack, dir, line, report, next_single);
        }
        if let Some(from) = down_from {
            let blocks = std::mem::take(&mut self.down_blocks);
            report.order_down(from, &blocks);
            self.down_blocks = blocks;
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
        let mut view = LineView {
            cells: [0; SIZE],
            sq: [0; SIZE],
            anchor: [false; SIZE],
            reach: [u8::MAX; SIZE + 1],
            lm: [1; SIZE],
            wm: [1; SIZE],
            next_empty: [0; SIZE + 1],
            tl_cum: [0; SIZE + 1],
            dl_cum: [0; SIZE + 1],
            dw_cum: [0; SIZE + 1],
            tw_cum: [0; SIZE + 1],
            cross_cum: [0; SIZE + 1],
            old_cum: [0; SIZE + 1],
            pair_cum: [0; SIZE + 1],
            run_end: [SIZE as u8; SIZE + 1],
            played_through: g.config.score_played_through,
            digits_after: [0; SIZE + 1],
            equals_after: [0; SIZE + 1],
            ops_after: [0; SIZE + 1],
            empty_pos: [SIZE as u8; SIZE + 1],
            bonus_digits: [0; 9],
            max_points: 0,
            naturals: rack.total() as usize - usize::from(rack.get(Kind::Blank)),
            blanks: usize::from(rack.get(Kind::Blank)),
            full_rack_bonus: i32::from(g.config.full_rack_bonus),
            bonus_len: [0; SIZE + 1],
        };
        let d = match dir {
            Dir::Across => 0,
            Dir::Down => 1,
        };
        let mut any_anchor = false;
        let mut empties = 0usize;
        for pos in 0..SIZE {
            let i = dir.square(line, pos);
            view.cells[pos] = board.cell(i);
            view.sq[pos] = i as u8;
            view.anchor[pos] = self.anchors[i];
            any_anchor |= self.anchors[i];
            let p = g.layout.at(i);
            view.lm[pos] = p.letter();
            view.wm[pos] = p.word();
            view.next_empty[pos] = empties as u8;
            if view.cells[pos] == 0 {
                view.empty_pos[empties] = pos as u8;
                let info = &self.cross[d * SQUARES + i];
                let best_cross = info
                    .natural
                    .iter()
                    .chain(&info.blank)
                    .copied()
                    .max()
                    .unwrap_or(0);
                view.tl_cum[empties + 1] = view.tl_cum[empties] + u8::from(p.letter() == 3);
                view.dl_cum[empties + 1] = view.dl_cum[empties] + u8::from(p.letter() == 2);
                view.dw_cum[empties + 1] = view.dw_cum[empties] + u8::from(p.word() == 2);
                view.tw_cum[empties + 1] = view.tw_cum[empties] + u8::from(p.word() == 3);
                view.cross_cum[empties + 1] = view.cross_cum[empties] + best_cross.max(0);
                empties += 1;
            }
        }
        view.next_empty[SIZE] = empties as u8;
        if !any_anchor {
            return None;
        }
        for pos in (0..SIZE).rev() {
            let cell = view.cells[pos];
            view.reach[pos] = if cell != 0 {
                view.reach[pos + 1]
            } else if view.anchor[pos] {
                1
            } else {
                view.reach[pos + 1].saturating_add(1)
            };
            view.digits_after[pos] = view.digits_after[pos + 1]
                + u8::from(cell != 0 && Board::cell_face(cell).is_digit());
            let face = (cell != 0).then(|| Board::cell_face(cell));
            view.equals_after[pos] =
                view.equals_after[pos + 1] + u8::from(face == Some(Face::Equals));
            view.ops_after[pos] = view.ops_after[pos + 1]
                + u8::from(face.is_some_and(|f| f == Face::Equals || f.is_binop()));
            view.run_end[pos] = if cell == 0 {
                pos as u8
            } else {
                view.run_end[pos + 1]
            };
        }
        for pos in 0..SIZE {
            let cell = view.cells[pos];
            view.old_cum[pos + 1] = view.old_cum[pos]
                + if cell != 0 {
                    g.tile_points(Board::cell_face(cell), Board::cell_blank(cell))
                } else {
                    0
                };
            let pair = pos > 0 && cell != 0 && view.cells[pos - 1] != 0;
            view.pair_cum[pos + 1] = view.pair_cum[pos] + u8::from(pair);
        }
        view.max_points = Kind::ALL
            .iter()
            .filter(|k| rack.get(**k) > 0)
            .map(|k| g.points(*k))
            .max()
            .unwrap_or(0);
        for (k, b) in view.bonus_digits.iter_mut().enumerate() {
            *b = g.bonus((1u64 << k) - 1);
        }
        for (len, b) in view.bonus_len.iter_mut().enumerate().skip(1) {
            // M-4: a correct equation of L squares has v < 2^floor((L-1)/2).
            *b = g.bonus((1u64 << ((len - 1) / 2)) - 1);
        }
        Some(view)
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
        let d = match dir {
            Dir::Across => 0,
            Dir::Down => 1,
        };
        // The memo packs tile counts in 5 bits a kind: racks of at most 9
        // tiles (larger racks, which no seat holds, go without it). A rack
        // left is numbered in mixed radix under the whole rack.
        let mut radix = [0u32; 12];
        let mut racks: u32 = 1;
        for (k, &c) in rack.0.iter().enumerate() {
            radix[k] = racks;
            racks = racks.saturating_mul(u32::from(c) + 1);
        }
        let use_memo = self.memo_on && !R::PRUNES && rack.total() <= u32::from(crate::RACK_SIZE);
        // Shared lists: one per position, blanks left and new `=` (see `Dfs::join`).
        let shared_keys = (usize::from(rack.get(Kind::Blank)) + 1) * 2 * SIZE;
        if use_memo {
            let want = shared_keys + racks as usize * 2 * SIZE;
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
        self.arena.clear();
        self.by_value.clear();
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
            down_blocks,
            ..
        } = self;
        let mut dfs = Dfs {
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
            radix,
            shared_keys,
            stamp: *stamp,
            memo,
            arena,
            by_value,
            singles,
            next_single,
            block,
            choices,
        };
        let root = Frame::start(total, false);
        // Start squares: after an empty square or the board's edge, with
        // an anchor in reach of the rack (M-3 refinement).
        let mut starts: Vec<(i32, usize)> = (0..SIZE)
            .filter(|&s| (s == 0 || dfs.view.cells[s - 1] == 0) && dfs.view.reach[s] <= total)
            .map(|s| {
                let bound = if R::PRUNES {
                    dfs.view.bound(s, s, &root, &rack.0)
                } else {
                    0
                };
                (bound, s)
            })
            .collect();
        if R::PRUNES {
            // M-4: the most promising starts first.
            starts.sort_by_key(|&(bound, s)| (std::cmp::Reverse(bound), s));
        }
        for (bound, start) in starts {
            dfs.start = start;
            if R::PRUNES && dfs.cut(bound, &root.part) {
                continue;
            }
            let mode = if use_memo { Mode::Left } else { Mode::Plain };
            if R::ORDERED && dir == Dir::Down {
                let first = dfs.view.empty_pos[usize::from(dfs.view.next_empty[start])];
                let square = dfs
                    .view
                    .sq
                    .get(usize::from(first))
                    .map_or(SQUARES, |&q| q.into());
                down_blocks.push((square, dfs.sink.len()));
            }
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

/// Bits of a play's score below its sort key in a block being sorted (see
/// `Dfs::flush`). A key takes 45 bits; a score is far below 2^19: at most
/// nine tiles of ten points on triple letters, fifteen old tiles of ten
/// points and a bonus of 64, times 27, plus nine cross scores and a
/// full-rack bonus of at most 1000, is about 21 000.
const SCORE_BITS: u32 = 19;

/// 2^k and 3^k for the word premiums a play can cover (at most nine).
const POW2: [i32; MAX_TILES + 1] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const POW3: [i32; MAX_TILES + 1] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// One line of the board as the search sees it.
struct LineView {
    cells: [u8; SIZE],
    sq: [u8; SIZE],
    anchor: [bool; SIZE],
    /// Empty squares from a position up to the first anchor at or after it.
    reach: [u8; SIZE + 1],
    lm: [i32; SIZE],
    wm: [i32; SIZE],
    /// For M-4's bound: the number of empty squares before each position,
    /// and over the empty squares in order, running sums of letter
    /// multipliers, double and triple words, and best cross scores.
    next_empty: [u8; SIZE + 1],
    tl_cum: [u8; SIZE + 1],
    dl_cum: [u8; SIZE + 1],
    dw_cum: [u8; SIZE + 1],
    tw_cum: [u8; SIZE + 1],
    cross_cum: [i32; SIZE + 1],
    /// Points of the old tiles before a position.
    old_cum: [i32; SIZE + 1],
    /// Old tiles before a position whose preceding square is old too (each
    /// ends a pair of consecutive old tiles, R-26's ext(E)).
    pair_cum: [u8; SIZE + 1],
    /// The first empty square at or after a position, or `SIZE`.
    run_end: [u8; SIZE + 1],
    /// T-14.
    played_through: ScorePlayedThrough,
    /// Old digit tiles from a position on.
    digits_after: [u8; SIZE + 1],
    /// Old `=` tiles from a position on.
    equals_after: [u8; SIZE + 1],
    /// Old operators (binary operators and `=`) from a position on.
    ops_after: [u8; SIZE + 1],
    /// The position of each empty square in order, then `SIZE`.
    empty_pos: [u8; SIZE + 1],
    /// The value bonus B(2^k - 1) for k = 0..=8 (the largest value with
    /// k digits on the smaller side).
    bonus_digits: [i32; 9],
    /// The most points of a tile on the rack.
    max_points: i32,
    /// The rack's natural tiles and blanks.
    naturals: usize,
    blanks: usize,
    full_rack_bonus: i32,
    /// The largest value bonus of a run of each length.
    bonus_len: [i32; SIZE + 1],
}

impl LineView {
    /// An upper bound of the score of any play of this line that starts at
    /// `start`, is at node `f` and continues at `pos`, with `rack` the
    /// tiles left (M-4). Admissible: every future tile gets the best
    /// points, letter and word premiums and cross score available; the
    /// value bonus is exact once the first side is known, else bounded by
    /// the run's length and by its digits (a side with k digits is below
    /// 2^k, and the smaller of two sides has at most half); the full-rack
    /// bonus needs nine tiles to fit and the whole rack to be playable in
    /// one run, which two `=` tiles never are.
    fn bound(&self, start: usize, pos: usize, f: &Frame, rack: &[u8; 12]) -> i32 {
        let equals = rack[Kind::Equals.index()] + u8::from(f.new_eq);
        let part = &f.part;
        let first = usize::from(self.next_empty[pos]);
        let empties = usize::from(self.next_empty[SIZE]) - first;
        let more = empties
            .min(usize::from(f.rack_left))
            .min(MAX_TILES - usize::from(part.n).min(MAX_TILES));
        let last = first + more;
        // The tiles that score on the best letter squares: blanks do not,
        // and which tiles are the blanks is chosen once a play is whole,
        // so only the natural tiles the tiles so far need are spent.
        let spent = usize::from(part.n).saturating_sub(self.blanks);
        let scoring = more.min(self.naturals.saturating_sub(spent));
        let tl = usize::from(self.tl_cum[last] - self.tl_cum[first]).min(scoring);
        let dl = usize::from(self.dl_cum[last] - self.dl_cum[first]).min(scoring - tl);
        let tiles = self.max_points * (3 * tl + 2 * dl + (scoring - tl - dl)) as i32;
        // The run ends before the first empty square past the tiles left.
        let end = usize::from(self.empty_pos[last]);
        let dw = u32::from(self.dw_cum[last] - self.dw_cum[first]);
        let tw = u32::from(self.tw_cum[last] - self.tw_cum[first]);
        let wm = part.wm * POW2[dw as usize] * POW3[tw as usize];
        let bonus = match f.first {
            Some(v) if f.seen_eq => self.bonus_digits_exact(v),
            Some(_) | None => {
                let rack_digits =
                    rack[Kind::Zero.index()] + rack[Kind::One.index()] + rack[Kind::Blank.index()];
                let digits = usize::from(part.digits)
                    + usize::from(rack_digits).min(more)
                    + usize::from(self.digits_after[start] - self.digits_after[end]);
                // No `=` read yet: the digits read so far are the first
                // side's, and the other sides have at most the rest.
                let first_side =
                    usize::from(part.digits + self.digits_after[start] - self.digits_after[pos]);
                let k = (digits / 2)
                    .min(digits - first_side)
                    .min(self.bonus_digits.len() - 1);
                self.bonus_len[end - start].min(self.bonus_digits[k])
            }
        };
        // Old tiles: those the run can reach, unless T-14 never counts them
        // or the run already holds two consecutive old tiles (ext, R-26).
        let old = if self.played_through.counts_old(self.pairs(start, pos) > 0) {
            self.old_cum[end] - self.old_cum[start]
        } else {
            0
        };
        let sum = part.tiles + tiles + old + bonus;
        let full = if usize::from(part.n) + more >= MAX_TILES
            && equals <= 1
            && self.full_rack_possible(pos, f, rack)
        {
            self.full_rack_bonus
        } else {
            0
        };
        sum * wm + part.cross + (self.cross_cum[last] - self.cross_cum[first]) + full
    }

    /// False when the tiles left cannot all be placed from node `f` at
    /// `pos`, so no play of nine tiles follows. Placing them all
    /// fills the next empty squares, so the old tiles the run will hold
    /// are known; every operator in what is left needs an operand after it,
    /// and every operand a digit, so the digits must outnumber the
    /// operators. Only for racks of at most nine tiles, where nine placed
    /// tiles are the whole rack.
    fn full_rack_possible(&self, pos: usize, f: &Frame, rack: &[u8; 12]) -> bool {
        let left = usize::from(f.rack_left);
        if usize::from(f.part.n) + left != MAX_TILES {
            return usize::from(f.part.n) + left > MAX_TILES;
        }
        let first = usize::from(self.next_empty[pos]);
        if first + left > usize::from(self.next_empty[SIZE]) {
            return false;
        }
        let end = usize::from(self.empty_pos[first + left]);
        let old_digits = self.digits_after[pos] - self.digits_after[end];
        let old_ops = self.ops_after[pos] - self.ops_after[end];
        let old_equals = self.equals_after[pos] - self.equals_after[end];
        let mut digits = rack[Kind::Zero.index()] + rack[Kind::One.index()] + old_digits;
        let mut ops = old_ops;
        for kind in Kind::ALL {
            if kind
                .face()
                .is_some_and(|face| face == Face::Equals || face.is_binop())
            {
                ops += rack[kind.index()];
            }
        }
        let mut blanks = rack[Kind::Blank.index()];
        if !f.seen_eq && old_equals == 0 && rack[Kind::Equals.index()] == 0 {
            // R-11 g: a blank must show the run's `=`.
            let Some(rest) = blanks.checked_sub(1) else {
                return false;
            };
            blanks = rest;
            ops += 1;
        }
        digits += blanks;
        let needs_operand = matches!(f.syn, Syn::Side | Syn::Op | Syn::Not);
        digits >= ops + u8::from(needs_operand)
    }

    /// Pairs of consecutive old tiles inside positions `start..end`.
    fn pairs(&self, start: usize, end: usize) -> u8 {
        if end <= start + 1 {
            return 0;
        }
        self.pair_cum[end] - self.pair_cum[start + 1]
    }

    /// The old tiles' points a run `start..end` adds under T-14.
    fn old_points(&self, start: usize, end: usize) -> i32 {
        if self.played_through.counts_old(self.pairs(start, end) > 0) {
            self.old_cum[end] - self.old_cum[start]
        } else {
            0
        }
    }

    /// B(v) for a known value: at most the bonus of the next power of two
    /// minus one (bonuses grow with v).
    fn bonus_digits_exact(&self, v: i32) -> i32 {
        let k = (32 - v.max(0).leading_zeros()) as usize;
        self.bonus_digits[k.min(self.bonus_digits.len() - 1)]
    }

    /// The best bound over the start squares of the line for a fresh rack.
    fn root_bound(&self, rack: &KindCounts) -> i32 {
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        (0..SIZE)
            .filter(|&s| (s == 0 || self.cells[s - 1] == 0) && self.reach[s] <= total)
            .map(|s| self.bound(s, s, &Frame::start(total, false), &rack.0))
            .max()
            .unwrap_or(i32::MIN)
    }
}

/// The new tiles of one part of a run, with their score sums.
#[derive(Clone, Copy, Debug)]
struct Part {
    /// Face index of each new tile, 4 bits each, in order.
    faces: u64,
    /// How many new tiles.
    n: u8,
    /// How many of them show a digit.
    digits: u8,
    /// True when one of them shows `=`.
    equals: bool,
    /// True when one of them is on an anchor.
    anchored: bool,
    /// Σ new tile points × LM, all of them natural tiles.
    tiles: i32,
    /// Π WM of the new tiles.
    wm: i32,
    /// Σ cross-run scores of the new tiles, all of them natural tiles.
    cross: i32,
    /// How many new tiles show each face, 5 bits a face.
    counts: u64,
}

/// The faces a rack holds natural tiles of.
fn faces_on(rack: &[u8; 12]) -> u16 {
    Face::ALL
        .iter()
        .filter(|f| rack[f.kind().index()] > 0)
        .fold(0, |acc, f| acc | f.bit())
}

/// True when tiles showing the faces `counts` (5 bits a face) can come
/// from `rack`: natural tiles first, blanks for the rest.
fn fits(counts: u64, rack: &[u8; 12]) -> bool {
    let mut blanks = 0u32;
    for (f, &natural) in rack.iter().take(Face::ALL.len()).enumerate() {
        let used = ((counts >> (5 * f)) & 31) as u32;
        blanks += used.saturating_sub(u32::from(natural));
    }
    blanks <= u32::from(rack[Kind::Blank.index()])
}

const EMPTY_PART: Part = Part {
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
struct Tiles {
    n: usize,
    face: [Face; MAX_TILES],
    pos: [u8; MAX_TILES],
    /// How many show each face, 5 bits a face.
    counts: u64,
    /// The sort key of the play with no blank (see [`Dfs::flush`]).
    key: u64,
}

/// What blanks cost a play (see [`Dfs::choose`]).
struct Loss {
    /// The score with every tile natural.
    natural: i32,
    /// The play's word multiplier.
    wm: i32,
    /// Per tile: its points times its letter premium.
    tiles: [i32; MAX_TILES],
    /// Per tile: its cross score as a natural tile less as a blank.
    cross: [i32; MAX_TILES],
}

/// Where [`Dfs::assign`] stands: the next tile, the tiles chosen to be
/// blanks so far (a mask), the blanks still free, how many of the tiles
/// left must be blanks, and the score so far.
#[derive(Clone, Copy)]
struct Choice {
    k: usize,
    chosen: u16,
    key: u64,
    blanks: u8,
    need: u8,
    score: i32,
}

/// A search node, copied down the recursion.
#[derive(Clone, Copy, Debug)]
struct Frame {
    syn: Syn,
    seen_eq: bool,
    new_eq: bool,
    rack_left: u8,
    /// The value of the first side (of this part), once its `=` is read.
    first: Option<i32>,
    /// The side being read, evaluated as it grows.
    side: SideEval<i32, ()>,
    part: Part,
}

impl Frame {
    /// The node at the start of a run (or, with `after_eq`, of the part
    /// after a run's first `=`).
    fn start(rack_left: u8, after_eq: bool) -> Frame {
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
/// list of completions per position (see [`Dfs::join`]).
const SHARED_MAX_EMPTY: usize = 3;

/// Where the completions of one memo key lie in the arena.
#[derive(Clone, Copy, Debug, Default)]
struct MemoEntry {
    stamp: u32,
    start: u32,
    len: u32,
}

/// How a search node treats the first `=` of its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Search straight through (no memo).
    Plain,
    /// Stop at the first `=` and join the memoized completions.
    Left,
    /// Enumerate the completions after a first `=`.
    Right,
}

/// What feeding a token did.
#[derive(Clone, Copy, Debug)]
enum Fed {
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
struct Dfs<'a, R> {
    game: &'a Scrabble,
    table: &'a SyntaxTable,
    cross: &'a [CrossInfo],
    view: LineView,
    dir: Dir,
    rack: [u8; 12],
    /// The faces with a natural tile left on `rack`.
    on_rack: u16,
    sink: &'a mut R,
    full_rack_bonus: i32,
    /// The run's first square.
    start: usize,
    /// The whole rack, which shared completions are enumerated from.
    full_rack: [u8; 12],
    /// Mixed-radix weights numbering the racks left.
    radix: [u32; 12],
    /// The memo keys below this are shared lists (see [`Dfs::join`]).
    shared_keys: usize,
    stamp: u32,
    memo: &'a mut Vec<MemoEntry>,
    arena: &'a mut Vec<Part>,
    /// The value and arena index of each completion, sorted per memo entry.
    by_value: &'a mut Vec<(i32, u32)>,
    /// The single tiles, merged into an ordered report's `Across` plays.
    singles: &'a [ScoredPlay],
    /// The first single tile not reported yet.
    next_single: usize,
    /// With blanks, an ordered report's plays of one start square, keyed
    /// for sorting (see [`Dfs::report`]).
    block: &'a mut Vec<u64>,
    /// The numbers of plays of face counts met (see [`choices`]), for
    /// this rack, by a hash of the counts.
    choices: &'a mut [(u64, usize)],
}

impl<R: Report> Dfs<'_, R> {
    /// Searches on from `pos` with node `f`.
    ///
    /// Frames go down by reference and are copied only where a node
    /// changes them: copying a frame right after a parent wrote some of
    /// its fields stalls the processor, and this is the hot path.
    fn go(&mut self, mode: Mode, pos: usize, f: &Frame) {
        if pos < SIZE && self.view.cells[pos] != 0 {
            self.through(mode, pos, *f);
        } else {
            self.extend(mode, pos, f);
        }
    }

    /// Reads the existing tiles from `pos` on, then extends the run.
    fn through(&mut self, mode: Mode, mut pos: usize, mut f: Frame) {
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
    fn extend(&mut self, mode: Mode, pos: usize, f: &Frame) {
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
    fn place(&mut self, mode: Mode, pos: usize, g: &mut Frame, fed: Fed, face: Face, blank: bool) {
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
    fn feed(&self, mode: Mode, f: &mut Frame, face: Face, pos: usize) -> Fed {
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
    fn record(&mut self, value: i32, f: &Frame) {
        self.by_value.push((value, self.arena.len() as u32));
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
    fn join(&mut self, pos: usize, left: &Frame, v: i32) {
        if pos >= SIZE {
            // The `=` is on the last square: the next side has no room.
            return;
        }
        let open = usize::from(self.view.next_empty[SIZE] - self.view.next_empty[pos]);
        let blanks = self.rack[Kind::Blank.index()];
        let entry = if open <= SHARED_MAX_EMPTY {
            // Keyed by the blanks left and the new `=` too: most of the
            // completions a blank can spell need more blanks than a first
            // side full of them leaves.
            let total: u8 = self.full_rack.iter().sum();
            let budget = total.saturating_sub(self.min_left(pos));
            let mut rack = self.full_rack;
            rack[Kind::Blank.index()] = blanks;
            let key = (usize::from(blanks) * 2 + usize::from(left.new_eq)) * SIZE + pos;
            self.completions(key, pos, rack, budget, left.new_eq)
        } else {
            let mut index = 0usize;
            for (k, &c) in self.rack.iter().enumerate() {
                index += (self.radix[k] * u32::from(c)) as usize;
            }
            let key = self.shared_keys + (index * 2 + usize::from(left.new_eq)) * SIZE + pos;
            self.completions(key, pos, self.rack, left.rack_left, left.new_eq)
        };
        let Some(entry) = entry else { return };
        let (start, end) = (entry.start as usize, (entry.start + entry.len) as usize);
        let list = &self.by_value[start..end];
        let lo = start + list.partition_point(|&(value, _)| value < v);
        let hi = start + list.partition_point(|&(value, _)| value <= v);
        // Only a shared list may hold completions the rack left cannot
        // pay for; the others were made from that very rack.
        let shared = open <= SHARED_MAX_EMPTY;
        for i in lo..hi {
            let c = self.arena[self.by_value[i].1 as usize];
            if shared && !fits(c.counts, &self.rack) {
                continue;
            }
            self.emit(&left.part, &c, v);
        }
    }

    /// The completions of memo entry `key`: from `pos`, with tiles from
    /// `rack`, at most `budget` of them, a new `=` allowed unless `new_eq`.
    fn completions(
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
    fn min_left(&self, pos: usize) -> u8 {
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
    fn cut(&self, bound: i32, part: &Part) -> bool {
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

    /// Reports the plays of the start square just searched, which
    /// [`Dfs::report`] kept, in `Ord` order: a play's key lists its tiles'
    /// faces and blanks, first tile first, a shorter play first.
    fn flush(&mut self) {
        if self.block.is_empty() {
            return;
        }
        let mut block = std::mem::take(self.block);
        // The keys differ in their top bits, so the scores below them do
        // not change the order.
        block.sort_unstable();
        // The squares of the block's tiles: the empty ones from the start.
        let first = usize::from(self.view.next_empty[self.start]);
        let mut squares = [Square::CENTRE; MAX_TILES];
        for (k, square) in squares.iter_mut().enumerate() {
            let pos = usize::from(self.view.empty_pos[(first + k).min(SIZE)]);
            if let Some(&sq) = self.view.sq.get(pos) {
                *square = Square::new(usize::from(sq)).unwrap_or(Square::CENTRE);
            }
        }
        for &packed in &block {
            let (key, score) = (
                packed >> SCORE_BITS,
                (packed & ((1 << SCORE_BITS) - 1)) as i32,
            );
            let mut placed = PlacedTiles::new();
            for (k, &square) in squares.iter().enumerate() {
                let code = (key >> (5 * (MAX_TILES - 1 - k))) & 31;
                let Some(&face) = code
                    .checked_sub(1)
                    .and_then(|c| Face::ALL.get((c >> 1) as usize))
                else {
                    break;
                };
                let _ = placed.push(Placed {
                    square,
                    face,
                    blank: code & 1 == 0,
                });
            }
            self.deliver(placed, score);
        }
        block.clear();
        *self.block = block;
    }

    /// Emits the plays made of a first part and a completion, sharing
    /// value `v`: one for each way to choose which of their tiles are the
    /// blanks. Single tiles are listed apart (see [`MoveGen::single_tiles`]).
    fn emit(&mut self, left: &Part, right: &Part, v: i32) {
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
        let mut tiles = Tiles {
            n,
            face: [Face::Zero; MAX_TILES],
            pos: [0; MAX_TILES],
            counts: left.counts + right.counts,
            key: 0,
        };
        let first = usize::from(self.view.next_empty[self.start]);
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
            // A tile's code: its face and blank (1 for a blank), plus one.
            tiles.key |= ((face.index() as u64) << 1 | 1) << (5 * (MAX_TILES - 1 - k));
        }
        // The run: from its first square past its last new tile's.
        let end = usize::from(self.view.run_end[usize::from(tiles.pos[n - 1]) + 1]);
        let fixed = self.view.old_points(self.start, end) + self.game.bonus(v as u64);
        let wm = left.wm * right.wm;
        let bonus = if n == MAX_TILES {
            self.full_rack_bonus
        } else {
            0
        };
        let natural = (left.tiles + right.tiles + fixed) * wm + left.cross + right.cross + bonus;
        if self.full_rack[Kind::Blank.index()] == 0 {
            // No blank: one play, its tiles all natural.
            self.report(&tiles, 0, tiles.key, natural);
            return;
        }
        if R::PRUNES && self.sink.floor().is_some_and(|floor| natural < floor) {
            // Blanks only lower a play's score.
            return;
        }
        // What each tile loses as a blank: its points, and the difference
        // between its cross scores.
        let mut loss = Loss {
            natural,
            wm,
            tiles: [0; MAX_TILES],
            cross: [0; MAX_TILES],
        };
        for k in 0..n {
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
        let mut natural = self.full_rack;
        let blanks = natural[Kind::Blank.index()];
        let choice = Choice {
            k: 0,
            chosen: 0,
            key: tiles.key,
            blanks,
            need,
            score: loss.natural,
        };
        self.assign(&tiles, &loss, choice, &mut natural, &mut left);
    }

    /// Chooses natural or blank for each tile from `c.k` on and reports
    /// each whole choice. `natural` holds the natural tiles still free and
    /// `left` how many tiles of each face are still to choose; `c.need`
    /// is how many of those must be blanks, which only a blank shown where
    /// natural tiles run short lowers, so no branch comes to a dead end.
    fn assign(
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
            self.report(tiles, c.chosen, c.key, c.score);
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
                key: c.key + (1 << (5 * (MAX_TILES - 1 - c.k))),
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
    fn report(&mut self, tiles: &Tiles, blanks_at: u16, key: u64, score: i32) {
        if !R::BUILDS {
            self.sink.tally(1);
            return;
        }
        if R::PRUNES && self.sink.floor().is_some_and(|floor| score < floor) {
            return;
        }
        if R::ORDERED && self.full_rack[Kind::Blank.index()] > 0 {
            // The plays that differ only in their blanks were made together:
            // sort the start square's plays before reporting them.
            debug_assert!((0..1 << SCORE_BITS).contains(&score));
            self.block
                .push(key << SCORE_BITS | (score as u64 & ((1 << SCORE_BITS) - 1)));
            return;
        }
        self.put(tiles, blanks_at, score);
    }

    /// Reports one play (see [`Dfs::report`]), merging the single tiles
    /// into an ordered report.
    fn put(&mut self, tiles: &Tiles, blanks_at: u16, score: i32) {
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
        self.deliver(placed, score);
    }

    /// Reports a play of these tiles along the line, merging the single
    /// tiles into an ordered report.
    fn deliver(&mut self, placed: PlacedTiles, score: i32) {
        if R::ORDERED && self.dir == Dir::Across {
            // The single tiles up to this play's first tile come before it
            // (a single tile equal to that first tile is its beginning).
            if let Some(&head) = placed.as_slice().first() {
                while let Some(single) = self.singles.get(self.next_single) {
                    if single.play.tiles()[0] > head {
                        break;
                    }
                    self.sink.report(&single.play, single.score);
                    self.next_single += 1;
                }
            }
        }
        let play = Play {
            dir: self.dir,
            tiles: placed,
        };
        self.sink.report(&play, score);
    }
}
