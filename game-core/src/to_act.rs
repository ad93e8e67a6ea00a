//! Whose move it is, and the shared checks that every game runs first.

use serde::{Deserialize, Serialize};

use crate::{Error, Seat};

/// Who moves next: a seat, chance, or nobody because the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToAct {
    /// This seat must choose an action.
    Seat(Seat),
    /// A chance event (die, draw, shuffle) must be resolved.
    Chance,
    /// The game has ended; `Game::outcome` says how.
    Over,
}

impl ToAct {
    /// The seat to act, if a seat is to act.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            ToAct::Seat(s) => Some(s),
            ToAct::Chance | ToAct::Over => None,
        }
    }

    /// The shared checks before a seat's action, in the order of DESIGN.md:
    /// game over, chance pending, unknown seat, not this seat's turn.
    ///
    /// # Errors
    /// The first shared rule the action breaks.
    pub fn check_seat(self, seat: Seat, seats: usize) -> Result<(), Error> {
        match self {
            ToAct::Over => Err(Error::GameOver),
            ToAct::Chance => Err(Error::ChancePending),
            ToAct::Seat(current) => {
                if seat.index() >= seats {
                    Err(Error::UnknownSeat { seat, seats })
                } else if seat != current {
                    Err(Error::NotYourTurn {
                        seat,
                        to_act: current,
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The shared checks before a chance outcome: game over, not a chance node.
    ///
    /// # Errors
    /// [`Error::GameOver`] or [`Error::NotChance`].
    pub fn check_chance(self) -> Result<(), Error> {
        match self {
            ToAct::Over => Err(Error::GameOver),
            ToAct::Seat(_) => Err(Error::NotChance),
            ToAct::Chance => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_checks_come_in_design_order() {
        assert_eq!(ToAct::Over.check_seat(Seat(9), 2), Err(Error::GameOver));
        assert_eq!(
            ToAct::Chance.check_seat(Seat(9), 2),
            Err(Error::ChancePending)
        );
        assert_eq!(
            ToAct::Seat(Seat(0)).check_seat(Seat(9), 2),
            Err(Error::UnknownSeat {
                seat: Seat(9),
                seats: 2
            })
        );
        assert_eq!(
            ToAct::Seat(Seat(0)).check_seat(Seat(1), 2),
            Err(Error::NotYourTurn {
                seat: Seat(1),
                to_act: Seat(0)
            })
        );
        assert_eq!(ToAct::Seat(Seat(1)).check_seat(Seat(1), 2), Ok(()));
    }

    #[test]
    fn chance_checks() {
        assert_eq!(ToAct::Over.check_chance(), Err(Error::GameOver));
        assert_eq!(ToAct::Seat(Seat(0)).check_chance(), Err(Error::NotChance));
        assert_eq!(ToAct::Chance.check_chance(), Ok(()));
    }
}
