//! What move generation needs of the last board it saw, kept in the rules
//! object between calls, so that play updates it instead of rescanning:
//! the colour-free stack positions (S1–S7 with S3b) of each ring size, as
//! one run per pair with the supports' colours and level, and the craters
//! each size may go on by the rings and the tower (C1, C2, C4, C5).
//!
//! They depend only on the rings' geometry (piece, level, centre,
//! footing) and the tower. A playout asks about one board several times
//! (`advance`'s `can_place`, then `random_action` or `legal_actions`) and
//! then about that board with one ring more. That ring R changes the old
//! positions in one way only: it blocks those it touches (S4 when on
//! their supports' level, S5 one or two levels above); it adds the pairs
//! it supports, which all come last in their `a` block because R has the
//! highest id. It claims its crater (C2) or, at level 2, covers craters
//! (C4). A moved tower is handled when it moved onto R (a collabo); a
//! removed ring or any other board starts afresh. The cache is behind a
//! mutex that is only tried: a second thread computes its own, so sharing
//! a rules object stays correct.

use std::sync::Mutex;

use crate::geometry::{d2, sq};
use crate::movegen::{LatticeBox, Layers, Scratch, StackSearch};
use crate::state::bit;
use crate::{Colour, Host, MoonBase, Ring, RingId, Size, State};

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

/// The positions of one pair in the kept list, with what S8 and S9 ask
/// of the pair: its supports' colours and level.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    start: u32,
    len: u32,
    /// The colours of supports `a` and `b`.
    pub colours: (Colour, Colour),
    /// The supports' level.
    pub level: u8,
    /// A box `(x0, x1, y0, y1)` holding every position of the run.
    area: (i32, i32, i32, i32),
}

impl Run {
    /// True when every position of the run lies at least `reach` from
    /// `(x, y)`.
    fn beyond(&self, x: i32, y: i32, reach: i64) -> bool {
        let gap = |v: i32, lo: i32, hi: i32| {
            let (v, lo, hi) = (i64::from(v), i64::from(lo), i64::from(hi));
            (lo - v).max(v - hi).max(0)
        };
        let (x0, x1, y0, y1) = self.area;
        sq(gap(x, x0, x1)) + sq(gap(y, y0, y1)) >= sq(reach)
    }
}

/// The kept positions of one size, with the runs of each pair.
#[derive(Clone, Copy)]
pub(crate) struct Kept<'a> {
    /// The positions, in canonical order.
    pub list: &'a [Position],
    /// Each pair's run in `list`, in order.
    runs: &'a [Run],
    /// How many positions lie on pairs of each colour pair `[a][b]`.
    tally: &'a Tally,
}

/// Positions by the colours of their supports, `[a][b]` by colour index.
pub(crate) type Tally = [[usize; 3]; 3];

/// Counts the positions of `runs` by their supports' colours.
fn tally_of(runs: &[Run]) -> Tally {
    let mut tally = [[0; 3]; 3];
    for run in runs {
        let (a, b) = run.colours;
        tally[a.index()][b.index()] += run.len as usize;
    }
    tally
}

impl<'a> Kept<'a> {
    /// How many positions lie on pairs of each colour pair `[a][b]`.
    pub(crate) fn tally(self) -> &'a Tally {
        self.tally
    }

    /// Each pair's run with its positions, in order.
    pub(crate) fn runs(self) -> impl Iterator<Item = (Run, &'a [Position])> {
        let list = self.list;
        self.runs.iter().map(move |&run| {
            let positions = list
                .get(run.start as usize..(run.start + run.len) as usize)
                .unwrap_or(&[]);
            (run, positions)
        })
    }
}

/// What move generation keeps of one board: the stack positions of each
/// size and the craters each size may go on by the rings and the tower.
pub(crate) struct KeptBoard<'a> {
    sizes: [Kept<'a>; 2],
    /// C1, C2, C4, C5 per size (C3 is asked of the state's bases).
    targets: [[u64; 4]; 2],
}

impl<'a> KeptBoard<'a> {
    /// The stack positions of a ring of `size`.
    pub(crate) fn positions(&self, size: Size) -> Kept<'a> {
        self.sizes[size.index()]
    }

    /// The craters a ring of `size` may go on (C1–C5) in `s`.
    pub(crate) fn crater_targets(&self, s: &State, size: Size) -> [u64; 4] {
        let bases = MoonBase::base_craters(s);
        let mut out = self.targets[size.index()];
        for (w, b) in out.iter_mut().zip(bases) {
            *w &= !b;
        }
        out
    }
}

