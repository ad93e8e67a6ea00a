//! Incremental evaluation of one side.
//!
//! Tokens are fed one at a time; operator-precedence reduction performs the
//! nodes of the grouping tree exactly in post-order (left subtree, right
//! subtree, node), which is R-19's order, so the first failing node is the
//! one the spec names. Because the state after each token is small and
//! `Copy`, the move generator carries it down its search and never
//! re-evaluates a side from its start.

use crate::equation::{Checker, ErrorKind, Fault};
use crate::tile::Face;

/// A binary operator of R-11.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    And,
    Or,
    Xor,
}

impl BinOp {
    pub(crate) const fn from_face(face: Face) -> Option<BinOp> {
        match face {
            Face::Plus => Some(BinOp::Add),
            Face::Minus => Some(BinOp::Sub),
            Face::Times => Some(BinOp::Mul),
            Face::Divide => Some(BinOp::Div),
            Face::And => Some(BinOp::And),
            Face::Or => Some(BinOp::Or),
            Face::Xor => Some(BinOp::Xor),
            Face::Zero | Face::One | Face::Equals | Face::Not => None,
        }
    }
}

/// The integer type of an evaluation.
///
/// The checker uses `i128` bounded to 64-bit magnitudes, as the spec asks.
/// The move generator uses `i32`: a run of the board has at most 15 tokens,
/// and a side (or any part of one) of k squares is below 2^k in magnitude,
/// so every value it meets is below 2^15 and both types give the same
/// results there.
pub(crate) trait Num: Copy + PartialEq + PartialOrd + Sized {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// A numeral's bits, if representable.
    fn from_bits(v: u64) -> Option<Self>;
    /// Checked sum, difference and product; `None` means too large.
    fn add(self, o: Self) -> Option<Self>;
    /// See [`Num::add`].
    fn sub(self, o: Self) -> Option<Self>;
    /// See [`Num::add`].
    fn mul(self, o: Self) -> Option<Self>;
    /// Remainder and quotient (the divisor is not zero).
    fn rem(self, o: Self) -> Self;
    /// See [`Num::rem`].
    fn div(self, o: Self) -> Self;
    /// Bitwise operations on non-negative values.
    fn and(self, o: Self) -> Self;
    /// See [`Num::and`].
    fn or(self, o: Self) -> Self;
    /// See [`Num::and`].
    fn xor(self, o: Self) -> Self;
    /// True when the value is within the allowed magnitude.
    fn in_range(self) -> bool;
}

/// The largest magnitude a value may have (checked 64-bit arithmetic).
const LIMIT: i128 = u64::MAX as i128;

/// The arithmetic shared by both number types; only how a literal enters
/// and what range is allowed differ.
macro_rules! impl_num {
    ($ty:ty, from_bits = $from_bits:expr, in_range = $in_range:expr) => {
        impl Num for $ty {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            fn from_bits(v: u64) -> Option<Self> {
                let convert: fn(u64) -> Option<Self> = $from_bits;
                convert(v)
            }
            fn add(self, o: Self) -> Option<Self> {
                self.checked_add(o)
            }
            fn sub(self, o: Self) -> Option<Self> {
                self.checked_sub(o)
            }
            fn mul(self, o: Self) -> Option<Self> {
                self.checked_mul(o)
            }
            fn rem(self, o: Self) -> Self {
                self.checked_rem(o).unwrap_or(1)
            }
            fn div(self, o: Self) -> Self {
                self.checked_div(o).unwrap_or(0)
            }
            fn and(self, o: Self) -> Self {
                self & o
            }
            fn or(self, o: Self) -> Self {
                self | o
            }
            fn xor(self, o: Self) -> Self {
                self ^ o
            }
            fn in_range(self) -> bool {
                let check: fn(Self) -> bool = $in_range;
                check(self)
            }
        }
    };
}

impl_num!(
    i128,
    from_bits = |v| Some(i128::from(v)),
    in_range = |x| (-LIMIT..=LIMIT).contains(&x)
);
impl_num!(
    i32,
    from_bits = |v| i32::try_from(v).ok(),
    in_range = |_| true
);

/// Where an error points: the checker keeps token indices, the move
/// generator (which only needs correct or not) keeps nothing.
pub(crate) trait At: Copy {
    /// The index as stored.
    fn from_index(i: usize) -> Self;
    /// The stored index (0 when nothing is kept).
    fn index(self) -> usize;
}

impl At for usize {
    fn from_index(i: usize) -> Self {
        i
    }
    fn index(self) -> usize {
        self
    }
}

impl At for () {
    fn from_index(_: usize) -> Self {}
    fn index(self) -> usize {
        0
    }
}

/// No literal: the operand is not the one-digit numeral `0` or `1`.
const NOT_LITERAL: u8 = 2;
/// Stack room: left-associative levels keep waiting operators at strictly
/// increasing levels, so at most five wait (six values).
const DEPTH: usize = 6;

