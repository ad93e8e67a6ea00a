//! Config validation (D-1..D-6) and the config's JSON form.

use game_core::{Error, Game, Seat};
use market_island_core::parse_board;
use market_island_core::{
    Action, Card, Config, Effect, Elimination, Face, MarketError, MarketIsland, Pile, Side, Square,
    UnminedBlock,
};

fn err(config: Config) -> MarketError {
    MarketIsland::new(config).unwrap_err()
}

fn field(e: MarketError) -> String {
    let MarketError::Core(Error::Config(c)) = e else {
        panic!("expected a config error, got {e:?}");
    };
    c.field
}

#[test]
fn d1_board_needs_one_start() {
    let e = err(Config {
        board: parse_board("AAEI").unwrap(),
        ..Config::default()
    });
    assert_eq!(e, MarketError::BadBoard { len: 4, starts: 0 });
    let e = err(Config {
        board: parse_board("SAS").unwrap(),
        ..Config::default()
    });
    assert_eq!(e, MarketError::BadBoard { len: 3, starts: 2 });
    let e = err(Config {
        board: vec![],
        ..Config::default()
    });
    assert_eq!(e, MarketError::BadBoard { len: 0, starts: 0 });
    let mut long = vec![Square::Action; 255];
    long[7] = Square::Start;
    assert!(
        MarketIsland::new(Config {
            board: long.clone(),
            ..Config::default()
        })
        .is_ok()
    );
    long.push(Square::Income);
    assert_eq!(
        err(Config {
            board: long,
            ..Config::default()
        }),
        MarketError::BadBoard {
            len: 256,
            starts: 1
        }
    );
    // A one-square board is fine, and Start need not be first.
    assert!(
        MarketIsland::new(Config {
            board: vec![Square::Start],
            ..Config::default()
        })
        .is_ok()
    );
    let g = MarketIsland::new(Config {
        board: parse_board("AIS").unwrap(),
        ..Config::default()
    })
    .unwrap();
    assert_eq!(g.start_square(), 2);
}

#[test]
fn d2_cards_belong_to_their_pile() {
    let mut c = Config::default();
    c.decks.income[3] = Card::new(Face::JOKER, Effect::Axe);
    assert_eq!(
        err(c),
        MarketError::WrongCardForPile {
            pile: Pile::Income,
            index: 3
        }
    );
    let mut c = Config::default();
    c.decks.action[0] = Card::new(
        Face::JOKER,
        Effect::Pay {
            amount: 1,
            to: Side::Left,
        },
    );
    assert_eq!(
        err(c),
        MarketError::WrongCardForPile {
            pile: Pile::Action,
            index: 0
        }
    );
}

#[test]
fn d3_amounts_in_range() {
    let mut c = Config::default();
    c.decks.expense[2].effect = Effect::Pay {
        amount: 0,
        to: Side::Right,
    };
    assert_eq!(
        err(c),
        MarketError::BadCardAmount {
            pile: Pile::Expense,
            index: 2,
            amount: 0
        }
    );
    let mut c = Config::default();
    c.decks.action[1].effect = Effect::Fire { amount: 100 };
    assert_eq!(
        err(c),
        MarketError::BadCardAmount {
            pile: Pile::Action,
            index: 1,
            amount: 100
        }
    );
}

#[test]
fn d4_piles_at_most_255_and_may_be_empty() {
    let mut c = Config::default();
    c.decks.income = vec![c.decks.income[0]; 256];
    assert_eq!(
        err(c),
        MarketError::PileTooLarge {
            pile: Pile::Income,
            len: 256
        }
    );
    let mut c = Config::default();
    c.decks.income.clear();
    c.decks.action.clear();
    assert!(MarketIsland::new(c).is_ok());
}

#[test]
fn d5_mining_deck() {
    let mut c = Config::default();
    c.decks.mining[4] = Face::JOKER;
    assert_eq!(err(c), MarketError::JokerInMiningDeck { index: 4 });
    let mut c = Config::default();
    c.decks.mining[4] = c.decks.mining[0];
    assert_eq!(
        err(c),
        MarketError::DuplicateMiningFace { face: c_face("AC") }
    );
    let mut c = Config::with_seats(6);
    c.decks.mining.truncate(7);
    assert_eq!(err(c), MarketError::MiningDeckTooSmall { len: 7, min: 8 });
    let mut c = Config::with_seats(6);
    c.decks.mining.truncate(8);
    assert!(MarketIsland::new(c).is_ok());
}

fn c_face(t: &str) -> Face {
    t.parse().unwrap()
}

#[test]
fn d6_scalars_in_range() {
    assert_eq!(field(err(Config::with_seats(1))), "seats");
    assert_eq!(field(err(Config::with_seats(7))), "seats");
    assert_eq!(
        field(err(Config {
            start_balance: 1000,
            ..Config::default()
        })),
        "start_balance"
    );
    assert_eq!(
        field(err(Config {
            mining_fee: 100,
            ..Config::default()
        })),
        "mining_fee"
    );
    assert_eq!(
        field(err(Config {
            mining_reward: 100,
            ..Config::default()
        })),
        "mining_reward"
    );
    assert_eq!(
        field(err(Config {
            lap_bonus: 100,
            ..Config::default()
        })),
        "lap_bonus"
    );
    assert_eq!(
        field(err(Config {
            jellyfish_square_fee: 100,
            ..Config::default()
        })),
        "jellyfish_square_fee"
    );
    assert_eq!(
        field(err(Config {
            fire_square_bonus: 100,
            ..Config::default()
        })),
        "fire_square_bonus"
    );
    assert_eq!(
        field(err(Config {
            die_faces: 1,
            ..Config::default()
        })),
        "die_faces"
    );
    assert_eq!(
        field(err(Config {
            die_faces: 21,
            ..Config::default()
        })),
        "die_faces"
    );
    assert_eq!(
        field(err(Config {
            start_seat: Some(Seat(4)),
            ..Config::default()
        })),
        "start_seat"
    );
    assert_eq!(
        field(err(Config {
            max_turns: 0,
            ..Config::default()
        })),
        "max_turns"
    );
    assert_eq!(
        field(err(Config {
            max_turns: 1001,
            ..Config::default()
        })),
        "max_turns"
    );
    for seats in 2..=6 {
        assert!(MarketIsland::new(Config::with_seats(seats)).is_ok());
    }
}