/// Ends the run of the pair `(a, b)` whose positions were appended to
/// `list` from `from` on, all inside `area`; a pair without any has no run.
pub(crate) fn close_run(
    list: &[Position],
    runs: &mut Vec<Run>,
    from: usize,
    (a, b): (&Ring, &Ring),
    area: LatticeBox,
) {
    let Some(run) = list.get(from..).filter(|r| !r.is_empty()) else {
        return;
    };
    // Positions go x then y ascending: x from the ends, y from the box.
    let (_, _, y0, y1) = area.bounds();
    let (x0, x1) = (
        run.first().map_or(0, |p| p.x),
        run.last().map_or(0, |p| p.x),
    );
    runs.push(Run {
        start: from as u32,
        len: run.len() as u32,
        colours: (a.piece.colour, b.piece.colour),
        level: a.level,
        area: (x0, x1, y0 as i32, y1 as i32),
    });
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
    runs: [Vec<Run>; 2],
    /// The positions of `by_size` by colour pair.
    tallies: [Tally; 2],
    /// C1, C2, C4, C5 per size.
    targets: [[u64; 4]; 2],
    /// The rings by level and the level-1 rings by crater (None before
    /// a board is held).
    layers: Option<Layers>,
    /// Buffers for a stack search.
    scratch: Option<Scratch>,
    /// Buffers for an update.
    added: Vec<Position>,
    added_runs: Vec<Run>,
    merged: Vec<Position>,
    merged_runs: Vec<Run>,
}

/// How a new ring R may block the old positions of one size.
struct Blocking {
    r: Ring,
    /// The tower moved onto R (a collabo).
    moved: bool,
    /// S4/S5: squared reach between R and the new ring.
    reach2: i64,
    /// S4: R is untouched inside the new ring's opening up to this d².
    hole2: i64,
    /// S7: squared reach of the column on R.
    column2: i64,
}

impl Blocking {
    /// What R blocks among the positions of a pair of level `k`.
    #[inline]
    fn band(&self, k: u16) -> Band {
        let level = u16::from(self.r.level);
        let (hole2, reach2) = if level == k {
            // S4: R would be a third support.
            (self.hole2, self.reach2)
        } else if level == k + 1 || level == k + 2 {
            // S5: R is in the way.
            (-1, self.reach2)
        } else {
            (-1, i64::MIN)
        };
        // S7: the column on R, when the tower moved onto it.
        let column2 = if self.moved && k + 1 > level {
            self.column2
        } else {
            0
        };
        Band {
            hole2,
            reach2,
            column2,
        }
    }
}

/// The squared distances from R at which a position of one pair is
/// blocked: `hole2 < d² < reach2` (S4, S5) or `d² < column2` (S7).
#[derive(Clone, Copy)]
struct Band {
    hole2: i64,
    reach2: i64,
    column2: i64,
}

impl Band {
    /// True when the position at squared distance `d` from R is blocked.
    #[inline]
    fn blocks(self, d: i64) -> bool {
        (self.hole2 < d) & (d < self.reach2) | (d < self.column2)
    }

    /// True when every point of the box `area` is blocked from R at
    /// `(x, y)`: its nearest and farthest points both are, on one side.
    fn blocks_all(self, (x, y): (i32, i32), area: (i32, i32, i32, i32)) -> bool {
        let (x0, x1, y0, y1) = area;
        let span = |v: i32, lo: i32, hi: i32| {
            let (v, lo, hi) = (i64::from(v), i64::from(lo), i64::from(hi));
            (
                (lo - v).max(v - hi).max(0),
                (v - lo).abs().max((v - hi).abs()),
            )
        };
        let ((nx, fx), (ny, fy)) = (span(x, x0, x1), span(y, y0, y1));
        let (near, far) = (sq(nx) + sq(ny), sq(fx) + sq(fy));
        (self.hole2 < near && far < self.reach2) || far < self.column2
    }
}

/// What a new ring does to the positions of one old pair.
enum RunChange {
    /// Nothing: R is on another level or too far from the supports.
    None,
    /// Each position is tested against the band.
    Test(Band),
}

/// The cache; a clone starts empty.
#[derive(Debug, Default)]
pub(crate) struct SurvivorCache(Mutex<Survivors>);

impl Clone for SurvivorCache {
    fn clone(&self) -> Self {
        SurvivorCache::default()
    }
}

