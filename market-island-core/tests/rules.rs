//! Numbered rules beyond the worked examples: errors (MI-38, MI-39), the
//! tie-break node (MI-17), queue draws (MI-36), empty piles (B-23),
//! repeated stings (B-17), held cards on elimination (MI-24, B-24) and the
//! other end reasons (MI-25, MI-26).

use crate::common;

use common::{Script, face};
use game_core::{Error, Game, Seat, SeatSet, ToAct, Viewer};
use market_island_core::{
    Action, Chance, Config, Decks, EndReason, Knowledge, MarketError, Phase, Seen, UnminedBlock,
    parse_board,
};

#[test]
fn mi39_errors_in_order_and_state_unchanged() {
    let mut t = Script::seats(2);
    t.wc("9C");
    // A chance node: any action is refused.
    let before = t.s.clone();
    assert_eq!(
        t.g.apply(&mut t.s, Seat(0), &Action::Decline),
        Err(MarketError::Core(Error::ChancePending))
    );
    assert_eq!(t.s, before);
    t.move_and_draw(1, "A-2H");
    t.move_and_draw(1, "A-3H");
    t.mine_draw("2C");
    assert_eq!(t.g.to_act(&t.s), ToAct::Seat(Seat(0)));
    let before = t.s.clone();
    assert_eq!(
        t.g.apply(&mut t.s, Seat(1), &Action::Decline),
        Err(MarketError::Core(Error::NotYourTurn {
            seat: Seat(1),
            to_act: Seat(0)
        }))
    );
    assert_eq!(
        t.g.apply(&mut t.s, Seat(7), &Action::Decline),
        Err(MarketError::Core(Error::UnknownSeat {
            seat: Seat(7),
            seats: 2
        }))
    );
    for a in [Action::Keep(0), Action::Keep(1), Action::Keep(2)] {
        assert_eq!(
            t.g.apply(&mut t.s, Seat(0), &a),
            Err(MarketError::IllegalAction { action: a })
        );
    }
    assert_eq!(t.s, before);
    // A decision is not a chance node.
    assert_eq!(
        t.g.apply_chance(&mut t.s, &Chance::Die(1)),
        Err(MarketError::Core(Error::NotChance))
    );
}

