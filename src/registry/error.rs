//! The registry's one error type: a [`RegistryError`] names what went
//! wrong as an [`ErrorKind`] (the `kind` of a protocol error reply, the
//! class of a Python exception), the rule a game's refusal cites, and the
//! message in words. Nothing is read back out of the words.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use serde_json::Value;
use thiserror::Error;

use game_core::{ReplayError, RuleError, Seat, ToAct};

use super::limits::cap_quote;
use super::spec::SpecError;

/// What went wrong, in one word a program can switch on.
///
/// Its wire name ([`ErrorKind::name`], also its serde form) is the `kind`
/// of a protocol error reply and picks the Python exception class; the
/// names are stable. docs/protocol.md lists when each happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum ErrorKind {
    /// No game of that name is registered.
    UnknownGame,
    /// No bot of that name for this game.
    UnknownBot,
    /// A bot asked for more search than a registry bot may spend.
    BotBudget,
    /// A bot spec that cannot be read or used.
    BotSpec,
    /// JSON that does not describe what was expected.
    BadJson,
    /// The game refused the config.
    Config,
    /// A rule of the game refused the action, chance outcome or step; the
    /// error's rule id names it when the rules give it one.
    Refused,
    /// A replay that does not load (another game, format or rules
    /// version, a bad config, an illegal step).
    Replay,
    /// No legal action has that index in the learning view.
    NoActionAtIndex,
    /// A move of the seat to act was asked for while no seat is to act
    /// (chance pending or game over).
    NoSeatToAct,
    /// A bot move was asked for at a seat where no bot sits.
    NoBot,
    /// The seat is not at this table (out of range).
    UnknownSeat,
    /// Another seat is to act.
    NotYourTurn,
    /// The game is over: no action is accepted.
    GameOver,
    /// A chance event must be resolved before any seat acts.
    ChancePending,
    /// A chance outcome was given while no chance event is pending.
    NotChance,
    /// An undo to a step beyond the log.
    NoSuchStep,
    /// Text that is not a move in the game's notation (the message says
    /// at which character and why).
    BadNotation,
    /// Protocol only: a line that is not a well-formed request.
    BadRequest,
    /// Protocol only: no such session, or none open.
    NoSession,
    /// Protocol only: what a viewer asked would tell it more than it may
    /// know (the replay of a running game, whose seed fixes every draw).
    Hidden,
    /// Protocol only: a scoped connection asked for another session,
    /// viewer or seat, or for a command only the host may send.
    Scoped,
    /// Protocol only: the reply would pass the server's reply size limit.
    TooLarge,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 23] = [
        ErrorKind::UnknownGame,
        ErrorKind::UnknownBot,
        ErrorKind::BotBudget,
        ErrorKind::BotSpec,
        ErrorKind::BadJson,
        ErrorKind::Config,
        ErrorKind::Refused,
        ErrorKind::Replay,
        ErrorKind::NoActionAtIndex,
        ErrorKind::NoSeatToAct,
        ErrorKind::NoBot,
        ErrorKind::UnknownSeat,
        ErrorKind::NotYourTurn,
        ErrorKind::GameOver,
        ErrorKind::ChancePending,
        ErrorKind::NotChance,
        ErrorKind::NoSuchStep,
        ErrorKind::BadNotation,
        ErrorKind::BadRequest,
        ErrorKind::NoSession,
        ErrorKind::Hidden,
        ErrorKind::Scoped,
        ErrorKind::TooLarge,
    ];

    /// The wire name: the variant's name (`"Refused"`, `"NoBot"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::UnknownGame => "UnknownGame",
            ErrorKind::UnknownBot => "UnknownBot",
            ErrorKind::BotBudget => "BotBudget",
            ErrorKind::BotSpec => "BotSpec",
            ErrorKind::BadJson => "BadJson",
            ErrorKind::Config => "Config",
            ErrorKind::Refused => "Refused",
            ErrorKind::Replay => "Replay",
            ErrorKind::NoActionAtIndex => "NoActionAtIndex",
            ErrorKind::NoSeatToAct => "NoSeatToAct",
            ErrorKind::NoBot => "NoBot",
            ErrorKind::UnknownSeat => "UnknownSeat",
            ErrorKind::NotYourTurn => "NotYourTurn",
            ErrorKind::GameOver => "GameOver",
            ErrorKind::ChancePending => "ChancePending",
            ErrorKind::NotChance => "NotChance",
            ErrorKind::NoSuchStep => "NoSuchStep",
            ErrorKind::BadNotation => "BadNotation",
            ErrorKind::BadRequest => "BadRequest",
            ErrorKind::NoSession => "NoSession",
            ErrorKind::Hidden => "Hidden",
            ErrorKind::Scoped => "Scoped",
            ErrorKind::TooLarge => "TooLarge",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a registry call failed. Nothing changed when it did.