/// The evaluation of one side so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SideEval<V, A> {
    vals: [V; DEPTH],
    /// The literal digit of each value (0 or 1), or [`NOT_LITERAL`].
    lits: [u8; DEPTH],
    nv: u8,
    ops: [BinOp; DEPTH],
    op_at: [A; DEPTH],
    no: u8,
    /// The operand being read: its bits, digit count, whether it is a NOT,
    /// its first token and whether one is open.
    bits: u64,
    width: u8,
    negated: bool,
    open: bool,
    start: A,
}

impl<V: Num, A: At> SideEval<V, A> {
    /// An empty side.
    pub(crate) fn new() -> Self {
        SideEval {
            vals: [V::ZERO; DEPTH],
            lits: [NOT_LITERAL; DEPTH],
            nv: 0,
            ops: [BinOp::Add; DEPTH],
            op_at: [A::from_index(0); DEPTH],
            no: 0,
            bits: 0,
            width: 0,
            negated: false,
            open: false,
            start: A::from_index(0),
        }
    }

    /// Feeds the token at index `at` (not `=`; the syntax is already valid).
    #[inline]
    pub(crate) fn push(&mut self, c: &Checker, t: Face, at: usize) -> Result<(), Fault> {
        match t {
            Face::Zero | Face::One => {
                if !self.open {
                    self.open = true;
                    self.negated = false;
                    self.start = A::from_index(at);
                    self.bits = 0;
                    self.width = 0;
                }
                // base 2; a 65th digit would not fit 64 bits.
                if self.width >= 64 {
                    return Err(Fault::new(ErrorKind::TooLarge, self.start.index()));
                }
                self.bits = (self.bits << 1) | u64::from(t == Face::One);
                self.width += 1;
                Ok(())
            }
            Face::Not => {
                self.open = true;
                self.negated = true;
                self.start = A::from_index(at);
                self.bits = 0;
                self.width = 0;
                Ok(())
            }
            Face::Plus
            | Face::Minus
            | Face::Times
            | Face::Divide
            | Face::And
            | Face::Or
            | Face::Xor
            | Face::Equals => {
                let Some(op) = BinOp::from_face(t) else {
                    // `=` is never fed; only reachable through misuse.
                    return Err(Fault::new(ErrorKind::EmptySide, at));
                };
                self.close_operand(at)?;
                let level = c.level(op);
                while self.no > 0 && c.level(self.ops[usize::from(self.no) - 1]) >= level {
                    self.reduce_top(c)?;
                }
                let Some(slot) = self.ops.get_mut(usize::from(self.no)) else {
                    return Err(Fault::new(ErrorKind::TooLarge, at));
                };
                *slot = op;
                self.op_at[usize::from(self.no)] = A::from_index(at);
                self.no += 1;
                Ok(())
            }
        }
    }

    /// The side's value if it ended here (`end` is the index after it).
    #[inline]
    pub(crate) fn finish(&self, c: &Checker, end: usize) -> Result<V, Fault> {
        let mut e = *self;
        e.close_operand(end)?;
        while e.no > 0 {
            e.reduce_top(c)?;
        }
        Ok(e.vals[0])
    }

    /// The value of the side if it ended here, and the side is not negative.
    ///
    /// The same as [`SideEval::finish`], but it reads the side in place
    /// instead of reducing a copy: the move generator asks at every node
    /// that could end a run, right after the side was written, and copying
    /// the whole side there is what costs.
    #[inline]
    pub(crate) fn value(&self, c: &Checker) -> Option<V> {
        let (mut top, mut lit) = self.operand(0).ok()?;
        // Values below the top; `finish` reduces while operators wait.
        let mut nv = usize::from(self.nv);
        let mut no = usize::from(self.no);
        while no > 0 {
            if nv == 0 {
                return None;
            }
            no -= 1;
            let (a, la) = (self.vals[nv - 1], self.lits[nv - 1]);
            top = node(c, self.ops[no], a, top, la, lit, 0).ok()?;
            lit = NOT_LITERAL;
            nv -= 1;
        }
        // `finish` answers the bottom value (the top once all is reduced).
        let v = if nv == 0 { top } else { self.vals[0] };
        (v >= V::ZERO).then_some(v)
    }

    /// Pushes the operand just read.
    #[inline]
    fn close_operand(&mut self, at: usize) -> Result<(), Fault> {
        let (v, lit) = self.operand(at)?;
        self.open = false;
        let n = usize::from(self.nv);
        self.vals[n] = v;
        self.lits[n] = lit;
        self.nv += 1;
        Ok(())
    }

