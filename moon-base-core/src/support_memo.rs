//! A memo of the two-support windows of stacked pairs (S3, S3b).
//!
//! Stacked rings stand on lattice points, so the points a pair of them
//! allows depend only on the three ring sizes and the lattice offset
//! from support `a` to support `b`: the window of one pair, moved, is
//! the window of every pair of the same shape. A playout meets the same
//! few shapes again and again; reading the masks back costs a copy of a
//! few words instead of two passes of disc tests over the window.

use crate::Size;
use crate::movegen::LatticeBox;

/// The largest lattice offset between two supports kept, per axis.
const MAX_OFFSET: i64 = 40;
/// Offsets per axis, `-MAX_OFFSET..=MAX_OFFSET`.
const SPAN: usize = 2 * MAX_OFFSET as usize + 1;
/// Keys: three sizes, then the two offsets.
const KEYS: usize = 8 * SPAN * SPAN;

/// One kept window: its box relative to support `a`, and where its
/// column masks lie in the memo's list.
#[derive(Clone, Copy, Debug)]
struct Shape {
    rel: (i64, i64, i64, i64),
    start: usize,
    len: usize,
}

/// The kept windows, by shape.
#[derive(Debug, Default)]
pub(crate) struct SupportMemo {
    /// Per key, 1 + the index of its shape in `shapes`; 0 for none
    /// (empty until the first window is kept).
    index: Vec<u32>,
    shapes: Vec<Shape>,
    masks: Vec<u64>,
}

impl SupportMemo {
    /// The key of a new ring of size `new` on supports of sizes `a` and
    /// `b`, `b` at lattice offset `(ox, oy)` from `a`; `None` beyond the
    /// offsets kept.
    pub(crate) fn key(new: Size, a: Size, b: Size, (ox, oy): (i64, i64)) -> Option<usize> {
        let span = -MAX_OFFSET..=MAX_OFFSET;
        if !span.contains(&ox) || !span.contains(&oy) {
            return None;
        }
        let sizes = (new.index() * 2 + a.index()) * 2 + b.index();
        let (ox, oy) = ((ox + MAX_OFFSET) as usize, (oy + MAX_OFFSET) as usize);
        Some((sizes * SPAN + ox) * SPAN + oy)
    }

    /// The column masks kept for `key`, when its box moved to `origin`
    /// (support `a`) is `area`.
    pub(crate) fn get(&self, key: usize, area: LatticeBox, origin: (i64, i64)) -> Option<&[u64]> {
        let i = usize::try_from(*self.index.get(key)?)
            .ok()?
            .checked_sub(1)?;
        let shape = self.shapes.get(i)?;
        (relative(area, origin) == shape.rel)
            .then(|| self.masks.get(shape.start..shape.start + shape.len))
            .flatten()
    }

    /// Keeps the column `masks` of the window of `key` over `area`,
    /// support `a` at `origin`.
    pub(crate) fn put(&mut self, key: usize, area: LatticeBox, origin: (i64, i64), masks: &[u64]) {
        if self.index.is_empty() {
            self.index = vec![0; KEYS];
        }
        let Some(slot) = self.index.get_mut(key) else {
            return;
        };
        let Ok(n) = u32::try_from(self.shapes.len() + 1) else {
            return;
        };
        *slot = n;
        self.shapes.push(Shape {
            rel: relative(area, origin),
            start: self.masks.len(),
            len: masks.len(),
        });
        self.masks.extend_from_slice(masks);
    }
}

/// The bounds of `area` relative to `origin`.
fn relative(area: LatticeBox, (x, y): (i64, i64)) -> (i64, i64, i64, i64) {
    let (x0, x1, y0, y1) = area.bounds();
    (x0 - x, x1 - x, y0 - y, y1 - y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_is_read_back_moved_and_only_for_its_box() {
        let mut memo = SupportMemo::default();
        let key = SupportMemo::key(Size::Small, Size::Large, Size::Small, (3, -2)).expect("kept");
        assert_eq!(memo.get(key, LatticeBox::new(0, 10, 0, 10), (5, 5)), None);
        memo.put(key, LatticeBox::new(0, 10, 0, 10), (5, 5), &[1, 2, 3]);
        // The same shape elsewhere: the box moved with support `a`.
        let moved = LatticeBox::new(100, 110, -50, -40);
        assert_eq!(memo.get(key, moved, (105, -45)), Some(&[1u64, 2, 3][..]));
        // A box clipped differently is not the kept one.
        assert_eq!(
            memo.get(key, LatticeBox::new(100, 105, -50, -40), (105, -45)),
            None
        );
        // Another shape has its own entry.
        let other = SupportMemo::key(Size::Large, Size::Large, Size::Small, (3, -2));
        assert_ne!(other, Some(key));
        assert_eq!(
            SupportMemo::key(Size::Small, Size::Small, Size::Small, (41, 0)),
            None
        );
    }
}
