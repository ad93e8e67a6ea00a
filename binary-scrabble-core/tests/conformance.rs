//! The game-core conformance kit and the determinization contract, on
//! several configs (2 to 4 seats, both precedence modes, XOR tiles,
//! numeral cross runs, identity bans, other end-game rules), with every
//! value of T-14, T-16 and T-18.
//!
//! Every game crate names its kit runs alike: `kit_conformance_<configs>`
//! (the kit, with any extra per-state check), `determinize_conformance_<configs>`,
//! `scoped_conformance_<configs>` (what a viewer is told, see
//! `game_core::testkit::scoped_check`), `narration_conformance_<configs>`
//! (sentences tell no more than the viewer's log, see
//! `game_core::testkit::narration_check`),
//! `learning_conformance` and `learning_view_sizes`, and
//! `worked_examples_listed_in_rules_md` (the kit's check of the RULES.md index).

use crate::configs;

use binary_scrabble_core::{Config, Scrabble};
use configs::configs;
use game_core::testkit::{conformance, determinize_conformance};

#[test]
fn kit_conformance_default_config() {
    conformance::<Scrabble>(&[Config::default()], 16);
}

#[test]
fn kit_conformance_variants() {
    conformance::<Scrabble>(&configs(), 48);
}

#[test]
fn determinize_conformance_variants() {
    determinize_conformance::<Scrabble>(&configs(), 24);
}

#[test]
fn narration_conformance_variants() {
    game_core::testkit::narration_conformance::<Scrabble>(&configs(), 8);
}

#[test]
fn scoped_conformance_variants() {
    game_core::testkit::scoped_conformance::<Scrabble>(&configs(), 12);
}

#[test]
fn learning_conformance() {
    game_core::testkit::learning_conformance::<Scrabble>(&configs(), 16);
}

#[test]
fn learning_view_sizes() {
    use game_core::{Game, Learning};
    // RULES.md, "Learning view": plays, exchanges and Pass number below
    // 8 900 955 488 936 857 601, and an observation is 3 043 numbers, the
    // same for every config.
    for config in configs() {
        let game = Scrabble::new(config).unwrap();
        assert_eq!(game.num_distinct_actions(), 8_900_955_488_936_857_601);
        assert_eq!(game.observation_len(), 3_043);
    }
}

/// RULES.md's "Worked examples" table names a test for every worked
/// example of the spec, and every test it names exists.
#[test]
fn worked_examples_listed_in_rules_md() {
    game_core::testkit::check_worked_examples(env!("CARGO_MANIFEST_DIR"));
}