    /// The operand just read, with its literal digit (see [`SideEval::close_operand`]).
    #[inline]
    fn operand(&self, at: usize) -> Result<(V, u8), Fault> {
        if !self.open || (self.negated && self.width == 0) || usize::from(self.nv) >= DEPTH {
            // Only reachable on a string that skipped the syntax check.
            return Err(Fault::new(ErrorKind::MissingOperand, at));
        }
        let (value, lit) = if self.negated {
            // NOT of w written digits is (2^w - 1) - d.
            let mask = if self.width >= 64 {
                u64::MAX
            } else {
                (1u64 << self.width) - 1
            };
            (mask - self.bits, NOT_LITERAL)
        } else {
            let lit = if self.width == 1 {
                self.bits as u8
            } else {
                NOT_LITERAL
            };
            (self.bits, lit)
        };
        let Some(v) = V::from_bits(value) else {
            return Err(Fault::new(ErrorKind::TooLarge, self.start.index()));
        };
        Ok((v, lit))
    }

    /// Reduces the top operator with its two operands.
    #[inline]
    fn reduce_top(&mut self, c: &Checker) -> Result<(), Fault> {
        if self.nv < 2 || self.no == 0 {
            return Err(Fault::new(ErrorKind::MissingOperand, 0));
        }
        self.no -= 1;
        let (no, nv) = (usize::from(self.no), usize::from(self.nv));
        let (op, at) = (self.ops[no], self.op_at[no].index());
        let (a, b) = (self.vals[nv - 2], self.vals[nv - 1]);
        let (la, lb) = (self.lits[nv - 2], self.lits[nv - 1]);
        let v = node(c, op, a, b, la, lb, at)?;
        self.nv -= 1;
        self.vals[nv - 2] = v;
        self.lits[nv - 2] = NOT_LITERAL;
        Ok(())
    }
}

/// One node: identity bans first, then the arithmetic.
#[inline]
fn node<V: Num>(c: &Checker, op: BinOp, a: V, b: V, la: u8, lb: u8, at: usize) -> Result<V, Fault> {
    let r = c.rules();
    let either = |d: u8| la == d || lb == d;
    let banned = match op {
        BinOp::Mul => r.ban_identity_mul1 && either(1),
        BinOp::Div => r.ban_identity_mul1 && lb == 1,
        BinOp::Add => r.ban_identity_add0_sub0 && either(0),
        BinOp::Sub => r.ban_identity_add0_sub0 && lb == 0,
        BinOp::And => r.ban_identity_and1_or0 && either(1),
        BinOp::Or | BinOp::Xor => r.ban_identity_and1_or0 && either(0),
    };
    if banned {
        let kind = match op {
            BinOp::Mul | BinOp::Div => ErrorKind::IdentityMulOne,
            BinOp::Add | BinOp::Sub => ErrorKind::IdentityAddZero,
            BinOp::And | BinOp::Or | BinOp::Xor => ErrorKind::IdentityAndOneOrZero,
        };
        return Err(Fault::new(kind, at));
    }
    // T-18, after T-2 to T-4 at the same node: operands judged by value.
    // AND's identity (all ones) depends on the width, so AND is never banned.
    if r.ban_neutral_terms {
        let (zero, one) = (V::ZERO, V::ONE);
        let neutral = match op {
            BinOp::Add | BinOp::Or | BinOp::Xor => a == zero || b == zero,
            BinOp::Sub => b == zero,
            BinOp::Mul => a == one || b == one,
            BinOp::Div => b == one,
            BinOp::And => false,
        };
        if neutral {
            return Err(Fault::new(ErrorKind::IdentityNeutral, at));
        }
    }
    let too_large = Fault::new(ErrorKind::TooLarge, at);
    let v = match op {
        BinOp::Add => a.add(b).ok_or(too_large)?,
        BinOp::Sub => {
            let d = a.sub(b).ok_or(too_large)?;
            // below zero is an error unless T-5 allows it.
            if d < V::ZERO && !r.negative_intermediates {
                return Err(Fault::new(ErrorKind::NegativeResult, at));
            }
            d
        }
        BinOp::Mul => a.mul(b).ok_or(too_large)?,
        BinOp::Div => {
            // exact division only.
            if b == V::ZERO {
                return Err(Fault::new(ErrorKind::DivisionByZero, at));
            }
            if a.rem(b) != V::ZERO {
                return Err(Fault::new(ErrorKind::InexactDivision, at));
            }
            a.div(b)
        }
        BinOp::And | BinOp::Or | BinOp::Xor => {
            // R-16 on non-negative values; T-5 keeps logic operands >= 0.
            if a < V::ZERO || b < V::ZERO {
                return Err(Fault::new(ErrorKind::NegativeLogicOperand, at));
            }
            match op {
                BinOp::And => a.and(b),
                BinOp::Or => a.or(b),
                BinOp::Xor | BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => a.xor(b),
            }
        }
    };
    if !v.in_range() {
        return Err(too_large);
    }
    Ok(v)
}
