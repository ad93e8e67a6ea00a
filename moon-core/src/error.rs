//! The one error type of the crate.

use game_core::RuleError;
use thiserror::Error;

use crate::action::ErrorTarget;
use crate::energy::Energy;
use crate::ops::OpKind;
use crate::register::Reg;
use game_core::Seat;

/// Why an action, a chance outcome, a config, a state or a solver query
/// was refused. The shared checks of `game_core` come first; the rule
/// checks follow in the order of M-12.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoonError {
    /// A rule every game shares (game over, not your turn, bad config...).
    #[error(transparent)]
    Core(#[from] game_core::Error),
    /// [`crate::Action::HiddenRamWrite`] only stands in logs for a MOV
    /// another viewer may not see; it cannot be played.
    #[error("a RAM write seen from another seat cannot be played")]
    LogOnly,
    /// M-12 rule 1 / M-28: an OK choice must be made before anything else.
    #[error("an OK choice is pending: only ChooseOk is legal (M-28)")]
    OkChoicePending,
    /// M-12 rule 2: the kind is not in this game's `operations`.
    #[error("{kind} is not one of this game's operations (M-12 rule 2)")]
    NotPermitted {
        /// The kind tried.
        kind: OpKind,
    },
    /// M-48: the holder has no token of that kind.
    #[error("no {kind} token to use (M-48)")]
    NoToken {
        /// The kind tried.
        kind: OpKind,
    },
    /// M-12 rule 3: an ERROR card disabled the kind.
    #[error("{kind} is disabled by an ERROR (M-12 rule 3)")]
    OperationDisabled {
        /// The disabled kind.
        kind: OpKind,
    },
    /// M-12 rule 4: an ERROR card disabled an operand register.
    #[error("register {reg} is disabled by an ERROR (M-12 rule 4)")]
    RegisterDisabled {
        /// The first disabled operand.
        reg: Reg,
    },
    /// M-12 rule 5: this seat owns no RAM.
    #[error("this seat owns no RAM (M-12 rule 5)")]
    NoRam,
    /// M-12 rule 5: MOV RAM,RAM is not an operation.
    #[error("MOV cannot copy RAM into RAM (M-12 rule 5)")]
    RamToRam,
    /// M-12 rule 6: XCHG is written with dst before src in register order.
    #[error("write XCHG {src},{dst} instead of XCHG {dst},{src} (M-12 rule 6)")]
    XchgOrder {
        /// The dst given.
        dst: Reg,
        /// The src given.
        src: Reg,
    },
    /// M-12 rule 7: `forbid_self_mov` refuses MOV r,r and XCHG r,r.
    #[error("MOV/XCHG of a register with itself is forbidden here (M-12 rule 7)")]
    SelfMove,
    /// M-12 rule 8: the effective cost is more than the energy left.
    #[error("costs {cost} but only {left} energy is left (M-12 rule 8)")]
    NotEnoughEnergy {
        /// The effective cost.
        cost: Energy,
        /// The energy left.
        left: Energy,
    },
    /// M-49: ChooseOk without a pending OK choice.
    #[error("no OK choice is pending (M-49)")]
    NoOkChoice,
    /// M-28: the target is not an active error.
    #[error("{target:?} is not an active error (M-28)")]
    NotAnError {
        /// The target given.
        target: ErrorTarget,
    },
    /// M-49: UseBug exists only in competitive play.
    #[error("BUG cards are used only in competitive play (M-49)")]
    NotCompetitive,
    /// M-42: the seat holds no BUG card.
    #[error("this seat holds no BUG card (M-42)")]
    NoBug,
    /// M-42: the target must be another seat that holds a goal.
    #[error("{target} is not another seat holding a goal (M-42)")]
    BadBugTarget {
        /// The target given.
        target: Seat,
    },
    /// M-53: a solver query value is above the mask of its width.
    #[error("{what} = {value} does not fit in {width} bits (M-53)")]
    ValueTooWide {
        /// Which value (`"A"`, `"goal"`, `"RAM"`...).
        what: &'static str,
        /// The value given.
        value: u8,
        /// The width of the query.
        width: u8,
    },
    /// M-11, M-53: every cost is at least one half-unit.
    #[error("{kind} costs nothing; every cost is at least 1 half-unit (M-11)")]
    ZeroCost {
        /// The kind with cost 0.
        kind: OpKind,
    },
    /// M-53: a solver query width outside 4..=8.
    #[error("width {width} is not in 4..=8 (M-7)")]
    BadWidth {
        /// The width given.
        width: u8,
    },
}

