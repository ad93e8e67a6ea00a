//! The colour stage of stack generation by pair, and the random pick of a
//! placement without listing.
//!
//! Whether a piece may go on a pair (S8) depends only on the two
//! supports' colours, so the positions of one pair (a run of the kept
//! list) are taken or left whole; only a collabo tests its points one by
//! one (S9). A random placement counts the legal actions that way, draws
//! the same index `legal_actions` would draw from, and builds that one
//! action only.

use game_core::{GameRng, Seat};

use crate::geometry::{d2, sq};
use crate::legality::{ColourFit, colour_fit};
use crate::movegen::bits;
use crate::survivor_cache::{Kept, Position, Run};
use crate::{Action, CraterId, MoonBase, Piece, RingId, Size, State};

impl MoonBase {
    /// The highest level of any ring (0 on an empty board): a collabo on
    /// supports of level k has a clear column everywhere (S9) when it is
    /// below k + 2.
    pub(crate) fn top_level(s: &State) -> u8 {
        s.rings.iter().map(|u| u.level).max().unwrap_or(0)
    }

    /// How `piece` fits the pair of `run` (S8). A collabo with no ring two
    /// levels above its supports anywhere (`top` the highest level) has a
    /// clear column at every point (S9), so it fits as a plain stack.
    fn run_fit(piece: Piece, run: Run, top: u8) -> ColourFit {
        let (a, b) = run.colours;
        match colour_fit(piece, a, b) {
            ColourFit::Collabo if u32::from(top) < u32::from(run.level) + 2 => ColourFit::Plain,
            fit @ (ColourFit::No | ColourFit::Plain | ColourFit::Collabo) => fit,
        }
    }

    /// Calls `f` for each kept position where `piece` may go (S8, S9), in
    /// order.
    pub(crate) fn for_each_fit(
        &self,
        s: &State,
        kept: Kept<'_>,
        piece: Piece,
        top: u8,
        mut f: impl FnMut(&Position),
    ) {
        for (run, positions) in kept.runs() {
            match Self::run_fit(piece, run, top) {
                ColourFit::No => {}
                ColourFit::Plain => positions.iter().for_each(&mut f),
                ColourFit::Collabo => positions
                    .iter()
                    .filter(|p| {
                        self.column_blocker(s, p.x, p.y, u32::from(run.level))
                            .is_none()
                    })
                    .for_each(&mut f),
            }
        }
    }

    /// How many kept positions take `piece` (S8, S9): the positions of
    /// the colour pairs it fits, less those of a collabo whose column a
    /// ring two levels above the supports blocks.
    pub(crate) fn count_fit(&self, s: &State, kept: Kept<'_>, piece: Piece, top: u8) -> usize {
        let tally = kept.tally();
        let c = piece.colour.index();
        // S8 (MB-16, MB-17): supports with the piece's colour take it; a
        // large ring also goes on two supports of the other two colours.
        let mut n = 0;
        let mut collabo = 0;
        for (a, row) in tally.iter().enumerate() {
            for (b, &count) in row.iter().enumerate() {
                if a == c || b == c {
                    n += count;
                } else if a != b {
                    collabo += count;
                }
            }
        }
        if piece.size != Size::Large {
            return n;
        }
        n += collabo;
        let collabo = collabo > 0;
        // S9 for a collabo only matters with a ring at least at level 3.
        if collabo && top >= 3 {
            for (run, positions) in kept.runs() {
                if Self::run_fit(piece, run, top) == ColourFit::Collabo {
                    n -= self.blocked_columns(s, run, positions);
                }
            }
        }
        n
    }

    /// How many `positions` of `run` have a column a ring of level ≥ k+2
    /// blocks (S9). Every position lies within S3's reach of support `a`,
    /// so a ring farther from `a` than that reach and the column's blocks
    /// none of them.
    fn blocked_columns(&self, s: &State, run: Run, positions: &[Position]) -> usize {
        let Some(first) = positions.first() else {
            return 0;
        };
        let Some(a) = s.rings.get(usize::from(first.a)) else {
            return 0;
        };
        let k = run.level;
        // The new ring is a large one (only a large ring is a collabo).
        let ca = self.inner(Size::Large) + self.inner(a.piece.size);
        let mut near = 0u64;
        for (i, u) in s.rings.iter().enumerate() {
            if u.level >= k.saturating_add(2)
                && d2(a.x, a.y, u.x, u.y) < sq(ca + self.outer(u.piece.size) + self.rho)
            {
                near |= crate::state::bit(i);
            }
        }
        if near == 0 {
            return 0;
        }
        positions
            .iter()
            .filter(|p| {
                bits(near).any(|i| {
                    s.rings.get(i).is_some_and(|u| {
                        d2(p.x, p.y, u.x, u.y) < sq(self.outer(u.piece.size) + self.rho)
                    })
                })
            })
            .count()
    }

