//! Actions: plays, exchanges and passes (E-4), with their text form.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::Tile;
use crate::square::{Dir, Square};
use crate::tile::{Face, Kind, KindCounts};

/// Tiles a play may place at most: a full rack (R-3, R-6).
pub const MAX_TILES: usize = 9;

/// One tile of a play: where it goes, the face it shows, whether it is a blank.
///
/// `Ord` is by square, then face, then blank (`false < true`), as E-4 says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// The empty square it goes on.
    pub square: Square,
    /// The face it shows (a natural tile's face is its kind).
    pub face: Face,
    /// True for a blank showing `face`.
    pub blank: bool,
}

impl Placed {
    /// The tile as it will lie on the board.
    #[must_use]
    pub const fn tile(self) -> Tile {
        Tile {
            face: self.face,
            blank: self.blank,
        }
    }

    /// The rack kind it uses: the blank, or the face's own kind.
    #[must_use]
    pub const fn kind(self) -> Kind {
        self.tile().kind()
    }
}

impl fmt::Display for Placed {
    /// `H8 1` or `A8 ?1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.square, self.tile())
    }
}

const FILLER: Placed = Placed {
    square: Square::CENTRE,
    face: Face::Zero,
    blank: false,
};

/// Up to nine placed tiles stored inline, so plays never touch the heap.
///
/// Compares, hashes and serializes as the slice of its tiles.
#[derive(Clone, Copy)]
pub struct PlacedTiles {
    len: u8,
    items: [Placed; MAX_TILES],
}

impl PlacedTiles {
    /// No tiles.
    #[must_use]
    pub const fn new() -> PlacedTiles {
        PlacedTiles {
            len: 0,
            items: [FILLER; MAX_TILES],
        }
    }

    /// The tiles of a slice; `None` for more than nine.
    #[must_use]
    pub fn from_slice(tiles: &[Placed]) -> Option<PlacedTiles> {
        if tiles.len() > MAX_TILES {
            return None;
        }
        let mut out = PlacedTiles::new();
        out.items[..tiles.len()].copy_from_slice(tiles);
        out.len = tiles.len() as u8;
        Some(out)
    }

    /// The tiles as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Placed] {
        &self.items[..usize::from(self.len)]
    }

    /// Appends a tile; `None` when nine are already there.
    pub fn push(&mut self, p: Placed) -> Option<()> {
        let slot = self.items.get_mut(usize::from(self.len))?;
        *slot = p;
        self.len += 1;
        Some(())
    }

    /// Puts tile `p` at index `k` (below nine) and keeps the first `k + 1`
    /// tiles: the move generator changes a play's last tile in place.
    pub(crate) fn set_last(&mut self, k: usize, p: Placed) {
        if let Some(slot) = self.items.get_mut(k) {
            *slot = p;
            self.len = k as u8 + 1;
        }
    }

    /// Keeps the first `len` tiles (at most the nine stored).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = len.min(MAX_TILES) as u8;
    }

    /// How many tiles.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True for no tiles.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for PlacedTiles {
    fn default() -> Self {
        PlacedTiles::new()
    }
}

impl PartialEq for PlacedTiles {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for PlacedTiles {}

impl PartialOrd for PlacedTiles {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PlacedTiles {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl Hash for PlacedTiles {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for PlacedTiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for PlacedTiles {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for PlacedTiles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let tiles = Vec::<Placed>::deserialize(d)?;
        PlacedTiles::from_slice(&tiles).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} tiles in a play, at most {MAX_TILES}",
                tiles.len()
            ))
        })
    }
}

/// Placing tiles in one line (R-6).
///
/// Canonical form (E-4): squares strictly ascending; with two or more
/// tiles `dir` is their shared line; a single tile uses `Across`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The line of the play.
    pub dir: Dir,
    /// The tiles, ascending by square.
    pub tiles: PlacedTiles,
}

impl Play {
    /// A play of `tiles` along `dir`; `None` for more than nine tiles.
    #[must_use]
    pub fn new(dir: Dir, tiles: &[Placed]) -> Option<Play> {
        Some(Play {
            dir,
            tiles: PlacedTiles::from_slice(tiles)?,
        })
    }

    /// The tiles, ascending by square in a canonical play.
    #[must_use]
    pub fn tiles(&self) -> &[Placed] {
        self.tiles.as_slice()
    }

    /// The tiles taken from the rack, as counts per kind.
    #[must_use]
    pub fn rack_use(&self) -> KindCounts {
        let mut used = KindCounts::EMPTY;
        for p in self.tiles() {
            // At most nine tiles: no count can overflow.
            let _ = used.add_one(p.kind());
        }
        used
    }

    /// True when a blank is among the tiles.
    #[must_use]
    pub fn uses_blank(&self) -> bool {
        self.tiles().iter().any(|p| p.blank)
    }
}

