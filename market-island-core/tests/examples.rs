//! The worked examples of the spec (EX-2, EX-4..EX-8, EX-12..EX-14), each
//! its own test; an example that depends on `unmined_block` or
//! `elimination` is played under each value it names.

use crate::common;

use common::{Script, face};
use game_core::{Game, Seat, ToAct};
use market_island_core::{
    Action, Chance, Config, Elimination, EndReason, EntryKind, Knowledge, MarketError, Party,
    Phase, UnminedBlock, hash_hex,
};

/// EX-2's turn 1 up to the decisions.
fn ex2_turn1_draws(script: &mut Script) {
    script.wc("9C");
    script.move_and_draw(4, "I-4H");
    script.move_and_draw(2, "E-5C");
    script.move_and_draw(1, "A-3H");
}

#[test]
fn ex2_one_mined_turn() {
    let mut t = Script::seats(3);
    ex2_turn1_draws(&mut t);
    t.mine_draw("KS");
    t.act(0, Action::Decline);
    t.mine_draw("5H");
    t.act(1, Action::Mine);
    t.mine_draw("2D");
    t.act(2, Action::Mine);
    assert_eq!(t.balances(), vec![53, 44, 56]);
    assert_eq!(t.s.winning_card(), Some(face("5H")));
    let q = t.s.piles().mining.queue();
    assert_eq!(t.mining_queue(), ["KS", "9C", "2D"]);
    assert_eq!(q[0].1, Knowledge::seat(Seat(0)));
    assert_eq!(q[1].1, Knowledge::PUBLIC);
    assert_eq!(q[2].1, Knowledge::PUBLIC);
    let ids = |d: &game_core::Deck<market_island_core::Card, Knowledge>| {
        d.queue()
            .iter()
            .map(|(c, k)| (c.to_string(), k.public))
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&t.s.piles().income), [("I-4H".to_string(), true)]);
    assert_eq!(ids(&t.s.piles().expense), [("E-5C".to_string(), true)]);
    assert_eq!(ids(&t.s.piles().action), [("A-3H".to_string(), true)]);
    assert_eq!(t.s.turn(), 2);
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(0) });
}

#[test]
fn ex2_entries_in_order() {
    let mut t = Script::seats(3);
    ex2_turn1_draws(&mut t);
    t.mine_draw("KS");
    t.act(0, Action::Decline);
    t.mine_draw("5H");
    t.act(1, Action::Mine);
    t.mine_draw("2D");
    t.act(2, Action::Mine);
    let block = &t.s.ledger().blocks()[1];
    let entries: Vec<(EntryKind, Party, Party, u32)> = block
        .entries
        .iter()
        .map(|e| (e.kind, e.from, e.to, e.amount))
        .collect();
    let s = |i| Party::Seat(Seat(i));
    assert_eq!(
        entries,
        [
            (EntryKind::MiningFee, s(1), Party::Bank, 1),
            (EntryKind::MiningFee, s(2), Party::Bank, 1),
            (EntryKind::MiningReward, Party::Bank, s(1), 5),
            (EntryKind::Income, s(1), s(0), 4),
            (EntryKind::Expense, s(1), s(2), 5),
            (EntryKind::FireCard, s(0), s(2), 1),
            (EntryKind::FireCard, s(1), s(2), 1),
        ]
    );
    assert!(t.s.pending().is_empty());
}

