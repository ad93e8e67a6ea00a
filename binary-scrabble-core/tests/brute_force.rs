//! M-7: a brute-force enumerator agrees with the move generator.
//!
//! The enumerator knows nothing of anchors, cross-sets or the automaton: it
//! tries every gap-free set of empty squares in one line, no larger than
//! the rack, with every ordered choice of rack tiles and every face of each
//! blank, and keeps what `Game::check` accepts, with the score
//! `check_play` gives. Positions come from seeded games of random legal
//! plays, racks of 3 to 6 tiles, under several option sets, each combined
//! with every value of T-14, T-16 and T-18.

use crate::common;

use binary_scrabble_core::{
    Action, Board, Config, Kind, KindCounts, MoveGen, Precedence, ScorePlayedThrough, Scrabble,
    ValueBonus, XorTiles,
};
use common::brute::brute_force;
use game_core::{Game, GameRng, Session, ToAct};
use proptest::prelude::*;

fn configs() -> Vec<Config> {
    vec![
        Config::default(),
        Config {
            precedence: Precedence::LeftToRight,
            number_cross_runs: true,
            xor_tiles: Some(XorTiles {
                count: 4,
                points: 1,
            }),
            ..Config::default()
        },
        Config {
            ban_identity_mul1: true,
            ban_identity_add0_sub0: true,
            ban_identity_and1_or0: true,
            value_bonus: ValueBonus::FloorLog2,
            ..Config::default()
        },
        Config {
            negative_intermediates: true,
            number_cross_runs: true,
            full_rack_bonus: 0,
            ..Config::default()
        },
    ]
}

/// Base config `base` with T-14 (0 `Never`, 1 `NewEquations`, 2
/// `Always`), T-16 and T-18 set.
fn config_of(base: usize, t14: usize, t16: bool, t18: bool) -> Config {
    Config {
        score_played_through: [
            ScorePlayedThrough::Never,
            ScorePlayedThrough::NewEquations,
            ScorePlayedThrough::Always,
        ][t14],
        not_after_binop: t16,
        ban_neutral_terms: t18,
        ..configs()[base].clone()
    }
}

/// A board after `plays` random legal plays of a seeded game.
fn random_board(game: &Scrabble, seed: u64, plays: usize) -> Board {
    let mut session = Session::with_game(game.clone(), seed);
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut made = 0;
    let mut turns = 0;
    while made < plays && turns < 40 {
        turns += 1;
        let ToAct::Seat(seat) = session.to_act() else {
            break;
        };
        let legal = session.legal_actions();
        let plays: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .collect();
        let action = if plays.is_empty() {
            Action::Pass
        } else {
            made += 1;
            *plays[rng.below(plays.len() as u32) as usize]
        };
        session.act(seat, &action).expect("a legal action");
    }
    session.state().board.clone()
}

/// The kinds a random rack is drawn from (XOR only under T-7).
fn rack_of(game: &Scrabble, picks: &[usize], board: &Board) -> Option<KindCounts> {
    let pool: Vec<Kind> = Kind::ALL
        .into_iter()
        .filter(|k| game.tile_set().get(*k) > 0)
        .collect();
    let mut rack = KindCounts::EMPTY;
    for &p in picks {
        rack.add_one(pool[p % pool.len()])?;
    }
    // The rack must fit in what the board left of the tile set.
    game.position(board, &rack).ok().map(|_| rack)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn m7_generator_matches_brute_force(
        config in 0usize..4,
        t14 in 0usize..3,
        t16 in any::<bool>(),
        t18 in any::<bool>(),
        seed in any::<u64>(),
        plays in 0usize..6,
        picks in proptest::collection::vec(0usize..40, 3..=6),
    ) {
        let game = Scrabble::new(config_of(config, t14, t16, t18)).unwrap();
        let board = random_board(&game, seed, plays);
        let rack = rack_of(&game, &picks, &board);
        prop_assume!(rack.is_some());
        let rack = rack.unwrap();
        let expected = brute_force(&game, &board, &rack);
        let mut mg = MoveGen::new(&game);
        let got = mg.plays(&board, &rack);
        // M-1 b / M-4: the branch-and-bound best play is the maximum of the
        // list, ties to the smallest Ord; M-1 c counts the same plays.
        let top = expected.iter().map(|p| p.score).max();
        let first_best = expected.iter().find(|p| Some(p.score) == top).copied();
        prop_assert_eq!(mg.best(&board, &rack), first_best);
        prop_assert_eq!(mg.count(&board, &rack), expected.len());
        if got != expected {
            let missing: Vec<String> = expected.iter().filter(|p| !got.contains(p)).map(|p| format!("{} ({})", p.play, p.score)).take(5).collect();
            let extra: Vec<String> = got.iter().filter(|p| !expected.contains(p)).map(|p| format!("{} ({})", p.play, p.score)).take(5).collect();
            prop_assert!(false, "board {board}, rack {rack}: generator {} vs brute force {}; missing {missing:?}, extra {extra:?}", got.len(), expected.len());
        }
    }
}

#[test]
fn brute_force_agrees_on_p2() {
    // A fixed case of M-6 with a blank, under the defaults.
    let game = Scrabble::new(Config::default()).unwrap();
    let board: Board = "C8 1, D8 +, E8 1, F8 =, G8 1, H8 0".parse().unwrap();
    let rack: KindCounts = "1 0 = x ?".parse().unwrap();
    let expected = brute_force(&game, &board, &rack);
    assert_eq!(expected.len(), 507);
    assert_eq!(MoveGen::new(&game).plays(&board, &rack), expected);
}

#[test]
fn brute_force_agrees_on_p2_under_every_new_toggle() {
    // P-2 under each value of T-14, T-16 and T-18: the generator's
    // scoring (old tiles, ext) and pruning against `check_play`.
    let board: Board = "C8 1, D8 +, E8 1, F8 =, G8 1, H8 0".parse().unwrap();
    let rack: KindCounts = "1 0 = x ?".parse().unwrap();
    for t14 in 0..3 {
        for t16 in [false, true] {
            for t18 in [false, true] {
                let game = Scrabble::new(config_of(0, t14, t16, t18)).unwrap();
                let expected = brute_force(&game, &board, &rack);
                let mut mg = MoveGen::new(&game);
                assert_eq!(
                    mg.plays(&board, &rack),
                    expected,
                    "T-14 {t14} T-16 {t16} T-18 {t18}"
                );
                let top = expected.iter().map(|p| p.score).max();
                let first_best = expected.iter().find(|p| Some(p.score) == top).copied();
                assert_eq!(mg.best(&board, &rack), first_best);
            }
        }
    }
}
