//! The notation kit (game-core) on the configs of the conformance tests,
//! and the examples of "Move notation" in RULES.md.

use crate::configs;

use configs::configs;
use game_core::testkit::notation_conformance;
use game_core::{Game, Notation, NotationReason, Seat};
use moon_base_core::{Action, Colour, Config, Hand, MoonBase, Piece, RingId, Size};

#[test]
fn notation_reads_back_on_the_conformance_configs() {
    notation_conformance::<MoonBase>(&configs(), 8);
}

#[test]
fn rules_md_examples() {
    let g = MoonBase::new(Config::default()).unwrap();
    let crater = |id: &str| g.board().find(id).unwrap();
    let mut s = g.sandbox(Seat(0), Colour::Gold, crater("L06")).unwrap();
    let lg = Piece::new(Size::Large, Colour::Gold);
    let ls = Piece::new(Size::Large, Colour::Silver);
    // The text names the move without the legal list: read, then play.
    for text in ["L gold L08", "l SILVER on l14"] {
        let a = g.read_notation(&s, Seat(0), text).unwrap();
        g.place_ring(&mut s, &a).unwrap();
    }
    assert_eq!(s.rings.len(), 2);
    assert_eq!(s.rings[1].piece, ls);
    let stack = Action::Stack {
        piece: lg,
        a: RingId(0),
        b: RingId(1),
        x: 90,
        y: 170,
    };
    assert_eq!(g.write_notation(&s, &stack), "L gold on #0+#1 at 90,170");
    assert_eq!(
        g.read_notation(&s, Seat(0), "L gold #0 + #1 at 90, 170"),
        Ok(stack)
    );
    let mut hand = Hand::default();
    hand.add(lg);
    let mut legal = Vec::new();
    g.placements(&s, &hand, &mut legal);
    assert!(
        legal.contains(&stack),
        "the RULES.md stack is a legal placement"
    );
    for (text, a) in [
        ("colour silver", Action::ChooseColour(Colour::Silver)),
        ("tower L06", Action::PlaceTower(crater("L06"))),
        ("take pile 2", Action::TakePair(2)),
        ("base S08", Action::PlaceResourceBase(crater("S08"))),
        ("decline base", Action::DeclineResourceBase),
        ("pass", Action::Pass),
    ] {
        assert_eq!(g.write_notation(&s, &a), text);
        assert_eq!(g.read_notation(&s, Seat(0), text), Ok(a));
    }
}

#[test]
fn parse_errors_name_the_word() {
    let g = MoonBase::new(Config::default()).unwrap();
    let s = g.initial_state();
    let e = g.read_notation(&s, Seat(0), "base Q99").unwrap_err();
    assert_eq!(
        (e.at, e.reason),
        (
            5,
            NotationReason::Unexpected {
                found: "Q99".into(),
                expected: "a crater of the board"
            }
        )
    );
    let e = g.read_notation(&s, Seat(0), "build L06").unwrap_err();
    assert_eq!(e.at, 0);
    let e = g.read_notation(&s, Seat(0), "L gold on #0+#1").unwrap_err();
    assert!(matches!(e.reason, NotationReason::Missing { .. }), "{e}");
}
