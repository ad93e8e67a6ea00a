//! MOON's move notation (see "Move notation" in [`crate::rules`]): the
//! operations as printed on the cards, and a word for each other move.
//!
//! ```text
//! move   = op | "token" op | "ok" target | "bug" SEAT | "end"
//! op     = KIND REG | KIND REG "," REG | "MOV" LOC "," LOC
//! target = REG | KIND | "bug" POSITION
//! ```

use game_core::notation::{Scanner, Word};
use game_core::{Notation, NotationError, Seat};

use crate::action::{Action, ErrorTarget};
use crate::moon::Moon;
use crate::ops::{BinaryOp, OpKind, Operation, UnaryOp};
use crate::register::{Loc, Reg};
use crate::state::State;

/// The source written for a MOV into the mover's hidden RAM as other
/// viewers see it (M-8, M-51): `MOV RAM,?`.
const HIDDEN: &str = "?";

fn reg_of(w: &Word<'_>) -> Option<Reg> {
    Reg::ALL.into_iter().find(|r| w.is(&r.to_string()))
}

fn loc_of(w: &Word<'_>) -> Option<Loc> {
    if w.is("RAM") {
        Some(Loc::Ram)
    } else {
        reg_of(w).map(Loc::Reg)
    }
}

/// The next word as a register.
fn register(s: &mut Scanner<'_>) -> Result<Reg, NotationError> {
    const REG: &str = "a register A to D";
    let w = s.expect(REG)?;
    reg_of(&w).ok_or_else(|| w.unexpected(REG))
}

/// The next word as a register or `RAM`.
fn location(s: &mut Scanner<'_>) -> Result<Loc, NotationError> {
    const LOC: &str = "a register A to D or RAM";
    let w = s.expect(LOC)?;
    loc_of(&w).ok_or_else(|| w.unexpected(LOC))
}

/// An operation whose mnemonic `kind` was just read; `None` for the
/// log-only `MOV RAM,?` (with `RAM` and `?` read).
fn operation(s: &mut Scanner<'_>, kind: OpKind) -> Result<Option<Operation>, NotationError> {
    if kind == OpKind::Mov {
        let dst = location(s)?;
        s.eat(",");
        if dst == Loc::Ram && s.peek().is_some_and(|w| w.is(HIDDEN)) {
            s.word();
            return Ok(None);
        }
        let src = location(s)?;
        return Ok(Some(Operation::Mov { dst, src }));
    }
    if let Some(op) = UnaryOp::ALL.into_iter().find(|u| u.kind() == kind) {
        let reg = register(s)?;
        return Ok(Some(Operation::Unary { op, reg }));
    }
    // Every kind that is neither MOV nor unary is binary.
    let op = BinaryOp::ALL
        .into_iter()
        .find(|b| b.kind() == kind)
        .unwrap_or(BinaryOp::Or);
    let dst = register(s)?;
    s.eat(",");
    let src = register(s)?;
    Ok(Some(Operation::Binary { op, dst, src }))
}

const MOVES: &str = "an operation (XOR A,B), token, ok, bug or end";

impl Notation for Moon {
    fn write_notation(&self, _state: &State, action: &Action) -> String {
        match action {
            Action::Op(op) => op.to_string(),
            Action::Token(op) => format!("token {op}"),
            Action::ChooseOk(ErrorTarget::Register(r)) => format!("ok {r}"),
            Action::ChooseOk(ErrorTarget::Operation(k)) => format!("ok {k}"),
            Action::ChooseOk(ErrorTarget::Bug(p)) => format!("ok bug {p}"),
            Action::UseBug(seat) => format!("bug {}", seat.0),
            Action::EndTurn => "end".into(),
            Action::HiddenRamWrite { token: false } => format!("MOV RAM,{HIDDEN}"),
            Action::HiddenRamWrite { token: true } => format!("token MOV RAM,{HIDDEN}"),
        }
    }

