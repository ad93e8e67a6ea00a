//! The demo games' configs that the kit runs on, shared by the test files
//! of this crate.

use game_core::demo::{HighCardConfig, PigConfig};

/// Pig: the default, four seats racing to 12, three seats cut at six turns.
pub fn pig_configs() -> Vec<PigConfig> {
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

/// High card: the default, and a full 13-card deck with bigger stakes.
pub fn high_card_configs() -> Vec<HighCardConfig> {
    vec![
        HighCardConfig::default(),
        HighCardConfig {
            deck_size: 13,
            ante: 2,
            bet: 5,
        },
    ]
}
