//! Binary Scrabble: a crossword game whose words are binary equations.
//!
//! Players place tiles showing `0 1 = + - x / AND OR XOR NOT` on a 15×15
//! board with premium squares; every run they make or touch must be a true
//! equation such as `1+1=10` or `100 OR 1=101`. This crate is the rules
//! engine ([`Scrabble`], implementing [`game_core::Game`]), an exact
//! equation engine usable on its own ([`Checker`], [`Equation`]), a full
//! move generator ([`MoveGen`]) and its bots: [`GreedyBot`], [`LeaveBot`],
//! the learned [`LeaveTableBot`], the simulating [`SimBot`] and the exact
//! endgame search ([`solve_endgame`], [`EndgameBot`]).
//! The rules, in our words and with the spec's rule ids, are in [`rules`].
//!
//! ```
//! use binary_scrabble_core::{Action, Config, Scrabble};
//! use game_core::{Game, Seat, Session, ToAct};
//!
//! // A seeded game: the deal (one chance event per tile) comes from the seed.
//! let mut session = Session::<Scrabble>::new(Config::default(), 7).unwrap();
//! assert_eq!(session.to_act(), ToAct::Seat(Seat(0)));
//! let legal = session.legal_actions();
//! // Plays first (in Ord order), then exchanges, then Pass.
//! assert_eq!(legal.last(), Some(&Action::Pass));
//! if let Some(first) = legal.first() {
//!     println!("playing {first}");
//!     session.act(Seat(0), first).unwrap();
//! }
//!
//! // The equation engine on its own.
//! let checker = binary_scrabble_core::Checker::new(Default::default());
//! let eq: binary_scrabble_core::Equation = "11x11=1001".parse().unwrap();
//! assert_eq!(checker.check(eq.tokens()), Ok(9));
//! ```
//!
//! # Layout of the crate
//!
//! One concept per module: tiles and multisets ([`Kind`], [`Face`],
//! [`KindCounts`]), squares and premiums ([`Square`], [`Layout`]), the
//! [`Board`], the equation engine (syntax automaton, evaluation,
//! [`EquationError`]), [`Config`], actions ([`Action`], [`Play`],
//! [`Placed`]), the [`State`] and its [`Obs`], the legality of a play
//! ([`Scrabble::check_play`]), the move generator and the bots. The files
//! every game crate shares keep their names: `scrabble.rs` is the rules
//! object ([`Scrabble`], built by `Game::new`), `config.rs` validates the
//! config, `legality.rs` says why a turn is refused, `scoring.rs` holds the
//! equation score S(E), [`Scrabble::rack_adjustments`] and the outcome,
//! `turn.rs` the turn flow (draws, the next seat, the end of the game),
//! `validate.rs` the checks of a state (the structural one runs as a state
//! is read) and `game.rs` the thin [`game_core::Game`] impl. Text forms
//! round-trip: `"1+1=10".parse::<Equation>()`,
//! `"Across H8 1, I8 =".parse::<Action>()`, `"C8 1, D8 +".parse::<Board>()`,
//! `"0 0 1 ?".parse::<KindCounts>()`.
//!
//! # Choices where the spec is silent
//!
//! - **Arithmetic range.** Evaluation is exact on 128-bit integers, but every
//!   numeral and every intermediate result must fit 64 bits in magnitude
//!   (|v| ≤ 2⁶⁴ − 1), otherwise `TooLarge`. Its `at` is the first token of
//!   the numeral (the `NOT` of a NOT operand) or the node's operator.
//!   Side values are reported as `u64`.
//! - **Equation text.** Besides spaces, tabs are ignored. A character that is
//!   no token gives [`ParseEquationError`] with its character index; the
//!   checker example reports it as `UnknownSymbol@<index>`. Words must be
//!   upper case in equation text (`x` is times, `XOR` is the word).
//! - **Action text** is case-insensitive and commas are optional.
//!   [`game_core::Render::parse_action`] also sorts the tiles and turns a
//!   single tile given as `Down` into `Across` before looking it up;
//!   `check` itself follows E-7 and refuses non-canonical plays.
//! - **JSON.** A square is its name (`"H8"`); the board is the list of
//!   occupied squares (`["C8 1", "A8 ?1"]`); a multiset of tiles is its 12
//!   counts in kind order; a play holds at most 9 tiles.
//! - **Logs.** A draw is seen only by the drawing seat (the deal included).
//!   An exchange appears in the other seats' logs (and a spectator's) as
//!   [`Action::HiddenExchange`] with the tile count only, as E-6 shows it;
//!   that variant is the exchange's public form and is never legal.
//! - **End of game.** Once the game is over every rack is shown in
//!   observations (`revealed_racks`), as players show their tiles to settle
//!   R-34, and [`Ending`] lists each seat's adjustment. A draw that ends the
//!   game (the last draw of an exchange that reached T-17) is therefore
//!   visible to everyone in the per-viewer logs.
//! - **State validation** (`check_state`) goes beyond E-1's tile count: the
//!   board must be reachable (every run of two or more tiles correct under
//!   the config, or a numeral with T-6; H8 covered; at least 3 tiles; all
//!   tiles connected), racks hold at most 9, pending draws fit the bag and
//!   the rack, and an ending matches R-32/R-33 with the adjustments of
//!   R-34. A rack short of 9 while the bag holds tiles is accepted, so
//!   analysis positions with small racks (such as the spec's P-2) are
//!   states like any other.
//! - **Scores** are `i32` with saturating additions.
//! - **[`Scrabble::position`]** (for analysis) gives the other seats up to 9
//!   of the remaining tiles in kind order; the spec's reference positions
//!   only fix the bag size, which this reproduces.
//! - **Threads.** Listing every play (`legal_actions`, [`MoveGen::plays`])
//!   with a blank on the rack can mean millions of plays, so where the
//!   machine has a second core the lines are shared with a second thread
//!   for that listing; the list is the same, in the same order.
//!   [`MoveGen::set_threads`]`(1)` keeps a generator on the caller's
//!   thread, and a thread that cannot start (on a target without threads)
//!   leaves the work to the caller's. Nothing else starts one.
//! - **Bots.** With no play, [`GreedyBot`] exchanges its whole rack when it
//!   may, else passes. [`LeaveBot`]'s leave table is our own heuristic.
//!
//! # Reference bots
//!
//! - **Leave table** ([`LeaveTable`]): the value of the tiles kept after a
//!   turn, keyed by their multiset over five classes (`0`, `1`, `=`,
//!   operators, blanks), learned by self-play and shipped as
//!   `data/leaves.txt`. It is regenerated with
//!   `cargo run --release --example bscrabble-leaves -- --games 4000 --rounds 1 --out binary-scrabble-core/data/leaves.txt`
//!   (the workspace's example; its doc says how the values are fitted).
//!   [`LeaveTableBot`] plays the turn of highest score plus leave.
//! - **Simulation** ([`SimBot`]): the leave-table bot's best few turns, each
//!   played out a few turns ahead in worlds drawn from the seat's
//!   observation with [`game_core::Determinize`], every candidate on the
//!   same draws; a candidate is dropped once the leader beats it by two
//!   standard errors of the paired difference. Deterministic for a seed.
//! - **Endgame** ([`solve_endgame`]): once the bag is empty the other rack
//!   is the unseen tiles, and an alpha-beta search over plays and passes
//!   finds the best line exactly within a node budget; [`SimBot`] and
//!   [`EndgameBot`] fall back to simulation or the leave table when it
//!   does not finish.
//!
//! # Coverage of the rules
//!
//! Every numbered rule, option and engine point of the spec is implemented
//! and tested, and every reference count and best score of M-5/M-6 is
//! reproduced exactly. The generator shares the completions after a run's
//! first `=` and finds the best play by branch and bound (see
//! [`MoveGen`]). Its speed is measured by the bench
//! `benches/binary_scrabble.rs` of the workspace.

