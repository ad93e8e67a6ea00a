//! The state and replay target: files a user could hand in, mangled.
//!
//! Layout: a byte picks the game (low two bits) and what to feed it (next
//! two bits): a state or a replay from the [`Table`] of seeded games
//! (config, game and step from the next bytes) with one to four JSON edits,
//! or the bytes as the JSON text of a state or a replay.
//!
//! A state must be refused by deserialization or `check_state`, or be
//! sound: the walk of [`crate::drive`] then runs on it, with every
//! invariant checked (legal lists, `check` against them, atomic refusals,
//! observations). A replay must be refused, or load to a session whose own
//! replay loads again to the same state, through the typed `Session` and
//! the type-erased registry alike; the walk then runs on from its state.

use std::sync::LazyLock;

use serde_json::Value;

use game_core::{Game, REPLAY_FORMAT, Replay, Seat, Session, Viewer};
use tabletop::registry;

use crate::table::{Limits, Table};
use crate::walk::{Start, Walk};
use crate::{Input, json};

/// A walk on a loaded state computes two legal lists of its own at most
/// (Binary Scrabble's take milliseconds).
const LIMITS: Limits = Limits {
    fresh_lists: 2,
    check_state_every: 1,
    json: true,
};
/// How many legal actions of a loaded state are applied one by one.
const APPLY_EACH: usize = 32;

/// What the target feeds a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feed {
    EditedState,
    EditedReplay,
    RawState,
    RawReplay,
}

/// Runs one fuzz input (see the module docs).
///
/// # Panics
/// When a state or replay that was accepted breaks an invariant.
pub fn state_replay(data: &[u8]) {
    let mut input = Input::new(data);
    let head = input.byte();
    let feed = match (head >> 2) % 4 {
        0 => Feed::EditedState,
        1 => Feed::EditedReplay,
        2 => Feed::RawState,
        _ => Feed::RawReplay,
    };
    match head % 4 {
        0 => one(&MOON, feed, &mut input),
        1 => one(&SCRABBLE, feed, &mut input),
        2 => one(&MARKET, feed, &mut input),
        _ => one(&BASE, feed, &mut input),
    }
}

static MOON: LazyLock<Table<moon_core::Moon>> = LazyLock::new(|| Table::new(crate::moon()));
static SCRABBLE: LazyLock<Table<binary_scrabble_core::Scrabble>> =
    LazyLock::new(|| Table::new(crate::binary_scrabble()));
static MARKET: LazyLock<Table<market_island_core::MarketIsland>> =
    LazyLock::new(|| Table::new(crate::market_island()));
static BASE: LazyLock<Table<moon_base_core::MoonBase>> =
    LazyLock::new(|| Table::new(crate::moon_base()));

fn one<G: Game>(table: &Table<G>, feed: Feed, input: &mut Input<'_>) {
    let Some(listed) = table.listed.get(input.below(table.listed.len())) else {
        return;
    };
    let game = &listed.game;
    match feed {
        Feed::EditedState => {
            let Some(played) = listed.played.get(input.below(listed.played.len())) else {
                return;
            };
            let state = &played.states[input.below(played.states.len())];
            let mut v = serde_json::to_value(state).expect("serializes");
            for _ in 0..=input.byte() % 4 {
                json::mutate(&mut v, input);
            }
            if let Ok(state) = serde_json::from_value::<G::State>(v) {
                state_on(game, state, input);
            }
        }
        Feed::RawState => {
            let len = usize::from(u16::from_le_bytes([input.byte(), input.byte()]));
            if let Ok(state) = serde_json::from_slice::<G::State>(input.take(len)) {
                state_on(game, state, input);
            }
        }
        Feed::EditedReplay => {
            let Some(played) = listed.played.get(input.below(listed.played.len())) else {
                return;
            };
            let k = input.below(played.steps.len() + 1);
            let replay = Replay::<G> {
                game: G::NAME.to_owned(),
                format: REPLAY_FORMAT,
                rules_version: G::RULES_VERSION,
                seed: u64::from(input.byte()),
                config: game.config().clone(),
                steps: played.steps[..k].to_vec(),
            };
            let mut v = serde_json::to_value(replay).expect("serializes");
            for _ in 0..=input.byte() % 4 {
                json::mutate(&mut v, input);
            }
            replay_on::<G>(&v.to_string(), input);
        }
        Feed::RawReplay => {
            let len = usize::from(u16::from_le_bytes([input.byte(), input.byte()]));
            let text = String::from_utf8_lossy(input.take(len)).into_owned();
            replay_on::<G>(&text, input);
        }
    }
}

/// A deserialized state: refused by `check_state`, or sound to play on:
/// its legal actions apply, every viewer can look, and the walk goes on.
fn state_on<G: Game>(game: &G, state: G::State, input: &mut Input<'_>) {
    if game.check_state(&state).is_err() {
        return;
    }
    let mut legal = Vec::new();
    if let Some(seat) = game.to_act(&state).seat() {
        game.legal_actions(&state, seat, &mut legal);
        let every = legal.len().div_ceil(APPLY_EACH).max(1);
        for a in legal.iter().step_by(every) {
            let mut s = state.clone();
            if let Err(e) = game.apply(&mut s, seat, a) {
                panic!("a legal action {a:?} of an accepted state is refused: {e}\n{state:?}");
            }
        }
    }
    for v in Seat::all(game.seats())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
    {
        serde_json::to_string(&game.observe(&state, v)).expect("an observation serializes");
    }
    let start = Start {
        legal: Some(legal.into()),
        checked: true,
        ..Start::fresh(state, false)
    };
    Walk::new(game, start, LIMITS).run(input);
}

/// A replay's text: refused by both loaders alike, or loaded to a session
/// that saves and loads again to itself; then the walk plays on.
fn replay_on<G: Game>(text: &str, input: &mut Input<'_>) {
    let typed = serde_json::from_str::<game_core::Replay<G>>(text)
        .ok()
        .and_then(|r| Session::from_replay(&r).ok());
    let erased = registry::find(G::NAME)
        .expect("every game is registered")
        .load_replay(text);
    let (session, erased) = match (typed, erased) {
        (None, Err(_)) => return,
        (Some(s), Ok(e)) => (s, e),
        (Some(_), Err(e)) => panic!("the registry refuses a replay Session loads: {e}\n{text}"),
        (None, Ok(_)) => panic!("the registry loads a replay Session refuses\n{text}"),
    };
    let saved = session.to_replay();
    let again = Session::from_replay(&saved)
        .unwrap_or_else(|e| panic!("a loaded replay, saved, does not load again: {e}\n{text}"));
    assert!(
        again.state() == session.state(),
        "a saved replay loads elsewhere\n{text}"
    );
    let erased_replay: Value = serde_json::from_str(&erased.replay_json()).expect("JSON");
    assert!(
        erased_replay == serde_json::to_value(&saved).expect("serializes"),
        "the registry and Session save different replays\n{text}"
    );
    let game = session.game();
    for v in Seat::all(game.seats())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
    {
        assert!(
            erased.observe(v) == serde_json::to_value(session.observe(v)).expect("serializes"),
            "the registry and Session show {v:?} different observations"
        );
        assert!(
            erased.log_for(v).as_array().map(Vec::len) == Some(session.log_for(v).len()),
            "the registry's log for {v:?} is not one entry per step"
        );
    }
    let start = Start {
        checked: true,
        ..Start::fresh(session.state().clone(), false)
    };
    Walk::new(game, start, LIMITS).run(input);
}