/// EX-4's turn 1: EX-2's script with every seat declining.
fn ex4_turn1(unmined_block: UnminedBlock) -> Script {
    let mut t = Script::new(Config {
        seats: 3,
        start_seat: Some(Seat(0)),
        unmined_block,
        ..Config::default()
    });
    ex2_turn1_draws(&mut t);
    for (seat, f) in [(0, "KS"), (1, "5H"), (2, "2D")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    t
}

#[test]
fn ex4_unmined_turn_void_transactions() {
    let t = ex4_turn1(UnminedBlock::VoidTransactions);
    assert_eq!(t.balances(), vec![50, 50, 50]);
    assert_eq!(t.s.winning_card(), Some(face("9C")));
    assert_eq!(t.s.ledger().len(), 1, "genesis only");
    assert!(t.s.pending().is_empty());
    assert_eq!(t.mining_queue(), ["KS", "5H", "2D"]);
}

#[test]
fn ex4_unmined_turn_execute_anyway() {
    let mut t = ex4_turn1(UnminedBlock::ExecuteAnyway);
    assert_eq!(t.balances(), vec![53, 40, 57]);
    assert_eq!(t.s.winning_card(), Some(face("9C")));
    assert_eq!(t.s.ledger().len(), 1);
    let kinds: Vec<(EntryKind, u32)> = t.s.pending().iter().map(|e| (e.kind, e.turn)).collect();
    let turn1 = [
        (EntryKind::Income, 1),
        (EntryKind::Expense, 1),
        (EntryKind::FireCard, 1),
        (EntryKind::FireCard, 1),
    ];
    assert_eq!(kinds, turn1);
    // Turn 2: seat 0 mines alone.
    t.move_and_draw(5, "I-AH");
    t.move_and_draw(2, "I-2H");
    t.move_and_draw(1, "E-AC");
    assert_eq!(t.s.seats()[0].position, 9);
    t.mine_draw("3C");
    t.act(0, Action::Mine);
    t.mine_draw("4C");
    t.act(1, Action::Decline);
    t.mine_draw("6C");
    t.act(2, Action::Decline);
    let block = &t.s.ledger().blocks()[1];
    assert_eq!(block.turn, 2);
    let head: Vec<(EntryKind, u32)> = block.entries[..4]
        .iter()
        .map(|e| (e.kind, e.turn))
        .collect();
    assert_eq!(head, turn1);
    assert_eq!(block.balances, vec![59, 41, 54]);
    assert_eq!(t.balances(), vec![59, 41, 54]);
    // Score 2: the suits of the WC 9C and of E-AC.
    let faces: Vec<_> = block
        .cards
        .iter()
        .filter_map(|(_, c)| c.map(|c| c.face))
        .collect();
    assert_eq!(market_island_core::score(face("3C"), face("9C"), faces), 2);
    assert_eq!(t.s.winning_card(), Some(face("3C")));
}

/// EX-4's game-ending case: EX-6(a), but in turn 2 seat 1 lands on an
/// Expense square and takes `E-3S` (pay 3 to the Right).
fn ex4_game_ending(unmined_block: UnminedBlock) -> Script {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        unmined_block,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-KS");
    t.move_and_draw(3, "A-QC");
    t.mine_draw("2C");
    t.act(0, Action::Decline);
    t.mine_draw("3C");
    t.act(1, Action::Decline);
    t.move_and_draw(2, "A-2D");
    t.move_and_draw(3, "E-3S");
    assert_eq!(t.s.seats()[1].position, 6);
    assert_eq!(t.g.to_act(&t.s), ToAct::Over);
    assert_eq!(t.s.end_reason(), Some(EndReason::NoEligibleMiner));
    assert_eq!(t.s.ledger().len(), 1, "genesis only");
    t
}

#[test]
fn ex4_game_ending_unmined_turn_execute_anyway() {
    let t = ex4_game_ending(UnminedBlock::ExecuteAnyway);
    assert_eq!(t.balances(), vec![53, 47]);
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.places, vec![1, 2], "seat 0 wins");
    // The executed card stays pending for good.
    let pending: Vec<(EntryKind, u32, Party, Party, u32)> =
        t.s.pending()
            .iter()
            .map(|e| (e.kind, e.turn, e.from, e.to, e.amount))
            .collect();
    assert_eq!(
        pending,
        [(
            EntryKind::Expense,
            2,
            Party::Seat(Seat(1)),
            Party::Seat(Seat(0)),
            3
        )]
    );
}

#[test]
fn ex4_game_ending_unmined_turn_void_transactions() {
    let t = ex4_game_ending(UnminedBlock::VoidTransactions);
    assert_eq!(t.balances(), vec![50, 50]);
    assert!(t.s.pending().is_empty());
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.places, vec![1, 1], "a draw");
}

#[test]
fn ex5_first_move_pays_no_lap_bonus() {
    let mut t = Script::seats(2);
    t.wc("9C");
    t.move_and_draw(3, "A-2H");
    assert_eq!(t.balances()[0], 50);
    assert!(t.s.pending().is_empty());
}

