//! §12 config ranges: every numeric config field accepts
//! both ends of its range and refuses one step past each end, naming the
//! field; every preset lies inside the ranges; and random JSON configs
//! never panic `Moon::new`, while the accepted ones play to their end
//! within `max_steps`.

use game_core::{ConfigError, Game, GameRng, ToAct, random_playout};
use moon_core::{
    Config, CoopEnergy, CostTable, Difficulty, Energy, EventKind, ExtraOps, Hacker, InitRegisters,
    Mode, Moon, MoonError, OpKind, V1Level, V1TableOrientation,
};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// The config error `config` is refused with; panics when it is accepted
/// or refused for another reason.
fn refused(config: Config) -> ConfigError {
    match Moon::new(config) {
        Err(MoonError::Core(game_core::Error::Config(c))) => c,
        Ok(_) => panic!("expected a config error, but the config was accepted"),
        Err(other) => panic!("expected a config error, got {other}"),
    }
}

/// Asserts that `config` builds a game.
fn accepted(config: Config) -> Moon {
    match Moon::new(config) {
        Ok(game) => game,
        Err(e) => panic!("expected the config to be accepted, got {e}"),
    }
}

/// Checks a field's range: `at(lo)` and `at(hi)` build, and each value of
/// `outside` is refused naming `field` and quoting the value.
fn check_field<T: Copy + std::fmt::Display>(
    field: &str,
    lo: T,
    hi: T,
    outside: &[T],
    at: impl Fn(T) -> Config,
) {
    accepted(at(lo));
    accepted(at(hi));
    for &v in outside {
        let e = refused(at(v));
        assert_eq!(
            (e.field.as_str(), e.value),
            (field, v.to_string()),
            "{field} = {v}"
        );
    }
}

fn coop() -> Config {
    Config::cooperative(Difficulty::Normal)
}

fn comp(players: u8) -> Config {
    Config::competitive(players, Difficulty::Normal)
}

