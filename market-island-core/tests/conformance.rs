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