    /// The kept position after `skip` others where `piece` may go.
    fn nth_fit(
        &self,
        s: &State,
        kept: Kept<'_>,
        piece: Piece,
        top: u8,
        mut skip: usize,
    ) -> Option<Position> {
        for (run, positions) in kept.runs() {
            match Self::run_fit(piece, run, top) {
                ColourFit::No => {}
                ColourFit::Plain => match positions.get(skip) {
                    Some(&p) => return Some(p),
                    None => skip -= positions.len(),
                },
                ColourFit::Collabo => {
                    for &p in positions {
                        if self
                            .column_blocker(s, p.x, p.y, u32::from(run.level))
                            .is_none()
                        {
                            if skip == 0 {
                                return Some(p);
                            }
                            skip -= 1;
                        }
                    }
                }
            }
        }
        None
    }

    /// `Game::random_action` in the placement phase: the action
    /// `legal_actions` lists at `rng.below(len)`, with the same use of
    /// `rng`, found by counting the list's blocks (crater actions per
    /// piece, then stacks per piece, §12) instead of listing them.
    pub(crate) fn random_placement(&self, s: &State, seat: Seat, rng: &mut GameRng) -> Action {
        let hand = Self::hand(s, seat);
        self.with_kept(s, |kept| {
            let top = Self::top_level(s);
            let mut targets = [[0u64; 4]; 2];
            let mut on_craters = [0usize; 6];
            let mut stacks = [0usize; 6];
            for size in Size::ALL {
                if hand.of_size(size) > 0 {
                    targets[size.index()] = kept.crater_targets(s, size);
                }
            }
            for piece in hand.pieces() {
                let row = targets[piece.size.index()];
                on_craters[piece_slot(piece)] = row.iter().map(|w| w.count_ones() as usize).sum();
                stacks[piece_slot(piece)] =
                    self.count_fit(s, kept.positions(piece.size), piece, top);
            }
            let len: usize = on_craters.iter().chain(&stacks).sum();
            if len == 0 {
                // B-10: a seat without a placement passes, the only action.
                let _ = rng.below(1);
                return Action::Pass;
            }
            let mut index = rng.below(len as u32) as usize;
            for piece in Piece::ALL {
                let n = on_craters[piece_slot(piece)];
                if index < n {
                    let row = targets[piece.size.index()];
                    let crater = nth_crater(&row, self.board.len(), index)
                        .map_or(CraterId(0), |i| CraterId(i as u16));
                    return Action::PlaceOnCrater { piece, crater };
                }
                index -= n;
            }
            for piece in Piece::ALL {
                let n = stacks[piece_slot(piece)];
                if index < n {
                    let p = self.nth_fit(s, kept.positions(piece.size), piece, top, index);
                    return p.map_or(Action::Pass, |p| Action::Stack {
                        piece,
                        a: RingId(p.a),
                        b: RingId(p.b),
                        x: p.x,
                        y: p.y,
                    });
                }
                index -= n;
            }
            Action::Pass
        })
    }
}

/// The place of `piece` in [`Piece::ALL`] (size, then colour).
/// The `index`-th crater (from 0) of `row` below `len`, by popcounts
/// instead of a test per crater.
fn nth_crater(row: &[u64; 4], len: usize, mut index: usize) -> Option<usize> {
    for (w, &word) in row.iter().enumerate() {
        let base = w * 64;
        if base >= len {
            break;
        }
        let word = if len - base < 64 {
            word & ((1u64 << (len - base)) - 1)
        } else {
            word
        };
        let n = word.count_ones() as usize;
        if index < n {
            let mut m = word;
            for _ in 0..index {
                m &= m - 1;
            }
            return Some(base + m.trailing_zeros() as usize);
        }
        index -= n;
    }
    None
}

fn piece_slot(piece: Piece) -> usize {
    piece.size.index() * 3 + piece.colour.index()
}
