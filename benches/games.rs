//! Shared-harness rows for the demo games of game-core; each game crate's
//! bench file adds its own game the same way, with one call.

mod harness;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::demo::{HighCard, Pig};

fn demo_games(c: &mut Criterion) {
    harness::bench_game::<Pig>(c, "pig", Default::default(), 1);
    harness::bench_game::<HighCard>(c, "high-card", Default::default(), 1);
}

criterion_group!(benches, demo_games);
criterion_main!(benches);
