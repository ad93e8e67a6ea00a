//! Binary Scrabble: a crossword of binary equations.
//!
//! See [`rules`] for the rules in full.

#![forbid(unsafe_code)]

mod action;
mod board;
mod config;
mod equation;
mod error;
mod game;
mod movegen;
mod observe;
mod rules;
mod square;
mod state;
mod syntax;
mod tile;

pub use action::{Action, MAX_TILES, ParseActionError, Placed, PlacedTiles, Play};
pub use board::{Board, ParseBoardError, Tile};
pub use config::{ChallengeRule, Config, EndgameRackRule, ValueBonus, XorTiles};
pub use equation::{
    Checker, Equation, EquationError, EquationRules, ErrorKind, IdentityRule, LogicPrecedence,
    ParseEquationError, Precedence, value_bonus,
};
pub use error::ScrabbleError;
pub use movegen::{BestSink, CountSink, MoveGen, PlaySink, ScoredPlay};
pub use observe::{Drawing, Observation};
pub use rules::{RACK_SIZE, Scrabble};
pub use square::{BadSquare, Dir, Layout, Premium, SIZE, SQUARES, Square};
pub use state::{EndReason, Ending, LastTurn, MAX_SEATS, Pending, State};
pub use tile::{Face, FaceSet, Kind, KindCounts, UnknownFace};
