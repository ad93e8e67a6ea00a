//! Narration ([`game_core::Narrate`]): the exact sentences of a scripted
//! game (seed 5, the seat to act plays legal move `7n mod len` at its
//! n-th move), as each viewer hears them, and the end in words.

use game_core::testkit::script::scripted_session;
use game_core::{Seat, Session, Viewer};
use market_island_core::MarketIsland;

/// The scripted game, played to its end.
fn scripted() -> Session<MarketIsland> {
    scripted_session(5)
}

const ME: Viewer = Viewer::Seat(Seat(0));
const OTHER: Viewer = Viewer::Seat(Seat(1));

#[test]
fn a_block_card_is_told_to_its_drawer_only() {
    let s = scripted();
    // MI-41: the drawer sees the card; the others see a back.
    assert_eq!(
        s.narration(ME)[3],
        "you draw the block card 3S: pay 3 to the next seat anticlockwise (MI-10)"
    );
    assert_eq!(
        s.narration(OTHER)[3],
        "seat 0 draws a block card face down (MI-41)"
    );
    assert_eq!(
        s.narration(Viewer::Spectator)[3],
        "seat 0 draws a block card face down (MI-41)"
    );
}

#[test]
fn every_balance_change_says_why() {
    let s = scripted();
    assert_eq!(
        s.narration(OTHER)[13],
        "you choose to mine with 7S; you pay 1 Istoken to the Bank (mining fee, MI-13)"
    );
    assert_eq!(
        s.narration(ME)[35],
        "seat 1 rolls 6 and lands on a Fire square: a bonus from the Bank (MI-11); \
         the Bank pays 1 Istoken to seat 1 (Fire square bonus, MI-11)"
    );
    assert_eq!(
        s.narration(ME)[17],
        "seat 3 chooses to mine with a face-down card; \
         seat 3 pays 1 Istoken to the Bank (mining fee, MI-13); \
         the Bank pays 5 Istokens to seat 3 (mining reward, MI-18); \
         you pay 3 Istokens to seat 3 (expense card, MI-18); \
         you pay 1 Istoken to seat 1 (Fire card, MI-18); \
         seat 2 pays 1 Istoken to seat 1 (Fire card, MI-18); \
         seat 3 pays 1 Istoken to seat 1 (Fire card, MI-18); \
         seat 1 pays 1 Istoken to seat 2 (income card, MI-18); \
         seat 3 wins block 1 with JS (MI-16)"
    );
}

#[test]
fn the_end_says_who_won_and_why() {
    let s = scripted();
    assert_eq!(
        s.narrate_end(OTHER).unwrap(),
        "nobody could mine this turn (MI-25, B-8): seat 3 wins \
         (Istokens: seat 0 53, you 60, seat 2 38, seat 3 61)"
    );
}
