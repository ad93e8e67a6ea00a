//! Section 12.2 of the spec: the legality rows L-1 to L-18, checked through
//! `Game::check` and `Game::apply` on a full state (E-7's order).

use crate::common;

use binary_scrabble_core::{Action, Config, Dir, Scrabble, ScrabbleError, Square};
use common::{board, game, play, rack};
use game_core::{Game, Seat};

/// The board after S-1.
const S1: &str = "C8 1, D8 +, E8 1, F8 =, G8 1, H8 0";

/// Checks `text` for seat 0 holding exactly the play's tiles plus a filler,
/// on `list` under `config`; returns the score or the error. Also checks
/// that `apply` agrees and leaves the state unchanged on an error.
fn judge(config: Config, list: &str, text: &str) -> Result<i32, ScrabbleError> {
    let g: Scrabble = game(config);
    let p = play(text);
    let mut r = p.rack_use();
    // A filler tile that no row uses, so the rack is never exactly the play.
    let _ = r.add_one(binary_scrabble_core::Kind::Minus);
    let state = g.position(&board(list), &r).expect("test position");
    let a = Action::Play(p);
    let checked = g.check(&state, Seat(0), &a);
    let mut after = state.clone();
    let applied = g.apply(&mut after, Seat(0), &a);
    assert_eq!(checked.is_ok(), applied.is_ok());
    match checked {
        Ok(()) => {
            let score = after.scores[Seat(0)];
            assert_eq!(Ok(score), g.check_play(&state.board, &r, &p));
            Ok(score)
        }
        Err(e) => {
            assert_eq!(applied, Err(e.clone()));
            assert_eq!(after, state, "a refused play changes nothing (R-31)");
            Err(e)
        }
    }
}

// Any other error is shown as its Debug form; a new variant needs no arm here.
#[allow(clippy::wildcard_enum_match_arm)]
fn run_error(e: ScrabbleError) -> String {
    match e {
        ScrabbleError::MainRun { error } => format!("MainRun {}", error.code()),
        ScrabbleError::CrossRun { square, error } => format!("CrossRun {square} {}", error.code()),
        ScrabbleError::Run { dir, error } => format!("Run {dir} {}", error.code()),
        other => format!("{other:?}"),
    }
}

