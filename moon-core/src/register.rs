//! Registers, locations and values of a given width.

use std::fmt;

use serde::{Deserialize, Serialize};

game_core::enum_table! {
    /// One of the four shared registers (M-7), ordered A < B < C < D.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub enum Reg {
        /// The register goals are compared with.
        A,
        /// Second register.
        B,
        /// Third register.
        C,
        /// Fourth register.
        D,
    }
}

impl Reg {
    /// The register of an index 0..=3.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Reg> {
        match i {
            0 => Some(Reg::A),
            1 => Some(Reg::B),
            2 => Some(Reg::C),
            3 => Some(Reg::D),
            _ => None,
        }
    }

    /// The register's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Reg::A => 'A',
            Reg::B => 'B',
            Reg::C => 'C',
            Reg::D => 'D',
        }
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// An operand of MOV (M-10): a register, or the acting seat's own RAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Loc {
    /// A shared register.
    Reg(Reg),
    /// The acting seat's own RAM (M-8).
    Ram,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::Reg(r) => write!(f, "{r}"),
            Loc::Ram => write!(f, "RAM"),
        }
    }
}

/// A set of registers as a bitset (bit i = register i); used for disabled
/// registers (M-27) and operands.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct RegSet(pub u8);

impl RegSet {
    /// The empty set.
    pub const EMPTY: RegSet = RegSet(0);

    /// True when `r` is in the set.
    #[must_use]
    pub const fn contains(self, r: Reg) -> bool {
        self.0 & (1 << r.index()) != 0
    }

    /// The set with `r` added.
    #[must_use]
    pub const fn with(self, r: Reg) -> RegSet {
        RegSet(self.0 | (1 << r.index()))
    }

    /// The set without `r`.
    #[must_use]
    pub const fn without(self, r: Reg) -> RegSet {
        RegSet(self.0 & !(1 << r.index()))
    }

    /// True when the sets share a register.
    #[must_use]
    pub const fn intersects(self, other: RegSet) -> bool {
        self.0 & other.0 != 0
    }

    /// True when no register is in the set.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The registers in the set, in order.
    pub fn iter(self) -> impl Iterator<Item = Reg> {
        Reg::ALL.into_iter().filter(move |r| self.contains(*r))
    }
}

/// The largest value of `width` bits: `2^width − 1` (M-1).
#[must_use]
pub const fn mask(width: u8) -> u8 {
    if width >= 8 {
        u8::MAX
    } else {
        (1u8 << width) - 1
    }
}

/// A value written with exactly `width` binary digits, most significant
/// first (M-1): `bits(6, 4)` is `"0110"`.
#[must_use]
pub fn bits(value: u8, width: u8) -> String {
    (0..width)
        .rev()
        .map(|i| if value >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// Reads binary digits (`"0110"`) as a value; its width is the number of
/// digits. `None` for an empty string, other characters, or more than 8 digits.
#[must_use]
pub fn parse_bits(text: &str) -> Option<(u8, u8)> {
    if text.is_empty() || text.len() > 8 {
        return None;
    }
    let mut value = 0u8;
    for c in text.chars() {
        let bit = match c {
            '0' => 0,
            '1' => 1,
            _ => return None,
        };
        value = (value << 1) | bit;
    }
    Some((value, text.len() as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m1_values_print_with_exactly_width_digits() {
        assert_eq!(bits(6, 4), "0110");
        assert_eq!(bits(6, 6), "000110");
        assert_eq!(parse_bits("000110"), Some((6, 6)));
        assert_eq!(parse_bits("012"), None);
        assert_eq!(mask(4), 15);
        assert_eq!(mask(8), 255);
    }

    #[test]
    fn reg_sets_hold_registers() {
        let s = RegSet::EMPTY.with(Reg::B).with(Reg::D);
        assert!(s.contains(Reg::B) && !s.contains(Reg::C));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Reg::B, Reg::D]);
        assert!(s.without(Reg::B).without(Reg::D).is_empty());
    }
}
