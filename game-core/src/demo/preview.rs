//! What a demo game's move would do: a Pig hold banks the turn's points;
//! a high-card bet or call puts chips in the pot.

use crate::{MovePreview, Preview, Seat};

use super::{HighCard, HighCardAction, HighCardState, Pig, PigAction, PigState};

impl Preview for Pig {
    fn preview(&self, s: &PigState, _seat: Seat, a: &PigAction) -> MovePreview {
        match a {
            PigAction::Hold => MovePreview::scoring(i64::from(s.turn_total)),
            PigAction::Roll => MovePreview::default(),
        }
    }
}

impl Preview for HighCard {
    fn preview(&self, _s: &HighCardState, _seat: Seat, a: &HighCardAction) -> MovePreview {
        match a {
            HighCardAction::Bet | HighCardAction::Call => {
                MovePreview::costing("chips", i64::from(self.config.bet))
            }
            HighCardAction::Check | HighCardAction::Fold => MovePreview::default(),
        }
    }
}
