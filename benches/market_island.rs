//! Market Island benches: the shared harness rows for 2, 4 and 6 seats,
//! plus block scoring, block hashing and ledger verification.
//!
//! Targets: a whole random 4-seat game under 100 µs, a state clone under
//! 1 µs. Each row checks its own answer so a fast wrong one cannot pass.

mod harness;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::{Game, GameRng, Seat, random_playout};
use market_island_core::{Config, Face, MarketIsland, Winner, winner};

fn harness_rows(c: &mut Criterion) {
    harness::bench_game::<MarketIsland>(c, "market-island-2p", Config::with_seats(2), 1);
    harness::bench_game::<MarketIsland>(c, "market-island-4p", Config::with_seats(4), 1);
    harness::bench_game::<MarketIsland>(c, "market-island-6p", Config::with_seats(6), 1);
}

fn face(t: &str) -> Face {
    t.parse().expect("a face")
}

fn block_scoring(c: &mut Criterion) {
    // Six miners against six block cards; 9H wins on score (EX-1 style).
    let miners: Vec<(Seat, Face)> = ["9H", "AC", "KH", "2D", "QS", "7C"]
        .iter()
        .enumerate()
        .map(|(i, f)| (Seat(i as u8), face(f)))
        .collect();
    let block: Vec<Face> = ["9H", "KH", "9D", "3S", "JC", "5H"]
        .iter()
        .map(|f| face(f))
        .collect();
    let wc = face("9C");
    assert_eq!(winner(&miners, wc, &block, true), Winner::Seat(Seat(0)));
    c.bench_function("market-island/score block of 6 miners", |b| {
        b.iter(|| winner(black_box(&miners), black_box(wc), black_box(&block), true));
    });
}

fn ledger(c: &mut Criterion) {
    // The chain of a finished seeded 6-seat game.
    let g = MarketIsland::new(Config::with_seats(6)).expect("valid config");
    let mut s = g.initial_state();
    let mut rng = GameRng::new(3);
    random_playout(
        &g,
        &mut s,
        &mut rng,
        g.max_steps(),
        &mut Vec::new(),
        &mut Vec::new(),
    );
    let blocks = s.ledger().blocks().to_vec();
    assert!(blocks.len() >= 3, "a game with several blocks");
    assert_eq!(g.verify_ledger(&blocks), Ok(()));
    let head = blocks.last().expect("a head").clone();
    assert_eq!(head.compute_hash(), head.hash);
    c.bench_function(
        &format!("market-island/verify ledger of {} blocks", blocks.len()),
        |b| {
            b.iter(|| g.verify_ledger(black_box(&blocks)));
        },
    );
    c.bench_function("market-island/hash one block", |b| {
        b.iter(|| black_box(&head).compute_hash());
    });
}

criterion_group!(benches, harness_rows, block_scoring, ledger);
criterion_main!(benches);
