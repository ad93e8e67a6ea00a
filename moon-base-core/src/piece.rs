//! Ring kinds: sizes, colours and pieces.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A ring's size; large rings come first in every order (§1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum Size {
    /// The big rings (and craters), 30/25 mm by default.
    #[default]
    Large,
    /// The small rings (and craters), 20/15 mm by default.
    Small,
}

impl Size {
    /// Both sizes, in `Ord` order.
    pub const ALL: [Size; 2] = [Size::Large, Size::Small];

    /// Index 0 for large, 1 for small, for per-size tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Size::Large => 0,
            Size::Small => 1,
        }
    }

    /// The lower-case word used in board files and renders.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Size::Large => "large",
            Size::Small => "small",
        }
    }

    /// One letter, `L` or `S`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Size::Large => 'L',
            Size::Small => 'S',
        }
    }
}

/// A ring colour; gold and silver belong to the seats, navy to nobody (MB-3).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum Colour {
    /// A player colour.
    #[default]
    Gold,
    /// The other player colour.
    Silver,
    /// The neutral colour.
    Navy,
}

impl Colour {
    /// All colours, in `Ord` order.
    pub const ALL: [Colour; 3] = [Colour::Gold, Colour::Silver, Colour::Navy];

    /// Index 0, 1, 2 in `Ord` order, for per-colour tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::Gold => 0,
            Colour::Silver => 1,
            Colour::Navy => 2,
        }
    }

    /// The colour of index `i` (0..3), if any.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Colour> {
        match i {
            0 => Some(Colour::Gold),
            1 => Some(Colour::Silver),
            2 => Some(Colour::Navy),
            _ => None,
        }
    }

    /// The colour that is neither `self` nor `other` (for two different colours).
    #[must_use]
    pub const fn third(self, other: Colour) -> Colour {
        match (self, other) {
            (Colour::Gold, Colour::Silver) | (Colour::Silver, Colour::Gold) => Colour::Navy,
            (Colour::Gold, Colour::Navy) | (Colour::Navy, Colour::Gold) => Colour::Silver,
            (Colour::Silver, Colour::Navy)
            | (Colour::Navy, Colour::Silver)
            | (Colour::Gold, Colour::Gold)
            | (Colour::Silver, Colour::Silver)
            | (Colour::Navy, Colour::Navy) => Colour::Gold,
        }
    }

    /// True for gold and silver, the colours a seat can play as (MB-3).
    #[must_use]
    pub const fn is_player_colour(self) -> bool {
        match self {
            Colour::Gold | Colour::Silver => true,
            Colour::Navy => false,
        }
    }

    /// The lower-case word used in renders.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Colour::Gold => "gold",
            Colour::Silver => "silver",
            Colour::Navy => "navy",
        }
    }

    /// One letter, `G`, `S` or `N`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Gold => 'G',
            Colour::Silver => 'S',
            Colour::Navy => 'N',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A ring kind, ordered by size first, then colour (§1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Large or small.
    pub size: Size,
    /// Gold, silver or navy.
    pub colour: Colour,
}

impl Piece {
    /// The piece of this size and colour.
    #[must_use]
    pub const fn new(size: Size, colour: Colour) -> Piece {
        Piece { size, colour }
    }

    /// All six pieces, in `Ord` order.
    pub const ALL: [Piece; 6] = [
        Piece::new(Size::Large, Colour::Gold),
        Piece::new(Size::Large, Colour::Silver),
        Piece::new(Size::Large, Colour::Navy),
        Piece::new(Size::Small, Colour::Gold),
        Piece::new(Size::Small, Colour::Silver),
        Piece::new(Size::Small, Colour::Navy),
    ];
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.size.letter(), self.colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_order_by_size_then_colour() {
        let mut sorted = Piece::ALL;
        sorted.sort();
        assert_eq!(sorted, Piece::ALL);
        assert!(Piece::new(Size::Large, Colour::Navy) < Piece::new(Size::Small, Colour::Gold));
    }

    #[test]
    fn third_colour_of_a_pair() {
        assert_eq!(Colour::Gold.third(Colour::Silver), Colour::Navy);
        assert_eq!(Colour::Navy.third(Colour::Gold), Colour::Silver);
        assert_eq!(Colour::Silver.third(Colour::Navy), Colour::Gold);
    }
}
