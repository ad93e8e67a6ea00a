//! The notation kit (game-core) on the configs of the conformance tests:
//! every legal action of seeded games reads back from its notation, and no
//! two legal actions of a position share one.

use crate::configs;

use configs::{comp_configs, coop_configs};
use game_core::testkit::notation_conformance;
use game_core::{Game, Notation, NotationReason, Seat};
use moon_core::{Action, Config, Difficulty, ErrorTarget, Moon, OpKind, Reg};

#[test]
fn notation_reads_back_cooperative() {
    notation_conformance::<Moon>(&coop_configs(), 4);
}

#[test]
fn notation_reads_back_competitive() {
    notation_conformance::<Moon>(&comp_configs(), 4);
}

/// The examples of "Move notation" in RULES.md.
#[test]
fn rules_md_examples() {
    let g = Moon::new(Config::competitive(3, Difficulty::Normal)).unwrap();
    let s = g.initial_state();
    let pairs = [
        ("XOR A,C", "xor a, c"),
        ("INC A", "inc  a"),
        ("MOV RAM,B", "mov ram b"),
        ("token NAND A,D", "TOKEN nand A,D"),
        ("ok B", "OK b"),
        ("ok XOR", "ok xor"),
        ("ok bug 2", "ok BUG 2"),
        ("bug 1", "Bug 1"),
        ("end", "end turn"),
    ];
    for (written, loose) in pairs {
        let a = g.read_notation(&s, Seat(0), written).unwrap();
        assert_eq!(g.write_notation(&s, &a), written);
        assert_eq!(g.read_notation(&s, Seat(0), loose), Ok(a), "{loose}");
    }
    assert_eq!(
        g.read_notation(&s, Seat(0), "ok ROL"),
        Ok(Action::ChooseOk(ErrorTarget::Operation(OpKind::Rol)))
    );
    assert_eq!(
        g.read_notation(&s, Seat(0), "ok D"),
        Ok(Action::ChooseOk(ErrorTarget::Register(Reg::D)))
    );
    // The log-only hidden RAM write reads back, and check refuses it.
    let hidden = g.read_notation(&s, Seat(0), "MOV RAM,?").unwrap();
    assert_eq!(hidden, Action::HiddenRamWrite { token: false });
    assert!(g.check(&s, Seat(0), &hidden).is_err());
}

#[test]
fn parse_errors_name_the_word() {
    let g = Moon::new(Config::cooperative(Difficulty::Easy)).unwrap();
    let s = g.initial_state();
    let e = g.read_notation(&s, Seat(0), "XOR A,E").unwrap_err();
    assert_eq!(e.at, 6);
    assert_eq!(
        e.reason,
        NotationReason::Unexpected {
            found: "E".into(),
            expected: "a register A to D"
        }
    );
    let e = g.read_notation(&s, Seat(0), "swap A,B").unwrap_err();
    assert_eq!(e.at, 0);
    assert!(matches!(e.reason, NotationReason::Unexpected { .. }));
    let e = g.read_notation(&s, Seat(0), "end now").unwrap_err();
    assert_eq!(
        (e.at, e.reason),
        (
            4,
            NotationReason::Trailing {
                found: "now".into()
            }
        )
    );
}
