//! Stack candidates of one pair as a bitmask of lattice rows per lattice
//! column. Stacked rings stand on the lattice (S2), so the distance from
//! one of them to a lattice point is `g·√(m² + n²)` for whole column and
//! row offsets `m`, `n`: which rows of a column lie inside a disc around
//! such a ring depends only on the disc's squared radius and `m`, and is
//! read from a table built once per rules object. A support or obstacle
//! on the lattice then costs a table read and a few mask operations per
//! column, where testing every point cost a squared distance each.

use crate::geometry::sq;
use crate::movegen::LatticeBox;
use crate::{MoonBase, Size};

/// Columns a window holds at most; a wider pair takes the per-point scan.
pub(crate) const MAX_COLUMNS: usize = 48;
/// Rows a window holds at most (one `u64` per column).
const MAX_ROWS: i64 = 64;

/// A disc `d² ≤ limit` around a lattice point, by column offset: for
/// `m = 0, 1, ...` the largest row offset `n ≥ 0` with `g²(m² + n²) ≤
/// limit`; columns past the end miss the disc.
#[derive(Clone, Debug, Default)]
pub(crate) struct LatticeDisc {
    limit: i64,
    half: Vec<i64>,
}

impl LatticeDisc {
    /// The disc of squared radius `limit` (inclusive) on a lattice of step `g`.
    fn new(limit: i64, g: i64) -> LatticeDisc {
        let g2 = sq(g);
        let mut half = Vec::new();
        let mut m = 0i64;
        while limit - g2 * sq(m) >= 0 {
            // n² g² ≤ rest ⇔ n² ≤ ⌊rest / g²⌋.
            half.push(((limit - g2 * sq(m)) / g2).isqrt());
            m += 1;
        }
        LatticeDisc { limit, half }
    }

    /// The largest row offset inside the disc in column offset `m`, or −1.
    fn half(&self, m: i64) -> i64 {
        usize::try_from(m.unsigned_abs())
            .ok()
            .and_then(|i| self.half.get(i))
            .copied()
            .unwrap_or(-1)
    }

    /// Column offsets with some row inside: `-reach..=reach`, or none.
    fn reach(&self) -> i64 {
        self.half.len() as i64 - 1
    }
}

/// The discs move generation meets, one per squared-distance bound; a
/// bound not listed is tested point by point.
#[derive(Clone, Debug, Default)]
pub(crate) struct LatticeDiscs {
    discs: Vec<LatticeDisc>,
}

impl LatticeDiscs {
    /// Every bound a stack search of `game` uses: per new ring size and
    /// other ring size, S3's reach, S3b's limit, the S4/S5 reach and S4's
    /// opening; per new size, the tower's reach (S7).
    pub(crate) fn new(game: &MoonBase) -> LatticeDiscs {
        let g = game.step;
        // −1: the empty disc of a bound that never binds.
        let mut limits = vec![-1];
        for new in Size::ALL {
            let (big, r_new) = (game.outer(new), game.inner(new));
            for other in Size::ALL {
                limits.push(sq(r_new + game.inner(other)) - 1);
                limits.push(game.rim_limit_of(other, new));
                limits.push(sq(big + game.outer(other)) - 1);
                limits.push(game.hole_limit_of(other, new));
            }
            limits.push(sq(big + game.rho) - 1);
        }
        limits.sort_unstable();
        limits.dedup();
        LatticeDiscs {
            discs: limits.into_iter().map(|l| LatticeDisc::new(l, g)).collect(),
        }
    }

    /// The disc of bound `limit` (`d² ≤ limit`), if listed.
    pub(crate) fn get(&self, limit: i64) -> Option<&LatticeDisc> {
        self.discs.iter().find(|d| d.limit == limit)
    }
}

/// The rows still alive in each column of a pair's lattice box.
pub(crate) struct Window {
    x0: i64,
    y0: i64,
    g: i64,
    columns: usize,
    rows: i64,
    masks: [u64; MAX_COLUMNS],
}

impl Window {
    /// An empty window, to be [`Window::reset`] before use.
    pub(crate) const fn empty() -> Window {
        Window {
            x0: 0,
            y0: 0,
            g: 1,
            columns: 0,
            rows: 0,
            masks: [0; MAX_COLUMNS],
        }
    }

