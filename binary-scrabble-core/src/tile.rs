//! Tile kinds, faces and multisets of tiles.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// What a tile shows on the board: one token of an equation.
///
/// Declared in the spec's canonical kind order, which every `Ord` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Face {
    /// The digit `0`.
    Zero,
    /// The digit `1`.
    One,
    /// The side separator `=`.
    Equals,
    /// Addition `+`.
    Plus,
    /// Subtraction `-`.
    Minus,
    /// Multiplication `x`.
    Times,
    /// Exact division `/`.
    Divide,
    /// Bitwise `AND`.
    And,
    /// Bitwise `OR`.
    Or,
    /// Bitwise `XOR` (a face in play only with T-7).
    Xor,
    /// `NOT` of the digit run that follows it.
    Not,
}

impl Face {
    /// All eleven faces in kind order.
    pub const ALL: [Face; 11] = [
        Face::Zero,
        Face::One,
        Face::Equals,
        Face::Plus,
        Face::Minus,
        Face::Times,
        Face::Divide,
        Face::And,
        Face::Or,
        Face::Xor,
        Face::Not,
    ];

    /// The position of the face in kind order (`0` is 0, `NOT` is 10).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face at position `i` of the kind order.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Face> {
        if i < 11 { Some(Face::ALL[i]) } else { None }
    }

    /// This face as a one-bit mask, for face sets.
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// The token as written in the text form: `0 1 = + - x / AND OR XOR NOT`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Face::Zero => "0",
            Face::One => "1",
            Face::Equals => "=",
            Face::Plus => "+",
            Face::Minus => "-",
            Face::Times => "x",
            Face::Divide => "/",
            Face::And => "AND",
            Face::Or => "OR",
            Face::Xor => "XOR",
            Face::Not => "NOT",
        }
    }

    /// True for the digits `0` and `1`.
    #[must_use]
    pub const fn is_digit(self) -> bool {
        matches!(self, Face::Zero | Face::One)
    }

    /// True for the binary operators of R-11 (`+ - x / AND OR XOR`).
    #[must_use]
    pub const fn is_binop(self) -> bool {
        matches!(
            self,
            Face::Plus
                | Face::Minus
                | Face::Times
                | Face::Divide
                | Face::And
                | Face::Or
                | Face::Xor
        )
    }

    /// True for the tokens written as words (`AND OR XOR NOT`).
    #[must_use]
    pub const fn is_word(self) -> bool {
        matches!(self, Face::And | Face::Or | Face::Xor | Face::Not)
    }

    /// The tile kind whose natural face this is.
    #[must_use]
    pub const fn kind(self) -> Kind {
        Kind::ALL[self as usize]
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A face symbol that is not one of `0 1 = + - x / AND OR XOR NOT`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown face {0:?}: expected one of 0 1 = + - x / AND OR XOR NOT")]
pub struct ParseFaceError(pub String);

impl FromStr for Face {
    type Err = ParseFaceError;

    /// Reads one token; `×`/`*` mean `x`, `÷` means `/`, words in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let face = match s {
            "0" => Face::Zero,
            "1" => Face::One,
            "=" => Face::Equals,
            "+" => Face::Plus,
            "-" => Face::Minus,
            "x" | "×" | "*" => Face::Times,
            "/" | "÷" => Face::Divide,
            _ => match s.to_ascii_uppercase().as_str() {
                "AND" => Face::And,
                "OR" => Face::Or,
                "XOR" => Face::Xor,
                "NOT" => Face::Not,
                _ => return Err(ParseFaceError(s.to_owned())),
            },
        };
        Ok(face)
    }
}

/// A kind of tile in the bag and on racks: the eleven faces and the blank.
///
/// Declared in the canonical kind order; chance outcomes (draws) are kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Kind {
    /// A `0` tile.
    Zero,
    /// A `1` tile.
    One,
    /// An `=` tile.
    Equals,
    /// A `+` tile.
    Plus,
    /// A `-` tile.
    Minus,
    /// An `x` tile.
    Times,
    /// A `/` tile.
    Divide,
    /// An `AND` tile.
    And,
    /// An `OR` tile.
    Or,
    /// An `XOR` tile (only in the bag with T-7).
    Xor,
    /// A `NOT` tile.
    Not,
    /// A blank, which shows any face in play once placed.
    Blank,
}

impl Kind {
    /// All twelve kinds in canonical order.
    pub const ALL: [Kind; 12] = [
        Kind::Zero,
        Kind::One,
        Kind::Equals,
        Kind::Plus,
        Kind::Minus,
        Kind::Times,
        Kind::Divide,
        Kind::And,
        Kind::Or,
        Kind::Xor,
        Kind::Not,
        Kind::Blank,
    ];

    /// The position of the kind in canonical order (blank is 11).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The natural face of the kind; `None` for the blank.
    #[must_use]
    pub const fn face(self) -> Option<Face> {
        Face::from_index(self as usize)
    }

    /// The kind's symbol: its face's token, or `?` for the blank.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self.face() {
            Some(f) => f.symbol(),
            None => "?",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

impl FromStr for Kind {
    type Err = ParseFaceError;

    /// Reads a kind symbol: a face token, or `?` for the blank.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "?" {
            Ok(Kind::Blank)
        } else {
            s.parse::<Face>().map(Face::kind)
        }
    }
}

