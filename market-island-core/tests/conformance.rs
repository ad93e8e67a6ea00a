//! The shared conformance kit on every seat count, both `unmined_block`
//! values and both `elimination` values (EX-11).
//!
//! Every game crate names its kit runs alike: `kit_conformance_<configs>`
//! (the kit, with any extra per-state check), `determinize_conformance_<configs>`,
//! `scoped_conformance_<configs>` (what a viewer is told, see
//! `game_core::testkit::scoped_check`), `narration_conformance_<configs>`
//! (sentences tell no more than the viewer's log, see
//! `game_core::testkit::narration_check`),
//! `learning_conformance` and `learning_view_sizes`, and
//! `worked_examples_listed_in_rules_md` (the kit's check of the RULES.md index).

use crate::configs;

use configs::{configs, custom_configs, low_balance_configs};
use game_core::{Game, GameRng, Seat};
use market_island_core::{Config, Elimination, MarketIsland, derive_balances};

#[test]
fn kit_conformance_default_config() {
    game_core::testkit::conformance::<MarketIsland>(&[Config::default()], 16);
}

#[test]
fn determinize_conformance_custom_data() {
    game_core::testkit::determinize_conformance::<MarketIsland>(&custom_configs(), 30);
}

#[test]
fn kit_conformance_every_seat_count() {
    game_core::testkit::conformance::<MarketIsland>(&configs(), 40);
}

#[test]
fn determinize_conformance_low_balances_both_elimination_timings() {
    game_core::testkit::determinize_conformance::<MarketIsland>(&low_balance_configs(), 24);
}

/// EX-11: after every step the chain verifies and derives the balances,
/// and under `Immediate` no active seat is below 0 (MI-44).
fn ledger_invariants(
    g: &MarketIsland,
    s: &market_island_core::State,
    _rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    if g.config().elimination == Elimination::Immediate
        && s.seats().iter().any(|st| st.active && st.balance < 0)
    {
        return Err((
            "ex11 no active seat below 0 under Immediate",
            format!("{:?}", s.balances()),
        ));
    }
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
fn kit_conformance_ex11_ledger_invariants() {
    let mut all = configs();
    all.extend(low_balance_configs());
    game_core::testkit::check_with::<MarketIsland>(&all, 20, &ledger_invariants)
        .unwrap_or_else(|f| panic!("{f}"));
}

/// The low-balance configs do what they are for: in seeded random games
/// seats go out in Phase 1 and during execution under `Immediate`.
#[test]
fn ex11_low_balance_playouts_eliminate_mid_turn() {
    use game_core::{Session, ToAct};
    let mut phase1 = 0;
    let mut execution = 0;
    for config in low_balance_configs()
        .into_iter()
        .filter(|c| c.elimination == Elimination::Immediate)
    {
        for seed in 0..40u64 {
            let mut session = Session::<MarketIsland>::new(config.clone(), seed).unwrap();
            let mut rng = GameRng::for_stream(seed, 99);
            while let ToAct::Seat(seat) = session.to_act() {
                let legal = session.legal_actions();
                let a = legal[rng.below(legal.len() as u32) as usize];
                session.act(seat, &a).unwrap();
            }
            let s = session.state();
            // Out in a block's turn while listed in it: out during execution.
            for b in s.ledger().blocks() {
                for (p, _) in &b.cards {
                    if s.seats()[p.index()].eliminated_in == Some(b.turn) {
                        execution += 1;
                    }
                }
            }
            // Out with a JellyfishSquare entry as the last thing it paid.
            for (i, st) in s.seats().iter().enumerate() {
                let last_paid = s
                    .ledger()
                    .blocks()
                    .iter()
                    .flat_map(|b| b.entries.iter())
                    .chain(s.pending())
                    .rfind(|e| e.from == market_island_core::Party::Seat(Seat(i as u8)));
                if !st.active
                    && last_paid.is_some_and(|e| {
                        e.kind == market_island_core::EntryKind::JellyfishSquare
                            && Some(e.turn) == st.eliminated_in
                    })
                {
                    phase1 += 1;
                }
            }
        }
    }
    assert!(phase1 > 0 && execution > 0, "{phase1} {execution}");
}

#[test]
fn determinize_conformance_every_seat_count() {
    game_core::testkit::determinize_conformance::<MarketIsland>(&configs(), 24);
}

#[test]
fn narration_conformance_every_seat_count() {
    game_core::testkit::narration_conformance::<MarketIsland>(&configs(), 16);
}

#[test]
fn scoped_conformance_every_seat_count() {
    game_core::testkit::scoped_conformance::<MarketIsland>(&configs(), 24);
}

#[test]
fn learning_conformance() {
    let mut all = configs();
    all.extend(custom_configs());
    game_core::testkit::learning_conformance::<MarketIsland>(&all, 30);
}

#[test]
fn learning_view_sizes() {
    use game_core::{Game, Learning};
    let game = MarketIsland::new(market_island_core::Config::default()).unwrap();
    let board = game.config().board.len();
    // RULES.md, "Learning view": 73 numbers around 6 seats of 96 + board.
    assert_eq!(game.observation_len(), 73 + 6 * (96 + board));
    assert_eq!(game.num_distinct_actions(), 4);
}

/// RULES.md's "Worked examples" table names a test for every worked
/// example of the spec, and every test it names exists.
#[test]
fn worked_examples_listed_in_rules_md() {
    game_core::testkit::check_worked_examples(env!("CARGO_MANIFEST_DIR"));
}
