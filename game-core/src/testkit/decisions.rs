//! A seeded random game walked decision by decision, for tests that check
//! something of every position a seat moves in (a preview against what
//! `apply` does, a count against the list).

use crate::{Game, GameRng, Seat, ToAct};

/// Plays one game of `game` from `seed`: chance by its weights, and at
/// every seat decision `decide` is shown the state, the seat, its legal
/// moves and the game's random stream, and answers the index of the move
/// to play (`rng.below(len)` for a uniformly random one). Returns how many
/// decisions there were.
///
/// # Panics
/// When the game does not end within `max_steps`, a seat to act has no
/// legal move, or the game refuses a move or outcome it listed.
pub fn walk_decisions<G: Game>(
    game: &G,
    seed: u64,
    mut decide: impl FnMut(&G::State, Seat, &[G::Action], &mut GameRng) -> usize,
) -> usize {
    let mut rng = GameRng::new(seed);
    let mut s = game.initial_state();
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    for _ in 0..game.max_steps() {
        match game.to_act(&s) {
            ToAct::Over => return decisions,
            ToAct::Chance => {
                game.chance_outcomes(&s, &mut outcomes);
                let c = rng.pick(&outcomes).cloned().expect("a chance outcome");
                game.apply_chance(&mut s, &c).expect("a listed outcome");
            }
            ToAct::Seat(seat) => {
                decisions += 1;
                game.legal_actions(&s, seat, &mut legal);
                assert!(!legal.is_empty(), "seed {seed}: {seat} has no move");
                let i = decide(&s, seat, &legal, &mut rng);
                let a = legal[i].clone();
                game.apply(&mut s, seat, &a).expect("a listed move");
            }
        }
    }
    panic!("seed {seed}: no end within max_steps");
}

/// A uniformly random one of `len` moves: the usual answer of `decide`.
pub fn any_move(len: usize, rng: &mut GameRng) -> usize {
    rng.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
}
