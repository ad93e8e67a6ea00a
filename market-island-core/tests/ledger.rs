//! The ledger examples: EX-3 (encoding and hashes) and EX-9 (tamper detection).

use crate::common;

use common::{Script, face};
use game_core::{Game, Seat};
use market_island_core::{
    Action, Block, EntryKind, FaultKind, LedgerFault, Party, derive_balances, first_divergence,
    hash_hex,
};

const GENESIS_HEX: &str = "4d49423100000000000000000000000000000000200000000000000000ff0000000003000000320000003200000032000000";
const BLOCK1_HEX: &str = "4d4942310100000001000000f6e110b362b2e708200300000000010e01000400000001011002000500000002010a030100000002000000011202050107000000040100000001ff01000000040100000002ff010000000501000000ff0105000000060100000001000400000007010000000102050000000801000000000201000000080100000001020100000003000000350000002c00000038000000";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// EX-2 played out: a 3-seat game with genesis and block 1.
fn ex2() -> Script {
    let mut t = Script::seats(3);
    t.wc("9C");
    t.move_and_draw(4, "I-4H");
    t.move_and_draw(2, "E-5C");
    t.move_and_draw(1, "A-3H");
    t.mine_draw("KS");
    t.act(0, Action::Decline);
    t.mine_draw("5H");
    t.act(1, Action::Mine);
    t.mine_draw("2D");
    t.act(2, Action::Mine);
    t
}

fn fault(height: u32, kind: FaultKind) -> Result<(), LedgerFault> {
    Err(LedgerFault { height, kind })
}

#[test]
fn ex3_genesis_encoding_and_hash() {
    let t = ex2();
    let genesis = &t.s.ledger().blocks()[0];
    assert_eq!(genesis.prev_wc, face("9C"));
    assert_eq!(genesis.balances, vec![50, 50, 50]);
    let bytes = genesis.encode();
    assert_eq!(bytes.len(), 50);
    assert_eq!(hex(&bytes), GENESIS_HEX);
    assert_eq!(hash_hex(genesis.hash), "08e7b262b310e1f6");
}

#[test]
fn ex3_block1_fields_encoding_and_hash() {
    let t = ex2();
    let b = &t.s.ledger().blocks()[1];
    assert_eq!((b.height, b.turn), (1, 1));
    assert_eq!(b.prev_wc, face("9C"));
    let cards: Vec<(u8, String)> = b
        .cards
        .iter()
        .map(|(s, c)| (s.0, c.map(|c| c.to_string()).unwrap_or_default()))
        .collect();
    assert_eq!(
        cards,
        [(0, "I-4H".into()), (1, "E-5C".into()), (2, "A-3H".into())]
    );
    assert_eq!(b.miners, vec![(Seat(1), face("5H")), (Seat(2), face("2D"))]);
    assert_eq!(b.winner, Some(Seat(1)));
    assert_eq!(b.balances, vec![53, 44, 56]);
    let bytes = b.encode();
    assert_eq!(bytes.len(), 157);
    assert_eq!(hex(&bytes), BLOCK1_HEX);
    assert_eq!(hash_hex(b.hash), "1b973e82763794d9");
    assert_eq!(b.prev_hash, t.s.ledger().blocks()[0].hash);
    assert_eq!(t.g.verify_ledger(t.s.ledger().blocks()), Ok(()));
}

fn copy(t: &Script) -> Vec<Block> {
    t.s.ledger().blocks().to_vec()
}

fn income_entry(b: &mut Block) -> &mut market_island_core::Entry {
    b.entries
        .iter_mut()
        .find(|e| e.kind == EntryKind::Income)
        .unwrap()
}

#[test]
fn ex9_changed_amount_breaks_the_hash() {
    let t = ex2();
    let mut c = copy(&t);
    income_entry(&mut c[1]).amount = 40;
    assert_eq!(t.g.verify_ledger(&c), fault(1, FaultKind::HashMismatch));
}

#[test]
fn ex9_resealed_amount_breaks_the_balances() {
    let t = ex2();
    let mut c = copy(&t);
    income_entry(&mut c[1]).amount = 40;
    c[1].seal();
    assert_eq!(t.g.verify_ledger(&c), fault(1, FaultKind::BalanceMismatch));
}

#[test]
fn ex9_consistent_forgery_verifies_but_replicas_disagree() {
    let t = ex2();
    let mut c = copy(&t);
    income_entry(&mut c[1]).amount = 40;
    c[1].balances = vec![89, 8, 56];
    c[1].seal();
    assert_eq!(t.g.verify_ledger(&c), Ok(()));
    assert_eq!(first_divergence(&c, t.s.ledger().blocks()), Some(1));
    assert_ne!(derive_balances(&c, t.s.pending()).unwrap(), t.s.balances());
}

#[test]
fn ex9_genesis_balance_changed() {
    let t = ex2();
    let mut c = copy(&t);
    c[0].balances[0] = 60;
    c[0].seal();
    assert_eq!(t.g.verify_ledger(&c), fault(0, FaultKind::BadGenesis));
}

