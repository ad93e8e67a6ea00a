//! The configurations the kits run on (conformance, determinization,
//! learning view and notation), shared by their test files.

use moon_base_core::{BaseRule, BoardSpec, Config, ConnectedRule, PassRule, Size, StartPlayer};

/// The default, both pass rules, start players and base rules, another
/// connected rule and lattice step, and a board with cut-off craters.
pub fn configs() -> Vec<Config> {
    vec![
        Config::default(),
        Config {
            rounds: 2,
            pass_rule: PassRule::ForfeitTurn,
            start_player: StartPlayer::Random,
            base_rule: BaseRule::Optional,
            ..Config::default()
        },
        Config {
            rounds: 3,
            connected_rule: ConnectedRule::OwnRingsInStructure,
            start_player: StartPlayer::Seat1,
            lattice_step_mm: 10,
            base_rule: BaseRule::Compulsory,
            ..Config::default()
        },
        // Optional bases, and craters whose centres lie off the board (V6).
        Config {
            rounds: 3,
            base_rule: BaseRule::Optional,
            board: BoardSpec::scratch(
                200,
                120,
                &[
                    ("E", Size::Large, -29, 60),
                    ("F", Size::Large, 31, 60),
                    ("G", Size::Large, 95, 40),
                    ("H", Size::Large, 150, 60),
                    ("J", Size::Large, 100, 149),
                    ("K", Size::Large, 229, 100),
                    ("s1", Size::Small, 60, 100),
                    ("s2", Size::Small, 130, 100),
                    ("s3", Size::Small, 210, 130),
                    ("s4", Size::Small, 60, -15),
                    ("s5", Size::Small, 120, 10),
                    ("s6", Size::Small, -10, 0),
                ],
            ),
            ..Config::default()
        },
    ]
}
