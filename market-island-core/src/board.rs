//! The board: squares, the default island, and movement with the lap bonus (§3.3, MI-11).

use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Pile;

/// A square of the board track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Square {
    /// The start square: pawns begin here; reaching it pays the lap bonus.
    Start,
    /// An action square.
    Action,
    /// An expense square.
    Expense,
    /// An income square.
    Income,
    /// A Jellyfish square: the mover pays `jellyfish_square_fee`.
    Jellyfish,
    /// A Fire square: the mover gets `fire_square_bonus`.
    Fire,
    /// A Totem square: the mover may not mine this turn.
    Totem,
}

impl Square {
    /// Every square kind, in declaration order.
    pub const ALL: [Square; 7] = [
        Square::Start,
        Square::Action,
        Square::Expense,
        Square::Income,
        Square::Jellyfish,
        Square::Fire,
        Square::Totem,
    ];

    /// The pile the block card is taken from on this square (§3.3).
    #[must_use]
    pub const fn pile(self) -> Pile {
        match self {
            Square::Start | Square::Action | Square::Totem => Pile::Action,
            Square::Expense | Square::Jellyfish => Pile::Expense,
            Square::Income | Square::Fire => Pile::Income,
        }
    }

    /// The square's letter in board strings (`S A E I J F T`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Square::Start => 'S',
            Square::Action => 'A',
            Square::Expense => 'E',
            Square::Income => 'I',
            Square::Jellyfish => 'J',
            Square::Fire => 'F',
            Square::Totem => 'T',
        }
    }

    /// The square of a letter, case ignored.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Square> {
        let up = letter.to_ascii_uppercase();
        Square::ALL.into_iter().find(|s| s.letter() == up)
    }
}

/// The default board of §3.3: 32 squares, corners Start, Jellyfish, Fire, Totem.
pub const DEFAULT_BOARD: &str = "SAEAIAEAJIAEAIAEFAIAEAIATEAIAEAI";

/// Parses a board string of square letters (`"SJAA"`).
///
/// # Errors
/// The first character that is not a square letter, with its index.
pub fn parse_board(text: &str) -> Result<Vec<Square>, (usize, char)> {
    text.chars()
        .enumerate()
        .map(|(i, c)| Square::from_letter(c).ok_or((i, c)))
        .collect()
}

/// The default board as squares.
#[must_use]
pub fn default_board() -> Vec<Square> {
    parse_board(DEFAULT_BOARD).unwrap_or_default()
}

/// A board as its letter string.
#[must_use]
pub fn board_string(board: &[Square]) -> String {
    board.iter().map(|s| s.letter()).collect()
}

/// How many times a move of `roll` steps from `from` reaches `start` on a
/// board of `len` squares (MI-11, B-10): steps `k` in `1..=roll` count, or
/// `1..roll` when the landing step does not pay. The square left is not a
/// step, so leaving Start pays nothing.
#[must_use]
pub fn laps(from: usize, roll: u32, len: usize, start: usize, on_landing: bool) -> u32 {
    if len == 0 {
        return 0;
    }
    let len = len as u64;
    let last = if on_landing {
        u64::from(roll)
    } else {
        u64::from(roll).saturating_sub(1)
    };
    // The first step k >= 1 with (from + k) mod len = start. Squares are
    // below `len` in a checked state, and a roll rarely goes round twice,
    // so the divisions are left to the cases that need them.
    let below_len = |x: u64| if x < len { x } else { x % len };
    let from = below_len(from as u64);
    let start = below_len(start as u64);
    // In 1..=len: `start + len - from` is in 1..2 * len.
    let d = start + len - from;
    let first = if d > len { d - len } else { d };
    if first > last {
        0
    } else if last - first < len {
        1
    } else {
        u32::try_from((last - first) / len + 1).unwrap_or(u32::MAX)
    }
}

/// Serde for a board: written as its letter string, read from a string or
/// a list of square names.
pub mod serde_board {
    use super::*;

    /// Writes the board as a letter string.
    ///
    /// # Errors
    /// Whatever the serializer reports.
    pub fn serialize<S: Serializer>(board: &[Square], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&board_string(board))
    }

    /// Reads a board from a letter string or a list of square names.
    ///
    /// # Errors
    /// A character or name that is not a square.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Square>, D::Error> {
        struct BoardVisitor;
        impl<'de> Visitor<'de> for BoardVisitor {
            type Value = Vec<Square>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a board string such as \"SAEAI\" or a list of square names")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<Square>, E> {
                parse_board(v).map_err(|(i, c)| {
                    E::custom(format_args!(
                        "character {c:?} at {i} is not a square letter"
                    ))
                })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Square>, A::Error> {
                let mut out = Vec::new();
                while let Some(sq) = seq.next_element::<Square>()? {
                    out.push(sq);
                }
                Ok(out)
            }
        }
        d.deserialize_any(BoardVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_has_the_documented_mix() {
        let b = default_board();
        assert_eq!(b.len(), 32);
        let count = |sq| b.iter().filter(|s| **s == sq).count();
        assert_eq!(count(Square::Start), 1);
        let piles = |p| b.iter().filter(|s| s.pile() == p).count();
        assert_eq!(piles(Pile::Action), 16);
        assert_eq!(piles(Pile::Expense), 8);
        assert_eq!(piles(Pile::Income), 8);
        assert_eq!(b[8], Square::Jellyfish);
        assert_eq!(b[16], Square::Fire);
        assert_eq!(b[24], Square::Totem);
    }

    #[test]
    fn ex5_laps_count_reaching_or_passing_start() {
        assert_eq!(laps(30, 2, 32, 0, true), 1);
        assert_eq!(laps(30, 5, 32, 0, true), 1);
        assert_eq!(laps(28, 4, 32, 0, true), 1);
        assert_eq!(laps(0, 3, 32, 0, true), 0);
        assert_eq!(laps(30, 2, 32, 0, false), 0);
        assert_eq!(laps(30, 5, 32, 0, false), 1);
        assert_eq!(laps(1, 4, 2, 0, true), 2);
        assert_eq!(laps(0, 20, 1, 0, true), 20);
        assert_eq!(laps(0, 20, 1, 0, false), 19);
        // Start need not be at index 0.
        assert_eq!(laps(3, 2, 6, 5, true), 1);
        assert_eq!(laps(3, 1, 6, 5, true), 0);
    }
}
