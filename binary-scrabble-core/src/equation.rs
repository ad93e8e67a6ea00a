//! The equation engine: syntax (R-11), grouping (R-12, R-13), exact
//! evaluation (R-14 to R-19), identity bans (T-2 to T-4), the neutral-term
//! ban (T-18) and the text form.
//!
//! Usable on its own, for example by an app that checks a typed equation:
//!
//! ```
//! use binary_scrabble_core::{Checker, Equation, EquationError, EquationRules};
//!
//! let checker = Checker::new(EquationRules::default());
//! let eq: Equation = "100 OR 1=101".parse().unwrap();
//! assert_eq!(checker.check(eq.tokens()), Ok(5));
//! let bad: Equation = "01=1".parse().unwrap();
//! assert_eq!(checker.check(bad.tokens()), Err(EquationError::LeadingZero { at: 1 }));
//! assert_eq!(eq.to_string(), "100 OR 1=101");
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::eval::{BinOp, SideEval};
use crate::syntax::{Syn, SyntaxTable};
use crate::tile::Face;

/// How a side is grouped (T-1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Precedence {
    /// Ordinary precedence: `NOT`, then `x /`, then `+ -`, then the logic
    /// operators (R-12).
    #[default]
    Standard,
    /// Strictly left to right, the "dumb calculator" (R-13).
    LeftToRight,
}

/// Where the logic operators sit in standard mode (T-15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LogicPrecedence {
    /// Below `+ -`: `AND`, then `XOR`, then `OR`, as in C (R-12).
    #[default]
    CLike,
    /// Two levels: `x / AND` above `+ - OR XOR` (R-12, T-15).
    BooleanAlgebra,
}

/// The options that change whether a token string is a correct equation.
///
/// `Default` gives the spec's defaults. Built from a game
/// [`Config`](crate::Config) by [`Config::equation_rules`](crate::Config::equation_rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EquationRules {
    /// T-1: standard precedence or left to right.
    pub precedence: Precedence,
    /// T-15: where the logic operators bind in standard mode.
    pub logic_precedence: LogicPrecedence,
    /// T-2: ban `x` with a literal `1` and `/` by a literal `1`.
    pub ban_identity_mul1: bool,
    /// T-3: ban `+` with a literal `0` and `-` of a literal `0`.
    pub ban_identity_add0_sub0: bool,
    /// T-4: ban `AND` with a literal `1`, `OR`/`XOR` with a literal `0`.
    pub ban_identity_and1_or0: bool,
    /// T-5: negative intermediate values are allowed.
    pub negative_intermediates: bool,
    /// T-7: `XOR` is a token in play.
    pub xor: bool,
    /// T-16: `NOT` may follow a binary operator.
    pub not_after_binop: bool,
    /// T-18: no operand may have its operation's identity as its value.
    pub ban_neutral_terms: bool,
}

impl Default for EquationRules {
    fn default() -> Self {
        EquationRules {
            precedence: Precedence::Standard,
            logic_precedence: LogicPrecedence::CLike,
            ban_identity_mul1: false,
            ban_identity_add0_sub0: false,
            ban_identity_and1_or0: false,
            negative_intermediates: false,
            xor: false,
            not_after_binop: false,
            ban_neutral_terms: false,
        }
    }
}

/// Which identity ban a node broke (T-2, T-3, T-4 or T-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum IdentityRule {
    /// T-2: `x` with a literal `1`, or `/` by a literal `1`.
    MulOne,
    /// T-3: `+` with a literal `0`, or `-` of a literal `0`.
    AddZero,
    /// T-4: `AND` with a literal `1`, or `OR`/`XOR` with a literal `0`.
    AndOneOrZero,
    /// T-18: an operand whose value is the operation's identity (`+` with 0,
    /// `-` of 0, `x` with 1, `/` by 1, `OR`/`XOR` with 0).
    NeutralTerm,
}

impl fmt::Display for IdentityRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IdentityRule::MulOne => "T-2",
            IdentityRule::AddZero => "T-3",
            IdentityRule::AndOneOrZero => "T-4",
            IdentityRule::NeutralTerm => "T-18",
        })
    }
}