#[test]
fn ex9_winner_changed() {
    let t = ex2();
    let mut c = copy(&t);
    c[1].winner = Some(Seat(2));
    c[1].seal();
    assert_eq!(t.g.verify_ledger(&c), fault(1, FaultKind::WrongWinner));
}

#[test]
fn ex9_forgery_must_rewrite_every_later_block() {
    // EX-2, then EX-4's turn 2 (seat 0 mines alone); both turns are mined,
    // so `unmined_block` does not matter.
    let mut t = ex2();
    t.move_and_draw(5, "I-AH");
    t.move_and_draw(2, "I-2H");
    t.move_and_draw(1, "E-AC");
    t.mine_draw("3C");
    t.act(0, Action::Mine);
    t.mine_draw("4C");
    t.act(1, Action::Decline);
    t.mine_draw("6C");
    t.act(2, Action::Decline);
    assert_eq!(t.s.ledger().len(), 3);
    assert_eq!(t.balances(), vec![59, 45, 53]);
    assert_eq!(t.g.verify_ledger(t.s.ledger().blocks()), Ok(()));
    let mut c = copy(&t);
    income_entry(&mut c[1]).amount = 40;
    c[1].balances = vec![89, 8, 56];
    c[1].seal();
    assert_eq!(t.g.verify_ledger(&c), fault(2, FaultKind::BrokenLink));
    assert_eq!(first_divergence(&c, t.s.ledger().blocks()), Some(1));
}

#[test]
fn verify_checks_run_in_order() {
    let t = ex2();
    let ok = copy(&t);
    let check = |f: &dyn Fn(&mut Vec<Block>), want: Result<(), LedgerFault>| {
        let mut c = ok.clone();
        f(&mut c);
        assert_eq!(t.g.verify_ledger(&c), want);
    };
    check(&|c| c.clear(), fault(0, FaultKind::BadGenesis));
    // V1 comes before V2: a zero amount is malformed even with a bad hash.
    check(
        &|c| income_entry(&mut c[1]).amount = 0,
        fault(1, FaultKind::Malformed),
    );
    check(&|c| c[1].height = 5, fault(1, FaultKind::Malformed));
    check(
        &|c| {
            c[1].balances.pop();
        },
        fault(1, FaultKind::Malformed),
    );
    check(
        &|c| income_entry(&mut c[1]).to = Party::Seat(Seat(7)),
        fault(1, FaultKind::Malformed),
    );
    check(&|c| c[1].prev_hash ^= 1, fault(1, FaultKind::HashMismatch));
    let resealed = |f: &dyn Fn(&mut Block), want| {
        check(
            &|c| {
                f(&mut c[1]);
                c[1].seal();
            },
            want,
        );
    };
    resealed(&|b| b.prev_hash ^= 1, fault(1, FaultKind::BrokenLink));
    resealed(&|b| b.turn = 0, fault(1, FaultKind::BadTurn));
    resealed(&|b| b.entries[0].turn = 2, fault(1, FaultKind::BadTurn));
    resealed(
        &|b| b.prev_wc = face("AS"),
        fault(1, FaultKind::WrongPrevWinningCard),
    );
    resealed(&|b| b.miners.clear(), fault(1, FaultKind::WrongWinner));
    resealed(
        &|b| b.winner = Some(Seat(0)),
        fault(1, FaultKind::WrongWinner),
    );
    resealed(&|b| b.winner = None, fault(1, FaultKind::WrongWinner));
    resealed(
        &|b| {
            b.entries.remove(0);
        },
        fault(1, FaultKind::WrongMiningEntries),
    );
    resealed(
        &|b| b.entries[2].amount = 6,
        fault(1, FaultKind::WrongMiningEntries),
    );
    resealed(
        &|b| b.balances[2] += 1,
        fault(1, FaultKind::BalanceMismatch),
    );
    // A balance pushed past i32 by the entries is malformed, not a wrap.
    resealed(
        &|b| {
            income_entry(b).amount = u32::MAX;
        },
        fault(1, FaultKind::Malformed),
    );
}

#[test]
fn a_state_with_a_tampered_ledger_is_refused() {
    let t = ex2();
    let mut json: serde_json::Value = serde_json::to_value(&t.s).unwrap();
    json["ledger"][1]["balances"][0] = 99.into();
    let s: market_island_core::State = serde_json::from_value(json).unwrap();
    assert!(t.g.check_state(&s).is_err());
    // Untouched, it reads back and passes.
    let back: market_island_core::State =
        serde_json::from_str(&serde_json::to_string(&t.s).unwrap()).unwrap();
    assert_eq!(t.g.check_state(&back), Ok(()));
    assert_eq!(back, t.s);
}

#[test]
fn cloning_a_state_shares_the_chain() {
    let t = ex2();
    let c = t.s.clone();
    assert!(c.ledger().shares_with(t.s.ledger()));
}