#[test]
fn mi38_unlisted_chance_outcomes_are_refused() {
    let mut t = Script::seats(2);
    let before = t.s.clone();
    assert_eq!(
        t.g.apply_chance(&mut t.s, &Chance::Mining(market_island_core::Face::JOKER)),
        Err(MarketError::Core(Error::BadChance))
    );
    assert_eq!(
        t.g.apply_chance(&mut t.s, &Chance::Die(3)),
        Err(MarketError::Core(Error::BadChance))
    );
    assert_eq!(t.s, before);
    t.wc("9C");
    // The WC is not in the unseen part any more; a die only goes to 6.
    for c in [
        Chance::Die(0),
        Chance::Die(7),
        Chance::Mining(face("9C")),
        Chance::TieBreak(Seat(0)),
    ] {
        assert_eq!(
            t.g.apply_chance(&mut t.s, &c),
            Err(MarketError::Core(Error::BadChance))
        );
    }
    let mut out = Vec::new();
    t.g.chance_outcomes(&t.s, &mut out);
    assert_eq!(
        out.iter().map(|(c, w)| (*c, *w)).collect::<Vec<_>>(),
        (1..=6).map(|d| (Chance::Die(d), 1)).collect::<Vec<_>>()
    );
    t.roll(1);
    // A block draw from the action pile: 54 cards, the Jokers weigh 2.
    t.g.chance_outcomes(&t.s, &mut out);
    assert_eq!(out.len(), 53);
    assert_eq!(out.iter().map(|(_, w)| w).sum::<u32>(), 54);
    assert!(out.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(out.last().unwrap(), &(Chance::Card(t.card("A-JK")), 2));
    // An income card cannot come out of the action pile.
    let income = Chance::Card(t.card("I-4H"));
    assert_eq!(
        t.g.apply_chance(&mut t.s, &income),
        Err(MarketError::Core(Error::BadChance))
    );
}

#[test]
fn mi6_start_seat_is_a_uniform_chance_node() {
    let g = <market_island_core::MarketIsland as Game>::new(Config::with_seats(5)).unwrap();
    let mut s = g.initial_state();
    assert_eq!(s.phase(), Phase::StartSeat);
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    assert_eq!(
        out,
        (0..5)
            .map(|i| (Chance::StartSeat(Seat(i)), 1))
            .collect::<Vec<_>>()
    );
    g.apply_chance(&mut s, &Chance::StartSeat(Seat(3))).unwrap();
    assert_eq!(s.phase(), Phase::FirstWc);
    g.apply_chance(&mut s, &Chance::Mining(face("9C"))).unwrap();
    assert_eq!(s.phase(), Phase::Roll { seat: Seat(3) });
    assert_eq!(
        s.turn_order().as_slice(),
        [Seat(3), Seat(4), Seat(0), Seat(1), Seat(2)]
    );
}

#[test]
fn mi17_equal_rank_goes_to_a_tie_break_node() {
    let mut t = Script::seats(2);
    t.wc("2C");
    t.move_and_draw(4, "I-3D");
    t.move_and_draw(4, "I-4D");
    t.mine_draw("QH");
    t.act(0, Action::Mine);
    t.mine_draw("QS");
    t.act(1, Action::Mine);
    let tied: SeatSet = [Seat(0), Seat(1)].into_iter().collect();
    assert_eq!(t.s.phase(), Phase::TieBreak { tied });
    // Both kept cards are already revealed.
    let spec = t.g.observe(&t.s, Viewer::Spectator);
    assert_eq!(spec.seats[1].kept.unwrap().card, Seen::Shown(face("QS")));
    let mut out = Vec::new();
    t.g.chance_outcomes(&t.s, &mut out);
    assert_eq!(
        out,
        [
            (Chance::TieBreak(Seat(0)), 1),
            (Chance::TieBreak(Seat(1)), 1)
        ]
    );
    t.chance(Chance::TieBreak(Seat(1)));
    let head = t.s.ledger().head().unwrap();
    assert_eq!(head.winner, Some(Seat(1)));
    assert_eq!(t.s.winning_card(), Some(face("QS")));
    // V6 lets a tie left to chance pass.
    assert_eq!(t.g.verify_ledger(t.s.ledger().blocks()), Ok(()));
    assert_eq!(t.mining_queue(), ["2C", "QH"]);
}

#[test]
fn mi36_queue_draws_add_the_drawer_to_those_who_know() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        decks: Decks {
            mining: ["2C", "3C", "4C", "5C"].iter().map(|f| face(f)).collect(),
            ..Decks::default()
        },
        ..Config::default()
    });
    t.wc("2C");
    t.move_and_draw(1, "A-2H");
    t.move_and_draw(1, "A-3H");
    t.mine_draw("3C");
    t.act(0, Action::Decline);
    t.mine_draw("4C");
    t.act(1, Action::Decline);
    t.move_and_draw(1, "E-2C");
    t.move_and_draw(1, "E-3C");
    t.mine_draw("5C");
    t.act(0, Action::Decline);
    // The unseen part is empty: seat 1 takes 3C from the queue, no chance node.
    assert_eq!(t.s.phase(), Phase::Decide { seat: Seat(1) });
    let (f, k) = t.s.seats()[1].drawn[0].unwrap();
    assert_eq!(f, face("3C"));
    assert_eq!(k, Knowledge::seat(Seat(0)).with(Seat(1)));
    let zero = t.g.observe(&t.s, Viewer::Seat(Seat(0)));
    assert_eq!(zero.seats[1].drawn[0].card, Seen::Shown(face("3C")));
    let spec = t.g.observe(&t.s, Viewer::Spectator);
    assert_eq!(spec.seats[1].drawn[0].card, Seen::Hidden);
}

#[test]
fn b23_an_empty_pile_gives_no_block_card() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        decks: Decks {
            income: vec![],
            ..Decks::default()
        },
        ..Config::default()
    });
    t.wc("9C");
    t.roll(4);
    // Square 4 is an income square: nothing to draw, no chance node for it.
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(1) });
    assert_eq!(t.s.seats()[0].block, None);
}

