//! Who has seen a card: seat sets and the knowledge a card carries (MI-36, MI-41).

use std::fmt;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use game_core::{Seat, Viewer};

/// A set of seats (at most 8), as a bitset.
///
/// Written in JSON as the list of its seats, ascending.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of one seat (empty for a seat beyond 7).
    #[must_use]
    pub fn of(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }

    /// This set with `seat` added (unchanged for a seat beyond 7).
    #[must_use]
    pub fn with(self, seat: Seat) -> SeatSet {
        match 1u8.checked_shl(u32::from(seat.0)) {
            Some(bit) if seat.0 < 8 => SeatSet(self.0 | bit),
            _ => self,
        }
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

/// Who knows a card outside the unseen part of its pile (MI-36).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knowledge {
    /// Everyone has seen it (the first WC, revealed cards, held cards).
    pub public: bool,
    /// The seats that have seen it privately.
    pub seats: SeatSet,
}

impl Knowledge {
    /// Known to everyone.
    pub const PUBLIC: Knowledge = Knowledge {
        public: true,
        seats: SeatSet::EMPTY,
    };

    /// Known to one seat (a card it drew from the unseen part).
    #[must_use]
    pub fn seat(seat: Seat) -> Knowledge {
        Knowledge {
            public: false,
            seats: SeatSet::of(seat),
        }
    }

    /// This knowledge with `seat` added (a card it drew from a queue).
    #[must_use]
    pub fn with(self, seat: Seat) -> Knowledge {
        Knowledge {
            public: self.public,
            seats: self.seats.with(seat),
        }
    }

    /// Whether `viewer` may see the card (MI-41).
    #[must_use]
    pub fn visible_to(self, viewer: Viewer) -> bool {
        self.public
            || match viewer {
                Viewer::Seat(seat) => self.seats.contains(seat),
                Viewer::Spectator => false,
            }
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
    fn knowledge_decides_visibility() {
        let k = Knowledge::seat(Seat(1));
        assert!(k.visible_to(Viewer::Seat(Seat(1))));
        assert!(!k.visible_to(Viewer::Seat(Seat(0))));
        assert!(!k.visible_to(Viewer::Spectator));
        assert!(k.with(Seat(0)).visible_to(Viewer::Seat(Seat(0))));
        assert!(Knowledge::PUBLIC.visible_to(Viewer::Spectator));
    }
}
