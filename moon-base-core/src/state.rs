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
/// (seat counts, ring links, ring and supply counts); [`game_core::Game::check_state`]
/// checks the rest against the board and config.
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

/// The serde shape of [`State`], checked on the way in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
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

fn bad(part: &str, reason: impl Into<String>) -> StateError {
    StateError::new(part, reason)
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

    /// Checks everything that needs no board or config: seat tables, colours,
    /// phase fields, ring links and levels, and the ring and supply counts.
    ///
    /// # Errors
    /// The first problem found, naming the part of the state.
    pub fn check_structure(&self) -> Result<(), StateError> {
        self.check_seat_tables()?;
        self.check_phase()?;
        self.check_progress()?;
        self.check_rings()?;
        self.check_ring_counts()?;
        self.check_supplies()
    }

    /// Every per-seat table has two seats; colours and first player fit them.
    fn check_seat_tables(&self) -> Result<(), StateError> {
        for (name, t) in [
            ("settlements_left", &self.settlements_left),
            ("bases_left", &self.bases_left),
            ("unplaced", &self.unplaced),
            ("built_this_round", &self.built_this_round),
        ] {
            if t.len() != 2 {
                return Err(bad(name, "two seats expected"));
            }
        }
        if self.hands.len() != 2 {
            return Err(bad("hands", "two seats expected"));
        }
        if let Some(c) = &self.colour_of {
            let ok = c.len() == 2
                && c.as_slice()[0].is_player_colour()
                && c.as_slice()[1].is_player_colour()
                && c.as_slice()[0] != c.as_slice()[1];
            if !ok {
                return Err(bad("colour_of", "gold and silver, one per seat"));
            }
        }
        if self.first_player.is_some_and(|s| s.0 > 1) {
            return Err(bad("first_player", "seat 0 or 1"));
        }
        Ok(())
    }

    /// The phase's step, seat and turn count are in range.
    fn check_phase(&self) -> Result<(), StateError> {
        match self.phase {
            Phase::Select { step } if step > 3 => return Err(bad("phase", "select step 0 to 3")),
            Phase::Place { to_move, turns } if to_move.0 > 1 || turns > 16 => {
                return Err(bad("phase", "place: seat 0 or 1, at most 16 turns"));
            }
            Phase::Base { seat } if seat.0 > 1 => return Err(bad("phase", "base: seat 0 or 1")),
            Phase::Piles
            | Phase::DrawStart
            | Phase::ChooseColour
            | Phase::PlaceTower
            | Phase::Select { .. }
            | Phase::Place { .. }
            | Phase::Base { .. }
            | Phase::Over => {}
        }
        Ok(())
    }

    /// Round, first player, colours and tower agree with the phase.
    fn check_progress(&self) -> Result<(), StateError> {
        let set_up = matches!(
            self.phase,
            Phase::Piles | Phase::DrawStart | Phase::ChooseColour | Phase::PlaceTower
        );
        if set_up != (self.round == 0) {
            return Err(bad("round", "0 exactly during set-up"));
        }
        if self.round > 6 {
            return Err(bad("round", "at most 6"));
        }
        let needs_first = !matches!(self.phase, Phase::Piles | Phase::DrawStart);
        if needs_first && self.first_player.is_none() {
            return Err(bad("first_player", "set once the set-up draws are done"));
        }
        let needs_colours = !matches!(
            self.phase,
            Phase::Piles | Phase::DrawStart | Phase::ChooseColour
        );
        if needs_colours != self.colour_of.is_some() {
            return Err(bad("colour_of", "set exactly from the tower placement on"));
        }
        if needs_colours && self.phase != Phase::PlaceTower && self.tower.is_none() {
            return Err(bad("tower", "placed once play starts"));
        }
        if !needs_colours && self.tower.is_some() {
            return Err(bad("tower", "not placed before the colours"));
        }
        Ok(())
    }

    /// Rings link to lower ids one level below, lie near a board and carry
    /// settlements only where one may stand; the tower's host ring is one.
    fn check_rings(&self) -> Result<(), StateError> {
        // Rings: links to lower ids on one level, levels one above.
        for (i, r) in self.rings.iter().enumerate() {
            // No board reaches past 10000 mm, nor a ring 1000 mm beyond it:
            // this bound keeps every squared distance far inside i64.
            if r.x.unsigned_abs() > FAR_MM || r.y.unsigned_abs() > FAR_MM {
                return Err(bad("rings", format!("ring {i} lies far off any board")));
            }
            match r.on {
                Footing::Crater(_) => {
                    if r.level != 1 {
                        return Err(bad(
                            "rings",
                            format!("ring {i} on a crater must be level 1"),
                        ));
                    }
                }
                Footing::Supports(a, b) => {
                    if !(a < b && b.index() < i) {
                        return Err(bad("rings", format!("ring {i} needs supports a < b < {i}")));
                    }
                    let (la, lb) = (self.rings[a.index()].level, self.rings[b.index()].level);
                    if la != lb || r.level != la.saturating_add(1) {
                        return Err(bad(
                            "rings",
                            format!("ring {i} must sit one level above two equal supports"),
                        ));
                    }
                }
            }
            if r.settlement
                && !(r.piece.size == Size::Large
                    && r.level >= 2
                    && r.piece.colour.is_player_colour())
            {
                return Err(bad("rings", format!("ring {i} cannot carry a settlement")));
            }
        }
        if let Some(Host::Ring(h)) = self.tower {
            let ok = self
                .ring(h)
                .is_some_and(|r| r.piece.size == Size::Large && r.level >= 2);
            if !ok {
                return Err(bad(
                    "tower",
                    "a host ring is a large ring of level 2 or more",
                ));
            }
            if self.ring(h).is_some_and(|r| r.settlement) {
                return Err(bad("tower", "the host ring carries no settlement"));
            }
        }
        Ok(())
    }

    /// At most 8 rings of each piece in piles, hands and board (MB-1).
    fn check_ring_counts(&self) -> Result<(), StateError> {
        // At most 8 rings of each piece in piles, hands and board.
        for piece in Piece::ALL {
            let mut n = 0usize;
            for pile in &self.piles[piece.size.index()] {
                n += pile.iter().filter(|&&c| c == piece.colour).count();
            }
            for (_, h) in self.hands.iter() {
                n += usize::from(h.count(piece));
            }
            n += self.rings.iter().filter(|r| r.piece == piece).count();
            if n > usize::from(RINGS_PER_PIECE) {
                return Err(bad("rings", format!("{n} rings of {piece}, at most 8")));
            }
        }
        Ok(())
    }

    /// Settlements and bases left plus those on the board make the supply;
    /// no two bases share a crater.
    fn check_supplies(&self) -> Result<(), StateError> {
        // Supplies: what is left plus what is built is 6.
        for seat in Seat::all(2) {
            let built = match self.colour(seat) {
                Some(c) => self
                    .rings
                    .iter()
                    .filter(|r| r.settlement && r.piece.colour == c)
                    .count(),
                None => 0,
            };
            if usize::from(self.settlements_left[seat]) + built != usize::from(SUPPLY) {
                return Err(bad(
                    "settlements_left",
                    format!("{seat}: left plus built must be 6"),
                ));
            }
            let placed = self.bases.iter().filter(|b| b.seat == seat).count();
            if usize::from(self.bases_left[seat]) + placed != usize::from(SUPPLY) {
                return Err(bad(
                    "bases_left",
                    format!("{seat}: left plus placed must be 6"),
                ));
            }
            if self.built_this_round[seat] > SUPPLY {
                return Err(bad("built_this_round", "at most 6"));
            }
            if usize::from(self.unplaced[seat]) > MAX_RINGS {
                return Err(bad("unplaced", "at most 48"));
            }
        }
        if self.bases.iter().any(|b| b.seat.0 > 1) {
            return Err(bad("bases", "seat 0 or 1"));
        }
        for (i, b) in self.bases.iter().enumerate() {
            if self.bases[..i].iter().any(|o| o.crater == b.crater) {
                return Err(bad("bases", format!("two bases on {}", b.crater)));
            }
        }
        Ok(())
    }
}

/// No coordinate of a valid state goes beyond this, in mm (the largest
/// board plus the margin of §1).
const FAR_MM: u32 = 11_000;

/// Bit `i` of a ring mask (rings are fewer than 64).
pub(crate) const fn bit(i: usize) -> u64 {
    if i < 64 { 1 << i } else { 0 }
}
