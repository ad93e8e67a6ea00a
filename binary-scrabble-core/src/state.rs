//! The full position (E-1): plain data, no RNG, no bag order, no heap.

use game_core::{BySeat, Seat, StateError};
use serde::{Deserialize, Serialize};

use crate::action::Play;
use crate::board::Board;
use crate::tile::KindCounts;

/// Most seats at a table.
pub const MAX_SEATS: usize = 4;

/// Draws still to make before a seat moves (E-2, E-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Pending {
    /// The opening deal: `seat` draws until it holds 9, then the next seat.
    Deal {
        /// The seat being dealt to.
        seat: Seat,
    },
    /// The refill after a play.
    Refill {
        /// The seat that played.
        seat: Seat,
        /// Draws still to make.
        left: u8,
    },
    /// The draws of an exchange; the set-aside tiles go back afterwards.
    Exchange {
        /// The seat exchanging.
        seat: Seat,
        /// Draws still to make.
        left: u8,
        /// The tiles set aside, not in the bag until the draws end.
        set_aside: KindCounts,
    },
}

impl Pending {
    /// The seat that draws.
    #[must_use]
    pub const fn seat(&self) -> Seat {
        match *self {
            Pending::Deal { seat }
            | Pending::Refill { seat, .. }
            | Pending::Exchange { seat, .. } => seat,
        }
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EndReason {
    /// `seat` used its last tile with the bag empty.
    WentOut {
        /// The seat that went out.
        seat: Seat,
    },
    /// T-17 scoreless turns in a row.
    Scoreless,
}

/// The end of the game: why, and the rack adjustment of R-34 per seat
/// (already included in the scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ending {
    /// Why the game ended.
    pub reason: EndReason,
    /// What R-34 added to each seat's score.
    pub adjustments: BySeat<i32, MAX_SEATS>,
}

/// The last turn in public form (E-1, E-6): exchanged tiles stay secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LastTurn {
    /// A play, in full, with its score.
    Play {
        /// Who played.
        seat: Seat,
        /// The play.
        play: Play,
        /// What it scored.
        score: i32,
    },
    /// An exchange: only how many tiles.
    Exchange {
        /// Who exchanged.
        seat: Seat,
        /// How many tiles.
        count: u8,
    },
    /// A pass.
    Pass {
        /// Who passed.
        seat: Seat,
    },
}

/// A position of Binary Scrabble, hidden information included (E-1).
///
/// The bag is a multiset without order, so the tiles still to come are not
/// part of the state; a draw is a chance event. Fields are public for
/// tools and tests; [`game_core::Game::check_state`] validates a state
/// built by hand or read from JSON, and [`crate::Scrabble::setup`] builds
/// a checked position from a board and racks. Deserializing already
/// checks what needs no rules object (one score per rack, the seat to
/// move at the table): a file is read as its serde shape and turned into
/// a `State` by a `TryFrom` that runs [`State::check_structure`], as in
/// every game crate.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "StateData")]
pub struct State {
    /// The tiles on the board.
    pub board: Board,
    /// Each seat's rack.
    pub racks: BySeat<KindCounts, MAX_SEATS>,
    /// The bag, as counts per kind.
    pub bag: KindCounts,
    /// Each seat's score.
    pub scores: BySeat<i32, MAX_SEATS>,
    /// The seat whose turn it is (or was, once the game is over).
    pub to_move: Seat,
    /// Consecutive scoreless turns.
    pub scoreless: u8,
    /// Draws to make before anyone moves.
    pub pending: Option<Pending>,
    /// Set once the game is over.
    pub ending: Option<Ending>,
    /// The last turn in public form.
    pub last_turn: Option<LastTurn>,
}

/// The serde shape of [`State`]: what a file holds before it is checked
/// ([`State::check_structure`], in `validate.rs`) and becomes a `State`.
#[derive(Deserialize)]
#[serde(rename = "State", deny_unknown_fields)]
struct StateData {
    board: Board,
    racks: BySeat<KindCounts, MAX_SEATS>,
    bag: KindCounts,
    scores: BySeat<i32, MAX_SEATS>,
    to_move: Seat,
    scoreless: u8,
    pending: Option<Pending>,
    ending: Option<Ending>,
    last_turn: Option<LastTurn>,
}

impl TryFrom<StateData> for State {
    type Error = StateError;

    fn try_from(d: StateData) -> Result<State, StateError> {
        let s = State {
            board: d.board,
            racks: d.racks,
            bag: d.bag,
            scores: d.scores,
            to_move: d.to_move,
            scoreless: d.scoreless,
            pending: d.pending,
            ending: d.ending,
            last_turn: d.last_turn,
        };
        s.check_structure()?;
        Ok(s)
    }
}