#[test]
fn ex5_two_square_board_steps_on_start_twice() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        board: market_island_core::parse_board("SA").unwrap(),
        ..Config::default()
    });
    t.wc("9C");
    // Turn 1: seat 0 steps onto square 1; seat 1 rolls 2 and lands on Start.
    t.move_and_draw(1, "A-2H");
    t.move_and_draw(2, "A-3H");
    assert_eq!(t.balances(), vec![50, 54], "landing on Start pays");
    for (seat, f) in [(0, "2C"), (1, "3C")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    // Turn 2: from square 1 a roll of 4 steps on Start twice.
    t.move_and_draw(4, "A-4H");
    assert_eq!(t.balances()[0], 58);
    let last = t.s.pending().last().unwrap();
    assert_eq!((last.kind, last.amount), (EntryKind::LapBonus, 8));
}

#[test]
fn ex5_no_bonus_for_landing_when_disabled() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        lap_bonus_on_landing: false,
        board: market_island_core::parse_board("SA").unwrap(),
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-2H");
    // Seat 1 lands on Start: no bonus, but still an action card.
    t.move_and_draw(2, "A-3H");
    assert_eq!(t.balances(), vec![50, 50]);
    assert!(t.s.seats()[1].block.is_some());
}

#[test]
fn ex6a_totem_and_jellyfish_leave_nobody_eligible() {
    let mut t = Script::seats(2);
    t.wc("9C");
    t.move_and_draw(1, "A-KS");
    t.move_and_draw(3, "A-QC");
    assert!(t.s.seats()[0].block.is_some());
    t.mine_draw("2C");
    t.act(0, Action::Decline);
    t.mine_draw("3C");
    t.act(1, Action::Decline);
    // Turn 2: seat 0 possessed, seat 1 stung.
    assert!(t.s.seats()[0].possessed);
    t.move_and_draw(2, "A-2D");
    t.move_and_draw(2, "A-3D");
    assert_eq!(t.s.seats()[0].position, 3);
    assert_eq!(t.s.seats()[1].position, 5);
    assert_eq!(t.g.to_act(&t.s), ToAct::Over);
    assert_eq!(t.s.seats()[0].drew + t.s.seats()[1].drew, 0, "nobody draws");
    assert_eq!(t.action_queue(), ["A-QC", "A-2D", "A-3D"]);
    let held: Vec<String> =
        t.s.held()
            .iter()
            .map(|h| format!("{} {}", h.seat.0, h.card))
            .collect();
    assert_eq!(held, ["0 A-KS"]);
    assert_eq!(t.s.end_reason(), Some(EndReason::NoEligibleMiner));
    assert!(t.s.no_eligible());
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.scores, vec![50, 50]);
    assert_eq!(o.places, vec![1, 1]);
}