#[test]
fn config_json_defaults_and_unknown_fields() {
    let c: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(c, Config::default());
    let json = serde_json::to_string(&Config::default()).unwrap();
    assert!(!json.contains("board") && !json.contains("decks"), "{json}");
    assert!(serde_json::from_str::<Config>(r#"{"seat": 3}"#).is_err());
    let c: Config = serde_json::from_str(r#"{"seats": 2, "board": "SJAA"}"#).unwrap();
    assert_eq!(c.board, parse_board("SJAA").unwrap());
    let c2: Config = serde_json::from_str(r#"{"board": ["Start", "Fire"]}"#).unwrap();
    assert_eq!(c2.board, vec![Square::Start, Square::Fire]);
    assert!(serde_json::from_str::<Config>(r#"{"board": "SX"}"#).is_err());
    let back: Config = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(back, c);
    let custom = r#"{"decks": {"income": [{"face": "4H", "effect": {"Receive": {"amount": 4, "from": "Left"}}}]}}"#;
    let c: Config = serde_json::from_str(custom).unwrap();
    assert_eq!(c.decks.income.len(), 1);
    assert_eq!(c.decks.expense.len(), 26, "other piles keep their defaults");
    let g = MarketIsland::new(c).unwrap();
    assert_eq!(
        g.config().decks.card("I-4H").map(|c| c.face),
        Some(c_face("4H"))
    );
}

#[test]
fn unmined_block_and_elimination_in_json() {
    // Both are written even at their defaults, so a replay's config is explicit.
    let json = serde_json::to_string(&Config::default()).unwrap();
    assert!(
        json.contains(r#""unmined_block":"ExecuteAnyway""#),
        "{json}"
    );
    assert!(json.contains(r#""elimination":"EndOfTurn""#), "{json}");
    let c: Config = serde_json::from_str(r#"{"elimination": "Immediate"}"#).unwrap();
    assert_eq!(c.elimination, Elimination::Immediate);
    assert_eq!(c.unmined_block, UnminedBlock::ExecuteAnyway);
    let back: Config = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(back, c);
    assert!(serde_json::from_str::<Config>(r#"{"elimination": "AtOnce"}"#).is_err());
    assert!(serde_json::from_str::<Config>(r#"{"unmined_block": "Void"}"#).is_err());
}

/// Two seats; seat 1 takes `E-3S` (pay 3 to its Right, seat 0); nobody
/// mines, so the block is unmined. Returns the balances after turn 1.
fn unmined_expense(config: Config) -> Vec<i32> {
    use game_core::Game;
    use market_island_core::Chance;
    let g = MarketIsland::new(config).unwrap();
    let mut s = g.initial_state();
    let card = |id: &str| g.config().decks.card(id).unwrap();
    for c in [
        Chance::Mining(c_face("9C")),
        Chance::Die(1),
        Chance::Card(card("A-2H")),
        Chance::Die(2),
        Chance::Card(card("E-3S")),
        Chance::Mining(c_face("2C")),
    ] {
        g.apply_chance(&mut s, &c).unwrap();
    }
    g.apply(&mut s, Seat(0), &Action::Decline).unwrap();
    g.apply_chance(&mut s, &Chance::Mining(c_face("3C")))
        .unwrap();
    g.apply(&mut s, Seat(1), &Action::Decline).unwrap();
    assert_eq!(s.turn(), 2);
    s.balances()
}

#[test]
fn changed_default_unmined_block_old_and_new_behaviour() {
    // The revised default: the unmined block's transfers are made (seat 1
    // pays 3 to seat 0 and 1 to seat 0's Fire card), so declining to mine
    // no longer escapes an own expense card.
    assert_eq!(Config::default().unmined_block, UnminedBlock::ExecuteAnyway);
    let omitted: Config = serde_json::from_str(r#"{"seats": 2, "start_seat": 0}"#).unwrap();
    assert_eq!(unmined_expense(omitted), vec![54, 46]);
    // An old config (or replay) that names the old default keeps it.
    let old: Config = serde_json::from_str(
        r#"{"seats": 2, "start_seat": 0, "unmined_block": "VoidTransactions"}"#,
    )
    .unwrap();
    assert_eq!(unmined_expense(old), vec![50, 50]);
}

#[test]
fn elimination_default_is_end_of_turn() {
    // An old JSON config has no `elimination` field: it plays as before.
    let c: Config =
        serde_json::from_str(r#"{"seats": 3, "unmined_block": "VoidTransactions"}"#).unwrap();
    assert_eq!(c.elimination, Elimination::EndOfTurn);
    assert_eq!(Config::default().elimination, Elimination::EndOfTurn);
}