#![forbid(unsafe_code)]

mod action;
mod blank_choices;
mod board;
mod bots;
mod config;
mod determinize;
mod endgame;
mod equation;
mod error;
mod eval;
mod game;
mod learning;
mod leave_table_bot;
mod leaves;
mod legality;
mod movegen;
mod narration;
mod notation;
mod observe;
mod play_sink;
mod preview;
mod render;
mod scoring;
mod scrabble;
mod sim_bot;
mod square;
mod state;
mod svg;
mod syntax;
mod tile;
mod turn;
mod validate;

#[doc = include_str!("../RULES.md")]
pub mod rules {}

pub use action::{Action, MAX_TILES, ParseActionError, Placed, PlacedTiles, Play};
pub use board::{Board, ParseBoardError, Tile};
pub use bots::{GreedyBot, LeaveBot};
pub use config::{
    ChallengeRule, Config, EndgameRackRule, ScorePlayedThrough, ValueBonus, XorTiles,
};
pub use endgame::{EndgameResult, solve_endgame, solve_endgame_until};
pub use equation::{
    Checker, Equation, EquationError, EquationRules, ErrorKind, IdentityRule, LogicPrecedence,
    ParseEquationError, Precedence, value_bonus,
};
pub use error::ScrabbleError;
pub use learning::{SCRABBLE_ACTIONS, SCRABBLE_TENSOR_LEN};
pub use leave_table_bot::{Candidate, LeaveTableBot, exchanges, top_candidates};
pub use leaves::{
    LEAVE_CLASSES, LeaveClass, LeaveKey, LeaveTable, LeaveTableError, MAX_LEAVE_TILES,
};
pub use movegen::MoveGen;
pub use observe::{Drawing, Obs};
pub use play_sink::{BestSink, CountSink, PlaySink, ScoredPlay};
pub use scrabble::{RACK_SIZE, Scrabble};
pub use sim_bot::{
    EndgameBot, MAX_ENDGAME_NODES, MAX_SIM_CANDIDATES, MAX_SIM_ITERATIONS, MAX_SIM_PLIES, SimBot,
    state_from_obs,
};
pub use square::{Dir, Layout, ParseSquareError, Premium, SIZE, SQUARES, Square};
pub use state::{EndReason, Ending, LastTurn, MAX_SEATS, Pending, State};
pub use tile::{Face, FaceSet, Kind, KindCounts, ParseFaceError};
