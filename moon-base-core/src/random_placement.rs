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

use crate::board::has_bit;
use crate::legality::{ColourFit, colour_fit};
use crate::survivor_cache::{Kept, Position};
use crate::{Action, Colour, CraterId, MoonBase, Piece, RingId, Size, State};

impl MoonBase {
    /// How `piece` fits the pair of `run` (S8), and the supports' level.
    /// A collabo with no ring two levels above its supports anywhere has a
    /// clear column at every point (S9), so it fits as a plain stack.
    fn run_fit(&self, s: &State, piece: Piece, run: &[Position]) -> (ColourFit, u32) {
        let Some(p) = run.first() else {
            return (ColourFit::No, 0);
        };
        match (s.ring(RingId(p.a)), s.ring(RingId(p.b))) {
            (Some(a), Some(b)) => {
                let k = u32::from(a.level);
                let fit = colour_fit(piece, a.piece.colour, b.piece.colour);
                let clear = || !s.rings.iter().any(|u| u32::from(u.level) >= k + 2);
                if fit == ColourFit::Collabo && clear() {
                    (ColourFit::Plain, k)
                } else {
                    (fit, k)
                }
            }
            _ => (ColourFit::No, 0),
        }
    }

    /// Calls `f` for each position of `list` where `piece` may go (S8,
    /// S9), in order.
    pub(crate) fn for_each_fit(
        &self,
        s: &State,
        kept: Kept<'_>,
        piece: Piece,
        mut f: impl FnMut(&Position),
    ) {
        for run in kept.runs() {
            match self.run_fit(s, piece, run) {
                (ColourFit::No, _) => {}
                (ColourFit::Plain, _) => run.iter().for_each(&mut f),
                (ColourFit::Collabo, k) => run
                    .iter()
                    .filter(|p| self.column_blocker(s, p.x, p.y, k).is_none())
                    .for_each(&mut f),
            }
        }
    }

    /// How many positions of `list` take `piece` (S8, S9).
    fn count_fit(&self, s: &State, kept: Kept<'_>, piece: Piece) -> usize {
        kept.runs()
            .map(|run| match self.run_fit(s, piece, run) {
                (ColourFit::No, _) => 0,
                (ColourFit::Plain, _) => run.len(),
                (ColourFit::Collabo, k) => run
                    .iter()
                    .filter(|p| self.column_blocker(s, p.x, p.y, k).is_none())
                    .count(),
            })
            .sum()
    }

    /// The position of `list` after `skip` others where `piece` may go.
    fn nth_fit(
        &self,
        s: &State,
        kept: Kept<'_>,
        piece: Piece,
        mut skip: usize,
    ) -> Option<Position> {
        for run in kept.runs() {
            match self.run_fit(s, piece, run) {
                (ColourFit::No, _) => {}
                (ColourFit::Plain, _) => match run.get(skip) {
                    Some(&p) => return Some(p),
                    None => skip -= run.len(),
                },
                (ColourFit::Collabo, k) => {
                    for &p in run {
                        if self.column_blocker(s, p.x, p.y, k).is_none() {
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
        let mut targets = [[0u64; 4]; 2];
        let mut on_craters = [0usize; 6];
        let mut stacks = [0usize; 6];
        for size in Size::ALL {
            if hand.of_size(size) == 0 {
                continue;
            }
            let row = self.crater_targets(s, size);
            targets[size.index()] = row;
            let n: usize = row.iter().map(|w| w.count_ones() as usize).sum();
            self.with_survivors(s, size, |kept| {
                for colour in Colour::ALL {
                    let piece = Piece::new(size, colour);
                    if hand.count(piece) > 0 {
                        on_craters[piece_slot(piece)] = n;
                        stacks[piece_slot(piece)] = self.count_fit(s, kept, piece);
                    }
                }
            });
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
                let crater = (0..self.board.len())
                    .filter(|&i| has_bit(&row, i))
                    .nth(index)
                    .map_or(CraterId(0), |i| CraterId(i as u16));
                return Action::PlaceOnCrater { piece, crater };
            }
            index -= n;
        }
        for piece in Piece::ALL {
            let n = stacks[piece_slot(piece)];
            if index < n {
                let p =
                    self.with_survivors(s, piece.size, |kept| self.nth_fit(s, kept, piece, index));
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
    }
}

/// The place of `piece` in [`Piece::ALL`] (size, then colour).
fn piece_slot(piece: Piece) -> usize {
    piece.size.index() * 3 + piece.colour.index()
}
