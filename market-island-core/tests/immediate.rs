//! MI-44, `elimination = Immediate`, item by item beyond EX-12..EX-14:
//! the moment a payer goes out, Phase 1, mining, execution, the end of the
//! turn and places; and the state check that no active seat is below 0
//! (MI-43).

use crate::common;

use common::{Script, face};
use game_core::{Game, Seat, ToAct};
use market_island_core::{
    Action, Config, Elimination, EndReason, EntryKind, MarketError, Party, Phase, parse_board,
};

fn immediate(seats: u8, start_balance: u32) -> Config {
    Config {
        seats,
        start_seat: Some(Seat(0)),
        start_balance,
        elimination: Elimination::Immediate,
        ..Config::default()
    }
}

fn entries(t: &Script) -> Vec<(EntryKind, Party, Party, u32)> {
    t.s.pending()
        .iter()
        .map(|e| (e.kind, e.from, e.to, e.amount))
        .collect()
}

fn seat(i: u8) -> Party {
    Party::Seat(Seat(i))
}

#[test]
fn mi44_fire_payers_are_the_seats_still_active() {
    // Seat 0's I-4H makes seat 1 pay 4 and go out; seat 1's Jellyfish is
    // skipped; seat 2's Fire is then paid by seat 0 alone.
    let mut t = Script::new(immediate(3, 2));
    t.wc("9C");
    t.move_and_draw(4, "I-4H");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(1, "A-3H");
    t.mine_draw("KS");
    t.act(0, Action::Mine);
    t.mine_draw("5H");
    t.act(1, Action::Decline);
    t.mine_draw("2D");
    t.act(2, Action::Decline);
    let block = t.s.ledger().head().unwrap();
    let fire: Vec<(Party, Party, u32)> = block
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::FireCard)
        .map(|e| (e.from, e.to, e.amount))
        .collect();
    assert_eq!(fire, [(seat(0), seat(2), 1)]);
    assert_eq!(t.balances(), vec![9, -2, 3]);
    // The out seat's Jellyfish went under with the Fire card, not held.
    assert!(t.s.held().is_empty());
    assert_eq!(t.action_queue(), ["A-QC", "A-3H"]);
    assert_eq!(t.s.turn_order().as_slice(), [Seat(0), Seat(2)]);
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(0) });
}

/// Nobody mines; seat 0 pays 3 to its Right (seat 2) and goes out at -1;
/// seat 1's Right is then seat 2, and it goes out at -3; seat 2's I-4H
/// finds no Left and does nothing.
fn two_out_in_one_execution() -> Script {
    let mut t = Script::new(immediate(3, 2));
    t.wc("9C");
    t.move_and_draw(6, "E-3S");
    t.move_and_draw(2, "E-5S");
    t.move_and_draw(4, "I-4H");
    for (s, f) in [(0, "2C"), (1, "3C"), (2, "4C")] {
        t.mine_draw(f);
        t.act(s, Action::Decline);
    }
    t
}

#[test]
fn mi44_a_card_whose_holder_is_the_only_active_seat_does_nothing() {
    let t = two_out_in_one_execution();
    assert_eq!(
        entries(&t),
        [
            (EntryKind::Expense, seat(0), seat(2), 3),
            (EntryKind::Expense, seat(1), seat(2), 5),
        ]
    );
    assert_eq!(t.balances(), vec![-1, -3, 10]);
    assert_eq!(t.s.end_reason(), Some(EndReason::LastSurvivor));
}

#[test]
fn mi44_seats_out_in_the_same_turn_rank_by_balance_not_by_order() {
    // Seat 0 went out first, at -1; seat 1 later, at -3.
    let t = two_out_in_one_execution();
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.places, vec![2, 3, 1]);
}

#[test]
fn mi44_a_winner_out_during_execution_passes_on_its_card() {
    // Seat 0 mines alone at balance 1 (1 - fee 1 = 0 is allowed), wins 5,
    // pays 5 with its E-5C, then pays 1 to seat 1's Fire card: out at -1.
    let mut t = Script::new(immediate(3, 1));
    t.wc("9C");
    t.move_and_draw(2, "E-5C");
    t.move_and_draw(1, "A-3H");
    t.move_and_draw(3, "A-QC");
    t.mine_draw("KD");
    assert_eq!(
        {
            let mut l = Vec::new();
            t.g.legal_actions(&t.s, Seat(0), &mut l);
            l
        },
        [Action::Decline, Action::Mine]
    );
    t.act(0, Action::Mine);
    t.mine_draw("2H");
    t.act(1, Action::Decline);
    t.mine_draw("3H");
    t.act(2, Action::Decline);
    let block = t.s.ledger().head().unwrap();
    assert_eq!(block.winner, Some(Seat(0)));
    assert_eq!(block.miners, vec![(Seat(0), face("KD"))]);
    assert_eq!(block.cards.len(), 3, "the out seat stays a block seat");
    assert_eq!(block.balances, vec![-1, 8, 0]);
    assert_eq!(t.g.verify_ledger(t.s.ledger().blocks()), Ok(()));
    // MI-19: the winner's card is the new WC even though its seat is out.
    assert_eq!(t.s.winning_card(), Some(face("KD")));
    assert_eq!(t.mining_queue(), ["2H", "3H", "9C"]);
    assert!(!t.s.seats()[0].active);
    assert_eq!(t.s.seats()[0].eliminated_in, Some(1));
    // Seat 2's Jellyfish is held: it is still active.
    assert_eq!(t.s.held().len(), 1);
    assert_eq!(t.s.held()[0].seat, Seat(2));
}