/// Appends the old positions `pending` of `list` to `merged`; leaves
/// `pending` empty at its end.
fn flush(list: &[Position], merged: &mut Vec<Position>, pending: &mut std::ops::Range<usize>) {
    if let Some(old) = list.get(pending.clone()) {
        merged.extend_from_slice(old);
    }
    *pending = pending.end..pending.end;
}

/// Appends the run `run` with its `positions` to `list` and `runs`.
fn push_run(list: &mut Vec<Position>, runs: &mut Vec<Run>, run: Run, positions: &[Position]) {
    runs.push(Run {
        start: list.len() as u32,
        ..run
    });
    list.extend_from_slice(positions);
}

impl Survivors {
    /// What it holds, for reading.
    fn kept(&self) -> KeptBoard<'_> {
        let of = |size: Size| Kept {
            list: &self.by_size[size.index()],
            runs: &self.runs[size.index()],
            tally: &self.tallies[size.index()],
        };
        KeptBoard {
            sizes: [of(Size::Large), of(Size::Small)],
            targets: self.targets,
        }
    }
}

/// True when two rings stand the same for move generation.
fn same_geometry(a: &Ring, b: &Ring) -> bool {
    a.x == b.x && a.y == b.y && a.level == b.level && a.piece == b.piece && a.on == b.on
}

/// True when the rings `a` and `b` are the same board for move generation.
fn same_rings(a: &[Ring], b: &[Ring]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_geometry(a, b))
}

impl MoonBase {
    /// Whether R may block a position of `run`: none when R is on
    /// another level or its reach misses the run's box.
    fn run_change(&self, search: &StackSearch<'_>, block: &Blocking, run: &Run) -> RunChange {
        let k = u16::from(run.level);
        let level = u16::from(block.r.level);
        let column = block.moved && k + 1 > level;
        let ring = level >= k && level <= k + 2;
        let reach = match (ring, column) {
            (false, false) => return RunChange::None,
            (true, false) => search.big + self.outer(block.r.piece.size),
            (false, true) => search.big + self.rho,
            (true, true) => search.big + self.outer(block.r.piece.size).max(self.rho),
        };
        // A box kept from before a filtering still holds every position.
        if run.beyond(block.r.x, block.r.y, reach) {
            RunChange::None
        } else {
            RunChange::Test(block.band(k))
        }
    }

