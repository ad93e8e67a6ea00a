//! The board: craters with integer centres, the overlap relation, and the
//! JSON-facing [`BoardSpec`] with its validation (§4, §5).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::geometry::{d2, sq};
use crate::{MoonBaseError, RingDims, Size};

/// The `format` value every board file carries (V1).
pub const BOARD_FORMAT: &str = "moon-base-board";
/// The board file version this crate reads (V1).
pub const BOARD_VERSION: i64 = 1;
/// The most craters a board may have (V3).
pub const MAX_CRATERS: usize = 256;
/// The widest and tallest board accepted, in mm (V2).
pub const MAX_BOARD_MM: i64 = 10_000;
/// How far outside the board's bounding box a coordinate may lie, in mm (§1).
pub const COORDINATE_MARGIN_MM: i32 = 1000;

/// A crater's index in the board's file order (§4).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct CraterId(pub u16);

impl CraterId {
    /// The index, for tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CraterId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "crater {}", self.0)
    }
}

/// One crater as a board file gives it (§5.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CraterSpec {
    /// A short name, 1–16 characters of `A–Z a–z 0–9 _ -` (V4).
    pub id: String,
    /// `"large"` or `"small"`.
    #[serde(with = "size_word")]
    pub size: Size,
    /// Centre, mm from the left edge.
    pub x: i64,
    /// Centre, mm from the top edge.
    pub y: i64,
}

/// A board as read from a file: anything the file format allows, checked
/// by [`Board::new`] (§5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Must be `"moon-base-board"`.
    pub format: String,
    /// Must be 1.
    pub version: i64,
    /// An optional display name, at most 100 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Width in mm, 1 to 10000.
    pub width_mm: i64,
    /// Height in mm, 1 to 10000.
    pub height_mm: i64,
    /// The craters; their order gives the [`CraterId`]s.
    pub craters: Vec<CraterSpec>,
    /// Explicit overlapping pairs; when absent, overlaps are derived from circles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlaps: Option<Vec<[String; 2]>>,
}

/// The craters of the placeholder board (§5.4): id, size, x, y.
const PLACEHOLDER_40: [(&str, Size, i64, i64); 40] = [
    ("L01", Size::Large, 20, 15),
    ("L02", Size::Large, 75, 35),
    ("L03", Size::Large, 205, 20),
    ("L04", Size::Large, 255, 20),
    ("L05", Size::Large, 290, 55),
    ("L06", Size::Large, 135, 65),
    ("L07", Size::Large, 265, 100),
    ("L08", Size::Large, 55, 165),
    ("L09", Size::Large, 140, 120),
    ("L10", Size::Large, 240, 155),
    ("L11", Size::Large, 5, 235),
    ("L12", Size::Large, 50, 230),
    ("L13", Size::Large, 115, 220),
    ("L14", Size::Large, 125, 180),
    ("L15", Size::Large, 205, 225),
    ("L16", Size::Large, 245, 200),
    ("L17", Size::Large, 260, 235),
    ("L18", Size::Large, 285, 195),
    ("L19", Size::Large, 20, 280),
    ("L20", Size::Large, 260, 290),
    ("S01", Size::Small, 40, 45),
    ("S02", Size::Small, 290, 25),
    ("S03", Size::Small, 10, 105),
    ("S04", Size::Small, 70, 115),
    ("S05", Size::Small, 90, 90),
    ("S06", Size::Small, 220, 100),
    ("S07", Size::Small, 245, 65),
    ("S08", Size::Small, 15, 165),
    ("S09", Size::Small, 90, 145),
    ("S10", Size::Small, 165, 155),
    ("S11", Size::Small, 205, 155),
    ("S12", Size::Small, 285, 135),
    ("S13", Size::Small, 5, 200),
    ("S14", Size::Small, 160, 205),
    ("S15", Size::Small, 205, 195),
    ("S16", Size::Small, 90, 270),
    ("S17", Size::Small, 120, 275),
    ("S18", Size::Small, 140, 285),
    ("S19", Size::Small, 175, 240),
    ("S20", Size::Small, 190, 290),
];

impl BoardSpec {
    /// The default board `placeholder-40` (§5.4): a stand-in with the
    /// features of the printed board, not the printed board itself.
    #[must_use]
    pub fn placeholder_40() -> BoardSpec {
        BoardSpec {
            format: BOARD_FORMAT.into(),
            version: BOARD_VERSION,
            name: Some("placeholder-40".into()),
            width_mm: 300,
            height_mm: 300,
            craters: PLACEHOLDER_40
                .iter()
                .map(|&(id, size, x, y)| CraterSpec {
                    id: id.into(),
                    size,
                    x,
                    y,
                })
                .collect(),
            overlaps: None,
        }
    }

