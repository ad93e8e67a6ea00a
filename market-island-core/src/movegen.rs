//! The legal decisions of the seat to act (MI-39).

use game_core::Seat;

use crate::state::{SeatState, State};
use crate::{Action, MarketIsland};

impl MarketIsland {
    /// Fills `out` with the legal decisions (MI-39), whoever is to act.
    pub(crate) fn decisions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let drawn = s.seats.get(seat).map(SeatState::drawn_count);
        if matches!(drawn, Some(1 | 2)) {
            out.push(Action::Decline);
        }
        if !self.may_join(s, seat) {
            return;
        }
        match drawn {
            Some(1) => out.push(Action::Mine),
            Some(2) => out.extend([Action::Keep(0), Action::Keep(1)]),
            _ => {}
        }
    }
}