/// Why a token string is not a correct equation.
///
/// `at` is the 0-based index of the offending token (the operator of a
/// failing node, the first token of a numeral that is too large), or the
/// run's length when it ends too early (R-11, R-19).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum EquationError {
    /// There are no tokens at all.
    #[error("Empty: there are no tokens")]
    Empty,
    /// `XOR` without T-7.
    #[error("UnknownToken@{at}: XOR is not in play (T-7 is off)")]
    UnknownToken {
        /// Index of the token.
        at: usize,
    },
    /// A side with no token: `=` first, last or doubled (R-11 g).
    #[error("EmptySide@{at}: a side has no token")]
    EmptySide {
        /// Index of the token, or the length.
        at: usize,
    },
    /// A side starts with a binary operator (R-11 c).
    #[error("UnaryOperator@{at}: a side starts with an operator")]
    UnaryOperator {
        /// Index of the operator.
        at: usize,
    },
    /// An operator or `=` right after a binary operator (R-11 d).
    #[error("AdjacentOperators@{at}: two operators in a row")]
    AdjacentOperators {
        /// Index of the second operator.
        at: usize,
    },
    /// The run ends right after a binary operator.
    #[error("MissingOperand@{at}: an operator has no right operand")]
    MissingOperand {
        /// The run's length.
        at: usize,
    },
    /// A digit after a lone `0` (R-11 b).
    #[error("LeadingZero@{at}: a numeral starts with 0")]
    LeadingZero {
        /// Index of the digit after the 0.
        at: usize,
    },
    /// `NOT` right after an operand: nothing is implied (R-11 e, R-25).
    #[error("NotAfterOperand@{at}: NOT directly after an operand")]
    NotAfterOperand {
        /// Index of the NOT.
        at: usize,
    },
    /// `NOT` after a binary operator while T-16 is off (R-11 f).
    #[error("NotAfterOperator@{at}: NOT after an operator (T-16 is off)")]
    NotAfterOperator {
        /// Index of the NOT.
        at: usize,
    },
    /// `NOT` without a digit after it (R-11 e).
    #[error("NotWithoutDigits@{at}: NOT has no digits")]
    NotWithoutDigits {
        /// Index of the token after NOT, or the length.
        at: usize,
    },
    /// `NOT NOT` (R-11 e).
    #[error("DoubleNot@{at}: NOT after NOT")]
    DoubleNot {
        /// Index of the second NOT.
        at: usize,
    },
    /// The run has no `=` (R-11 g).
    #[error("NoEquals: there is no =")]
    NoEquals,
    /// A numeral or result does not fit the 64-bit arithmetic.
    #[error("TooLarge@{at}: a value does not fit 64 bits")]
    TooLarge {
        /// Index of the numeral's first token or of the operator.
        at: usize,
    },
    /// A node broke an identity ban (T-2 to T-4, T-18).
    #[error("IdentityOperation@{at}: {rule} bans this identity operation")]
    IdentityOperation {
        /// The ban.
        rule: IdentityRule,
        /// Index of the operator.
        at: usize,
    },
    /// A subtraction went below zero while T-5 is off (R-17).
    #[error("NegativeResult@{at}: a subtraction is negative")]
    NegativeResult {
        /// Index of the `-`.
        at: usize,
    },
    /// A logic operator met a negative operand (T-5, R-17).
    #[error("NegativeLogicOperand@{at}: a logic operand is negative")]
    NegativeLogicOperand {
        /// Index of the operator.
        at: usize,
    },
    /// A side's value is negative (T-5, R-17).
    #[error("NegativeSide{{side {side}}}: side {side} is negative")]
    NegativeSide {
        /// 0-based index of the side.
        side: usize,
    },
    /// Division by zero (R-18).
    #[error("DivisionByZero@{at}: division by zero")]
    DivisionByZero {
        /// Index of the `/`.
        at: usize,
    },
    /// A division with a remainder (R-18).
    #[error("InexactDivision@{at}: the division has a remainder")]
    InexactDivision {
        /// Index of the `/`.
        at: usize,
    },
    /// Every side evaluates but not to one value (R-19).
    #[error("SidesDiffer[{}]: the sides are not equal", join_values(.values))]
    SidesDiffer {
        /// Each side's value, in order.
        values: Vec<u64>,
    },
}

