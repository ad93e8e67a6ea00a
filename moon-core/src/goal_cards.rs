//! Goal cards counted per value (M-2, M-6): a game of widths 7–8 plays
//! with two boxes, so a value may have two identical copies.

/// A multiset of goal cards: 0, 1 or 2 copies of each 4-bit value.
///
/// The two copies of a value are identical cards (M-6), so a count per
/// value is all there is to know. It is held as two bit planes: bit v of
/// the first is set when at least one copy of v is here, bit v of the
/// second when both are. A game with one box never sets the second plane,
/// so its states serialize as they did before two boxes existed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoalCards {
    once: u16,
    twice: u16,
}

impl GoalCards {
    /// No card.
    pub const EMPTY: GoalCards = GoalCards { once: 0, twice: 0 };

    /// The multiset of the two planes; `twice` is read only where `once`
    /// has the value too (a second copy needs a first).
    #[must_use]
    pub const fn from_planes(once: u16, twice: u16) -> GoalCards {
        GoalCards {
            once,
            twice: twice & once,
        }
    }

    /// `boxes` copies (1 or 2) of every value whose bit is set in `values`.
    #[must_use]
    pub const fn each(values: u16, boxes: u8) -> GoalCards {
        GoalCards {
            once: values,
            twice: if boxes >= 2 { values } else { 0 },
        }
    }

    /// The planes: values with at least one copy, values with two.
    #[must_use]
    pub const fn planes(self) -> (u16, u16) {
        (self.once, self.twice)
    }

    /// The values with at least one copy, as bits.
    #[must_use]
    pub const fn distinct(self) -> u16 {
        self.once
    }

    /// How many copies of `v` (0 for a value above 15).
    #[must_use]
    pub const fn copies(self, v: u8) -> u8 {
        if v > 15 {
            return 0;
        }
        ((self.once >> v) & 1) as u8 + ((self.twice >> v) & 1) as u8
    }

    /// How many cards.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.once.count_ones() + self.twice.count_ones()
    }

    /// True when there is no card.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.once == 0
    }

    /// Adds a copy of `v`; false (and nothing changes) when two copies are
    /// already here or `v` is above 15.
    pub fn add(&mut self, v: u8) -> bool {
        if v > 15 {
            return false;
        }
        let bit = 1u16 << v;
        if self.once & bit == 0 {
            self.once |= bit;
        } else if self.twice & bit == 0 {
            self.twice |= bit;
        } else {
            return false;
        }
        true
    }

    /// Removes a copy of `v`; false (and nothing changes) when none is here.
    pub fn remove(&mut self, v: u8) -> bool {
        if v > 15 {
            return false;
        }
        let bit = 1u16 << v;
        if self.twice & bit != 0 {
            self.twice &= !bit;
        } else if self.once & bit != 0 {
            self.once &= !bit;
        } else {
            return false;
        }
        true
    }

    /// One entry per card, values ascending, copies next to each other (M-6, M-51).
    #[must_use]
    pub fn values(self) -> Vec<u8> {
        (0..16u8)
            .flat_map(|v| std::iter::repeat_n(v, usize::from(self.copies(v))))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m6_copies_are_counted_per_value_and_listed_side_by_side() {
        let mut cards = GoalCards::each(0b1010, 2);
        assert_eq!((cards.len(), cards.copies(1), cards.copies(3)), (4, 2, 2));
        assert!(cards.remove(3));
        assert_eq!(cards.values(), vec![1, 1, 3]);
        assert!(cards.remove(3) && !cards.remove(3));
        assert!(cards.add(0) && cards.add(0) && !cards.add(0));
        assert_eq!(cards.values(), vec![0, 0, 1, 1]);
        assert!(!cards.add(16) && !cards.remove(16));
        assert_eq!(GoalCards::each(0b11, 1).values(), vec![0, 1]);
        assert_eq!(GoalCards::from_planes(0b01, 0b11).planes(), (0b01, 0b01));
    }
}
