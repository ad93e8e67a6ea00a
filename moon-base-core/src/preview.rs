//! What a move would score before it is played ([`game_core::Preview`]).
//!
//! Moon Base scores at the end (MB-26), but the points of MB-27 are fixed
//! as they come and never lost: 2 per settlement (MB-23, and a settlement
//! stays), 1 per resource base (MB-24), −1 per ring retired (MB-22). A
//! move's score is the mover's MB-27 points it fixes at once: a base
//! placement its 1, and the move that ends the placement (a placement, a
//! pass, or the last pair taken when neither seat can place) the mover's
//! rings retired and settlements built then, as that move's `apply` runs
//! the end of placement. `None` when that is 0. The bonuses of MB-28 are
//! decided on the final board and are no move's score.
//!
//! No move costs a resource: the rings come from the mover's hand and are
//! the move itself, and a base from its supply is the points above.

use game_core::{Game, MovePreview, Preview, Seat};

use crate::action::Action;
use crate::moon_base::MoonBase;
use crate::scoring::{BASE_POINTS, SETTLEMENT_POINTS, UNPLACED_POINTS};
use crate::state::State;

/// The mover's MB-27 points in `s` (settlements, bases, retired rings).
fn points(s: &State, seat: Seat) -> i64 {
    let used = |left: Option<&u8>| -i64::from(left.copied().unwrap_or(0));
    SETTLEMENT_POINTS * used(s.settlements_left.get(seat))
        + BASE_POINTS * used(s.bases_left.get(seat))
        + UNPLACED_POINTS * i64::from(s.unplaced.get(seat).copied().unwrap_or(0))
}

impl Preview for MoonBase {
    fn preview(&self, s: &State, seat: Seat, a: &Action) -> MovePreview {
        let score = match a {
            // MB-24, MB-27: a base is 1 point.
            Action::PlaceResourceBase(_) => Some(BASE_POINTS),
            // MB-22, MB-23: the end of placement, when this move ends it
            // (a placement or a pass, or the last pair taken when neither
            // seat can place).
            Action::PlaceOnCrater { .. }
            | Action::Stack { .. }
            | Action::Pass
            | Action::TakePair(_)
            | Action::ChooseColour(_)
            | Action::PlaceTower(_)
            | Action::DeclineResourceBase => {
                let mut after = s.clone();
                match self.apply(&mut after, seat, a) {
                    Ok(()) => Some(points(&after, seat) - points(s, seat)).filter(|p| *p != 0),
                    Err(_) => None,
                }
            }
        };
        MovePreview {
            score,
            costs: Vec::new(),
        }
    }
}