/// Values as `4,2`, the spec's notation inside `SidesDiffer[..]`.
fn join_values(values: &[u64]) -> String {
    let list: Vec<String> = values.iter().map(u64::to_string).collect();
    list.join(",")
}

impl EquationError {
    /// The variant without its data.
    #[must_use]
    pub fn kind(&self) -> ErrorKind {
        match self {
            EquationError::Empty => ErrorKind::Empty,
            EquationError::UnknownToken { .. } => ErrorKind::UnknownToken,
            EquationError::EmptySide { .. } => ErrorKind::EmptySide,
            EquationError::UnaryOperator { .. } => ErrorKind::UnaryOperator,
            EquationError::AdjacentOperators { .. } => ErrorKind::AdjacentOperators,
            EquationError::MissingOperand { .. } => ErrorKind::MissingOperand,
            EquationError::LeadingZero { .. } => ErrorKind::LeadingZero,
            EquationError::NotAfterOperand { .. } => ErrorKind::NotAfterOperand,
            EquationError::NotAfterOperator { .. } => ErrorKind::NotAfterOperator,
            EquationError::NotWithoutDigits { .. } => ErrorKind::NotWithoutDigits,
            EquationError::DoubleNot { .. } => ErrorKind::DoubleNot,
            EquationError::NoEquals => ErrorKind::NoEquals,
            EquationError::TooLarge { .. } => ErrorKind::TooLarge,
            EquationError::IdentityOperation { rule, .. } => match rule {
                IdentityRule::MulOne => ErrorKind::IdentityMulOne,
                IdentityRule::AddZero => ErrorKind::IdentityAddZero,
                IdentityRule::AndOneOrZero => ErrorKind::IdentityAndOneOrZero,
                IdentityRule::NeutralTerm => ErrorKind::IdentityNeutral,
            },
            EquationError::NegativeResult { .. } => ErrorKind::NegativeResult,
            EquationError::NegativeLogicOperand { .. } => ErrorKind::NegativeLogicOperand,
            EquationError::NegativeSide { .. } => ErrorKind::NegativeSide,
            EquationError::DivisionByZero { .. } => ErrorKind::DivisionByZero,
            EquationError::InexactDivision { .. } => ErrorKind::InexactDivision,
            EquationError::SidesDiffer { .. } => ErrorKind::SidesDiffer,
        }
    }

    /// The token index the error points at, if it has one.
    #[must_use]
    pub fn at(&self) -> Option<usize> {
        match self {
            EquationError::UnknownToken { at }
            | EquationError::EmptySide { at }
            | EquationError::UnaryOperator { at }
            | EquationError::AdjacentOperators { at }
            | EquationError::MissingOperand { at }
            | EquationError::LeadingZero { at }
            | EquationError::NotAfterOperand { at }
            | EquationError::NotAfterOperator { at }
            | EquationError::NotWithoutDigits { at }
            | EquationError::DoubleNot { at }
            | EquationError::TooLarge { at }
            | EquationError::IdentityOperation { at, .. }
            | EquationError::NegativeResult { at }
            | EquationError::NegativeLogicOperand { at }
            | EquationError::DivisionByZero { at }
            | EquationError::InexactDivision { at } => Some(*at),
            EquationError::Empty
            | EquationError::NoEquals
            | EquationError::NegativeSide { .. }
            | EquationError::SidesDiffer { .. } => None,
        }
    }

    /// The spec's short notation: `LeadingZero@1`, `SidesDiffer[0,5]`,
    /// `NegativeSide{side 0}`, `NoEquals`.
    #[must_use]
    pub fn code(&self) -> String {
        if let EquationError::SidesDiffer { values } = self {
            return format!("SidesDiffer[{}]", join_values(values));
        }
        if let EquationError::NegativeSide { side } = self {
            return format!("NegativeSide{{side {side}}}");
        }
        match self.at() {
            Some(at) => format!("{}@{at}", self.kind().name()),
            None => self.kind().name().to_owned(),
        }
    }
}

