//! A match's own settings, chosen when it is created and stored with it.

use serde::{Deserialize, Serialize};

/// What happens to a human seat whose player has been gone too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Absent {
    /// A bot plays the seat until its player comes back with the token.
    Bot,
    /// The seat forfeits: the match ends, the others win.
    Forfeit,
}

/// A match's settings (`settings` in `POST /api/matches`; every field
/// optional).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// What befalls a seat gone `absent_secs`.
    pub absent: Absent,
    /// Seconds a playing human seat may have no socket open.
    pub absent_secs: u64,
    /// The bot that takes an absent seat over (a bot spec of the game).
    pub absent_bot: String,
    /// Whether sockets without a token may watch.
    pub spectators: bool,
    /// Whether seats may ask the server for a hint (the game's best bot).
    pub hints: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            absent: Absent::Bot,
            absent_secs: 120,
            absent_bot: "random".into(),
            spectators: true,
            hints: true,
        }
    }
}
