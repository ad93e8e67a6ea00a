//! The one error type of the crate: config, board, turn, shape and every
//! legality predicate, each variant naming the broken rule.

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
    #[error("ring dims of {size} rings {outer_mm}/{inner_mm} mm: need 1 <= inner < outer <= 1000")]
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
    #[error("{rounds} rounds: need 1 to 6")]
    BadRounds {
        /// The rounds given.
        rounds: u8,
    },

    // --- board (§5.2) ---
    /// V1: the file must say `format = "moon-base-board"` and `version = 1`.
    #[error("not a moon-base-board file of version 1 (version {version})")]
    BoardFormat {
        /// The version given.
        version: i64,
    },
    /// V2: width and height must be 1 to 10000 mm, the name at most 100 characters.
    #[error("board {width_mm} x {height_mm} mm: need 1 to 10000 each, name at most 100 characters")]
    BoardSize {
        /// The width given.
        width_mm: i64,
        /// The height given.
        height_mm: i64,
    },
    /// V3: a board has 1 to 256 craters.
    #[error("{count} craters: need 1 to 256")]
    CraterCount {
        /// How many craters the file lists.
        count: usize,
    },
    /// V4: a crater id has 1–16 characters of `A–Z a–z 0–9 _ -`.
    #[error("crater #{index} has a bad id (1-16 of A-Z a-z 0-9 _ -)")]
    BadCraterId {
        /// Position of the crater in the file.
        index: usize,
    },
    /// V5: crater ids are unique.
    #[error("crater id {id:?} appears twice")]
    DuplicateCraterId {
        /// The repeated id.
        id: String,
    },
    /// V6: some part of a crater's disc lies on the board (its centre may not).
    #[error("crater {id:?} lies wholly off the board")]
    CraterOffBoard {
        /// The crater.
        id: String,
    },
    /// V7: two craters of one size share a centre.
    #[error("craters {a:?} and {b:?} have the same size and centre")]
    DuplicateCrater {
        /// The earlier crater.
        a: String,
        /// The later crater.
        b: String,
    },
    /// V8: the tower needs a large crater.
    #[error("the board has no large crater")]
    NoLargeCrater,
    /// V9: an overlap pair names an unknown crater.
    #[error("overlap names unknown crater {id:?}")]
    UnknownCraterId {
        /// The unknown id.
        id: String,
    },
    /// V9: a crater cannot overlap itself.
    #[error("crater {id:?} listed as overlapping itself")]
    SelfOverlap {
        /// The crater.
        id: String,
    },
    /// V9: an unordered overlap pair appears twice.
    #[error("overlap {a:?}-{b:?} listed twice")]
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
    #[error("no {piece} ring in hand")]
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
    #[error("a placement exists, so passing is not allowed")]
    MustPlace,
    /// MB-3: only gold or silver can be chosen.
    #[error("{colour} is not a player colour")]
    NotAPlayerColour {
        /// The colour given.
        colour: Colour,
    },
    /// MB-4: the tower stands on a large crater.
    #[error("{crater} is not a large crater")]
    NotALargeCrater {
        /// The crater given.
        crater: CraterId,
    },
    /// MB-8: there are four piles per size, 0 to 3.
    #[error("there is no pile {pile}")]
    BadPile {
        /// The pile given.
        pile: u8,
    },
    /// MB-8: a take needs a non-empty pile.
    #[error("pile {pile} is empty")]
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
    #[error("{crater} is not free for a base")]
    CraterNotFree {
        /// The crater given.
        crater: CraterId,
    },
    /// MB-24, B-16: under `base_rule = Compulsory` a due base cannot be declined.
    #[error("the resource base is compulsory here; it cannot be declined")]
    MustPlaceBase,
}
