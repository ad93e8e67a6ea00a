//! Every registered game through the facade: the conformance kit on each
//! (light here; each crate runs deeper cases on more configs), and each
//! game reachable through the registry by name with its bots.

use tabletop::binary_scrabble::Scrabble;
use tabletop::game_core::demo::{HighCard, Pig};
use tabletop::game_core::testkit::determinize_conformance;
use tabletop::market_island::MarketIsland;
use tabletop::moon::Moon;
use tabletop::moon_base::MoonBase;
use tabletop::registry;

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