    /// Makes every point of `area` alive; false (and the window empty)
    /// when the box is too big.
    pub(crate) fn reset(&mut self, area: LatticeBox, g: i64) -> bool {
        let (x0, x1, y0, y1) = area.bounds();
        let columns = usize::try_from((x1 - x0) / g + 1).unwrap_or(usize::MAX);
        let rows = (y1 - y0) / g + 1;
        if columns > MAX_COLUMNS || !(1..=MAX_ROWS).contains(&rows) {
            self.columns = 0;
            return false;
        }
        (self.x0, self.y0, self.g, self.columns, self.rows) = (x0, y0, g, columns, rows);
        let all = self.range(0, rows - 1);
        self.masks[..columns].fill(all);
        true
    }

    /// Rows `lo..=hi` clipped to the window, as a mask.
    fn range(&self, lo: i64, hi: i64) -> u64 {
        let (lo, hi) = (lo.max(0), hi.min(self.rows - 1));
        if lo > hi {
            return 0;
        }
        (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
    }

    /// The lattice offsets of `(x, y)` from the window's origin, when it is
    /// a lattice point (S2).
    pub(crate) fn offsets(&self, x: i32, y: i32) -> Option<(i64, i64)> {
        let (dx, dy) = (i64::from(x) - self.x0, i64::from(y) - self.y0);
        (dx % self.g == 0 && dy % self.g == 0).then_some((dx / self.g, dy / self.g))
    }

    /// The rows of column `c` with `inner < d² ≤ outer` from the lattice
    /// point at offsets `(cx, cy)`.
    fn annulus(
        &self,
        c: i64,
        (cx, cy): (i64, i64),
        outer: &LatticeDisc,
        inner: &LatticeDisc,
    ) -> u64 {
        let (m, ho) = (c - cx, outer.half(c - cx));
        if ho < 0 {
            return 0;
        }
        let (hi, disc) = (inner.half(m), self.range(cy - ho, cy + ho));
        if hi < 0 {
            // No inner disc in this column.
            return disc;
        }
        disc & !self.range(cy - hi, cy + hi)
    }

    /// Keeps the points with `inner < d² ≤ outer` from the lattice point at
    /// `centre` (a support's S3 and S3b).
    pub(crate) fn keep(&mut self, centre: (i64, i64), outer: &LatticeDisc, inner: &LatticeDisc) {
        for c in 0..self.columns {
            let keep = self.annulus(c as i64, centre, outer, inner);
            self.masks[c] &= keep;
        }
    }

    /// Drops the points with `inner < d² ≤ outer` from the lattice point at
    /// `centre` (an obstacle: S4, S5, S7).
    pub(crate) fn cut(&mut self, centre: (i64, i64), outer: &LatticeDisc, inner: &LatticeDisc) {
        let reach = outer.reach();
        let first = (centre.0 - reach).max(0);
        let last = (centre.0 + reach).min(self.columns as i64 - 1);
        for c in first..last + 1 {
            let cut = self.annulus(c, centre, outer, inner);
            self.masks[c as usize] &= !cut;
        }
    }

    /// How many columns the window holds.
    pub(crate) const fn columns(&self) -> usize {
        self.columns
    }

    /// The window's column masks with exactly `points` set (points of its
    /// box; others are left out).
    pub(crate) fn point_masks(&self, points: &[(i32, i32)]) -> Vec<u64> {
        let mut masks = vec![0u64; self.columns];
        for &(x, y) in points {
            if let Some((c, r)) = self.offsets(x, y)
                && let (Ok(c), Ok(r)) = (usize::try_from(c), u32::try_from(r))
                && let Some(m) = masks.get_mut(c)
                && i64::from(r) < self.rows
            {
                *m |= 1 << r;
            }
        }
        masks
    }

    /// Makes alive exactly the points of `masks` (one per column, as
    /// [`Window::point_masks`] gave for the same box).
    pub(crate) fn load(&mut self, area: LatticeBox, g: i64, masks: &[u64]) -> bool {
        if !self.reset(area, g) || masks.len() != self.columns {
            return false;
        }
        self.masks[..self.columns].copy_from_slice(masks);
        true
    }

    /// The column masks of the points alive.
    pub(crate) fn alive_masks(&self) -> &[u64] {
        &self.masks[..self.columns]
    }

    /// Drops the points of `masks` (one per column).
    pub(crate) fn remove(&mut self, masks: &[u64]) {
        for (m, b) in self.masks[..self.columns].iter_mut().zip(masks) {
            *m &= !b;
        }
    }

    /// True when no point is alive.
    pub(crate) fn is_empty(&self) -> bool {
        self.masks[..self.columns].iter().all(|&m| m == 0)
    }

    /// Each column's x and alive rows as a mask (bit n: row `y0 + n·g`),
    /// x ascending, with the row origin `(y0, g)`.
    pub(crate) fn columns_alive(&self) -> (impl Iterator<Item = (i32, u64)> + '_, i64, i64) {
        let (x0, g) = (self.x0, self.g);
        let columns = self.masks[..self.columns]
            .iter()
            .enumerate()
            .map(move |(c, &mask)| ((x0 + c as i64 * g) as i32, mask));
        (columns, self.y0, self.g)
    }

    /// Calls `f(x, y)` for each alive point, x then y ascending.
    #[cfg(test)]
    pub(crate) fn for_each<B>(
        &self,
        mut f: impl FnMut(i32, i32) -> std::ops::ControlFlow<B>,
    ) -> std::ops::ControlFlow<B> {
        for (c, &mask) in self.masks[..self.columns].iter().enumerate() {
            let x = (self.x0 + c as i64 * self.g) as i32;
            let mut m = mask;
            while m != 0 {
                let row = i64::from(m.trailing_zeros());
                m &= m - 1;
                f(x, (self.y0 + row * self.g) as i32)?;
            }
        }
        std::ops::ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::d2;

    /// Every point a window keeps or cuts is the one the squared-distance
    /// test picks, for centres in, beside and outside the window.
    #[test]
    fn window_masks_match_squared_distances() {
        let g = 5;
        let area = LatticeBox::new(-20, 60, 10, 75);
        let (outer, inner) = (
            LatticeDisc::new(sq(33) - 1, g),
            LatticeDisc::new(12 * 12, g),
        );
        for (cx, cy) in [(20, 40), (-35, 10), (65, 80), (0, 0), (100, 40)] {
            let mut kept = Window::empty();
            assert!(kept.reset(area, g), "small box");
            let centre = kept.offsets(cx, cy).expect("on the lattice");
            kept.keep(centre, &outer, &inner);
            let mut cut = Window::empty();
            assert!(cut.reset(area, g), "small box");
            cut.cut(centre, &outer, &inner);
            let inside = |x: i32, y: i32| {
                let d = d2(x, y, cx, cy);
                144 < d && d < sq(33)
            };
            let mut want = Vec::new();
            let mut y = 10;
            let mut x = -20;
            while x <= 60 {
                while y <= 75 {
                    want.push((x, y, inside(x, y)));
                    y += g as i32;
                }
                y = 10;
                x += g as i32;
            }
            let mut got_kept = Vec::new();
            let _ = kept.for_each(|x, y| {
                got_kept.push((x, y));
                std::ops::ControlFlow::<()>::Continue(())
            });
            let mut got_cut = Vec::new();
            let _ = cut.for_each(|x, y| {
                got_cut.push((x, y));
                std::ops::ControlFlow::<()>::Continue(())
            });
            let want_kept: Vec<_> = want.iter().filter(|w| w.2).map(|w| (w.0, w.1)).collect();
            let want_cut: Vec<_> = want.iter().filter(|w| !w.2).map(|w| (w.0, w.1)).collect();
            assert_eq!(got_kept, want_kept, "kept around ({cx}, {cy})");
            assert_eq!(got_cut, want_cut, "cut around ({cx}, {cy})");
        }
    }

    #[test]
    fn too_big_a_box_takes_the_point_scan() {
        let mut w = Window::empty();
        assert!(!w.reset(LatticeBox::new(0, 5 * 48, 0, 0), 5));
        assert!(!w.reset(LatticeBox::new(0, 0, 0, 5 * 64), 5));
        assert!(w.reset(LatticeBox::new(0, 5 * 47, 0, 5 * 63), 5));
    }
}