    /// A board of the given size and craters `(id, size, x, y)`, overlaps
    /// derived: handy for scratch boards in tests and puzzles.
    #[must_use]
    pub fn scratch(width_mm: i64, height_mm: i64, craters: &[(&str, Size, i64, i64)]) -> BoardSpec {
        BoardSpec {
            format: BOARD_FORMAT.into(),
            version: BOARD_VERSION,
            name: None,
            width_mm,
            height_mm,
            craters: craters
                .iter()
                .map(|&(id, size, x, y)| CraterSpec {
                    id: id.into(),
                    size,
                    x,
                    y,
                })
                .collect(),
            overlaps: None,
        }
    }
}

impl Default for BoardSpec {
    fn default() -> Self {
        BoardSpec::placeholder_40()
    }
}

/// A validated crater.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crater {
    /// Its name in the board file.
    pub id: String,
    /// Large or small.
    pub size: Size,
    /// Centre x, mm.
    pub x: i32,
    /// Centre y, mm.
    pub y: i32,
}

/// One row of the overlap relation: a bit per crater (256 at most).
type Row = [u64; 4];

/// A validated board: craters in file order and their overlap relation (§4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    name: String,
    width: i32,
    height: i32,
    craters: Vec<Crater>,
    overlaps: Vec<Row>,
}

fn valid_id(id: &str) -> bool {
    (1..=16).contains(&id.chars().count())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl Board {
    /// Validates a board spec against the ring dimensions (§5.2, V1–V10).
    ///
    /// # Errors
    /// The first rule broken, in V-order: [`MoonBaseError::BoardFormat`],
    /// [`MoonBaseError::BoardSize`], [`MoonBaseError::CraterCount`],
    /// [`MoonBaseError::BadCraterId`], [`MoonBaseError::DuplicateCraterId`],
    /// [`MoonBaseError::CraterOffBoard`], [`MoonBaseError::DuplicateCrater`],
    /// [`MoonBaseError::NoLargeCrater`], [`MoonBaseError::UnknownCraterId`],
    /// [`MoonBaseError::SelfOverlap`], [`MoonBaseError::DuplicateOverlap`],
    /// [`MoonBaseError::BadRingDims`].
    pub fn new(spec: &BoardSpec, dims: &RingDims) -> Result<Board, MoonBaseError> {
        check_format(spec)?;
        check_size(spec)?;
        check_crater_ids(spec)?;
        check_crater_places(spec, dims)?;
        let mut overlaps = given_overlaps(spec)?;
        // V10
        dims.validate()?;
        // V2 and V6 bound every centre by 10000 + 1000, so it fits an i32.
        let craters: Vec<Crater> = spec
            .craters
            .iter()
            .map(|c| Crater {
                id: c.id.clone(),
                size: c.size,
                x: i32::try_from(c.x).unwrap_or(0),
                y: i32::try_from(c.y).unwrap_or(0),
            })
            .collect();
        if spec.overlaps.is_none() {
            derive_overlaps(&craters, dims, &mut overlaps);
        }
        Ok(Board {
            name: spec.name.clone().unwrap_or_default(),
            width: i32::try_from(spec.width_mm).unwrap_or(0),
            height: i32::try_from(spec.height_mm).unwrap_or(0),
            craters,
            overlaps,
        })
    }

    /// The board's display name (empty when the file gives none).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Width in mm.
    #[must_use]
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Height in mm.
    #[must_use]
    pub fn height(&self) -> i32 {
        self.height
    }

    /// The craters, indexed by [`CraterId`].
    #[must_use]
    pub fn craters(&self) -> &[Crater] {
        &self.craters
    }

    /// How many craters there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.craters.len()
    }

    /// Never true for a validated board (V3); here for API completeness.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.craters.is_empty()
    }

    /// The crater `id`, if it exists.
    #[must_use]
    pub fn crater(&self, id: CraterId) -> Option<&Crater> {
        self.craters.get(id.index())
    }

    /// The id of the crater named `name` in the board file.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<CraterId> {
        self.craters
            .iter()
            .position(|c| c.id == name)
            .map(|i| CraterId(i as u16))
    }

    /// True when craters `a` and `b` (different) overlap (§4, used by C2).
    #[must_use]
    pub fn overlaps(&self, a: CraterId, b: CraterId) -> bool {
        self.overlaps
            .get(a.index())
            .is_some_and(|row| has_bit(row, b.index()))
    }

    /// The craters overlapping `a`, ascending.
    pub fn overlapping(&self, a: CraterId) -> impl Iterator<Item = CraterId> + '_ {
        let row = self.overlaps.get(a.index()).copied().unwrap_or([0; 4]);
        (0..self.craters.len())
            .filter(move |&j| has_bit(&row, j))
            .map(|j| CraterId(j as u16))
    }

    /// The overlap row of `a` as a bitset (bit j = crater j).
    pub(crate) fn row(&self, a: CraterId) -> [u64; 4] {
        self.overlaps.get(a.index()).copied().unwrap_or([0; 4])
    }

    /// True when a point lies within the coordinate margin around the board (§1).
    #[must_use]
    pub fn in_margin(&self, x: i32, y: i32) -> bool {
        let m = COORDINATE_MARGIN_MM;
        (-m..=self.width + m).contains(&x) && (-m..=self.height + m).contains(&y)
    }
}