impl RuleError for MoonError {
    /// The rule the message cites: `M-12` for all of M-12's numbered
    /// checks (the message adds `rule N`), the shared errors none.
    fn rule(&self) -> Option<&'static str> {
        match self {
            MoonError::Core(e) => e.rule(),
            MoonError::LogOnly => None,
            MoonError::OkChoicePending | MoonError::NotAnError { .. } => Some("M-28"),
            MoonError::NotPermitted { .. }
            | MoonError::OperationDisabled { .. }
            | MoonError::RegisterDisabled { .. }
            | MoonError::NoRam
            | MoonError::RamToRam
            | MoonError::XchgOrder { .. }
            | MoonError::SelfMove
            | MoonError::NotEnoughEnergy { .. } => Some("M-12"),
            MoonError::NoToken { .. } => Some("M-48"),
            MoonError::NoOkChoice | MoonError::NotCompetitive => Some("M-49"),
            MoonError::NoBug | MoonError::BadBugTarget { .. } => Some("M-42"),
            MoonError::ValueTooWide { .. } => Some("M-53"),
            MoonError::ZeroCost { .. } => Some("M-11"),
            MoonError::BadWidth { .. } => Some("M-7"),
        }
    }

    fn core(&self) -> Option<&game_core::Error> {
        match self {
            MoonError::Core(e) => Some(e),
            MoonError::LogOnly
            | MoonError::OkChoicePending
            | MoonError::NotPermitted { .. }
            | MoonError::NoToken { .. }
            | MoonError::OperationDisabled { .. }
            | MoonError::RegisterDisabled { .. }
            | MoonError::NoRam
            | MoonError::RamToRam
            | MoonError::XchgOrder { .. }
            | MoonError::SelfMove
            | MoonError::NotEnoughEnergy { .. }
            | MoonError::NoOkChoice
            | MoonError::NotAnError { .. }
            | MoonError::NotCompetitive
            | MoonError::NoBug
            | MoonError::BadBugTarget { .. }
            | MoonError::ValueTooWide { .. }
            | MoonError::ZeroCost { .. }
            | MoonError::BadWidth { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use game_core::testkit::{check_rule_errors, every_core_error};

    use super::*;

    /// The variant's place in [`MoonError`]: no `_ =>`, so a new variant
    /// does not compile until it is numbered here and listed in `cases`.
    fn variant(e: &MoonError) -> usize {
        match e {
            MoonError::Core(_) => 0,
            MoonError::LogOnly => 1,
            MoonError::OkChoicePending => 2,
            MoonError::NotPermitted { .. } => 3,
            MoonError::NoToken { .. } => 4,
            MoonError::OperationDisabled { .. } => 5,
            MoonError::RegisterDisabled { .. } => 6,
            MoonError::NoRam => 7,
            MoonError::RamToRam => 8,
            MoonError::XchgOrder { .. } => 9,
            MoonError::SelfMove => 10,
            MoonError::NotEnoughEnergy { .. } => 11,
            MoonError::NoOkChoice => 12,
            MoonError::NotAnError { .. } => 13,
            MoonError::NotCompetitive => 14,
            MoonError::NoBug => 15,
            MoonError::BadBugTarget { .. } => 16,
            MoonError::ValueTooWide { .. } => 17,
            MoonError::ZeroCost { .. } => 18,
            MoonError::BadWidth { .. } => 19,
        }
    }

    /// One error of every variant with the rule id its message cites.
    fn cases() -> Vec<(MoonError, Option<&'static str>)> {
        let mut cases = vec![
            (MoonError::LogOnly, None),
            (MoonError::OkChoicePending, Some("M-28")),
            (MoonError::NotPermitted { kind: OpKind::Xor }, Some("M-12")),
            (MoonError::NoToken { kind: OpKind::Mov }, Some("M-48")),
            (
                MoonError::OperationDisabled { kind: OpKind::Rol },
                Some("M-12"),
            ),
            (MoonError::RegisterDisabled { reg: Reg::B }, Some("M-12")),
            (MoonError::NoRam, Some("M-12")),
            (MoonError::RamToRam, Some("M-12")),
            (
                MoonError::XchgOrder {
                    dst: Reg::C,
                    src: Reg::A,
                },
                Some("M-12"),
            ),
            (MoonError::SelfMove, Some("M-12")),
            (
                MoonError::NotEnoughEnergy {
                    cost: Energy::units(3),
                    left: Energy::units(1),
                },
                Some("M-12"),
            ),
            (MoonError::NoOkChoice, Some("M-49")),
            (
                MoonError::NotAnError {
                    target: ErrorTarget::Register(Reg::D),
                },
                Some("M-28"),
            ),
            (MoonError::NotCompetitive, Some("M-49")),
            (MoonError::NoBug, Some("M-42")),
            (MoonError::BadBugTarget { target: Seat(2) }, Some("M-42")),
            (
                MoonError::ValueTooWide {
                    what: "A",
                    value: 200,
                    width: 4,
                },
                Some("M-53"),
            ),
            (MoonError::ZeroCost { kind: OpKind::Inc }, Some("M-11")),
            (MoonError::BadWidth { width: 9 }, Some("M-7")),
        ];
        cases.extend(
            every_core_error()
                .into_iter()
                .map(|e| (MoonError::Core(e), None)),
        );
        cases
    }

    #[test]
    fn every_variant_names_the_rule_its_message_cites() {
        let cases = cases();
        let seen: BTreeSet<usize> = cases.iter().map(|(e, _)| variant(e)).collect();
        assert_eq!(seen, (0..20).collect(), "a variant has no case");
        check_rule_errors(&cases);
    }
}
