//! Why an action was refused (E-7), variants in the order they are checked.

use game_core::RuleError;

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
    #[error("the play places no tile (R-6)")]
    EmptyPlay,
    /// [`crate::Action::HiddenExchange`] is how a log shows another seat's
    /// exchange; it cannot be played.
    #[error("an exchange seen from another seat cannot be played")]
    LogOnly,
    /// Squares not strictly ascending, or a single tile given as `Down` (E-4).
    #[error("the play is not in canonical form: squares ascending, a single tile Across (E-4)")]
    NotCanonical,
    /// XOR without T-7.
    #[error("the face {face} is not in play (R-2)")]
    FaceNotInPlay {
        /// The face.
        face: Face,
    },
    /// A tile outside the play's row or column.
    #[error("the tiles do not lie in the one line the play names (R-6)")]
    NotInLine,
    /// A tile on an occupied square.
    #[error("square {square} is already occupied (R-6)")]
    SquareOccupied {
        /// The first such square.
        square: Square,
    },
    /// The rack does not hold the tiles.
    #[error("the rack holds {held} of {kind}, the action needs {needed} (R-6)")]
    TilesNotOnRack {
        /// The first kind that is short.
        kind: Kind,
        /// How many the action uses.
        needed: u8,
        /// How many the rack holds.
        held: u8,
    },
    /// An empty square between the first and last new tile.
    #[error("square {square} leaves a gap in the play (R-6)")]
    Gap {
        /// The first such square.
        square: Square,
    },
    /// The first play does not cover H8.
    #[error("the first play must cover H8 (R-7)")]
    MissesCentre,
    /// No new tile touches a tile already on the board.
    #[error("the play does not touch any tile on the board (R-8)")]
    NotConnected,
    /// More than one new `=`.
    #[error("the play places {count} = tiles; at most one is allowed (R-22)")]
    TooManyEquals {
        /// How many new `=`.
        count: usize,
    },
    /// The main run is not a correct equation.
    #[error("the main run is not a correct equation (R-21): {error}")]
    MainRun {
        /// Why.
        error: EquationError,
    },
    /// A cross run is not a correct equation (or with T-6 a numeral).
    #[error("the cross run through {square} is not a correct equation (R-23): {error}")]
    CrossRun {
        /// The new tile the cross run goes through.
        square: Square,
        /// Why.
        error: EquationError,
    },
    /// A run through a single tile is wrong.
    #[error("the {dir} run of the tile is not a correct equation (R-24): {error}")]
    Run {
        /// Which run.
        dir: Dir,
        /// Why.
        error: EquationError,
    },
    /// A single tile whose runs hold no equation at all.
    #[error("the tile forms no equation (R-24)")]
    NoEquation,
    /// The bag holds too few tiles for an exchange (R-29, T-10).
    #[error("exchanges need {min} tiles in the bag; it holds {bag} (R-29)")]
    ExchangeNotAllowed {
        /// Tiles in the bag.
        bag: u32,
        /// The T-10 minimum.
        min: u8,
    },
    /// An exchange of no tile.
    #[error("an exchange must name at least one tile (R-29)")]
    EmptyExchange,
    /// More tiles to exchange than the bag holds.
    #[error("cannot exchange {size} tiles with a bag of {bag} (R-29)")]
    ExchangeTooLarge {
        /// Tiles named.
        size: u32,
        /// Tiles in the bag.
        bag: u32,
    },
}

