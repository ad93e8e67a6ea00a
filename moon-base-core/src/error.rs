//! The one error type of the crate: config, board, turn, shape and every
//! legality predicate, each variant naming the broken rule.

use game_core::RuleError;
use thiserror::Error;

use crate::{Colour, CraterId, Phase, Piece, RingId, Size};

/// Why a config, board, action or state was refused.
///
/// The shared errors of `game_core` come first (wrapped in
/// [`MoonBaseError::Core`]), then the game's own checks in the order of
/// §8.4: phase, action shape, then the predicates C1–C5 or S1–S9 (with S3b).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoonBaseError {
    /// A rule every game shares (game over, chance pending, turn, bad chance, bad state).
    #[error(transparent)]
    Core(#[from] game_core::Error),

    // --- config (§3) ---
    /// §3, V10: ring radii must satisfy `1 ≤ inner < outer ≤ 1000`.
    #[error(
        "ring dims of {size} rings {outer_mm}/{inner_mm} mm: need 1 <= inner < outer <= 1000 (V10)"
    )]
    BadRingDims {
        /// The size whose dimensions are wrong.
        size: Size,
        /// The outer radius given.
        outer_mm: u32,
        /// The inner radius given.
        inner_mm: u32,
    },
    /// §3: the lattice step must be 1 to 100 mm.
    #[error("lattice step {step} mm: need 1 to 100")]
    BadLatticeStep {
        /// The step given.
        step: u32,
    },
    /// §3: the tower radius must be at most 1000 mm.
    #[error("tower radius {radius} mm: need at most 1000")]
    BadTowerRadius {
        /// The radius given.
        radius: u32,
    },
    /// §3, MB-6: a game has 1 to 6 rounds.
    #[error("{rounds} rounds: need 1 to 6 (MB-6)")]
    BadRounds {
        /// The rounds given.
        rounds: u8,
    },

    // --- board (§5.2) ---
    /// V1: the file must say `format = "moon-base-board"` and `version = 1`.
    #[error("not a moon-base-board file of version 1 (version {version}; V1)")]
    BoardFormat {
        /// The version given.
        version: i64,
    },
    /// V2: width and height must be 1 to 10000 mm, the name at most 100 characters.
    #[error(
        "board {width_mm} x {height_mm} mm: need 1 to 10000 each, name at most 100 characters (V2)"
    )]
    BoardSize {
        /// The width given.
        width_mm: i64,
        /// The height given.
        height_mm: i64,
    },
    /// V3: a board has 1 to 256 craters.
    #[error("{count} craters: need 1 to 256 (V3)")]
    CraterCount {
        /// How many craters the file lists.
        count: usize,
    },
    /// V4: a crater id has 1–16 characters of `A–Z a–z 0–9 _ -`.
    #[error("crater #{index} has a bad id (1-16 of A-Z a-z 0-9 _ -; V4)")]
    BadCraterId {
        /// Position of the crater in the file.
        index: usize,
    },
    /// V5: crater ids are unique.
    #[error("crater id {id:?} appears twice (V5)")]
    DuplicateCraterId {
        /// The repeated id.
        id: String,
    },
    /// V6: some part of a crater's disc lies on the board (its centre may not).
    #[error("crater {id:?} lies wholly off the board (V6)")]
    CraterOffBoard {
        /// The crater.
        id: String,
    },
    /// V7: two craters of one size share a centre.
    #[error("craters {a:?} and {b:?} have the same size and centre (V7)")]
    DuplicateCrater {
        /// The earlier crater.
        a: String,
        /// The later crater.
        b: String,
    },
    /// V8: the tower needs a large crater.
    #[error("the board has no large crater (V8)")]
    NoLargeCrater,
    /// V9: an overlap pair names an unknown crater.
    #[error("overlap names unknown crater {id:?} (V9)")]
    UnknownCraterId {
        /// The unknown id.
        id: String,
    },
    /// V9: a crater cannot overlap itself.
    #[error("crater {id:?} listed as overlapping itself (V9)")]
    SelfOverlap {
        /// The crater.
        id: String,
    },
    /// V9: an unordered overlap pair appears twice.
    #[error("overlap {a:?}-{b:?} listed twice (V9)")]
    DuplicateOverlap {
        /// First id of the repeated pair.
        a: String,
        /// Second id of the repeated pair.
        b: String,
    },

    // --- phase and action shape (§8.4) ---
    /// The action does not belong to the current phase.
    #[error("that action does not fit the phase {phase:?}")]
    WrongPhase {
        /// The phase the game is in.
        phase: Phase,
    },
    /// MB-10: a seat places only rings from its hand.
    #[error("no {piece} ring in hand (MB-10)")]
    PieceNotInHand {
        /// The piece named.
        piece: Piece,
    },
    /// The crater id is not on this board.
    #[error("{crater} is not on this board")]
    UnknownCrater {
        /// The id given.
        crater: CraterId,
    },
    /// The ring id names no ring on the board.
    #[error("{ring} is not on the board")]
    UnknownRing {
        /// The id given.
        ring: RingId,
    },
    /// A stack names its supports in ascending order, `a < b`.
    #[error("supports must be named a < b, got {a} and {b}")]
    NotCanonical {
        /// The first support given.
        a: RingId,
        /// The second support given.
        b: RingId,
    },
    /// §1: coordinates more than 1000 mm outside the board are refused.
    #[error("({x}, {y}) lies more than 1000 mm outside the board")]
    FarOffBoard {
        /// The x given.
        x: i32,
        /// The y given.
        y: i32,
    },
    /// B-10: passing is allowed only without a legal placement.
    #[error("a placement exists, so passing is not allowed (B-10)")]
    MustPlace,
    /// MB-3: only gold or silver can be chosen.
    #[error("{colour} is not a player colour (MB-3)")]
    NotAPlayerColour {
        /// The colour given.
        colour: Colour,
    },
    /// MB-4: the tower stands on a large crater.
    #[error("{crater} is not a large crater (MB-4)")]
    NotALargeCrater {
        /// The crater given.
        crater: CraterId,
    },
    /// MB-8: there are four piles per size, 0 to 3.
    #[error("there is no pile {pile} (MB-8)")]
    BadPile {
        /// The pile given.
        pile: u8,
    },
    /// MB-8: a take needs a non-empty pile.
    #[error("pile {pile} is empty (MB-8)")]
    EmptyPile {
        /// The pile given.
        pile: u8,
    },

    // --- crater placement predicates (§8.1) ---
    /// C1 (MB-12): a crater takes only a ring of its size.
    #[error("C1: a {piece} ring does not fit a {crater} crater")]
    SizeMismatch {
        /// The ring's size.
        piece: Size,
        /// The crater's size.
        crater: Size,
    },
    /// C2 (MB-13): a level-1 ring stands on this crater or an overlapping one.
    #[error("C2: crater claimed by {ring}")]
    CraterClaimed {
        /// The ring that claims it.
        ring: RingId,
    },
    /// C3 (MB-24, B-18): a resource base stands on this crater.
    #[error("C3: a resource base stands on {crater}")]
    CraterHasBase {
        /// The crater.
        crater: CraterId,
    },
    /// C4 (MB-21, B-5): a level-2 ring overlaps the crater ring.
    #[error("C4: {ring} is too low above this crater")]
    UnderStackedRing {
        /// The level-2 ring in the way.
        ring: RingId,
    },
    /// C5, S7 (MB-14, B-7): the ring would touch the tower.
    #[error("C5/S7: the ring would touch the tower")]
    TouchesTower,

    // --- stack predicates (§8.2) ---
    /// S1 (MB-15): both supports must be on the same level.
    #[error("S1: supports on levels {a} and {b}")]
    LevelMismatch {
        /// Level of the first support.
        a: u8,
        /// Level of the second support.
        b: u8,
    },
    /// S2 (B-3): a stacked centre lies on the lattice.
    #[error("S2: ({x}, {y}) is not on the {step} mm lattice")]
    OffLattice {
        /// The x given.
        x: i32,
        /// The y given.
        y: i32,
        /// The lattice step.
        step: u32,
    },
    /// S3 (MB-19, B-4): each support's opening must show through the new ring's.
    #[error("S3: no visible space on {support}")]
    NoVisibleSpace {
        /// The support whose opening is hidden.
        support: RingId,
    },
    /// S3b (MB-19, B-4): a support and the new ring must rest on each
    /// other's rims; neither may lie wholly inside the other's opening.
    #[error("S3b: no rim contact with {support}")]
    NoRimContact {
        /// The support the new ring would not rest on.
        support: RingId,
    },
    /// S4 (MB-20, B-6): a third ring on the supports' level would carry it.
    #[error("S4: {ring} would be a third support")]
    ThirdSupport {
        /// The extra ring.
        ring: RingId,
    },
    /// S5 (MB-21, B-5): the ring would collide with a ring at or just above its level.
    #[error("S5: collides with {ring}")]
    Collision {
        /// The ring in the way.
        ring: RingId,
    },
    /// S6 (MB-18): nothing is stacked on the tower host ring.
    #[error("S6: {ring} carries the tower")]
    SupportCarriesTower {
        /// The host ring named as a support.
        ring: RingId,
    },
    /// S8 (MB-16, MB-17): the colour rule.
    #[error("S8: {piece} may not go on {a} and {b}")]
    ColourRule {
        /// The piece.
        piece: Piece,
        /// Colour of the first support.
        a: Colour,
        /// Colour of the second support.
        b: Colour,
    },
    /// S9 (MB-18, B-8): a higher ring blocks the column a collabo's tower needs.
    #[error("S9: {ring} blocks the tower column above the collabo")]
    TowerColumnBlocked {
        /// The ring in the column.
        ring: RingId,
    },

    // --- building (§6.5) ---
    /// B-17: a base goes on a crater free for bases.
    #[error("{crater} is not free for a base (B-17)")]
    CraterNotFree {
        /// The crater given.
        crater: CraterId,
    },
    /// MB-24, B-16: under `base_rule = Compulsory` a due base cannot be declined.
    #[error("the resource base is compulsory here; it cannot be declined (B-16)")]
    MustPlaceBase,
}

