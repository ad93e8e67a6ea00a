//! MOON (1110011): the binary CPU card game, as a rules engine.
//!
//! Four 4- to 8-bit registers A–D, operations paid with energy, and goal
//! cards to bring into register A: cooperatively against a queue of
//! goals that creeps towards the lunar module, or competitively with
//! hidden goals, BUG cards and hackers. The rules are the project's MOON
//! specification (`RULES_VERSION = 2`, revised 2026-11-25), retold in
//! [`rules`] with the same rule ids (`M-12`) that the code cites. Replays of
//! rules version 1 still play as recorded (see [`rules`], "Rules versions").
//!
//! ```
//! use game_core::{Game, Seat, Session, ToAct};
//! use moon_core::{Action, Config, Difficulty, Moon};
//!
//! // A seeded cooperative game: chance (the deck) is drawn from the seed.
//! let mut session = Session::<Moon>::new(Config::cooperative(Difficulty::Easy), 7).unwrap();
//! assert_eq!(session.to_act(), ToAct::Seat(Seat(0)));
//! let legal = session.legal_actions();
//! assert!(legal.contains(&Action::EndTurn));
//! // Play the first legal operation, then end the round.
//! session.act(Seat(0), &legal[0]).unwrap();
//! session.act(Seat(0), &Action::EndTurn).unwrap();
//! assert!(session.state().round >= 2 || session.outcome().is_some());
//! ```
//!
//! # Layout
//!
//! One concept per file, the same file names as the other game crates:
//! `config.rs` (every variant and its validation; [`limits`] holds the range
//! of each config number), `state.rs` ([`State`]), `action.rs` ([`Action`]),
//! `legality.rs` (why an action may not be played), `movegen.rs` (the legal
//! actions), `turn.rs` (turn flow: the end of a turn, a round and the game),
//! `scoring.rs` (the outcome, [`MoonOutcome`]), `validate.rs`
//! (`check_state`, and [`State::check_structure`] that reading a state
//! runs), `observe.rs` ([`Obs`]), `determinize.rs`, `render.rs`, `bots.rs`
//! ([`SolverBot`] and the [`Moon::best_plan`] hint), `error.rs`
//! ([`MoonError`]) and a thin `game.rs` with the `Game` impl; `moon.rs` is
//! the rules object ([`Moon`]), built by `Game::new`. MOON's own concepts:
//! `register.rs` (registers, RAM, bit strings), `ops.rs` (operation kinds,
//! forms and semantics), `costs.rs` (cost tables, hackers), `cards.rs` and
//! `goal_cards.rs` (goal, BUG and event cards, wide goals, the unseen pool),
//! `preset.rs` ([`Preset`]), `coop.rs` (the goal queue) and `competitive.rs`
//! (held goals and BUG cards), `solver.rs` (cheapest plans, M-53,
//! [`min_energy_plan`]). Everything public is re-exported at the crate root.