/// EX-6(b) played under `unmined_block`: turn 1 unmined, turn 2 mined by
/// the Axe holder alone.
fn ex6b(unmined_block: UnminedBlock) -> Script {
    let mut t = Script::new(Config {
        seats: 3,
        start_seat: Some(Seat(0)),
        unmined_block,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(2, "E-2C");
    t.move_and_draw(4, "I-2H");
    for (seat, f) in [(0, "4S"), (1, "5S"), (2, "6S")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    let after_turn1 = match unmined_block {
        // Seat 1 pays 2 to its left (seat 2); seat 2 receives 2 from its
        // left (seat 0).
        UnminedBlock::ExecuteAnyway => vec![48, 48, 54],
        UnminedBlock::VoidTransactions => vec![50, 50, 50],
    };
    assert_eq!(t.balances(), after_turn1);
    t.move_and_draw(2, "A-JC");
    t.move_and_draw(1, "A-2D");
    t.move_and_draw(2, "E-3S");
    assert!(!t.s.seats()[0].eligible, "seat 0 is stung");
    // The Axe holder draws two and keeps the first.
    t.mine_draw("7S");
    assert_eq!(t.s.phase(), Phase::MiningDraw { seat: Seat(1) });
    t.mine_draw("8S");
    let mut legal = Vec::new();
    t.g.legal_actions(&t.s, Seat(1), &mut legal);
    assert_eq!(legal, [Action::Decline, Action::Keep(0), Action::Keep(1)]);
    t.act(1, Action::Keep(0));
    t.mine_draw("9S");
    t.act(2, Action::Decline);
    assert_eq!(t.s.winning_card(), Some(face("7S")));
    assert_eq!(t.mining_queue(), ["4S", "5S", "6S", "8S", "9S", "9C"]);
    assert_eq!(t.action_queue(), ["A-QC", "A-2D"]);
    let held: Vec<String> =
        t.s.held()
            .iter()
            .map(|h| format!("{} {}", h.seat.0, h.card))
            .collect();
    assert_eq!(held, ["0 A-JC"]);
    assert_eq!(t.s.held()[0].excluded_turn, Some(3));
    let block = t.s.ledger().head().unwrap();
    assert_eq!(block.winner, Some(Seat(1)));
    assert_eq!(block.turn, 2);
    t
}

#[test]
fn ex6b_jellyfish_excludes_the_next_turn_only() {
    // The default, `ExecuteAnyway` (revised 2026-11-25).
    let t = ex6b(Config::default().unmined_block);
    assert_eq!(t.balances(), vec![48, 55, 51]);
    // Block 1 (turn 2) opens with turn 1's executed cards.
    let block = t.s.ledger().head().unwrap();
    let s = |i| Party::Seat(Seat(i));
    let head: Vec<(EntryKind, u32, Party, Party, u32)> = block.entries[..2]
        .iter()
        .map(|e| (e.kind, e.turn, e.from, e.to, e.amount))
        .collect();
    assert_eq!(
        head,
        [
            (EntryKind::Expense, 1, s(1), s(2), 2),
            (EntryKind::Income, 1, s(0), s(2), 2),
        ]
    );
}

#[test]
fn ex6b_jellyfish_excludes_the_next_turn_only_void_transactions() {
    let t = ex6b(UnminedBlock::VoidTransactions);
    assert_eq!(t.balances(), vec![50, 57, 47]);
    let block = t.s.ledger().head().unwrap();
    assert!(block.entries.iter().all(|e| e.turn == 2));
}

#[test]
fn ex6c_totem_square_excludes_this_turn_and_voids_an_axe() {
    let board = market_island_core::parse_board("SAAT").unwrap();
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        board,
        ..Config::default()
    });
    t.wc("9C");
    // Seat 0 lands on the Totem square and takes an Axe: nothing happens.
    t.move_and_draw(3, "A-2D");
    assert!(t.s.seats()[0].on_totem);
    t.move_and_draw(1, "A-3H");
    assert!(!t.s.seats()[0].eligible);
    // Only seat 1 draws, one card.
    t.mine_draw("2C");
    assert_eq!(t.s.phase(), Phase::Decide { seat: Seat(1) });
    assert_eq!(t.s.seats()[0].drew, 0);
    t.act(1, Action::Decline);
    // Next turn seat 0 is eligible again.
    t.move_and_draw(2, "A-4H");
    t.move_and_draw(1, "A-5H");
    assert!(t.s.seats()[0].eligible && !t.s.seats()[0].possessed);
}

#[test]
fn ex7_elimination_at_the_end_of_the_turn() {
    let mut t = Script::new(Config {
        seats: 3,
        start_seat: Some(Seat(0)),
        start_balance: 0,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-5S");
    t.move_and_draw(2, "E-4C");
    t.move_and_draw(6, "E-5S");
    for (seat, f) in [(0, "2H"), (1, "3H"), (2, "5D")] {
        t.mine_draw(f);
        t.act(seat, Action::Mine);
    }
    let block = t.s.ledger().head().unwrap();
    assert_eq!(block.winner, Some(Seat(2)));
    assert_eq!(t.balances(), vec![-1, 0, 3]);
    // Seat 1 went down to -5 during execution and came back to 0.
    let expense: Vec<(Party, i32)> = block
        .entries
        .iter()
        .filter(|e| e.kind == EntryKind::Expense)
        .map(|e| (e.from, e.amount as i32))
        .collect();
    assert_eq!(
        expense,
        [(Party::Seat(Seat(1)), 4), (Party::Seat(Seat(2)), 5)]
    );
    let seats = t.s.seats();
    assert!(!seats[0].active && seats[1].active && seats[2].active);
    assert_eq!(seats[0].eliminated_in, Some(1));
    assert!(t.s.held().is_empty());
    assert_eq!(t.action_queue(), ["A-5S"]);
    // Turn 2's order is 1, 2; both sides of seat 1 are seat 2.
    assert_eq!(t.s.turn_order().as_slice(), [Seat(1), Seat(2)]);
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(1) });
    assert_eq!(t.s.left_of(Seat(1)), Some(Seat(2)));
    assert_eq!(t.s.right_of(Seat(1)), Some(Seat(2)));
    // Places if the game ended now: 3, 2, 1.
    let keys = |i: usize| {
        let st = &t.s.seats()[i];
        (st.active, st.eliminated_in.unwrap_or(0), st.balance)
    };
    assert_eq!(
        game_core::places_by_key(&[keys(0), keys(1), keys(2)]),
        vec![3, 2, 1]
    );
}

/// EX-8: two seats at balance 0 on `SJAA`, both pay the Jellyfish square
/// and take an expense card, both decline.
fn ex8(unmined_block: UnminedBlock) -> Script {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        start_balance: 0,
        board: market_island_core::parse_board("SJAA").unwrap(),
        unmined_block,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "E-2C");
    assert_eq!(t.balances()[0], -1);
    t.move_and_draw(1, "E-2S");
    for (seat, f) in [(0, "4D"), (1, "5D")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    assert_eq!(t.s.end_reason(), Some(EndReason::AllEliminated));
    assert_eq!(t.balances(), vec![-1, -1]);
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.scores, vec![-1, -1]);
    assert_eq!(o.places, vec![1, 1]);
    assert_eq!(t.s.ledger().len(), 1);
    t
}

