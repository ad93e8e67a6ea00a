//! Presets, their JSON form and the defaults the 2026-11-25 revision
//! changed: W-6 (P-0 to P-9), A-1 (`v2_literal`), A-23 (the orientation of
//! the V1 co-op table), A-27 (`auto_end_when_idle` off everywhere), A-48.

use crate::common;

use common::{Script, e};
use game_core::Game;
use moon_core::{
    Config, CoopEnergy, Difficulty, Energy, InitRegisters, Mode, Moon, Preset, V1Level,
    V1TableOrientation, WideGoalModel,
};
use serde_json::{Value, json};

const LEVELS: [V1Level; 3] = [V1Level::Novice, V1Level::Medium, V1Level::Hacker];
const ORIENTATIONS: [V1TableOrientation; 2] = [
    V1TableOrientation::FirstBlock4Bit,
    V1TableOrientation::FirstBlock6Bit,
];

/// Reads a JSON config as the engine receives it.
fn read(json: Value) -> Config {
    serde_json::from_value(json).expect("a valid JSON config")
}

/// The JSON keys whose values differ from `Config::default()`, sorted.
fn differing(config: &Config) -> Vec<String> {
    let Value::Object(this) = serde_json::to_value(config).unwrap() else {
        panic!("a config is a JSON object");
    };
    let Value::Object(default) = serde_json::to_value(Config::default()).unwrap() else {
        panic!("a config is a JSON object");
    };
    let mut keys: Vec<String> = this
        .iter()
        .filter(|(k, v)| default.get(*k) != Some(*v))
        .map(|(k, _)| k.clone())
        .collect();
    keys.sort();
    keys
}

fn keys(list: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = list.iter().map(|k| (*k).to_owned()).collect();
    keys.sort();
    keys
}

/// The four fields every V1 co-op preset sets from `coop_energy` on.
fn v1_coop_fields(config: Config) -> Config {
    Config {
        coop_energy: CoopEnergy::PerSeatTurns,
        coop_ram: true,
        wide_goal_model: WideGoalModel::QueuePairs,
        purple_free_movs: 1,
        ..config
    }
}

const V1_COOP_KEYS: [&str; 4] = [
    "coop_energy",
    "coop_ram",
    "wide_goal_model",
    "purple_free_movs",
];

#[test]
fn p0_an_empty_object_is_the_default_config() {
    let config = read(json!({}));
    assert_eq!(config, Config::default());
    assert!(differing(&config).is_empty());
    let Value::Object(map) = serde_json::to_value(&config).unwrap() else {
        panic!("an object");
    };
    assert_eq!(map["auto_end_when_idle"], json!(false));
    assert_eq!(map["v1_table_orientation"], json!("FirstBlock4Bit"));
    assert!(!map.contains_key("preset"));
}

#[test]
fn p1_p2_v2_literal_and_an_explicit_key_over_it() {
    let p1 = read(json!({"preset": "V2Literal"}));
    assert_eq!(p1, Config::v2_literal());
    assert_eq!(differing(&p1), keys(&["slots"]));
    assert_eq!(p1.slots, 4);
    // The explicit key overrides the preset, even with the default value.
    let p2 = read(json!({"preset": "V2Literal", "slots": 5}));
    assert_eq!(p2, Config::default());
}

#[test]
fn p3_p4_v1_cooperative_hacker_at_six_bits_in_both_orientations() {
    let p3 = read(json!({"preset": {"V1Cooperative": "Hacker"}, "width": 6}));
    let want = v1_coop_fields(Config {
        width: 6,
        energy: Some(e(3)),
        bugs: Some(2),
        init_registers: Some(InitRegisters::AOne),
        goal_deck_size: Some(8),
        ..Config::default()
    });
    assert_eq!(p3, want);
    assert_eq!(p3, Config::v1_cooperative(V1Level::Hacker, 1, 6));
    let mut p3_keys = vec![
        "width",
        "energy",
        "bugs",
        "init_registers",
        "goal_deck_size",
    ];
    p3_keys.extend(V1_COOP_KEYS);
    assert_eq!(differing(&p3), keys(&p3_keys));

    let p4 = read(json!({
        "preset": {"V1Cooperative": "Hacker"},
        "width": 6,
        "v1_table_orientation": "FirstBlock6Bit"
    }));
    assert_eq!(
        p4,
        Config {
            energy: Some(e(6)),
            v1_table_orientation: V1TableOrientation::FirstBlock6Bit,
            ..want
        }
    );
    let mut p4_keys = p3_keys.clone();
    p4_keys.push("v1_table_orientation");
    assert_eq!(differing(&p4), keys(&p4_keys));
}