impl RuleError for MoonBaseError {
    /// The rule each message cites: the board file's checks V1 to V10, the
    /// placement predicates C1 to C5 and S1 to S9 (with S3b; touching the
    /// tower cites C5 first, as its message `C5/S7` does), the game's MB-
    /// and B- rules. Checks the rules give only a section (`§3`, `§8.4`:
    /// lattice step, tower radius, phase, unknown ids, far coordinates)
    /// and the shared errors cite none.
    fn rule(&self) -> Option<&'static str> {
        match self {
            MoonBaseError::Core(e) => e.rule(),
            MoonBaseError::BadRingDims { .. } => Some("V10"),
            MoonBaseError::BadLatticeStep { .. }
            | MoonBaseError::BadTowerRadius { .. }
            | MoonBaseError::WrongPhase { .. }
            | MoonBaseError::UnknownCrater { .. }
            | MoonBaseError::UnknownRing { .. }
            | MoonBaseError::NotCanonical { .. }
            | MoonBaseError::FarOffBoard { .. } => None,
            MoonBaseError::BadRounds { .. } => Some("MB-6"),
            MoonBaseError::BoardFormat { .. } => Some("V1"),
            MoonBaseError::BoardSize { .. } => Some("V2"),
            MoonBaseError::CraterCount { .. } => Some("V3"),
            MoonBaseError::BadCraterId { .. } => Some("V4"),
            MoonBaseError::DuplicateCraterId { .. } => Some("V5"),
            MoonBaseError::CraterOffBoard { .. } => Some("V6"),
            MoonBaseError::DuplicateCrater { .. } => Some("V7"),
            MoonBaseError::NoLargeCrater => Some("V8"),
            MoonBaseError::UnknownCraterId { .. }
            | MoonBaseError::SelfOverlap { .. }
            | MoonBaseError::DuplicateOverlap { .. } => Some("V9"),
            MoonBaseError::PieceNotInHand { .. } => Some("MB-10"),
            MoonBaseError::MustPlace => Some("B-10"),
            MoonBaseError::NotAPlayerColour { .. } => Some("MB-3"),
            MoonBaseError::NotALargeCrater { .. } => Some("MB-4"),
            MoonBaseError::BadPile { .. } | MoonBaseError::EmptyPile { .. } => Some("MB-8"),
            MoonBaseError::SizeMismatch { .. } => Some("C1"),
            MoonBaseError::CraterClaimed { .. } => Some("C2"),
            MoonBaseError::CraterHasBase { .. } => Some("C3"),
            MoonBaseError::UnderStackedRing { .. } => Some("C4"),
            MoonBaseError::TouchesTower => Some("C5"),
            MoonBaseError::LevelMismatch { .. } => Some("S1"),
            MoonBaseError::OffLattice { .. } => Some("S2"),
            MoonBaseError::NoVisibleSpace { .. } => Some("S3"),
            MoonBaseError::NoRimContact { .. } => Some("S3b"),
            MoonBaseError::ThirdSupport { .. } => Some("S4"),
            MoonBaseError::Collision { .. } => Some("S5"),
            MoonBaseError::SupportCarriesTower { .. } => Some("S6"),
            MoonBaseError::ColourRule { .. } => Some("S8"),
            MoonBaseError::TowerColumnBlocked { .. } => Some("S9"),
            MoonBaseError::CraterNotFree { .. } => Some("B-17"),
            MoonBaseError::MustPlaceBase => Some("B-16"),
        }
    }

    fn core(&self) -> Option<&game_core::Error> {
        match self {
            MoonBaseError::Core(e) => Some(e),
            MoonBaseError::BadRingDims { .. }
            | MoonBaseError::BadLatticeStep { .. }
            | MoonBaseError::BadTowerRadius { .. }
            | MoonBaseError::BadRounds { .. }
            | MoonBaseError::BoardFormat { .. }
            | MoonBaseError::BoardSize { .. }
            | MoonBaseError::CraterCount { .. }
            | MoonBaseError::BadCraterId { .. }
            | MoonBaseError::DuplicateCraterId { .. }
            | MoonBaseError::CraterOffBoard { .. }
            | MoonBaseError::DuplicateCrater { .. }
            | MoonBaseError::NoLargeCrater
            | MoonBaseError::UnknownCraterId { .. }
            | MoonBaseError::SelfOverlap { .. }
            | MoonBaseError::DuplicateOverlap { .. }
            | MoonBaseError::WrongPhase { .. }
            | MoonBaseError::PieceNotInHand { .. }
            | MoonBaseError::UnknownCrater { .. }
            | MoonBaseError::UnknownRing { .. }
            | MoonBaseError::NotCanonical { .. }
            | MoonBaseError::FarOffBoard { .. }
            | MoonBaseError::MustPlace
            | MoonBaseError::NotAPlayerColour { .. }
            | MoonBaseError::NotALargeCrater { .. }
            | MoonBaseError::BadPile { .. }
            | MoonBaseError::EmptyPile { .. }
            | MoonBaseError::SizeMismatch { .. }
            | MoonBaseError::CraterClaimed { .. }
            | MoonBaseError::CraterHasBase { .. }
            | MoonBaseError::UnderStackedRing { .. }
            | MoonBaseError::TouchesTower
            | MoonBaseError::LevelMismatch { .. }
            | MoonBaseError::OffLattice { .. }
            | MoonBaseError::NoVisibleSpace { .. }
            | MoonBaseError::NoRimContact { .. }
            | MoonBaseError::ThirdSupport { .. }
            | MoonBaseError::Collision { .. }
            | MoonBaseError::SupportCarriesTower { .. }
            | MoonBaseError::ColourRule { .. }
            | MoonBaseError::TowerColumnBlocked { .. }
            | MoonBaseError::CraterNotFree { .. }
            | MoonBaseError::MustPlaceBase => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use game_core::testkit::{check_rule_errors, every_core_error};

    use super::*;

    /// The variant's place in [`MoonBaseError`]: no `_ =>`, so a new
    /// variant does not compile until it is numbered here and listed in `cases`.
    fn variant(e: &MoonBaseError) -> usize {
        match e {
            MoonBaseError::Core(_) => 0,
            MoonBaseError::BadRingDims { .. } => 1,
            MoonBaseError::BadLatticeStep { .. } => 2,
            MoonBaseError::BadTowerRadius { .. } => 3,
            MoonBaseError::BadRounds { .. } => 4,
            MoonBaseError::BoardFormat { .. } => 5,
            MoonBaseError::BoardSize { .. } => 6,
            MoonBaseError::CraterCount { .. } => 7,
            MoonBaseError::BadCraterId { .. } => 8,
            MoonBaseError::DuplicateCraterId { .. } => 9,
            MoonBaseError::CraterOffBoard { .. } => 10,
            MoonBaseError::DuplicateCrater { .. } => 11,
            MoonBaseError::NoLargeCrater => 12,
            MoonBaseError::UnknownCraterId { .. } => 13,
            MoonBaseError::SelfOverlap { .. } => 14,
            MoonBaseError::DuplicateOverlap { .. } => 15,
            MoonBaseError::WrongPhase { .. } => 16,
            MoonBaseError::PieceNotInHand { .. } => 17,
            MoonBaseError::UnknownCrater { .. } => 18,
            MoonBaseError::UnknownRing { .. } => 19,
            MoonBaseError::NotCanonical { .. } => 20,
            MoonBaseError::FarOffBoard { .. } => 21,
            MoonBaseError::MustPlace => 22,
            MoonBaseError::NotAPlayerColour { .. } => 23,
            MoonBaseError::NotALargeCrater { .. } => 24,
            MoonBaseError::BadPile { .. } => 25,
            MoonBaseError::EmptyPile { .. } => 26,
            MoonBaseError::SizeMismatch { .. } => 27,
            MoonBaseError::CraterClaimed { .. } => 28,
            MoonBaseError::CraterHasBase { .. } => 29,
            MoonBaseError::UnderStackedRing { .. } => 30,
            MoonBaseError::TouchesTower => 31,
            MoonBaseError::LevelMismatch { .. } => 32,
            MoonBaseError::OffLattice { .. } => 33,
            MoonBaseError::NoVisibleSpace { .. } => 34,
            MoonBaseError::NoRimContact { .. } => 35,
            MoonBaseError::ThirdSupport { .. } => 36,
            MoonBaseError::Collision { .. } => 37,
            MoonBaseError::SupportCarriesTower { .. } => 38,
            MoonBaseError::ColourRule { .. } => 39,
            MoonBaseError::TowerColumnBlocked { .. } => 40,
            MoonBaseError::CraterNotFree { .. } => 41,
            MoonBaseError::MustPlaceBase => 42,
        }
    }

    /// One error of every variant with the rule id its message cites.
    fn cases() -> Vec<(MoonBaseError, Option<&'static str>)> {
        let piece = Piece {
            size: Size::Small,
            colour: Colour::Silver,
        };
        let (ring, crater) = (RingId(4), CraterId(7));
        let id = || "K1".to_owned();
        let mut cases = vec![
            (
                MoonBaseError::BadRingDims {
                    size: Size::Large,
                    outer_mm: 20,
                    inner_mm: 25,
                },
                Some("V10"),
            ),
            (MoonBaseError::BadLatticeStep { step: 0 }, None),
            (MoonBaseError::BadTowerRadius { radius: 2000 }, None),
            (MoonBaseError::BadRounds { rounds: 7 }, Some("MB-6")),
            (MoonBaseError::BoardFormat { version: 2 }, Some("V1")),
            (
                MoonBaseError::BoardSize {
                    width_mm: 0,
                    height_mm: 5,
                },
                Some("V2"),
            ),
            (MoonBaseError::CraterCount { count: 300 }, Some("V3")),
            (MoonBaseError::BadCraterId { index: 3 }, Some("V4")),
            (MoonBaseError::DuplicateCraterId { id: id() }, Some("V5")),
            (MoonBaseError::CraterOffBoard { id: id() }, Some("V6")),
            (
                MoonBaseError::DuplicateCrater { a: id(), b: id() },
                Some("V7"),
            ),
            (MoonBaseError::NoLargeCrater, Some("V8")),
            (MoonBaseError::UnknownCraterId { id: id() }, Some("V9")),
            (MoonBaseError::SelfOverlap { id: id() }, Some("V9")),
            (
                MoonBaseError::DuplicateOverlap { a: id(), b: id() },
                Some("V9"),
            ),
            (
                MoonBaseError::WrongPhase {
                    phase: Phase::ChooseColour,
                },
                None,
            ),
            (MoonBaseError::PieceNotInHand { piece }, Some("MB-10")),
            (MoonBaseError::UnknownCrater { crater }, None),
            (MoonBaseError::UnknownRing { ring }, None),
            (
                MoonBaseError::NotCanonical {
                    a: RingId(5),
                    b: RingId(2),
                },
                None,
            ),
            (MoonBaseError::FarOffBoard { x: -5000, y: 0 }, None),
            (MoonBaseError::MustPlace, Some("B-10")),
            (
                MoonBaseError::NotAPlayerColour {
                    colour: Colour::Navy,
                },
                Some("MB-3"),
            ),
            (MoonBaseError::NotALargeCrater { crater }, Some("MB-4")),
            (MoonBaseError::BadPile { pile: 9 }, Some("MB-8")),
            (MoonBaseError::EmptyPile { pile: 1 }, Some("MB-8")),
            (
                MoonBaseError::SizeMismatch {
                    piece: Size::Small,
                    crater: Size::Large,
                },
                Some("C1"),
            ),
            (MoonBaseError::CraterClaimed { ring }, Some("C2")),
            (MoonBaseError::CraterHasBase { crater }, Some("C3")),
            (MoonBaseError::UnderStackedRing { ring }, Some("C4")),
            (MoonBaseError::TouchesTower, Some("C5")),
            (MoonBaseError::LevelMismatch { a: 1, b: 2 }, Some("S1")),
            (
                MoonBaseError::OffLattice {
                    x: 13,
                    y: 7,
                    step: 5,
                },
                Some("S2"),
            ),
            (MoonBaseError::NoVisibleSpace { support: ring }, Some("S3")),
            (MoonBaseError::NoRimContact { support: ring }, Some("S3b")),
            (MoonBaseError::ThirdSupport { ring }, Some("S4")),
            (MoonBaseError::Collision { ring }, Some("S5")),
            (MoonBaseError::SupportCarriesTower { ring }, Some("S6")),
            (
                MoonBaseError::ColourRule {
                    piece,
                    a: Colour::Gold,
                    b: Colour::Navy,
                },
                Some("S8"),
            ),
            (MoonBaseError::TowerColumnBlocked { ring }, Some("S9")),
            (MoonBaseError::CraterNotFree { crater }, Some("B-17")),
            (MoonBaseError::MustPlaceBase, Some("B-16")),
        ];
        cases.extend(
            every_core_error()
                .into_iter()
                .map(|e| (MoonBaseError::Core(e), None)),
        );
        cases
    }

    #[test]
    fn every_variant_names_the_rule_its_message_cites() {
        let cases = cases();
        let seen: BTreeSet<usize> = cases.iter().map(|(e, _)| variant(e)).collect();
        assert_eq!(seen, (0..43).collect(), "a variant has no case");
        check_rule_errors(&cases);
    }
}