impl fmt::Display for Play {
    /// `Across H8 1, I8 =, J8 ?1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.dir)?;
        for (i, p) in self.tiles().iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// A seat's turn (R-5, E-4): variant order is `Ord` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// Place tiles (R-6 to R-9, R-21 to R-28).
    Play(Play),
    /// Swap these tiles of the rack with the bag (R-29).
    Exchange(KindCounts),
    /// Do nothing (R-30).
    Pass,
    /// An exchange of this many tiles as the other seats see it in their
    /// logs (R-29, E-6: they learn the count, not the tiles). Never legal:
    /// it is the public form of [`Action::Exchange`].
    HiddenExchange(u8),
}

impl fmt::Display for Action {
    /// `Across H8 1, I8 =, J8 0`, `exchange 0 0 ?`, `pass` or `exchange of 3 tiles`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(p) => write!(f, "{p}"),
            Action::Exchange(k) => write!(f, "exchange {k}"),
            Action::Pass => f.write_str("pass"),
            Action::HiddenExchange(n) => write!(f, "exchange of {n} tiles"),
        }
    }
}

/// Text that is not an action in the form `Display` writes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action {text:?}: {reason}")]
pub struct ParseActionError {
    /// The text given.
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads what `Display` writes; case and commas are free
    /// (`down h8 1 h9 = h10 1` works too).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |reason: String| ParseActionError {
            text: s.to_owned(),
            reason,
        };
        let cleaned = s.replace(',', " ");
        let mut words = cleaned.split_whitespace();
        let head = words
            .next()
            .ok_or_else(|| fail("empty text".into()))?
            .to_ascii_lowercase();
        match head.as_str() {
            "pass" => {
                if words.next().is_some() {
                    return Err(fail("nothing may follow pass".into()));
                }
                Ok(Action::Pass)
            }
            "exchange" => {
                let rest: Vec<&str> = words.collect();
                if let ["of", n, "tiles" | "tile"] = rest.as_slice() {
                    let n = n
                        .parse()
                        .map_err(|_| fail(format!("bad tile count {n:?}")))?;
                    return Ok(Action::HiddenExchange(n));
                }
                let counts: KindCounts = rest
                    .join(" ")
                    .parse()
                    .map_err(|e: crate::tile::ParseFaceError| fail(e.to_string()))?;
                Ok(Action::Exchange(counts))
            }
            "across" | "down" => {
                let dir = if head == "across" {
                    Dir::Across
                } else {
                    Dir::Down
                };
                let rest: Vec<&str> = words.collect();
                if !rest.len().is_multiple_of(2) {
                    return Err(fail("each square needs a tile after it".into()));
                }
                let mut tiles = PlacedTiles::new();
                for pair in rest.chunks(2) {
                    let square: Square = pair[0].parse().map_err(|e| fail(format!("{e}")))?;
                    let tile: Tile = pair[1].parse().map_err(|e| fail(format!("{e}")))?;
                    tiles
                        .push(Placed {
                            square,
                            face: tile.face,
                            blank: tile.blank,
                        })
                        .ok_or_else(|| fail(format!("more than {MAX_TILES} tiles")))?;
                }
                Ok(Action::Play(Play { dir, tiles }))
            }
            other => Err(fail(format!(
                "{other:?} is not across, down, exchange or pass"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_text_round_trips() {
        for text in [
            "Across H8 1, I8 =, J8 ?1",
            "Down H9 ?AND, H10 1, H11 =, H12 0",
            "exchange 0 0 ?",
            "pass",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
        let loose: Action = "down h9 ?and h10 1".parse().unwrap();
        assert_eq!(loose.to_string(), "Down H9 ?AND, H10 1");
        assert!("Across H8".parse::<Action>().is_err());
        assert!("jump".parse::<Action>().is_err());
    }

    #[test]
    fn e4_order_plays_then_exchanges_then_pass() {
        let a: Action = "Across A8 0, B8 ?+".parse().unwrap();
        let b: Action = "Across A8 0, B8 +".parse().unwrap();
        let d: Action = "Down A1 0, A2 =".parse().unwrap();
        let e: Action = "exchange 0".parse().unwrap();
        assert!(
            b < a,
            "a natural tile sorts before a blank with the same face"
        );
        assert!(a < d);
        assert!(d < e);
        assert!(e < Action::Pass);
    }

    #[test]
    fn plays_hold_at_most_nine_tiles_in_json() {
        let ten = format!(
            r#"{{"Play":{{"dir":"Across","tiles":[{}]}}}}"#,
            [r#"{"square":"A1","face":"One","blank":false}"#; 10].join(",")
        );
        assert!(serde_json::from_str::<Action>(&ten).is_err());
        let a: Action = "Across H8 1, I8 =".parse().unwrap();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
}
