//! The pick of a random action (`Game::random_action`) and of a chance
//! outcome (`Game::random_chance`) is exactly the listed draw, on states
//! of seeded random games of several configs; placements come from the
//! positions the rules object keeps between calls.

use game_core::{Game, check_random_action};
use moon_base_core::{BaseRule, Config, MoonBase, PassRule, StartPlayer};

fn check(config: Config, seeds: std::ops::Range<u64>) {
    let game = MoonBase::new(config.clone()).unwrap();
    let checked = check_random_action(&game, seeds).unwrap_or_else(|e| panic!("{config:?}: {e}"));
    assert!(checked > 100, "only {checked} decisions checked");
}

#[test]
fn picks_match_the_listed_draw() {
    check(Config::default(), 0..20);
    check(
        Config {
            pass_rule: PassRule::ForfeitTurn,
            base_rule: BaseRule::Optional,
            start_player: StartPlayer::Random,
            tower_radius_mm: 0,
            ..Config::default()
        },
        20..40,
    );
}
