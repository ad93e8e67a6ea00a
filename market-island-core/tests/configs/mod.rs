//! The configurations the kits run on (conformance, determinization and
//! notation), shared by their test files.

use game_core::Seat;
use market_island_core::{Config, Elimination, UnminedBlock};

/// Every seat count under the defaults (`ExecuteAnyway`, `EndOfTurn`) and
/// under the other values (`VoidTransactions`, `Immediate`), the latter
/// with a low start balance so that seats go out mid-turn (MI-44).
pub fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for seats in 2..=6 {
        out.push(Config::with_seats(seats));
        out.push(Config {
            seats,
            unmined_block: UnminedBlock::VoidTransactions,
            start_seat: Some(Seat(seats - 1)),
            ..Config::default()
        });
        out.push(Config {
            seats,
            elimination: Elimination::Immediate,
            start_balance: if seats % 2 == 0 { 3 } else { 0 },
            ..Config::default()
        });
    }
    out
}

/// Low balances on a board with many Jellyfish squares, both elimination
/// timings and both unmined-block values: seats go out in Phase 1, during
/// execution and at the end of turns.
pub fn low_balance_configs() -> Vec<Config> {
    let board = market_island_core::parse_board("SJEJIAJF").unwrap();
    let mut out = Vec::new();
    for elimination in [Elimination::EndOfTurn, Elimination::Immediate] {
        for unmined_block in [UnminedBlock::ExecuteAnyway, UnminedBlock::VoidTransactions] {
            for (seats, start_balance) in [(2, 0), (3, 3), (5, 1)] {
                out.push(Config {
                    seats,
                    start_balance,
                    board: board.clone(),
                    elimination,
                    unmined_block,
                    ..Config::default()
                });
            }
        }
    }
    out
}

/// Custom data: tiny boards, empty and minimal piles, other variants.
pub fn custom_configs() -> Vec<Config> {
    let board = |t: &str| market_island_core::parse_board(t).unwrap();
    let mut tiny_mining = Config::with_seats(4);
    tiny_mining.decks.mining.truncate(6);
    tiny_mining.decks.income.clear();
    // Two seats, the smallest mining deck and Action squares only: the
    // mining deck's unseen part runs out early, so the last seat's Axe is
    // often shown by its two draws from the queue (MI-14, MI-41).
    let mut duel_axes = Config::with_seats(2);
    duel_axes.decks.mining.truncate(4);
    duel_axes.board = board("SAAA");
    let mut few_actions = Config::with_seats(3);
    few_actions.decks.action.truncate(5);
    few_actions.board = board("SJAF");
    vec![
        Config {
            seats: 2,
            board: board("SJAA"),
            start_balance: 3,
            ..Config::default()
        },
        Config {
            seats: 5,
            board: board("S"),
            die_faces: 20,
            lap_bonus_on_landing: false,
            ace_high: false,
            max_turns: 12,
            ..Config::default()
        },
        Config {
            seats: 3,
            board: board("ITAEFSJ"),
            mining_fee: 0,
            mining_reward: 0,
            unmined_block: UnminedBlock::VoidTransactions,
            elimination: Elimination::Immediate,
            start_balance: 0,
            ..Config::default()
        },
        tiny_mining,
        few_actions,
        duel_axes,
    ]
}
