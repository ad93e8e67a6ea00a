//! Config validation (§3) and board files (§5): every rule has its typed
//! error, and JSON boards load exactly like the built-in one.

use game_core::Game;
use moon_base_core::{
    BaseRule, Board, BoardSpec, Config, CraterSpec, MoonBase, MoonBaseError, RingDim, RingDims,
    Size,
};

fn err(config: Config) -> MoonBaseError {
    MoonBase::new(config).unwrap_err()
}

fn board_err(spec: BoardSpec) -> MoonBaseError {
    Board::new(&spec, &RingDims::default()).unwrap_err()
}

fn small_board() -> BoardSpec {
    BoardSpec::scratch(
        200,
        120,
        &[
            ("L1", Size::Large, 40, 40),
            ("L2", Size::Large, 95, 50),
            ("S1", Size::Small, 150, 90),
        ],
    )
}

#[test]
fn section3_defaults() {
    let c = Config::default();
    assert_eq!(
        c.ring_dims.large,
        RingDim {
            outer_mm: 30,
            inner_mm: 25
        }
    );
    assert_eq!(
        c.ring_dims.small,
        RingDim {
            outer_mm: 20,
            inner_mm: 15
        }
    );
    assert_eq!((c.lattice_step_mm, c.tower_radius_mm, c.rounds), (5, 10, 6));
    assert_eq!(c.base_rule, BaseRule::Compulsory);
    assert_eq!(c.board.name.as_deref(), Some("placeholder-40"));
    let g = MoonBase::new(c).unwrap();
    assert_eq!(g.max_steps(), 183);
    assert_eq!(g.seats(), 2);
}

#[test]
fn section3_config_errors() {
    let dims = |large: (u32, u32), small: (u32, u32)| RingDims {
        large: RingDim {
            outer_mm: large.0,
            inner_mm: large.1,
        },
        small: RingDim {
            outer_mm: small.0,
            inner_mm: small.1,
        },
    };
    for (bad, size) in [
        (dims((30, 30), (20, 15)), Size::Large),
        (dims((30, 0), (20, 15)), Size::Large),
        (dims((1001, 25), (20, 15)), Size::Large),
        (dims((30, 25), (15, 20)), Size::Small),
    ] {
        let e = err(Config {
            ring_dims: bad,
            ..Config::default()
        });
        assert!(
            matches!(e, MoonBaseError::BadRingDims { size: s, .. } if s == size),
            "{e}"
        );
    }
    for step in [0, 101] {
        assert_eq!(
            err(Config {
                lattice_step_mm: step,
                ..Config::default()
            }),
            MoonBaseError::BadLatticeStep { step }
        );
    }
    assert_eq!(
        err(Config {
            tower_radius_mm: 1001,
            ..Config::default()
        }),
        MoonBaseError::BadTowerRadius { radius: 1001 }
    );
    for rounds in [0, 7] {
        assert_eq!(
            err(Config {
                rounds,
                ..Config::default()
            }),
            MoonBaseError::BadRounds { rounds }
        );
    }
    // Edge values are accepted.
    MoonBase::new(Config {
        lattice_step_mm: 100,
        tower_radius_mm: 0,
        rounds: 1,
        ..Config::default()
    })
    .unwrap();
}