/// V6: true when the disc of `radius` around `(x, y)` has some part on the
/// board `[0, width] × [0, height]`, strictly (B-20: a disc that only
/// touches the edge is off it). The centre itself may lie off the board.
/// The linear tests come first, so a far coordinate is never squared.
fn disc_reaches_board(x: i64, y: i64, radius: i64, width: i64, height: i64) -> bool {
    // Distance from the centre to the board rectangle along each axis.
    let dx = 0i64.saturating_sub(x).max(x.saturating_sub(width)).max(0);
    let dy = 0i64.saturating_sub(y).max(y.saturating_sub(height)).max(0);
    // `Board::new` may be called with ring dims not yet checked (V10 comes
    // last), so the squares are taken in i128, where no u32 radius overflows.
    let (dx, dy, r) = (i128::from(dx), i128::from(dy), i128::from(radius));
    dx < r && dy < r && dx * dx + dy * dy < r * r
}

pub(crate) fn set_bit(row: &mut [u64; 4], i: usize) {
    if let Some(word) = row.get_mut(i / 64) {
        *word |= 1 << (i % 64);
    }
}

pub(crate) fn clear_bit(row: &mut [u64; 4], i: usize) {
    if let Some(word) = row.get_mut(i / 64) {
        *word &= !(1 << (i % 64));
    }
}

