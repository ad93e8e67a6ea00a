//! The errors every game shares, checked before any game rule.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Seat;

/// Errors shared by all games.
///
/// Games check these first, in declaration order, and wrap them in their own
/// error enum (`MoonError::Core(..)`), so an app can match either level.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Error {
    /// No action or chance outcome is accepted once the game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event must be resolved before any seat acts.
    #[error("a chance event is pending")]
    ChancePending,
    /// A chance outcome was given while a seat is to act.
    #[error("no chance event is pending")]
    NotChance,
    /// The seat is not at this table.
    #[error("{seat} is not at this table of {seats} seats")]
    UnknownSeat {
        /// The seat given.
        seat: Seat,
        /// How many seats the table has.
        seats: usize,
    },
    /// Another seat is to act.
    #[error("it is not {seat}'s turn but {to_act}'s")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat whose turn it is.
        to_act: Seat,
    },
    /// The chance outcome is not one the pending event can produce.
    #[error("that chance outcome cannot happen here")]
    BadChance,
    /// The configuration breaks a rule; nothing was built.
    #[error("bad config: {0}")]
    Config(ConfigError),
    /// A state (usually read from a file) is impossible under the rules.
    #[error("bad state: {0}")]
    BadState(StateError),
}

/// What a game's error tells a program beyond its words: the id of the
/// rule it enforces and the shared [`enum@Error`] it is, if it is one.
///
/// Every [`crate::Game::Error`] implements it, so a front end (the
/// registry, `serve`, the Python package) can name the rule an action
/// broke, or tell "not your turn" from "illegal", without reading the
/// message. Implementations are an exhaustive `match` over the game's
/// variants (no `_ =>`), so a new variant cannot forget its rule.
///
/// The contract: when [`RuleError::rule`] is `Some(id)`, the error's
/// `Display` text cites `id` (each game crate tests it for every variant).
pub trait RuleError: std::error::Error {
    /// The id of the rule the error enforces, as the game's `RULES.md`
    /// spells it (`"M-12"`, `"R-22"`, `"MI-39"`, `"C1"`, `"S3b"`), or
    /// `None` when no rule id applies (the shared errors, log-only
    /// actions, shape checks the rules give no id).
    fn rule(&self) -> Option<&'static str>;

    /// The shared error this is (a game wraps it as `Core(..)`), or
    /// `None` for an error of the game's own rules.
    fn core(&self) -> Option<&Error>;
}

impl RuleError for Error {
    /// The shared errors cite no game's rule: `None`, whatever the variant.
    fn rule(&self) -> Option<&'static str> {
        match self {
            Error::GameOver
            | Error::ChancePending
            | Error::NotChance
            | Error::UnknownSeat { .. }
            | Error::NotYourTurn { .. }
            | Error::BadChance
            | Error::Config(_)
            | Error::BadState(_) => None,
        }
    }

    fn core(&self) -> Option<&Error> {
        Some(self)
    }
}

impl Error {
    /// A [`Error::Config`] for `field` whose `value` is not `expected`.
    pub fn config(
        field: impl Into<String>,
        value: impl fmt::Display,
        expected: impl Into<String>,
    ) -> Self {
        Error::Config(ConfigError::new(field, value, expected))
    }

    /// A [`Error::BadState`] about `part`.
    pub fn state(part: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::BadState(StateError::new(part, reason))
    }
}

/// Which config field is wrong, with the value given and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigError {
    /// The field's name as it is spelled in the config's JSON.
    pub field: String,
    /// The value given, as text.
    pub value: String,
    /// What the value must be instead.
    pub expected: String,
}

impl ConfigError {
    /// A config error for `field` whose `value` is not `expected`.
    pub fn new(
        field: impl Into<String>,
        value: impl fmt::Display,
        expected: impl Into<String>,
    ) -> Self {
        ConfigError {
            field: field.into(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} = {}: expected {}",
            self.field, self.value, self.expected
        )
    }
}

impl From<ConfigError> for Error {
    fn from(e: ConfigError) -> Self {
        Error::Config(e)
    }
}

/// What makes a state impossible: the part that is wrong and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateError {
    /// The part of the state that is wrong (a field path such as `players[2].energy`).
    pub part: String,
    /// Why it cannot be.
    pub reason: String,
}

impl StateError {
    /// A state error about `part`.
    pub fn new(part: impl Into<String>, reason: impl Into<String>) -> Self {
        StateError {
            part: part.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.part, self.reason)
    }
}

impl From<StateError> for Error {
    fn from(e: StateError) -> Self {
        Error::BadState(e)
    }
}