/// The variants of [`EquationError`] without data, for compact internal
/// results and for matching by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ErrorKind {
    /// See [`EquationError::Empty`].
    Empty,
    /// See [`EquationError::UnknownToken`].
    UnknownToken,
    /// See [`EquationError::EmptySide`].
    EmptySide,
    /// See [`EquationError::UnaryOperator`].
    UnaryOperator,
    /// See [`EquationError::AdjacentOperators`].
    AdjacentOperators,
    /// See [`EquationError::MissingOperand`].
    MissingOperand,
    /// See [`EquationError::LeadingZero`].
    LeadingZero,
    /// See [`EquationError::NotAfterOperand`].
    NotAfterOperand,
    /// See [`EquationError::NotAfterOperator`].
    NotAfterOperator,
    /// See [`EquationError::NotWithoutDigits`].
    NotWithoutDigits,
    /// See [`EquationError::DoubleNot`].
    DoubleNot,
    /// See [`EquationError::NoEquals`].
    NoEquals,
    /// See [`EquationError::TooLarge`].
    TooLarge,
    /// [`EquationError::IdentityOperation`] under T-2.
    IdentityMulOne,
    /// [`EquationError::IdentityOperation`] under T-3.
    IdentityAddZero,
    /// [`EquationError::IdentityOperation`] under T-4.
    IdentityAndOneOrZero,
    /// [`EquationError::IdentityOperation`] under T-18.
    IdentityNeutral,
    /// See [`EquationError::NegativeResult`].
    NegativeResult,
    /// See [`EquationError::NegativeLogicOperand`].
    NegativeLogicOperand,
    /// See [`EquationError::NegativeSide`].
    NegativeSide,
    /// See [`EquationError::DivisionByZero`].
    DivisionByZero,
    /// See [`EquationError::InexactDivision`].
    InexactDivision,
    /// See [`EquationError::SidesDiffer`].
    SidesDiffer,
}

impl ErrorKind {
    /// The spec's name of the error (`LeadingZero`, `IdentityOperation`, ...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::Empty => "Empty",
            ErrorKind::UnknownToken => "UnknownToken",
            ErrorKind::EmptySide => "EmptySide",
            ErrorKind::UnaryOperator => "UnaryOperator",
            ErrorKind::AdjacentOperators => "AdjacentOperators",
            ErrorKind::MissingOperand => "MissingOperand",
            ErrorKind::LeadingZero => "LeadingZero",
            ErrorKind::NotAfterOperand => "NotAfterOperand",
            ErrorKind::NotAfterOperator => "NotAfterOperator",
            ErrorKind::NotWithoutDigits => "NotWithoutDigits",
            ErrorKind::DoubleNot => "DoubleNot",
            ErrorKind::NoEquals => "NoEquals",
            ErrorKind::TooLarge => "TooLarge",
            ErrorKind::IdentityMulOne
            | ErrorKind::IdentityAddZero
            | ErrorKind::IdentityAndOneOrZero
            | ErrorKind::IdentityNeutral => "IdentityOperation",
            ErrorKind::NegativeResult => "NegativeResult",
            ErrorKind::NegativeLogicOperand => "NegativeLogicOperand",
            ErrorKind::NegativeSide => "NegativeSide",
            ErrorKind::DivisionByZero => "DivisionByZero",
            ErrorKind::InexactDivision => "InexactDivision",
            ErrorKind::SidesDiffer => "SidesDiffer",
        }
    }
}

/// A compact error: the kind and its token index (or side index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    pub(crate) kind: ErrorKind,
    pub(crate) at: usize,
}

impl Fault {
    pub(crate) const fn new(kind: ErrorKind, at: usize) -> Fault {
        Fault { kind, at }
    }

