//! Determinization for search bots: Moon Base has no hidden information.

use game_core::{Determinize, GameRng, Seat};

use crate::{MoonBase, State};

impl Determinize for MoonBase {
    fn determinize(&self, s: &State, _seat: Seat, _rng: &mut GameRng) -> State {
        // B-11: perfect information; nothing to redraw.
        s.clone()
    }
}