///
/// [`RegistryError::kind`] says what went wrong, [`RegistryError::rule`]
/// which rule of the game refused (when one did and has an id), and the
/// `Display` text says it in words. It serializes as the protocol's error
/// object, `{"kind": .., "rule": .. or null, "message": ..}`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    /// No game of that name is registered.
    #[error("unknown game {name:?}; known: {known}")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma separated.
        known: String,
    },
    /// No bot of that name for this game.
    #[error("unknown bot {name:?}; known: {known}")]
    UnknownBot {
        /// The name asked for.
        name: String,
        /// The bots of this game, comma separated.
        known: String,
    },
    /// A bot asked for more search than a registry bot may spend on a move.
    #[error("bot {name:?} asks for {asked} iterations a move; at most {max} are allowed")]
    BotBudget {
        /// The name asked for.
        name: String,
        /// The iterations it asked for.
        asked: u64,
        /// The ceiling, [`super::limits::MAX_MCTS_ITERATIONS`].
        max: u32,
    },
    /// A bot spec that cannot be read or used.
    #[error("{0}")]
    BotSpec(#[from] SpecError),
    /// JSON that does not describe what was expected.
    #[error("bad {what}: {message}")]
    BadJson {
        /// What was being read (`config`, `action`, `replay`...).
        what: &'static str,
        /// The parser's words.
        message: String,
    },
    /// The game refused the config.
    #[error("config refused: {message}")]
    Config {
        /// The id of the rule the config breaks, if the rules give one.
        rule: Option<&'static str>,
        /// The game's words.
        message: String,
    },
    /// A rule of the game refused the action, chance outcome or step.
    #[error("refused: {message}")]
    Refused {
        /// The id of the rule broken (`"M-12"`, `"C1"`), if it has one.
        rule: Option<&'static str>,
        /// The game's words.
        message: String,
    },
    /// The replay could not be loaded.
    #[error("replay refused: {message}")]
    Replay {
        /// The id of the rule its config or first illegal step breaks.
        rule: Option<&'static str>,
        /// Why, in words.
        message: String,
    },
    /// No legal action has this index in the learning view.
    #[error("no legal action has index {index} (the action space has {space})")]
    NoActionAtIndex {
        /// The index asked for.
        index: u64,
        /// The size of the space, `Learning::num_distinct_actions`.
        space: u64,
    },
    /// No seat is to act (chance pending or game over).
    #[error("no seat is to act ({0:?})")]
    NoSeatToAct(ToAct),
    /// No bot sits at the seat to act.
    #[error("no bot sits at {seat}")]
    NoBot {
        /// The seat to act.
        seat: Seat,
    },
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
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A chance event must be resolved before any seat acts.
    #[error("a chance event is pending")]
    ChancePending,
    /// A chance outcome was given while no chance event is pending.
    #[error("no chance event is pending")]
    NotChance,
    /// An undo to a step the log does not have.
    #[error("step {step} is beyond the log of {steps} steps")]
    NoSuchStep {
        /// The step asked for.
        step: usize,
        /// Steps played so far.
        steps: usize,
    },
    /// Text that is not a move in the game's notation.
    #[error("{text:?} is not a move: {message}")]
    BadNotation {
        /// The text given (its quote capped).
        text: String,
        /// Where reading stopped and why.
        message: String,
    },
}