#[test]
fn b17_a_stung_seat_can_be_stung_again() {
    let mut t = Script::seats(3);
    t.wc("9C");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(2, "E-2C");
    t.move_and_draw(4, "I-2H");
    for (seat, f) in [(0, "4S"), (1, "5S"), (2, "6S")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    // Turn 2: seat 0 is stung and takes another Jellyfish.
    t.move_and_draw(2, "A-JC");
    t.move_and_draw(2, "I-3H");
    t.move_and_draw(2, "E-3S");
    assert!(!t.s.seats()[0].eligible);
    for (seat, f) in [(1, "7S"), (2, "8S")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    assert_eq!(t.action_queue(), ["A-QC"]);
    assert_eq!(t.s.held()[0].excluded_turn, Some(3));
    // Turn 3: excluded again.
    t.move_and_draw(1, "I-6H");
    t.move_and_draw(1, "A-4H");
    t.move_and_draw(2, "E-4S");
    assert!(!t.s.seats()[0].eligible && t.s.seats()[1].eligible);
}

#[test]
fn mi24_held_cards_return_in_the_order_taken() {
    let mut t = Script::new(Config {
        seats: 3,
        start_seat: Some(Seat(0)),
        start_balance: 0,
        unmined_block: UnminedBlock::ExecuteAnyway,
        board: parse_board("SAAAAAAAAA").unwrap(),
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-2S");
    t.move_and_draw(1, "A-2C");
    t.move_and_draw(1, "A-3C");
    for (seat, f) in [(0, "2H"), (1, "3H"), (2, "4H")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    assert!(t.s.seats()[0].possessed);
    // Turn 2: nobody may mine; two Fire cards execute anyway.
    t.move_and_draw(1, "A-3S");
    t.move_and_draw(1, "A-4H");
    t.move_and_draw(1, "A-5H");
    assert_eq!(t.balances(), vec![-2, 1, 1]);
    assert_eq!(t.s.seats()[0].eliminated_in, Some(2));
    assert_eq!(
        t.action_queue(),
        ["A-2C", "A-3C", "A-4H", "A-5H", "A-2S", "A-3S"]
    );
    assert!(t.s.held().is_empty());
    assert_eq!(t.s.end_reason(), Some(EndReason::NoEligibleMiner));
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.places, vec![3, 1, 1]);
}

#[test]
fn mi25_turn_limit_ends_the_game() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        max_turns: 1,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-2H");
    t.move_and_draw(2, "E-2C");
    t.mine_draw("2C");
    t.act(0, Action::Mine);
    t.mine_draw("3C");
    t.act(1, Action::Decline);
    assert_eq!(t.s.end_reason(), Some(EndReason::TurnLimit));
    assert_eq!(t.g.to_act(&t.s), ToAct::Over);
    // Seat 0: -1 fee, +5 reward, +1 Fire from seat 1, +2 from seat 1's expense (to its left).
    assert_eq!(t.balances(), vec![57, 47]);
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(
        (o.scores.clone(), o.places.clone()),
        (vec![57, 47], vec![1, 2])
    );
    assert_eq!(
        t.g.apply(&mut t.s, Seat(0), &Action::Decline),
        Err(MarketError::Core(Error::GameOver))
    );
    assert_eq!(
        t.g.apply_chance(&mut t.s, &Chance::Die(1)),
        Err(MarketError::Core(Error::GameOver))
    );
}

/// Seat 0 pays the Jellyfish square and takes `E-2C`; seat 1 takes the
/// Fire card `A-2H`; both decline, so the block is unmined.
fn last_survivor(unmined_block: UnminedBlock) -> Script {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        start_balance: 0,
        board: parse_board("SJAA").unwrap(),
        unmined_block,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "E-2C");
    t.move_and_draw(2, "A-2H");
    for (seat, f) in [(0, "4D"), (1, "5D")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    t
}

#[test]
fn mi25_last_survivor_wins() {
    // The default executes the unmined block (B-7): seat 0 pays 2 to its
    // left and 1 to seat 1's Fire card.
    let t = last_survivor(Config::default().unmined_block);
    assert_eq!(t.s.end_reason(), Some(EndReason::LastSurvivor));
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.scores, vec![-4, 3]);
    assert_eq!(o.places, vec![2, 1]);
    // Voided, only the square fee counts.
    let t = last_survivor(UnminedBlock::VoidTransactions);
    assert_eq!(t.s.end_reason(), Some(EndReason::LastSurvivor));
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.scores, vec![-1, 0]);
    assert_eq!(o.places, vec![2, 1]);
}

#[test]
fn mi11_fire_square_pays_and_jellyfish_square_costs() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        board: parse_board("SFJ").unwrap(),
        fire_square_bonus: 3,
        jellyfish_square_fee: 2,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "I-2H");
    t.move_and_draw(2, "E-2C");
    assert_eq!(t.balances(), vec![53, 48]);
}
