//! The shared criterion rows every game is measured on, in one call:
//! `harness::bench_game::<G>(c, "label", config, seed)`.
//!
//! Rows (each under `label/`): `clone` of a mid-game state, `apply` of one
//! legal action (clone kept out of the timing with `iter_batched`),
//! `legal_actions` into a reused buffer, `playout` (a whole random game,
//! throughput in plies, chance steps included) and `serde` (a JSON round
//! trip of the state). Positions come from a seeded random playout, so the
//! numbers compare across runs.

#![allow(dead_code)]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput};
use game_core::{
    Bot, BotView, Determinize, Game, GameRng, MctsBot, MctsConfig, Seat, ToAct, random_playout,
};

/// A position after `decisions` seat actions of a seeded random game
/// (chance steps do not count), or the last position where a seat was to
/// act if the game ends sooner.
pub fn mid_game<G: Game>(game: &G, seed: u64, decisions: usize) -> G::State {
    let mut state = game.initial_state();
    let mut rng = GameRng::new(seed);
    let mut actions = Vec::new();
    let mut chances = Vec::new();
    let mut best = state.clone();
    let mut made = 0;
    for _ in 0..game.max_steps() {
        if matches!(game.to_act(&state), ToAct::Seat(_)) {
            best = state.clone();
            if made == decisions {
                break;
            }
            made += 1;
        }
        if random_playout(game, &mut state, &mut rng, 1, &mut actions, &mut chances) == 0 {
            break;
        }
    }
    best
}

/// Plies (steps, chance included) of the seeded random game the playout
/// row plays, and whether it reached the end.
pub fn seeded_game_plies<G: Game>(game: &G, seed: u64) -> (u64, bool) {
    let mut state = game.initial_state();
    let mut rng = GameRng::new(seed);
    let plies = random_playout(
        game,
        &mut state,
        &mut rng,
        game.max_steps(),
        &mut Vec::new(),
        &mut Vec::new(),
    );
    (plies as u64, game.to_act(&state) == ToAct::Over)
}

/// Registers the shared rows for `config` under `label`.
///
/// # Panics
/// When the config is invalid or the mid-game position has no seat to act:
/// a bench must measure a real position.
pub fn bench_game<G: Game>(c: &mut Criterion, label: &str, config: G::Config, seed: u64) {
    let game = G::new(config).expect("bench config is valid");
    let state = mid_game(&game, seed, 20);
    let ToAct::Seat(seat) = game.to_act(&state) else {
        panic!("{label}: no seat to act in the bench position");
    };
    let mut legal = Vec::new();
    game.legal_actions(&state, seat, &mut legal);
    assert!(!legal.is_empty(), "{label}: no legal action to bench");
    bench_position(c, label, &game, &state, seat, &legal);
    bench_playout(c, label, &game, seed);
}

/// The whole-game row: one seeded random game per iteration, throughput in
/// plies (chance steps included).
///
/// # Panics
/// When the seeded game does not end within `max_steps`.
pub fn bench_playout<G: Game>(c: &mut Criterion, label: &str, game: &G, seed: u64) {
    let (plies, ended) = seeded_game_plies(game, seed);
    assert!(ended, "{label}: the seeded playout ends");
    let mut group = c.benchmark_group(format!("{label}/playout"));
    // Each iteration plays the same seeded game, so the plies per iteration
    // (the throughput unit) are exact.
    group.throughput(Throughput::Elements(plies.max(1)));
    let mut actions = Vec::new();
    let mut chances = Vec::new();
    group.bench_function("random game", |b| {
        b.iter(|| {
            let mut rng = GameRng::new(seed);
            let mut s = game.initial_state();
            let plies = random_playout(
                game,
                &mut s,
                &mut rng,
                game.max_steps(),
                &mut actions,
                &mut chances,
            );
            black_box((plies, s))
        });
    });
    group.finish();
}

/// The per-position rows: clone, apply, legal_actions, serde.
pub fn bench_position<G: Game>(
    c: &mut Criterion,
    label: &str,
    game: &G,
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
) {
    let mut group = c.benchmark_group(label.to_owned());
    group.bench_function("clone", |b| b.iter(|| black_box(state.clone())));
    let action = legal[legal.len() / 2].clone();
    group.bench_function("apply", |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| {
                game.apply(s, seat, &action)
                    .expect("a legal action applies")
            },
            BatchSize::SmallInput,
        );
    });
    let mut buffer = Vec::with_capacity(legal.len());
    // Checked before timing, so a criterion filter that skips the row
    // cannot leave the check looking at an empty buffer.
    game.legal_actions(state, seat, &mut buffer);
    assert_eq!(
        buffer.as_slice(),
        legal,
        "{label}: legal actions are stable"
    );
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            game.legal_actions(black_box(state), seat, &mut buffer);
            black_box(buffer.len())
        });
    });
    group.bench_function("serde", |b| {
        b.iter(|| {
            let json = serde_json::to_vec(black_box(state)).expect("state serializes");
            let back: G::State = serde_json::from_slice(&json).expect("state reads back");
            black_box(back)
        });
    });
    group.finish();
}

/// The MCTS row: one search of `iterations` iterations (each a random
/// playout) for the first seat to act in a seeded game, throughput in
/// iterations, so criterion prints MCTS iterations per second. `samples`
/// (10 at least) keeps the rows of slow games short.
///
/// # Panics
/// When the seeded game never reaches a seat with a choice.
pub fn bench_mcts<G: Determinize>(
    c: &mut Criterion,
    label: &str,
    game: &G,
    iterations: u32,
    samples: usize,
) {
    let mut state = game.initial_state();
    let mut rng = GameRng::new(1);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    // The first decision with two legal actions or more (a search of one
    // action returns at once).
    let seat = loop {
        if let ToAct::Seat(seat) = game.to_act(&state) {
            game.legal_actions(&state, seat, &mut actions);
            if actions.len() > 1 {
                break seat;
            }
        }
        let steps = random_playout(game, &mut state, &mut rng, 1, &mut actions, &mut chances);
        assert!(steps == 1, "{label}: no decision to search");
    };
    let mut legal = Vec::new();
    game.legal_actions(&state, seat, &mut legal);
    let mut group = c.benchmark_group(format!("{label}/mcts"));
    group.throughput(Throughput::Elements(u64::from(iterations)));
    group.sample_size(samples);
    group.bench_function(format!("{iterations} iterations"), |b| {
        b.iter(|| {
            let mut bot = MctsBot::new(MctsConfig {
                iterations,
                ..MctsConfig::default()
            });
            let view = BotView::new(game, &state, seat, &legal, false);
            black_box(bot.select(&view, &mut GameRng::new(7)))
        });
    });
    group.finish();
}