impl RegistryError {
    /// What went wrong, as a kind a program can switch on.
    #[must_use]
    pub const fn kind(&self) -> ErrorKind {
        match self {
            RegistryError::UnknownGame { .. } => ErrorKind::UnknownGame,
            RegistryError::UnknownBot { .. } => ErrorKind::UnknownBot,
            RegistryError::BotBudget { .. } => ErrorKind::BotBudget,
            RegistryError::BotSpec(_) => ErrorKind::BotSpec,
            RegistryError::BadJson { .. } => ErrorKind::BadJson,
            RegistryError::Config { .. } => ErrorKind::Config,
            RegistryError::Refused { .. } => ErrorKind::Refused,
            RegistryError::Replay { .. } => ErrorKind::Replay,
            RegistryError::NoActionAtIndex { .. } => ErrorKind::NoActionAtIndex,
            RegistryError::NoSeatToAct(_) => ErrorKind::NoSeatToAct,
            RegistryError::NoBot { .. } => ErrorKind::NoBot,
            RegistryError::UnknownSeat { .. } => ErrorKind::UnknownSeat,
            RegistryError::NotYourTurn { .. } => ErrorKind::NotYourTurn,
            RegistryError::GameOver => ErrorKind::GameOver,
            RegistryError::ChancePending => ErrorKind::ChancePending,
            RegistryError::NotChance => ErrorKind::NotChance,
            RegistryError::NoSuchStep { .. } => ErrorKind::NoSuchStep,
            RegistryError::BadNotation { .. } => ErrorKind::BadNotation,
        }
    }

    /// The id of the game rule that refused (`"M-12"`, `"R-22"`, `"C1"`),
    /// as the game's error names it ([`RuleError::rule`]); `None` when no
    /// rule refused or the rule has no id.
    #[must_use]
    pub const fn rule(&self) -> Option<&'static str> {
        match self {
            RegistryError::Config { rule, .. }
            | RegistryError::Refused { rule, .. }
            | RegistryError::Replay { rule, .. } => *rule,
            RegistryError::UnknownGame { .. }
            | RegistryError::UnknownBot { .. }
            | RegistryError::BotBudget { .. }
            | RegistryError::BotSpec(_)
            | RegistryError::BadJson { .. }
            | RegistryError::NoActionAtIndex { .. }
            | RegistryError::NoSeatToAct(_)
            | RegistryError::NoBot { .. }
            | RegistryError::UnknownSeat { .. }
            | RegistryError::NotYourTurn { .. }
            | RegistryError::GameOver
            | RegistryError::ChancePending
            | RegistryError::NotChance
            | RegistryError::NoSuchStep { .. }
            | RegistryError::BadNotation { .. } => None,
        }
    }

    /// The message in words, its quotes of the input capped (as the wire
    /// carries it).
    #[must_use]
    pub fn message(&self) -> String {
        cap_quote(&self.to_string())
    }

    /// The error object of a protocol reply:
    /// `{"kind": .., "rule": .. or null, "message": ..}`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        wire_json(self.kind(), self.rule(), &self.message())
    }

    /// A game's refusal of an action, chance outcome or undo: a shared
    /// error becomes its own kind ([`RegistryError::from_core`]), a rule
    /// of the game [`RegistryError::Refused`] with the rule's id.
    pub(crate) fn refused<E: RuleError>(e: &E) -> Self {
        match e.core() {
            Some(core) => Self::from_core(core),
            None => RegistryError::Refused {
                rule: e.rule(),
                message: cap_quote(&e.to_string()),
            },
        }
    }

    /// A game's refusal of a config.
    pub(crate) fn config<E: RuleError>(e: &E) -> Self {
        RegistryError::Config {
            rule: e.rule(),
            message: cap_quote(&e.to_string()),
        }
    }

    /// A replay that did not load, with the rule its config or first
    /// illegal step breaks.
    pub(crate) fn replay<E: RuleError>(e: &ReplayError<E>) -> Self {
        let rule = match e {
            ReplayError::Config(e) | ReplayError::IllegalStep { error: e, .. } => e.rule(),
            ReplayError::WrongGame { .. }
            | ReplayError::WrongFormat { .. }
            | ReplayError::WrongRulesVersion { .. } => None,
        };
        RegistryError::Replay {
            rule,
            message: cap_quote(&e.to_string()),
        }
    }

    /// A shared error of every game as its own kind: the turn and seat
    /// checks, game over, chance; a bad chance outcome or state is
    /// [`RegistryError::Refused`] (with no rule id), a config
    /// [`RegistryError::Config`].
    #[must_use]
    pub fn from_core(e: &game_core::Error) -> Self {
        match e {
            game_core::Error::GameOver => RegistryError::GameOver,
            game_core::Error::ChancePending => RegistryError::ChancePending,
            game_core::Error::NotChance => RegistryError::NotChance,
            game_core::Error::UnknownSeat { seat, seats } => RegistryError::UnknownSeat {
                seat: *seat,
                seats: *seats,
            },
            game_core::Error::NotYourTurn { seat, to_act } => RegistryError::NotYourTurn {
                seat: *seat,
                to_act: *to_act,
            },
            game_core::Error::BadChance | game_core::Error::BadState(_) => RegistryError::Refused {
                rule: None,
                message: cap_quote(&e.to_string()),
            },
            game_core::Error::Config(_) => RegistryError::Config {
                rule: None,
                message: cap_quote(&e.to_string()),
            },
        }
    }
}

