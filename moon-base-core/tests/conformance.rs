//! The game-core conformance kit on several configs.

use game_core::testkit::{conformance, determinize_conformance};
use moon_base_core::{Config, ConnectedRule, MoonBase, PassRule, StartPlayer};

fn configs() -> Vec<Config> {
    vec![
        Config::default(),
        Config {
            rounds: 2,
            pass_rule: PassRule::ForfeitTurn,
            start_player: StartPlayer::Random,
            ..Config::default()
        },
        Config {
            rounds: 3,
            connected_rule: ConnectedRule::OwnRingsInStructure,
            start_player: StartPlayer::Seat1,
            lattice_step_mm: 10,
            ..Config::default()
        },
    ]
}

#[test]
fn conformance_kit_passes() {
    conformance::<MoonBase>(&configs(), 64);
}

#[test]
fn determinize_kit_passes() {
    determinize_conformance::<MoonBase>(&configs()[1..], 16);
}
