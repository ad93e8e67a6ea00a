//! The conformance kit passes on the demo games, with and without
//! determinization, over several configs.

use game_core::demo::{HighCard, HighCardConfig, Pig, PigConfig};
use game_core::testkit::{conformance, determinize_conformance};

fn pig_configs() -> Vec<PigConfig> {
    vec![
        PigConfig::default(),
        PigConfig {
            seats: 4,
            target: 12,
            max_turns: 30,
        },
        PigConfig {
            seats: 3,
            target: 1000,
            max_turns: 6,
        },
    ]
}

fn high_card_configs() -> Vec<HighCardConfig> {
    vec![
        HighCardConfig::default(),
        HighCardConfig {
            deck_size: 13,
            ante: 2,
            bet: 5,
        },
    ]
}

#[test]
fn pig_conforms() {
    conformance::<Pig>(&pig_configs(), 64);
}

#[test]
fn pig_determinizes() {
    determinize_conformance::<Pig>(&pig_configs(), 16);
}

#[test]
fn high_card_conforms() {
    conformance::<HighCard>(&high_card_configs(), 64);
}

#[test]
fn high_card_determinizes() {
    determinize_conformance::<HighCard>(&high_card_configs(), 32);
}