/// The protocol's error object from its three parts.
pub(crate) fn wire_json(kind: ErrorKind, rule: Option<&str>, message: &str) -> Value {
    serde_json::json!({ "kind": kind, "rule": rule, "message": message })
}

impl Serialize for RegistryError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("RegistryError", 3)?;
        out.serialize_field("kind", &self.kind())?;
        out.serialize_field("rule", &self.rule())?;
        out.serialize_field("message", &self.message())?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_listed_once_and_serialize_as_their_names() {
        for (i, kind) in ErrorKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i, "ALL is in declaration order");
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
            assert_eq!(kind.to_string(), kind.name());
        }
    }

    #[test]
    fn the_shared_errors_become_kinds_of_their_own() {
        let cases = [
            (game_core::Error::GameOver, ErrorKind::GameOver),
            (game_core::Error::ChancePending, ErrorKind::ChancePending),
            (game_core::Error::NotChance, ErrorKind::NotChance),
            (
                game_core::Error::UnknownSeat {
                    seat: Seat(4),
                    seats: 2,
                },
                ErrorKind::UnknownSeat,
            ),
            (
                game_core::Error::NotYourTurn {
                    seat: Seat(1),
                    to_act: Seat(0),
                },
                ErrorKind::NotYourTurn,
            ),
            (game_core::Error::BadChance, ErrorKind::Refused),
            (
                game_core::Error::config("seats", 9, "2 to 4"),
                ErrorKind::Config,
            ),
            (
                game_core::Error::state("scores", "too many"),
                ErrorKind::Refused,
            ),
        ];
        for (core, kind) in cases {
            let e = RegistryError::from_core(&core);
            assert_eq!(e.kind(), kind, "{core:?}");
            assert_eq!(e.rule(), None);
            assert!(e.to_string().contains(&core.to_string()), "{e}");
        }
    }

    #[test]
    fn a_refusal_carries_the_rule_its_game_names() {
        let e = RegistryError::refused(&moon_core::MoonError::NoRam);
        assert_eq!(e.kind(), ErrorKind::Refused);
        assert_eq!(e.rule(), Some("M-12"));
        assert_eq!(
            e.to_json(),
            serde_json::json!({
                "kind": "Refused",
                "rule": "M-12",
                "message": "refused: this seat owns no RAM (M-12 rule 5)",
            })
        );
        assert_eq!(serde_json::to_value(&e).unwrap(), e.to_json());
        let wrapped = moon_core::MoonError::Core(game_core::Error::GameOver);
        assert_eq!(RegistryError::refused(&wrapped), RegistryError::GameOver);
    }
}
