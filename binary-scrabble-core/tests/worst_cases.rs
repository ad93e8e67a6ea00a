//! The worst cases of move generation found so far: positions of
//! real games where the seat to move holds 1, 2 or 3 blanks, under the
//! default rules and under four XOR-heavy configs. They are stored as
//! replays in `tests/data/` (the benches load the same files) and each test
//! asserts the exact number of plays and the best play, never a time.
//!
//! The positions come from seeded games of the greedy bot or of random
//! plays, the one with the most plays for each number of blanks; a
//! three-blank position is the same game with one draw made a blank (a
//! replay records every draw, so that game is as reachable as any). The
//! reported position, three blanks on the empty board, is one of them.
//!
//! The four XOR configs all have 20 XOR tiles of 1 point (the most T-7
//! allows): XOR is then an eleventh face for a blank, and a face the racks
//! often hold. They differ where XOR's grouping does: standard grouping
//! (XOR between AND and OR), left to right (T-1), standard with
//! `BooleanAlgebra` (T-15, XOR with `+ -`), and left to right with
//! negative intermediates (T-5) and numeral cross runs (T-6), the most
//! permissive rules, which had the most plays of all the configs tried.

use crate::common;

use binary_scrabble_core::{Action, Config, MoveGen, Precedence, ScorePlayedThrough};
use common::brute::brute_force;
use common::replays::position_of_replay;
use common::{best_of, board, game, play, rack};
use game_core::Game;

/// One position: its replay, what the seat to move holds and what the
/// generator must find.
struct Case {
    replay: &'static str,
    rack: &'static str,
    plays: usize,
    best: i32,
    best_plays: usize,
    first_best: &'static str,
}

fn check(case: &Case) {
    let (game, board, rack) = position_of_replay(case.replay);
    assert_eq!(rack.to_string(), case.rack, "the rack of the seat to move");
    let mut mg = MoveGen::new(&game);
    assert_eq!(mg.count(&board, &rack), case.plays, "M-1 c: the count");
    let mut actions = Vec::new();
    mg.legal_plays(&board, &rack, &mut actions);
    assert_eq!(actions.len(), case.plays, "M-1 a: the list");
    assert!(
        actions.windows(2).all(|w| w[0] < w[1]),
        "in ascending Ord, each play once"
    );
    // With a blank on the rack the listing may share its lines with a
    // second thread: one thread alone lists the same.
    let mut alone = MoveGen::new(&game);
    alone.set_threads(1);
    let mut listed_alone = Vec::new();
    alone.legal_plays(&board, &rack, &mut listed_alone);
    assert!(listed_alone == actions, "one thread lists the same plays");
    let best = mg.best(&board, &rack).expect("a best play");
    assert_eq!(
        (best.score, best.play),
        (case.best, play(case.first_best)),
        "M-1 b: the best play"
    );
    // The best play is the maximum of the scored list, tie-break included.
    let scored = mg.plays(&board, &rack);
    let (top, tied) = best_of(&scored);
    assert_eq!(
        (top, tied.len(), tied[0]),
        (case.best, case.best_plays, best.play)
    );
    assert!(
        scored
            .iter()
            .zip(&actions)
            .all(|(p, a)| *a == Action::Play(p.play)),
        "the scored list and the actions agree"
    );
}

const ONE_BLANK: Case = Case {
    replay: include_str!("data/default_one_blank.json"),
    rack: "0 0 1 1 = - OR NOT ?",
    plays: 254_069,
    best: 94,
    best_plays: 180,
    first_best: "Across C4 0, D4 OR, F4 0, G4 =, H4 1, I4 ?0, J4 -, K4 NOT, L4 1",
};

const TWO_BLANKS: Case = Case {
    replay: include_str!("data/default_two_blanks.json"),
    rack: "0 0 1 1 = AND NOT ? ?",
    plays: 1_181_215,
    best: 86,
    best_plays: 555,
    first_best: "Down D3 0, D4 AND, D5 0, D6 ?OR, D7 1, D9 =, D10 NOT, D11 ?0, D12 1",
};

const THREE_BLANKS: Case = Case {
    replay: include_str!("data/default_three_blanks.json"),
    rack: "0 0 1 1 = AND ? ? ?",
    plays: 2_713_577,
    best: 126,
    best_plays: 9,
    first_best: "Across A8 1, I8 AND, J8 0, K8 ?OR, L8 1, M8 ?1, N8 0, O8 ?0",
};

const REPRO: Case = Case {
    replay: include_str!("data/three_blanks_repro.json"),
    rack: "0 1 1 + - NOT ? ? ?",
    plays: 124_090,
    best: 104,
    best_plays: 354,
    first_best: "Across A8 1, B8 0, C8 ?=, D8 1, E8 +, F8 ?1, G8 -, H8 NOT, I8 ?1",
};

