//! Narration ([`game_core::Narrate`]): the exact sentences of a scripted
//! game (seed 5, the seat to act plays legal move `7n mod len` at its
//! n-th move), as each viewer hears them, and the end in words.

use game_core::testkit::script::scripted_session;
use game_core::{Seat, Session, Viewer};
use moon_core::Moon;

/// The scripted game, played to its end.
fn scripted() -> Session<Moon> {
    scripted_session(5)
}

const ME: Viewer = Viewer::Seat(Seat(0));
const OTHER: Viewer = Viewer::Seat(Seat(1));

#[test]
fn moves_say_what_changed_and_what_they_cost() {
    let s = scripted();
    let said = s.narration(ME);
    assert_eq!(said.len(), s.step_count());
    assert_eq!(said[0], "a goal card 0011 is drawn");
    assert_eq!(
        said[2],
        "a goal card 0101 is drawn; the goal is now 0101 = 5"
    );
    // M-11: the energy spent is the cost.
    assert_eq!(
        said[3],
        "you play INC A: A 0000 -> 0001 (costs 2 energy, 0.5 left)"
    );
    assert_eq!(
        said[13],
        "you play MOV A,C: A 0011 -> 1111 (costs 1 energy, 1 left)"
    );
    assert_eq!(said[5], "you end the turn; round 2 begins");
    assert_eq!(
        s.narration(OTHER)[3],
        "seat 0 plays INC A: A 0000 -> 0001 (costs 2 energy, 0.5 left)"
    );
}

#[test]
fn the_end_says_who_won_and_why() {
    let s = scripted();
    assert_eq!(
        s.narration(ME).last().unwrap(),
        "you end the turn; the team loses"
    );
    assert_eq!(
        s.narrate_end(ME).unwrap(),
        "the team loses: the goal queue overflowed, a card had no place left (M-31), \
         after 0 goals solved in 5 rounds"
    );
}
