//! `Preview`: joining the mining costs its fee in coins (MI-13), declining
//! nothing, and no decision scores at once. Every legal decision of seeded
//! games of every test config is previewed and applied to a copy of the
//! state; while the mining goes on (no reveal within `apply`) the mover's
//! balance must drop by exactly the previewed coins.

use crate::configs;

use game_core::testkit::{any_move, walk_decisions};
use game_core::{Game, Preview};
use market_island_core::{Config, MarketIsland, Phase};

#[derive(Debug, Default)]
struct Seen {
    paid: usize,
    free: usize,
    revealed: usize,
}

fn play_game(config: Config, seed: u64, seen: &mut Seen) {
    let game = MarketIsland::new(config).expect("a test config");
    walk_decisions(&game, seed, |s, seat, legal, rng| {
        for a in legal {
            let preview = game.preview(s, seat, a);
            assert_eq!(preview.score, None, "{a}: nothing scores at once");
            let coins: i64 = preview
                .costs
                .iter()
                .map(|c| {
                    assert_eq!(c.resource, "coins", "{a}");
                    assert!(c.amount > 0, "{a}: no cost of 0 is listed");
                    c.amount
                })
                .sum();
            let mut after = s.clone();
            game.apply(&mut after, seat, a).expect("a legal decision");
            if matches!(
                after.phase(),
                Phase::Decide { .. } | Phase::MiningDraw { .. }
            ) {
                let paid = i64::from(s.seats()[seat.index()].balance)
                    - i64::from(after.seats()[seat.index()].balance);
                assert_eq!(coins, paid, "{a}: the coins apply takes");
                if paid > 0 {
                    seen.paid += 1;
                } else {
                    seen.free += 1;
                }
            } else {
                // The reveal ran (MI-15..MI-19): the reward and the
                // block's cards move coins too.
                seen.revealed += 1;
            }
        }
        any_move(legal.len(), rng)
    });
}

#[test]
fn preview_is_the_fee_apply_takes_in_seeded_games() {
    let mut seen = Seen::default();
    let mut all = configs::configs();
    all.extend(configs::low_balance_configs());
    all.extend(configs::custom_configs());
    all.push(Config {
        mining_fee: 3,
        ..Config::with_seats(4)
    });
    all.push(Config {
        mining_fee: 0,
        ..Config::with_seats(3)
    });
    for (i, config) in all.into_iter().enumerate() {
        for seed in 0..6 {
            play_game(config.clone(), 100 * i as u64 + seed, &mut seen);
        }
    }
    assert!(seen.paid > 1000, "{seen:?}");
    assert!(seen.free > 100, "{seen:?}");
    assert!(seen.revealed > 100, "{seen:?}");
}