#[test]
fn p5_p6_v1_cooperative_novice_for_four_players() {
    let p5 = read(json!({"preset": {"V1Cooperative": "Novice"}, "players": 4}));
    let want = v1_coop_fields(Config {
        players: 4,
        energy: Some(e(8)),
        bugs: Some(2),
        init_registers: Some(InitRegisters::CopyGoals(3)),
        goal_deck_size: Some(16),
        ..Config::default()
    });
    assert_eq!(p5, want);
    let mut p5_keys = vec![
        "players",
        "energy",
        "bugs",
        "init_registers",
        "goal_deck_size",
    ];
    p5_keys.extend(V1_COOP_KEYS);
    assert_eq!(differing(&p5), keys(&p5_keys));
    // 13 goal cards remain after the three register cards: M-6 caps 16.
    let g = Script::new(p5.clone(), "0001 0010 0011");
    let obs = g.obs();
    assert_eq!((obs.unseen.goal_cards, obs.unseen.bugs), (13, 2));

    let p6 = read(json!({
        "preset": {"V1Cooperative": "Novice"},
        "players": 4,
        "v1_table_orientation": "FirstBlock6Bit"
    }));
    assert_eq!(
        p6,
        Config {
            energy: Some(e(6)),
            v1_table_orientation: V1TableOrientation::FirstBlock6Bit,
            ..want
        }
    );
}

#[test]
fn p7_v1_cooperative_medium_at_eight_bits_with_the_automatic_end() {
    let p7 = read(json!({
        "preset": {"V1Cooperative": "Medium"},
        "players": 3,
        "width": 8,
        "auto_end_when_idle": true
    }));
    let want = v1_coop_fields(Config {
        players: 3,
        width: 8,
        energy: Some(e(4)),
        bugs: Some(2),
        init_registers: Some(InitRegisters::CopyGoals(2)),
        goal_deck_size: Some(12),
        auto_end_when_idle: true,
        ..Config::default()
    });
    assert_eq!(p7, want);
    let mut p7_keys = vec![
        "players",
        "width",
        "energy",
        "bugs",
        "init_registers",
        "goal_deck_size",
        "auto_end_when_idle",
    ];
    p7_keys.extend(V1_COOP_KEYS);
    assert_eq!(differing(&p7), keys(&p7_keys));
    // The two-box deck (M-2).
    let game = Moon::new(p7).unwrap();
    assert_eq!((game.boxes(), game.goal_cards()), (2, 32));
}

#[test]
fn p8_v1_competitive_at_six_bits() {
    let p8 = read(json!({"preset": {"V1Competitive": ["Novice", "Hacker"]}, "width": 6}));
    assert_eq!(
        p8,
        Config {
            mode: Mode::Competitive,
            players: 2,
            width: 6,
            seat_energy: Some(vec![Energy::units(5), Energy::units(3)]),
            purple_free_movs: 1,
            ..Config::default()
        }
    );
    assert_eq!(
        differing(&p8),
        keys(&[
            "mode",
            "players",
            "width",
            "seat_energy",
            "purple_free_movs"
        ])
    );
}

