//! MOON benches: the shared harness rows for both modes, and solver queries
//! (4-bit from a prepared `Solver`, the one-time table build, and 6-bit
//! searches without RAM on a fixed suite). Each solver bench checks its
//! answers, so a fast wrong answer cannot pass.

mod harness;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::GameRng;
use moon_core::{
    ALL_EVENTS, Config, Difficulty, Energy, Moon, Operation, Solver, SolverQuery, WideGoalModel,
    min_energy_plan,
};

fn games(c: &mut Criterion) {
    harness::bench_game::<Moon>(
        c,
        "moon-coop-normal",
        Config::cooperative(Difficulty::Normal),
        1,
    );
    harness::bench_game::<Moon>(
        c,
        "moon-coop-6bit-events",
        Config {
            width: 6,
            events: ALL_EVENTS.to_vec(),
            wide_goal_model: WideGoalModel::QueuePairs,
            ..Config::cooperative(Difficulty::Easy)
        },
        2,
    );
    harness::bench_game::<Moon>(
        c,
        "moon-comp-3",
        Config::competitive(3, Difficulty::Normal),
        3,
    );
}

/// A fixed suite of random queries at `width` (seeded, so always the same).
fn suite(width: u8, count: usize, seed: u64) -> Vec<SolverQuery> {
    let mut rng = GameRng::new(seed);
    let m = moon_core::mask(width);
    (0..count)
        .map(|_| {
            let regs = [0u8; 4].map(|_| (rng.next_u32() as u8) & m);
            let goal = (rng.next_u32() as u8) & m;
            SolverQuery::new(width, regs, goal)
        })
        .collect()
}

fn check(q: &SolverQuery, answer: &Option<(Energy, Vec<Operation>)>) -> u32 {
    let (cost, plan) = answer.as_ref().expect("base operations reach every goal");
    assert_eq!(q.replay(plan), Some((q.goal, *cost)), "{q:?}");
    u32::from(cost.0)
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("moon-solver");
    let four = suite(4, 256, 4);
    group.bench_function("4-bit table build (16 goals)", |b| {
        b.iter(|| {
            let mut s = Solver::new();
            s.prepare(&four[0]).unwrap();
            black_box(s)
        });
    });
    let mut prepared = Solver::new();
    prepared.prepare(&four[0]).unwrap();
    // The table answers as the search does.
    let want: Vec<u32> = four
        .iter()
        .map(|q| check(q, &min_energy_plan(q).unwrap()))
        .collect();
    let mut i = 0;
    group.bench_function("4-bit query with plan (prepared Solver)", |b| {
        b.iter(|| {
            let q = &four[i % four.len()];
            let answer = prepared.solve(black_box(q)).unwrap();
            assert_eq!(check(q, &answer), want[i % four.len()]);
            i += 1;
        });
    });
    let mut j = 0;
    group.bench_function("4-bit query with plan (search)", |b| {
        b.iter(|| {
            let q = &four[j % four.len()];
            let answer = min_energy_plan(black_box(q)).unwrap();
            assert_eq!(check(q, &answer), want[j % four.len()]);
            j += 1;
        });
    });
    let six = suite(6, 16, 6);
    group.sample_size(10);
    group.bench_function("6-bit suite of 16 queries, no RAM", |b| {
        b.iter(|| {
            let total: u32 = six
                .iter()
                .map(|q| check(q, &min_energy_plan(black_box(q)).unwrap()))
                .sum();
            black_box(total)
        });
    });
    group.finish();
}

criterion_group!(benches, games, solver);
criterion_main!(benches);
