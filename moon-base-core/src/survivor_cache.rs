//! The colour-free stack positions (S1–S7 with S3b) of the last board
//! move generation saw, kept in the rules object between calls, so that
//! play updates them instead of rescanning every pair.
//!
//! They depend only on the rings' geometry (piece, level, centre,
//! footing) and the tower. A playout asks about one board several times
//! (`advance`'s `can_place`, then `legal_actions`) and then about that
//! board with one ring more. That ring R changes the old positions in one
//! way only: it blocks those it touches (S4 when on their supports'
//! level, S5 one or two levels above); it adds the pairs it supports,
//! which all come last in their `a` block because R has the highest id.
//! A moved tower, a removed ring or any other board starts afresh. The
//! cache is behind a mutex that is only tried: a second thread computes
//! its own list, so sharing a rules object stays correct.

use std::sync::Mutex;

use crate::geometry::{d2, sq};
use crate::movegen::{Layers, StackSearch};
use crate::state::bit;
use crate::{Host, MoonBase, Ring, RingId, Size, State};

/// A colour-free stack position: supports `a < b`, centre `(x, y)`;
/// ordered as move generation lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Position {
    pub a: u16,
    pub b: u16,
    pub x: i32,
    pub y: i32,
}

/// The pairs a stack search visits.
pub(crate) enum PairSet {
    /// Every pair.
    All,
    /// The pairs a board with one ring more must compute afresh: those
    /// the new ring supports; after a collabo also those with the former
    /// host ring (a support again, S6) and those near the former tower
    /// point, whose column (S7) no longer blocks them.
    Changed {
        ring: usize,
        freed: Option<usize>,
        old_tower: Option<(i32, i32, u8)>,
    },
}

impl PairSet {
    /// The rings that may be the lower support `a`, as a mask.
    pub(crate) fn lower_rings(&self, s: &State, layers: &Layers) -> u64 {
        match *self {
            PairSet::Changed {
                ring,
                freed: None,
                old_tower: None,
            } => {
                let level = s.rings.get(ring).map_or(0, |r| usize::from(r.level));
                layers.at(level) & bit(ring).wrapping_sub(1)
            }
            PairSet::All | PairSet::Changed { .. } => u64::MAX,
        }
    }

    /// The new ring of a set that holds only the pairs it supports.
    pub(crate) fn plain_ring(&self) -> Option<usize> {
        match *self {
            PairSet::Changed {
                ring,
                freed: None,
                old_tower: None,
            } => Some(ring),
            PairSet::All | PairSet::Changed { .. } => None,
        }
    }

    /// True when the pair `(ia, ib)` is in the set.
    pub(crate) fn includes(
        &self,
        game: &MoonBase,
        search: &StackSearch<'_>,
        ia: usize,
        ib: usize,
    ) -> bool {
        let PairSet::Changed {
            ring,
            freed,
            old_tower,
        } = *self
        else {
            return true;
        };
        if ib == ring || freed == Some(ia) || freed == Some(ib) {
            return true;
        }
        let Some((tx, ty, h)) = old_tower else {
            return false;
        };
        let (Some(ra), Some(rb)) = (search.rings.get(ia), search.rings.get(ib)) else {
            return false;
        };
        // A point the old column blocked lies within S3's reach of both
        // supports and within the column's reach of the tower point.
        let reach = |r: &Ring| search.r_new + game.inner(r.piece.size) + search.big + game.rho;
        usize::from(ra.level) + 1 > usize::from(h)
            && d2(ra.x, ra.y, tx, ty) < sq(reach(ra))
            && d2(rb.x, rb.y, tx, ty) < sq(reach(rb))
    }
}

/// The kept positions of one size, with the runs of each pair.
#[derive(Clone, Copy)]
pub(crate) struct Kept<'a> {
    /// The positions, in canonical order.
    pub list: &'a [Position],
    /// Each pair's positions as `(start, len)` in `list`, in order.
    runs: &'a [(u32, u32)],
}

impl<'a> Kept<'a> {
    /// The positions of each pair in turn.
    pub(crate) fn runs(self) -> impl Iterator<Item = &'a [Position]> {
        let list = self.list;
        self.runs.iter().map(move |&(start, len)| {
            list.get(start as usize..(start + len) as usize)
                .unwrap_or(&[])
        })
    }
}

/// Splits `list` into the runs of each pair.
fn runs_of(list: &[Position], runs: &mut Vec<(u32, u32)>) {
    runs.clear();
    let mut start = 0;
    for run in list.chunk_by(|p, q| (p.a, p.b) == (q.a, q.b)) {
        runs.push((start, run.len() as u32));
        start += run.len() as u32;
    }
}

/// The positions of one board, per new ring size.
#[derive(Debug, Default)]
struct Survivors {
    /// False until a board is held.
    valid: bool,
    /// The rings of the board held (their settlement flags may be stale:
    /// settlements do not change where rings may go).
    rings: Vec<Ring>,
    tower: Option<Host>,
    by_size: [Vec<Position>; 2],
    /// The runs of each pair in `by_size`.
    runs: [Vec<(u32, u32)>; 2],
    /// Buffers for an update.
    added: Vec<Position>,
    merged: Vec<Position>,
}

/// The cache; a clone starts empty.
#[derive(Debug, Default)]
pub(crate) struct SurvivorCache(Mutex<Survivors>);

impl Clone for SurvivorCache {
    fn clone(&self) -> Self {
        SurvivorCache::default()
    }
}

/// True when two rings stand the same for move generation.
fn same_geometry(a: &Ring, b: &Ring) -> bool {
    (a.piece, a.level, a.x, a.y, a.on) == (b.piece, b.level, b.x, b.y, b.on)
}

