//! Shared-harness rows for the demo games of game-core; each game crate's
//! bench file adds its own game the same way, with one call. Then MCTS
//! iterations per second for every game, side by side.

mod harness;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::Game;
use game_core::demo::{HighCard, Pig};

fn demo_games(c: &mut Criterion) {
    harness::bench_game::<Pig>(c, "pig", Default::default(), 1);
    harness::bench_game::<HighCard>(c, "high-card", Default::default(), 1);
}

/// MCTS from the first decision of a seeded game of each default table:
/// iterations per second, each iteration one random playout.
fn mcts(c: &mut Criterion) {
    let moon = moon_core::Moon::new(Default::default()).expect("default");
    harness::bench_mcts(c, "moon-coop", &moon, 200, 100);
    let island = market_island_core::MarketIsland::new(Default::default()).expect("default");
    harness::bench_mcts(c, "market-island", &island, 200, 100);
    let base = moon_base_core::MoonBase::new(Default::default()).expect("default");
    harness::bench_mcts(c, "moon-base", &base, 50, 20);
    // One Binary Scrabble playout takes a tenth of a second: few samples.
    let scrabble = binary_scrabble_core::Scrabble::new(Default::default()).expect("default");
    harness::bench_mcts(c, "binary-scrabble", &scrabble, 2, 10);
}

criterion_group!(benches, demo_games, mcts);
criterion_main!(benches);
