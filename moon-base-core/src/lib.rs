//! Moon Base (itten, 2019) for two seats, on an exact, data-driven board.
//!
//! Rings are stacked on craters and on pairs of rings; every placement rule
//! is an integer test on squared distances (no floats), the board is data
//! (craters with sizes and millimetre centres, loaded from JSON and
//! validated), and all legal placements are generated in canonical order.
//!
//! ```
//! use game_core::{Game, Seat, Session, ToAct};
//! use moon_base_core::{Action, MoonBase};
//!
//! // A seeded game: the pile draws are chance, resolved from the seed.
//! let mut session = Session::<MoonBase>::new(Default::default(), 7).unwrap();
//! // The second player (seat 1) picks a colour first.
//! assert_eq!(session.to_act(), ToAct::Seat(Seat(1)));
//! let legal = session.legal_actions();
//! assert_eq!(legal.len(), 2);
//! session.act(Seat(1), &legal[0]).unwrap();
//! // ... then stands the tower on one of the 20 large craters.
//! assert_eq!(session.legal_actions().len(), 20);
//! assert!(matches!(session.legal_actions()[0], Action::PlaceTower(_)));
//! ```
//!
//! # Layout
//!
//! One concept per file: [`piece`](Piece) kinds, the [`Board`] and its
//! [`BoardSpec`] file format, the [`Config`], the [`State`], [`Action`]s,
//! the placement predicates (C1–C5, S1–S9 with S3b), move generation
//! ([`MoonBase::placements`]), scoring ([`score`],
//! [`MoonBase::score_breakdown`]), text rendering, an SVG picture ([`svg`])
//! and a [`HeuristicBot`]. The files every game crate shares keep their
//! names: `moon_base.rs` is the rules object ([`MoonBase`], built by
//! `Game::new`), `config.rs` validates the config (`board.rs` the board
//! file), `legality.rs` holds the predicates, `turn.rs` the turn flow (who
//! acts next, the end of placement, a round and the game), `scoring.rs` the
//! final scores and outcome, `validate.rs` the checks of a state (the
//! structural one runs as a state is read) and `game.rs` the thin `Game`
//! impl. The rules in our own words, with the spec's rule ids, are in
//! [`rules`].
//!
//! # Choices where the spec is silent
//!
//! - **Coordinate margin.** A stacked centre more than 1000 mm outside the
//!   board's bounding box is refused with [`MoonBaseError::FarOffBoard`]
//!   (§1), and move generation never offers one, so `check` and
//!   `legal_actions` agree even on boards whose rings could drift that far.
//! - **Shared errors.** The spec's `BadChance` and `CorruptState` are the
//!   shared `game_core::Error::BadChance` and `game_core::Error::BadState`
//!   (wrapped in [`MoonBaseError::Core`]); config and board errors are
//!   typed variants of [`MoonBaseError`] named as in §3 and §5.2.
//! - **State loading.** Deserializing a [`State`] runs
//!   [`State::check_structure`] (what needs no board); `Game::check_state`
//!   adds the board and config checks and cross-checks piles, takes and
//!   ring counts, so a state read from a file cannot make any call panic.
//! - **Wrong phase.** An action of another phase is refused with
//!   [`MoonBaseError::WrongPhase`], before its shape is looked at.
//! - **Set-up positions.** [`MoonBase::sandbox`] and
//!   [`MoonBase::place_ring`] build positions through the same predicates
//!   as play, without hands or turns (the worked examples use them).
//! - **Mid-game scores.** [`MoonBase::score_breakdown`] answers at any
//!   point after the colour choice, as if play stopped now.
//! - **Observation.** Nothing is hidden (B-11), so `Obs` is the state
//!   itself and `determinize` returns a clone.
//! - **Board file numbers.** `BoardSpec` reads its integers as `i64`, so
//!   out-of-range sizes and centres get the typed V2/V6 errors instead of
//!   a deserializer overflow.
//! - **Resource bases** are stored as [`ResourceBase`] `{crater, seat}`
//!   records (the spec's `(CraterId, Seat)` pairs), in placement order.
//! - **Old rules versions.** `RULES_VERSION` is 2 since the revision of
//!   2026-11-25 (S3b, the S4 exemption, `base_rule`, relaxed V6).
//!   `Game::with_rules_version(config, 1)` builds the rules of version 1
//!   (no S3b, the old S4) so a version-1 replay plays as recorded and
//!   keeps its version; V6 is relaxed for both (it only accepts more
//!   boards), and `base_rule` is config, so a version-1 config, which has
//!   no such field, reads as `Compulsory`. A version-1 object given
//!   `base_rule = Optional` (no version-1 replay has it) lets seats
//!   decline all the same.
//! - **Kept stack positions.** The rules object keeps the colour-free
//!   stack positions and the crater targets of the last board it
//!   generated for (behind a mutex it only tries, so a shared object stays
//!   correct) and updates them when the next board has one ring more; a
//!   clone starts empty. Lists and their order are exactly those of a
//!   fresh scan.
//!
//! # Bots
//!
//! `game_core::RandomBot` and `game_core::MctsBot` play through the trait
//! as they are; [`HeuristicBot`] is a greedy one-ply player (settlements,
//! then score, then height) that beats random play most of the time.
//!
//! # Coverage of the rules
//!
//! Every numbered rule (MB-1 to MB-32, B-1 to B-25, C1–C5, S1–S9, S3b,
//! V1–V10) of the spec revised on 2026-11-25 is implemented; W-1 to W-21
//! and P-1/P-2 are tests. The default board is
//! the spec's placeholder (`boards/placeholder-40.json`), not the printed
//! board: a digitized board only needs a new board file (§5.3).

mod action;
mod board;
mod bots;
mod config;
mod determinize;
mod error;
mod game;
mod geometry;
mod lattice_window;
mod learning;
mod legality;
mod moon_base;
mod movegen;
mod narration;
mod notation;
mod observe;
mod pair_table;
mod piece;
mod preview;
mod random_placement;
mod render;
mod scoring;
mod state;
mod support_memo;
mod survivor_cache;
pub mod svg;
mod turn;
mod validate;

pub use action::{Action, Chance};
pub use board::{
    BOARD_FORMAT, BOARD_VERSION, Board, BoardSpec, COORDINATE_MARGIN_MM, Crater, CraterId,
    CraterSpec, MAX_BOARD_MM, MAX_CRATERS,
};
pub use bots::HeuristicBot;
pub use config::{
    BaseRule, Config, ConnectedRule, MAX_LATTICE_STEP_MM, MAX_RADIUS_MM, MAX_ROUNDS, PassRule,
    RingDim, RingDims, StartPlayer,
};
pub use error::MoonBaseError;
pub use moon_base::MoonBase;
pub use observe::Obs;
pub use piece::{Colour, Piece, Size};
pub use scoring::{
    BASE_POINTS, CONNECTED_BONUS, HIGHEST_BONUS, SETTLEMENT_POINTS, ScoreBreakdown, SeatScore,
    TOWER_BONUS, Tallies, UNPLACED_POINTS, connected_values, score,
};
pub use state::{
    Footing, Hand, Host, MAX_BASES, MAX_RINGS, PILE_SIZE, PILES, Phase, Pile, RINGS_PER_PIECE,
    RINGS_PER_SIZE, ResourceBase, Ring, RingId, SUPPLY, State,
};

/// The rules of Moon Base in our own words, with the spec's rule ids.
#[doc = include_str!("../RULES.md")]
pub mod rules {}
