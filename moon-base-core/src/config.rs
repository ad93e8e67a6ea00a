//! Table choices: board, ring dimensions, lattice, tower and rule variants (§3).

use serde::{Deserialize, Serialize};

use crate::{BoardSpec, MoonBaseError, Size};

/// The largest ring radius, tower radius and lattice-free distance accepted, in mm.
pub const MAX_RADIUS_MM: u32 = 1000;
/// The largest lattice step accepted, in mm.
pub const MAX_LATTICE_STEP_MM: u32 = 100;
/// The most rounds a game may have (MB-6: the piles hold six rounds of rings).
pub const MAX_ROUNDS: u8 = 6;

/// Outer and inner radius of one ring size, in whole millimetres (B-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RingDim {
    /// Radius of the footprint (and of the crater of this size).
    pub outer_mm: u32,
    /// Radius of the opening.
    pub inner_mm: u32,
}

/// The dimensions of both ring sizes (B-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RingDims {
    /// Large rings and craters: 30/25 mm by default.
    pub large: RingDim,
    /// Small rings and craters: 20/15 mm by default.
    pub small: RingDim,
}

impl Default for RingDims {
    fn default() -> Self {
        RingDims {
            large: RingDim {
                outer_mm: 30,
                inner_mm: 25,
            },
            small: RingDim {
                outer_mm: 20,
                inner_mm: 15,
            },
        }
    }
}

impl RingDims {
    /// The dimensions of `size`.
    #[must_use]
    pub const fn of(&self, size: Size) -> RingDim {
        match size {
            Size::Large => self.large,
            Size::Small => self.small,
        }
    }

    /// Checks `1 ≤ inner < outer ≤ 1000` for both sizes (§3, V10).
    ///
    /// # Errors
    /// [`MoonBaseError::BadRingDims`] naming the first bad size.
    pub fn validate(&self) -> Result<(), MoonBaseError> {
        for size in Size::ALL {
            let d = self.of(size);
            if !(1 <= d.inner_mm && d.inner_mm < d.outer_mm && d.outer_mm <= MAX_RADIUS_MM) {
                return Err(MoonBaseError::BadRingDims {
                    size,
                    outer_mm: d.outer_mm,
                    inner_mm: d.inner_mm,
                });
            }
        }
        Ok(())
    }
}

/// What a seat that cannot place does during placement (B-9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum PassRule {
    /// Turns alternate; a seat that cannot place passes and may place later;
    /// an empty hand is skipped; the phase ends when neither seat can place.
    #[default]
    KeepTurning,
    /// Exactly eight alternating turns; a turn without a placement is lost.
    ForfeitTurn,
}

/// How "most connected rings" is measured (B-12).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ConnectedRule {
    /// The largest group of one colour linked ring-to-support inside the colour.
    #[default]
    SameColour,
    /// The most rings of one colour in one stacked structure of any colours.
    OwnRingsInStructure,
}

/// Who starts round 1 (MB-2, B-24).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum StartPlayer {
    /// Seat 0 is the first player.
    #[default]
    Seat0,
    /// Seat 1 is the first player.
    Seat1,
    /// A fair chance draw after the piles are built.
    Random,
}

/// Whether a due resource base must be placed (MB-24, B-16).
///
/// The rulebook's imperative reads as compulsory, but its own scoring
/// example (MB-32, W-8) cannot arise unless a seat may decline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BaseRule {
    /// A due base is placed whenever a crater is free for it.
    #[default]
    Compulsory,
    /// A seat with a base due may decline it (`DeclineResourceBase`).
    Optional,
}

/// Everything a table chooses before play (§3). Missing fields take their
/// defaults; unknown fields are an error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The board (B-1); the placeholder board by default.
    pub board: BoardSpec,
    /// Ring radii (B-2).
    pub ring_dims: RingDims,
    /// Step of the square lattice stacked rings sit on (B-3, S2).
    pub lattice_step_mm: u32,
    /// Radius of the tower's column (B-7, C5, S7, S9).
    pub tower_radius_mm: u32,
    /// Passing and the end of placement (B-9).
    pub pass_rule: PassRule,
    /// How the connection bonus is measured (B-12).
    pub connected_rule: ConnectedRule,
    /// Who starts round 1 (MB-2, B-24).
    pub start_player: StartPlayer,
    /// Whether a due resource base may be declined (MB-24, B-16).
    pub base_rule: BaseRule,
    /// Rounds in a game, 1 to 6 (MB-6); short games suit tests and benches.
    pub rounds: u8,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            board: BoardSpec::placeholder_40(),
            ring_dims: RingDims::default(),
            lattice_step_mm: 5,
            tower_radius_mm: 10,
            pass_rule: PassRule::KeepTurning,
            connected_rule: ConnectedRule::SameColour,
            start_player: StartPlayer::Seat0,
            base_rule: BaseRule::Compulsory,
            rounds: MAX_ROUNDS,
        }
    }
}

impl Config {
    /// Checks the numeric fields of §3 (the board is checked by [`crate::Board::new`]).
    ///
    /// # Errors
    /// The first broken rule, in the order of the §3 table.
    pub fn validate_numbers(&self) -> Result<(), MoonBaseError> {
        self.ring_dims.validate()?;
        if !(1..=MAX_LATTICE_STEP_MM).contains(&self.lattice_step_mm) {
            return Err(MoonBaseError::BadLatticeStep {
                step: self.lattice_step_mm,
            });
        }
        if self.tower_radius_mm > MAX_RADIUS_MM {
            return Err(MoonBaseError::BadTowerRadius {
                radius: self.tower_radius_mm,
            });
        }
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(MoonBaseError::BadRounds {
                rounds: self.rounds,
            });
        }
        Ok(())
    }
}
