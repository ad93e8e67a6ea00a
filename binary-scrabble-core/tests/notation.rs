//! The notation kit (game-core) on the configs of the conformance tests,
//! and the examples of "Move notation" in RULES.md.
//!
//! The kit checks every legal action of a position with up to
//! `NOTATION_CAP` (20,000) of them; a rack with blanks can list millions
//! of plays, and such a position checks a seeded sample of 20,000 (their
//! round trips, and distinct texts among them).

use crate::configs;

use binary_scrabble_core::Scrabble;
use configs::configs;
use game_core::testkit::notation_conformance;

#[test]
fn notation_reads_back_on_the_conformance_configs() {
    notation_conformance::<Scrabble>(&configs(), 2);
}

use crate::common;

use binary_scrabble_core::{Action, Config};
use common::{board, game, rack};
use game_core::{Game, Notation, NotationReason, Seat};

/// The board after S-1 (`1+1=10` from C8).
const S1: &str = "C8 1, D8 +, E8 1, F8 =, G8 1, H8 0";

/// Three `0=0` around a hole at G9.
const SQUARE: &str = "G8 0, H8 =, I8 0, I9 =, I10 0, H10 =, G10 0";

fn action(list: &str) -> Action {
    list.parse().unwrap()
}

/// The examples of "Move notation" in RULES.md: each reads as the play
/// listed, writes back the same, and is legal in its position.
#[test]
fn rules_md_examples() {
    let g: Scrabble = game(Config::default());
    let cases = [
        (
            "",
            "H8 across 1+1=10",
            "Across H8 1, I8 +, J8 1, K8 =, L8 1, M8 0",
        ),
        (
            "",
            "H8 down 1+?1=10",
            "Down H8 1, H9 +, H10 ?1, H11 =, H12 1, H13 0",
        ),
        (S1, "E6 down 1=(1)", "Down E6 1, E7 ="),
        (
            S1,
            "C8 across (1+1=10)+0=10",
            "Across I8 +, J8 0, K8 =, L8 1, M8 0",
        ),
        (SQUARE, "G8 down (0)=(0)", "Across G9 ="),
    ];
    for (list, text, listed) in cases {
        let a = action(listed);
        let Action::Play(p) = a else { unreachable!() };
        let state = g.position(&board(list), &p.rack_use()).unwrap();
        assert_eq!(g.read_notation(&state, Seat(0), text), Ok(a), "{text}");
        assert_eq!(g.write_notation(&state, &a), text);
        assert_eq!(g.check(&state, Seat(0), &a), Ok(()), "{text}");
    }
    let state = g.position(&board(S1), &rack("0 0 1 = ?")).unwrap();
    for (text, a) in [
        ("exchange 0 0 1 =", Action::Exchange(rack("0 0 1 ="))),
        ("exchange ?", Action::Exchange(rack("?"))),
        ("pass", Action::Pass),
        ("exchange of 3 tiles", Action::HiddenExchange(3)),
    ] {
        assert_eq!(g.write_notation(&state, &a), text);
        assert_eq!(g.read_notation(&state, Seat(0), text), Ok(a));
    }
    // Loose spellings of the same moves.
    for (loose, strict) in [
        ("h8 ACROSS 1 + 1 = 10", "H8 across 1+1=10"),
        ("E6 d 1 = .", "E6 down 1=(1)"),
        ("e6 down 1=1", "E6 down 1=(1)"),
        ("exchange 001=", "exchange 0 0 1 ="),
    ] {
        assert_eq!(
            g.read_notation(&state, Seat(0), loose),
            g.read_notation(&state, Seat(0), strict),
            "{loose}"
        );
    }
}

#[test]
fn parse_errors_name_the_place() {
    let g: Scrabble = game(Config::default());
    let state = g.position(&board(S1), &rack("0 1 =")).unwrap();
    let err = |t: &str| g.read_notation(&state, Seat(0), t).unwrap_err();
    // A square off the board.
    let e = err("P8 across 1");
    assert_eq!(
        (e.at, e.reason),
        (
            0,
            NotationReason::Unexpected {
                found: "P8".into(),
                expected: "a square (H8), exchange or pass"
            }
        )
    );
    // An unknown word.
    let e = err("H9 sideways 1");
    assert_eq!(e.at, 3);
    assert!(matches!(e.reason, NotationReason::Unexpected { .. }));
    // An unknown tile, and a blank without a face.
    assert_eq!(err("H9 across 1+2").at, 12);
    assert_eq!(err("H9 across 1?").at, 11);
    // A tile over a different one, and past the edge.
    let e = err("C7 down 0(0)");
    assert_eq!(
        (e.at, e.reason),
        (
            10,
            NotationReason::Mismatch {
                found: "0".into(),
                expected: "C8 holds 1".into()
            }
        )
    );
    assert!(matches!(
        err("O14 down 1=1").reason,
        NotationReason::Mismatch { .. }
    ));
    assert!(matches!(
        err("C8 across (1+1=10)").reason,
        NotationReason::Missing { .. }
    ));
}
