//! Replay files: typed errors naming what is wrong (another game, format,
//! rules version, the first illegal step), and no panic on any mangled file.

use game_core::demo::{Pig, PigAction, PigConfig, PigError};
use game_core::{Replay, ReplayError, Seat, Session, Step};
use proptest::prelude::*;
use tabletop::game_core;
use tabletop::registry;

fn played() -> Session<Pig> {
    let mut s = Session::<Pig>::new(PigConfig::default(), 99).unwrap();
    for _ in 0..6 {
        let seat = s.to_act().seat().unwrap();
        s.act(seat, &PigAction::Roll).unwrap();
    }
    s
}

#[test]
fn a_replay_of_another_game_is_refused() {
    let mut r = played().to_replay();
    r.game = "moon".into();
    assert!(matches!(
        Session::from_replay(&r),
        Err(ReplayError::WrongGame { found, .. }) if found == "moon"
    ));
}

#[test]
fn a_replay_of_other_rules_or_format_is_refused() {
    let mut r = played().to_replay();
    r.rules_version += 1;
    assert!(matches!(
        Session::from_replay(&r),
        Err(ReplayError::WrongRulesVersion { .. })
    ));
    let mut r = played().to_replay();
    r.format = 99;
    assert!(matches!(
        Session::from_replay(&r),
        Err(ReplayError::WrongFormat { found: 99, .. })
    ));
}

#[test]
fn an_older_rules_version_a_game_still_plays_loads_through_the_registry() {
    // Moon Base went to rules version 2 (revision of 2026-11-25); a replay written by the
    // version-1 engine loads, plays to its end and keeps version 1.
    let text = include_str!("../moon-base-core/tests/golden/v1/replay-seed-24.json");
    let session = registry::find("moon-base")
        .unwrap()
        .load_replay(text)
        .unwrap();
    assert_eq!(session.to_act(), game_core::ToAct::Over);
    assert!(session.outcome().is_some());
    let back: serde_json::Value = serde_json::from_str(&session.replay_json()).unwrap();
    assert_eq!(back["rules_version"], 1);
    // The same file claiming the current version is refused at the stack
    // that the new rule S3b forbids.
    let claimed = text.replace(r#""rules_version": 1"#, r#""rules_version": 2"#);
    let Err(refused) = registry::find("moon-base").unwrap().load_replay(&claimed) else {
        panic!("a version-2 claim with a stack S3b forbids must not load");
    };
    assert!(refused.to_string().contains("S3b"), "{refused}");
}

#[test]
fn an_illegal_step_is_named_by_its_index() {
    let mut r: Replay<Pig> = played().to_replay();
    // Step 2 is an action; give it to the seat that was not to act.
    let Step::Action { seat, .. } = r.steps[2] else {
        panic!("step 2 follows a die roll and is an action");
    };
    r.steps[2] = Step::Action {
        seat: Seat(1 - seat.0),
        action: PigAction::Roll,
    };
    match Session::from_replay(&r) {
        Err(ReplayError::IllegalStep { step, error }) => {
            assert_eq!(step, 2);
            assert!(matches!(
                error,
                PigError::Core(game_core::Error::NotYourTurn { .. })
            ));
        }
        other => panic!("expected an illegal step, got {other:?}"),
    }
    let mut r: Replay<Pig> = played().to_replay();
    r.steps[1] = Step::Chance(game_core::demo::Die(7));
    assert!(matches!(
        Session::from_replay(&r),
        Err(ReplayError::IllegalStep {
            step: 1,
            error: PigError::Core(game_core::Error::BadChance)
        })
    ));
}

#[test]
fn a_replay_round_trips_through_json_with_the_seed_as_a_string() {
    let r = played().to_replay();
    let json = serde_json::to_string(&r).unwrap();
    assert!(json.contains(r#""seed":"99""#), "{json}");
    let back: Replay<Pig> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
    assert_eq!(
        Session::from_replay(&back).unwrap().state(),
        played().state()
    );
}

#[test]
fn undo_returns_to_an_earlier_position_exactly() {
    let mut s = played();
    let mut fresh = Session::<Pig>::new(PigConfig::default(), 99).unwrap();
    let seat = fresh.to_act().seat().unwrap();
    fresh.act(seat, &PigAction::Roll).unwrap();
    let version = s.state_version();
    s.undo_to(fresh.step_count()).unwrap();
    assert_eq!(s.state(), fresh.state());
    assert!(s.state_version() > version);
    assert!(s.undo_to(1000).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any edit of a replay file gives a session or an error, never a panic;
    /// a session it gives is a consistent game.
    #[test]
    fn a_mangled_replay_never_panics(edits in proptest::collection::vec((any::<u16>(), 0u8..3, any::<u8>()), 1..8)) {
        let mut bytes = serde_json::to_vec(&played().to_replay()).unwrap();
        for (at, kind, byte) in edits {
            let at = usize::from(at) % (bytes.len() + 1);
            match kind {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => { bytes.remove(at); }
                _ => bytes.insert(at, byte),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(session) = registry::find("pig").unwrap().load_replay(&text) {
            // Whatever loaded is a legal game that can go on.
            let _ = session.legal_actions();
            let _ = session.outcome();
            prop_assert!(session.step_count() <= 10_000);
        }
    }
}

/// A short replay of every registered game, played by random bots (made once).
fn replays_of_every_game() -> &'static [(String, Vec<u8>)] {
    static REPLAYS: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    REPLAYS.get_or_init(|| {
        registry::games()
            .iter()
            .map(|game| {
                let mut session = game.open(&serde_json::Value::Null, 5).unwrap();
                for seat in Seat::all(session.seats()) {
                    session.set_bot(seat, "random", u64::from(seat.0)).unwrap();
                }
                for _ in 0..30 {
                    if session.play_bot().is_err() {
                        break;
                    }
                }
                (game.name().to_owned(), session.replay_json().into_bytes())
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// The same for every game's replays: configs, actions and chance
    /// outcomes of each game, mangled, give an error or a sound session.
    #[test]
    fn a_mangled_replay_of_any_game_never_panics(
        game in 0usize..6,
        edits in proptest::collection::vec((any::<u16>(), 0u8..3, any::<u8>()), 1..6),
    ) {
        let all = replays_of_every_game();
        let (name, mut bytes) = all[game % all.len()].clone();
        for (at, kind, byte) in edits {
            let at = usize::from(at) % (bytes.len() + 1);
            match kind {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => { bytes.remove(at); }
                _ => bytes.insert(at, byte),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(session) = registry::find(&name).unwrap().load_replay(&text) {
            let _ = session.legal_actions();
            let _ = session.observe(game_core::Viewer::Spectator);
            let _ = session.outcome();
        }
    }
}

/// MOON replays recorded by rules version 1 (before the revision of 2026-11-25) load through
/// the registry, play as recorded and export as version 1 again.
#[test]
fn moon_replays_of_rules_version_1_load_and_keep_their_version() {
    let moon = registry::find("moon").unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("moon-core/tests/golden/v1");
    for name in [
        "coop-8bit-sixteen-cards-win",
        "coop-normal-seed-1",
        "comp-8bit-seed-5",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
        let session = moon.load_replay(&text).unwrap();
        assert!(session.outcome().is_some(), "{name}: ends as recorded");
        let back: serde_json::Value = serde_json::from_str(&session.replay_json()).unwrap();
        let recorded: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["rules_version"], 1, "{name}");
        assert_eq!(back["steps"], recorded["steps"], "{name}");
        assert_eq!(back["config"]["auto_end_when_idle"], true, "{name}");
    }
}