    /// Calls `f` with what move generation keeps of the board of `s`:
    /// the colour-free stack positions of each size in canonical `(a, b,
    /// x, y)` order, and the crater targets.
    pub(crate) fn with_kept<R>(&self, s: &State, f: impl FnOnce(&KeptBoard<'_>) -> R) -> R {
        let Ok(mut held) = self.survivors.0.try_lock() else {
            // Another thread holds the cache: compute this board alone.
            let mut alone = Survivors::default();
            self.refill(&mut alone, s);
            return f(&alone.kept());
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
        f(&held.kept())
    }

    /// Appends to `out` the positions of [`MoonBase::stack_positions`].
    fn collect_positions(
        &self,
        s: &State,
        layers: &Layers,
        size: Size,
        set: &PairSet,
        (list, runs): (&mut Vec<Position>, &mut Vec<Run>),
        scratch: &mut Option<Scratch>,
    ) {
        runs.clear();
        self.stack_positions(s, layers, size, set, (list, runs), scratch);
    }

    /// Holds the board of `s`, every pair scanned.
    fn refill(&self, held: &mut Survivors, s: &State) {
        let layers = Layers::new(self, s);
        for size in Size::ALL {
            let list = &mut held.by_size[size.index()];
            list.clear();
            let runs = &mut held.runs[size.index()];
            self.collect_positions(
                s,
                &layers,
                size,
                &PairSet::All,
                (list, runs),
                &mut held.scratch,
            );
            held.tallies[size.index()] = tally_of(&held.runs[size.index()]);
            held.targets[size.index()] = self.ring_crater_targets(s, size);
        }
        held.layers = Some(layers);
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
        if let Some(layers) = &mut held.layers {
            layers.push(self, n - 1, &r);
        }
        let layers = &*held.layers.get_or_insert_with(|| Layers::new(self, s));
        for size in Size::ALL {
            held.added.clear();
            self.collect_positions(
                s,
                layers,
                size,
                &set,
                (&mut held.added, &mut held.added_runs),
                &mut held.scratch,
            );
            let targets = &mut held.targets[size.index()];
            if moved && matches!(held.tower, Some(Host::Crater(_))) {
                // C5: the tower left its crater.
                *targets = self.ring_crater_targets(s, size);
            } else {
                self.add_to_crater_targets(targets, &r, size);
            }
            let search = self.search_of(s, layers, size);
            let block = Blocking {
                r,
                moved,
                reach2: sq(self.outer(size) + self.outer(r.piece.size)),
                // S4: a ring inside the new ring's opening is not touched.
                hole2: self.hole_limit_of(r.piece.size, size),
                // S7 around R when the tower moved onto it.
                column2: sq(self.outer(size) + self.rho),
            };
            let list = &held.by_size[size.index()];
            let runs = &held.runs[size.index()];
            held.merged.clear();
            held.merged_runs.clear();
            let mut added = held.added_runs.iter().peekable();
            // Old positions copied unchanged, gathered into one copy.
            let mut pending = 0..0;
            for &run in runs {
                let at = run.start as usize..(run.start + run.len) as usize;
                let Some(&first) = list.get(at.start) else {
                    continue;
                };
                // The new pairs before this one (keys never repeat an old pair).
                while let Some(&&new) = added.peek() {
                    let positions = held
                        .added
                        .get(new.start as usize..(new.start + new.len) as usize)
                        .unwrap_or(&[]);
                    if positions
                        .first()
                        .is_some_and(|p| (p.a, p.b) > (first.a, first.b))
                    {
                        break;
                    }
                    flush(list, &mut held.merged, &mut pending);
                    push_run(&mut held.merged, &mut held.merged_runs, new, positions);
                    added.next();
                }
                let (ia, ib) = (usize::from(first.a), usize::from(first.b));
                // Computed afresh (without a move only pairs on R, which
                // no old position has).
                if moved && set.includes(self, &search, ia, ib) {
                    continue;
                }
                match self.run_change(&search, &block, &run) {
                    RunChange::None => {
                        if pending.end != at.start {
                            flush(list, &mut held.merged, &mut pending);
                            pending = at.start..at.start;
                        }
                        held.merged_runs.push(Run {
                            start: (held.merged.len() + pending.len()) as u32,
                            ..run
                        });
                        pending.end = at.end;
                    }
                    RunChange::Test(band) if band.blocks_all((block.r.x, block.r.y), run.area) => {
                        // R blocks the whole run.
                    }
                    RunChange::Test(band) => {
                        flush(list, &mut held.merged, &mut pending);
                        let from = held.merged.len();
                        let old = list.get(at).unwrap_or(&[]);
                        let (rx, ry) = (block.r.x, block.r.y);
                        held.merged
                            .extend(old.iter().filter(|p| !band.blocks(d2(p.x, p.y, rx, ry))));
                        let len = (held.merged.len() - from) as u32;
                        if len > 0 {
                            held.merged_runs.push(Run {
                                start: from as u32,
                                len,
                                ..run
                            });
                        }
                    }
                }
            }
            flush(list, &mut held.merged, &mut pending);
            for &new in added {
                let positions = held
                    .added
                    .get(new.start as usize..(new.start + new.len) as usize)
                    .unwrap_or(&[]);
                push_run(&mut held.merged, &mut held.merged_runs, new, positions);
            }
            std::mem::swap(&mut held.by_size[size.index()], &mut held.merged);
            std::mem::swap(&mut held.runs[size.index()], &mut held.merged_runs);
            held.tallies[size.index()] = tally_of(&held.runs[size.index()]);
        }
        held.rings.push(r);
        held.tower = s.tower;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `blocks_all` agrees with `blocks` on every point of the box.
    #[test]
    fn a_band_blocks_a_whole_box_only_when_it_blocks_each_point() {
        let bands = [
            Band {
                hole2: -1,
                reach2: sq(30),
                column2: 0,
            },
            Band {
                hole2: sq(4),
                reach2: sq(30),
                column2: 0,
            },
            Band {
                hole2: -1,
                reach2: i64::MIN,
                column2: sq(25),
            },
        ];
        let boxes = [(0, 10, 0, 10), (-5, 5, -5, 5), (0, 40, 0, 5), (3, 6, 3, 6)];
        let mut seen = [false; 2];
        for band in bands {
            for area in boxes {
                let (x0, x1, y0, y1) = area;
                let each = (x0..=x1).all(|x| (y0..=y1).all(|y| band.blocks(d2(x, y, 0, 0))));
                assert_eq!(band.blocks_all((0, 0), area), each, "{area:?}");
                seen[usize::from(each)] = true;
            }
        }
        assert_eq!(seen, [true, true], "both answers met");
    }
}
