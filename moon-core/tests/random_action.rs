//! The pick of a random action without listing (`Game::random_action`)
//! is exactly the listed draw, on states of seeded random games of many
//! configs: errors and OK choices, tokens, hackers, RAM, BUGs.

use game_core::{Game, check_random_action};
use moon_core::{
    ALL_EVENTS, ALL_OPS, Config, CoopEnergy, Difficulty, ExtraOps, Hacker, Moon, WideGoalModel,
};

fn check(config: Config, seeds: std::ops::Range<u64>) {
    let game = Moon::new(config.clone()).unwrap();
    let checked = check_random_action(&game, seeds).unwrap_or_else(|e| panic!("{config:?}: {e}"));
    assert!(checked > 100, "only {checked} decisions checked");
}

#[test]
fn cooperative_picks_match_the_listed_draw() {
    check(Config::cooperative(Difficulty::Normal), 0..40);
    check(
        Config {
            width: 6,
            events: ALL_EVENTS.to_vec(),
            ok_repairs_bug: true,
            wide_goal_model: WideGoalModel::QueuePairs,
            extra_ops: Some(ExtraOps::default()),
            operations: ALL_OPS.into_iter().collect(),
            ..Config::cooperative(Difficulty::Easy)
        },
        0..40,
    );
    // Widths 7 and 8 play with two boxes (M-6): goal values with two
    // unseen copies weigh twice.
    check(
        Config {
            width: 8,
            events: ALL_EVENTS.to_vec(),
            ..Config::cooperative(Difficulty::Normal)
        },
        0..40,
    );
    check(
        Config {
            players: 4,
            coop_energy: CoopEnergy::PerSeatTurns,
            coop_ram: true,
            hackers: vec![
                Some(Hacker::Green),
                Some(Hacker::Yellow),
                Some(Hacker::Purple),
                Some(Hacker::Red),
            ],
            events: ALL_EVENTS.to_vec(),
            forbid_self_mov: true,
            ..Config::cooperative(Difficulty::Hard)
        },
        0..40,
    );
}

#[test]
fn competitive_picks_match_the_listed_draw() {
    check(Config::competitive(3, Difficulty::Normal), 0..20);
    check(
        Config {
            events: ALL_EVENTS.to_vec(),
            extra_ops: Some(ExtraOps::default()),
            hackers: vec![Some(Hacker::Purple), Some(Hacker::Red)],
            ..Config::competitive(2, Difficulty::Easy)
        },
        0..20,
    );
}