/// True when the rings `a` and `b` are the same board for move generation.
fn same_rings(a: &[Ring], b: &[Ring]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_geometry(a, b))
}

impl MoonBase {
    /// Calls `f` with the colour-free stack positions of a ring of `size`
    /// on the board of `s`, in canonical `(a, b, x, y)` order.
    pub(crate) fn with_survivors<R>(
        &self,
        s: &State,
        size: Size,
        f: impl FnOnce(Kept<'_>) -> R,
    ) -> R {
        let Ok(mut held) = self.survivors.0.try_lock() else {
            // Another thread holds the cache: compute this board alone.
            let (mut list, mut runs) = (Vec::new(), Vec::new());
            self.collect_positions(s, &Layers::new(s), size, &PairSet::All, &mut list);
            runs_of(&list, &mut runs);
            return f(Kept {
                list: &list,
                runs: &runs,
            });
        };
        let held = &mut *held;
        let n = s.rings.len();
        if !(held.valid && held.tower == s.tower && same_rings(&held.rings, &s.rings)) {
            let newest = n.checked_sub(1).map(|i| RingId(i as u16));
            // The same tower, not on the new ring; or moved onto it (MB-17).
            let tower_ok = if held.tower == s.tower {
                s.host_ring() != newest
            } else {
                s.host_ring() == newest
            };
            let one_more = held.valid
                && tower_ok
                && n == held.rings.len() + 1
                && same_rings(&held.rings, &s.rings[..held.rings.len()]);
            if one_more {
                self.add_ring(held, s);
            } else {
                self.refill(held, s);
            }
        }
        f(Kept {
            list: &held.by_size[size.index()],
            runs: &held.runs[size.index()],
        })
    }

    /// Appends to `out` the positions of [`MoonBase::stack_positions`].
    fn collect_positions(
        &self,
        s: &State,
        layers: &Layers,
        size: Size,
        set: &PairSet,
        out: &mut Vec<Position>,
    ) {
        let _ = self.stack_positions(s, layers, size, set, |a, b, x, y, _| {
            out.push(Position {
                a: a.0,
                b: b.0,
                x,
                y,
            });
            std::ops::ControlFlow::Continue(())
        });
    }

    /// Holds the board of `s`, every pair scanned.
    fn refill(&self, held: &mut Survivors, s: &State) {
        let layers = Layers::new(s);
        for size in Size::ALL {
            let list = &mut held.by_size[size.index()];
            list.clear();
            self.collect_positions(s, &layers, size, &PairSet::All, list);
            runs_of(list, &mut held.runs[size.index()]);
        }
        held.rings.clear();
        held.rings.extend_from_slice(&s.rings);
        held.tower = s.tower;
        held.valid = true;
    }

    /// Holds the board of `s`, which is the held board with one ring more
    /// (its last, R), the tower the same or moved onto R by a collabo.
    fn add_ring(&self, held: &mut Survivors, s: &State) {
        let n = s.rings.len();
        let r = s.rings[n - 1];
        let moved = held.tower != s.tower;
        let set = if moved {
            let (freed, old_tower) = match held.tower {
                Some(Host::Ring(h)) => (
                    Some(h.index()),
                    held.rings.get(h.index()).map(|u| (u.x, u.y, u.level)),
                ),
                Some(Host::Crater(k)) => (None, self.board.crater(k).map(|c| (c.x, c.y, 0))),
                None => (None, None),
            };
            PairSet::Changed {
                ring: n - 1,
                freed,
                old_tower,
            }
        } else {
            PairSet::Changed {
                ring: n - 1,
                freed: None,
                old_tower: None,
            }
        };
        let layers = Layers::new(s);
        for size in Size::ALL {
            let search = self.search_of(s, &layers, size);
            let reach2 = sq(self.outer(size) + self.outer(r.piece.size));
            // S4: a ring inside the new ring's opening is not touched.
            let hole2 = self.hole_limit_of(r.piece.size, size);
            // S7 around R when the tower moved onto it.
            let column2 = sq(self.outer(size) + self.rho);
            let list = &mut held.by_size[size.index()];
            list.retain(|p| {
                let (ia, ib) = (usize::from(p.a), usize::from(p.b));
                // Computed afresh below (without a move only pairs on R,
                // which no old position has).
                if moved && set.includes(self, &search, ia, ib) {
                    return false;
                }
                let k = s.rings.get(ia).map_or(0, |a| u16::from(a.level));
                let (level, d) = (u16::from(r.level), d2(p.x, p.y, r.x, r.y));
                if moved && k + 1 > level && d < column2 {
                    return false;
                }
                if level == k {
                    // S4: R would be a third support.
                    !(hole2 < d && d < reach2)
                } else if level == k + 1 || level == k + 2 {
                    // S5: R is in the way.
                    d >= reach2
                } else {
                    true
                }
            });
            held.added.clear();
            self.collect_positions(s, &layers, size, &set, &mut held.added);
            if held.added.is_empty() {
                runs_of(list, &mut held.runs[size.index()]);
                continue;
            }
            held.merged.clear();
            let (mut old, mut new) = (list.iter().peekable(), held.added.iter().peekable());
            while let (Some(&&o), Some(&&a)) = (old.peek(), new.peek()) {
                if o < a {
                    held.merged.push(o);
                    old.next();
                } else {
                    held.merged.push(a);
                    new.next();
                }
            }
            held.merged.extend(old);
            held.merged.extend(new);
            std::mem::swap(list, &mut held.merged);
            runs_of(list, &mut held.runs[size.index()]);
        }
        held.rings.push(r);
        held.tower = s.tower;
    }
}