    /// The full error; `values` fills `SidesDiffer`.
    fn into_error(self, values: Vec<u64>) -> EquationError {
        let at = self.at;
        match self.kind {
            ErrorKind::Empty => EquationError::Empty,
            ErrorKind::UnknownToken => EquationError::UnknownToken { at },
            ErrorKind::EmptySide => EquationError::EmptySide { at },
            ErrorKind::UnaryOperator => EquationError::UnaryOperator { at },
            ErrorKind::AdjacentOperators => EquationError::AdjacentOperators { at },
            ErrorKind::MissingOperand => EquationError::MissingOperand { at },
            ErrorKind::LeadingZero => EquationError::LeadingZero { at },
            ErrorKind::NotAfterOperand => EquationError::NotAfterOperand { at },
            ErrorKind::NotAfterOperator => EquationError::NotAfterOperator { at },
            ErrorKind::NotWithoutDigits => EquationError::NotWithoutDigits { at },
            ErrorKind::DoubleNot => EquationError::DoubleNot { at },
            ErrorKind::NoEquals => EquationError::NoEquals,
            ErrorKind::TooLarge => EquationError::TooLarge { at },
            ErrorKind::IdentityMulOne => EquationError::IdentityOperation {
                rule: IdentityRule::MulOne,
                at,
            },
            ErrorKind::IdentityAddZero => EquationError::IdentityOperation {
                rule: IdentityRule::AddZero,
                at,
            },
            ErrorKind::IdentityAndOneOrZero => EquationError::IdentityOperation {
                rule: IdentityRule::AndOneOrZero,
                at,
            },
            ErrorKind::IdentityNeutral => EquationError::IdentityOperation {
                rule: IdentityRule::NeutralTerm,
                at,
            },
            ErrorKind::NegativeResult => EquationError::NegativeResult { at },
            ErrorKind::NegativeLogicOperand => EquationError::NegativeLogicOperand { at },
            ErrorKind::NegativeSide => EquationError::NegativeSide { side: at },
            ErrorKind::DivisionByZero => EquationError::DivisionByZero { at },
            ErrorKind::InexactDivision => EquationError::InexactDivision { at },
            ErrorKind::SidesDiffer => EquationError::SidesDiffer { values },
        }
    }
}

/// The checker: equation rules plus their precomputed syntax table.
///
/// Build it once and check many token strings; checking allocates nothing
/// unless the sides differ (the error lists their values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checker {
    rules: EquationRules,
    table: SyntaxTable,
    /// Binding level of each operator (index: `BinOp as usize`).
    levels: [u8; 7],
}

impl Checker {
    /// A checker for `rules`.
    #[must_use]
    pub fn new(rules: EquationRules) -> Checker {
        let levels = match (rules.precedence, rules.logic_precedence) {
            // R-13: one level, so every node reduces left to right.
            (Precedence::LeftToRight, LogicPrecedence::CLike | LogicPrecedence::BooleanAlgebra) => {
                [0; 7]
            }
            // R-12: x / > + - > AND > XOR > OR.
            (Precedence::Standard, LogicPrecedence::CLike) => [3, 3, 4, 4, 2, 0, 1],
            // R-12 with T-15: x / AND > + - OR XOR.
            (Precedence::Standard, LogicPrecedence::BooleanAlgebra) => [0, 0, 1, 1, 1, 0, 0],
        };
        Checker {
            table: SyntaxTable::new(rules.xor, rules.not_after_binop),
            rules,
            levels,
        }
    }

    /// The rules this checker applies.
    #[must_use]
    pub fn rules(&self) -> &EquationRules {
        &self.rules
    }

    pub(crate) fn table(&self) -> &SyntaxTable {
        &self.table
    }

    /// The value of a correct equation (R-20), or why it is not one.
    ///
    /// # Errors
    /// The first failing check in the order of R-11 and R-19.
    pub fn check(&self, tokens: &[Face]) -> Result<u64, EquationError> {
        self.value(tokens).map_err(|fault| {
            let values = if fault.kind == ErrorKind::SidesDiffer {
                self.side_values(tokens)
            } else {
                Vec::new()
            };
            fault.into_error(values)
        })
    }

    /// True when `tokens` form a correct equation.
    #[must_use]
    pub fn is_correct(&self, tokens: &[Face]) -> bool {
        self.value(tokens).is_ok()
    }

    /// Every side's value, for `SidesDiffer` (only called once all evaluate).
    fn side_values(&self, tokens: &[Face]) -> Vec<u64> {
        let mut values = Vec::new();
        let mut start = 0;
        for (i, t) in tokens.iter().enumerate() {
            if *t == Face::Equals {
                values.push(
                    self.eval_side(&tokens[start..i], start)
                        .map_or(0, |v| v as u64),
                );
                start = i + 1;
            }
        }
        values.push(
            self.eval_side(&tokens[start..], start)
                .map_or(0, |v| v as u64),
        );
        values
    }

