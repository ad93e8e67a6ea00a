//! Operations: their kinds, forms (M-10) and semantics (M-11, M-14).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::register::{Loc, Reg, RegSet, mask};

game_core::enum_table! {
    /// The 17 kinds of operation (M-5, M-11), in the order of the cost table.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub enum OpKind {
        /// Add 1, wrapping all ones to 0.
        Inc,
        /// Subtract 1, wrapping 0 to all ones.
        Dec,
        /// Rotate left by one bit.
        Rol,
        /// Rotate right by one bit.
        Ror,
        /// Flip every bit.
        Not,
        /// Shift left, a 0 enters (V1 extra).
        Shl,
        /// Shift right, a 0 enters (V1 extra).
        Shr,
        /// Copy a register or RAM into another location.
        Mov,
        /// Bitwise or.
        Or,
        /// Bitwise and.
        And,
        /// Bitwise exclusive or.
        Xor,
        /// Negated or (Kickstarter).
        Nor,
        /// Negated and (Kickstarter).
        Nand,
        /// Negated exclusive or (Kickstarter).
        Xnor,
        /// Addition, carry dropped (Kickstarter).
        Add,
        /// Subtraction dst − src, wrapping (Kickstarter).
        Sub,
        /// Swap two registers (V1 extra).
        Xchg,
    }
}

impl OpKind {
    /// The mnemonic as printed on the cards: `"XOR"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OpKind::Inc => "INC",
            OpKind::Dec => "DEC",
            OpKind::Rol => "ROL",
            OpKind::Ror => "ROR",
            OpKind::Not => "NOT",
            OpKind::Shl => "SHL",
            OpKind::Shr => "SHR",
            OpKind::Mov => "MOV",
            OpKind::Or => "OR",
            OpKind::And => "AND",
            OpKind::Xor => "XOR",
            OpKind::Nor => "NOR",
            OpKind::Nand => "NAND",
            OpKind::Xnor => "XNOR",
            OpKind::Add => "ADD",
            OpKind::Sub => "SUB",
            OpKind::Xchg => "XCHG",
        }
    }

    /// The kind of a mnemonic, ignoring case.
    #[must_use]
    pub fn from_name(name: &str) -> Option<OpKind> {
        OpKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for OpKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The base nine operations (M-5, the default `operations`).
pub const BASE_OPS: [OpKind; 9] = [
    OpKind::Inc,
    OpKind::Dec,
    OpKind::Rol,
    OpKind::Ror,
    OpKind::Not,
    OpKind::Mov,
    OpKind::Or,
    OpKind::And,
    OpKind::Xor,
];

/// The base nine plus NOR, NAND, XNOR, ADD and SUB (M-5).
pub const KICKSTARTER_OPS: [OpKind; 14] = [
    OpKind::Inc,
    OpKind::Dec,
    OpKind::Rol,
    OpKind::Ror,
    OpKind::Not,
    OpKind::Mov,
    OpKind::Or,
    OpKind::And,
    OpKind::Xor,
    OpKind::Nor,
    OpKind::Nand,
    OpKind::Xnor,
    OpKind::Add,
    OpKind::Sub,
];

/// Every kind: Kickstarter plus SHL, SHR and XCHG (M-5).
pub const ALL_OPS: [OpKind; 17] = OpKind::ALL;

/// The base nine without OR, AND and XOR: a first game (M-5).
pub const FIRST_GAME_OPS: [OpKind; 6] = [
    OpKind::Inc,
    OpKind::Dec,
    OpKind::Rol,
    OpKind::Ror,
    OpKind::Not,
    OpKind::Mov,
];

/// A set of operation kinds as a bitset (bit i = `OpKind::ALL[i]`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct OpSet(pub u32);

impl OpSet {
    /// The empty set.
    pub const EMPTY: OpSet = OpSet(0);

    /// The set of the given kinds.
    pub fn of(kinds: impl IntoIterator<Item = OpKind>) -> OpSet {
        kinds.into_iter().fold(OpSet::EMPTY, OpSet::with)
    }

    /// True when `k` is in the set.
    #[must_use]
    pub const fn contains(self, k: OpKind) -> bool {
        self.0 & (1 << k.index()) != 0
    }

    /// The set with `k` added.
    #[must_use]
    pub const fn with(self, k: OpKind) -> OpSet {
        OpSet(self.0 | (1 << k.index()))
    }

    /// The set without `k`.
    #[must_use]
    pub const fn without(self, k: OpKind) -> OpSet {
        OpSet(self.0 & !(1 << k.index()))
    }

    /// True when the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in the set, in order.
    pub fn iter(self) -> impl Iterator<Item = OpKind> {
        OpKind::ALL.into_iter().filter(move |k| self.contains(*k))
    }
}

/// The one-register operations (M-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum UnaryOp {
    /// `r + 1`, wrapping.
    Inc,
    /// `r − 1`, wrapping.
    Dec,
    /// Rotate left.
    Rol,
    /// Rotate right.
    Ror,
    /// Flip every bit.
    Not,
    /// Shift left, 0 enters.
    Shl,
    /// Shift right, 0 enters.
    Shr,
}

