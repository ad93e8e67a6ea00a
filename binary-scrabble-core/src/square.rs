//! Squares, directions and the premium layout of the board.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Squares per side of the board.
pub const SIZE: usize = 15;
/// Squares on the board.
pub const SQUARES: usize = SIZE * SIZE;

/// One of the 225 squares, always valid: index `15·(row−1) + column` with
/// `A1` = 0, `H8` = 112 (the centre) and `O15` = 224.
///
/// Written `H8` (column letter `A`–`O`, row `1`–`15`), also in JSON, where a
/// square off the board is refused when it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The centre square `H8`, which the first play covers.
    pub const CENTRE: Square = Square(112);

    /// The square of index `i`, if `i < 225`.
    #[must_use]
    pub const fn new(i: usize) -> Option<Square> {
        if i < SQUARES {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The square at 0-based `col` (A = 0) and `row` (row 1 = 0).
    #[must_use]
    pub const fn at(col: usize, row: usize) -> Option<Square> {
        if col < SIZE && row < SIZE {
            Some(Square((row * SIZE + col) as u8))
        } else {
            None
        }
    }

    /// The square's index, 0 to 224.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based column (A = 0).
    #[must_use]
    pub const fn col(self) -> usize {
        self.0 as usize % SIZE
    }

    /// The 0-based row (row 1 = 0).
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / SIZE
    }

    /// The neighbour one step along `dir` (`+1`) or back (`-1`), if on the board.
    #[must_use]
    pub const fn step(self, dir: Dir, forward: bool) -> Option<Square> {
        let (c, r) = (self.col(), self.row());
        match (dir, forward) {
            (Dir::Across, true) => Square::at(c + 1, r),
            (Dir::Across, false) => {
                if c == 0 {
                    None
                } else {
                    Square::at(c - 1, r)
                }
            }
            (Dir::Down, true) => Square::at(c, r + 1),
            (Dir::Down, false) => {
                if r == 0 {
                    None
                } else {
                    Square::at(c, r - 1)
                }
            }
        }
    }

    /// The four orthogonal neighbours that are on the board.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        [
            self.step(Dir::Across, false),
            self.step(Dir::Across, true),
            self.step(Dir::Down, false),
            self.step(Dir::Down, true),
        ]
        .into_iter()
        .flatten()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = char::from(b'A' + self.col() as u8);
        write!(f, "{col}{}", self.row() + 1)
    }
}

/// Text that does not name a square `A1`..`O15`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a square A1..O15")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `H8` (the column letter in either case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseSquareError(s.to_owned());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(bad());
        }
        let col = usize::from(letter as u8 - b'A');
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: usize = digits.parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        Square::at(col, row - 1).ok_or_else(bad)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The direction of a play's line (E-4): `Across` is a row, `Down` a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Dir {
    /// Along a row, left to right.
    Across,
    /// Along a column, top to bottom.
    Down,
}

impl Dir {
    /// The other direction.
    #[must_use]
    pub const fn cross(self) -> Dir {
        match self {
            Dir::Across => Dir::Down,
            Dir::Down => Dir::Across,
        }
    }

    /// The square at position `pos` of line `line` in this direction (a row
    /// for `Across`, a column for `Down`); both must be below 15.
    #[must_use]
    pub(crate) const fn square(self, line: usize, pos: usize) -> usize {
        match self {
            Dir::Across => line * SIZE + pos,
            Dir::Down => pos * SIZE + line,
        }
    }

    /// The line of `sq` in this direction and its position along it.
    #[must_use]
    pub const fn line_pos(self, sq: Square) -> (usize, usize) {
        match self {
            Dir::Across => (sq.row(), sq.col()),
            Dir::Down => (sq.col(), sq.row()),
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::Across => "Across",
            Dir::Down => "Down",
        })
    }
}

/// A premium square's effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Premium {
    /// A plain square.
    Plain,
    /// Double letter: the tile placed here counts twice.
    DoubleLetter,
    /// Triple letter: the tile placed here counts three times.
    TripleLetter,
    /// Double word: equations through the new tile count twice.
    DoubleWord,
    /// Triple word: equations through the new tile count three times.
    TripleWord,
}