    /// The compact check: syntax (R-11), then each side (R-19).
    pub(crate) fn value(&self, tokens: &[Face]) -> Result<u64, Fault> {
        if tokens.is_empty() {
            return Err(Fault::new(ErrorKind::Empty, 0));
        }
        let mut state = Syn::Side;
        let mut seen_eq = false;
        for (i, &t) in tokens.iter().enumerate() {
            state = self.table.step(state, t).map_err(|k| Fault::new(k, i))?;
            seen_eq |= t == Face::Equals;
        }
        state
            .end(seen_eq)
            .map_err(|k| Fault::new(k, tokens.len()))?;
        // R-19: sides in order; the first failing node stops everything.
        let mut first: Option<u64> = None;
        let mut differ = false;
        let mut start = 0;
        let mut side = 0;
        for i in 0..=tokens.len() {
            if i < tokens.len() && tokens[i] != Face::Equals {
                continue;
            }
            let v = self.side_value(&tokens[start..i], start, side)?;
            match first {
                None => first = Some(v),
                Some(f) => differ |= f != v,
            }
            start = i + 1;
            side += 1;
        }
        if differ {
            return Err(Fault::new(ErrorKind::SidesDiffer, 0));
        }
        Ok(first.unwrap_or(0))
    }

    /// One side's value as a non-negative number (R-17's `NegativeSide`).
    #[inline]
    pub(crate) fn side_value(
        &self,
        side: &[Face],
        base: usize,
        index: usize,
    ) -> Result<u64, Fault> {
        let v = self.eval_side(side, base)?;
        if v < 0 {
            return Err(Fault::new(ErrorKind::NegativeSide, index));
        }
        Ok(v as u64)
    }

    /// Evaluates one syntactically valid side, nodes in post-order (R-19).
    /// `base` is the index of the side's first token in the run.
    pub(crate) fn eval_side(&self, side: &[Face], base: usize) -> Result<i128, Fault> {
        let mut e = SideEval::<i128, usize>::new();
        for (i, &t) in side.iter().enumerate() {
            e.push(self, t, base + i)?;
        }
        e.finish(self, base + side.len())
    }

    /// The binding level of an operator in this mode (R-12, R-13).
    #[inline]
    pub(crate) fn level(&self, op: BinOp) -> u8 {
        self.levels[op as usize]
    }
}

/// A token string in the text form of the spec (`1+1=10`, `100 OR 1=101`).
///
/// `FromStr` ignores spaces and accepts `×`/`*` for `x` and `÷` for `/`;
/// words are upper case. `Display` writes the canonical text: no
/// separators, except one space between two tokens when either is a word
/// and neither is `=`. Parsing and displaying round-trips.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Equation(pub Vec<Face>);

impl Equation {
    /// The tokens.
    #[must_use]
    pub fn tokens(&self) -> &[Face] {
        &self.0
    }

    /// The value if the tokens form a correct equation under `rules`.
    ///
    /// # Errors
    /// Why they do not, as [`Checker::check`].
    pub fn check(&self, rules: &EquationRules) -> Result<u64, EquationError> {
        Checker::new(*rules).check(&self.0)
    }
}

/// Text that is not a token string: an unknown symbol at a character index.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("UnknownSymbol@{at}: {found:?} is not a token (expected 0 1 = + - x / AND OR XOR NOT)")]
pub struct ParseEquationError {
    /// 0-based index (in characters) of the first character not understood.
    pub at: usize,
    /// The text from there on, up to the next space.
    pub found: String,
}

impl FromStr for Equation {
    type Err = ParseEquationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let chars: Vec<char> = s.chars().collect();
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let single = match c {
                ' ' | '\t' => {
                    i += 1;
                    continue;
                }
                '0' => Some(Face::Zero),
                '1' => Some(Face::One),
                '=' => Some(Face::Equals),
                '+' => Some(Face::Plus),
                '-' => Some(Face::Minus),
                'x' | '×' | '*' => Some(Face::Times),
                '/' | '÷' => Some(Face::Divide),
                _ => None,
            };
            if let Some(face) = single {
                tokens.push(face);
                i += 1;
                continue;
            }
            let word = [Face::And, Face::Or, Face::Xor, Face::Not]
                .into_iter()
                .find(|w| {
                    let sym: Vec<char> = w.symbol().chars().collect();
                    chars[i..].starts_with(&sym)
                });
            match word {
                Some(w) => {
                    tokens.push(w);
                    i += w.symbol().len();
                }
                None => {
                    let found: String = chars[i..].iter().take_while(|c| **c != ' ').collect();
                    return Err(ParseEquationError { at: i, found });
                }
            }
        }
        Ok(Equation(tokens))
    }
}

