//! The token automaton of R-11, shared by the equation checker and the move
//! generator (M-3).

use crate::equation::ErrorKind;
use crate::tile::Face;

/// A state of the R-11 automaton.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Syn {
    /// A side starts (at the start of a run or after `=`).
    Side,
    /// After a binary operator.
    Op,
    /// After a lone `0`.
    Zero,
    /// Inside a numeral that began with `1`.
    Num,
    /// Right after `NOT`.
    Not,
    /// Inside the digits of a `NOT`.
    NotD,
}

impl Syn {
    pub(crate) const ALL: [Syn; 6] = [Syn::Side, Syn::Op, Syn::Zero, Syn::Num, Syn::Not, Syn::NotD];

    /// True where a run may end, provided it has read an `=`.
    pub(crate) const fn accepting(self) -> bool {
        matches!(self, Syn::Zero | Syn::Num | Syn::NotD)
    }

    /// The error of a run that ends in this state (`seen_eq`: an `=` was read).
    pub(crate) const fn end(self, seen_eq: bool) -> Result<(), ErrorKind> {
        match self {
            Syn::Side => Err(ErrorKind::EmptySide),
            Syn::Op => Err(ErrorKind::MissingOperand),
            Syn::Not => Err(ErrorKind::NotWithoutDigits),
            Syn::Zero | Syn::Num | Syn::NotD => {
                if seen_eq {
                    Ok(())
                } else {
                    Err(ErrorKind::NoEquals)
                }
            }
        }
    }
}

/// The R-11 transition table for one set of options (T-7 and T-16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxTable {
    next: [[Result<Syn, ErrorKind>; 11]; 6],
    /// For each state, the faces it accepts without an error.
    ok: [u16; 6],
}

impl SyntaxTable {
    /// The table with XOR in play or not (T-7) and NOT after a binary operator
    /// allowed or not (T-16).
    pub(crate) fn new(xor: bool, not_after_binop: bool) -> SyntaxTable {
        let mut next = [[Ok(Syn::Side); 11]; 6];
        let mut ok = [0u16; 6];
        for state in Syn::ALL {
            for face in Face::ALL {
                let r = transition(state, face, xor, not_after_binop);
                if r.is_ok() {
                    ok[state as usize] |= face.bit();
                }
                next[state as usize][face.index()] = r;
            }
        }
        SyntaxTable { next, ok }
    }

    /// The state after reading `face` in `state`, or the error it raises.
    #[inline]
    pub(crate) fn step(&self, state: Syn, face: Face) -> Result<Syn, ErrorKind> {
        self.next[state as usize][face.index()]
    }

    /// The faces `state` accepts, as a bitmask.
    #[inline]
    pub(crate) fn ok_mask(&self, state: Syn) -> u16 {
        self.ok[state as usize]
    }
}

/// One entry of the R-11 table.
fn transition(state: Syn, face: Face, xor: bool, not_after_binop: bool) -> Result<Syn, ErrorKind> {
    // an XOR token without T-7 stops the scan, whatever the state.
    if face == Face::Xor && !xor {
        return Err(ErrorKind::UnknownToken);
    }
    enum Class {
        Zero,
        One,
        Equals,
        Binop,
        Not,
    }
    let class = match face {
        Face::Zero => Class::Zero,
        Face::One => Class::One,
        Face::Equals => Class::Equals,
        Face::Plus
        | Face::Minus
        | Face::Times
        | Face::Divide
        | Face::And
        | Face::Or
        | Face::Xor => Class::Binop,
        Face::Not => Class::Not,
    };
    match (state, class) {
        // A side starts: an operand must come (R-11 c, g).
        (Syn::Side, Class::Zero) => Ok(Syn::Zero),
        (Syn::Side, Class::One) => Ok(Syn::Num),
        (Syn::Side, Class::Equals) => Err(ErrorKind::EmptySide),
        (Syn::Side, Class::Binop) => Err(ErrorKind::UnaryOperator),
        (Syn::Side, Class::Not) => Ok(Syn::Not),
        // After a binary operator (R-11 d, f).
        (Syn::Op, Class::Zero) => Ok(Syn::Zero),
        (Syn::Op, Class::One) => Ok(Syn::Num),
        (Syn::Op, Class::Equals | Class::Binop) => Err(ErrorKind::AdjacentOperators),
        (Syn::Op, Class::Not) => {
            if not_after_binop {
                Ok(Syn::Not)
            } else {
                // T-16 off: NOT only starts a side.
                Err(ErrorKind::NotAfterOperator)
            }
        }
        // A lone 0 takes no further digit (R-11 b).
        (Syn::Zero, Class::Zero | Class::One) => Err(ErrorKind::LeadingZero),
        (Syn::Num | Syn::NotD, Class::Zero | Class::One) => Ok(state),
        (Syn::Zero | Syn::Num | Syn::NotD, Class::Equals) => Ok(Syn::Side),
        (Syn::Zero | Syn::Num | Syn::NotD, Class::Binop) => Ok(Syn::Op),
        // Nothing is implied between an operand and NOT (R-11 e, R-25).
        (Syn::Zero | Syn::Num | Syn::NotD, Class::Not) => Err(ErrorKind::NotAfterOperand),
        // NOT needs digits (R-11 e).
        (Syn::Not, Class::Zero | Class::One) => Ok(Syn::NotD),
        (Syn::Not, Class::Equals | Class::Binop) => Err(ErrorKind::NotWithoutDigits),
        (Syn::Not, Class::Not) => Err(ErrorKind::DoubleNot),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r11_table_rows() {
        let t = SyntaxTable::new(false, true);
        assert_eq!(t.step(Syn::Side, Face::Equals), Err(ErrorKind::EmptySide));
        assert_eq!(t.step(Syn::Side, Face::Plus), Err(ErrorKind::UnaryOperator));
        assert_eq!(t.step(Syn::Op, Face::Not), Ok(Syn::Not));
        assert_eq!(t.step(Syn::Zero, Face::One), Err(ErrorKind::LeadingZero));
        assert_eq!(t.step(Syn::Num, Face::Not), Err(ErrorKind::NotAfterOperand));
        assert_eq!(t.step(Syn::Not, Face::Not), Err(ErrorKind::DoubleNot));
        assert_eq!(t.step(Syn::NotD, Face::Zero), Ok(Syn::NotD));
        assert_eq!(t.step(Syn::Num, Face::Xor), Err(ErrorKind::UnknownToken));
        let t16 = SyntaxTable::new(true, false);
        assert_eq!(
            t16.step(Syn::Op, Face::Not),
            Err(ErrorKind::NotAfterOperator)
        );
        assert_eq!(t16.step(Syn::Num, Face::Xor), Ok(Syn::Op));
        assert_eq!(
            t.ok_mask(Syn::Side),
            Face::Zero.bit() | Face::One.bit() | Face::Not.bit()
        );
    }
}
