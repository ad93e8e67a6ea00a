//! Arenas: many seeded games between bots, with statistics.
//!
//! One runner plays every arena's games (threads, safety nets, games
//! merged in order). [`run_arena`] runs a series of seeds and reports win
//! rates, places and scores per entrant ([`ArenaReport`]).
//! [`run_match`] measures strength as chess testers do: paired,
//! seat-rotated deals ([`Schedule`]), safety nets ([`Safety`]: forfeits and
//! a move cap), games merged in order so any thread count gives the same
//! bytes, an SPRT stop rule ([`SprtConfig`]), and a [`MatchSummary`] with
//! pentanomial Elo, a joint Bradley-Terry / Plackett-Luce fit with
//! bootstrap bars, and a cross-table.

mod elo;
mod guarded;
mod pentanomial;
mod placement_fit;
mod report;
mod runner;
mod schedule;
mod sprt;
mod summary;

pub use elo::{EloEstimate, Z95, elo_from_score, normal_cdf, score_from_elo};
pub use guarded::{Ending, MatchGame, Safety, play_guarded};
pub use pentanomial::Pentanomial;
pub use placement_fit::{FitConfig, Placing, bootstrap_elo, fit_elo};
pub use report::{ArenaConfig, ArenaReport, EntrantStats, GameRecord, run_arena};
pub use runner::{GameSink, MatchConfig, run_match};
pub use schedule::{GameSlot, Schedule};
pub use sprt::{MIN_SPRT_PAIRS, SprtConfig, SprtReport, SprtVerdict};
pub use summary::{
    BOOTSTRAP_ROUNDS, BotColumns, CrossCell, HeadToHead, MatchSummary, head_to_head_pairs,
    summarize,
};

/// Builds a fresh bot for one game: given the seat it plays.
pub type BotFactory<'a, G> = dyn Fn(crate::Seat) -> Box<dyn crate::Bot<G>> + Sync + 'a;
