//! Every registered game through the facade: the conformance kit on each
//! (light here; each crate runs deeper cases on more configs), and each
//! game reachable through the registry by name with its bots.

use serde_json::{Value, json};
use tabletop::binary_scrabble::Scrabble;
use tabletop::game_core::demo::{HighCard, Pig};
use tabletop::game_core::testkit::determinize_conformance;
use tabletop::market_island::MarketIsland;
use tabletop::moon::Moon;
use tabletop::moon_base::MoonBase;
use tabletop::registry::{self, RegistryError};

#[test]
fn moon_conforms() {
    determinize_conformance::<Moon>(&[Default::default()], 8);
}

#[test]
fn binary_scrabble_conforms() {
    determinize_conformance::<Scrabble>(&[Default::default()], 2);
}

#[test]
fn market_island_conforms() {
    // The default, and the rules revision's other values: voided unmined
    // blocks and immediate elimination at a low start balance.
    let revised = tabletop::market_island::Config {
        unmined_block: tabletop::market_island::UnminedBlock::VoidTransactions,
        elimination: tabletop::market_island::Elimination::Immediate,
        start_balance: 2,
        ..Default::default()
    };
    determinize_conformance::<MarketIsland>(&[Default::default(), revised], 4);
}

#[test]
fn moon_base_conforms() {
    determinize_conformance::<MoonBase>(&[Default::default()], 4);
}

#[test]
fn demo_games_conform() {
    determinize_conformance::<Pig>(&[Default::default()], 16);
    determinize_conformance::<HighCard>(&[Default::default()], 16);
}

#[test]
fn every_game_is_registered_with_its_bots() {
    let games = registry::games();
    let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
    assert_eq!(
        names,
        [
            "moon",
            "binary-scrabble",
            "market-island",
            "moon-base",
            "pig",
            "high-card"
        ]
    );
    for game in &games {
        let bots = game.bot_names();
        assert!(
            bots.starts_with(&["random", "mcts"]),
            "{}: {bots:?}",
            game.name()
        );
        // The default config opens, and every bot can take the first move.
        for bot in bots.into_iter().chain(["mcts:2"]) {
            let mut session = game.open(&serde_json::Value::Null, 1).unwrap();
            let seat = session.to_act().seat().expect("a seat acts first");
            session.set_bot(seat, bot, 2).unwrap();
            // The default MCTS is too slow for a debug test; `mcts:2` plays.
            if bot != "mcts" {
                session
                    .play_bot()
                    .unwrap_or_else(|e| panic!("{} {bot}: {e}", game.name()));
            }
        }
    }
}

/// MOON presets named in a JSON config (§12 of its rules, revision of 2026-11-25) reach
/// every front end through the registry; the replay keeps the resolved
/// config, without `preset`.
#[test]
fn moon_presets_are_reachable_by_json() {
    let moon = registry::find("moon").unwrap();
    let default = moon.default_config();
    assert_eq!(default["auto_end_when_idle"], json!(false));
    assert_eq!(default["v1_table_orientation"], json!("FirstBlock4Bit"));
    assert!(default.get("preset").is_none());

    let config_of = |session: &dyn registry::AnySession| -> Value {
        let replay: Value = serde_json::from_str(&session.replay_json()).unwrap();
        assert_eq!(replay["rules_version"], json!(2));
        assert!(replay["config"].get("preset").is_none());
        replay["config"].clone()
    };
    // C-10's JSON: the literal loss sentence at Master.
    let session = moon
        .open(&json!({"preset": "V2Literal", "difficulty": "Master"}), 3)
        .unwrap();
    let config = config_of(session.as_ref());
    assert_eq!(
        (&config["slots"], &config["difficulty"]),
        (&json!(4), &json!("Master"))
    );
    // A V1 co-op preset: one seat per player, energy from the table.
    for (orientation, energy) in [("FirstBlock4Bit", 3), ("FirstBlock6Bit", 6)] {
        let session = moon
            .open(
                &json!({
                    "preset": {"V1Cooperative": "Hacker"},
                    "players": 2,
                    "width": 6,
                    "v1_table_orientation": orientation
                }),
                1,
            )
            .unwrap();
        assert_eq!(session.seats(), 2);
        let config = config_of(session.as_ref());
        assert_eq!(config["energy"], json!(energy), "{orientation}");
        assert_eq!(config["coop_energy"], json!("PerSeatTurns"));
        // The stored config loads back to the same game.
        let back = moon.load_replay(&session.replay_json()).unwrap();
        assert_eq!(back.replay_json(), session.replay_json());
    }
    // A V1 competitive preset: one seat per level.
    let session = moon
        .open(
            &json!({"preset": {"V1Competitive": ["Novice", "Medium", "Hacker"]}}),
            2,
        )
        .unwrap();
    assert_eq!(session.seats(), 3);
    // P-9: an unknown preset is a JSON error.
    assert!(matches!(
        moon.open(&json!({"preset": "V1Literal"}), 1).err(),
        Some(RegistryError::BadJson { what: "config", .. })
    ));
}
