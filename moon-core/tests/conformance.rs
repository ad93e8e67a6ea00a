//! The game-core conformance kit on many configurations of both modes.
//!
//! Every game crate names its kit runs alike: `kit_conformance_<configs>`
//! (the kit, with any extra per-state check), `determinize_conformance_<configs>`,
//! `learning_conformance` and `learning_view_sizes`, and
//! `worked_examples_listed_in_rules_md` (the kit's check of the RULES.md index).

use game_core::testkit::{conformance, determinize_conformance};
use moon_core::{
    ALL_EVENTS, ALL_OPS, BASE_EVENTS, BugReveal, CompetitiveEnd, Config, CoopEnergy, Difficulty,
    Energy, ExtraOps, Hacker, KICKSTARTER_OPS, Moon, SolveCheck, V1Level, V1TableOrientation,
    WideGoalModel,
};

fn coop_configs() -> Vec<Config> {
    vec![
        Config::cooperative(Difficulty::Easy),
        Config::cooperative(Difficulty::Normal),
        Config::cooperative(Difficulty::Hard),
        Config::cooperative(Difficulty::Master),
        Config {
            events: ALL_EVENTS.to_vec(),
            ok_repairs_bug: true,
            error_clears_register: true,
            ..Config::cooperative(Difficulty::Hard)
        },
        Config {
            events: BASE_EVENTS.to_vec(),
            events_occupy_slots: false,
            solve_check: SolveCheck::AfterOperation,
            ..Config::cooperative(Difficulty::Normal)
        },
        Config {
            width: 6,
            bugs: Some(2),
            events: ALL_EVENTS.to_vec(),
            operations: KICKSTARTER_OPS.into_iter().collect(),
            ..Config::cooperative(Difficulty::Easy)
        },
        Config {
            width: 5,
            wide_goal_model: WideGoalModel::QueuePairs,
            wide_revealed_card_high: false,
            bugs: Some(3),
            ..Config::cooperative(Difficulty::Normal)
        },
        Config::v1_cooperative(V1Level::Medium, 3, 6),
        Config {
            extra_ops: Some(ExtraOps {
                expire_at_turn_end: true,
                ..ExtraOps::default()
            }),
            hackers: vec![Some(Hacker::Red)],
            auto_end_when_idle: false,
            solve_check: SolveCheck::AfterOpOnA,
            goal_deck_size: Some(5),
            ..Config::cooperative(Difficulty::Easy)
        },
        Config {
            width: 8,
            operations: ALL_OPS.into_iter().collect(),
            forbid_self_mov: true,
            slots: 3,
            coop_energy: CoopEnergy::PerSeatTurns,
            players: 2,
            coop_ram: true,
            ram_hidden: true,
            include_zero_goal: false,
            ..Config::cooperative(Difficulty::Normal)
        },
        // Rules version 2: two boxes at 7 bits (four BUGs) with the automatic end.
        Config {
            width: 7,
            bugs: Some(4),
            events: BASE_EVENTS.to_vec(),
            goal_deck_size: Some(20),
            auto_end_when_idle: true,
            ..Config::cooperative(Difficulty::Hard)
        },
        Config {
            difficulty: Difficulty::Hard,
            ..Config::v2_literal()
        },
        Config::v1_cooperative_oriented(V1Level::Hacker, 2, 8, V1TableOrientation::FirstBlock6Bit),
        // A preset named in JSON (§12), both orientations.
        serde_json::from_value(serde_json::json!({
            "preset": {"V1Cooperative": "Novice"},
            "players": 2,
            "width": 7,
            "v1_table_orientation": "FirstBlock4Bit",
            "auto_end_when_idle": true
        }))
        .unwrap(),
    ]
}

fn comp_configs() -> Vec<Config> {
    vec![
        Config::competitive(2, Difficulty::Normal),
        Config {
            max_rounds: 6,
            ..Config::competitive(3, Difficulty::Easy)
        },
        Config {
            hackers: vec![
                Some(Hacker::Purple),
                Some(Hacker::Red),
                Some(Hacker::Green),
                Some(Hacker::Yellow),
            ],
            bug_reveal: BugReveal::ToAll,
            max_rounds: 5,
            extra_ops: Some(ExtraOps::default()),
            ..Config::competitive(4, Difficulty::Hard)
        },
        Config {
            width: 6,
            events: ALL_EVENTS.to_vec(),
            bugs: Some(3),
            goal_deck_size: Some(6),
            competitive_end: CompetitiveEnd::Immediate,
            ..Config::competitive(3, Difficulty::Normal)
        },
        Config {
            width: 5,
            wide_revealed_card_high: false,
            goal_deck_size: Some(3),
            score_check_at_turn_start: false,
            ram_hidden: true,
            seat_energy: Some(vec![Energy(2), Energy(9)]),
            ..Config::competitive(2, Difficulty::Master)
        },
        Config::v1_competitive(&[V1Level::Novice, V1Level::Hacker], 6),
        // Rules version 2: two boxes, so two seats may hold equal hidden cards.
        Config {
            width: 8,
            bugs: Some(4),
            goal_deck_size: Some(32),
            bug_reveal: BugReveal::ToAll,
            ..Config::competitive(3, Difficulty::Normal)
        },
        serde_json::from_value(serde_json::json!({
            "preset": {"V1Competitive": ["Medium", "Novice", "Hacker"]},
            "width": 7
        }))
        .unwrap(),
    ]
}

#[test]
fn kit_conformance_default_config() {
    conformance::<Moon>(&[Config::default()], 16);
}

#[test]
fn kit_conformance_cooperative() {
    conformance::<Moon>(&coop_configs(), 48);
}

#[test]
fn kit_conformance_competitive() {
    conformance::<Moon>(&comp_configs(), 48);
}

#[test]
fn determinize_conformance_both_modes() {
    let mut configs = coop_configs();
    configs.truncate(4);
    configs.extend(comp_configs());
    determinize_conformance::<Moon>(&configs, 32);
}

#[test]
fn learning_conformance() {
    let mut configs = coop_configs();
    configs.extend(comp_configs());
    game_core::testkit::learning_conformance::<Moon>(&configs, 32);
}

#[test]
fn learning_view_sizes() {
    use game_core::{Game, Learning};
    // RULES.md, "Learning view": 428 action indices and 507 numbers, the
    // same for every config.
    for config in [Config::default(), Config::competitive(4, Difficulty::Hard)] {
        let game = Moon::new(config).unwrap();
        assert_eq!(game.num_distinct_actions(), 428);
        assert_eq!(game.observation_len(), 507);
    }
}

/// RULES.md's "Worked examples" table names a test for every worked
/// example of the spec, and every test it names exists.
#[test]
fn worked_examples_listed_in_rules_md() {
    game_core::testkit::check_worked_examples(env!("CARGO_MANIFEST_DIR"));
}
