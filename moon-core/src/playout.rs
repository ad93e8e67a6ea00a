//! An informed playout policy for the search bots: the solver's
//! move, with a little randomness so playouts still explore.

use game_core::{Game, GameRng, Playout, Seat};

use crate::action::Action;
use crate::bots::SolverBot;
use crate::moon::Moon;
use crate::state::State;

/// Plays the [`SolverBot`]'s move from the acting seat's observation of the
/// playout state; one move in `1 / explore` (default 10) is uniformly
/// random instead. A playout of solver moves tells a search what a good
/// player would make of a position, which random play in MOON (mostly
/// wasted energy) does not.
#[derive(Debug)]
pub struct SolverPlayout {
    bot: SolverBot,
    explore: u32,
}

impl Default for SolverPlayout {
    fn default() -> Self {
        SolverPlayout {
            bot: SolverBot::new(),
            explore: 10,
        }
    }
}

impl Playout<Moon> for SolverPlayout {
    fn choose(
        &mut self,
        game: &Moon,
        state: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> usize {
        let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
        if self.explore > 0 && rng.below(self.explore) == 0 {
            return rng.below(n) as usize;
        }
        self.solver_choice(game, state, seat, legal)
    }

    /// In the tree: the solver's move, the search's first candidate.
    fn prior(
        &mut self,
        game: &Moon,
        state: &State,
        seat: Seat,
        legal: &[Action],
        _rng: &mut GameRng,
    ) -> Option<usize> {
        Some(self.solver_choice(game, state, seat, legal))
    }
}

impl SolverPlayout {
    fn solver_choice(&mut self, game: &Moon, state: &State, seat: Seat, legal: &[Action]) -> usize {
        let obs = game.observe(state, seat.into());
        let a = self.bot.choose(game, &obs, seat, legal);
        legal.binary_search(&a).unwrap_or(0)
    }
}
