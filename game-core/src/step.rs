//! One entry of a game's history, whole or as one viewer may see it.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// A step of play: a seat's action or a chance outcome.
///
/// In JSON: `{"Action": {"seat": 0, "action": ...}}` or `{"Chance": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step<A, C> {
    /// `seat` played `action`.
    Action {
        /// Who played.
        seat: Seat,
        /// What was played.
        action: A,
    },
    /// The pending chance event came out as this.
    Chance(C),
}

/// A step as one viewer may see it: hidden parts are `None`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LogEntry<A, C> {
    /// `seat` acted; the action is its public form for the viewer
    /// (`Game::public_action`): `None` when the viewer may not see it.
    Action {
        /// Who played.
        seat: Seat,
        /// What was played, as far as the viewer may know.
        action: Option<A>,
    },
    /// A chance event happened; the outcome is `None` when the viewer did not see it.
    Chance(Option<C>),
}