impl RuleError for ScrabbleError {
    /// The rule each message cites: the play's form is E-4, the rack, the
    /// line, squares and gaps R-6, the runs,
    /// exchanges R-29; a log-only action and the shared errors cite none.
    fn rule(&self) -> Option<&'static str> {
        match self {
            ScrabbleError::Core(e) => e.rule(),
            ScrabbleError::LogOnly => None,
            ScrabbleError::NotCanonical => Some("E-4"),
            ScrabbleError::FaceNotInPlay { .. } => Some("R-2"),
            ScrabbleError::EmptyPlay
            | ScrabbleError::NotInLine
            | ScrabbleError::SquareOccupied { .. }
            | ScrabbleError::TilesNotOnRack { .. }
            | ScrabbleError::Gap { .. } => Some("R-6"),
            ScrabbleError::MissesCentre => Some("R-7"),
            ScrabbleError::NotConnected => Some("R-8"),
            ScrabbleError::TooManyEquals { .. } => Some("R-22"),
            ScrabbleError::MainRun { .. } => Some("R-21"),
            ScrabbleError::CrossRun { .. } => Some("R-23"),
            ScrabbleError::Run { .. } | ScrabbleError::NoEquation => Some("R-24"),
            ScrabbleError::ExchangeNotAllowed { .. }
            | ScrabbleError::EmptyExchange
            | ScrabbleError::ExchangeTooLarge { .. } => Some("R-29"),
        }
    }

    fn core(&self) -> Option<&game_core::Error> {
        match self {
            ScrabbleError::Core(e) => Some(e),
            ScrabbleError::EmptyPlay
            | ScrabbleError::LogOnly
            | ScrabbleError::NotCanonical
            | ScrabbleError::FaceNotInPlay { .. }
            | ScrabbleError::NotInLine
            | ScrabbleError::SquareOccupied { .. }
            | ScrabbleError::TilesNotOnRack { .. }
            | ScrabbleError::Gap { .. }
            | ScrabbleError::MissesCentre
            | ScrabbleError::NotConnected
            | ScrabbleError::TooManyEquals { .. }
            | ScrabbleError::MainRun { .. }
            | ScrabbleError::CrossRun { .. }
            | ScrabbleError::Run { .. }
            | ScrabbleError::NoEquation
            | ScrabbleError::ExchangeNotAllowed { .. }
            | ScrabbleError::EmptyExchange
            | ScrabbleError::ExchangeTooLarge { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use game_core::testkit::{check_rule_errors, every_core_error};

    use super::*;

    /// The variant's place in [`ScrabbleError`]: no `_ =>`, so a new
    /// variant does not compile until it is numbered here and listed in `cases`.
    fn variant(e: &ScrabbleError) -> usize {
        match e {
            ScrabbleError::Core(_) => 0,
            ScrabbleError::EmptyPlay => 1,
            ScrabbleError::LogOnly => 2,
            ScrabbleError::NotCanonical => 3,
            ScrabbleError::FaceNotInPlay { .. } => 4,
            ScrabbleError::NotInLine => 5,
            ScrabbleError::SquareOccupied { .. } => 6,
            ScrabbleError::TilesNotOnRack { .. } => 7,
            ScrabbleError::Gap { .. } => 8,
            ScrabbleError::MissesCentre => 9,
            ScrabbleError::NotConnected => 10,
            ScrabbleError::TooManyEquals { .. } => 11,
            ScrabbleError::MainRun { .. } => 12,
            ScrabbleError::CrossRun { .. } => 13,
            ScrabbleError::Run { .. } => 14,
            ScrabbleError::NoEquation => 15,
            ScrabbleError::ExchangeNotAllowed { .. } => 16,
            ScrabbleError::EmptyExchange => 17,
            ScrabbleError::ExchangeTooLarge { .. } => 18,
        }
    }

    /// One error of every variant with the rule id its message cites.
    fn cases() -> Vec<(ScrabbleError, Option<&'static str>)> {
        let square = Square::new(112).unwrap();
        // An equation error that cites a rule of its own (T-7), so the
        // run's id must be found beside it.
        let error = EquationError::UnknownToken { at: 2 };
        let mut cases = vec![
            (ScrabbleError::EmptyPlay, Some("R-6")),
            (ScrabbleError::LogOnly, None),
            (ScrabbleError::NotCanonical, Some("E-4")),
            (
                ScrabbleError::FaceNotInPlay { face: Face::Xor },
                Some("R-2"),
            ),
            (ScrabbleError::NotInLine, Some("R-6")),
            (ScrabbleError::SquareOccupied { square }, Some("R-6")),
            (
                ScrabbleError::TilesNotOnRack {
                    kind: Kind::One,
                    needed: 2,
                    held: 1,
                },
                Some("R-6"),
            ),
            (ScrabbleError::Gap { square }, Some("R-6")),
            (ScrabbleError::MissesCentre, Some("R-7")),
            (ScrabbleError::NotConnected, Some("R-8")),
            (ScrabbleError::TooManyEquals { count: 2 }, Some("R-22")),
            (
                ScrabbleError::MainRun {
                    error: error.clone(),
                },
                Some("R-21"),
            ),
            (
                ScrabbleError::CrossRun {
                    square,
                    error: error.clone(),
                },
                Some("R-23"),
            ),
            (
                ScrabbleError::Run {
                    dir: Dir::Down,
                    error,
                },
                Some("R-24"),
            ),
            (ScrabbleError::NoEquation, Some("R-24")),
            (
                ScrabbleError::ExchangeNotAllowed { bag: 3, min: 7 },
                Some("R-29"),
            ),
            (ScrabbleError::EmptyExchange, Some("R-29")),
            (
                ScrabbleError::ExchangeTooLarge { size: 5, bag: 2 },
                Some("R-29"),
            ),
        ];
        cases.extend(
            every_core_error()
                .into_iter()
                .map(|e| (ScrabbleError::Core(e), None)),
        );
        cases
    }

    #[test]
    fn every_variant_names_the_rule_its_message_cites() {
        let cases = cases();
        let seen: BTreeSet<usize> = cases.iter().map(|(e, _)| variant(e)).collect();
        assert_eq!(seen, (0..19).collect(), "a variant has no case");
        check_rule_errors(&cases);
    }
}