pub(crate) fn has_bit(row: &[u64; 4], i: usize) -> bool {
    row.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// Serde for a crater's size as the board file spells it: `"large"`, `"small"`.
mod size_word {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::Size;

    pub fn serialize<S: Serializer>(size: &Size, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(size.word())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
        let word = String::deserialize(d)?;
        match word.as_str() {
            "large" => Ok(Size::Large),
            "small" => Ok(Size::Small),
            other => Err(D::Error::unknown_variant(other, &["large", "small"])),
        }
    }
}

/// V1: the file's format name and version are the ones this reader knows.
fn check_format(spec: &BoardSpec) -> Result<(), MoonBaseError> {
    if spec.format != BOARD_FORMAT || spec.version != BOARD_VERSION {
        return Err(MoonBaseError::BoardFormat {
            version: spec.version,
        });
    }
    Ok(())
}

/// V2: both sides in 1..=`MAX_BOARD_MM`, a name of at most 100 characters.
fn check_size(spec: &BoardSpec) -> Result<(), MoonBaseError> {
    let name_len = spec.name.as_ref().map_or(0, |n| n.chars().count());
    if !(1..=MAX_BOARD_MM).contains(&spec.width_mm)
        || !(1..=MAX_BOARD_MM).contains(&spec.height_mm)
        || name_len > 100
    {
        return Err(MoonBaseError::BoardSize {
            width_mm: spec.width_mm,
            height_mm: spec.height_mm,
        });
    }
    Ok(())
}

/// V3 to V5: 1..=`MAX_CRATERS` craters, each with a valid id used once.
fn check_crater_ids(spec: &BoardSpec) -> Result<(), MoonBaseError> {
    // V3
    let count = spec.craters.len();
    if !(1..=MAX_CRATERS).contains(&count) {
        return Err(MoonBaseError::CraterCount { count });
    }
    // V4
    if let Some(index) = spec.craters.iter().position(|c| !valid_id(&c.id)) {
        return Err(MoonBaseError::BadCraterId { index });
    }
    // V5
    for (i, c) in spec.craters.iter().enumerate() {
        if spec.craters[..i].iter().any(|o| o.id == c.id) {
            return Err(MoonBaseError::DuplicateCraterId { id: c.id.clone() });
        }
    }
    Ok(())
}

/// V6 to V8: every disc reaches the board, no two craters are the same
/// size at the same centre, and at least one is large.
fn check_crater_places(spec: &BoardSpec, dims: &RingDims) -> Result<(), MoonBaseError> {
    // V6 (relaxed 2026-11-25): some part of the disc lies on the board.
    // The radius comes from `ring_dims`, checked before the board (§3).
    for c in &spec.craters {
        let radius = i64::from(dims.of(c.size).outer_mm);
        if !disc_reaches_board(c.x, c.y, radius, spec.width_mm, spec.height_mm) {
            return Err(MoonBaseError::CraterOffBoard { id: c.id.clone() });
        }
    }
    // V7
    for (i, c) in spec.craters.iter().enumerate() {
        if let Some(o) = spec.craters[..i]
            .iter()
            .find(|o| o.size == c.size && o.x == c.x && o.y == c.y)
        {
            return Err(MoonBaseError::DuplicateCrater {
                a: o.id.clone(),
                b: c.id.clone(),
            });
        }
    }
    // V8
    if !spec.craters.iter().any(|c| c.size == Size::Large) {
        return Err(MoonBaseError::NoLargeCrater);
    }
    Ok(())
}

/// V9: the file's overlap pairs name known, distinct craters, each pair
/// once; the rows are empty when the file gives no pairs.
fn given_overlaps(spec: &BoardSpec) -> Result<Vec<Row>, MoonBaseError> {
    let index_of = |id: &str| spec.craters.iter().position(|c| c.id == id);
    let mut overlaps: Vec<Row> = vec![[0; 4]; spec.craters.len()];
    if let Some(pairs) = &spec.overlaps {
        let mut seen: Vec<(usize, usize)> = Vec::with_capacity(pairs.len());
        for [a, b] in pairs {
            let ia = index_of(a).ok_or_else(|| MoonBaseError::UnknownCraterId { id: a.clone() })?;
            let ib = index_of(b).ok_or_else(|| MoonBaseError::UnknownCraterId { id: b.clone() })?;
            if ia == ib {
                return Err(MoonBaseError::SelfOverlap { id: a.clone() });
            }
            let key = (ia.min(ib), ia.max(ib));
            if seen.contains(&key) {
                return Err(MoonBaseError::DuplicateOverlap {
                    a: a.clone(),
                    b: b.clone(),
                });
            }
            seen.push(key);
            set_bit(&mut overlaps[ia], ib);
            set_bit(&mut overlaps[ib], ia);
        }
    }
    Ok(overlaps)
}

/// §4: without overlap pairs in the file, two craters overlap when their
/// outer circles do, strictly (B-20).
fn derive_overlaps(craters: &[Crater], dims: &RingDims, overlaps: &mut [Row]) {
    let count = craters.len();
    for i in 0..count {
        for j in (i + 1)..count {
            let (a, b) = (&craters[i], &craters[j]);
            let reach = i64::from(dims.of(a.size).outer_mm + dims.of(b.size).outer_mm);
            if d2(a.x, a.y, b.x, b.y) < sq(reach) {
                set_bit(&mut overlaps[i], j);
                set_bit(&mut overlaps[j], i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placeholder() -> Board {
        Board::new(&BoardSpec::placeholder_40(), &RingDims::default()).unwrap()
    }

    #[test]
    fn placeholder_figures_match_section_5_4() {
        let b = placeholder();
        assert_eq!(b.len(), 40);
        let large = b.craters().iter().filter(|c| c.size == Size::Large).count();
        assert_eq!(large, 20);
        let mut pairs = 0;
        let mut touched = 0;
        for i in 0..40u16 {
            let n = b.overlapping(CraterId(i)).count();
            pairs += n;
            touched += usize::from(n > 0);
        }
        assert_eq!(pairs / 2, 45);
        assert_eq!(touched, 38);
        let dims = RingDims::default();
        let crossing = b
            .craters()
            .iter()
            .filter(|c| {
                let r = dims.of(c.size).outer_mm as i32;
                c.x - r < 0 || c.y - r < 0 || c.x + r > b.width() || c.y + r > b.height()
            })
            .count();
        assert_eq!(crossing, 15);
        assert_eq!(max_independent(&b), 22);
    }

    /// Size of the largest set of pairwise non-overlapping craters (branch and bound).
    fn max_independent(b: &Board) -> usize {
        fn go(b: &Board, i: usize, chosen: &mut Vec<usize>, best: &mut usize) {
            if chosen.len() + (b.len() - i) <= *best {
                return;
            }
            if i == b.len() {
                *best = chosen.len();
                return;
            }
            let ok = chosen
                .iter()
                .all(|&j| !b.overlaps(CraterId(i as u16), CraterId(j as u16)));
            if ok {
                chosen.push(i);
                go(b, i + 1, chosen, best);
                chosen.pop();
            }
            go(b, i + 1, chosen, best);
        }
        let mut best = 0;
        go(b, 0, &mut Vec::new(), &mut best);
        best
    }

    #[test]
    fn placeholder_overlap_table_spot_checks() {
        let b = placeholder();
        let names = |id: &str| -> Vec<String> {
            b.overlapping(b.find(id).unwrap())
                .map(|c| b.crater(c).unwrap().id.clone())
                .collect()
        };
        assert_eq!(names("L01"), ["L02", "S01"]);
        assert_eq!(names("L15"), ["L16", "L17", "S14", "S15", "S19"]);
        assert_eq!(names("S14"), ["L13", "L14", "L15", "S19"]);
        assert!(names("S03").is_empty());
        assert!(names("S20").is_empty());
    }
}
