//! Replays recorded before the 2026-11-25 revision (rules version 1, the
//! old defaults written out in full: `score_played_through: false`,
//! `not_after_binop: true`, no `ban_neutral_terms`) load, play as
//! recorded and write themselves back with rules version 1.

use binary_scrabble_core::{Config, ScorePlayedThrough, Scrabble};
use game_core::{Game, Replay, Session, ToAct};

/// Recorded by the engine before the revision (the then golden game of
/// seed 1 under the then defaults).
const V1_REPLAY: &str = include_str!("replays/v1_random_default_seed1.json");

fn v1() -> Replay<Scrabble> {
    serde_json::from_str(V1_REPLAY).expect("a v1 replay reads")
}

#[test]
fn a_v1_replay_reads_its_old_values() {
    let replay = v1();
    assert_eq!(replay.rules_version, 1);
    // T-14's old bool and T-16's old default keep their meaning; T-18 is
    // missing and reads as off.
    assert_eq!(
        replay.config.score_played_through,
        ScorePlayedThrough::Never
    );
    assert!(replay.config.not_after_binop);
    assert!(!replay.config.ban_neutral_terms);
    assert!(!V1_REPLAY.contains("ban_neutral_terms"));
}

#[test]
fn a_v1_replay_plays_as_recorded() {
    let replay = v1();
    let session = Session::<Scrabble>::from_replay(&replay).expect("the v1 replay plays");
    assert_eq!(session.step_count(), replay.steps.len());
    assert_eq!(session.to_act(), ToAct::Over);
    // The end the engine reached before the revision (recorded then).
    assert_eq!(session.outcome().unwrap().scores, OLD_FINAL_SCORES);
    // Written back: rules version 1, the same steps and config.
    let back = session.to_replay();
    assert_eq!(back.rules_version, 1);
    assert_eq!(back.rules_version, Scrabble::RULES_VERSION);
    assert_eq!(back.steps, replay.steps);
    assert_eq!(back.config, replay.config);
    // The config now writes T-14 as a name; it reads back the same.
    let json = serde_json::to_string(&back).unwrap();
    assert!(json.contains(r#""score_played_through":"Never""#));
    let again: Replay<Scrabble> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        Session::<Scrabble>::from_replay(&again).unwrap().state(),
        session.state()
    );
}

#[test]
fn the_v1_replay_needs_its_stored_config() {
    // Under today's defaults the same steps do not replay: the recorded
    // game has a play with NOT right after `+` (K6 +, L6 NOT ...), which
    // T-16 off refuses.
    let mut replay = v1();
    replay.config = Config::default();
    assert!(Session::<Scrabble>::from_replay(&replay).is_err());
}

#[test]
fn t14_reads_old_booleans_and_new_names() {
    for (text, want) in [
        ("false", ScorePlayedThrough::Never),
        ("true", ScorePlayedThrough::Always),
        (r#""Never""#, ScorePlayedThrough::Never),
        (r#""NewEquations""#, ScorePlayedThrough::NewEquations),
        (r#""Always""#, ScorePlayedThrough::Always),
    ] {
        let json = format!(r#"{{"score_played_through": {text}}}"#);
        let config: Config = serde_json::from_str(&json).unwrap();
        assert_eq!(config.score_played_through, want, "{text}");
    }
    assert!(serde_json::from_str::<Config>(r#"{"score_played_through": "Sometimes"}"#).is_err());
    assert!(serde_json::from_str::<Config>(r#"{"score_played_through": 1}"#).is_err());
    // A config without the new fields takes the new defaults.
    let config: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(config, Config::default());
    assert_eq!(
        config.score_played_through,
        ScorePlayedThrough::NewEquations
    );
    assert!(!config.not_after_binop && !config.ban_neutral_terms);
}

/// Final scores of the v1 replay, as the engine before the revision
/// reached them.
const OLD_FINAL_SCORES: [i64; 2] = [91, 80];
