//! Market Island: the blockchain island economy, as a rules engine.
//!
//! **Source.** This is an engine for *Market Island*, the blockchain
//! serious game of the TRUE project (<https://trueproject.eu/>), funded
//! with support from the European Commission, as described in its manual,
//! version 3 of 10 June 2023. The manual names its authors as Amaris France
//! SAS and, for version 3, ISMAI, UEF and Amaris France SAS, and is
//! licensed CC BY-NC 4.0
//! (<https://creativecommons.org/licenses/by-nc/4.0/>). This crate copies
//! none of its text: the rules and card texts here are in our own words.
//! The **default board**, the **income and expense card amounts and
//! directions**, the **red/black split** of faces between income and
//! expense cards and the **action mix** are this project's own invention,
//! not the official printables (which are not in the manual's text). They
//! are plain [`Config`] data (`board`, `decks`), to be replaced by the
//! official TRUE printables when those are available; [`rules`] lists
//! every invented item and maps each step of the manual to the blockchain
//! concept it teaches (MI-45, MI-46).
//!
//! Two to six seats move pawns round an island, take income, expense and
//! action cards into a block, and compete to mine it by matching a mining
//! card against the block's cards and the winning card of the previous
//! block. Every balance change is an entry of a hash-chained ledger that
//! anyone can verify and tamper with. The rules are in [`rules`] (our own
//! words, with the spec's ids `MI-n`, `B-n`, `D-n`, `EX-n`).
//!
//! ```
//! use game_core::{Game, Seat, Session, ToAct};
//! use market_island_core::{Action, Config, MarketIsland};
//!
//! // A seeded 3-seat game: dice and draws come from the seed.
//! let mut session = Session::<MarketIsland>::new(Config::with_seats(3), 7).unwrap();
//! let ToAct::Seat(seat) = session.to_act() else { unreachable!() };
//! // The first decision: decline or mine the drawn card (or keep one of two).
//! let legal = session.legal_actions();
//! assert_eq!(legal[0], Action::Decline);
//! session.act(seat, legal.last().unwrap()).unwrap();
//! // The chain always verifies, and replicas derive the same balances.
//! let state = session.state();
//! session.game().verify_ledger(state.ledger().blocks()).unwrap();
//! ```
//!
//! # Layout
//!
//! One concept per module: [`face`](Face) and cards, the [`Square`] board,
//! [`Decks`] and [`Config`] with their validation, the [`State`], the turn
//! procedure, [`Obs`]ervations, the [`Ledger`] with [`Block`]s, scoring,
//! [`Determinize`](game_core::Determinize) and
//! [`Render`](game_core::Render), and the [`ExpectedValueBot`]. The files
//! every game crate shares keep their names: `market_island.rs` is the rules
//! object ([`MarketIsland`], built by `Game::new`), `config.rs` validates
//! the config, `legality.rs` says why an action is refused, `turn.rs` is the
//! turn procedure (§5.3), `scoring.rs` scores a block and gives the final
//! places (MI-26), `validate.rs` checks a state (the structural part as it
//! is read) and `game.rs` is the thin `Game` impl.
//!
//! # The ledger
//!
//! Blocks are encoded canonically and digested with FNV-1a 64 (MI-30,
//! MI-31): a teaching digest, not a cryptographic one. The state keeps one
//! chain behind an `Arc`, so cloning a state (as search bots do thousands
//! of times) shares it; [`MarketIsland::verify_ledger`] reports the first
//! tampered block, [`derive_balances`] recomputes balances from the chain
//! and the pending entries, and [`first_divergence`] compares replicas.
//!
//! # Bots
//!
//! [`game_core::RandomBot`] and [`game_core::MctsBot`] play through the
//! shared traits; MCTS searches on states from
//! [`Determinize`](game_core::Determinize), which redraws every card the seat
//! has not seen (keeping an Axe that a double draw showed).
//! [`ExpectedValueBot`] mines when its expected gain beats the fee; its model
//! is documented on the type and computed by [`mining_gains`].
//! `examples/market-island-ledger.rs` (in the workspace) plays a seeded game
//! with it and prints and verifies the ledger.
//!
//! # Size and speed
//!
//! A [`State`] is 528 bytes inline (per-seat data in a `BySeat`, piles and
//! pending entries in vectors, the chain behind an `Arc`); an [`Action`] is
//! 2 bytes. With the default data a whole random 4-seat game takes about
//! 28 µs and a state clone about 0.36 µs on one core (criterion, `benches/market_island.rs`).
//! With the default decks most games end by `NoEligibleMiner` before the
//! turn limit: 13 Totems among 54 action cards possess seats quickly.
//!
//! # Coverage of the rules
//!
//! Every numbered rule (MI-1..MI-46, B-1..B-30, D-1..D-6) is implemented
//! and every worked example (EX-1..EX-14) is a test. Nothing is left out.
//! The 2026-11-25 revision keeps rules version 1: `unmined_block` now
//! defaults to `ExecuteAnyway`, and the new `elimination` option
//! ([`Elimination`]) adds `Immediate` elimination (MI-44) next to the
//! default `EndOfTurn`. A replay stores its config in full, so every
//! recorded game replays unchanged.
//!
//! # Choices where the spec is silent
//!
//! - **Error mapping.** The spec's `GameOver`, `ChanceExpected`,
//!   `NotYourTurn`, `BadChanceOutcome`, `OutOfRange` and `BadState` are the
//!   shared [`game_core::Error`] variants (`ChancePending`, `BadChance`,
//!   `Config`, `BadState`), wrapped in [`MarketError::Core`]; the data rules
//!   D-1..D-5 and `IllegalAction` are [`MarketError`] variants.
//! - **Config check order.** Scalar fields (D-6) are checked before D-1..D-5,
//!   because the mining deck's minimum (D-5) depends on `seats`.
//! - **Ledger before genesis.** During set-up (`StartSeat`, `FirstWc`) the
//!   chain is empty; MI-33's invariants hold from the genesis block on.
//! - **Genesis check.** V3 also requires the genesis `prev_wc` to be a face
//!   of the configured mining deck (the first WC is drawn from it).
//! - **V7** also refuses fee or reward entries in earlier turns of a block
//!   (unmined turns have no miners, so they never have such entries).
//! - **Axe shown by drawing.** Drawing two mining cards shows everyone that
//!   a seat holds an Axe, not which one. When the last seat of the turn is
//!   the only one eligible and the mining deck has no unseen card left, its
//!   mining draws follow its block draw with no stop in between; the other
//!   seats' and the spectator's logs then show that draw as
//!   [`Chance::AxeFaceDown`] (a log-only outcome), and the face only at the
//!   reveal (MI-15), as their observations do. The last block draw of a
//!   turn in which nobody may mine is revealed at once (MI-15) and is
//!   logged to everyone.
//! - **Which card was kept.** `Keep(i)` is logged to a viewer only when
//!   its observation tells `Keep(0)` from `Keep(1)` (it saw a drawn card, or
//!   the reveal follows at once); otherwise the log shows that the seat
//!   acted, not the index.
//! - **Seats out mid-turn** (`Immediate`). The state needs no new field:
//!   the turn's order O (MI-8) is the active seats plus those whose
//!   elimination turn is the current one, and the block seats (MI-12) are
//!   the active seats when mining ends (nobody goes out while mining). The
//!   state check (MI-43) therefore also refuses, under `EndOfTurn`, a seat
//!   eliminated in the current turn of an unfinished game, and any seat
//!   eliminated in a later turn.
//! - **Pawns of eliminated seats** keep their last square in the state (the
//!   pawn is off the board: renders skip it, nothing reads it).
//! - **Balances near the `i32` limits.** A state whose balances are within
//!   10⁸ of the `i32` limits is refused (`BadState`), so no turn can
//!   overflow; play never comes near (amounts are at most 99).
//! - **Board and decks in JSON.** The board is a letter string (`"SJAA"`),
//!   also read as a list of square names; faces are text (`"9C"`, `"JK"`);
//!   digests are 16 hex digits. Default boards and decks are left out of
//!   serialized configs, so replays stay short.

