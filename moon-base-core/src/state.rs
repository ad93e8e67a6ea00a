//! The game state: plain, inline data (§9.1).

use std::fmt;

use game_core::{BySeat, InlineVec, Seat, StateError};
use serde::{Deserialize, Serialize};

use crate::{Colour, CraterId, Piece, Size};

/// Rings of one size in the game (MB-1): 8 per colour.
pub const RINGS_PER_SIZE: usize = 24;
/// Rings of one piece (size and colour) in the game.
pub const RINGS_PER_PIECE: u8 = 8;
/// Rings on the board at most: every ring of both sizes.
pub const MAX_RINGS: usize = 2 * RINGS_PER_SIZE;
/// Rings in one pile (MB-1).
pub const PILE_SIZE: usize = 6;
/// Piles per size (MB-1).
pub const PILES: usize = 4;
/// Settlements (and resource bases) per seat (MB-5).
pub const SUPPLY: u8 = 6;
/// Resource bases on the board at most.
pub const MAX_BASES: usize = 2 * SUPPLY as usize;

/// A ring's index in placement order (§8.3); rings never move.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct RingId(pub u16);

impl RingId {
    /// The index, for tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for RingId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ring {}", self.0)
    }
}

/// What a ring rests on (§8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Footing {
    /// A crater: the ring is at level 1.
    Crater(CraterId),
    /// Two rings of one level, lower id first.
    Supports(RingId, RingId),
}

impl Default for Footing {
    fn default() -> Self {
        Footing::Crater(CraterId(0))
    }
}

/// A ring on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ring {
    /// Size and colour.
    pub piece: Piece,
    /// 1 on a crater, one above its supports otherwise.
    pub level: u8,
    /// Centre x, mm.
    pub x: i32,
    /// Centre y, mm.
    pub y: i32,
    /// What it rests on.
    pub on: Footing,
    /// A settlement was built on it (MB-23).
    pub settlement: bool,
}

/// What carries the tower (§1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Host {
    /// A large crater (level 0).
    Crater(CraterId),
    /// A large collabo ring (MB-17).
    Ring(RingId),
}

/// A seat's open hand: ring counts by size, then colour (MB-9, B-25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hand(pub [[u8; 3]; 2]);

impl Hand {
    /// How many rings of `piece` the hand holds.
    #[must_use]
    pub const fn count(&self, piece: Piece) -> u8 {
        self.0[piece.size.index()][piece.colour.index()]
    }

    /// Adds one ring of `piece` (saturating).
    pub fn add(&mut self, piece: Piece) {
        let c = &mut self.0[piece.size.index()][piece.colour.index()];
        *c = c.saturating_add(1);
    }

    /// Removes one ring of `piece`; false when there is none.
    pub fn remove(&mut self, piece: Piece) -> bool {
        let c = &mut self.0[piece.size.index()][piece.colour.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// How many rings in all.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().flatten().map(|&c| u32::from(c)).sum()
    }

    /// How many rings of `size`.
    #[must_use]
    pub fn of_size(&self, size: Size) -> u32 {
        self.0[size.index()].iter().map(|&c| u32::from(c)).sum()
    }

    /// True when the hand is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// The pieces held (each once), in `Ord` order.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        Piece::ALL.into_iter().filter(|&p| self.count(p) > 0)
    }
}

/// A resource base on the board (MB-24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceBase {
    /// The crater it sits on.
    pub crater: CraterId,
    /// The seat that placed it.
    pub seat: Seat,
}

impl Default for ResourceBase {
    fn default() -> Self {
        ResourceBase {
            crater: CraterId(0),
            seat: Seat(0),
        }
    }
}

/// One pile of rings, listed top first (MB-1).
pub type Pile = InlineVec<Colour, PILE_SIZE>;

/// Where the game is (§9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// The piles are being built by chance draws (MB-1).
    Piles,
    /// The first player is drawn (B-24, `Random` only).
    DrawStart,
    /// The second player picks gold or silver (MB-3).
    ChooseColour,
    /// The second player stands the tower (MB-4).
    PlaceTower,
    /// Take `step` of the four takes (MB-7).
    Select {
        /// 0 to 3.
        step: u8,
    },
    /// Placement (MB-10): `to_move` acts; `turns` turns are done.
    Place {
        /// The seat to act.
        to_move: Seat,
        /// Turns played this phase (placements and passes).
        turns: u8,
    },
    /// `seat` must place a resource base (MB-24, B-16).
    Base {
        /// The seat to act.
        seat: Seat,
    },
    /// The game is over (MB-26).
    Over,
}

