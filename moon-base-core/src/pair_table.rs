//! What a stack on two level-1 rings can be, computed once per board and
//! ring sizes: a level-1 ring stands on a crater's centre and has the
//! crater's size (C1), so for every pair of craters the lattice points
//! that pass S2, S3 and S3b (which look only at the two supports) and the
//! craters whose rings could block them (S4) never change during a game.
//! Move generation then tests only those points against the rings that
//! do change (S4, S5, S7).

use crate::board::set_bit;
use crate::geometry::{d2, sq};
use crate::lattice_window::Window;
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
    /// The points again as a lattice window over `area`: where its
    /// masks start in [`PairTable`]'s flat list of column masks, and the
    /// craters whose level-1 ring blocks some of them (S4), each with the
    /// points it blocks as masks in that list; `None` when `area` is too
    /// big for a window (then the points are tested one by one).
    window: Option<PairWindow>,
}

/// A pair's candidates and blockers as column masks (see [`PairCandidates`]).
#[derive(Clone, Copy, Debug)]
struct PairWindow {
    masks: u32,
    columns: u32,
    blockers_start: u32,
    blockers_len: u32,
}

/// The points of a pair a level-1 ring on `crater` blocks (S4), as column
/// masks of the pair's window, from [`PairTable`]'s flat list of masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocker {
    /// The crater whose ring blocks.
    pub crater: u16,
    /// Where its masks start.
    masks: u32,
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
    masks: Vec<u64>,
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
                    let points = &table.points[start..];
                    let mut near = [0u64; 4];
                    let mut window = Window::empty();
                    let windowed = window.reset(area, game.step);
                    let masks = table.masks.len();
                    let blockers_start = table.blockers.len();
                    if windowed {
                        table.masks.extend_from_slice(&window.point_masks(points));
                    }
                    for (k, u) in craters.iter().enumerate() {
                        if k != i && k != j && area.near(u.x, u.y, big + game.outer(u.size)) {
                            set_bit(&mut near, k);
                            let reach2 = sq(big + game.outer(u.size));
                            let hole2 = game.hole_limit_of(u.size, new);
                            let blocked: Vec<(i32, i32)> = points
                                .iter()
                                .copied()
                                .filter(|&(px, py)| {
                                    let d = d2(px, py, u.x, u.y);
                                    hole2 < d && d < reach2
                                })
                                .collect();
                            if windowed && !blocked.is_empty() {
                                table.blockers.push(Blocker {
                                    crater: k as u16,
                                    masks: table.masks.len() as u32,
                                });
                                table.masks.extend_from_slice(&window.point_masks(&blocked));
                            }
                        }
                    }
                    let index = table.pairs.len() as u32;
                    table.pairs.push(PairCandidates {
                        area,
                        start: start as u32,
                        len: len as u32,
                        near,
                        window: windowed.then(|| PairWindow {
                            masks: masks as u32,
                            columns: window.columns() as u32,
                            blockers_start: blockers_start as u32,
                            blockers_len: (table.blockers.len() - blockers_start) as u32,
                        }),
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

    /// The candidates of `pair` as column masks over its area, with its
    /// S4 blockers (craters ascending), when it has a window.
    pub(crate) fn window(&self, pair: &PairCandidates) -> Option<(&[u64], &[Blocker])> {
        let w = pair.window?;
        let start = w.masks as usize;
        let masks = self.masks.get(start..start + w.columns as usize)?;
        let first = w.blockers_start as usize;
        let blockers = self.blockers.get(first..first + w.blockers_len as usize)?;
        Some((masks, blockers))
    }

    /// The column masks of the points `blocker` blocks, `columns` long.
    pub(crate) fn blocked(&self, blocker: Blocker, columns: usize) -> &[u64] {
        let start = blocker.masks as usize;
        self.masks.get(start..start + columns).unwrap_or(&[])
    }

    /// The candidate points of `pair`, x then y ascending.
    pub(crate) fn points(&self, pair: &PairCandidates) -> &[(i32, i32)] {
        let start = pair.start as usize;
        self.points
            .get(start..start + pair.len as usize)
            .unwrap_or(&[])
    }
}
