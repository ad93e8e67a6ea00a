//! What a stack on two level-1 rings can be, computed once per board and
//! ring sizes: a level-1 ring stands on a crater's centre and has the
//! crater's size (C1), so for every pair of craters the lattice points
//! that pass S2, S3 and S3b (which look only at the two supports) and the
//! craters whose rings could block them (S4) never change during a game.
//! Move generation then tests only those points against the rings that
//! do change (S4, S5, S7).

use crate::board::set_bit;
use crate::geometry::{d2, sq};
use crate::movegen::LatticeBox;
use crate::{MoonBase, Size};

/// The stack candidates over one pair of craters, for one new ring size.
#[derive(Clone, Debug)]
pub(crate) struct PairCandidates {
    /// The S3 bounding box of the pair (the area the generic search scans).
    pub area: LatticeBox,
    /// Points passing S2, S3 and S3b, x then y ascending: a range of
    /// [`PairTable::points`].
    start: u32,
    len: u32,
    /// Craters other than the pair whose level-1 ring is near enough to
    /// `area` to block a point there (S4).
    pub near: [u64; 4],
    /// The craters whose level-1 ring blocks some of the points (S4), each
    /// with the points it blocks: a range of [`PairTable::blockers`].
    blockers_start: u32,
    blockers_len: u32,
}

/// Points per pair the blocked-point bitsets cover; a pair with more is
/// tested point by point.
pub(crate) const MAX_POINT_WORDS: usize = 8;

/// The points of a pair a level-1 ring on `crater` blocks (S4), as a
/// bitset over the pair's points (bit `i` set: point `i` is blocked), one
/// word per 64 points, from [`PairTable`]'s flat list of words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocker {
    /// The crater whose ring blocks.
    pub crater: u16,
    /// Where its words start.
    start: u32,
}

/// Stack candidates per new ring size and pair of craters.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairTable {
    /// Per new ring size, per crater: its partners with candidates, as
    /// (partner crater, index into `pairs`), partners ascending.
    partners: [Vec<Vec<(u16, u32)>>; 2],
    pairs: Vec<PairCandidates>,
    points: Vec<(i32, i32)>,
    blockers: Vec<Blocker>,
    blocked_words: Vec<u64>,
}

impl PairTable {
    /// The table of `game`'s board, ring sizes, lattice and rules version.
    pub(crate) fn new(game: &MoonBase) -> PairTable {
        let mut table = PairTable::default();
        let craters = game.board().craters();
        let margin = game.margin_box();
        for new in Size::ALL {
            let mut partners = vec![Vec::new(); craters.len()];
            let r_new = game.inner(new);
            let big = game.outer(new);
            for (i, a) in craters.iter().enumerate() {
                for (j, b) in craters.iter().enumerate().skip(i + 1) {
                    let ca = r_new + game.inner(a.size);
                    let cb = r_new + game.inner(b.size);
                    // As the generic search: S3 needs the openings near.
                    if d2(a.x, a.y, b.x, b.y) >= sq(ca + cb) {
                        continue;
                    }
                    let area = game.pair_box((a.x, a.y, ca), (b.x, b.y, cb), margin);
                    let Some(area) = area else { continue };
                    let rim_a = game.rim_limit_of(a.size, new);
                    let rim_b = game.rim_limit_of(b.size, new);
                    let start = table.points.len();
                    game.scan_box(area, |px, py| {
                        let (da2, db2) = (d2(px, py, a.x, a.y), d2(px, py, b.x, b.y));
                        if da2 < sq(ca) && db2 < sq(cb) && da2 > rim_a && db2 > rim_b {
                            table.points.push((px, py));
                        }
                    });
                    let len = table.points.len() - start;
                    if len == 0 {
                        continue;
                    }
                    let mut near = [0u64; 4];
                    let blockers_start = table.blockers.len();
                    for (k, u) in craters.iter().enumerate() {
                        if k != i && k != j && area.near(u.x, u.y, big + game.outer(u.size)) {
                            set_bit(&mut near, k);
                            if len <= 64 * MAX_POINT_WORDS {
                                let reach2 = sq(big + game.outer(u.size));
                                let hole2 = game.hole_limit_of(u.size, new);
                                let mut blocked = [0u64; MAX_POINT_WORDS];
                                for (p, &(px, py)) in table.points[start..].iter().enumerate() {
                                    let d = d2(px, py, u.x, u.y);
                                    if hole2 < d && d < reach2 {
                                        blocked[p / 64] |= 1 << (p % 64);
                                    }
                                }
                                if blocked != [0; MAX_POINT_WORDS] {
                                    table.blockers.push(Blocker {
                                        crater: k as u16,
                                        start: table.blocked_words.len() as u32,
                                    });
                                    let words = len.div_ceil(64);
                                    table.blocked_words.extend_from_slice(&blocked[..words]);
                                }
                            }
                        }
                    }
                    let index = table.pairs.len() as u32;
                    table.pairs.push(PairCandidates {
                        area,
                        start: start as u32,
                        len: len as u32,
                        near,
                        blockers_start: blockers_start as u32,
                        blockers_len: (table.blockers.len() - blockers_start) as u32,
                    });
                    partners[i].push((j as u16, index));
                    partners[j].push((i as u16, index));
                }
            }
            for list in &mut partners {
                list.sort_unstable();
            }
            table.partners[new.index()] = partners;
        }
        table
    }

    /// The partners of crater `k` for a new ring of `new` size, ascending.
    pub(crate) fn partners(&self, new: Size, k: usize) -> &[(u16, u32)] {
        self.partners[new.index()]
            .get(k)
            .map_or(&[], |list| list.as_slice())
    }

    /// The candidates of a pair listed by [`PairTable::partners`].
    pub(crate) fn pair(&self, index: u32) -> Option<&PairCandidates> {
        self.pairs.get(index as usize)
    }

    /// The S4 blockers of `pair` (craters ascending), when its points fit
    /// the bitsets; `None` when they must be tested point by point.
    pub(crate) fn blockers(&self, pair: &PairCandidates) -> Option<&[Blocker]> {
        if pair.len as usize > 64 * MAX_POINT_WORDS {
            return None;
        }
        let start = pair.blockers_start as usize;
        self.blockers.get(start..start + pair.blockers_len as usize)
    }

    /// The points of its pair that `blocker` blocks, as `words` words.
    pub(crate) fn blocked(&self, blocker: Blocker, words: usize) -> &[u64] {
        let start = blocker.start as usize;
        self.blocked_words.get(start..start + words).unwrap_or(&[])
    }

    /// The candidate points of `pair`, x then y ascending.
    pub(crate) fn points(&self, pair: &PairCandidates) -> &[(i32, i32)] {
        let start = pair.start as usize;
        self.points
            .get(start..start + pair.len as usize)
            .unwrap_or(&[])
    }
}
