//! The configurations the kits run on (conformance, determinization,
//! learning view and notation), shared by their test files.

use binary_scrabble_core::{
    Config, EndgameRackRule, Precedence, ScorePlayedThrough, ValueBonus, XorTiles,
};

/// 2 to 4 seats, both precedence modes, XOR tiles, numeral cross runs,
/// identity bans, other end-game rules, every value of T-14, T-16 and T-18.
pub fn configs() -> Vec<Config> {
    vec![
        Config::default(),
        Config {
            players: 3,
            precedence: Precedence::LeftToRight,
            number_cross_runs: true,
            xor_tiles: Some(XorTiles {
                count: 4,
                points: 1,
            }),
            endgame_rack_rule: EndgameRackRule::Tournament,
            ..Config::default()
        },
        Config {
            players: 4,
            ban_identity_mul1: true,
            ban_identity_add0_sub0: true,
            ban_identity_and1_or0: true,
            negative_intermediates: true,
            value_bonus: ValueBonus::FloorLog2,
            score_played_through: ScorePlayedThrough::Always,
            exchange_min_bag: 1,
            max_scoreless_turns: 3,
            endgame_rack_rule: EndgameRackRule::DigitTilesOnly,
            ..Config::default()
        },
        // The defaults before the 2026-11-25 revision (T-14 never, T-16 on).
        Config {
            score_played_through: ScorePlayedThrough::Never,
            not_after_binop: true,
            ..Config::default()
        },
        // T-18 on, with T-16 on so NOT operands can be neutral terms too.
        Config {
            ban_neutral_terms: true,
            not_after_binop: true,
            ..Config::default()
        },
    ]
}