impl fmt::Display for Equation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tokens(f, &self.0)
    }
}

/// Writes tokens in the canonical text form.
pub(crate) fn write_tokens(f: &mut impl fmt::Write, tokens: &[Face]) -> fmt::Result {
    let mut prev: Option<Face> = None;
    for &t in tokens {
        if let Some(p) = prev
            && (p.is_word() || t.is_word())
            && p != Face::Equals
            && t != Face::Equals
        {
            f.write_char(' ')?;
        }
        f.write_str(t.symbol())?;
        prev = Some(t);
    }
    Ok(())
}

/// The value bonus B(v) of R-26 under T-13.
#[must_use]
pub fn value_bonus(v: u64, bonus: crate::ValueBonus) -> u64 {
    if v == 0 {
        return 0;
    }
    let log = u64::from(63 - v.leading_zeros());
    match bonus {
        crate::ValueBonus::HighestBit => 1 << log,
        crate::ValueBonus::FloorLog2 => log,
        crate::ValueBonus::None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Result<u64, EquationError> {
        let eq: Equation = text.parse().unwrap();
        eq.check(&EquationRules::default())
    }

    #[test]
    fn text_form_round_trips() {
        for text in [
            "1+1=10",
            "100 OR 1=101",
            "110=NOT 001",
            "1 AND NOT 10=1",
            "1x NOT 0=1",
        ] {
            let eq: Equation = text.parse().unwrap();
            assert_eq!(eq.to_string(), text);
        }
        let eq: Equation = "1 0 × 1 0 = 1 0 0".parse().unwrap();
        assert_eq!(eq.to_string(), "10x10=100");
        assert_eq!(
            "1÷1*1=1".parse::<Equation>().unwrap().to_string(),
            "1/1x1=1"
        );
        assert_eq!("ANDNOT".parse::<Equation>().unwrap().to_string(), "AND NOT");
        let err = "1+and=1".parse::<Equation>().unwrap_err();
        assert_eq!(err.at, 2);
        assert!("1+2=3".parse::<Equation>().is_err());
    }

    #[test]
    fn huge_values_are_too_large_not_a_panic() {
        let big = format!("1{}=1", "0".repeat(64));
        assert_eq!(check(&big), Err(EquationError::TooLarge { at: 0 }));
        let max = format!("{}={}", "1".repeat(64), "1".repeat(64));
        assert_eq!(check(&max), Ok(u64::MAX));
        let sum = format!("{0}+{0}=1", "1".repeat(64));
        assert_eq!(check(&sum), Err(EquationError::TooLarge { at: 64 }));
        let not = format!("NOT {}=0", "1".repeat(64));
        assert_eq!(check(&not), Ok(0));
        let not = format!("NOT {}=0", "1".repeat(65));
        assert_eq!(check(&not), Err(EquationError::TooLarge { at: 0 }));
    }

    #[test]
    fn empty_text_is_empty() {
        assert_eq!(check(""), Err(EquationError::Empty));
        assert_eq!(EquationError::Empty.code(), "Empty");
    }

    #[test]
    fn bonus_modes() {
        use crate::ValueBonus;
        assert_eq!(value_bonus(9, ValueBonus::HighestBit), 8);
        assert_eq!(value_bonus(2, ValueBonus::HighestBit), 2);
        assert_eq!(value_bonus(0, ValueBonus::HighestBit), 0);
        assert_eq!(value_bonus(4, ValueBonus::FloorLog2), 2);
        assert_eq!(value_bonus(1, ValueBonus::FloorLog2), 0);
        assert_eq!(value_bonus(8, ValueBonus::None), 0);
    }
}