/// A position of Moon Base; everything in it is public (B-11).
///
/// Deserializing checks everything that does not need the rules object
/// (seat counts, ring links, ring and supply counts): a file is read as its
/// serde shape and turned into a `State` by a `TryFrom` that runs
/// [`State::check_structure`], as in every game crate;
/// [`game_core::Game::check_state`] checks the rest against the board and
/// config.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "StateData")]
pub struct State {
    /// The phase, with the seat to act.
    pub phase: Phase,
    /// 0 during set-up, then 1 to `rounds`.
    pub round: u8,
    /// The first player; `None` only before a `Random` draw.
    pub first_player: Option<Seat>,
    /// Each seat's colour, once chosen.
    pub colour_of: Option<BySeat<Colour, 2>>,
    /// Piles by size, then pile; each listed top first.
    pub piles: [[Pile; PILES]; 2],
    /// The open hands.
    pub hands: BySeat<Hand, 2>,
    /// The rings on the board, in placement order.
    pub rings: InlineVec<Ring, MAX_RINGS>,
    /// What carries the tower, once placed.
    pub tower: Option<Host>,
    /// Resource bases, in placement order.
    pub bases: InlineVec<ResourceBase, MAX_BASES>,
    /// Settlements each seat still has.
    pub settlements_left: BySeat<u8, 2>,
    /// Resource bases each seat still has.
    pub bases_left: BySeat<u8, 2>,
    /// Rings each seat has retired (B-23).
    pub unplaced: BySeat<u8, 2>,
    /// Settlements built in this round's building phase (B-15).
    pub built_this_round: BySeat<u8, 2>,
}

/// The serde shape of [`State`]: what a file holds before it is checked
/// ([`State::check_structure`], in `validate.rs`) and becomes a `State`.
#[derive(Deserialize)]
#[serde(rename = "State", deny_unknown_fields)]
struct StateData {
    phase: Phase,
    round: u8,
    first_player: Option<Seat>,
    colour_of: Option<BySeat<Colour, 2>>,
    piles: [[Pile; PILES]; 2],
    hands: BySeat<Hand, 2>,
    rings: InlineVec<Ring, MAX_RINGS>,
    tower: Option<Host>,
    bases: InlineVec<ResourceBase, MAX_BASES>,
    settlements_left: BySeat<u8, 2>,
    bases_left: BySeat<u8, 2>,
    unplaced: BySeat<u8, 2>,
    built_this_round: BySeat<u8, 2>,
}

impl TryFrom<StateData> for State {
    type Error = StateError;

    fn try_from(d: StateData) -> Result<State, StateError> {
        let s = State {
            phase: d.phase,
            round: d.round,
            first_player: d.first_player,
            colour_of: d.colour_of,
            piles: d.piles,
            hands: d.hands,
            rings: d.rings,
            tower: d.tower,
            bases: d.bases,
            settlements_left: d.settlements_left,
            bases_left: d.bases_left,
            unplaced: d.unplaced,
            built_this_round: d.built_this_round,
        };
        s.check_structure()?;
        Ok(s)
    }
}

impl State {
    /// The other seat of the two.
    #[must_use]
    pub const fn other(seat: Seat) -> Seat {
        Seat(1 - (seat.0 & 1))
    }

    /// The ring `id`, if it is on the board.
    #[must_use]
    pub fn ring(&self, id: RingId) -> Option<&Ring> {
        self.rings.get(id.index())
    }

    /// The seat playing `colour`, if colours are chosen and it is a player colour.
    #[must_use]
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        let colours = self.colour_of.as_ref()?;
        colours.iter().find(|(_, c)| **c == colour).map(|(s, _)| s)
    }

    /// The colour of `seat`, once chosen.
    #[must_use]
    pub fn colour(&self, seat: Seat) -> Option<Colour> {
        self.colour_of.as_ref()?.get(seat).copied()
    }

    /// The second player: the seat that is not the first player (MB-31).
    #[must_use]
    pub fn second_player(&self) -> Option<Seat> {
        self.first_player.map(State::other)
    }

    /// The start player of the current round: the first player in odd
    /// rounds, the second in even ones (§1, MB-25).
    #[must_use]
    pub fn start_player(&self) -> Option<Seat> {
        let first = self.first_player?;
        Some(if self.round % 2 == 1 || self.round == 0 {
            first
        } else {
            State::other(first)
        })
    }

    /// The ring carrying the tower, if the tower is on a ring.
    #[must_use]
    pub fn host_ring(&self) -> Option<RingId> {
        match self.tower {
            Some(Host::Ring(r)) => Some(r),
            Some(Host::Crater(_)) | None => None,
        }
    }

    /// A bitmask of the rings named as a support by another ring (§1, "covered").
    #[must_use]
    pub fn covered_mask(&self) -> u64 {
        let mut mask = 0u64;
        for r in &self.rings {
            if let Footing::Supports(a, b) = r.on {
                mask |= bit(a.index()) | bit(b.index());
            }
        }
        mask
    }
}

/// Bit `i` of a ring mask (rings are fewer than 64).
pub(crate) const fn bit(i: usize) -> u64 {
    if i < 64 { 1 << i } else { 0 }
}
