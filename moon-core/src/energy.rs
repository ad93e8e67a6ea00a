//! Energy, counted in integer half-units.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An amount of energy in half-units (M-1): `Energy(3)` is 1.5 rulebook
/// units. Integers keep the rules free of floats.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Energy(pub u16);

impl Energy {
    /// No energy at all.
    pub const ZERO: Energy = Energy(0);

    /// Whole rulebook units: `Energy::units(2)` is 4 half-units.
    #[must_use]
    pub const fn units(units: u16) -> Energy {
        Energy(units.saturating_mul(2))
    }

    /// The amount in half-units.
    #[must_use]
    pub const fn half_units(self) -> u16 {
        self.0
    }

    /// `self - other`, or `None` when `other` is larger.
    #[must_use]
    pub const fn checked_sub(self, other: Energy) -> Option<Energy> {
        match self.0.checked_sub(other.0) {
            Some(v) => Some(Energy(v)),
            None => None,
        }
    }

    /// `self + other`, stopping at the largest amount instead of overflowing.
    #[must_use]
    pub const fn saturating_add(self, other: Energy) -> Energy {
        Energy(self.0.saturating_add(other.0))
    }
}

/// Shows rulebook units: `3` half-units print as `1.5`, `4` as `2`.
impl fmt::Display for Energy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m1_energy_prints_in_rulebook_units() {
        assert_eq!(Energy(3).to_string(), "1.5");
        assert_eq!(Energy(4).to_string(), "2");
        assert_eq!(Energy(1).to_string(), "0.5");
        assert_eq!(Energy::units(3), Energy(6));
        assert_eq!(Energy(1).checked_sub(Energy(2)), None);
    }
}
