//! The configs each game target starts from: the default and variants
//! that switch rules on (the conformance tests' choices, trimmed to keep
//! games short), so one byte of the input reaches every rule path.

use std::sync::LazyLock;

use game_core::Seat;

/// [`moon`], built once.
pub(crate) static MOON: LazyLock<Vec<moon_core::Config>> = LazyLock::new(moon);
/// [`binary_scrabble`], built once.
pub(crate) static SCRABBLE: LazyLock<Vec<binary_scrabble_core::Config>> =
    LazyLock::new(binary_scrabble);
/// [`market_island`], built once.
pub(crate) static MARKET: LazyLock<Vec<market_island_core::Config>> = LazyLock::new(market_island);
/// [`moon_base`], built once.
pub(crate) static BASE: LazyLock<Vec<moon_base_core::Config>> = LazyLock::new(moon_base);

/// MOON: both modes, every difficulty, events, hackers, extra ops, wide
/// registers, the v1 tables.
#[must_use]
pub fn moon() -> Vec<moon_core::Config> {
    use moon_core::{
        ALL_EVENTS, ALL_OPS, BASE_EVENTS, BugReveal, CompetitiveEnd, Config, CoopEnergy,
        Difficulty, Energy, ExtraOps, Hacker, KICKSTARTER_OPS, SolveCheck, V1Level, WideGoalModel,
    };
    vec![
        Config::default(),
        Config::cooperative(Difficulty::Easy),
        Config::cooperative(Difficulty::Master),
        Config {
            events: ALL_EVENTS.to_vec(),
            ok_repairs_bug: true,
            error_clears_register: true,
            ..Config::cooperative(Difficulty::Hard)
        },
        Config {
            events: BASE_EVENTS.to_vec(),
            events_occupy_slots: false,
            solve_check: SolveCheck::AfterOperation,
            ..Config::cooperative(Difficulty::Normal)
        },
        Config {
            width: 6,
            bugs: Some(2),
            events: ALL_EVENTS.to_vec(),
            operations: KICKSTARTER_OPS.into_iter().collect(),
            ..Config::cooperative(Difficulty::Easy)
        },
        Config {
            width: 5,
            wide_goal_model: WideGoalModel::QueuePairs,
            wide_revealed_card_high: false,
            bugs: Some(3),
            ..Config::cooperative(Difficulty::Normal)
        },
        Config::v1_cooperative(V1Level::Medium, 3, 6),
        Config {
            extra_ops: Some(ExtraOps {
                expire_at_turn_end: true,
                ..ExtraOps::default()
            }),
            hackers: vec![Some(Hacker::Red)],
            auto_end_when_idle: false,
            solve_check: SolveCheck::AfterOpOnA,
            goal_deck_size: Some(5),
            ..Config::cooperative(Difficulty::Easy)
        },
        Config {
            width: 8,
            operations: ALL_OPS.into_iter().collect(),
            forbid_self_mov: true,
            slots: 3,
            coop_energy: CoopEnergy::PerSeatTurns,
            players: 2,
            coop_ram: true,
            ram_hidden: true,
            include_zero_goal: false,
            ..Config::cooperative(Difficulty::Normal)
        },
        Config::competitive(2, Difficulty::Normal),
        Config {
            max_rounds: 6,
            ..Config::competitive(3, Difficulty::Easy)
        },
        Config {
            hackers: vec![
                Some(Hacker::Purple),
                Some(Hacker::Red),
                Some(Hacker::Green),
                Some(Hacker::Yellow),
            ],
            bug_reveal: BugReveal::ToAll,
            max_rounds: 5,
            extra_ops: Some(ExtraOps::default()),
            ..Config::competitive(4, Difficulty::Hard)
        },
        Config {
            width: 6,
            events: ALL_EVENTS.to_vec(),
            bugs: Some(3),
            goal_deck_size: Some(6),
            competitive_end: CompetitiveEnd::Immediate,
            ..Config::competitive(3, Difficulty::Normal)
        },
        Config {
            width: 5,
            wide_revealed_card_high: false,
            goal_deck_size: Some(3),
            score_check_at_turn_start: false,
            ram_hidden: true,
            seat_energy: Some(vec![Energy(2), Energy(9)]),
            ..Config::competitive(2, Difficulty::Master)
        },
        Config::v1_competitive(&[V1Level::Novice, V1Level::Hacker], 6),
        // Rules version 2: two boxes at width 8 (up to 4 BUGs), the idle
        // end on again, the other reading of the V1 table, the literal preset.
        Config {
            width: 8,
            bugs: Some(4),
            goal_deck_size: Some(32),
            auto_end_when_idle: true,
            ..Config::cooperative(Difficulty::Normal)
        },
        Config {
            width: 7,
            ..Config::competitive(3, Difficulty::Easy)
        },
        Config {
            v1_table_orientation: moon_core::V1TableOrientation::FirstBlock6Bit,
            ..Config::v1_cooperative(V1Level::Medium, 2, 6)
        },
        Config::v2_literal(),
    ]
}

