//! Replays: the omniscient record of a game that plays back anywhere.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Game, Step};

/// The replay file format this crate writes and reads.
pub const REPLAY_FORMAT: u32 = 1;

/// A whole game: config, seed and every step, chance outcomes included.
///
/// A replay is for tests, bug reports and analysis; it shows everything.
/// What a seat may be shown is its log ([`crate::Session::log_for`]). The
/// seed is a string in JSON, because JavaScript loses `u64` precision.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub struct Replay<G: Game> {
    /// `Game::NAME` of the game played.
    pub game: String,
    /// The file format, [`REPLAY_FORMAT`].
    pub format: u32,
    /// The rules version that produced it (`Game::rules_version`).
    pub rules_version: u32,
    /// The session seed (chance steps are drawn from it).
    #[serde(with = "seed_as_string")]
    pub seed: u64,
    /// The game's config.
    pub config: G::Config,
    /// Every step, in order.
    pub steps: Vec<Step<G::Action, G::Chance>>,
}

impl<G: Game> PartialEq for Replay<G> {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game
            && self.format == other.format
            && self.rules_version == other.rules_version
            && self.seed == other.seed
            && self.config == other.config
            && self.steps == other.steps
    }
}

/// Why a replay could not be loaded.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The replay is of another game.
    #[error("replay of game {found:?}, expected {expected:?}")]
    WrongGame {
        /// This game's name.
        expected: &'static str,
        /// The name in the replay.
        found: String,
    },
    /// The replay file format is not one this version reads.
    #[error("replay format {found}, expected {expected}")]
    WrongFormat {
        /// The format this crate reads.
        expected: u32,
        /// The format in the replay.
        found: u32,
    },
    /// The replay was made under rules this engine no longer (or not yet)
    /// plays, so it could play differently.
    #[error("replay of rules version {found}; this engine plays versions {oldest} to {newest}")]
    WrongRulesVersion {
        /// `Game::OLDEST_RULES_VERSION`.
        oldest: u32,
        /// `Game::RULES_VERSION`.
        newest: u32,
        /// The version in the replay.
        found: u32,
    },
    /// The replay's config is invalid.
    #[error("replay config: {0}")]
    Config(E),
    /// Step `step` (0-based) could not be played.
    #[error("replay step {step}: {error}")]
    IllegalStep {
        /// Index of the first bad step.
        step: usize,
        /// Why the game refused it.
        error: E,
    },
}

/// Serde adapter writing a `u64` as a decimal string (and reading either).
pub mod seed_as_string {
    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};
    use std::fmt;

    /// Writes the seed as a decimal string.
    ///
    /// # Errors
    /// Whatever the serializer reports.
    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(seed)
    }

    /// Reads a seed from a decimal string (or, leniently, a JSON integer).
    ///
    /// # Errors
    /// Text that is not a `u64`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        struct SeedVisitor;
        impl Visitor<'_> for SeedVisitor {
            type Value = u64;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a u64 seed as a decimal string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
                v.parse()
                    .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
                Ok(v)
            }
        }
        d.deserialize_any(SeedVisitor)
    }
}