impl Premium {
    /// The letter multiplier LM of R-26.
    #[must_use]
    pub const fn letter(self) -> i32 {
        match self {
            Premium::DoubleLetter => 2,
            Premium::TripleLetter => 3,
            Premium::Plain | Premium::DoubleWord | Premium::TripleWord => 1,
        }
    }

    /// The word multiplier WM of R-26.
    #[must_use]
    pub const fn word(self) -> i32 {
        match self {
            Premium::DoubleWord => 2,
            Premium::TripleWord => 3,
            Premium::Plain | Premium::DoubleLetter | Premium::TripleLetter => 1,
        }
    }

    /// A two-letter label for boards (`TW`, `DW`, `TL`, `DL`, or `.`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Premium::Plain => ".",
            Premium::DoubleLetter => "DL",
            Premium::TripleLetter => "TL",
            Premium::DoubleWord => "DW",
            Premium::TripleWord => "TW",
        }
    }
}

// the standard layout, 61 premium squares.
const TRIPLE_WORD: [&str; 8] = ["A1", "H1", "O1", "A8", "O8", "A15", "H15", "O15"];
const DOUBLE_WORD: [&str; 17] = [
    "B2", "N2", "C3", "M3", "D4", "L4", "E5", "K5", "H8", "E11", "K11", "D12", "L12", "C13", "M13",
    "B14", "N14",
];
const TRIPLE_LETTER: [&str; 12] = [
    "F2", "J2", "B6", "F6", "J6", "N6", "B10", "F10", "J10", "N10", "F14", "J14",
];
const DOUBLE_LETTER: [&str; 24] = [
    "D1", "L1", "G3", "I3", "A4", "H4", "O4", "C7", "G7", "I7", "M7", "D8", "L8", "C9", "G9", "I9",
    "M9", "A12", "H12", "O12", "G13", "I13", "D15", "L15",
];

/// The premium of every square, kept in the rules object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    premiums: [Premium; SQUARES],
}

impl Layout {
    /// The standard layout of R-1.
    #[must_use]
    pub fn standard() -> Layout {
        let mut premiums = [Premium::Plain; SQUARES];
        let lists: [(&[&str], Premium); 4] = [
            (&TRIPLE_WORD, Premium::TripleWord),
            (&DOUBLE_WORD, Premium::DoubleWord),
            (&TRIPLE_LETTER, Premium::TripleLetter),
            (&DOUBLE_LETTER, Premium::DoubleLetter),
        ];
        for (names, premium) in lists {
            for name in names {
                if let Ok(sq) = name.parse::<Square>() {
                    premiums[sq.index()] = premium;
                }
            }
        }
        Layout { premiums }
    }

    /// The premium of `sq`.
    #[must_use]
    pub fn premium(&self, sq: Square) -> Premium {
        self.premiums[sq.index()]
    }

    /// The premium of the square of index `i` (below 225).
    #[must_use]
    pub(crate) fn at(&self, i: usize) -> Premium {
        self.premiums[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_follow_the_index_convention() {
        assert_eq!("A1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("H8".parse::<Square>().unwrap(), Square::CENTRE);
        assert_eq!("O15".parse::<Square>().unwrap().index(), 224);
        assert_eq!(Square::CENTRE.to_string(), "H8");
        for bad in ["", "P1", "A0", "A16", "8H", "A1x", "A01x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        for i in 0..SQUARES {
            let sq = Square::new(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
    }

    #[test]
    fn r1_layout_has_61_premiums_and_all_symmetries() {
        let layout = Layout::standard();
        let mut counts = [0; 5];
        for i in 0..SQUARES {
            let sq = Square::new(i).unwrap();
            let p = layout.premium(sq);
            counts[p as usize] += 1;
            let (c, r) = (sq.col(), sq.row());
            for (c2, r2) in [(r, c), (14 - c, r), (c, 14 - r)] {
                assert_eq!(layout.premium(Square::at(c2, r2).unwrap()), p, "{sq}");
            }
        }
        assert_eq!(counts, [225 - 61, 24, 12, 17, 8]);
        assert_eq!(layout.premium(Square::CENTRE), Premium::DoubleWord);
    }
}
