//! Loops seeded random playouts of the default game: a target for a profiler.

use game_core::{Game, GameRng, random_playout};
use moon_base_core::MoonBase;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let game = MoonBase::new(Default::default()).expect("default config");
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    let mut plies = 0;
    let start = std::time::Instant::now();
    for seed in 0..n {
        let mut s = game.initial_state();
        let mut rng = GameRng::new(seed);
        plies += random_playout(
            &game,
            &mut s,
            &mut rng,
            game.max_steps(),
            &mut actions,
            &mut chances,
        );
    }
    let took = start.elapsed();
    println!(
        "{plies} plies, {:.0} ns/ply",
        took.as_nanos() as f64 / plies as f64
    );
}
