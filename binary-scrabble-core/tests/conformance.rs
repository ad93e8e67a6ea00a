//! The game-core conformance kit and the determinization contract, on
//! several configs (2 to 4 seats, both precedence modes, XOR tiles,
//! numeral cross runs, identity bans, other end-game rules), with every
//! value of T-14, T-16 and T-18.

mod configs;

use binary_scrabble_core::Scrabble;
use configs::configs;
use game_core::testkit::{conformance, determinize_conformance};

#[test]
fn conformance_kit() {
    conformance::<Scrabble>(&configs(), 48);
}

#[test]
fn determinize_kit() {
    determinize_conformance::<Scrabble>(&configs(), 24);
}

#[test]
fn learning_view_kit() {
    game_core::testkit::learning_conformance::<Scrabble>(&configs(), 16);
}