#[test]
fn ex8_everyone_eliminated() {
    // The default executes the unmined block: seat 0 pays 2 to seat 1 and
    // seat 1 pays 2 back; every entry stays pending for good.
    let t = ex8(Config::default().unmined_block);
    let s = |i| Party::Seat(Seat(i));
    let pending: Vec<(EntryKind, Party, Party, u32)> =
        t.s.pending()
            .iter()
            .map(|e| (e.kind, e.from, e.to, e.amount))
            .collect();
    assert_eq!(
        pending,
        [
            (EntryKind::JellyfishSquare, s(0), Party::Bank, 1),
            (EntryKind::JellyfishSquare, s(1), Party::Bank, 1),
            (EntryKind::Expense, s(0), s(1), 2),
            (EntryKind::Expense, s(1), s(0), 2),
        ]
    );
}

#[test]
fn ex8_everyone_eliminated_void_transactions() {
    let t = ex8(UnminedBlock::VoidTransactions);
    // Only the square fees, pending for good.
    assert_eq!(t.s.pending().len(), 2);
}

#[test]
fn ex8_the_old_expense_card_ends_by_last_survivor_under_the_default() {
    // The revision replaced E-3S: executed, it leaves 0, -2.
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        start_balance: 0,
        board: market_island_core::parse_board("SJAA").unwrap(),
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "E-2C");
    t.move_and_draw(1, "E-3S");
    for (seat, f) in [(0, "4D"), (1, "5D")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    assert_eq!(t.balances(), vec![0, -2]);
    assert_eq!(t.s.end_reason(), Some(EndReason::LastSurvivor));
}

/// A 3-seat script with start seat 0, `elimination: Immediate` and the
/// given start balance.
fn immediate(start_balance: u32) -> Config {
    Config {
        seats: 3,
        start_seat: Some(Seat(0)),
        start_balance,
        elimination: Elimination::Immediate,
        ..Config::default()
    }
}

/// EX-12's turn 1 under `config`: seat 0 mines alone, then the block
/// executes.
fn ex12(config: Config) -> Script {
    let mut t = Script::new(config);
    t.wc("9C");
    t.move_and_draw(4, "I-4H");
    t.move_and_draw(4, "I-2H");
    t.move_and_draw(2, "E-4S");
    t.mine_draw("KS");
    t.act(0, Action::Mine);
    t.mine_draw("5H");
    t.act(1, Action::Decline);
    t.mine_draw("2D");
    t.act(2, Action::Decline);
    t
}