#[test]
fn p9_an_unknown_preset_is_a_json_error() {
    for bad in [
        json!({"preset": "V1Literal"}),
        json!({"preset": {"V1Cooperative": "Expert"}}),
        json!({"preset": {"V1Competitive": "Novice"}}),
        json!({"preset": 4}),
    ] {
        assert!(
            serde_json::from_value::<Config>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    // Unknown fields stay refused beside a preset.
    assert!(serde_json::from_value::<Config>(json!({"preset": "V2Literal", "colour": 1})).is_err());
}

#[test]
fn s12_the_resolved_config_never_holds_the_preset_and_reads_back_as_itself() {
    let json = json!({
        "preset": {"V1Cooperative": "Hacker"},
        "width": 6,
        "auto_end_when_idle": true
    });
    let config = read(json);
    assert_eq!(
        config,
        Config {
            auto_end_when_idle: true,
            ..Config::v1_cooperative(V1Level::Hacker, 1, 6)
        }
    );
    let written = serde_json::to_value(&config).unwrap();
    assert!(written.get("preset").is_none());
    assert_eq!(read(written), config);
    // An explicit null overrides a preset's value too.
    let config = read(json!({"preset": {"V1Cooperative": "Hacker"}, "energy": null}));
    assert_eq!(config.energy, None);
    // The Rust form of the preset builds the same configs.
    assert_eq!(
        Preset::V1Cooperative(V1Level::Medium).config(3, 8, V1TableOrientation::FirstBlock6Bit),
        Config::v1_cooperative_oriented(V1Level::Medium, 3, 8, V1TableOrientation::FirstBlock6Bit)
    );
}

#[test]
fn a1_v2_literal_gives_each_goal_one_round_less() {
    // The default S = 5: the first goal is open in rounds 1–5 (C-2); the
    // literal preset loses it at the end of round 4 (C-10).
    for (config, last_round) in [
        (Config::cooperative(Difficulty::Master), 5),
        (
            Config {
                difficulty: Difficulty::Master,
                ..Config::v2_literal()
            },
            4,
        ),
    ] {
        let mut g = Script::new(config, "1110");
        while g.s.phase == moon_core::Phase::Play {
            g.end();
        }
        assert_eq!(g.s.round, last_round);
    }
}

#[test]
fn a23_both_readings_of_the_v1_table() {
    // Energy in half-units per player count 1..=4: first block, second block.
    let table = [
        (V1Level::Novice, [10, 10, 8, 8], [8, 8, 6, 6]),
        (V1Level::Medium, [8, 8, 6, 6], [6, 6, 4, 4]),
        (V1Level::Hacker, [6, 6, 4, 4], [3, 3, 2, 2]),
    ];
    for (level, first, second) in table {
        for players in 1..=4u8 {
            let i = usize::from(players - 1);
            for width in 4..=8u8 {
                for orientation in ORIENTATIONS {
                    let config =
                        Config::v1_cooperative_oriented(level, players, width, orientation);
                    let first_block = match orientation {
                        V1TableOrientation::FirstBlock4Bit => width == 4,
                        V1TableOrientation::FirstBlock6Bit => width > 4,
                    };
                    let want = if first_block { first[i] } else { second[i] };
                    assert_eq!(
                        config.energy,
                        Some(Energy(want)),
                        "{level:?} {players} {width}"
                    );
                    assert_eq!(config.goal_deck_size, Some([8, 10, 12, 16][i]));
                    assert_eq!(config.v1_table_orientation, orientation);
                    Moon::new(config).unwrap();
                }
                assert_eq!(
                    Config::v1_cooperative(level, players, width),
                    Config::v1_cooperative_oriented(
                        level,
                        players,
                        width,
                        V1TableOrientation::FirstBlock4Bit
                    )
                );
            }
        }
    }
}

#[test]
fn a23_the_orientation_has_no_other_effect() {
    // In a config no V1 preset built it only records a choice: the same
    // seed and choices play the same game.
    let play = |orientation| {
        let config = Config {
            v1_table_orientation: orientation,
            ..Config::cooperative(Difficulty::Hard)
        };
        let mut session = game_core::Session::<Moon>::new(config, 21).unwrap();
        let mut rng = game_core::GameRng::new(21);
        while let game_core::ToAct::Seat(seat) = session.to_act() {
            let legal = session.legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize];
            session.act(seat, &a).unwrap();
        }
        (session.steps().to_vec(), *session.state())
    };
    assert_eq!(
        play(V1TableOrientation::FirstBlock4Bit),
        play(V1TableOrientation::FirstBlock6Bit)
    );
}

#[test]
fn a27_every_preset_keeps_the_automatic_end_off() {
    let mut presets = vec![
        Config::default(),
        Config::v2_literal(),
        Config::v1_competitive(&[V1Level::Novice, V1Level::Hacker], 6),
    ];
    for d in Difficulty::ALL {
        presets.push(Config::cooperative(d));
        presets.push(Config::competitive(3, d));
    }
    for level in LEVELS {
        for orientation in ORIENTATIONS {
            presets.push(Config::v1_cooperative_oriented(level, 2, 6, orientation));
        }
    }
    presets.push(read(json!({"preset": {"V1Cooperative": "Medium"}})));
    presets.push(read(json!({"preset": "V2Literal"})));
    for config in presets {
        assert!(!config.auto_end_when_idle, "{config:?}");
    }
}

#[test]
fn a27_changed_default_the_old_value_still_plays_the_old_way() {
    // C-1's first goal, solved with energy left: by default the round goes
    // on; the old default (an old JSON config says it) ends it at once.
    let chance = "0011 0101 1000 0110 1011";
    let mut new = Script::new(read(json!({"difficulty": "Easy"})), chance);
    let mut old = Script::new(
        read(json!({"difficulty": "Easy", "auto_end_when_idle": true})),
        chance,
    );
    for g in [&mut new, &mut old] {
        g.op("MOV A,B");
        g.op("XOR A,C");
        assert_eq!(g.score(), 1);
    }
    assert_eq!(
        (new.s.round, new.queue(), new.energy()),
        (1, "[. . . . .]".into(), e(3))
    );
    assert_eq!(
        (old.s.round, old.queue(), old.energy()),
        (2, "[1011 . . . .]".into(), e(6))
    );
    // One EndTurn brings the new default to the same position.
    new.end();
    assert_eq!(new.s, old.s);
}

#[test]
fn a48_the_default_difficulty_is_normal() {
    assert_eq!(Config::default().difficulty, Difficulty::Normal);
    assert_eq!(Config::default(), Config::cooperative(Difficulty::Normal));
}
