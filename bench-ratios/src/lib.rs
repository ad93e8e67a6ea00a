//! Random playouts of every game beside the Connect4 of the `board-game`
//! crate, a well-kept plain board game, so that speed is read as a ratio
//! measured in one run (machines here are noisy; only ratios in one run
//! compare). `cargo bench -p bench-ratios` prints the table.
//!
//! A ply is one step of a game, chance steps included; every row plays
//! the same seeds.

use board_game::board::Board;
use board_game::games::connect4::Connect4;
use game_core::{Game, GameRng, ToAct, random_playout};
use rand::SeedableRng;
use rand_chacha_03::ChaCha8Rng;

/// Plays one random Connect4 game from the empty board (uniform moves
/// drawn from ChaCha8, as game-core's `GameRng`) and returns its plies.
#[must_use]
pub fn connect4_playout(seed: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = Connect4::default();
    let mut plies = 0;
    while let Ok(mv) = board.random_available_move(&mut rng) {
        if board.play(mv).is_err() {
            break;
        }
        plies += 1;
    }
    plies
}

/// A game with scratch buffers reused across playouts, as a bot's
/// playout loop keeps them.
pub struct Playouts<G: Game> {
    game: G,
    actions: Vec<G::Action>,
    chances: Vec<(G::Chance, u32)>,
}

impl<G: Game> Playouts<G> {
    /// Playouts of `game`.
    #[must_use]
    pub fn new(game: G) -> Self {
        Playouts {
            game,
            actions: Vec::new(),
            chances: Vec::new(),
        }
    }

    /// Plays one random game to the end (uniform legal actions, chance by
    /// weight) and returns its plies and whether it ended.
    pub fn play(&mut self, seed: u64) -> (u64, bool) {
        let mut state = self.game.initial_state();
        let mut rng = GameRng::new(seed);
        let plies = random_playout(
            &self.game,
            &mut state,
            &mut rng,
            self.game.max_steps(),
            &mut self.actions,
            &mut self.chances,
        );
        (plies as u64, self.game.to_act(&state) == ToAct::Over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect4_games_end_within_the_board() {
        for seed in 0..20 {
            let plies = connect4_playout(seed);
            assert!((7..=42).contains(&plies), "seed {seed}: {plies} plies");
        }
    }

    #[test]
    fn seeded_playouts_repeat_and_end() {
        let mut moon = Playouts::new(moon_core::Moon::new(Default::default()).unwrap());
        let first = moon.play(3);
        assert!(first.1, "the MOON playout ends");
        assert!(first.0 > 0);
        assert_eq!(moon.play(3), first);
        assert_eq!(connect4_playout(3), connect4_playout(3));
    }
}