fn t6() -> Config {
    Config {
        number_cross_runs: true,
        ..Config::default()
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn l1_first_play_misses_centre() {
    assert_eq!(
        judge(Config::default(), "", "Across A1 1, B1 =, C1 1"),
        Err(ScrabbleError::MissesCentre)
    );
}

#[test]
fn l2_two_new_equals_are_too_many_even_if_true() {
    assert_eq!(
        judge(
            Config::default(),
            S1,
            "Across I8 =, J8 1, K8 0, L8 =, M8 1, N8 0"
        ),
        Err(ScrabbleError::TooManyEquals { count: 2 })
    );
}

#[test]
fn l3_a_blank_equals_counts() {
    assert_eq!(
        judge(
            Config::default(),
            S1,
            "Across I8 =, J8 1, K8 0, L8 ?=, M8 1, N8 0"
        ),
        Err(ScrabbleError::TooManyEquals { count: 2 })
    );
}

#[test]
fn l4_a_third_side_is_legal() {
    assert_eq!(
        judge(Config::default(), S1, "Across I8 =, J8 1, K8 0"),
        Ok(5)
    );
}

#[test]
fn l5_cross_run_without_equals() {
    let e = judge(Config::default(), S1, "Across C9 1, D9 =, E9 1").unwrap_err();
    assert_eq!(run_error(e), "CrossRun C9 NoEquals");
}

#[test]
fn l6_cross_run_at_the_edge_of_the_play() {
    let e = judge(Config::default(), S1, "Across A9 1, B9 =, C9 1").unwrap_err();
    assert_eq!(run_error(e), "CrossRun C9 NoEquals");
}

#[test]
fn l7_numeral_cross_run_with_t6_scores_nothing() {
    assert_eq!(judge(t6(), S1, "Across A9 1, B9 =, C9 1"), Ok(5));
}

#[test]
fn l8_numeral_cross_run_keeps_the_leading_zero_rule() {
    let e = judge(t6(), S1, "Across G9 1, H9 0, I9 =, J9 1, K9 0").unwrap_err();
    assert_eq!(run_error(e), "CrossRun H9 LeadingZero@1");
}

#[test]
fn l9_not_connected() {
    assert_eq!(
        judge(Config::default(), S1, "Across C10 1, D10 =, E10 1"),
        Err(ScrabbleError::NotConnected)
    );
}

#[test]
fn l10_gap() {
    assert_eq!(
        judge(Config::default(), S1, "Across I8 =, K8 1"),
        Err(ScrabbleError::Gap { square: sq("J8") })
    );
}

#[test]
fn l11_single_tile_false_run() {
    let e = judge(Config::default(), S1, "Across I8 0").unwrap_err();
    assert_eq!(run_error(e), "Run Across SidesDiffer[2,4]");
}

fn t16() -> Config {
    Config {
        not_after_binop: true,
        ..Config::default()
    }
}

#[test]
fn l12_not_after_an_operator() {
    // T-16 is off by default (revised 2026-11-25).
    let e = judge(Config::default(), S1, "Across I8 AND, J8 NOT, K8 0, L8 1").unwrap_err();
    assert_eq!(run_error(e), "MainRun NotAfterOperator@7");
}

#[test]
fn l13_not_after_an_operator_with_t16() {
    // `1+1=10 AND NOT 01` extends S-1: only the new tiles count.
    assert_eq!(judge(t16(), S1, "Across I8 AND, J8 NOT, K8 0, L8 1"), Ok(7));
}

#[test]
fn l14_not_may_start_a_side() {
    assert_eq!(
        judge(Config::default(), S1, "Across I8 =, J8 NOT, K8 0, L8 1"),
        Ok(7)
    );
    assert_eq!(judge(t16(), S1, "Across I8 =, J8 NOT, K8 0, L8 1"), Ok(7));
}

#[test]
fn t16_default_changed_from_on_to_off() {
    // The old default (on) accepts L-12's play; the new one refuses it.
    let text = "Across I8 AND, J8 NOT, K8 0, L8 1";
    assert!(!Config::default().not_after_binop);
    assert_eq!(judge(t16(), S1, text), Ok(7));
    assert!(judge(Config::default(), S1, text).is_err());
}

#[test]
fn l17_padding_the_literal_bans_miss() {
    let config = Config {
        ban_identity_mul1: true,
        ban_identity_add0_sub0: true,
        ban_identity_and1_or0: true,
        ..Config::default()
    };
    assert_eq!(
        judge(config, S1, "Across I8 +, J8 0, K8 x, L8 1, M8 1"),
        Ok(9)
    );
}

#[test]
fn l18_neutral_term_ban() {
    let config = Config {
        ban_neutral_terms: true,
        ..Config::default()
    };
    let e = judge(config, S1, "Across I8 +, J8 0, K8 x, L8 1, M8 1").unwrap_err();
    assert_eq!(run_error(e.clone()), "MainRun IdentityOperation@6");
    let ScrabbleError::MainRun { error } = e else {
        unreachable!()
    };
    assert_eq!(
        error,
        binary_scrabble_core::EquationError::IdentityOperation {
            rule: binary_scrabble_core::IdentityRule::NeutralTerm,
            at: 6
        }
    );
    assert_eq!(
        error.to_string(),
        "IdentityOperation@6: T-18 bans this identity operation"
    );
}

#[test]
fn l15_identity_ban_on_the_main_run() {
    let config = Config {
        ban_identity_mul1: true,
        ..Config::default()
    };
    let e = judge(config, S1, "Across I8 x, J8 1").unwrap_err();
    assert_eq!(run_error(e.clone()), "MainRun IdentityOperation@6");
    let ScrabbleError::MainRun { error } = e else {
        unreachable!()
    };
    assert_eq!(
        error.to_string(),
        "IdentityOperation@6: T-2 bans this identity operation"
    );
}

#[test]
fn l16_single_tile_given_down_is_not_canonical() {
    assert_eq!(
        judge(Config::default(), S1, "Down I8 0"),
        Err(ScrabbleError::NotCanonical)
    );
}

#[test]
fn e7_form_errors_come_first_in_order() {
    let d = Config::default();
    // Unsorted squares.
    assert_eq!(
        judge(d.clone(), S1, "Across J8 1, I8 ="),
        Err(ScrabbleError::NotCanonical)
    );
    // XOR without T-7.
    assert_eq!(
        judge(d.clone(), S1, "Across I8 ?XOR, J8 1"),
        Err(ScrabbleError::FaceNotInPlay {
            face: binary_scrabble_core::Face::Xor
        })
    );
    // A tile off the named line.
    assert_eq!(
        judge(d.clone(), S1, "Across I8 =, I9 1"),
        Err(ScrabbleError::NotInLine)
    );
    assert_eq!(
        judge(d.clone(), S1, "Down I8 =, J9 1"),
        Err(ScrabbleError::NotInLine)
    );
    // An occupied square comes before the rack and the gap.
    assert_eq!(
        judge(d.clone(), S1, "Across H8 1, J8 ="),
        Err(ScrabbleError::SquareOccupied { square: sq("H8") })
    );
    // An empty play.
    let g = game(d.clone());
    let state = g.position(&board(S1), &rack("0 1")).unwrap();
    let empty = Action::Play(binary_scrabble_core::Play::new(Dir::Across, &[]).unwrap());
    assert_eq!(
        g.check(&state, Seat(0), &empty),
        Err(ScrabbleError::EmptyPlay)
    );
    // Tiles not on the rack come before gaps and connection.
    let far = Action::Play(play("Across A1 =, C1 ="));
    assert!(matches!(
        g.check(&state, Seat(0), &far),
        Err(ScrabbleError::TilesNotOnRack { .. })
    ));
    // The single tile at the centre of an empty board forms no equation.
    let state = g.position(&board(""), &rack("1")).unwrap();
    assert_eq!(
        g.check(&state, Seat(0), &Action::Play(play("Across H8 1"))),
        Err(ScrabbleError::NoEquation)
    );
}

#[test]
fn r31_a_refused_play_keeps_the_turn() {
    let g = game(Config::default());
    let state = g.position(&board(S1), &rack("0 1 = +")).unwrap();
    let mut s = state.clone();
    assert!(
        g.apply(&mut s, Seat(0), &Action::Play(play("Across I8 0")))
            .is_err()
    );
    assert_eq!(s, state);
    assert_eq!(g.to_act(&s), game_core::ToAct::Seat(Seat(0)));
    // The same seat then plays a legal move; its refill is pending.
    assert!(
        g.apply(
            &mut s,
            Seat(0),
            &Action::Play(play("Across I8 =, J8 1, K8 0"))
        )
        .is_ok()
    );
    assert_eq!(s.scores[Seat(0)], 5);
    assert_eq!(g.to_act(&s), game_core::ToAct::Chance);
}