#[test]
fn issue9_empty_operations_are_refused() {
    let config: Config = serde_json::from_str(r#"{"operations": []}"#).unwrap();
    assert_eq!(refused(config).field, "operations");
    let config: Config = serde_json::from_str(r#"{"operations": ["Inc"]}"#).unwrap();
    accepted(config);
}

#[test]
fn issue9_purple_free_movs_255_is_refused() {
    let config: Config = serde_json::from_str(r#"{"purple_free_movs": 255}"#).unwrap();
    let e = refused(config);
    assert_eq!(
        (e.field.as_str(), e.value.as_str()),
        ("purple_free_movs", "255")
    );
}

#[test]
fn issue9_extra_op_costing_41_is_refused() {
    let config: Config = serde_json::from_str(r#"{"extra_ops": {"cost": 41}}"#).unwrap();
    let e = refused(config);
    assert_eq!(
        (e.field.as_str(), e.value.as_str()),
        ("extra_ops.cost", "41")
    );
}

#[test]
fn m33_m38_players() {
    check_field("players", 1, 4, &[0, 5], |players| Config {
        players,
        ..coop()
    });
    check_field("players", 2, 4, &[0, 1, 5], comp);
    // Per-seat turns make each player a seat; the range is the same.
    check_field("players", 1, 4, &[0, 5], |players| Config {
        players,
        coop_energy: CoopEnergy::PerSeatTurns,
        ..coop()
    });
}

#[test]
fn m7_width() {
    check_field("width", 4, 8, &[0, 3, 9, 255], |width| Config {
        width,
        ..coop()
    });
}

#[test]
fn m9_energy_and_seat_energy() {
    check_field("energy", 1, 40, &[0, 41, u16::MAX], |e| Config {
        energy: Some(Energy(e)),
        ..coop()
    });
    check_field("seat_energy[1]", 1, 40, &[0, 41], |e| Config {
        seat_energy: Some(vec![Energy(4), Energy(e)]),
        ..comp(2)
    });
    // One entry per seat, no more, no fewer.
    for len in [0, 1, 3] {
        let e = refused(Config {
            seat_energy: Some(vec![Energy(4); len]),
            ..comp(2)
        });
        assert_eq!(e.field, "seat_energy");
    }
}

#[test]
fn m3_bugs() {
    // One box at widths 4–6 (a third BUG is virtual), two at 7–8 (M-3).
    for width in 4..=6 {
        check_field("bugs", 0, 3, &[4, 255], |b| Config {
            width,
            bugs: Some(b),
            ..coop()
        });
    }
    // The error names the deck the range belongs to.
    let e = refused(Config {
        bugs: Some(4),
        ..coop()
    });
    assert_eq!(e.expected, "0 to 3 with one box (widths 4–6)");
    let e = refused(Config {
        width: 8,
        bugs: Some(5),
        ..coop()
    });
    assert_eq!(e.expected, "0 to 4 with two boxes (widths 7–8)");
    for width in 7..=8 {
        check_field("bugs", 0, 4, &[5, 255], |b| Config {
            width,
            bugs: Some(b),
            ..coop()
        });
        check_field("bugs", 0, 4, &[5], |b| Config {
            width,
            bugs: Some(b),
            ..comp(2)
        });
    }
}

#[test]
fn m16_init_registers() {
    for k in 0..=3 {
        accepted(Config {
            init_registers: Some(InitRegisters::CopyGoals(k)),
            ..coop()
        });
    }
    let e = refused(Config {
        init_registers: Some(InitRegisters::CopyGoals(4)),
        ..coop()
    });
    assert_eq!(
        (e.field.as_str(), e.value.as_str()),
        ("init_registers", "CopyGoals(4)")
    );
    for width in 4..=8u8 {
        let mask = moon_core::mask(width);
        let fixed = |v: u8| Config {
            width,
            init_registers: Some(InitRegisters::Fixed([0, v, 0, v])),
            ..comp(2)
        };
        accepted(fixed(0));
        accepted(fixed(mask));
        if let Some(over) = mask.checked_add(1) {
            let e = refused(fixed(over));
            assert_eq!(
                (e.field.as_str(), e.value),
                ("init_registers", over.to_string())
            );
        }
    }
}

#[test]
fn m5_operations_need_at_least_one_kind() {
    for kind in OpKind::ALL {
        accepted(Config {
            operations: [kind].into_iter().collect(),
            ..coop()
        });
    }
    accepted(Config {
        operations: OpKind::ALL.into_iter().collect(),
        ..comp(4)
    });
    let e = refused(Config {
        operations: Default::default(),
        ..comp(2)
    });
    assert_eq!(e.field, "operations");
}

#[test]
fn m11_every_cost_in_range() {
    for kind in OpKind::ALL {
        let field = format!("costs.{kind:?}");
        check_field(&field, 1, 40, &[0, 41, u16::MAX], |c| {
            let mut table = CostTable::for_mode(Mode::Cooperative);
            table.set(kind, Energy(c));
            Config {
                costs: Some(table),
                ..coop()
            }
        });
    }
    accepted(Config {
        costs: Some(CostTable([Energy(40); 17])),
        ..comp(2)
    });
}

#[test]
fn m4_events_per_kind() {
    for kind in EventKind::ALL {
        accepted(Config {
            events: vec![kind; 8],
            ..coop()
        });
        let e = refused(Config {
            events: vec![kind; 9],
            ..coop()
        });
        assert_eq!(e.field, "events");
    }
    // Every kind at its maximum at once: 112 event cards.
    let all: Vec<EventKind> = EventKind::ALL.iter().flat_map(|&k| [k; 8]).collect();
    accepted(Config {
        events: all,
        ..coop()
    });
}

#[test]
fn m6_goal_deck_size() {
    for width in 4..=6 {
        check_field("goal_deck_size", 1, 16, &[0, 17, 255], |n| Config {
            width,
            goal_deck_size: Some(n),
            ..coop()
        });
    }
    // Two boxes hold 32 goal cards (M-2, M-6).
    for width in 7..=8 {
        check_field("goal_deck_size", 1, 32, &[0, 33, 255], |n| Config {
            width,
            goal_deck_size: Some(n),
            ..coop()
        });
    }
    // 32 is capped to the 27 left after three register cards without 0000.
    accepted(Config {
        width: 8,
        goal_deck_size: Some(32),
        include_zero_goal: false,
        init_registers: Some(InitRegisters::CopyGoals(3)),
        ..coop()
    });
    // 16 is capped to the goal cards left after the register draws (M-6).
    accepted(Config {
        goal_deck_size: Some(16),
        include_zero_goal: false,
        init_registers: Some(InitRegisters::CopyGoals(3)),
        ..coop()
    });
}

#[test]
fn m19_slots() {
    check_field("slots", 1, 8, &[0, 9, 255], |slots| Config {
        slots,
        ..coop()
    });
}

#[test]
fn m41_max_rounds() {
    check_field("max_rounds", 1, 255, &[0, 256, u16::MAX], |max_rounds| {
        Config {
            max_rounds,
            ..comp(3)
        }
    });
}

#[test]
fn m45_free_uses() {
    check_field("purple_free_movs", 0, 8, &[9, 255], |n| Config {
        purple_free_movs: n,
        hackers: vec![Some(Hacker::Purple), None],
        ..comp(2)
    });
    check_field("red_free_logic", 0, 8, &[9, 255], |n| Config {
        red_free_logic: n,
        ..coop()
    });
}

#[test]
fn m46_token_cost() {
    check_field("extra_ops.cost", 0, 40, &[41, u16::MAX], |c| Config {
        extra_ops: Some(ExtraOps {
            cost: Energy(c),
            ..ExtraOps::default()
        }),
        ..coop()
    });
}

#[test]
fn m44_hackers_one_per_seat_no_colour_twice() {
    accepted(Config {
        hackers: vec![Some(Hacker::Green)],
        ..coop()
    });
    for hackers in [
        vec![Some(Hacker::Green)],
        vec![Some(Hacker::Green), None, None],
        vec![Some(Hacker::Red), Some(Hacker::Red)],
    ] {
        assert_eq!(refused(Config { hackers, ..comp(2) }).field, "hackers");
    }
}

#[test]
fn every_preset_lies_inside_the_ranges() {
    accepted(Config::v2_literal());
    for d in Difficulty::ALL {
        accepted(Config::cooperative(d));
        for players in 2..=4 {
            accepted(Config::competitive(players, d));
        }
    }
    for level in [V1Level::Novice, V1Level::Medium, V1Level::Hacker] {
        for players in 1..=4 {
            for width in 4..=8 {
                for orientation in [
                    V1TableOrientation::FirstBlock4Bit,
                    V1TableOrientation::FirstBlock6Bit,
                ] {
                    accepted(Config::v1_cooperative_oriented(
                        level,
                        players,
                        width,
                        orientation,
                    ));
                }
            }
        }
        for width in 4..=8 {
            accepted(Config::v1_competitive(&[level, V1Level::Novice], width));
            accepted(Config::v1_competitive(&[level; 4], width));
        }
    }
    accepted(Config::default());
}

/// Every field at the end of its range that makes a game longest.
fn longest(mode: Mode) -> Config {
    Config {
        mode,
        players: 4,
        width: 8,
        energy: Some(Energy(40)),
        // Two boxes at 8 bits: four BUGs and 32 goal cards (M-2, M-3).
        bugs: Some(4),
        coop_energy: CoopEnergy::PerSeatTurns,
        coop_ram: true,
        events: EventKind::ALL.iter().flat_map(|&k| [k; 8]).collect(),
        slots: 8,
        max_rounds: 255,
        hackers: vec![
            Some(Hacker::Purple),
            Some(Hacker::Red),
            Some(Hacker::Green),
            Some(Hacker::Yellow),
        ],
        purple_free_movs: 8,
        red_free_logic: 8,
        extra_ops: Some(ExtraOps::default()),
        init_registers: Some(InitRegisters::AOne),
        ..Config::default()
    }
}

#[test]
fn m52_the_step_bound_stays_modest_at_the_ends_of_every_range() {
    for mode in [Mode::Cooperative, Mode::Competitive] {
        let game = accepted(longest(mode));
        let limit = game.max_steps();
        assert!(limit < 70_000, "{mode:?}: max_steps = {limit}");
        // And the bound holds: random games at these ends finish within it.
        for seed in 0..8 {
            let mut state = game.initial_state();
            let mut rng = GameRng::new(seed);
            let steps = random_playout(
                &game,
                &mut state,
                &mut rng,
                limit + 1,
                &mut Vec::new(),
                &mut Vec::new(),
            );
            assert!(steps <= limit, "{mode:?} seed {seed}: {steps} steps");
            assert_eq!(game.to_act(&state), ToAct::Over, "{mode:?} seed {seed}");
        }
    }
}

// ---------------------------------------------------------------------------
// Random configs.

/// A number that is usually small and in range, sometimes a boundary or
/// far outside it (negative and huge values are JSON errors for u8/u16).
fn number(lo: i64, hi: i64) -> impl Strategy<Value = Value> {
    prop_oneof![
        15 => (lo..=hi).prop_map(Value::from),
        1 => prop::sample::select(vec![-1i64, 0, 1, 8, 9, 16, 17, 40, 41, 255, 256, 65535, 65536])
            .prop_map(Value::from),
    ]
}

fn kind_name<T: serde::Serialize>(v: T) -> Value {
    serde_json::to_value(v).unwrap()
}

fn maybe(s: impl Strategy<Value = Value>) -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(0.6, s)
}

fn init_registers() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!("AOne")),
        number(0, 3).prop_map(|k| json!({ "CopyGoals": k })),
        prop::collection::vec(number(0, 15), 4).prop_map(|v| json!({ "Fixed": v })),
    ]
}

