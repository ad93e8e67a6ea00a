//! Golden playthroughs: seeded games with random choices, compared with
//! replays committed under `tests/golden/` (recorded once by this test with
//! `BLESS=1`; they are recordings, not hand-derived results). A change
//! here means a rule, the chance weights or the serialization changed:
//! bump `RULES_VERSION` if it is meant. Choices follow the kit's one
//! seeding rule with its own stream ([`ChoiceStream::KIT`], through
//! [`random_game_with`]), the one these files were recorded with.

use game_core::Game;
use game_core::testkit::{ChoiceStream, check_golden, random_game_with, replay_text};
use moon_core::{ALL_EVENTS, BASE_EVENTS, Config, Difficulty, Hacker, Moon, WideGoalModel};

/// The choices of these files: the kit's stream.
const CHOICES: ChoiceStream = ChoiceStream::KIT;

fn play(config: Config, seed: u64) -> String {
    let session = random_game_with::<Moon>(config, seed, CHOICES);
    assert!(session.outcome().is_some());
    replay_text(&session)
}

fn check(name: &str, config: Config, seed: u64) {
    let path = format!("{}/tests/golden/{name}.json", env!("CARGO_MANIFEST_DIR"));
    check_golden(path, &play(config, seed));
}

#[test]
fn golden_cooperative_normal() {
    check(
        "coop-normal-seed-1",
        Config::cooperative(Difficulty::Normal),
        1,
    );
}

#[test]
fn golden_cooperative_events_six_bits_queue_pairs() {
    let config = Config {
        width: 6,
        events: ALL_EVENTS.to_vec(),
        wide_goal_model: WideGoalModel::QueuePairs,
        ..Config::cooperative(Difficulty::Easy)
    };
    check("coop-events-6bit-pairs-seed-2", config, 2);
}

#[test]
fn golden_cooperative_eight_bits_two_boxes() {
    // Rules version 2: two copies of every goal card and four BUGs (M-2, M-3).
    let config = Config {
        width: 8,
        bugs: Some(4),
        events: BASE_EVENTS.to_vec(),
        ..Config::cooperative(Difficulty::Easy)
    };
    check("coop-8bit-two-boxes-seed-4", config, 4);
}

#[test]
fn golden_competitive_hackers() {
    let config = Config {
        hackers: vec![
            Some(Hacker::Purple),
            Some(Hacker::Red),
            Some(Hacker::Yellow),
        ],
        max_rounds: 12,
        ..Config::competitive(3, Difficulty::Normal)
    };
    check("comp-hackers-seed-3", config, 3);
}

#[test]
fn replays_name_the_game_and_rules_version() {
    let json = play(Config::cooperative(Difficulty::Master), 4);
    assert!(json.contains("\"game\": \"moon\""));
    assert!(json.contains(&format!("\"rules_version\": {}", Moon::RULES_VERSION)));
}
