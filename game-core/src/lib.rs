//! The shared base of the tabletop rules engines.
//!
//! Every game crate implements [`Game`]: an immutable rules object built from
//! a validated config, plain cloneable states, typed actions, and explicit
//! chance (a die, a draw, a shuffle is a [`ToAct::Chance`] node with weighted
//! outcomes). On top of that one trait this crate gives every game the same
//! tools:
//!
//! - [`Session`]: the deterministic, seeded state machine apps embed, with
//!   [`Replay`]s, undo and per-viewer logs;
//! - [`GameRng`]: the seeded ChaCha8 stream and our own samplers;
//! - [`Deck`]: unseen cards on top, known cards underneath;
//! - bots ([`Bot`], [`RandomBot`], [`MctsBot`], the information-set search
//!   [`IsMcts`] and the determinizing [`Pimc`]) and [`run_arena`];
//! - [`Notation`]: each game's short move text, written and read by the game;
//! - [`Preview`]: what a move would score or cost, told before it is played;
//! - [`Narrate`]: a sentence for every step as one viewer knows it;
//! - `testkit` (feature `testkit`): the conformance kit every game passes.
//!
//! ```
//! use game_core::demo::Pig;
//! use game_core::{Seat, Session, ToAct, Viewer};
//!
//! // A seeded game: chance (the die) is resolved from the seed.
//! let mut session = Session::<Pig>::new(Default::default(), 42).unwrap();
//! while let ToAct::Seat(seat) = session.to_act() {
//!     let legal = session.legal_actions();
//!     // Always take the first legal action: roll.
//!     session.act(seat, &legal[0]).unwrap();
//! }
//! let outcome = session.outcome().unwrap();
//! assert_eq!(outcome.places.len(), 2);
//! # let _ = session.observe(Viewer::Spectator);
//! ```
//!
//! # Rules documents
//!
//! Each game crate carries a `RULES.md` in its own words, with the rule ids
//! of the project's rules specification (`M-12`, `R-22`, ...), and includes
//! it in its docs with `#[doc = include_str!("../RULES.md")]` on a `rules`
//! module. Code cites the ids where it enforces a rule
//! (`// R-22: one new '=' per play`), so every citation resolves inside the
//! crate. Variants of the rules are fields of the game's `Config`, each
//! with the documented default.
//!
//! # Errors
//!
//! The errors every game shares are [`Error`]'s variants, checked in their
//! declaration order before any rule of the game (see [`ToAct::check_seat`]).
//! Each game's error enum wraps them, so `From<Error>` is part of the trait,
//! and implements [`RuleError`]: the id of the rule each variant enforces
//! (`"M-12"`, `"C1"`) and the shared error it wraps, so front ends need not
//! read either out of the message.
//!
//! # Determinism
//!
//! Chance step `i` of a session is drawn from stream `i` of the session
//! seed ([`GameRng::for_stream`]), with samplers written here on `next_u32`.
//! No rules code uses clocks, thread-local randomness or hash iteration
//! order, so a config, a seed and the actions fix the game, and its
//! serialized bytes, on every machine.

pub mod arena;
mod bot;
mod checkpoints;
mod deck;
pub mod demo;
mod enum_table;
mod error;
mod game;
mod inline;
mod ismcts;
pub mod learning;
mod mcts;
pub mod narrate;
pub mod notation;
mod outcome;
pub mod parallel;
mod pimc;
mod preview;
mod replay;
mod rng;
mod seat;
mod seat_set;
mod session;
mod step;
pub mod svg;
#[cfg(feature = "testkit")]
pub mod testkit;
mod to_act;

pub use arena::{ArenaConfig, ArenaReport, BotFactory, EntrantStats, GameRecord, run_arena};
pub use bot::{Bot, BotView, RandomBot, check_random_action, listed_random_action, random_playout};
pub use deck::{Deck, Draw, NotInDeck};
pub use error::{ConfigError, Error, RuleError, StateError};
pub use game::{Determinize, Game, Render};
pub use inline::InlineVec;
pub use ismcts::{IsMcts, IsMctsConfig, Playout, UniformPlayout};
pub use learning::Learning;
pub use mcts::{MctsBot, MctsConfig};
pub use narrate::{Narrate, Told, Who};
pub use notation::{Notation, NotationError, NotationReason};
pub use outcome::{Outcome, TeamResult, places_by_key};
pub use pimc::{Pimc, PimcConfig};
pub use preview::{Cost, MovePreview, Preview};
pub use replay::{REPLAY_FORMAT, Replay, ReplayError, seed_as_string};
pub use rng::{GameRng, mix_seed};
pub use seat::{BySeat, Seat, Viewer};
pub use seat_set::{SeatSet, seat_set_bits};
pub use session::Session;
pub use step::{LogEntry, Step};
pub use svg::Picture;
pub use to_act::ToAct;