mod action;
mod board;
mod bots;
mod card;
mod config;
mod decks;
mod determinize;
mod face;
mod game;
mod knowledge;
mod learning;
mod ledger;
mod legality;
mod market_island;
mod movegen;
mod narration;
mod notation;
mod observe;
mod preview;
mod render;
mod scoring;
mod state;
mod svg;
mod turn;
mod validate;

pub use action::{Action, Chance};
pub use board::{DEFAULT_BOARD, Square, board_string, parse_board};
pub use bots::{ExpectedValueBot, mining_gains};
pub use card::{Card, Effect, Pile, Side};
pub use config::{Config, Elimination, MAX_SEATS, UnminedBlock};
pub use decks::{Decks, amount_by_rank};
pub use error::MarketError;
pub use face::{Face, ParseFaceError, Rank, Suit, points};
pub use knowledge::Knowledge;
pub use ledger::{
    Block, Entry, EntryKind, FaultKind, Ledger, LedgerFault, Party, derive_balances,
    first_divergence, fnv1a64, hash_hex,
};
pub use market_island::MarketIsland;
pub use observe::{Obs, PileView, SeatView, Seen, Slot};
pub use scoring::{Winner, miner_key, score, winner};
pub use state::{EndReason, Held, Known, Phase, Piles, SeatState, State, TurnOrder};

mod error;

#[doc = include_str!("../RULES.md")]
pub mod rules {}
