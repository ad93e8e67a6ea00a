//! Narration ([`game_core::Narrate`]): the exact sentences of a scripted
//! game (seed 5, the seat to act plays legal move `7n mod len` at its
//! n-th move), as each viewer hears them, and the end in words.

use binary_scrabble_core::Scrabble;
use game_core::testkit::script::scripted_session;
use game_core::{Seat, Session, Viewer};

/// The scripted game, played to its end.
fn scripted() -> Session<Scrabble> {
    scripted_session(5)
}

const ME: Viewer = Viewer::Seat(Seat(0));
const OTHER: Viewer = Viewer::Seat(Seat(1));

#[test]
fn a_draw_is_told_to_the_drawer_only() {
    let s = scripted();
    assert_eq!(s.narration(ME)[0], "you draw 0");
    assert_eq!(s.narration(OTHER)[0], "seat 0 draws a tile");
    assert_eq!(s.narration(Viewer::Spectator)[9], "seat 1 draws a tile");
}

#[test]
fn a_play_says_its_score() {
    let s = scripted();
    assert_eq!(
        s.narration(ME)[18],
        "you play A8 across 0=0x10 OR 0 for 66 points (66 now)"
    );
    assert_eq!(
        s.narration(ME)[27],
        "seat 1 plays A8 across (0=0x10 OR 0)/100010 for 33 points (33 now)"
    );
}

#[test]
fn the_end_says_who_won_and_why() {
    let s = scripted();
    assert_eq!(
        s.narrate_end(OTHER).unwrap(),
        "you go out with an empty rack and the bag empty (R-32); racks left count (R-34): \
         seat 0 -8, you +8: you win (scores: seat 0 143, you 147)"
    );
}