impl UnaryOp {
    /// All unary operations in order.
    pub const ALL: [UnaryOp; 7] = [
        UnaryOp::Inc,
        UnaryOp::Dec,
        UnaryOp::Rol,
        UnaryOp::Ror,
        UnaryOp::Not,
        UnaryOp::Shl,
        UnaryOp::Shr,
    ];

    /// The operation's kind.
    #[must_use]
    pub const fn kind(self) -> OpKind {
        match self {
            UnaryOp::Inc => OpKind::Inc,
            UnaryOp::Dec => OpKind::Dec,
            UnaryOp::Rol => OpKind::Rol,
            UnaryOp::Ror => OpKind::Ror,
            UnaryOp::Not => OpKind::Not,
            UnaryOp::Shl => OpKind::Shl,
            UnaryOp::Shr => OpKind::Shr,
        }
    }

    /// The new value of a `width`-bit register holding `v` (M-11).
    #[must_use]
    pub const fn eval(self, v: u8, width: u8) -> u8 {
        let m = mask(width);
        let v = v & m;
        let top = width.saturating_sub(1);
        match self {
            UnaryOp::Inc => v.wrapping_add(1) & m,
            UnaryOp::Dec => v.wrapping_sub(1) & m,
            UnaryOp::Rol => ((v << 1) | (v >> top)) & m,
            UnaryOp::Ror => (v >> 1) | ((v & 1) << top),
            UnaryOp::Not => v ^ m,
            UnaryOp::Shl => (v << 1) & m,
            UnaryOp::Shr => v >> 1,
        }
    }
}

/// The two-register operations (M-10); the result goes into dst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BinaryOp {
    /// `dst | src`.
    Or,
    /// `dst & src`.
    And,
    /// `dst ^ src`.
    Xor,
    /// `!(dst | src)`.
    Nor,
    /// `!(dst & src)`.
    Nand,
    /// `!(dst ^ src)`.
    Xnor,
    /// `dst + src`, carry dropped.
    Add,
    /// `dst − src`, wrapping.
    Sub,
    /// Swap dst and src.
    Xchg,
}

impl BinaryOp {
    /// All binary operations in order.
    pub const ALL: [BinaryOp; 9] = [
        BinaryOp::Or,
        BinaryOp::And,
        BinaryOp::Xor,
        BinaryOp::Nor,
        BinaryOp::Nand,
        BinaryOp::Xnor,
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Xchg,
    ];

    /// The operation's kind.
    #[must_use]
    pub const fn kind(self) -> OpKind {
        match self {
            BinaryOp::Or => OpKind::Or,
            BinaryOp::And => OpKind::And,
            BinaryOp::Xor => OpKind::Xor,
            BinaryOp::Nor => OpKind::Nor,
            BinaryOp::Nand => OpKind::Nand,
            BinaryOp::Xnor => OpKind::Xnor,
            BinaryOp::Add => OpKind::Add,
            BinaryOp::Sub => OpKind::Sub,
            BinaryOp::Xchg => OpKind::Xchg,
        }
    }

    /// The new `(dst, src)` for registers holding `d` and `s` (M-11); only
    /// XCHG changes src.
    #[must_use]
    pub const fn eval(self, d: u8, s: u8, width: u8) -> (u8, u8) {
        let m = mask(width);
        let (d, s) = (d & m, s & m);
        match self {
            BinaryOp::Or => (d | s, s),
            BinaryOp::And => (d & s, s),
            BinaryOp::Xor => (d ^ s, s),
            BinaryOp::Nor => (!(d | s) & m, s),
            BinaryOp::Nand => (!(d & s) & m, s),
            BinaryOp::Xnor => (!(d ^ s) & m, s),
            BinaryOp::Add => (d.wrapping_add(s) & m, s),
            BinaryOp::Sub => (d.wrapping_sub(s) & m, s),
            BinaryOp::Xchg => (s, d),
        }
    }
}

