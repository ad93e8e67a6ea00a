//! Replays of rules version 1 (before the revision of 2026-11-25). The files under `tests/golden/v1/`
//! were recorded by the code before that issue (commit a3f94a7), each with
//! the final state it reached: they must load, play as recorded (the same
//! final state) and export again as version 1. Version 2 changes 7- and
//! 8-bit games (two boxes), and the changed defaults live in each replay's
//! config, so old configs keep their old values.

use std::path::PathBuf;

use game_core::{Game, Replay, ReplayError, Session, Step};
use moon_core::{Card, Config, Difficulty, Moon, MoonError, Phase, State, V1TableOrientation};

fn v1_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v1")
}

/// Every v1 replay with its recorded final state, by name.
fn v1_replays() -> Vec<(String, Replay<Moon>, State)> {
    let mut names: Vec<String> = std::fs::read_dir(v1_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter_map(|f| {
            f.strip_suffix(".json")
                .filter(|n| !n.ends_with(".final-state"))
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let read = |file: String| std::fs::read_to_string(v1_dir().join(file)).unwrap();
            let replay = serde_json::from_str(&read(format!("{name}.json"))).unwrap();
            let state = serde_json::from_str(&read(format!("{name}.final-state.json"))).unwrap();
            (name, replay, state)
        })
        .collect()
}

fn replay_named(name: &str) -> Replay<Moon> {
    v1_replays()
        .into_iter()
        .find(|(n, ..)| n == name)
        .map(|(_, r, _)| r)
        .unwrap()
}

#[test]
fn v1_replays_play_as_recorded_and_export_as_version_1() {
    let all = v1_replays();
    assert_eq!(all.len(), 7);
    for (name, replay, final_state) in all {
        assert_eq!(replay.rules_version, 1, "{name}");
        let session = Session::from_replay(&replay).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(session.game().rules_version(), 1, "{name}");
        assert_eq!(session.state(), &final_state, "{name}: plays as recorded");
        assert!(session.outcome().is_some(), "{name}");
        let back = session.to_replay();
        assert_eq!(back.rules_version, 1, "{name}");
        assert_eq!(back, replay, "{name}: exports what it loaded");
    }
}

#[test]
fn v1_configs_keep_the_old_default_values() {
    // The changed default is stored in every old replay's config.
    for (name, replay, _) in v1_replays() {
        assert!(replay.config.auto_end_when_idle, "{name}");
        // The new field was absent and reads as its default.
        assert_eq!(
            replay.config.v1_table_orientation,
            V1TableOrientation::FirstBlock4Bit
        );
    }
}

#[test]
fn a49_v1_eight_bits_use_one_box_and_version_2_would_play_them_differently() {
    // Eight two-card goals use all 16 cards of one box: the team wins.
    let replay = replay_named("coop-8bit-sixteen-cards-win");
    let v1 = Session::from_replay(&replay).unwrap();
    assert_eq!(v1.game().boxes(), 1);
    assert_eq!(
        (v1.state().phase, v1.state().scores.as_slice()),
        (Phase::Won, &[8][..])
    );
    // Read by version 2, the same steps leave the 16 goal cards of the
    // second box in play: no win; the (automatic) end of round 8 draws the
    // next goal's two cards and 14 stay unseen.
    let mut as_v2 = replay.clone();
    as_v2.rules_version = 2;
    let v2 = Session::from_replay(&as_v2).unwrap();
    assert_eq!(v2.game().boxes(), 2);
    assert_eq!(v2.state().scores.as_slice(), &[8]);
    assert_ne!(v2.state().phase, Phase::Won);
    assert!(v2.outcome().is_none());
    assert_eq!(
        v2.observe(game_core::Viewer::Spectator).unseen.goal_cards,
        14
    );
}

#[test]
fn a49_a_second_copy_drawn_under_version_2_is_refused_by_version_1() {
    let config = Config {
        width: 8,
        bugs: Some(2),
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut replay = Session::<Moon>::new(config, 12).unwrap().to_replay();
    // C-12's register draws: 0011 from each box, then 0101.
    replay.steps = [3, 3, 5]
        .into_iter()
        .map(|v| Step::Chance(Card::Goal(v)))
        .collect();
    let v2 = Session::from_replay(&replay).unwrap();
    assert_eq!(v2.state().regs[1..], [3, 3, 5]);
    replay.rules_version = 1;
    assert!(matches!(
        Session::from_replay(&replay),
        Err(ReplayError::IllegalStep {
            step: 1,
            error: MoonError::Core(game_core::Error::BadChance)
        })
    ));
}

#[test]
fn m3_four_bugs_are_refused_by_version_1_at_eight_bits() {
    let config = Config {
        width: 8,
        bugs: Some(4),
        ..Config::cooperative(Difficulty::Easy)
    };
    assert!(Moon::new(config.clone()).is_ok());
    assert!(Moon::with_rules_version(config.clone(), 1).is_err());
    assert!(Moon::with_rules_version(config, 3).is_err());
}
