//! What a move would cost and score before it is played
//! ([`game_core::Preview`]).
//!
//! An operation costs energy (M-11), as the acting seat pays it now: the
//! hacker's discount or a free use (M-44, M-45), a token's price (M-48).
//! The amount is in half-units, as the state counts energy (M-1), so an
//! INC at the default 2 is `energy` 4; a free use costs nothing and lists
//! no cost. A token play also spends its token (`token` 1). Choosing an OK
//! target, giving a BUG card and ending the turn cost nothing.
//!
//! A move scores the goals the rules solve before the next draw or
//! decision: the solve checks of cooperative play (M-24, the team's point)
//! and the competitive goal check (M-40, the mover's). Those checks depend
//! on the whole queue and flow, so the preview plays the move on a copy of
//! the state (a `State` is `Copy`) and reads the points off it, as
//! `public_chance` does for a draw. A move that solves nothing has no
//! score (`None`).

use game_core::{Cost, Game, MovePreview, Preview, Seat};

use crate::action::Action;
use crate::moon::Moon;
use crate::state::State;

impl Preview for Moon {
    fn preview(&self, s: &State, seat: Seat, a: &Action) -> MovePreview {
        let mut costs = Vec::new();
        if let Action::Op(op) | Action::Token(op) = *a {
            let token = matches!(a, Action::Token(_));
            // M-11, M-44, M-45, M-48: what `play` takes off the energy.
            let (energy, _free) = self.op_price(s, op.kind(), token);
            if energy.half_units() > 0 {
                costs.push(Cost {
                    resource: "energy",
                    amount: i64::from(energy.half_units()),
                });
            }
            if token {
                costs.push(Cost {
                    resource: "token",
                    amount: 1,
                });
            }
        }
        // M-24, M-40: the goals solved on the way to the next decision.
        let holder = self.holder(seat);
        let points = |st: &State| i64::from(st.scores.get(holder).copied().unwrap_or(0));
        let mut after = *s;
        let score = match self.apply(&mut after, seat, a) {
            Ok(()) => Some(points(&after) - points(s)).filter(|p| *p != 0),
            Err(_) => None,
        };
        MovePreview { score, costs }
    }
}