#[test]
fn mi44_last_survivor_after_others_went_out_in_phase_1() {
    // Seats 0 and 1 pay the Jellyfish square at balance 0 and go out; seat
    // 2 still moves, draws, may only decline, and the turn ends.
    let mut t = Script::new(Config {
        board: parse_board("SJAA").unwrap(),
        ..immediate(3, 0)
    });
    t.wc("9C");
    t.roll(1);
    assert!(!t.s.seats()[0].active);
    t.roll(1);
    assert!(!t.s.seats()[1].active);
    t.move_and_draw(2, "A-3H");
    t.mine_draw("2C");
    let mut legal = Vec::new();
    t.g.legal_actions(&t.s, Seat(2), &mut legal);
    assert_eq!(legal, [Action::Decline]);
    t.act(2, Action::Decline);
    assert_eq!(t.g.to_act(&t.s), ToAct::Over);
    assert_eq!(t.s.end_reason(), Some(EndReason::LastSurvivor));
    // Seat 2's Fire card found no active payer.
    assert_eq!(
        entries(&t),
        [
            (EntryKind::JellyfishSquare, seat(0), Party::Bank, 1),
            (EntryKind::JellyfishSquare, seat(1), Party::Bank, 1),
        ]
    );
    assert_eq!(t.action_queue(), ["A-3H"]);
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.places, vec![2, 2, 1]);
}

#[test]
fn mi44_out_on_landing_returns_held_cards_at_once() {
    // Turn 1: seat 0 takes a Totem and pays 1 to seat 1's Fire card (the
    // unmined block executes): balance 0. Turn 2: it lands on the
    // Jellyfish square and goes out; its Totem goes under the action pile
    // before seat 1 moves.
    let mut t = Script::new(Config {
        board: parse_board("SAJA").unwrap(),
        ..immediate(2, 1)
    });
    t.wc("9C");
    t.move_and_draw(1, "A-KS");
    t.move_and_draw(1, "A-2H");
    for (s, f) in [(0, "2C"), (1, "3C")] {
        t.mine_draw(f);
        t.act(s, Action::Decline);
    }
    assert!(t.s.seats()[0].possessed);
    assert_eq!(t.balances(), vec![0, 2]);
    t.roll(1);
    assert!(!t.s.seats()[0].active);
    assert!(t.s.held().is_empty());
    assert_eq!(t.action_queue(), ["A-2H", "A-KS"]);
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(1) });
}

#[test]
fn mi43_an_active_seat_below_0_is_refused_under_immediate() {
    // Under EndOfTurn a seat at 0 may mine and sit at -1 while others decide.
    let end_of_turn = Config {
        elimination: Elimination::EndOfTurn,
        ..immediate(3, 0)
    };
    let mut t = Script::new(end_of_turn.clone());
    t.wc("9C");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(3, "A-2D");
    t.move_and_draw(4, "I-AH");
    t.mine_draw("4S");
    t.act(0, Action::Mine);
    assert_eq!(t.balances()[0], -1);
    assert!(t.g.check_state(&t.s).is_ok());
    let strict = market_island_core::MarketIsland::new(immediate(3, 0)).unwrap();
    assert!(matches!(
        strict.check_state(&t.s),
        Err(MarketError::Core(game_core::Error::BadState { .. }))
    ));
}

#[test]
fn mi43_out_during_the_current_turn_only_under_immediate() {
    // A seat out in Phase 1 of this turn: possible under Immediate only.
    let mut t = Script::new(Config {
        board: parse_board("SJAA").unwrap(),
        ..immediate(3, 0)
    });
    t.wc("9C");
    t.roll(1);
    assert_eq!(t.s.seats()[0].eliminated_in, Some(1));
    assert!(t.g.check_state(&t.s).is_ok());
    let lax = market_island_core::MarketIsland::new(Config {
        board: parse_board("SJAA").unwrap(),
        elimination: Elimination::EndOfTurn,
        ..immediate(3, 0)
    })
    .unwrap();
    assert!(lax.check_state(&t.s).is_err());
}
