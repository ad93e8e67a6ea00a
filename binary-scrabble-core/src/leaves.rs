//! The leave table: what the tiles a seat keeps after its turn are worth,
//! learned by self-play (`examples/bscrabble-leaves.rs`) and shipped as
//! data in `data/leaves.txt`.
//!
//! A leave is keyed by its multiset over five classes of tiles, `0`, `1`,
//! `=`, operators (every binary operator and `NOT`) and blanks: that keeps
//! the table small enough (2002 keys of up to 9 tiles) for every key that
//! occurs in play to be seen many times in a few thousand games.

use std::fmt;
use std::sync::OnceLock;

use thiserror::Error;

use crate::tile::{Kind, KindCounts};

/// The most tiles a key counts: a rack (a pass keeps all 9).
pub const MAX_LEAVE_TILES: u8 = 9;

/// How many classes a key counts.
pub const LEAVE_CLASSES: usize = 5;

/// The shipped table, as text (see [`LeaveTable::parse`] for the format).
const SHIPPED: &str = include_str!("../data/leaves.txt");

/// A leave's class of tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LeaveClass {
    /// A `0` tile.
    Zero,
    /// A `1` tile.
    One,
    /// An `=` tile.
    Equals,
    /// Any operator tile: `+ - x / AND OR XOR NOT`.
    Operator,
    /// A blank.
    Blank,
}

impl LeaveClass {
    /// The classes in key order.
    pub const ALL: [LeaveClass; LEAVE_CLASSES] = [
        LeaveClass::Zero,
        LeaveClass::One,
        LeaveClass::Equals,
        LeaveClass::Operator,
        LeaveClass::Blank,
    ];

    /// The class of a tile kind.
    #[must_use]
    pub const fn of(kind: Kind) -> LeaveClass {
        match kind {
            Kind::Zero => LeaveClass::Zero,
            Kind::One => LeaveClass::One,
            Kind::Equals => LeaveClass::Equals,
            Kind::Plus
            | Kind::Minus
            | Kind::Times
            | Kind::Divide
            | Kind::And
            | Kind::Or
            | Kind::Xor
            | Kind::Not => LeaveClass::Operator,
            Kind::Blank => LeaveClass::Blank,
        }
    }
}

/// A leave's key: its tile count per [`LeaveClass`], at most
/// [`MAX_LEAVE_TILES`] in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeaveKey(pub [u8; LEAVE_CLASSES]);

impl LeaveKey {
    /// The key of a multiset of tiles (`None` above [`MAX_LEAVE_TILES`]).
    #[must_use]
    pub fn of(tiles: &KindCounts) -> Option<LeaveKey> {
        let mut key = [0u8; LEAVE_CLASSES];
        for kind in Kind::ALL {
            let class = LeaveClass::of(kind) as usize;
            key[class] = key[class].saturating_add(tiles.get(kind));
        }
        let k = LeaveKey(key);
        (k.total() <= u32::from(MAX_LEAVE_TILES)).then_some(k)
    }

    /// How many tiles the key counts.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Every key, in `Ord` order: all count vectors of at most
    /// [`MAX_LEAVE_TILES`] tiles.
    #[must_use]
    pub fn all() -> Vec<LeaveKey> {
        let mut out = Vec::new();
        let max = MAX_LEAVE_TILES;
        for a in 0..=max {
            for b in 0..=max - a {
                for c in 0..=max - a - b {
                    for d in 0..=max - a - b - c {
                        for e in 0..=max - a - b - c - d {
                            out.push(LeaveKey([a, b, c, d, e]));
                        }
                    }
                }
            }
        }
        out
    }

    /// The slot of the key in a dense table.
    fn slot(&self) -> usize {
        self.0
            .iter()
            .fold(0usize, |acc, &n| acc * 10 + usize::from(n))
    }
}

impl fmt::Display for LeaveKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "{a} {b} {c} {d} {e}")
    }
}

/// Why a leave table's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LeaveTableError {
    /// A line that is not five counts and a value.
    #[error("leave table line {line}: expected `zeros ones equals operators blanks value`")]
    Malformed {
        /// The line number, from 1.
        line: usize,
    },
    /// A key over [`MAX_LEAVE_TILES`] tiles.
    #[error("leave table line {line}: more than {MAX_LEAVE_TILES} tiles")]
    TooManyTiles {
        /// The line number, from 1.
        line: usize,
    },
    /// A key given twice.
    #[error("leave table line {line}: key {key} given twice")]
    Duplicate {
        /// The line number, from 1.
        line: usize,
        /// The key.
        key: String,
    },
    /// A key without a value.
    #[error("leave table: no value for key {key}")]
    Missing {
        /// The first key missing.
        key: String,
    },
}

/// The value of every leave, in points of future score.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaveTable {
    /// Values by [`LeaveKey::slot`]; keys over the limit stay 0.
    values: Vec<f32>,
    /// The highest value, for pruning the move search.
    max: f32,
}

