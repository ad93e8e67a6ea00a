//! A set of seats as a bitset, for "who has seen this card" and ties.

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Seat;

/// A set of seats (at most 8), as a bitset, so states that record who
/// has seen a card stay `Copy` and small.
///
/// Written in JSON as the list of its seats, ascending; a game that has
/// always written the raw bits uses [`seat_set_bits`](crate::seat_set_bits)
/// to keep its bytes.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// All eight seats a set can hold: "everyone", whatever the table size.
    pub const ALL: SeatSet = SeatSet(u8::MAX);

    /// The set of one seat (empty for a seat beyond 7).
    #[must_use]
    pub fn of(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }

    /// The set whose bit `i` stands for `Seat(i)`.
    #[must_use]
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits)
    }

    /// The set as bits: bit `i` stands for `Seat(i)`.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// This set with `seat` added (unchanged for a seat beyond 7).
    #[must_use]
    pub fn with(self, seat: Seat) -> SeatSet {
        if seat.0 < 8 {
            SeatSet(self.0 | (1 << seat.0))
        } else {
            self
        }
    }

    /// The seats in either set.
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// True when `seat` is in the set.
    #[must_use]
    pub fn contains(self, seat: Seat) -> bool {
        seat.0 < 8 && self.0 & (1 << seat.0) != 0
    }

    /// How many seats.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when no seat is in the set.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats, ascending.
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }

    /// True when every seat is below `seats`.
    #[must_use]
    pub fn within(self, seats: usize) -> bool {
        self.iter().all(|s| s.index() < seats)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        let seats = Vec::<Seat>::deserialize(d)?;
        let mut set = SeatSet::EMPTY;
        for seat in seats {
            if seat.0 >= 8 {
                return Err(D::Error::custom(format_args!(
                    "seat {} in a seat set",
                    seat.0
                )));
            }
            set = set.with(seat);
        }
        Ok(set)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Serde helpers that write a [`SeatSet`] as its bits, a plain number
/// (`#[serde(with = "game_core::seat_set_bits")]`), for formats that
/// stored a bare `u8` mask before the set existed.
pub mod seat_set_bits {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::SeatSet;

    /// Writes the set as its bits.
    ///
    /// # Errors
    ///
    /// Only the serializer's own.
    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` passes a reference
    pub fn serialize<S: Serializer>(set: &SeatSet, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(set.bits())
    }

    /// Reads the set from its bits; every `u8` is a set.
    ///
    /// # Errors
    ///
    /// When the value is not a `u8`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        u8::deserialize(d).map(SeatSet::from_bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_hold_seats_and_serialize_as_lists() {
        let set: SeatSet = [Seat(3), Seat(0)].into_iter().collect();
        assert!(set.contains(Seat(0)) && set.contains(Seat(3)) && !set.contains(Seat(1)));
        assert_eq!(set.len(), 2);
        assert_eq!(serde_json::to_string(&set).unwrap(), "[0,3]");
        assert_eq!(serde_json::from_str::<SeatSet>("[3,0]").unwrap(), set);
        assert!(serde_json::from_str::<SeatSet>("[9]").is_err());
        assert_eq!(SeatSet::EMPTY.with(Seat(200)), SeatSet::EMPTY);
        assert!(!set.contains(Seat(200)));
    }

    #[test]
    fn bits_round_trip_and_all_holds_every_seat() {
        assert_eq!(
            SeatSet::from_bits(0b1001).iter().collect::<Vec<_>>(),
            [Seat(0), Seat(3)]
        );
        assert_eq!(SeatSet::of(Seat(2)).bits(), 4);
        assert!(SeatSet::ALL.contains(Seat(7)) && SeatSet::ALL.len() == 8);
        assert_eq!(SeatSet::of(Seat(1)).union(SeatSet::of(Seat(2))).bits(), 6);
    }
}
