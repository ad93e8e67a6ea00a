//! Every game behind one object-safe, JSON-facing interface.
//!
//! [`games`] lists the registered games; each is an [`AnyGame`] that opens
//! [`AnySession`]s from a JSON config and a seed, loads replays, and runs
//! arenas between named bots. Configs, actions, observations and replays
//! cross this boundary as JSON ([`serde_json::Value`]), in the wire format of
//! DESIGN.md (externally tagged enums, seeds as strings). The `serve`
//! example speaks [`protocol`] over stdin/stdout on top of it.
//!
//! Each game is registered in [`games`] with one line; its bots (the
//! shared `random`, `mcts`, `ismcts`, `pimc`, `exec`, and its own) are
//! listed in [`catalogue`], the one place bot names, parameters and
//! defaults live.
//!
//! Modules, each using only those above it: `limits` and `spec` (bot spec
//! text), `error`, `exec_bot`, `catalogue`, `matches`, `legal_page` and
//! `seen` (what a reply tells of moves), `any` (the type-erased traits),
//! `entry` (a typed game behind them), `protocol`.

mod any;
pub mod catalogue;
mod entry;
mod error;
mod exec_bot;
mod legal_page;
mod limits;
mod log_tail;
mod matches;
pub mod protocol;
mod seen;
mod spec;

use serde_json::Value;

pub use any::{AnyGame, AnySession};
pub use catalogue::{
    BotInfo, BotMaker, Catalogue, GameBot, HintBot, HintPolicy, MCTS_HINT, PlayoutMaker,
    SearchDefaults, Shared, SpecMaker,
};
pub use entry::Entry;
pub use error::{ErrorKind, RegistryError};
pub use exec_bot::{BOT_PROTOCOL_VERSION, DEFAULT_MOVE_MS, ExecBot};
pub use legal_page::{LegalPage, LegalQuery, LegalSort, filter_words, matches_words};
pub use limits::{MAX_MCTS_ITERATIONS, QUOTE_LIMIT, cap_quote};
pub use log_tail::LogTail;
pub use matches::{MatchRequest, Pairing};
pub use seen::{CheckedMove, SeenMove};
pub use spec::{BotSpec, SpecError, split_specs};

/// Every registered game: the four games, then the demo games of game-core.
#[must_use]
pub fn games() -> Vec<Box<dyn AnyGame>> {
    vec![
        Box::new(Entry::new(catalogue::moon())),
        Box::new(Entry::new(catalogue::binary_scrabble())),
        Box::new(Entry::new(catalogue::market_island())),
        Box::new(Entry::new(catalogue::moon_base())),
        Box::new(Entry::new(Catalogue::<game_core::demo::Pig>::new())),
        Box::new(Entry::new(Catalogue::<game_core::demo::HighCard>::new())),
    ]
}

/// The registered game called `name`.
///
/// # Errors
/// [`RegistryError::UnknownGame`] listing the known names.
pub fn find(name: &str) -> Result<Box<dyn AnyGame>, RegistryError> {
    let all = games();
    let known = all.iter().map(|g| g.name()).collect::<Vec<_>>().join(", ");
    all.into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| RegistryError::UnknownGame {
            name: cap_quote(name),
            known,
        })
}

/// The game named in a replay's JSON text (its `game` field).
///
/// # Errors
/// Text that is not a JSON object with a string `game`.
pub fn replay_game_name(replay: &str) -> Result<String, RegistryError> {
    let value: Value = serde_json::from_str(replay).map_err(|e| RegistryError::BadJson {
        what: "replay",
        message: cap_quote(&e.to_string()),
    })?;
    value
        .get("game")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or(RegistryError::BadJson {
            what: "replay",
            message: "no \"game\" field".into(),
        })
}
