//! The 15×15 board of placed tiles (R-1, R-9) and its runs.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::square::{Dir, SIZE, SQUARES, Square};
use crate::tile::{Face, Kind};

/// A tile on the board: the face it shows and whether it is a blank (R-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    /// The face every rule reads.
    pub face: Face,
    /// True for a blank showing `face`; it scores 0 points.
    pub blank: bool,
}

impl Tile {
    /// The kind the tile counts as in racks and tile counts (R-9).
    #[must_use]
    pub const fn kind(self) -> Kind {
        if self.blank {
            Kind::Blank
        } else {
            self.face.kind()
        }
    }

    const fn encode(self) -> u8 {
        (self.face as u8 + 1) | if self.blank { BLANK } else { 0 }
    }

    const fn decode(cell: u8) -> Option<Tile> {
        if cell == 0 {
            return None;
        }
        match Face::from_index(((cell & FACE) - 1) as usize) {
            Some(face) => Some(Tile {
                face,
                blank: cell & BLANK != 0,
            }),
            None => None,
        }
    }
}

impl fmt::Display for Tile {
    /// `1`, `AND`, or `?1` for a blank showing `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.blank {
            f.write_str("?")?;
        }
        f.write_str(self.face.symbol())
    }
}

impl FromStr for Tile {
    type Err = crate::tile::ParseFaceError;

    /// Reads `1`, `AND`, or `?1` for a blank.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.strip_prefix('?') {
            Some(rest) => Ok(Tile {
                face: rest.parse()?,
                blank: true,
            }),
            None => Ok(Tile {
                face: s.parse()?,
                blank: false,
            }),
        }
    }
}

const FACE: u8 = 0x0f;
const BLANK: u8 = 0x10;

/// The board: 225 squares, each empty or holding a [`Tile`], one byte each.
///
/// In JSON it is the list of occupied squares in index order, each written
/// `"H8 1"` or `"A8 ?1"` (square, then the tile, `?` marking a blank).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; SQUARES],
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    #[must_use]
    pub const fn new() -> Board {
        Board {
            cells: [0; SQUARES],
        }
    }

    /// The tile on `sq`, if any.
    #[must_use]
    pub fn get(&self, sq: Square) -> Option<Tile> {
        Tile::decode(self.cells[sq.index()])
    }

    /// True when `sq` holds a tile.
    #[must_use]
    pub fn is_occupied(&self, sq: Square) -> bool {
        self.cells[sq.index()] != 0
    }

    /// Puts `tile` on `sq` (replacing what was there).
    pub fn set(&mut self, sq: Square, tile: Tile) {
        self.cells[sq.index()] = tile.encode();
    }

    /// Empties `sq`.
    pub fn clear(&mut self, sq: Square) {
        self.cells[sq.index()] = 0;
    }

    /// True when no tile is on the board.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.iter().all(|&c| c == 0)
    }

    /// The occupied squares with their tiles, in index order.
    pub fn tiles(&self) -> impl Iterator<Item = (Square, Tile)> + '_ {
        self.cells.iter().enumerate().filter_map(|(i, &c)| {
            let tile = Tile::decode(c)?;
            Some((Square::new(i)?, tile))
        })
    }

    /// How many tiles are on the board.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// The raw byte of square index `i` (0 for empty), for fast scans.
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The face in a raw cell byte (the cell must be occupied).
    #[inline]
    pub(crate) fn cell_face(cell: u8) -> Face {
        match Face::from_index(((cell & FACE).wrapping_sub(1)) as usize) {
            Some(f) => f,
            None => Face::Zero,
        }
    }

    /// True when a raw cell byte is a blank.
    #[inline]
    pub(crate) fn cell_blank(cell: u8) -> bool {
        cell & BLANK != 0
    }

    /// True when an occupied square is orthogonally next to `sq`.
    #[must_use]
    pub fn has_neighbour(&self, sq: Square) -> bool {
        sq.neighbours().any(|n| self.is_occupied(n))
    }

    /// The squares of the run through `sq` along `dir`, as `(first, last)`
    /// positions: the maximal stretch of occupied squares around `sq`,
    /// counting `sq` itself as occupied.
    #[must_use]
    pub fn run_bounds(&self, sq: Square, dir: Dir) -> (usize, usize) {
        let (line, pos) = dir.line_pos(sq);
        let mut first = pos;
        while first > 0 && self.cells[dir.square(line, first - 1)] != 0 {
            first -= 1;
        }
        let mut last = pos;
        while last + 1 < SIZE && self.cells[dir.square(line, last + 1)] != 0 {
            last += 1;
        }
        (first, last)
    }
}

/// A board list that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad board entry {entry:?}: {reason}")]
pub struct ParseBoardError {
    /// The entry.
    pub entry: String,
    /// What is wrong with it.
    pub reason: String,
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads a board list such as `C8 1, D8 +, A8 ?1` (entries separated by
    /// commas; a blank marked `?`). Each square may appear once.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut board = Board::new();
        for entry in s.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let fail = |reason: String| ParseBoardError {
                entry: entry.to_owned(),
                reason,
            };
            let (sq, tile) = entry
                .split_once(char::is_whitespace)
                .ok_or_else(|| fail("want a square and a tile, like H8 1".into()))?;
            let sq: Square = sq
                .parse()
                .map_err(|e: crate::square::ParseSquareError| fail(e.to_string()))?;
            let tile: Tile = tile
                .trim()
                .parse()
                .map_err(|e: crate::tile::ParseFaceError| fail(e.to_string()))?;
            if board.is_occupied(sq) {
                return Err(fail(format!("{sq} is listed twice")));
            }
            board.set(sq, tile);
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// The board list, `C8 1, D8 +, A8 ?1`, in square order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (sq, t)) in self.tiles().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{sq} {t}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.tiles().map(|(sq, t)| format!("{sq} {t}")))
            .finish()
    }
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.tiles().map(|(sq, t)| format!("{sq} {t}")))
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let entries = Vec::<String>::deserialize(d)?;
        let mut board = Board::new();
        for entry in entries {
            let (sq, tile) = entry
                .split_once(' ')
                .ok_or_else(|| D::Error::custom(format!("board entry {entry:?}: want \"H8 1\"")))?;
            let sq: Square = sq.parse().map_err(D::Error::custom)?;
            let tile: Tile = tile.parse().map_err(D::Error::custom)?;
            if board.is_occupied(sq) {
                return Err(D::Error::custom(format!("square {sq} listed twice")));
            }
            board.set(sq, tile);
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_lists_round_trip_through_json() {
        let mut b = Board::new();
        b.set(Square::CENTRE, "1".parse().unwrap());
        b.set("A8".parse().unwrap(), "?AND".parse().unwrap());
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"["A8 ?AND","H8 1"]"#);
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        assert!(serde_json::from_str::<Board>(r#"["H8 1","H8 0"]"#).is_err());
        assert!(serde_json::from_str::<Board>(r#"["P8 1"]"#).is_err());
        assert!(serde_json::from_str::<Board>(r#"["H8 2"]"#).is_err());
    }

    #[test]
    fn tiles_know_their_kind() {
        let blank: Tile = "?=".parse().unwrap();
        assert_eq!(blank.kind(), Kind::Blank);
        assert_eq!(blank.to_string(), "?=");
        let one: Tile = "1".parse().unwrap();
        assert_eq!(one.kind(), Kind::One);
    }
}
