//! A move as one viewer is told of it: a bot's move in its public form,
//! or a move a client checks before playing it.

use serde_json::Value;

/// A move as a viewer's log shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeenMove {
    /// The move as JSON, masked to what the viewer may know (an exchange
    /// of three tiles, not which three); `null` when the viewer sees only
    /// that a seat moved.
    pub action: Value,
    /// The move in the game's notation, as the viewer may read it;
    /// `None` when it is hidden.
    pub text: Option<String>,
}

/// A legal move looked at without playing it (the protocol's `check`).
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedMove {
    /// The move as JSON.
    pub action: Value,
    /// The move in the game's notation.
    pub text: String,
    /// What it would score and cost its mover ([`game_core::MovePreview`]
    /// as JSON: `score`, `costs`).
    pub preview: Value,
}