/// One operation with its operands (M-10, M-49).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Operation {
    /// A one-register operation.
    Unary {
        /// What to do.
        op: UnaryOp,
        /// The register changed.
        reg: Reg,
    },
    /// A two-register operation: dst := dst op src (XCHG swaps).
    Binary {
        /// What to do.
        op: BinaryOp,
        /// The register written.
        dst: Reg,
        /// The register read.
        src: Reg,
    },
    /// dst := src, between registers and the acting seat's RAM.
    Mov {
        /// Where the value goes.
        dst: Loc,
        /// Where it comes from.
        src: Loc,
    },
}

impl Operation {
    /// The operation's kind.
    #[must_use]
    pub const fn kind(self) -> OpKind {
        match self {
            Operation::Unary { op, .. } => op.kind(),
            Operation::Binary { op, .. } => op.kind(),
            Operation::Mov { .. } => OpKind::Mov,
        }
    }

    /// The register operands in the order written (dst first), at most two.
    #[must_use]
    pub fn operands(self) -> [Option<Reg>; 2] {
        match self {
            Operation::Unary { reg, .. } => [Some(reg), None],
            Operation::Binary { dst, src, .. } => [Some(dst), Some(src)],
            Operation::Mov { dst, src } => {
                let r = |l: Loc| match l {
                    Loc::Reg(r) => Some(r),
                    Loc::Ram => None,
                };
                [r(dst), r(src)]
            }
        }
    }

    /// The register operands as a set.
    #[must_use]
    pub fn registers(self) -> RegSet {
        self.operands()
            .into_iter()
            .flatten()
            .fold(RegSet::EMPTY, RegSet::with)
    }

    /// True when the operation reads or writes RAM.
    #[must_use]
    pub const fn uses_ram(self) -> bool {
        matches!(
            self,
            Operation::Mov { dst: Loc::Ram, .. } | Operation::Mov { src: Loc::Ram, .. }
        )
    }

    /// True when the operation writes register A (M-26 `AfterOpOnA`): A is
    /// the unary operand, the dst, or either XCHG operand.
    #[must_use]
    pub const fn writes_a(self) -> bool {
        match self {
            Operation::Unary { reg, .. } => matches!(reg, Reg::A),
            Operation::Binary {
                op: BinaryOp::Xchg,
                dst,
                src,
            } => matches!(dst, Reg::A) || matches!(src, Reg::A),
            Operation::Binary { dst, .. } => matches!(dst, Reg::A),
            Operation::Mov { dst, .. } => matches!(dst, Loc::Reg(Reg::A)),
        }
    }

    /// True for `MOV r,r` and `XCHG r,r` (M-12 rule 7).
    #[must_use]
    pub fn is_self_move(self) -> bool {
        match self {
            Operation::Mov { dst, src } => dst == src,
            Operation::Binary {
                op: BinaryOp::Xchg,
                dst,
                src,
            } => dst == src,
            Operation::Unary { .. } | Operation::Binary { .. } => false,
        }
    }

    /// Applies the semantics to `regs` (A..D) and `ram` at `width` bits
    /// (M-11). A missing RAM (`None`) reads as 0 and ignores writes; the
    /// rules never let that happen (M-12 rule 5).
    pub fn apply(self, regs: &mut [u8; 4], ram: Option<&mut u8>, width: u8) {
        let m = mask(width);
        match self {
            Operation::Unary { op, reg } => {
                let i = reg.index();
                regs[i] = op.eval(regs[i], width);
            }
            Operation::Binary { op, dst, src } => {
                let (d, s) = op.eval(regs[dst.index()], regs[src.index()], width);
                // Order matters for dst = src: XCHG r,r writes r twice with
                // the same value; the others write only dst.
                regs[src.index()] = s;
                regs[dst.index()] = d;
            }
            Operation::Mov { dst, src } => {
                let value = match src {
                    Loc::Reg(r) => regs[r.index()],
                    Loc::Ram => ram.as_deref().copied().unwrap_or(0),
                } & m;
                match dst {
                    Loc::Reg(r) => regs[r.index()] = value,
                    Loc::Ram => {
                        if let Some(ram) = ram {
                            *ram = value;
                        }
                    }
                }
            }
        }
    }

