//! The one error type of the crate (MI-40).

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
        "bad board: {len} squares with {starts} Start squares (need 1..=255 squares, one Start)"
    )]
    BadBoard {
        /// Squares given.
        len: usize,
        /// Start squares among them.
        starts: usize,
    },
    /// D-2: a card whose effect does not belong to its pile.
    #[error("card {index} of the {pile} pile has an effect of another pile")]
    WrongCardForPile {
        /// The pile.
        pile: Pile,
        /// The card's index in the config's list.
        index: usize,
    },
    /// D-3: a card amount outside 1..=99.
    #[error("card {index} of the {pile} pile has amount {amount} (must be 1..=99)")]
    BadCardAmount {
        /// The pile.
        pile: Pile,
        /// The card's index in the config's list.
        index: usize,
        /// The amount given.
        amount: u32,
    },
    /// D-4: an income, expense or action pile of more than 255 cards.
    #[error("the {pile} pile holds {len} cards (at most 255)")]
    PileTooLarge {
        /// The pile.
        pile: Pile,
        /// Cards given.
        len: usize,
    },
    /// D-5: the mining deck holds a Joker.
    #[error("mining card {index} is a Joker")]
    JokerInMiningDeck {
        /// Its index in the config's list.
        index: usize,
    },
    /// D-5: a face occurs twice in the mining deck.
    #[error("mining face {face} occurs twice")]
    DuplicateMiningFace {
        /// The repeated face.
        face: Face,
    },
    /// D-5: fewer than `seats + 2` mining cards.
    #[error("the mining deck has {len} cards, fewer than the {min} this table needs")]
    MiningDeckTooSmall {
        /// Cards given.
        len: usize,
        /// `seats + 2`.
        min: usize,
    },
    /// MI-39: the action is not one of the legal decisions now.
    #[error("{action:?} is not a legal decision here")]
    IllegalAction {
        /// The action tried.
        action: Action,
    },
}

impl MarketError {
    /// A [`game_core::Error::BadState`] about `part`, wrapped.
    pub(crate) fn state(part: impl Into<String>, reason: impl Into<String>) -> MarketError {
        MarketError::Core(game_core::Error::state(part, reason))
    }
}
