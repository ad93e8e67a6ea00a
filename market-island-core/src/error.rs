//! The one error type of the crate (MI-40).

use game_core::RuleError;

use crate::{Action, Face, Pile};

/// Why a config, an action or a chance outcome was refused.
///
/// The shared checks of every game come first and are wrapped in
/// [`MarketError::Core`]: the spec's `GameOver`, `ChanceExpected`
/// (`ChancePending`), `NotYourTurn`, `BadChanceOutcome` (`BadChance`),
/// `OutOfRange` for scalar config fields (D-6, `Config`) and `BadState`
/// (MI-43). The other variants name the rule of the spec they enforce.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarketError {
    /// A rule every game shares (see [`game_core::Error`]).
    #[error(transparent)]
    Core(#[from] game_core::Error),
    /// D-1: a board needs 1 to 255 squares and exactly one Start.
    #[error(
        "bad board: {len} squares with {starts} Start squares (need 1..=255 squares, one Start; D-1)"
    )]
    BadBoard {
        /// Squares given.
        len: usize,
        /// Start squares among them.
        starts: usize,
    },
    /// D-2: a card whose effect does not belong to its pile.
    #[error("card {index} of the {pile} pile has an effect of another pile (D-2)")]
    WrongCardForPile {
        /// The pile.
        pile: Pile,
        /// The card's index in the config's list.
        index: usize,
    },
    /// D-3: a card amount outside 1..=99.
    #[error("card {index} of the {pile} pile has amount {amount} (must be 1..=99; D-3)")]
    BadCardAmount {
        /// The pile.
        pile: Pile,
        /// The card's index in the config's list.
        index: usize,
        /// The amount given.
        amount: u32,
    },
    /// D-4: an income, expense or action pile of more than 255 cards.
    #[error("the {pile} pile holds {len} cards (at most 255; D-4)")]
    PileTooLarge {
        /// The pile.
        pile: Pile,
        /// Cards given.
        len: usize,
    },
    /// D-5: the mining deck holds a Joker.
    #[error("mining card {index} is a Joker (D-5)")]
    JokerInMiningDeck {
        /// Its index in the config's list.
        index: usize,
    },
    /// D-5: a face occurs twice in the mining deck.
    #[error("mining face {face} occurs twice (D-5)")]
    DuplicateMiningFace {
        /// The repeated face.
        face: Face,
    },
    /// D-5: fewer than `seats + 2` mining cards.
    #[error("the mining deck has {len} cards, fewer than the {min} this table needs (D-5)")]
    MiningDeckTooSmall {
        /// Cards given.
        len: usize,
        /// `seats + 2`.
        min: usize,
    },
    /// MI-39: the action is not one of the legal decisions now.
    #[error("{action:?} is not a legal decision here (MI-39)")]
    IllegalAction {
        /// The action tried.
        action: Action,
    },
}

impl RuleError for MarketError {
    /// The rule each message cites: the deck and board checks D-1 to D-5,
    /// a refused decision MI-39. The shared errors cite none (the spec
    /// calls a scalar field out of range D-6, but the shared message does
    /// not say so).
    fn rule(&self) -> Option<&'static str> {
        match self {
            MarketError::Core(e) => e.rule(),
            MarketError::BadBoard { .. } => Some("D-1"),
            MarketError::WrongCardForPile { .. } => Some("D-2"),
            MarketError::BadCardAmount { .. } => Some("D-3"),
            MarketError::PileTooLarge { .. } => Some("D-4"),
            MarketError::JokerInMiningDeck { .. }
            | MarketError::DuplicateMiningFace { .. }
            | MarketError::MiningDeckTooSmall { .. } => Some("D-5"),
            MarketError::IllegalAction { .. } => Some("MI-39"),
        }
    }

    fn core(&self) -> Option<&game_core::Error> {
        match self {
            MarketError::Core(e) => Some(e),
            MarketError::BadBoard { .. }
            | MarketError::WrongCardForPile { .. }
            | MarketError::BadCardAmount { .. }
            | MarketError::PileTooLarge { .. }
            | MarketError::JokerInMiningDeck { .. }
            | MarketError::DuplicateMiningFace { .. }
            | MarketError::MiningDeckTooSmall { .. }
            | MarketError::IllegalAction { .. } => None,
        }
    }
}

impl MarketError {
    /// A [`game_core::Error::BadState`] about `part`, wrapped.
    pub(crate) fn state(part: impl Into<String>, reason: impl Into<String>) -> MarketError {
        MarketError::Core(game_core::Error::state(part, reason))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use game_core::testkit::{check_rule_errors, every_core_error};

    use super::*;

    /// The variant's place in [`MarketError`]: no `_ =>`, so a new variant
    /// does not compile until it is numbered here and listed in `cases`.
    fn variant(e: &MarketError) -> usize {
        match e {
            MarketError::Core(_) => 0,
            MarketError::BadBoard { .. } => 1,
            MarketError::WrongCardForPile { .. } => 2,
            MarketError::BadCardAmount { .. } => 3,
            MarketError::PileTooLarge { .. } => 4,
            MarketError::JokerInMiningDeck { .. } => 5,
            MarketError::DuplicateMiningFace { .. } => 6,
            MarketError::MiningDeckTooSmall { .. } => 7,
            MarketError::IllegalAction { .. } => 8,
        }
    }

    /// One error of every variant with the rule id its message cites.
    fn cases() -> Vec<(MarketError, Option<&'static str>)> {
        let mut cases = vec![
            (MarketError::BadBoard { len: 0, starts: 0 }, Some("D-1")),
            (
                MarketError::WrongCardForPile {
                    pile: Pile::Income,
                    index: 3,
                },
                Some("D-2"),
            ),
            (
                MarketError::BadCardAmount {
                    pile: Pile::Expense,
                    index: 1,
                    amount: 100,
                },
                Some("D-3"),
            ),
            (
                MarketError::PileTooLarge {
                    pile: Pile::Action,
                    len: 300,
                },
                Some("D-4"),
            ),
            (MarketError::JokerInMiningDeck { index: 2 }, Some("D-5")),
            (
                MarketError::DuplicateMiningFace { face: Face::JOKER },
                Some("D-5"),
            ),
            (
                MarketError::MiningDeckTooSmall { len: 3, min: 6 },
                Some("D-5"),
            ),
            (
                MarketError::IllegalAction {
                    action: Action::Keep(1),
                },
                Some("MI-39"),
            ),
        ];
        cases.extend(
            every_core_error()
                .into_iter()
                .map(|e| (MarketError::Core(e), None)),
        );
        cases
    }

    #[test]
    fn every_variant_names_the_rule_its_message_cites() {
        let cases = cases();
        let seen: BTreeSet<usize> = cases.iter().map(|(e, _)| variant(e)).collect();
        assert_eq!(seen, (0..9).collect(), "a variant has no case");
        check_rule_errors(&cases);
    }
}