    /// Every well-formed operation in ascending order: all unary and binary
    /// register combinations and every MOV except RAM←RAM. XCHG with
    /// dst > src is included (it is refused by M-12 rule 6, not by form).
    pub fn all() -> Vec<Operation> {
        let mut out = Vec::new();
        for op in UnaryOp::ALL {
            for reg in Reg::ALL {
                out.push(Operation::Unary { op, reg });
            }
        }
        for op in BinaryOp::ALL {
            for dst in Reg::ALL {
                for src in Reg::ALL {
                    out.push(Operation::Binary { op, dst, src });
                }
            }
        }
        let locs = [
            Loc::Reg(Reg::A),
            Loc::Reg(Reg::B),
            Loc::Reg(Reg::C),
            Loc::Reg(Reg::D),
            Loc::Ram,
        ];
        for dst in locs {
            for src in locs {
                out.push(Operation::Mov { dst, src });
            }
        }
        out
    }
}

/// `OP dst,src` as on the cards: `XOR A,C`, `ROL B`, `MOV RAM,A`.
impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operation::Unary { op, reg } => write!(f, "{} {reg}", op.kind()),
            Operation::Binary { op, dst, src } => write!(f, "{} {dst},{src}", op.kind()),
            Operation::Mov { dst, src } => write!(f, "MOV {dst},{src}"),
        }
    }
}

/// Why a text is not an operation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an operation: {0:?} (write e.g. `XOR A,C`, `ROL B`, `MOV RAM,A`)")]
pub struct ParseOperationError(pub String);

fn parse_loc(text: &str) -> Option<Loc> {
    match text.to_ascii_uppercase().as_str() {
        "A" => Some(Loc::Reg(Reg::A)),
        "B" => Some(Loc::Reg(Reg::B)),
        "C" => Some(Loc::Reg(Reg::C)),
        "D" => Some(Loc::Reg(Reg::D)),
        "RAM" => Some(Loc::Ram),
        _ => None,
    }
}

/// Reads `KIND dst[,src]` as printed by `Display` (case and spaces are
/// free: `xor a, c` works). The form must fit the kind (M-10).
impl std::str::FromStr for Operation {
    type Err = ParseOperationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = || ParseOperationError(text.to_owned());
        let trimmed = text.trim();
        let (name, rest) = trimmed
            .split_once(char::is_whitespace)
            .unwrap_or((trimmed, ""));
        let kind = OpKind::from_name(name).ok_or_else(err)?;
        let args: Vec<&str> = rest
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect();
        let locs: Vec<Loc> = args
            .iter()
            .map(|a| parse_loc(a))
            .collect::<Option<_>>()
            .ok_or_else(err)?;
        let reg = |l: Loc| match l {
            Loc::Reg(r) => Some(r),
            Loc::Ram => None,
        };
        if kind == OpKind::Mov {
            return match locs.as_slice() {
                [dst, src] => Ok(Operation::Mov {
                    dst: *dst,
                    src: *src,
                }),
                _ => Err(err()),
            };
        }
        if let Some(op) = UnaryOp::ALL.into_iter().find(|u| u.kind() == kind) {
            return match locs.as_slice() {
                [l] => Ok(Operation::Unary {
                    op,
                    reg: reg(*l).ok_or_else(err)?,
                }),
                _ => Err(err()),
            };
        }
        let op = BinaryOp::ALL
            .into_iter()
            .find(|b| b.kind() == kind)
            .ok_or_else(err)?;
        match locs.as_slice() {
            [d, s] => Ok(Operation::Binary {
                op,
                dst: reg(*d).ok_or_else(err)?,
                src: reg(*s).ok_or_else(err)?,
            }),
            _ => Err(err()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_parse_what_they_print() {
        for op in Operation::all() {
            if matches!(
                op,
                Operation::Mov {
                    dst: Loc::Ram,
                    src: Loc::Ram
                }
            ) {
                continue;
            }
            assert_eq!(op.to_string().parse::<Operation>(), Ok(op));
        }
        assert!("ROL A,B".parse::<Operation>().is_err());
        assert!("XOR RAM,A".parse::<Operation>().is_err());
        assert_eq!(
            "xor a, c".parse::<Operation>().unwrap().to_string(),
            "XOR A,C"
        );
    }

    #[test]
    fn all_operations_are_sorted_and_unique() {
        let all = Operation::all();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all.len(), 7 * 4 + 9 * 16 + 25);
    }

    #[test]
    fn kinds_round_trip_through_names() {
        for k in OpKind::ALL {
            assert_eq!(OpKind::from_name(k.name()), Some(k));
            assert_eq!(OpKind::ALL[k.index()], k);
        }
        assert_eq!(OpSet::of(BASE_OPS).iter().count(), 9);
    }
}
