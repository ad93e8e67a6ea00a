//! The shared conformance kit on every seat count and both unmined-block options (EX-11).

use game_core::{GameRng, Seat};
use market_island_core::{Config, MarketIsland, UnminedBlock, derive_balances};

fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for seats in 2..=6 {
        out.push(Config::with_seats(seats));
        out.push(Config {
            seats,
            unmined_block: UnminedBlock::ExecuteAnyway,
            start_seat: Some(Seat(seats - 1)),
            ..Config::default()
        });
    }
    out
}

/// Custom data: tiny boards, empty and minimal piles, other variants.
fn custom_configs() -> Vec<Config> {
    let board = |t: &str| market_island_core::board::parse_board(t).unwrap();
    let mut tiny_mining = Config::with_seats(4);
    tiny_mining.decks.mining.truncate(6);
    tiny_mining.decks.income.clear();
    // Two seats, the smallest mining deck and Action squares only: the
    // mining deck's unseen part runs out early, so the last seat's Axe is
    // often shown by its two draws from the queue (MI-14, MI-41).
    let mut duel_axes = Config::with_seats(2);
    duel_axes.decks.mining.truncate(4);
    duel_axes.board = board("SAAA");
    let mut few_actions = Config::with_seats(3);
    few_actions.decks.action.truncate(5);
    few_actions.board = board("SJAF");
    vec![
        Config {
            seats: 2,
            board: board("SJAA"),
            start_balance: 3,
            ..Config::default()
        },
        Config {
            seats: 5,
            board: board("S"),
            die_faces: 20,
            lap_bonus_on_landing: false,
            ace_high: false,
            max_turns: 12,
            ..Config::default()
        },
        Config {
            seats: 3,
            board: board("ITAEFSJ"),
            mining_fee: 0,
            mining_reward: 0,
            unmined_block: UnminedBlock::ExecuteAnyway,
            start_balance: 0,
            ..Config::default()
        },
        tiny_mining,
        few_actions,
        duel_axes,
    ]
}

#[test]
fn conformance_custom_data() {
    game_core::testkit::determinize_conformance::<MarketIsland>(&custom_configs(), 30);
}

#[test]
fn conformance_every_seat_count() {
    game_core::testkit::conformance::<MarketIsland>(&configs(), 40);
}

/// EX-11: after every step the chain verifies and derives the balances.
fn ledger_invariants(
    g: &MarketIsland,
    s: &market_island_core::State,
    _rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    let blocks = s.ledger().blocks();
    if blocks.is_empty() {
        return Ok(());
    }
    g.verify_ledger(blocks)
        .map_err(|f| ("ex11 ledger verifies", f.to_string()))?;
    let derived =
        derive_balances(blocks, s.pending()).map_err(|f| ("ex11 derive", f.to_string()))?;
    if derived != s.balances() {
        return Err((
            "ex11 derived balances",
            format!("{derived:?} vs {:?}", s.balances()),
        ));
    }
    Ok(())
}

#[test]
fn ex11_ledger_invariants_in_random_playouts() {
    game_core::testkit::check_with::<MarketIsland>(&configs(), 20, &ledger_invariants)
        .unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn determinize_conformance_every_seat_count() {
    game_core::testkit::determinize_conformance::<MarketIsland>(&configs(), 24);
}