    fn read_notation(
        &self,
        _state: &State,
        _seat: Seat,
        text: &str,
    ) -> Result<Action, NotationError> {
        let mut s = Scanner::new(text, &[',']);
        s.non_empty()?;
        let head = s.expect(MOVES)?;
        let action = if head.is("end") || head.is("endturn") || head.is("pass") {
            s.eat("turn");
            Action::EndTurn
        } else if head.is("token") {
            let w = s.expect("an operation")?;
            let kind = OpKind::from_name(w.text).ok_or_else(|| w.unexpected("an operation"))?;
            match operation(&mut s, kind)? {
                Some(op) => Action::Token(op),
                None => Action::HiddenRamWrite { token: true },
            }
        } else if head.is("ok") {
            let w = s.expect("a register, an operation or bug")?;
            if w.is("bug") {
                let p = s.expect("a queue position")?;
                Action::ChooseOk(ErrorTarget::Bug(p.number(0..=u8::MAX, "a queue position")?))
            } else if let Some(r) = reg_of(&w) {
                Action::ChooseOk(ErrorTarget::Register(r))
            } else if let Some(k) = OpKind::from_name(w.text) {
                Action::ChooseOk(ErrorTarget::Operation(k))
            } else {
                return Err(w.unexpected("a register, an operation or bug"));
            }
        } else if head.is("bug") {
            let w = s.expect("a seat number")?;
            Action::UseBug(Seat(w.number(0..=u8::MAX, "a seat number")?))
        } else if let Some(kind) = OpKind::from_name(head.text) {
            match operation(&mut s, kind)? {
                Some(op) => Action::Op(op),
                None => Action::HiddenRamWrite { token: false },
            }
        } else {
            return Err(head.unexpected(MOVES));
        };
        s.end()?;
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use game_core::{Game, NotationReason};

    use super::*;
    use crate::{Config, Difficulty};

    fn game() -> (Moon, State) {
        let g = Moon::new(Config::cooperative(Difficulty::Easy)).unwrap();
        let s = g.initial_state();
        (g, s)
    }

    #[test]
    fn every_operation_reads_back_plain_and_with_a_token() {
        let (g, s) = game();
        for op in Operation::all() {
            for a in [Action::Op(op), Action::Token(op)] {
                let text = g.write_notation(&s, &a);
                assert_eq!(g.read_notation(&s, Seat(0), &text), Ok(a), "{text}");
            }
        }
    }

    #[test]
    fn rules_examples() {
        let (g, s) = game();
        let read = |t: &str| g.read_notation(&s, Seat(0), t);
        let xor = Operation::Binary {
            op: BinaryOp::Xor,
            dst: Reg::A,
            src: Reg::B,
        };
        assert_eq!(read("XOR A,B"), Ok(Action::Op(xor)));
        assert_eq!(read("xor a , b"), Ok(Action::Op(xor)));
        assert_eq!(read("xor a b"), Ok(Action::Op(xor)));
        assert_eq!(
            read("INC A"),
            Ok(Action::Op(Operation::Unary {
                op: UnaryOp::Inc,
                reg: Reg::A
            }))
        );
        assert_eq!(
            read("token MOV RAM,C"),
            Ok(Action::Token(Operation::Mov {
                dst: Loc::Ram,
                src: Loc::Reg(Reg::C)
            }))
        );
        assert_eq!(
            read("ok B"),
            Ok(Action::ChooseOk(ErrorTarget::Register(Reg::B)))
        );
        assert_eq!(
            read("ok rol"),
            Ok(Action::ChooseOk(ErrorTarget::Operation(OpKind::Rol)))
        );
        assert_eq!(read("OK BUG 3"), Ok(Action::ChooseOk(ErrorTarget::Bug(3))));
        assert_eq!(read("bug 2"), Ok(Action::UseBug(Seat(2))));
        for end in ["end", "END TURN", "endturn", "pass"] {
            assert_eq!(read(end), Ok(Action::EndTurn));
        }
        assert_eq!(
            g.write_notation(&s, &Action::HiddenRamWrite { token: true }),
            "token MOV RAM,?"
        );
        assert_eq!(
            read("MOV RAM,?"),
            Ok(Action::HiddenRamWrite { token: false })
        );
    }

    #[test]
    fn errors_say_where_and_why() {
        let (g, s) = game();
        let read = |t: &str| g.read_notation(&s, Seat(0), t).unwrap_err();
        let e = read("JMP A");
        assert_eq!(
            (e.at, e.reason),
            (
                0,
                NotationReason::Unexpected {
                    found: "JMP".into(),
                    expected: MOVES
                }
            )
        );
        let e = read("XOR RAM,A");
        assert_eq!(e.at, 4);
        assert!(matches!(e.reason, NotationReason::Unexpected { .. }));
        let e = read("XOR A");
        assert_eq!(
            (e.at, e.reason),
            (
                5,
                NotationReason::Missing {
                    expected: "a register A to D"
                }
            )
        );
        let e = read("ROL A,B");
        assert!(matches!(e.reason, NotationReason::Trailing { .. }), "{e}");
        assert_eq!(e.at, 5);
        assert_eq!(read("bug x").at, 4);
        assert_eq!(read("").reason, NotationReason::Empty);
    }
}