/// A preset by name (§12): usually a real one, now and then a bad value
/// (a JSON error).
fn preset() -> impl Strategy<Value = Value> {
    let level = || prop::sample::select(vec!["Novice", "Medium", "Hacker"]).prop_map(Value::from);
    prop_oneof![
        3 => Just(json!("V2Literal")),
        3 => level().prop_map(|l| json!({ "V1Cooperative": l })),
        3 => prop::collection::vec(level(), 0..6).prop_map(|l| json!({ "V1Competitive": l })),
        1 => prop::sample::select(vec![json!("V1Literal"), json!(null), json!(7), json!({"V1Cooperative": "Expert"})]),
    ]
}

fn cost_table() -> impl Strategy<Value = Value> {
    prop::collection::vec(number(1, 6), 17).prop_map(|costs| {
        let map: Map<String, Value> = OpKind::ALL
            .iter()
            .zip(costs)
            .map(|(k, c)| (format!("{k:?}"), c))
            .collect();
        Value::Object(map)
    })
}

/// A list for each seat: usually one entry per seat of the table, now and
/// then a wrong length (which must be refused, not panic).
fn per_seat<S: Strategy<Value = Value>>(
    seats: usize,
    entry: impl Fn() -> S,
) -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => prop::collection::vec(entry(), seats),
        1 => prop::collection::vec(entry(), 0..6),
    ]
    .prop_map(Value::from)
}

