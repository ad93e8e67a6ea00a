//! Why an action was refused (E-7), variants in the order they are checked.

use crate::equation::EquationError;
use crate::square::{Dir, Square};
use crate::tile::{Face, Kind};

/// Everything `check`, `apply` and `apply_chance` can refuse.
///
/// Checks run in E-7's order: the shared game-core checks, the play's form,
/// occupied squares, the rack, gaps, the connection, the `=` count, then
/// the runs. A refused action changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScrabbleError {
    /// A rule every game shares (game over, not your turn, bad config, ...).
    #[error(transparent)]
    Core(#[from] game_core::Error),
    /// A play with no tile.
    #[error("the play places no tile")]
    EmptyPlay,
    /// [`crate::Action::HiddenExchange`] is how a log shows another seat's
    /// exchange; it cannot be played.
    #[error("an exchange seen from another seat cannot be played")]
    LogOnly,
    /// Squares not strictly ascending, or a single tile given as `Down` (E-4).
    #[error("the play is not in canonical form (squares ascending, a single tile Across)")]
    NotCanonical,
    /// XOR without T-7.
    #[error("the face {face} is not in play")]
    FaceNotInPlay {
        /// The face.
        face: Face,
    },
    /// A tile outside the play's row or column.
    #[error("the tiles do not lie in the one line the play names")]
    NotInLine,
    /// A tile on an occupied square.
    #[error("square {square} is already occupied")]
    SquareOccupied {
        /// The first such square.
        square: Square,
    },
    /// The rack does not hold the tiles.
    #[error("the rack holds {held} of {kind}, the action needs {needed}")]
    TilesNotOnRack {
        /// The first kind that is short.
        kind: Kind,
        /// How many the action uses.
        needed: u8,
        /// How many the rack holds.
        held: u8,
    },
    /// An empty square between the first and last new tile.
    #[error("square {square} leaves a gap in the play")]
    Gap {
        /// The first such square.
        square: Square,
    },
    /// The first play does not cover H8.
    #[error("the first play must cover H8")]
    MissesCentre,
    /// No new tile touches a tile already on the board.
    #[error("the play does not touch any tile on the board")]
    NotConnected,
    /// More than one new `=`.
    #[error("the play places {count} = tiles; at most one is allowed")]
    TooManyEquals {
        /// How many new `=`.
        count: usize,
    },
    /// The main run is not a correct equation.
    #[error("the main run is not a correct equation: {error}")]
    MainRun {
        /// Why.
        error: EquationError,
    },
    /// A cross run is not a correct equation (or with T-6 a numeral).
    #[error("the cross run through {square} is not a correct equation: {error}")]
    CrossRun {
        /// The new tile the cross run goes through.
        square: Square,
        /// Why.
        error: EquationError,
    },
    /// A run through a single tile is wrong.
    #[error("the {dir} run of the tile is not a correct equation: {error}")]
    Run {
        /// Which run.
        dir: Dir,
        /// Why.
        error: EquationError,
    },
    /// A single tile whose runs hold no equation at all.
    #[error("the tile forms no equation")]
    NoEquation,
    /// The bag holds too few tiles for an exchange (R-29, T-10).
    #[error("exchanges need {min} tiles in the bag; it holds {bag}")]
    ExchangeNotAllowed {
        /// Tiles in the bag.
        bag: u32,
        /// The T-10 minimum.
        min: u8,
    },
    /// An exchange of no tile.
    #[error("an exchange must name at least one tile")]
    EmptyExchange,
    /// More tiles to exchange than the bag holds.
    #[error("cannot exchange {size} tiles with a bag of {bag}")]
    ExchangeTooLarge {
        /// Tiles named.
        size: u32,
        /// Tiles in the bag.
        bag: u32,
    },
}