//! # Model
//!
//! The state never stores an unseen card face: the deck and the FaceDown
//! queue cards are counts (the unseen pool of M-50), and a card's face is
//! fixed by a chance node only when it is revealed or drawn. The pool is
//! the crate's own [`Pool`] rather than `game_core::Deck`: M-50 weighs goal
//! values by the goal cards in play while set-aside cards stay unseen, and
//! counts FaceDown queue cards as unseen, which a plain weighted multiset
//! cannot express. Energy is in
//! half-units ([`Energy`]). States are `Copy`, heap-free and validated by
//! [`game_core::Game::check_state`] (which also requires the position to be
//! settled: no rule still due to act).
//!
//! # Choices where the spec is silent
//!
//! - **Operation order.** [`OpKind`] follows the cost table of M-11
//!   (INC DEC ROL ROR NOT SHL SHR MOV OR AND XOR NOR NAND XNOR ADD SUB XCHG).
//! - **Solve checks after an operation** (`AfterOperation`, `AfterOpOnA`,
//!   M-26): the permission lasts until the first case-2 check *or* until the
//!   settle that follows the action stops, so it never carries over to a
//!   later reveal in another round.
//! - **QueuePairs with the virtual card** (M-36): the virtual card takes the
//!   place of the missing newer half, so it is L by default and H when
//!   `wide_revealed_card_high = false` (as the DeckPartner partner does).
//! - **Chance weights with no goal card left** (M-50): the formula would
//!   give every outcome weight 0 once U is empty; the non-goal kinds then
//!   weigh their counts `c_k` (the same odds the formula gives otherwise).
//! - **Competitive energy** is zeroed when a turn ends (M-9: it never
//!   carries over); cooperative energy is refilled by the round end.
//! - **Hackers in cooperative play** are listed per seat of the game: one
//!   entry under SharedPool (the team is one seat), one per player under
//!   PerSeatTurns.
//! - **Immediate end during setup** (M-41): a setup trigger ends the game
//!   after round 1 in both end modes.
//! - **Chance visibility**: a competitive goal card is seen only by its
//!   drawer, unless the goal check solves it on the spot (then everyone
//!   sees it, so per-viewer logs show it).
//! - **Hidden RAM in logs** (`ram_hidden`, M-8, M-51): a MOV into a seat's
//!   own RAM shows in the other viewers' logs as
//!   [`Action::HiddenRamWrite`] (a log-only action): that the seat wrote its
//!   RAM and how it paid, not from which register, which would give the
//!   value away.
//! - **Hidden RAM** is not resampled by `Determinize` (a known gap): a
//!   search bot's sampled states keep the other seats' true RAM values.
//!   They are narrowed by public information (each was a register's value
//!   at a logged RAM write) but not fixed by it.
//! - **Text**: actions render as `XOR A,C`, `MOV RAM,A`, `token NAND A,D`,
//!   `ok B`, `bug 2`, `end`; `parse_action` also takes `endturn`/`pass`.
//! - **Solver queries** must price every kind at one half-unit or more
//!   (as M-11 asks of configs), so a plan always makes progress.
//! - **Observation of a finished competitive game** keeps unsolved goals
//!   hidden: no rule shows them at the end.
//! - **Two boxes** (widths 7–8, M-6): the unseen cards and the discard keep
//!   a count per value as two bit planes (`unseen_goals` / `unseen_second`,
//!   `discard` / `discard_second`); a one-box state leaves the second
//!   planes out of its JSON, so it reads and writes as before.
//! - **Rules version 1** differs from version 2 only in the boxes of 7- and
//!   8-bit games; [`Moon`] keeps the version it was built for
//!   (`Game::with_rules_version`), and branches on it only there.
//! - **`preset` in JSON** (§12) is resolved while the config is read, so
//!   every front end (the registry, `serve`, Python) gets it without code of
//!   its own; an explicit `null` overrides a preset's value too.
//!
//! # Coverage of the rules
//!
//! Every numbered rule and variant of the specification is implemented and
//! tested, with all worked examples (W-1 to W-6) as tests. Limits of the
//! bots, not of the rules: [`SolverBot`] plays operations and OK choices
//! only (it never spends tokens or BUG cards) and, when no complete goal is
//! shown (a QueuePairs half waiting), it ends the turn instead of preparing.
//! The solver's plans are optimal; its speed suits 4 to 6 bits (7 and 8
//! bits without a budget can explore millions of states). With the
//! automatic end off (the default), the bot ends a round whose goals are
//! all solved without preparing the registers for the next card.

#[doc = include_str!("../RULES.md")]
pub mod rules {}

mod action;
mod bots;
mod cards;
mod competitive;
mod config;
mod coop;
mod costs;
mod determinize;
mod energy;
mod error;
mod events;
mod form_table;
mod game;
mod goal_cards;
mod learning;
mod legality;
pub mod limits;
mod moon;
mod movegen;
mod narration;
mod notation;
mod observe;
mod ops;
mod playout;
mod preset;
mod preview;
mod register;
mod render;
mod rival;
mod scoring;
mod solver;
mod state;
mod svg;
mod turn;
mod validate;

pub use action::{Action, ErrorTarget};
pub use bots::{Plan, SolverBot, plan_for};
pub use cards::{ALL_EVENTS, BASE_EVENTS, Card, EventKind, Half, Pool, compose_goal};
pub use config::{
    BugReveal, CompetitiveEnd, Config, CoopEnergy, Difficulty, ExtraOps, InitRegisters, SolveCheck,
    V1Level, V1TableOrientation, WideGoalModel,
};
pub use costs::{CostTable, Hacker, Mode};
pub use energy::Energy;
pub use error::MoonError;
pub use goal_cards::GoalCards;
pub use learning::{MOON_ACTIONS, MOON_TENSOR_LEN};
pub use moon::Moon;
pub use observe::{GoalView, Obs, OkChoiceView, UnseenView};
pub use ops::{
    ALL_OPS, BASE_OPS, BinaryOp, FIRST_GAME_OPS, KICKSTARTER_OPS, OpKind, OpSet, Operation,
    ParseOperationError, UnaryOp,
};
pub use playout::SolverPlayout;
pub use preset::Preset;
pub use register::{Loc, Reg, RegSet, bits, mask, parse_bits};
pub use rival::RivalBot;
pub use scoring::MoonOutcome;
pub use solver::{Solver, SolverQuery, min_energy, min_energy_plan};
pub use state::{Draw, Held, MAX_SEATS, MAX_SLOTS, Phase, Slot, State, Tokens};
