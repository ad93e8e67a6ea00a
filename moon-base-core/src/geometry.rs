//! Integer geometry on squared distances (§1): no floats anywhere.

/// `v²` in `i64`.
#[must_use]
pub(crate) const fn sq(v: i64) -> i64 {
    v * v
}

/// The squared distance between two centres, in `i64`.
///
/// Coordinates reaching this function lie within the board's margin (§1),
/// so the squares stay far below `i64::MAX`.
#[must_use]
pub(crate) const fn d2(ax: i32, ay: i32, bx: i32, by: i32) -> i64 {
    let dx = ax as i64 - bx as i64;
    let dy = ay as i64 - by as i64;
    dx * dx + dy * dy
}

/// The smallest multiple of `g` strictly greater than `lo` (`g > 0`).
#[must_use]
pub(crate) const fn first_multiple_above(lo: i64, g: i64) -> i64 {
    (lo.div_euclid(g) + 1) * g
}

/// The largest multiple of `g` strictly less than `hi` (`g > 0`).
#[must_use]
pub(crate) const fn last_multiple_below(hi: i64, g: i64) -> i64 {
    // ceil(hi / g) - 1, with ceil written through floor of the negation.
    (-((-hi).div_euclid(g)) - 1) * g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_bounds_are_strict() {
        assert_eq!(first_multiple_above(10, 5), 15);
        assert_eq!(first_multiple_above(11, 5), 15);
        assert_eq!(first_multiple_above(-10, 5), -5);
        assert_eq!(first_multiple_above(-11, 5), -10);
        assert_eq!(last_multiple_below(10, 5), 5);
        assert_eq!(last_multiple_below(11, 5), 10);
        assert_eq!(last_multiple_below(-10, 5), -15);
        assert_eq!(last_multiple_below(-9, 5), -10);
    }
}