/// A JSON config with a random subset of the fields set to random values.
/// The table's shape (mode, players, energy model) comes first, so that
/// the per-seat lists usually fit and most configs are accepted.
fn random_config() -> impl Strategy<Value = Value> {
    let shape = any::<bool>().prop_flat_map(|competitive| {
        let fewest = if competitive { 2u8 } else { 1 };
        (
            Just(competitive),
            prop_oneof![9 => (fewest..=4).prop_map(Value::from), 1 => number(0, 6)],
            any::<bool>(),
        )
    });
    shape.prop_flat_map(|(competitive, players, per_seat_turns)| {
        let n = players.as_u64().map_or(1, |p| p.clamp(1, 4) as usize);
        let seats = if competitive || per_seat_turns { n } else { 1 };
        let hacker = || {
            prop::option::of(prop::sample::select(vec![
                Hacker::Green,
                Hacker::Yellow,
                Hacker::Purple,
                Hacker::Red,
            ]))
            .prop_map(kind_name)
        };
        let numbers = (
            maybe(number(4, 8)),
            maybe(prop::sample::select(Difficulty::ALL.to_vec()).prop_map(kind_name)),
            maybe(prop_oneof![Just(Value::Null), number(1, 12)]),
            maybe(per_seat(seats, || number(1, 12))),
            maybe(prop_oneof![Just(Value::Null), number(0, 4)]),
            maybe(init_registers()),
            maybe(per_seat(seats, hacker)),
        );
        let lists = (
            maybe(
                prop::collection::vec(prop::sample::select(OpKind::ALL.to_vec()), 0..6)
                    .prop_map(|v| Value::from(v.into_iter().map(kind_name).collect::<Vec<_>>())),
            ),
            maybe(prop_oneof![Just(Value::Null), cost_table()]),
            maybe(
                prop::collection::vec(prop::sample::select(EventKind::ALL.to_vec()), 0..12)
                    .prop_map(|v| Value::from(v.into_iter().map(kind_name).collect::<Vec<_>>())),
            ),
            maybe(prop_oneof![Just(Value::Null), number(1, 32)]),
            maybe(number(1, 8)),
            maybe(number(1, 6)),
        );
        let rest = (
            maybe(number(0, 4)),
            maybe(number(0, 4)),
            maybe(prop_oneof![
                Just(Value::Null),
                (number(0, 6), any::<bool>())
                    .prop_map(|(c, x)| json!({ "cost": c, "expire_at_turn_end": x })),
            ]),
            maybe(prop::sample::select(vec!["DeckPartner", "QueuePairs"]).prop_map(Value::from)),
            prop::collection::vec(any::<bool>(), 6),
            maybe(preset()),
            maybe(
                prop::sample::select(vec!["FirstBlock4Bit", "FirstBlock6Bit"])
                    .prop_map(Value::from),
            ),
        );
        (numbers, lists, rest).prop_map(move |(n, l, r)| {
            let mut m = Map::new();
            m.insert(
                "mode".into(),
                json!(if competitive {
                    "Competitive"
                } else {
                    "Cooperative"
                }),
            );
            m.insert("players".into(), players.clone());
            m.insert(
                "coop_energy".into(),
                json!(if per_seat_turns {
                    "PerSeatTurns"
                } else {
                    "SharedPool"
                }),
            );
            let fields = [
                ("width", n.0),
                ("difficulty", n.1),
                ("energy", n.2),
                ("seat_energy", n.3),
                ("bugs", n.4),
                ("init_registers", n.5),
                ("hackers", n.6),
                ("operations", l.0),
                ("costs", l.1),
                ("events", l.2),
                ("goal_deck_size", l.3),
                ("slots", l.4),
                ("max_rounds", l.5),
                ("purple_free_movs", r.0),
                ("red_free_logic", r.1),
                ("extra_ops", r.2),
                ("wide_goal_model", r.3),
                ("preset", r.5),
                ("v1_table_orientation", r.6),
            ];
            for (key, value) in fields {
                if let Some(v) = value {
                    m.insert(key.to_owned(), v);
                }
            }
            let flags = [
                "include_zero_goal",
                "coop_ram",
                "forbid_self_mov",
                "auto_end_when_idle",
                "events_occupy_slots",
                "ok_repairs_bug",
            ];
            for (key, flag) in flags.into_iter().zip(r.4) {
                m.insert(key.to_owned(), Value::Bool(flag));
            }
            Value::Object(m)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// M-52, §12: a random JSON config is a JSON error, a typed config
    /// error, or a game that a random playout finishes within max_steps.
    #[test]
    fn random_configs_never_panic_and_accepted_ones_end(json in random_config(), seed in any::<u64>()) {
        let Ok(config) = serde_json::from_value::<Config>(json) else {
            return Ok(());
        };
        let game = match Moon::new(config) {
            Ok(game) => game,
            Err(MoonError::Core(game_core::Error::Config(_))) => return Ok(()),
            Err(other) => panic!("a config is refused with a config error, not {other:?}"),
        };
        let mut state = game.initial_state();
        let mut rng = GameRng::new(seed);
        let limit = game.max_steps();
        let steps = random_playout(&game, &mut state, &mut rng, limit + 1, &mut Vec::new(), &mut Vec::new());
        prop_assert!(steps <= limit, "{steps} steps, max_steps = {limit}");
        prop_assert_eq!(game.to_act(&state), ToAct::Over);
    }
}