impl LeaveTable {
    /// The table that values every leave at 0 (a bot using it plays for
    /// score alone).
    #[must_use]
    pub fn zero() -> LeaveTable {
        LeaveTable {
            values: vec![0.0; 100_000],
            max: 0.0,
        }
    }

    /// A table from a value per key; keys not listed get 0.
    #[must_use]
    pub fn from_values(values: impl IntoIterator<Item = (LeaveKey, f32)>) -> LeaveTable {
        let mut t = LeaveTable::zero();
        for (k, v) in values {
            if k.total() <= u32::from(MAX_LEAVE_TILES) && v.is_finite() {
                t.values[k.slot()] = v;
            }
        }
        t.max = LeaveKey::all()
            .iter()
            .map(|k| t.values[k.slot()])
            .fold(f32::MIN, f32::max);
        t
    }

    /// The table shipped with the crate (`data/leaves.txt`), read once.
    ///
    /// The file is checked by the crate's tests; were it ever unreadable,
    /// this is the zero table rather than a panic.
    #[must_use]
    pub fn shipped() -> &'static LeaveTable {
        static TABLE: OnceLock<LeaveTable> = OnceLock::new();
        TABLE.get_or_init(|| LeaveTable::parse(SHIPPED).unwrap_or_else(|_| LeaveTable::zero()))
    }

    /// Reads a table: one line per key, `zeros ones equals operators blanks
    /// value` separated by spaces; `#` starts a comment. Every key of
    /// [`LeaveKey::all`] must be given exactly once.
    ///
    /// # Errors
    /// The first line that is wrong, or the first key missing.
    pub fn parse(text: &str) -> Result<LeaveTable, LeaveTableError> {
        let mut seen = vec![false; 100_000];
        let mut values = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            let fields: Vec<&str> = body.split_whitespace().collect();
            let malformed = || LeaveTableError::Malformed { line };
            if fields.len() != LEAVE_CLASSES + 1 {
                return Err(malformed());
            }
            let mut key = [0u8; LEAVE_CLASSES];
            for (slot, field) in key.iter_mut().zip(&fields) {
                *slot = field
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n <= MAX_LEAVE_TILES)
                    .ok_or_else(malformed)?;
            }
            let key = LeaveKey(key);
            if key.total() > u32::from(MAX_LEAVE_TILES) {
                return Err(LeaveTableError::TooManyTiles { line });
            }
            let value = fields[LEAVE_CLASSES]
                .parse::<f32>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(malformed)?;
            if std::mem::replace(&mut seen[key.slot()], true) {
                return Err(LeaveTableError::Duplicate {
                    line,
                    key: key.to_string(),
                });
            }
            values.push((key, value));
        }
        if let Some(k) = LeaveKey::all().into_iter().find(|k| !seen[k.slot()]) {
            return Err(LeaveTableError::Missing { key: k.to_string() });
        }
        Ok(LeaveTable::from_values(values))
    }

    /// The table as text that [`LeaveTable::parse`] reads back.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("# zeros ones equals operators blanks value\n");
        for k in LeaveKey::all() {
            out.push_str(&format!("{k} {:.2}\n", self.values[k.slot()]));
        }
        out
    }

    /// The value of a key.
    #[must_use]
    pub fn key_value(&self, key: LeaveKey) -> f32 {
        self.values.get(key.slot()).copied().unwrap_or(0.0)
    }

    /// The value of keeping `tiles` (0 for more than a rack).
    #[must_use]
    pub fn value(&self, tiles: &KindCounts) -> f32 {
        LeaveKey::of(tiles).map_or(0.0, |k| self.key_value(k))
    }

    /// The highest value of any leave.
    #[must_use]
    pub fn max_value(&self) -> f32 {
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_count_every_multiset_up_to_a_rack() {
        // Multisets of at most 9 over 5 classes: C(14, 5).
        assert_eq!(LeaveKey::all().len(), 2002);
    }

    #[test]
    fn text_round_trips() {
        let t = LeaveTable::from_values([(LeaveKey([1, 1, 1, 0, 0]), 3.5)]);
        let back = LeaveTable::parse(&t.to_text("test")).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.value(&"0 1 =".parse().unwrap()), 3.5);
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        assert!(matches!(
            LeaveTable::parse("1 2 3"),
            Err(LeaveTableError::Malformed { line: 1 })
        ));
        assert!(matches!(
            LeaveTable::parse("5 5 0 0 0 1.0"),
            Err(LeaveTableError::TooManyTiles { line: 1 })
        ));
        assert!(matches!(
            LeaveTable::parse("0 0 0 0 0 1.0\n0 0 0 0 0 2"),
            Err(LeaveTableError::Duplicate { line: 2, .. })
        ));
        assert!(matches!(
            LeaveTable::parse("0 0 0 0 0 1.0"),
            Err(LeaveTableError::Missing { .. })
        ));
        assert!(LeaveTable::parse("0 0 0 0 0 NaN").is_err());
    }
}
