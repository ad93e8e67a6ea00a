//! The legal decisions of the seat to act (MI-39).

use game_core::{GameRng, Seat};

use crate::state::{SeatState, State};
use crate::{Action, MarketIsland};

impl MarketIsland {
    /// Fills `out` with the legal decisions (MI-39), whoever is to act.
    pub(crate) fn decisions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let (list, n) = self.decision_list(s, seat);
        out.extend_from_slice(&list[..n]);
    }

    /// The decision `listed_random_action` draws from [`Self::decisions`],
    /// with the same use of `rng`, without a list; `None` (the rng
    /// untouched) when there is none.
    pub(crate) fn random_decision(
        &self,
        s: &State,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Option<Action> {
        let (list, n) = self.decision_list(s, seat);
        if n == 0 {
            return None;
        }
        list.get(rng.below(n as u32) as usize).copied()
    }

    /// The legal decisions in the order they are listed, inline: the first
    /// `n` of the array.
    fn decision_list(&self, s: &State, seat: Seat) -> ([Action; 3], usize) {
        let mut list = [Action::Decline; 3];
        let drawn = s.seats.get(seat).map(SeatState::drawn_count);
        if !matches!(drawn, Some(1 | 2)) {
            return (list, 0);
        }
        // `Decline` first, then what joining allows.
        if !self.may_join(s, seat) {
            return (list, 1);
        }
        if drawn == Some(1) {
            list[1] = Action::Mine;
            (list, 2)
        } else {
            list[1] = Action::Keep(0);
            list[2] = Action::Keep(1);
            (list, 3)
        }
    }
}
