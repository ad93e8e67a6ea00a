//! Helpers shared by the integration tests: scratch boards and a builder
//! that places rings through the game's own predicates.

#![allow(dead_code)]

use game_core::{Game, Seat};
use moon_base_core::{
    Action, BoardSpec, Colour, Config, CraterId, Hand, MoonBase, MoonBaseError, Piece, RingId,
    Size, State,
};

pub const L: Size = Size::Large;
pub const S: Size = Size::Small;

pub fn piece(size: Size, colour: Colour) -> Piece {
    Piece::new(size, colour)
}

pub fn lg() -> Piece {
    piece(L, Colour::Gold)
}

pub fn game_on(board: BoardSpec) -> MoonBase {
    MoonBase::new(Config {
        board,
        ..Config::default()
    })
    .unwrap()
}

/// The same table under the rules of version 1 (no S3b, the old S4), as a
/// version-1 replay plays: shows what the 2026-11-25 revision changed.
pub fn v1_of(g: &MoonBase) -> MoonBase {
    MoonBase::with_rules_version(g.config().clone(), 1).unwrap()
}

/// Scratch board T1 of §10.
pub fn t1() -> MoonBase {
    game_on(BoardSpec::scratch(
        300,
        300,
        &[
            ("A", L, 0, 0),
            ("B", L, 60, 0),
            ("C", L, 120, 0),
            ("D", L, 30, 52),
            ("E", S, 30, 45),
            ("F", S, 30, 60),
            ("G", S, 25, 0),
            ("H", S, 35, 0),
            ("Z", L, 300, 300),
        ],
    ))
}

/// Scratch board T2 of §10.
pub fn t2() -> MoonBase {
    game_on(BoardSpec::scratch(
        300,
        300,
        &[
            ("P", L, 0, 0),
            ("Q", L, 60, 0),
            ("R", L, 120, 0),
            ("Z", L, 300, 300),
        ],
    ))
}

/// Scratch board T3 of §10.
pub fn t3() -> MoonBase {
    game_on(BoardSpec::scratch(
        300,
        300,
        &[
            ("K1", L, 170, 80),
            ("K2", L, 170, 160),
            ("G1", L, 80, 50),
            ("G2", L, 10, 80),
            ("G3", L, 140, 10),
            ("G4", L, 80, 190),
            ("G5", L, 10, 160),
            ("G6", L, 140, 230),
            ("Z", L, 300, 300),
        ],
    ))
}

/// Scratch board T4 of §10: small craters with off-lattice centres.
pub fn t4() -> MoonBase {
    game_on(BoardSpec::scratch(
        300,
        300,
        &[
            ("A", S, 1, 100),
            ("X", S, 41, 100),
            ("U", S, 97, 200),
            ("V", S, 130, 225),
            ("W", S, 130, 175),
            ("Z", L, 300, 300),
        ],
    ))
}

/// Scratch board T5 of §10: P and Q overlap physically, but the explicit
/// empty `overlaps` list lets both take a ring.
pub fn t5() -> MoonBase {
    game_on(BoardSpec {
        overlaps: Some(vec![]),
        ..BoardSpec::scratch(
            300,
            300,
            &[("P", L, 0, 0), ("Q", S, 30, 0), ("Z", L, 300, 300)],
        )
    })
}

pub fn placeholder() -> MoonBase {
    MoonBase::new(Config::default()).unwrap()
}

pub fn crater(g: &MoonBase, name: &str) -> CraterId {
    g.board()
        .find(name)
        .unwrap_or_else(|| panic!("no crater {name}"))
}

/// A sandbox state: seat 0 gold and first player, tower on `tower`.
pub fn sandbox(g: &MoonBase, tower: &str) -> State {
    g.sandbox(Seat(0), Colour::Gold, crater(g, tower)).unwrap()
}

pub fn on_crater(g: &MoonBase, p: Piece, name: &str) -> Action {
    Action::PlaceOnCrater {
        piece: p,
        crater: crater(g, name),
    }
}

pub fn stack(p: Piece, a: u16, b: u16, x: i32, y: i32) -> Action {
    Action::Stack {
        piece: p,
        a: RingId(a),
        b: RingId(b),
        x,
        y,
    }
}

/// Places a ring that must be legal; returns its id.
pub fn put(g: &MoonBase, s: &mut State, a: Action) -> RingId {
    g.place_ring(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} should be legal: {e}"))
}

/// The result of trying a placement (nothing changes).
pub fn try_place(g: &MoonBase, s: &State, a: Action) -> Result<(), MoonBaseError> {
    g.check_placement(s, &a)
}

pub fn hand(pieces: &[Piece]) -> Hand {
    let mut h = Hand::default();
    for &p in pieces {
        h.add(p);
    }
    h
}

/// Legal placements of `pieces` on the board of `s`.
pub fn placements(g: &MoonBase, s: &State, pieces: &[Piece]) -> Vec<Action> {
    let mut out = Vec::new();
    g.placements(s, &hand(pieces), &mut out);
    out
}

pub fn count_craters(actions: &[Action]) -> usize {
    actions
        .iter()
        .filter(|a| matches!(a, Action::PlaceOnCrater { .. }))
        .count()
}

/// Stacks in `actions` on the supports `a < b`.
pub fn count_stacks_on(actions: &[Action], a: u16, b: u16) -> usize {
    actions
        .iter()
        .filter(
            |x| matches!(x, Action::Stack { a: p, b: q, .. } if *p == RingId(a) && *q == RingId(b)),
        )
        .count()
}

pub fn count_stacks(actions: &[Action]) -> usize {
    actions
        .iter()
        .filter(|a| matches!(a, Action::Stack { .. }))
        .count()
}