/// Binary Scrabble: 2 to 4 seats, both precedence modes, XOR tiles,
/// identity bans, other end-game rules.
#[must_use]
pub fn binary_scrabble() -> Vec<binary_scrabble_core::Config> {
    use binary_scrabble_core::{
        Config, EndgameRackRule, Precedence, ScorePlayedThrough, ValueBonus, XorTiles,
    };
    vec![
        Config::default(),
        Config {
            players: 3,
            precedence: Precedence::LeftToRight,
            number_cross_runs: true,
            xor_tiles: Some(XorTiles {
                count: 4,
                points: 1,
            }),
            endgame_rack_rule: EndgameRackRule::Tournament,
            ..Config::default()
        },
        Config {
            players: 4,
            ban_identity_mul1: true,
            ban_identity_add0_sub0: true,
            ban_identity_and1_or0: true,
            negative_intermediates: true,
            value_bonus: ValueBonus::FloorLog2,
            score_played_through: ScorePlayedThrough::Always,
            exchange_min_bag: 1,
            max_scoreless_turns: 3,
            endgame_rack_rule: EndgameRackRule::DigitTilesOnly,
            ..Config::default()
        },
        // The defaults before the rules revision, and T-18.
        Config {
            score_played_through: ScorePlayedThrough::Never,
            not_after_binop: true,
            ..Config::default()
        },
        Config {
            ban_neutral_terms: true,
            not_after_binop: true,
            ..Config::default()
        },
    ]
}

/// Market Island: every seat count, both unmined-block rules, tiny boards
/// and piles, short games.
#[must_use]
pub fn market_island() -> Vec<market_island_core::Config> {
    use market_island_core::{Config, Elimination, UnminedBlock};
    let board = |t: &str| market_island_core::parse_board(t).expect("a board");
    let mut out: Vec<Config> = (2..=6)
        .map(|seats| Config {
            max_turns: 12,
            ..Config::with_seats(seats)
        })
        .collect();
    out.push(Config::default());
    out.push(Config {
        seats: 3,
        unmined_block: UnminedBlock::ExecuteAnyway,
        start_seat: Some(Seat(2)),
        ..Config::default()
    });
    out.push(Config {
        seats: 2,
        board: board("SJAA"),
        start_balance: 3,
        ..Config::default()
    });
    out.push(Config {
        seats: 5,
        board: board("S"),
        die_faces: 20,
        lap_bonus_on_landing: false,
        ace_high: false,
        max_turns: 12,
        ..Config::default()
    });
    out.push(Config {
        seats: 3,
        board: board("ITAEFSJ"),
        mining_fee: 0,
        mining_reward: 0,
        unmined_block: UnminedBlock::ExecuteAnyway,
        start_balance: 0,
        ..Config::default()
    });
    let mut tiny_mining = Config::with_seats(4);
    tiny_mining.decks.mining.truncate(6);
    tiny_mining.decks.income.clear();
    out.push(tiny_mining);
    let mut few_actions = Config::with_seats(3);
    few_actions.decks.action.truncate(5);
    few_actions.board = board("SJAF");
    out.push(few_actions);
    // MI-44: eliminations at once, with low balances so they happen.
    for unmined_block in [UnminedBlock::VoidTransactions, UnminedBlock::ExecuteAnyway] {
        out.push(Config {
            seats: 4,
            start_balance: 4,
            elimination: Elimination::Immediate,
            unmined_block,
            ..Config::default()
        });
    }
    out
}

/// Moon Base: the default, short games, both pass and connection rules,
/// every start player, another lattice.
#[must_use]
pub fn moon_base() -> Vec<moon_base_core::Config> {
    use moon_base_core::{BaseRule, Config, ConnectedRule, PassRule, StartPlayer};
    vec![
        Config::default(),
        Config {
            rounds: 2,
            pass_rule: PassRule::ForfeitTurn,
            start_player: StartPlayer::Random,
            ..Config::default()
        },
        Config {
            rounds: 3,
            connected_rule: ConnectedRule::OwnRingsInStructure,
            start_player: StartPlayer::Seat1,
            lattice_step_mm: 10,
            ..Config::default()
        },
        Config {
            rounds: 1,
            ..Config::default()
        },
        Config {
            base_rule: BaseRule::Optional,
            ..Config::default()
        },
    ]
}

#[cfg(test)]
mod tests {
    use game_core::Game;

    #[test]
    fn every_listed_config_builds() {
        for c in super::moon() {
            moon_core::Moon::new(c).unwrap();
        }
        for c in super::binary_scrabble() {
            binary_scrabble_core::Scrabble::new(c).unwrap();
        }
        for c in super::market_island() {
            market_island_core::MarketIsland::new(c).unwrap();
        }
        for c in super::moon_base() {
            moon_base_core::MoonBase::new(c).unwrap();
        }
    }
}