const XOR_STANDARD: Case = Case {
    replay: include_str!("data/xor_standard.json"),
    rack: "0 0 1 = AND OR ? ? ?",
    plays: 1_751_527,
    best: 82,
    best_plays: 2258,
    first_best: "Across B5 0, C5 AND, D5 0, E5 OR, F5 1, G5 ?+, I5 =, J5 ?1, K5 ?0",
};

const XOR_LEFT_TO_RIGHT: Case = Case {
    replay: include_str!("data/xor_left_to_right.json"),
    rack: "0 0 1 = AND OR ? ? ?",
    plays: 1_897_870,
    best: 82,
    best_plays: 1748,
    first_best: "Across B5 0, C5 AND, D5 0, E5 OR, F5 1, G5 ?+, I5 =, J5 ?1, K5 ?0",
};

const XOR_BOOLEAN_ALGEBRA: Case = Case {
    replay: include_str!("data/xor_boolean_algebra.json"),
    rack: "0 0 1 = - XOR NOT ? ?",
    plays: 502_226,
    best: 90,
    best_plays: 7,
    first_best: "Across A8 ?1, B8 0, C8 =, D8 1, L8 XOR, M8 NOT, N8 0, O8 ?1",
};

const XOR_PERMISSIVE: Case = Case {
    replay: include_str!("data/xor_permissive.json"),
    rack: "0 0 1 = - XOR NOT ? ?",
    plays: 604_796,
    best: 90,
    best_plays: 720,
    first_best: "Across C4 0, D4 -, E4 ?0, F4 XOR, G4 NOT, H4 0, I4 ?0, J4 =, L4 1",
};

#[test]
fn default_rules_one_blank() {
    check(&ONE_BLANK);
}

#[test]
fn default_rules_two_blanks() {
    check(&TWO_BLANKS);
}

#[test]
fn default_rules_three_blanks() {
    check(&THREE_BLANKS);
}

#[test]
fn issue_repro_three_blanks_on_the_empty_board() {
    check(&REPRO);
    let (_, board, _) = position_of_replay(REPRO.replay);
    assert!(board.is_empty());
}

#[test]
fn xor_standard_grouping() {
    check(&XOR_STANDARD);
}

#[test]
fn xor_left_to_right() {
    check(&XOR_LEFT_TO_RIGHT);
    let (game, _, _) = position_of_replay(XOR_LEFT_TO_RIGHT.replay);
    assert_eq!(game.config().precedence, Precedence::LeftToRight);
}

#[test]
fn xor_boolean_algebra() {
    check(&XOR_BOOLEAN_ALGEBRA);
}

#[test]
fn xor_left_to_right_negative_intermediates_numeral_cross_runs() {
    check(&XOR_PERMISSIVE);
}

/// M-4: the bound of a node counts the old digits its run has already
/// read. Here (a position of a seeded game) the best play runs through
/// the old `0` on E6; a bound that left that digit out of the value bonus
/// once cut it, and the best play found scored 80. Scored as the game was
/// (the defaults before the rules revision: old tiles never score).
#[test]
fn best_play_bound_counts_old_digits_already_read() {
    let g = game(Config {
        score_played_through: ScorePlayedThrough::Never,
        not_after_binop: true,
        ..Config::default()
    });
    let b = board(
        "E6 0, L6 0, E7 +, L7 =, B8 0, C8 +, D8 1, E8 0, F8 =, G8 1, H8 ?0, L8 0, E9 =, \
         G9 =, L9 AND, E10 NOT, G10 1, L10 0, E11 1, G11 OR, L11 -, D12 0, E12 =, F12 1, \
         G12 1, H12 x, I12 0, J12 AND, K12 1, L12 0, E13 0, G13 -, L13 /, G14 ?0, L14 1, \
         H15 0, I15 =, J15 0, K15 AND, L15 1, M15 0, N15 0, O15 0",
    );
    let r = rack("0 0 1 1 1 1 1 1 =");
    let mut mg = MoveGen::new(&g);
    let best = mg.best(&b, &r).expect("a best play");
    let expected = play("Across B6 1, C6 1, D6 1, F6 0, G6 =, H6 1, I6 1, J6 1, K6 0");
    assert_eq!((best.score, best.play), (81, expected));
    let (top, tied) = best_of(&mg.plays(&b, &r));
    assert_eq!((top, tied[0]), (81, expected));
}

/// M-7 on the one-blank case: the brute-force enumerator (every set of
/// squares, every order of the rack's tiles, every face of the blank, each
/// judged by `check`) finds the same plays with the same scores. It takes
/// minutes, so it runs on request:
/// `cargo test --release -p binary-scrabble-core --test worst_cases -- --ignored`.
#[test]
#[ignore = "minutes of brute force; run on request"]
fn brute_force_agrees_on_the_one_blank_case() {
    let (game, board, rack) = position_of_replay(ONE_BLANK.replay);
    let expected = brute_force(&game, &board, &rack);
    assert_eq!(expected.len(), ONE_BLANK.plays);
    assert_eq!(MoveGen::new(&game).plays(&board, &rack), expected);
}
