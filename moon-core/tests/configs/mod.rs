//! The configurations the kits run on (conformance, determinization,
//! learning view and notation), both modes, shared by their test files.

use moon_core::{
    ALL_EVENTS, ALL_OPS, BASE_EVENTS, BugReveal, CompetitiveEnd, Config, CoopEnergy, Difficulty,
    Energy, ExtraOps, Hacker, KICKSTARTER_OPS, SolveCheck, V1Level, V1TableOrientation,
    WideGoalModel,
};

/// Cooperative configs: every difficulty and most variants.
pub fn coop_configs() -> Vec<Config> {
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

/// Competitive configs: 2 to 4 seats, hackers, events, wide goals.
pub fn comp_configs() -> Vec<Config> {
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
