//! No panic on any deserialized state: states of every game, with numbers in
//! their JSON shifted (mostly by a little, so they still parse), are either
//! refused by `check_state` or can be played on (legal actions,
//! observations, a random playout) without a panic.

use proptest::prelude::*;
use serde_json::Value;
use tabletop::binary_scrabble::Scrabble;
use tabletop::game_core::{Game, GameRng, Seat, Viewer, random_playout};
use tabletop::market_island::MarketIsland;
use tabletop::moon::Moon;
use tabletop::moon_base::MoonBase;

/// A state `plies` steps into a seeded random game, as JSON.
fn state_json<G: Game>(game: &G, seed: u64, plies: usize) -> Value {
    let mut s = game.initial_state();
    let mut rng = GameRng::new(seed);
    random_playout(
        game,
        &mut s,
        &mut rng,
        plies,
        &mut Vec::new(),
        &mut Vec::new(),
    );
    serde_json::to_value(&s).unwrap()
}

/// How many numbers a JSON tree holds.
fn count_numbers(v: &Value) -> usize {
    match v {
        Value::Number(_) => 1,
        Value::Array(items) => items.iter().map(count_numbers).sum(),
        Value::Object(map) => map.values().map(count_numbers).sum(),
        Value::Null | Value::Bool(_) | Value::String(_) => 0,
    }
}

/// Shifts the `pick`-th number of `v` (cyclically) by `delta`, keeping
/// its sign, so the state mostly still parses and `check_state` must judge it.
fn shift_number(v: &mut Value, pick: usize, delta: i64) {
    let count = count_numbers(v);
    if count > 0 {
        replace_nth(v, pick % count, delta, &mut 0);
    }
}

fn replace_nth(v: &mut Value, n: usize, delta: i64, i: &mut usize) -> bool {
    match v {
        Value::Number(number) => {
            if *i == n {
                if let Some(old) = number.as_i64() {
                    *v = Value::from(old.saturating_add(delta).max(0));
                }
                return true;
            }
            *i += 1;
            false
        }
        Value::Array(items) => items.iter_mut().any(|x| replace_nth(x, n, delta, i)),
        Value::Object(map) => map.values_mut().any(|x| replace_nth(x, n, delta, i)),
        Value::Null | Value::Bool(_) | Value::String(_) => false,
    }
}

/// Mangles a state of `G` and, if it is accepted, plays on it.
fn damaged_state_is_refused_or_playable<G: Game>(seed: u64, plies: usize, edits: &[(usize, i64)]) {
    let game = G::new(G::Config::default()).unwrap();
    let mut json = state_json(&game, seed, plies);
    for &(pick, delta) in edits {
        shift_number(&mut json, pick, delta);
    }
    let Ok(state) = serde_json::from_value::<G::State>(json) else {
        return;
    };
    if game.check_state(&state).is_err() {
        return;
    }
    let mut legal = Vec::new();
    for seat in Seat::all(game.seats()) {
        game.legal_actions(&state, seat, &mut legal);
        let _ = game.observe(&state, Viewer::Seat(seat));
    }
    let _ = game.observe(&state, Viewer::Spectator);
    let _ = game.outcome(&state);
    let mut s = state;
    random_playout(
        &game,
        &mut s,
        &mut GameRng::new(seed),
        200,
        &mut Vec::new(),
        &mut Vec::new(),
    );
}

fn edits() -> impl Strategy<Value = Vec<(usize, i64)>> {
    proptest::collection::vec(
        (
            any::<usize>(),
            prop_oneof![4 => -3i64..=3, 1 => Just(200), 1 => Just(i64::from(u32::MAX))],
        ),
        1..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn moon_states(seed in any::<u64>(), plies in 0usize..60, e in edits()) {
        damaged_state_is_refused_or_playable::<Moon>(seed, plies, &e);
    }

    #[test]
    fn binary_scrabble_states(seed in any::<u64>(), plies in 0usize..40, e in edits()) {
        damaged_state_is_refused_or_playable::<Scrabble>(seed, plies, &e);
    }

    #[test]
    fn market_island_states(seed in any::<u64>(), plies in 0usize..80, e in edits()) {
        damaged_state_is_refused_or_playable::<MarketIsland>(seed, plies, &e);
    }

    #[test]
    fn moon_base_states(seed in any::<u64>(), plies in 0usize..120, e in edits()) {
        damaged_state_is_refused_or_playable::<MoonBase>(seed, plies, &e);
    }
}
