//! A small vector stored inline, so game states clone without the heap.
//!
//! It is the storage of [`BySeat`](crate::BySeat) too, and games use it
//! directly for short lists inside states (moon-base's ring stacks).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` values stored inline; compares, hashes and serializes as the
/// slice of its values (a JSON list), so unused capacity never shows.
#[derive(Clone, Copy)]
pub struct InlineVec<T, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// The empty vector.
    #[must_use]
    pub fn new() -> Self {
        InlineVec {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// The values of a slice; `None` when there are more than `N`.
    #[must_use]
    pub fn from_slice(values: &[T]) -> Option<Self> {
        let mut out = Self::new();
        for &v in values {
            if !out.push(v) {
                return None;
            }
        }
        Some(out)
    }

    /// Appends `value`; false (and nothing changes) when full.
    pub fn push(&mut self, value: T) -> bool {
        let len = usize::from(self.len);
        if len >= N || len >= usize::from(u8::MAX) {
            return false;
        }
        self.items[len] = value;
        self.len += 1;
        true
    }

    /// Removes the first `n` values (all of them when there are fewer).
    pub fn remove_front(&mut self, n: usize) {
        let len = usize::from(self.len);
        let n = n.min(len);
        self.items.copy_within(n..len, 0);
        self.len -= n as u8;
    }

    /// Removes the last value.
    pub fn pop(&mut self) -> Option<T> {
        let len = usize::from(self.len);
        if len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[len - 1])
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, const N: usize> InlineVec<T, N> {
    /// The values, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    /// The values, in order, mutable.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }

    /// How many values can be stored.
    #[must_use]
    pub const fn capacity(&self) -> usize {
        N
    }
}

impl<T, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Hash, const N: usize> Hash for InlineVec<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Serialize, const N: usize> Serialize for InlineVec<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Deserialize<'de>
    for InlineVec<T, N>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        InlineVec::from_slice(&values).ok_or_else(|| {
            D::Error::custom(format_args!(
                "{} values given, at most {N} fit",
                values.len()
            ))
        })
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_stops_at_capacity_and_equality_ignores_spare_room() {
        let mut v = InlineVec::<u8, 2>::new();
        assert!(v.push(1));
        assert!(v.push(2));
        assert!(!v.push(3));
        assert_eq!(v.as_slice(), &[1, 2]);
        v.remove_front(1);
        assert_eq!(v.as_slice(), &[2]);
        assert_eq!(v, InlineVec::from_slice(&[2]).unwrap());
        assert!(InlineVec::<u8, 2>::from_slice(&[1, 2, 3]).is_none());
    }
}