#[test]
fn config_json_takes_defaults_and_refuses_unknown_fields() {
    let c: Config = serde_json::from_str(r#"{"rounds": 2, "pass_rule": "ForfeitTurn"}"#).unwrap();
    assert_eq!(c.rounds, 2);
    assert_eq!(c.board, BoardSpec::placeholder_40());
    assert!(serde_json::from_str::<Config>(r#"{"round": 2}"#).is_err());
    let json = serde_json::to_string(&Config::default()).unwrap();
    assert_eq!(
        serde_json::from_str::<Config>(&json).unwrap(),
        Config::default()
    );
}

#[test]
fn base_rule_json_and_configs_written_before_it() {
    // B-16: the new option by name; a config of rules version 1, which has
    // no `base_rule` field, loads with the old behaviour (Compulsory).
    let c: Config = serde_json::from_str(r#"{"base_rule": "Optional"}"#).unwrap();
    assert_eq!(c.base_rule, BaseRule::Optional);
    assert!(serde_json::from_str::<Config>(r#"{"base_rule": "Sometimes"}"#).is_err());
    let mut old = serde_json::to_value(Config::default()).unwrap();
    old.as_object_mut().unwrap().remove("base_rule").unwrap();
    let c: Config = serde_json::from_value(old).unwrap();
    assert_eq!(c, Config::default());
    assert_eq!(c.base_rule, BaseRule::Compulsory);
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["base_rule"], "Compulsory");
}

#[test]
fn placeholder_json_file_is_the_default_board() {
    let text = include_str!("../boards/placeholder-40.json");
    let spec: BoardSpec = serde_json::from_str(text).unwrap();
    assert_eq!(spec, BoardSpec::placeholder_40());
}

#[test]
fn section5_1_example_board_loads_with_explicit_overlaps() {
    let text = r#"{
      "format": "moon-base-board", "version": 1, "name": "example",
      "width_mm": 200, "height_mm": 120,
      "craters": [
        { "id": "L1", "size": "large", "x": 40,  "y": 40 },
        { "id": "L2", "size": "large", "x": 95,  "y": 50 },
        { "id": "S1", "size": "small", "x": 150, "y": 90 }
      ],
      "overlaps": [["L1", "L2"]]
    }"#;
    let spec: BoardSpec = serde_json::from_str(text).unwrap();
    let b = Board::new(&spec, &RingDims::default()).unwrap();
    let (l1, l2, s1) = (
        b.find("L1").unwrap(),
        b.find("L2").unwrap(),
        b.find("S1").unwrap(),
    );
    assert!(b.overlaps(l1, l2) && b.overlaps(l2, l1));
    assert!(!b.overlaps(l1, s1));
    // Explicit lists win over the circles: without the pair nothing overlaps...
    let none = BoardSpec {
        overlaps: Some(vec![]),
        ..spec.clone()
    };
    let b = Board::new(&none, &RingDims::default()).unwrap();
    assert!(!b.overlaps(l1, l2));
    // ... and derived overlaps follow the circles (d² = 3125 < 3600).
    let derived = BoardSpec {
        overlaps: None,
        ..spec
    };
    assert!(
        Board::new(&derived, &RingDims::default())
            .unwrap()
            .overlaps(l1, l2)
    );
    // The board plays: a game on it starts.
    let g = MoonBase::new(Config {
        board: derived,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(g.board().len(), 3);
}

#[test]
fn board_json_refuses_unknown_fields_and_bad_sizes() {
    let base = r#""format": "moon-base-board", "version": 1, "width_mm": 10, "height_mm": 10"#;
    let extra = format!(r#"{{{base}, "craters": [], "colour": "red"}}"#);
    assert!(serde_json::from_str::<BoardSpec>(&extra).is_err());
    let size = format!(r#"{{{base}, "craters": [{{"id": "A", "size": "huge", "x": 1, "y": 1}}]}}"#);
    assert!(serde_json::from_str::<BoardSpec>(&size).is_err());
    let missing = r#"{"format": "moon-base-board", "version": 1, "craters": []}"#;
    assert!(serde_json::from_str::<BoardSpec>(missing).is_err());
}

#[test]
fn v1_to_v9_board_errors() {
    let b = small_board();
    assert_eq!(
        board_err(BoardSpec {
            version: 2,
            ..b.clone()
        }),
        MoonBaseError::BoardFormat { version: 2 }
    );
    assert_eq!(
        board_err(BoardSpec {
            format: "other".into(),
            ..b.clone()
        }),
        MoonBaseError::BoardFormat { version: 1 }
    );
    assert!(matches!(
        board_err(BoardSpec {
            width_mm: 0,
            ..b.clone()
        }),
        MoonBaseError::BoardSize { .. }
    ));
    assert!(matches!(
        board_err(BoardSpec {
            height_mm: 10_001,
            ..b.clone()
        }),
        MoonBaseError::BoardSize { .. }
    ));
    assert!(matches!(
        board_err(BoardSpec {
            name: Some("x".repeat(101)),
            ..b.clone()
        }),
        MoonBaseError::BoardSize { .. }
    ));
    assert_eq!(
        board_err(BoardSpec {
            craters: vec![],
            ..b.clone()
        }),
        MoonBaseError::CraterCount { count: 0 }
    );
    let many: Vec<CraterSpec> = (0..257)
        .map(|i| CraterSpec {
            id: format!("C{i}"),
            size: Size::Large,
            x: i % 200,
            y: i / 200,
        })
        .collect();
    assert_eq!(
        board_err(BoardSpec {
            craters: many,
            ..b.clone()
        }),
        MoonBaseError::CraterCount { count: 257 }
    );
    for bad_id in ["", "has space", "é", "abcdefghijklmnopq"] {
        let mut c = b.clone();
        c.craters[1].id = bad_id.into();
        assert_eq!(
            board_err(c),
            MoonBaseError::BadCraterId { index: 1 },
            "{bad_id:?}"
        );
    }
    let mut c = b.clone();
    c.craters[2].id = "L1".into();
    assert_eq!(
        board_err(c),
        MoonBaseError::DuplicateCraterId { id: "L1".into() }
    );
    // V6 (relaxed 2026-11-25): the disc, not the centre, must reach the board.
    let mut c = b.clone();
    c.craters[2].x = 220;
    assert_eq!(
        board_err(c),
        MoonBaseError::CraterOffBoard { id: "S1".into() }
    );
    let mut c = b.clone();
    c.craters[0].y = -30;
    assert_eq!(
        board_err(c),
        MoonBaseError::CraterOffBoard { id: "L1".into() }
    );
    // Centres just off the board that the old V6 refused now load.
    let mut c = b.clone();
    c.craters[2].x = 201;
    c.craters[0].y = -1;
    Board::new(&c, &RingDims::default()).unwrap();
    let mut c = b.clone();
    c.craters[1].x = 40;
    c.craters[1].y = 40;
    assert_eq!(
        board_err(c),
        MoonBaseError::DuplicateCrater {
            a: "L1".into(),
            b: "L2".into()
        }
    );
    // A small and a large crater may share a centre.
    let mut c = b.clone();
    c.craters[2].x = 40;
    c.craters[2].y = 40;
    Board::new(&c, &RingDims::default()).unwrap();
    let mut c = b.clone();
    for cr in &mut c.craters {
        cr.size = Size::Small;
    }
    assert_eq!(board_err(c), MoonBaseError::NoLargeCrater);
    let pair = |a: &str, z: &str| [a.to_string(), z.to_string()];
    let with = |pairs: Vec<[String; 2]>| BoardSpec {
        overlaps: Some(pairs),
        ..b.clone()
    };
    assert_eq!(
        board_err(with(vec![pair("L1", "Q")])),
        MoonBaseError::UnknownCraterId { id: "Q".into() }
    );
    assert_eq!(
        board_err(with(vec![pair("L1", "L1")])),
        MoonBaseError::SelfOverlap { id: "L1".into() }
    );
    assert_eq!(
        board_err(with(vec![pair("L1", "L2"), pair("L2", "L1")])),
        MoonBaseError::DuplicateOverlap {
            a: "L2".into(),
            b: "L1".into()
        }
    );
}

#[test]
fn v10_board_needs_valid_ring_dims() {
    let dims = RingDims {
        large: RingDim {
            outer_mm: 10,
            inner_mm: 20,
        },
        ..RingDims::default()
    };
    assert!(matches!(
        Board::new(&small_board(), &dims),
        Err(MoonBaseError::BadRingDims {
            size: Size::Large,
            ..
        })
    ));
}

#[test]
fn a_crater_may_reach_past_the_edge() {
    let spec = BoardSpec::scratch(100, 100, &[("E", Size::Large, 0, 100)]);
    let g = MoonBase::new(Config {
        board: spec,
        ..Config::default()
    })
    .unwrap();
    assert_eq!(g.board().crater(moon_base_core::CraterId(0)).unwrap().x, 0);
}