#[test]
fn ex12_immediate_payment_chain_during_execution() {
    let t = ex12(immediate(2));
    let s = |i| Party::Seat(Seat(i));
    let block = t.s.ledger().head().unwrap();
    assert_eq!((block.height, block.turn), (1, 1));
    // Seat 1's unexecuted card is still listed.
    let cards: Vec<(u8, String)> = block
        .cards
        .iter()
        .map(|(p, c)| (p.0, c.map(|c| c.to_string()).unwrap_or_default()))
        .collect();
    assert_eq!(
        cards,
        [(0, "I-4H".into()), (1, "I-2H".into()), (2, "E-4S".into())]
    );
    assert_eq!(block.miners, vec![(Seat(0), face("KS"))]);
    assert_eq!(block.winner, Some(Seat(0)));
    // Seat 1 pays 4 and is out at once, so its I-2H is skipped; seat 2's
    // Right is then seat 0, and seat 2 goes out paying it.
    let entries: Vec<(EntryKind, Party, Party, u32)> = block
        .entries
        .iter()
        .map(|e| (e.kind, e.from, e.to, e.amount))
        .collect();
    assert_eq!(
        entries,
        [
            (EntryKind::MiningFee, s(0), Party::Bank, 1),
            (EntryKind::MiningReward, Party::Bank, s(0), 5),
            (EntryKind::Income, s(1), s(0), 4),
            (EntryKind::Expense, s(2), s(0), 4),
        ]
    );
    assert_eq!(block.balances, vec![14, -2, -2]);
    assert_eq!(t.balances(), vec![14, -2, -2]);
    let genesis = &t.s.ledger().blocks()[0];
    assert_eq!(hash_hex(genesis.hash), "1c3d544660cd67c6");
    assert_eq!(block.encode().len(), 123);
    assert_eq!(hash_hex(block.hash), "c44dcf26b0eaff80");
    assert_eq!(t.g.verify_ledger(t.s.ledger().blocks()), Ok(()));
    let ids = |d: &game_core::Deck<market_island_core::Card, Knowledge>| {
        d.queue()
            .iter()
            .map(|(c, _)| c.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&t.s.piles().income), ["I-4H", "I-2H"]);
    assert_eq!(ids(&t.s.piles().expense), ["E-4S"]);
    assert_eq!(t.mining_queue(), ["5H", "2D", "9C"]);
    assert_eq!(t.s.winning_card(), Some(face("KS")));
    let seats = t.s.seats();
    assert!(seats[0].active && !seats[1].active && !seats[2].active);
    assert_eq!(seats[1].eliminated_in, Some(1));
    assert_eq!(seats[2].eliminated_in, Some(1));
    assert_eq!(t.s.end_reason(), Some(EndReason::LastSurvivor));
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(
        o.places,
        vec![1, 2, 2],
        "out in the same turn, tied on balance"
    );
}

#[test]
fn ex12_end_of_turn_lets_seat_1_recover() {
    let t = ex12(Config {
        elimination: Elimination::EndOfTurn,
        ..immediate(2)
    });
    assert_eq!(t.balances(), vec![10, 4, -4]);
    // Seat 1 dipped to -2 after seat 0's card and came back.
    let seats = t.s.seats();
    assert!(seats[0].active && seats[1].active && !seats[2].active);
    assert_eq!(t.s.end_reason(), None);
    assert_eq!(t.s.turn_order().as_slice(), [Seat(0), Seat(1)]);
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(0) });
}

/// EX-13's turn 1 up to the first decision: everyone at 0, all eligible.
fn ex13_draws(config: Config) -> Script {
    let mut t = Script::new(config);
    t.wc("9C");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(3, "A-2D");
    t.move_and_draw(4, "I-AH");
    t.mine_draw("4S");
    t
}

/// The legal list of `seat`, which must be the one to act.
fn legal(t: &Script, seat: u8) -> Vec<Action> {
    let mut out = Vec::new();
    t.g.legal_actions(&t.s, Seat(seat), &mut out);
    out
}

/// Checks that joining is refused with the state unchanged.
fn refused(t: &mut Script, seat: u8, a: Action) {
    let before = t.s.clone();
    assert_eq!(
        t.g.apply(&mut t.s, Seat(seat), &a),
        Err(MarketError::IllegalAction { action: a })
    );
    assert_eq!(t.s, before);
}

