//! The draws of playouts without lists (`Game::random_action`,
//! `Game::random_chance`) are exactly the listed draws, on states of
//! seeded random games of several tables.

use game_core::{Game, check_random_action};
use market_island_core::{Config, Elimination, MarketIsland};

fn check(config: Config) {
    let game = MarketIsland::new(config.clone()).unwrap();
    let checked = check_random_action(&game, 0..60).unwrap_or_else(|e| panic!("{config:?}: {e}"));
    assert!(checked > 1000, "only {checked} steps checked");
}

#[test]
fn draws_match_the_listed_draws() {
    check(Config::default());
    for seats in 2..=4 {
        check(Config {
            seats,
            elimination: Elimination::Immediate,
            ..Config::default()
        });
    }
}