/// A multiset of tiles as a count per kind, indexed in kind order (E-1).
///
/// Racks, the bag, set-aside tiles and exchanges are all `KindCounts`. The
/// derived `Ord` compares the count vectors lexicographically, which is the
/// order of `Exchange` actions (E-4). In JSON it is a list of 12 counts.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct KindCounts(pub [u8; 12]);

impl KindCounts {
    /// The empty multiset.
    pub const EMPTY: KindCounts = KindCounts([0; 12]);

    /// How many tiles of `kind`.
    #[must_use]
    pub const fn get(&self, kind: Kind) -> u8 {
        self.0[kind as usize]
    }

    /// Sets the count of `kind`.
    pub fn set(&mut self, kind: Kind, n: u8) {
        self.0[kind.index()] = n;
    }

    /// The number of tiles in all.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// True when there is no tile.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// True when every count of `other` is at most this one's.
    #[must_use]
    pub fn contains(&self, other: &KindCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// The first kind of which `other` holds more than `self`, with both counts.
    #[must_use]
    pub fn first_missing(&self, other: &KindCounts) -> Option<(Kind, u8, u8)> {
        Kind::ALL
            .iter()
            .find(|k| other.get(**k) > self.get(**k))
            .map(|&k| (k, other.get(k), self.get(k)))
    }

    /// Adds one tile of `kind`; `None` if the count would overflow.
    pub fn add_one(&mut self, kind: Kind) -> Option<()> {
        let c = &mut self.0[kind.index()];
        *c = c.checked_add(1)?;
        Some(())
    }

    /// Removes one tile of `kind`; `None` (and no change) if there is none.
    pub fn remove_one(&mut self, kind: Kind) -> Option<()> {
        let c = &mut self.0[kind.index()];
        *c = c.checked_sub(1)?;
        Some(())
    }

    /// The sum of two multisets; `None` on overflow.
    #[must_use]
    pub fn checked_add(&self, other: &KindCounts) -> Option<KindCounts> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a = a.checked_add(*b)?;
        }
        Some(out)
    }

    /// The difference of two multisets; `None` unless `other` is contained.
    #[must_use]
    pub fn checked_sub(&self, other: &KindCounts) -> Option<KindCounts> {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a = a.checked_sub(*b)?;
        }
        Some(out)
    }

    /// The tiles one by one in kind order.
    pub fn tiles(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL
            .iter()
            .flat_map(move |&k| std::iter::repeat_n(k, usize::from(self.get(k))))
    }

    /// A multiset from a list of kinds; `None` if a count would overflow.
    pub fn from_kinds(kinds: impl IntoIterator<Item = Kind>) -> Option<KindCounts> {
        let mut out = KindCounts::EMPTY;
        for k in kinds {
            out.add_one(k)?;
        }
        Some(out)
    }
}

impl fmt::Display for KindCounts {
    /// The tiles separated by spaces in kind order (`0 0 1 = ?`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for k in self.tiles() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            f.write_str(k.symbol())?;
        }
        Ok(())
    }
}

impl FromStr for KindCounts {
    type Err = ParseFaceError;

    /// Reads kind symbols separated by spaces or commas (`0 0 1 = ?`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut out = KindCounts::EMPTY;
        for word in s.split([' ', ',']).filter(|w| !w.is_empty()) {
            let kind: Kind = word.parse()?;
            out.add_one(kind)
                .ok_or_else(|| ParseFaceError(format!("{word} (more than 255)")))?;
        }
        Ok(out)
    }
}

/// A set of faces as a bitmask (bit `i` is the face of kind `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FaceSet(pub u16);

impl FaceSet {
    /// The faces of the set in kind order.
    pub fn iter(self) -> impl Iterator<Item = Face> {
        Face::ALL.into_iter().filter(move |f| self.0 & f.bit() != 0)
    }

    /// True when `face` is in the set.
    #[must_use]
    pub const fn contains(self, face: Face) -> bool {
        self.0 & face.bit() != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_faces_share_the_canonical_order() {
        for (i, f) in Face::ALL.iter().enumerate() {
            assert_eq!(f.index(), i);
            assert_eq!(f.kind().index(), i);
            assert_eq!(f.kind().face(), Some(*f));
        }
        assert_eq!(Kind::Blank.face(), None);
        assert!(Face::ALL.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn faces_parse_their_symbols_and_aliases() {
        for f in Face::ALL {
            assert_eq!(f.symbol().parse::<Face>(), Ok(f));
        }
        assert_eq!("×".parse::<Face>(), Ok(Face::Times));
        assert_eq!("*".parse::<Face>(), Ok(Face::Times));
        assert_eq!("÷".parse::<Face>(), Ok(Face::Divide));
        assert!("2".parse::<Face>().is_err());
    }

    #[test]
    fn counts_read_and_write_tile_lists() {
        let rack: KindCounts = "0 0 1 = ?".parse().unwrap();
        assert_eq!(rack.get(Kind::Zero), 2);
        assert_eq!(rack.get(Kind::Blank), 1);
        assert_eq!(rack.total(), 5);
        assert_eq!(rack.to_string(), "0 0 1 = ?");
        let two: KindCounts = "0 ?".parse().unwrap();
        assert!(rack.contains(&two));
        assert_eq!(rack.checked_sub(&two).unwrap().to_string(), "0 1 =");
        assert_eq!(two.checked_sub(&rack), None);
    }
}
