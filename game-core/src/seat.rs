//! Seats, viewers and the per-seat container.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::InlineVec;

/// A place at the table, numbered from 0 in turn order.
///
/// Games validate a seat against their seat count before using it
/// ([`crate::Error::UnknownSeat`]), so any `u8` is safe to pass in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for per-seat tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every seat of a table of `seats`, in turn order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats.min(usize::from(u8::MAX) + 1)).map(|i| Seat(i as u8))
    }

    /// The seat after this one, wrapping around a table of `seats`.
    #[must_use]
    pub fn next(self, seats: usize) -> Seat {
        if seats == 0 {
            return self;
        }
        Seat(((self.index() + 1) % seats) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking at the game: a seat sees its own secrets, a spectator none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Viewer {
    /// The player in this seat.
    Seat(Seat),
    /// Someone who sees only public information.
    Spectator,
}

impl Viewer {
    /// The seat behind this viewer, if any.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

impl From<Seat> for Viewer {
    fn from(seat: Seat) -> Self {
        Viewer::Seat(seat)
    }
}

/// One value per seat, stored inline for at most `N` seats.
///
/// Keeps per-seat data off the heap so game states clone cheaply, and is
/// indexed by [`Seat`] rather than a bare integer. Indexing with a seat
/// outside the table panics like a slice would, so rules code validates
/// seats first (every `Game::check` does). The storage is an
/// [`InlineVec`], so equality and hashing ignore unused capacity.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BySeat<T, const N: usize> {
    values: InlineVec<T, N>,
}

impl<T: Copy + Default, const N: usize> BySeat<T, N> {
    /// `len` copies of `value`; `None` when `len` exceeds the capacity `N`.
    #[must_use]
    pub fn new(len: usize, value: T) -> Option<Self> {
        (len <= N && len <= usize::from(u8::MAX)).then(|| Self::filled(len, value))
    }

    /// `seats` copies of `value`, for a seat count the config has already
    /// validated; a count above the capacity `N` is cut to `N`, so building
    /// a table never fails (rules code needs no `expect`).
    #[must_use]
    pub fn filled(seats: usize, value: T) -> Self {
        let mut values = InlineVec::new();
        for _ in 0..seats.min(N) {
            values.push(value);
        }
        BySeat { values }
    }

    /// The values of an array, one per seat; an array longer than the
    /// capacity is a compile error.
    #[must_use]
    pub fn from_array<const M: usize>(values: [T; M]) -> Self {
        const { assert!(M <= N, "more seats than the table holds") };
        let mut out = Self::filled(0, T::default());
        for v in values {
            out.values.push(v);
        }
        out
    }

    /// The values of a slice, one per seat; `None` when it is longer than `N`.
    #[must_use]
    pub fn from_slice(values: &[T]) -> Option<Self> {
        InlineVec::from_slice(values).map(|values| BySeat { values })
    }
}

impl<T, const N: usize> BySeat<T, N> {
    /// How many seats hold a value.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.as_slice().len()
    }

    /// True for a table of no seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values in seat order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        self.values.as_slice()
    }

    /// The values in seat order, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.values.as_mut_slice()
    }

    /// The value of `seat`, or `None` when the seat is not at this table.
    #[must_use]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat.index())
    }

    /// The value of `seat`, mutable, or `None` when the seat is not at this table.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.as_mut_slice().get_mut(seat.index())
    }

    /// Seats with their values, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, v)| (Seat(i as u8), v))
    }
}

impl<T, const N: usize> Index<Seat> for BySeat<T, N> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.as_slice()[seat.index()]
    }
}

impl<T, const N: usize> IndexMut<Seat> for BySeat<T, N> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.as_mut_slice()[seat.index()]
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for BySeat<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Serialize, const N: usize> Serialize for BySeat<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Deserialize<'de> for BySeat<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        BySeat::from_slice(&values).ok_or_else(|| {
            D::Error::custom(format_args!(
                "{} seats given, at most {N} fit",
                values.len()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_seat_wraps_around_the_table() {
        assert_eq!(Seat(0).next(3), Seat(1));
        assert_eq!(Seat(2).next(3), Seat(0));
    }

    #[test]
    fn by_seat_rejects_more_seats_than_capacity() {
        assert!(BySeat::<u8, 4>::new(5, 0).is_none());
        let by = BySeat::<u8, 4>::from_slice(&[1, 2, 3]).unwrap();
        assert_eq!(by[Seat(2)], 3);
        assert_eq!(by.get(Seat(3)), None);
    }

    #[test]
    fn by_seat_serializes_as_a_list_and_checks_its_length() {
        let by = BySeat::<i32, 4>::from_slice(&[5, -1]).unwrap();
        let json = serde_json::to_string(&by).unwrap();
        assert_eq!(json, "[5,-1]");
        assert_eq!(serde_json::from_str::<BySeat<i32, 4>>(&json).unwrap(), by);
        assert!(serde_json::from_str::<BySeat<i32, 4>>("[1,2,3,4,5]").is_err());
    }

    #[test]
    fn infallible_constructors_cut_to_capacity_and_take_arrays() {
        assert_eq!(BySeat::<u8, 4>::filled(9, 7).as_slice(), &[7, 7, 7, 7]);
        assert_eq!(BySeat::<u8, 4>::filled(2, 7), BySeat::new(2, 7).unwrap());
        assert_eq!(BySeat::<u8, 4>::from_array([1, 2]).as_slice(), &[1, 2]);
    }

    #[test]
    fn equal_tables_ignore_unused_capacity() {
        let a = BySeat::<u8, 4>::from_slice(&[1, 2]).unwrap();
        let mut b = BySeat::<u8, 4>::new(2, 0).unwrap();
        b[Seat(0)] = 1;
        b[Seat(1)] = 2;
        assert_eq!(a, b);
    }
}
