//! Random playouts of every game and of the Connect4 anchor in one run,
//! then a table of nanoseconds per ply and the ratio to Connect4.
//!
//! Each row's time is what criterion measured for it (every sample of
//! `iter_custom`, warm-up excluded), divided by the plies one iteration
//! plays. Every iteration plays the same seeds, so the plies are exact.

use std::cell::RefCell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use bench_ratios::{Playouts, connect4_playout};
use criterion::{Criterion, Throughput};
use game_core::Game;

/// Seeds played per iteration by the fast games (Binary Scrabble plays
/// the first only: one of its games takes a tenth of a second).
const SEEDS: [u64; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// One measured row: its plies per iteration, and the time and
/// iterations criterion took for its samples.
struct Row {
    label: &'static str,
    plies: u64,
    time: Duration,
    iters: u64,
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let rows = RefCell::new(Vec::new());
    let mut group = c.benchmark_group("ratios/playout");
    measure(
        &mut group,
        &rows,
        "Connect4 (board-game 0.8.2)",
        &SEEDS,
        |seed| (connect4_playout(seed), true),
    );
    let mut moon = Playouts::new(moon_core::Moon::new(Default::default()).expect("default"));
    measure(&mut group, &rows, "MOON co-op", &SEEDS, |s| moon.play(s));
    let mut island =
        Playouts::new(market_island_core::MarketIsland::new(Default::default()).expect("default"));
    measure(&mut group, &rows, "Market Island, 4 seats", &SEEDS, |s| {
        island.play(s)
    });
    let mut base =
        Playouts::new(moon_base_core::MoonBase::new(Default::default()).expect("default"));
    measure(&mut group, &rows, "Moon Base", &SEEDS, |s| base.play(s));
    group.sample_size(10);
    let mut scrabble =
        Playouts::new(binary_scrabble_core::Scrabble::new(Default::default()).expect("default"));
    measure(&mut group, &rows, "Binary Scrabble", &SEEDS[..1], |s| {
        scrabble.play(s)
    });
    group.finish();
    c.final_summary();
    print_table(&rows.borrow());
}

/// Benches one row: every iteration plays `seeds` through `play`.
///
/// # Panics
/// When a seeded game does not end: a row must measure whole games.
fn measure(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    rows: &RefCell<Vec<Row>>,
    label: &'static str,
    seeds: &[u64],
    mut play: impl FnMut(u64) -> (u64, bool),
) {
    let mut plies = 0;
    for &seed in seeds {
        let (n, ended) = play(seed);
        assert!(ended, "{label}: seed {seed} does not end");
        plies += n;
    }
    group.throughput(Throughput::Elements(plies));
    let mut time = Duration::ZERO;
    let mut iters = 0;
    group.bench_function(label, |b| {
        b.iter_custom(|n| {
            let start = Instant::now();
            for _ in 0..n {
                for &seed in seeds {
                    black_box(play(black_box(seed)));
                }
            }
            let took = start.elapsed();
            time += took;
            iters += n;
            took
        });
    });
    rows.borrow_mut().push(Row {
        label,
        plies,
        time,
        iters,
    });
}

/// The table: nanoseconds per ply and the ratio to the first row.
fn print_table(rows: &[Row]) {
    let ns_per_ply = |r: &Row| {
        if r.iters == 0 || r.plies == 0 {
            return None;
        }
        Some(r.time.as_nanos() as f64 / (r.iters as f64 * r.plies as f64))
    };
    let Some(anchor) = rows.first().and_then(ns_per_ply) else {
        // A criterion filter skipped the anchor: no ratio can be given.
        return;
    };
    println!("\n| game | ns per ply | ratio to Connect4 |\n| --- | --- | --- |");
    for r in rows {
        if let Some(ns) = ns_per_ply(r) {
            println!("| {} | {ns:.0} | {:.1} |", r.label, ns / anchor);
        }
    }
}
