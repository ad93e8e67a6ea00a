//! One line of the board as the search sees it, and the bound of M-4.

use crate::action::MAX_TILES;
use crate::board::Board;
use crate::config::ScorePlayedThrough;
use crate::scrabble::Scrabble;
use crate::square::SIZE;
use crate::square::{Dir, SQUARES};
use crate::syntax::Syn;
use crate::tile::{Face, Kind, KindCounts};

use super::CrossInfo;
use super::search::Frame;

/// 2^k and 3^k for the word premiums a play can cover (at most nine).
pub(super) const POW2: [i32; MAX_TILES + 1] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
pub(super) const POW3: [i32; MAX_TILES + 1] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// One line of the board as the search sees it.
#[derive(Clone)]
pub(super) struct LineView {
    pub(super) cells: [u8; SIZE],
    pub(super) sq: [u8; SIZE],
    pub(super) anchor: [bool; SIZE],
    /// Empty squares from a position up to the first anchor at or after it.
    pub(super) reach: [u8; SIZE + 1],
    pub(super) lm: [i32; SIZE],
    pub(super) wm: [i32; SIZE],
    /// For M-4's bound: the number of empty squares before each position,
    /// and over the empty squares in order, running sums of letter
    /// multipliers, double and triple words, and best cross scores.
    pub(super) next_empty: [u8; SIZE + 1],
    pub(super) tl_cum: [u8; SIZE + 1],
    pub(super) dl_cum: [u8; SIZE + 1],
    pub(super) dw_cum: [u8; SIZE + 1],
    pub(super) tw_cum: [u8; SIZE + 1],
    pub(super) cross_cum: [i32; SIZE + 1],
    /// Points of the old tiles before a position.
    pub(super) old_cum: [i32; SIZE + 1],
    /// Old tiles before a position whose preceding square is old too (each
    /// ends a pair of consecutive old tiles, R-26's ext(E)).
    pub(super) pair_cum: [u8; SIZE + 1],
    /// The first empty square at or after a position, or `SIZE`.
    pub(super) run_end: [u8; SIZE + 1],
    /// T-14.
    pub(super) played_through: ScorePlayedThrough,
    /// Old digit tiles from a position on.
    pub(super) digits_after: [u8; SIZE + 1],
    /// Old `=` tiles from a position on.
    pub(super) equals_after: [u8; SIZE + 1],
    /// Old operators (binary operators and `=`) from a position on.
    pub(super) ops_after: [u8; SIZE + 1],
    /// The position of each empty square in order, then `SIZE`.
    pub(super) empty_pos: [u8; SIZE + 1],
    /// The value bonus B(2^k - 1) for k = 0..=8 (the largest value with
    /// k digits on the smaller side).
    pub(super) bonus_digits: [i32; 9],
    /// The most points of a tile on the rack.
    pub(super) max_points: i32,
    /// The rack's natural tiles and blanks.
    pub(super) naturals: usize,
    pub(super) blanks: usize,
    pub(super) full_rack_bonus: i32,
    /// The largest value bonus of a run of each length.
    pub(super) bonus_len: [i32; SIZE + 1],
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
    pub(super) fn bound(&self, start: usize, pos: usize, f: &Frame, rack: &[u8; 12]) -> i32 {
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
    pub(super) fn full_rack_possible(&self, pos: usize, f: &Frame, rack: &[u8; 12]) -> bool {
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
    pub(super) fn pairs(&self, start: usize, end: usize) -> u8 {
        if end <= start + 1 {
            return 0;
        }
        self.pair_cum[end] - self.pair_cum[start + 1]
    }

    /// The old tiles' points a run `start..end` adds under T-14.
    pub(super) fn old_points(&self, start: usize, end: usize) -> i32 {
        if self.played_through.counts_old(self.pairs(start, end) > 0) {
            self.old_cum[end] - self.old_cum[start]
        } else {
            0
        }
    }

    /// B(v) for a known value: at most the bonus of the next power of two
    /// minus one (bonuses grow with v).
    pub(super) fn bonus_digits_exact(&self, v: i32) -> i32 {
        let k = (32 - v.max(0).leading_zeros()) as usize;
        self.bonus_digits[k.min(self.bonus_digits.len() - 1)]
    }

    /// The best bound over the start squares of the line for a fresh rack.
    pub(super) fn root_bound(&self, rack: &KindCounts) -> i32 {
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        (0..SIZE)
            .filter(|&s| (s == 0 || self.cells[s - 1] == 0) && self.reach[s] <= total)
            .map(|s| self.bound(s, s, &Frame::start(total, false), &rack.0))
            .max()
            .unwrap_or(i32::MIN)
    }
}

impl LineView {
    /// A view of no line yet: the rack's counts and the config's bonuses.
    pub(super) fn empty(g: &Scrabble, rack: &KindCounts) -> LineView {
        LineView {
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
        }
    }

    /// Reads line `line` of `board` along `dir`: tiles, squares, anchors
    /// (M-2), premiums, and over the empty squares in order the running
    /// counts of premiums and best cross scores M-4's bound uses. False
    /// when the line has no anchor (M-3: no play can use it).
    pub(super) fn read_squares(
        &mut self,
        g: &Scrabble,
        board: &Board,
        anchors: &[bool; SQUARES],
        cross: &[CrossInfo],
        dir: Dir,
        line: usize,
    ) -> bool {
        let mut any_anchor = false;
        let mut empties = 0usize;
        for pos in 0..SIZE {
            let i = dir.square(line, pos);
            self.cells[pos] = board.cell(i);
            self.sq[pos] = i as u8;
            self.anchor[pos] = anchors[i];
            any_anchor |= anchors[i];
            let p = g.layout.at(i);
            self.lm[pos] = p.letter();
            self.wm[pos] = p.word();
            self.next_empty[pos] = empties as u8;
            if self.cells[pos] == 0 {
                self.empty_pos[empties] = pos as u8;
                let info = &cross[i];
                let best_cross = info
                    .natural
                    .iter()
                    .chain(&info.blank)
                    .copied()
                    .max()
                    .unwrap_or(0);
                self.tl_cum[empties + 1] = self.tl_cum[empties] + u8::from(p.letter() == 3);
                self.dl_cum[empties + 1] = self.dl_cum[empties] + u8::from(p.letter() == 2);
                self.dw_cum[empties + 1] = self.dw_cum[empties] + u8::from(p.word() == 2);
                self.tw_cum[empties + 1] = self.tw_cum[empties] + u8::from(p.word() == 3);
                self.cross_cum[empties + 1] = self.cross_cum[empties] + best_cross.max(0);
                empties += 1;
            }
        }
        self.next_empty[SIZE] = empties as u8;
        any_anchor
    }

    /// From each position to the line's end: the empty squares to reach an
    /// anchor (M-3 start squares), the old digits, `=` and operators a run
    /// may still read, and where the run of old tiles ends.
    pub(super) fn count_from_the_end(&mut self) {
        for pos in (0..SIZE).rev() {
            let cell = self.cells[pos];
            self.reach[pos] = if cell != 0 {
                self.reach[pos + 1]
            } else if self.anchor[pos] {
                1
            } else {
                self.reach[pos + 1].saturating_add(1)
            };
            self.digits_after[pos] = self.digits_after[pos + 1]
                + u8::from(cell != 0 && Board::cell_face(cell).is_digit());
            let face = (cell != 0).then(|| Board::cell_face(cell));
            self.equals_after[pos] =
                self.equals_after[pos + 1] + u8::from(face == Some(Face::Equals));
            self.ops_after[pos] = self.ops_after[pos + 1]
                + u8::from(face.is_some_and(|f| f == Face::Equals || f.is_binop()));
            self.run_end[pos] = if cell == 0 {
                pos as u8
            } else {
                self.run_end[pos + 1]
            };
        }
    }

    /// Before each position: the points of the old tiles and the
    /// pairs of consecutive old tiles (R-26's ext(E)).
    pub(super) fn count_old_tiles(&mut self, g: &Scrabble) {
        for pos in 0..SIZE {
            let cell = self.cells[pos];
            self.old_cum[pos + 1] = self.old_cum[pos]
                + if cell != 0 {
                    g.tile_points(Board::cell_face(cell), Board::cell_blank(cell))
                } else {
                    0
                };
            let pair = pos > 0 && cell != 0 && self.cells[pos - 1] != 0;
            self.pair_cum[pos + 1] = self.pair_cum[pos] + u8::from(pair);
        }
    }

    /// M-4's bounds that depend on the rack and the config only: the best
    /// tile points and the value bonus by digits and by run length.
    pub(super) fn bound_bonuses(&mut self, g: &Scrabble, rack: &KindCounts) {
        self.max_points = Kind::ALL
            .iter()
            .filter(|k| rack.get(**k) > 0)
            .map(|k| g.points(*k))
            .max()
            .unwrap_or(0);
        for (k, b) in self.bonus_digits.iter_mut().enumerate() {
            *b = g.bonus((1u64 << k) - 1);
        }
        for (len, b) in self.bonus_len.iter_mut().enumerate().skip(1) {
            // M-4: a correct equation of L squares has v < 2^floor((L-1)/2).
            *b = g.bonus((1u64 << ((len - 1) / 2)) - 1);
        }
    }

    /// The start squares of the line: after an empty square or the board's
    /// edge, with an anchor in reach of `total` tiles (M-3 refinement).
    /// With `bound` (the root node and the rack, for a best-play search)
    /// each carries its M-4 bound and the most promising come first; else
    /// they come in order with bound 0.
    pub(super) fn start_squares(
        &self,
        total: u8,
        bound: Option<(&Frame, &[u8; 12])>,
    ) -> Vec<(i32, usize)> {
        let mut starts: Vec<(i32, usize)> = (0..SIZE)
            .filter(|&s| (s == 0 || self.cells[s - 1] == 0) && self.reach[s] <= total)
            .map(|s| {
                (
                    bound.map_or(0, |(root, rack)| self.bound(s, s, root, rack)),
                    s,
                )
            })
            .collect();
        if bound.is_some() {
            // M-4: the most promising starts first.
            starts.sort_by_key(|&(bound, s)| (std::cmp::Reverse(bound), s));
        }
        starts
    }
}
