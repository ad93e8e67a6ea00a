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

/// The largest squared distance at which a disc of radius `outer` lies
/// wholly inside an opening of radius `inner` (Inside of §1: `d + R ≤ r`),
/// or −1 when it never does (`R > r`). Inside holds exactly when
/// `d² ≤ inside_limit(R, r)`, one comparison on a d² already computed.
#[must_use]
pub(crate) const fn inside_limit(outer: i64, inner: i64) -> i64 {
    if outer <= inner {
        sq(inner - outer)
    } else {
        -1
    }
}

/// S3b's rim contact between a support and the new ring, as one bound:
/// they touch rims exactly when `d² > rim_contact_limit(..)`. It is the
/// larger of Inside(support, new) and Inside(new, support) (§8.2).
#[must_use]
pub(crate) const fn rim_contact_limit(
    support_outer: i64,
    support_inner: i64,
    new_outer: i64,
    new_inner: i64,
) -> i64 {
    let support_inside = inside_limit(support_outer, new_inner);
    let new_inside = inside_limit(new_outer, support_inner);
    if support_inside > new_inside {
        support_inside
    } else {
        new_inside
    }
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
    fn inside_is_the_complement_of_a_strict_rim_contact() {
        // A small ring (R 20) in a large opening (r 25): inside up to d = 5,
        // internal tangency included (B-20).
        assert_eq!(inside_limit(20, 25), 25);
        assert_eq!(inside_limit(25, 25), 0);
        assert_eq!(inside_limit(30, 25), -1);
        // Large new ring (30/25) on a small support (20/15): only the
        // support can lie inside the new opening.
        assert_eq!(rim_contact_limit(20, 15, 30, 25), 25);
        // Small new ring on a large support: only the new ring can drop in.
        assert_eq!(rim_contact_limit(30, 25, 20, 15), 25);
        // Two large rings always touch rims (R 30 > r 25 both ways).
        assert_eq!(rim_contact_limit(30, 25, 30, 25), -1);
    }

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