/// EX-13 played through its declines under `config`.
fn ex13(config: Config) -> Script {
    let immediate = config.elimination == Elimination::Immediate;
    let mut t = ex13_draws(config);
    if immediate {
        assert_eq!(legal(&t, 0), [Action::Decline]);
        refused(&mut t, 0, Action::Mine);
    }
    t.act(0, Action::Decline);
    t.mine_draw("5S");
    t.mine_draw("6S");
    if immediate {
        assert_eq!(legal(&t, 1), [Action::Decline]);
        refused(&mut t, 1, Action::Keep(0));
        refused(&mut t, 1, Action::Keep(1));
    }
    t.act(1, Action::Decline);
    t.mine_draw("7S");
    if immediate {
        assert_eq!(legal(&t, 2), [Action::Decline]);
        refused(&mut t, 2, Action::Mine);
    }
    t.act(2, Action::Decline);
    // Unmined, but seats were eligible: the game goes on.
    assert!(!t.s.no_eligible());
    assert_eq!(t.s.end_reason(), None);
    assert_eq!(t.mining_queue(), ["4S", "5S", "6S", "7S"]);
    t
}

#[test]
fn ex13_immediate_join_the_fee_cannot_pay() {
    let t = ex13(immediate(0));
    // Seat 2's I-AH makes seat 0 pay 1: out at once.
    assert_eq!(t.balances(), vec![-1, 0, 1]);
    let pending: Vec<(EntryKind, Party, Party, u32)> =
        t.s.pending()
            .iter()
            .map(|e| (e.kind, e.from, e.to, e.amount))
            .collect();
    assert_eq!(
        pending,
        [(
            EntryKind::Income,
            Party::Seat(Seat(0)),
            Party::Seat(Seat(2)),
            1
        )]
    );
    // Seat 0 holds nothing: its Jellyfish went under with the Axe.
    assert!(t.s.held().is_empty());
    assert_eq!(t.action_queue(), ["A-QC", "A-2D"]);
    assert!(!t.s.seats()[0].active);
    assert_eq!(t.s.turn_order().as_slice(), [Seat(1), Seat(2)]);
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(1) });
}

#[test]
fn ex13_end_of_turn_holds_the_jellyfish_until_p7() {
    let t = ex13(Config {
        elimination: Elimination::EndOfTurn,
        ..immediate(0)
    });
    assert_eq!(t.balances(), vec![-1, 0, 1]);
    assert!(!t.s.seats()[0].active);
    assert_eq!(t.action_queue(), ["A-2D", "A-QC"]);
}

#[test]
fn ex13_end_of_turn_lets_a_seat_at_0_mine() {
    // B-9: under EndOfTurn the fee may take a balance below 0.
    let t = ex13_draws(Config {
        elimination: Elimination::EndOfTurn,
        ..immediate(0)
    });
    assert_eq!(legal(&t, 0), [Action::Decline, Action::Mine]);
}

#[test]
fn ex13_immediate_with_void_transactions() {
    let t = ex13(Config {
        unmined_block: UnminedBlock::VoidTransactions,
        ..immediate(0)
    });
    assert_eq!(t.balances(), vec![0, 0, 0]);
    assert!(t.s.seats().iter().all(|st| st.active));
    let held: Vec<String> =
        t.s.held()
            .iter()
            .map(|h| format!("{} {}", h.seat.0, h.card))
            .collect();
    assert_eq!(held, ["0 A-QC"]);
    assert_eq!(t.s.held()[0].excluded_turn, Some(2));
}

#[test]
fn ex14_immediate_out_on_landing() {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        start_balance: 0,
        board: market_island_core::parse_board("SJAA").unwrap(),
        elimination: Elimination::Immediate,
        ..Config::default()
    });
    // The whole game's chance nodes: FirstWc 9C, Die 1, Die 1.
    t.chance(Chance::Mining(face("9C")));
    t.chance(Chance::Die(1));
    // Seat 0 paid the square fee and is out: no block draw follows.
    assert_eq!(t.balances()[0], -1);
    assert!(!t.s.seats()[0].active);
    assert!(t.s.seats()[0].block.is_none());
    assert_eq!(t.s.phase(), Phase::Roll { seat: Seat(1) });
    t.chance(Chance::Die(1));
    assert_eq!(t.g.to_act(&t.s), ToAct::Over);
    assert_eq!(t.s.piles().expense.unseen_len(), 26, "untouched");
    assert!(
        t.s.seats()
            .iter()
            .all(|st| st.block.is_none() && st.drew == 0)
    );
    assert_eq!(t.s.end_reason(), Some(EndReason::AllEliminated));
    let o = t.g.outcome(&t.s).unwrap();
    assert_eq!(o.scores, vec![-1, -1]);
    assert_eq!(o.places, vec![1, 1]);
}
