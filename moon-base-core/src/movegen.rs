//! Generation of every legal placement in canonical order (§12), and the
//! early-exit existence test used after every placement (§9.5).

use crate::board::{MAX_CRATERS, has_bit};
use crate::geometry::{
    d2, first_multiple_above, inside_limit, last_multiple_below, rim_contact_limit, sq,
};
use crate::lattice_window::Window;
use crate::state::bit;
use crate::support_memo::SupportMemo;
use crate::survivor_cache::{PairSet, Position, Run, close_run};
use crate::{Action, CraterId, Footing, Hand, MoonBase, Ring, RingId, Size, State};

/// Levels tracked by the generator; a valid state has at most 48.
const LEVELS: usize = 64;

/// Ring masks by level and the level-1 rings by crater, computed once
/// per board for both ring sizes.
#[derive(Debug)]
pub(crate) struct Layers {
    by_level: [u64; LEVELS],
    /// [`MoonBase::level_one_rings`].
    on_craters: Option<[u8; MAX_CRATERS]>,
}

impl Layers {
    pub(crate) fn new(game: &MoonBase, s: &State) -> Layers {
        let mut by_level = [0u64; LEVELS];
        for (i, r) in s.rings.iter().enumerate() {
            if let Some(m) = by_level.get_mut(usize::from(r.level)) {
                *m |= bit(i);
            }
        }
        Layers {
            by_level,
            on_craters: game.level_one_rings(s),
        }
    }

    /// The layers of the board with ring `r` more, as ring `i` (the last).
    pub(crate) fn push(&mut self, game: &MoonBase, i: usize, r: &Ring) {
        if let Some(m) = self.by_level.get_mut(usize::from(r.level)) {
            *m |= bit(i);
        }
        if let Some(on) = &mut self.on_craters
            && game.put_level_one(on, i, r).is_none()
        {
            self.on_craters = None;
        }
    }

    pub(crate) fn at(&self, level: usize) -> u64 {
        self.by_level.get(level).copied().unwrap_or(0)
    }
}

/// Lattice points `x0..=x1` by `y0..=y1` where centres are tried (§1, S2).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LatticeBox {
    x0: i64,
    x1: i64,
    y0: i64,
    y1: i64,
}

impl LatticeBox {
    /// The box `x0..=x1` by `y0..=y1` (lattice multiples).
    #[cfg(test)]
    pub(crate) const fn new(x0: i64, x1: i64, y0: i64, y1: i64) -> LatticeBox {
        LatticeBox { x0, x1, y0, y1 }
    }

    /// Its bounds `(x0, x1, y0, y1)`.
    pub(crate) const fn bounds(&self) -> (i64, i64, i64, i64) {
        (self.x0, self.x1, self.y0, self.y1)
    }

    /// True when a circle of `reach` around `(x, y)` may touch the box.
    pub(crate) fn near(&self, x: i32, y: i32, reach: i64) -> bool {
        gap(x, self.x0, self.x1) < reach && gap(y, self.y0, self.y1) < reach
    }
}

/// Where a pair's candidates lie: its lattice box, and inside the S3
/// reach `c` of both supports. An obstacle whose reach misses either
/// disc blocks none of them (triangle inequality), so it is left out.
#[derive(Clone, Copy)]
struct PairArea {
    area: LatticeBox,
    a: (i32, i32, i64),
    b: (i32, i32, i64),
}

impl PairArea {
    /// True when a circle of `reach` around `(x, y)` may hold a candidate.
    fn near(&self, x: i32, y: i32, reach: i64) -> bool {
        let (ax, ay, ca) = self.a;
        let (bx, by, cb) = self.b;
        self.area.near(x, y, reach)
            && d2(x, y, ax, ay) < sq(ca + reach)
            && d2(x, y, bx, by) < sq(cb + reach)
    }
}

/// What a stack search for one ring size keeps fixed over every pair.
pub(crate) struct StackSearch<'a> {
    pub(crate) rings: &'a [crate::Ring],
    layers: &'a Layers,
    /// The new ring's inner radius.
    pub(crate) r_new: i64,
    /// The new ring's outer radius.
    pub(crate) big: i64,
    /// Rules version 2: S3b and the S4 opening exception apply.
    rim_rules: bool,
    /// The tower's centre and host level (S7).
    tower: Option<(i32, i32, u8)>,
    /// The §1 margin on the lattice.
    margin: LatticeBox,
}

/// The level-1 pairs of one ring: its index and crater, the rings by
/// crater, and the rings it may pair with (its level, not the host).
struct LevelOnePairs<'a> {
    on_craters: &'a [u8; MAX_CRATERS],
    a: usize,
    crater: usize,
    partners: u64,
    set: &'a PairSet,
}

impl LevelOnePairs<'_> {
    /// The level-1 ring on crater `k`, if any.
    fn ring_on(&self, k: usize) -> Option<usize> {
        let i = usize::from(*self.on_craters.get(k)?);
        i.checked_sub(1)
    }
}

/// An obstacle for a candidate centre: blocked when `hole2 < d² < reach2`.
///
/// `hole2` is −1 except for a ring on the supports' level under rules
/// version 2: there it is the largest d² at which that ring lies wholly
/// inside the new ring's opening, where it is not touched (S4).
#[derive(Clone, Copy)]
struct Obstacle {
    x: i32,
    y: i32,
    hole2: i64,
    reach2: i64,
}

impl Default for Obstacle {
    fn default() -> Self {
        Obstacle {
            x: 0,
            y: 0,
            hole2: -1,
            reach2: 0,
        }
    }
}

impl Obstacle {
    fn blocks(&self, x: i32, y: i32) -> bool {
        let d = d2(x, y, self.x, self.y);
        self.hole2 < d && d < self.reach2
    }
}

/// The obstacles and the window a stack search works in, kept between
/// searches (each search writes what it reads).
pub(crate) struct Scratch {
    obstacles: [Obstacle; crate::state::MAX_RINGS + 1],
    window: Window,
    /// The two-support windows of stacked pairs met so far.
    memo: SupportMemo,
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Scratch")
    }
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            obstacles: [Obstacle::default(); crate::state::MAX_RINGS + 1],
            window: Window::empty(),
            memo: SupportMemo::default(),
        }
    }
}

/// Appends the points alive in `window` that none of `rest` blocks as
/// positions of the pair `(a, b)`.
fn push_window(window: &Window, (a, b): (u16, u16), rest: &[Obstacle], out: &mut Vec<Position>) {
    let (columns, y0, g) = window.columns_alive();
    for (x, mut m) in columns {
        while m != 0 {
            let y = (y0 + i64::from(m.trailing_zeros()) * g) as i32;
            m &= m - 1;
            if rest.is_empty() || !rest.iter().any(|o| o.blocks(x, y)) {
                out.push(Position { a, b, x, y });
            }
        }
    }
}

/// Iterates the set bits of a mask, ascending.
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The y range `[lo, hi]` of column `x` holding every point strictly
/// within `c2` (a squared radius) of `ring`'s centre, or `None` when the
/// column misses the disc.
fn disc_span(x: i32, ring: &crate::Ring, c2: i64) -> Option<(i64, i64)> {
    let dx = i64::from(x) - i64::from(ring.x);
    let rest = c2 - dx * dx;
    if rest <= 0 {
        return None;
    }
    let t = rest.isqrt();
    let y = i64::from(ring.y);
    Some((y - t, y + t))
}

/// Distance from `v` to the interval `[lo, hi]` (0 inside).
fn gap(v: i32, lo: i64, hi: i64) -> i64 {
    let v = i64::from(v);
    if v < lo {
        lo - v
    } else if v > hi {
        v - hi
    } else {
        0
    }
}

impl MoonBase {
    /// The craters a ring of `size` may go on by the rings and the tower
    /// (C1, C2, C4, C5), as a bitset; C3 (bases) is [`MoonBase::base_craters`].
    pub(crate) fn ring_crater_targets(&self, s: &State, size: Size) -> [u64; 4] {
        // C2: claimed craters (a level-1 ring on them or on an overlapping one).
        let mut claimed = [0u64; 4];
        for r in &s.rings {
            if let Footing::Crater(j) = r.on {
                let row = self.board.row(j);
                for w in 0..4 {
                    claimed[w] |= row[w];
                }
                crate::board::set_bit(&mut claimed, j.index());
            }
        }
        let reach = self.outer(size);
        let tower = self.tower_point(s);
        let mut out = [0u64; 4];
        for (w, &sized) in self.craters_of_size[size.index()].iter().enumerate() {
            // C1, C2 as bitsets; C4 and C5 for the craters left.
            for b in bits(sized & !claimed[w]) {
                let i = w * 64 + b;
                let Some(c) = self.board.craters().get(i) else {
                    continue;
                };
                // C4: no level-2 ring over the footprint.
                let under = s.rings.iter().any(|u| {
                    u.level == 2 && d2(c.x, c.y, u.x, u.y) < sq(reach + self.outer(u.piece.size))
                });
                // C5: clear of the tower (TowerClear at level 1).
                let touches = tower.is_some_and(|(tx, ty, h)| {
                    h < 1 && d2(c.x, c.y, tx, ty) < sq(reach + self.rho)
                });
                if !under && !touches {
                    crate::board::set_bit(&mut out, i);
                }
            }
        }
        out
    }

    /// [`MoonBase::ring_crater_targets`] of the board with ring `r` more,
    /// from `targets` of the board without it (the tower unchanged or
    /// moved off no crater): R claims its crater (C2) or, at level 2,
    /// covers craters (C4).
    pub(crate) fn add_to_crater_targets(&self, targets: &mut [u64; 4], r: &Ring, size: Size) {
        if let Footing::Crater(j) = r.on {
            let row = self.board.row(j);
            for (t, o) in targets.iter_mut().zip(row) {
                *t &= !o;
            }
            crate::board::clear_bit(targets, j.index());
        }
        if r.level == 2 {
            let reach2 = sq(self.outer(size) + self.outer(r.piece.size));
            for (w, word) in targets.iter_mut().enumerate() {
                for b in bits(*word) {
                    let covered = self
                        .board
                        .craters()
                        .get(w * 64 + b)
                        .is_some_and(|c| d2(c.x, c.y, r.x, r.y) < reach2);
                    if covered {
                        *word &= !(1u64 << b);
                    }
                }
            }
        }
    }

    /// C3: the craters with a base, as a bitset.
    pub(crate) fn base_craters(s: &State) -> [u64; 4] {
        let mut blocked = [0u64; 4];
        for b in &s.bases {
            crate::board::set_bit(&mut blocked, b.crater.index());
        }
        blocked
    }

    /// What a stack search of a ring of `size` on the board of `s` keeps fixed.
    pub(crate) fn search_of<'a>(
        &self,
        s: &'a State,
        layers: &'a Layers,
        size: Size,
    ) -> StackSearch<'a> {
        StackSearch {
            rings: s.rings.as_slice(),
            layers,
            r_new: self.inner(size),
            big: self.outer(size),
            rim_rules: self.rim_contact_rules(),
            tower: self.tower_point(s),
            margin: self.margin,
        }
    }

    /// Calls `f(a, b, x, y, k)` for every stack position of a ring of `size`
    /// that passes the colour-free predicates S1–S7 with S3b (pairs of
    /// level k, without the host), in `(a, b, x, y)` order, of the pairs
    /// in `set`.
    pub(crate) fn stack_positions(
        &self,
        s: &State,
        layers: &Layers,
        size: Size,
        set: &PairSet,
        (out, runs): (&mut Vec<Position>, &mut Vec<Run>),
        scratch: &mut Option<Scratch>,
    ) {
        let search = self.search_of(s, layers, size);
        let r_new = search.r_new;
        let host = s.host_ring().map_or(0, |h| bit(h.index()));
        let a_mask = set.lower_rings(s, layers);
        let rings = search.rings;
        // The set's only upper support `b`, when it has one.
        let b_mask = set.plain_ring().map_or(u64::MAX, bit);
        // Pairs in (a, b) order: each ring with the higher rings of its level.
        let all = bit(rings.len()).wrapping_sub(1);
        let on_craters = &layers.on_craters;
        // Only the pairs a new crater ring forms with its crater's partners
        // in the pair table have candidates.
        let a_mask = match (set.plain_ring(), &on_craters) {
            (Some(nb), Some(on)) => match rings.get(nb).map(|r| (r.level, r.on)) {
                Some((1, Footing::Crater(c))) => {
                    let mut partners = 0;
                    for &(k, _) in self.pairs.partners(size, c.index()) {
                        if let Some(i) = on
                            .get(usize::from(k))
                            .and_then(|&i| usize::from(i).checked_sub(1))
                        {
                            partners |= bit(i);
                        }
                    }
                    a_mask & partners
                }
                _ => a_mask,
            },
            _ => a_mask,
        };
        // S6: the host ring is never a support.
        for ia in bits(all & !host & a_mask) {
            let ra = &rings[ia];
            let k = usize::from(ra.level);
            if k == 0 || k >= LEVELS {
                continue;
            }
            let level = layers.at(k);
            if let (1, Some(on_craters), Footing::Crater(crater)) = (k, &on_craters, ra.on) {
                let pairs = LevelOnePairs {
                    on_craters,
                    a: ia,
                    crater: crater.index(),
                    partners: level & !host & b_mask,
                    set,
                };
                self.level_one_stacks(&search, size, pairs, scratch, (out, runs));
                continue;
            }
            let ca = r_new + self.inner(ra.piece.size);
            for ib in bits(level & !host & b_mask & !(bit(ia + 1).wrapping_sub(1))) {
                let rb = &rings[ib];
                let cb = r_new + self.inner(rb.piece.size);
                // S3 is impossible when the two openings are too far apart.
                if d2(ra.x, ra.y, rb.x, rb.y) >= sq(ca + cb) || !set.includes(self, &search, ia, ib)
                {
                    continue;
                }
                let (rim_a, rim_b) = (self.rim_limit(&search, ra), self.rim_limit(&search, rb));
                let area = self.pair_box((ra.x, ra.y, ca), (rb.x, rb.y, cb), search.margin);
                let Some(area) = area else {
                    continue;
                };
                let third = level & !bit(ia) & !bit(ib);
                let near = PairArea {
                    area,
                    a: (ra.x, ra.y, ca),
                    b: (rb.x, rb.y, cb),
                };
                let supports = [(ra, sq(ca), rim_a), (rb, sq(cb), rim_b)];
                let Scratch {
                    obstacles,
                    window,
                    memo,
                } = scratch.get_or_insert_with(Scratch::new);
                let on_lattice =
                    self.remembered_window(window, memo, (area, search.margin), supports, size);
                if on_lattice && window.is_empty() {
                    continue;
                }
                let n = self.near_obstacles(&search, third, k, &near, obstacles);
                let (a, b) = (ia as u16, ib as u16);
                let from = out.len();
                match on_lattice.then(|| self.cut_obstacles(window, &mut obstacles[..n])) {
                    Some(rest) => push_window(window, (a, b), &obstacles[..rest], out),
                    None => self.scan_pair(area, supports, &obstacles[..n], |x, y| {
                        out.push(Position { a, b, x, y });
                    }),
                }
                close_run(out, runs, from, (ra, rb), area);
            }
        }
    }

    /// The pairs of level-1 rings with ring `pairs.a` (on its crater) in
    /// `(a, b)` order, each tried on the points its crater pair allows
    /// (S2, S3, S3b, from the pair table) against the rings near it now
    /// (S4, S5, S7): what the generic search finds for these pairs.
    fn level_one_stacks(
        &self,
        search: &StackSearch<'_>,
        size: Size,
        pairs: LevelOnePairs<'_>,
        scratch: &mut Option<Scratch>,
        (out, runs): (&mut Vec<Position>, &mut Vec<Run>),
    ) {
        let ia = pairs.a;
        let mut partners = 0u64;
        let mut entry = [0u32; crate::state::MAX_RINGS];
        for &(crater, index) in self.pairs.partners(size, pairs.crater) {
            let Some(ib) = pairs.ring_on(usize::from(crater)) else {
                continue;
            };
            if ib > ia && pairs.partners & bit(ib) != 0 && pairs.set.includes(self, search, ia, ib)
            {
                partners |= bit(ib);
                entry[ib] = index;
            }
        }
        let upper = search.layers.at(2) | search.layers.at(3);
        let ra = &search.rings[ia];
        let ca = search.r_new + self.inner(ra.piece.size);
        for ib in bits(partners) {
            let Some(pair) = self.pairs.pair(entry[ib]) else {
                continue;
            };
            let rb = &search.rings[ib];
            let Scratch {
                obstacles, window, ..
            } = scratch.get_or_insert_with(Scratch::new);
            let near = PairArea {
                area: pair.area,
                a: (ra.x, ra.y, ca),
                b: (rb.x, rb.y, search.r_new + self.inner(rb.piece.size)),
            };
            if let Some((candidates, blockers)) = self.pairs.window(pair)
                && window.load(pair.area, self.step, candidates)
            {
                // S4 read from the table: the points each occupied crater blocks.
                for &blocker in blockers {
                    if pairs.ring_on(usize::from(blocker.crater)).is_some() {
                        window.remove(self.pairs.blocked(blocker, candidates.len()));
                    }
                }
                if window.is_empty() {
                    continue;
                }
                // S5 and S7 on the lattice by column, the rest point by point.
                let n = self.upper_obstacles(search, upper, 1, &near, obstacles, 0);
                let rest = self.cut_obstacles(window, &mut obstacles[..n]);
                let from = out.len();
                push_window(window, (ia as u16, ib as u16), &obstacles[..rest], out);
                close_run(out, runs, from, (ra, rb), pair.area);
                continue;
            }
            let mut n = 0;
            // S4: the level-1 rings near the pair (none on the pair's craters).
            for (w, word) in pair.near.iter().enumerate() {
                for b in bits(*word) {
                    let Some(iu) = pairs.ring_on(w * 64 + b) else {
                        continue;
                    };
                    let u = &search.rings[iu];
                    let reach = search.big + self.outer(u.piece.size);
                    if !near.near(u.x, u.y, reach) {
                        continue;
                    }
                    let hole2 = if search.rim_rules {
                        inside_limit(self.outer(u.piece.size), search.r_new)
                    } else {
                        -1
                    };
                    obstacles[n] = Obstacle {
                        x: u.x,
                        y: u.y,
                        hole2,
                        reach2: sq(reach),
                    };
                    n += 1;
                }
            }
            n = self.upper_obstacles(search, upper, 1, &near, obstacles, n);
            let from = out.len();
            for &(x, y) in self.pairs.points(pair) {
                if !obstacles[..n].iter().any(|o| o.blocks(x, y)) {
                    out.push(Position {
                        a: ia as u16,
                        b: ib as u16,
                        x,
                        y,
                    });
                }
            }
            close_run(out, runs, from, (ra, rb), pair.area);
        }
    }

    /// The level-1 rings by crater (ring index + 1, 0 for none), or `None`
    /// when some ring is not where its footing puts it: only a damaged
    /// state, whose pairs then all take the generic search.
    fn level_one_rings(&self, s: &State) -> Option<[u8; MAX_CRATERS]> {
        let mut on = [0u8; MAX_CRATERS];
        for (i, r) in s.rings.iter().enumerate() {
            self.put_level_one(&mut on, i, r)?;
        }
        Some(on)
    }

    /// Enters ring `i` into the level-1 rings by crater `on`; `None` when
    /// it is not where its footing puts it (see [`MoonBase::level_one_rings`]).
    fn put_level_one(&self, on: &mut [u8; MAX_CRATERS], i: usize, r: &Ring) -> Option<()> {
        match (r.level, r.on) {
            (1, Footing::Crater(k)) => {
                let c = self.board.crater(k)?;
                let slot = on.get_mut(k.index())?;
                if (c.x, c.y, c.size) != (r.x, r.y, r.piece.size) || *slot != 0 {
                    return None;
                }
                *slot = u8::try_from(i + 1).ok()?;
                Some(())
            }
            (_, Footing::Supports(..)) if r.level > 1 => Some(()),
            (_, Footing::Crater(_) | Footing::Supports(..)) => None,
        }
    }

    /// §1: candidate centres stay inside the coordinate margin.
    pub(crate) fn margin_box(&self) -> LatticeBox {
        let g = self.step;
        let m = i64::from(crate::board::COORDINATE_MARGIN_MM);
        LatticeBox {
            x0: first_multiple_above(-m - 1, g),
            x1: last_multiple_below(i64::from(self.board.width()) + m + 1, g),
            y0: first_multiple_above(-m - 1, g),
            y1: last_multiple_below(i64::from(self.board.height()) + m + 1, g),
        }
    }

    /// S3b as one bound per support: rims touch when d² exceeds it (−1
    /// before rules version 2, when every distance passes).
    fn rim_limit(&self, search: &StackSearch<'_>, u: &crate::Ring) -> i64 {
        if search.rim_rules {
            let size = u.piece.size;
            rim_contact_limit(self.outer(size), self.inner(size), search.big, search.r_new)
        } else {
            -1
        }
    }

    /// [`MoonBase::rim_limit`] of a support of size `support` under a new
    /// ring of size `new`.
    pub(crate) fn rim_limit_of(&self, support: Size, new: Size) -> i64 {
        if self.rim_contact_rules() {
            rim_contact_limit(
                self.outer(support),
                self.inner(support),
                self.outer(new),
                self.inner(new),
            )
        } else {
            -1
        }
    }

    /// S4's opening for a ring of size `other` under a new ring of size
    /// `new`: it is untouched when d² is at most this (−1 before rules
    /// version 2, when no ring is exempt).
    pub(crate) fn hole_limit_of(&self, other: Size, new: Size) -> i64 {
        if self.rim_contact_rules() {
            inside_limit(self.outer(other), self.inner(new))
        } else {
            -1
        }
    }

    /// Calls `f(x, y)` for each lattice point of `area`, x then y.
    pub(crate) fn scan_box(&self, area: LatticeBox, mut f: impl FnMut(i32, i32)) {
        let g = self.step;
        let mut x = area.x0;
        while x <= area.x1 {
            let mut y = area.y0;
            while y <= area.y1 {
                f(x as i32, y as i32);
                y += g;
            }
            x += g;
        }
    }

    /// S2 with the S3 bounding box: the lattice points strictly inside both
    /// supports' reach `c` and the margin; `None` when there are none.
    pub(crate) fn pair_box(
        &self,
        (ax, ay, ca): (i32, i32, i64),
        (bx, by, cb): (i32, i32, i64),
        margin: LatticeBox,
    ) -> Option<LatticeBox> {
        let g = self.step;
        let (ax, ay, bx, by) = (i64::from(ax), i64::from(ay), i64::from(bx), i64::from(by));
        let area = LatticeBox {
            x0: first_multiple_above((ax - ca).max(bx - cb), g).max(margin.x0),
            x1: last_multiple_below((ax + ca).min(bx + cb), g).min(margin.x1),
            y0: first_multiple_above((ay - ca).max(by - cb), g).max(margin.y0),
            y1: last_multiple_below((ay + ca).min(by + cb), g).min(margin.y1),
        };
        (area.x0 <= area.x1 && area.y0 <= area.y1).then_some(area)
    }

    /// Obstacles near `area` for supports of level `k`, written to the front
    /// of `out`; returns how many: S4 (the `third` rings of level k), S5
    /// (levels k+1, k+2), S7 (the tower).
    fn near_obstacles(
        &self,
        search: &StackSearch<'_>,
        third: u64,
        k: usize,
        area: &PairArea,
        out: &mut [Obstacle; crate::state::MAX_RINGS + 1],
    ) -> usize {
        let mut n = 0;
        for iu in bits(third) {
            let u = &search.rings[iu];
            let reach = search.big + self.outer(u.piece.size);
            if area.near(u.x, u.y, reach) {
                // S4 (rules version 2): untouched inside the opening.
                let hole2 = if search.rim_rules {
                    inside_limit(self.outer(u.piece.size), search.r_new)
                } else {
                    -1
                };
                out[n] = Obstacle {
                    x: u.x,
                    y: u.y,
                    hole2,
                    reach2: sq(reach),
                };
                n += 1;
            }
        }
        let upper = search.layers.at(k + 1) | search.layers.at(k + 2);
        self.upper_obstacles(search, upper & !third, k, area, out, n)
    }

    /// Appends to `out[n..]` the obstacles above supports of level `k`
    /// near `area`: S5 (the `upper` rings, levels k+1 and k+2) and S7 (the
    /// tower); returns the new count.
    fn upper_obstacles(
        &self,
        search: &StackSearch<'_>,
        upper: u64,
        k: usize,
        area: &PairArea,
        out: &mut [Obstacle; crate::state::MAX_RINGS + 1],
        mut n: usize,
    ) -> usize {
        for iu in bits(upper) {
            let u = &search.rings[iu];
            let reach = search.big + self.outer(u.piece.size);
            if area.near(u.x, u.y, reach) {
                out[n] = Obstacle {
                    x: u.x,
                    y: u.y,
                    hole2: -1,
                    reach2: sq(reach),
                };
                n += 1;
            }
        }
        if let Some((tx, ty, h)) = search.tower
            && k + 1 > usize::from(h)
        {
            let reach = search.big + self.rho;
            if area.near(tx, ty, reach) {
                out[n] = Obstacle {
                    x: tx,
                    y: ty,
                    hole2: -1,
                    reach2: sq(reach),
                };
                n += 1;
            }
        }
        n
    }

    /// Sets `window` to the points of `area` passing S3 and S3b for two
    /// supports on the lattice; false when a support is off the lattice,
    /// the box too big or a bound unlisted: then [`MoonBase::scan_pair`]
    /// decides.
    fn support_window(
        &self,
        window: &mut Window,
        area: LatticeBox,
        supports: [(&crate::Ring, i64, i64); 2],
    ) -> bool {
        if !window.reset(area, self.step) {
            return false;
        }
        for (ring, c2, rim) in supports {
            let shape = window
                .offsets(ring.x, ring.y)
                .zip(self.discs.get(c2 - 1))
                .zip(self.discs.get(rim));
            let Some(((centre, outer), inner)) = shape else {
                return false;
            };
            window.keep(centre, outer, inner);
        }
        true
    }

    /// [`MoonBase::support_window`] for a new ring of `size`, read from
    /// `memo` when a pair of the same shape was met, kept there when not.
    /// Only a box the margin does not clip is moved between pairs.
    fn remembered_window(
        &self,
        window: &mut Window,
        memo: &mut SupportMemo,
        (area, margin): (LatticeBox, LatticeBox),
        supports: [(&crate::Ring, i64, i64); 2],
        size: Size,
    ) -> bool {
        let g = self.step;
        let [(ra, ..), (rb, ..)] = supports;
        let (ax, ay) = (i64::from(ra.x), i64::from(ra.y));
        let (ox, oy) = (i64::from(rb.x) - ax, i64::from(rb.y) - ay);
        let (x0, x1, y0, y1) = area.bounds();
        let (m0, m1, n0, n1) = margin.bounds();
        let unclipped = x0 > m0 && x1 < m1 && y0 > n0 && y1 < n1;
        let on_lattice = ax % g == 0 && ay % g == 0 && ox % g == 0 && oy % g == 0;
        let key = (unclipped && on_lattice)
            .then(|| SupportMemo::key(size, ra.piece.size, rb.piece.size, (ox / g, oy / g)))
            .flatten();
        let Some(key) = key else {
            return self.support_window(window, area, supports);
        };
        if let Some(masks) = memo.get(key, area, (ax, ay)) {
            return window.load(area, g, masks);
        }
        let on_lattice = self.support_window(window, area, supports);
        if on_lattice {
            memo.put(key, area, (ax, ay), window.alive_masks());
        }
        on_lattice
    }

    /// Drops from `window` the points the obstacles on the lattice block
    /// (S4, S5, S7); the others are moved to the front of `obstacles`, and
    /// their count returned, for a test per point.
    fn cut_obstacles(&self, window: &mut Window, obstacles: &mut [Obstacle]) -> usize {
        let mut rest = 0;
        for i in 0..obstacles.len() {
            let o = obstacles[i];
            let shape = window
                .offsets(o.x, o.y)
                .zip(self.discs.get(o.reach2 - 1))
                .zip(self.discs.get(o.hole2));
            match shape {
                Some(((centre, outer), inner)) => window.cut(centre, outer, inner),
                None => {
                    obstacles.swap(rest, i);
                    rest += 1;
                }
            }
        }
        rest
    }

    /// Calls `emit(x, y)` for each lattice point of `area`, x then y, that
    /// passes S3, then S3b on the same distances, then S4, S5, S7. Each
    /// support comes with its squared S3 reach and its S3b limit.
    fn scan_pair(
        &self,
        area: LatticeBox,
        [(ra, ca2, rim_a), (rb, cb2, rim_b)]: [(&crate::Ring, i64, i64); 2],
        obstacles: &[Obstacle],
        mut emit: impl FnMut(i32, i32),
    ) {
        let g = self.step;
        let mut x = area.x0;
        while x <= area.x1 {
            let px = x as i32;
            // Only the part of the column inside both S3 discs (a superset
            // of it: the exact tests below still decide).
            let (Some((lo_a, hi_a)), Some((lo_b, hi_b))) =
                (disc_span(px, ra, ca2), disc_span(px, rb, cb2))
            else {
                x += g;
                continue;
            };
            let mut y = first_multiple_above(lo_a.max(lo_b) - 1, g).max(area.y0);
            let y1 = last_multiple_below(hi_a.min(hi_b) + 1, g).min(area.y1);
            while y <= y1 {
                let py = y as i32;
                let (da2, db2) = (d2(px, py, ra.x, ra.y), d2(px, py, rb.x, rb.y));
                if da2 < ca2
                    && db2 < cb2
                    && da2 > rim_a
                    && db2 > rim_b
                    && !obstacles.iter().any(|o| o.blocks(px, py))
                {
                    emit(px, py);
                }
                y += g;
            }
            x += g;
        }
    }

    /// Every legal placement of the rings in `hand` on the board of `s`, in
    /// canonical order: crater actions first, then stacks (§9.4, §12).
    /// `out` is cleared first; nothing else is allocated.
    pub fn placements(&self, s: &State, hand: &Hand, out: &mut Vec<Action>) {
        out.clear();
        if hand.is_empty() {
            return;
        }
        self.with_kept(s, |kept| {
            let targets = [
                kept.crater_targets(s, Size::Large),
                kept.crater_targets(s, Size::Small),
            ];
            for piece in hand.pieces() {
                let row = targets[piece.size.index()];
                for i in 0..self.board.len() {
                    if has_bit(&row, i) {
                        out.push(Action::PlaceOnCrater {
                            piece,
                            crater: CraterId(i as u16),
                        });
                    }
                }
            }
            // The colour-free survivors, then per piece in order those that
            // pass S8 and S9.
            let top = Self::top_level(s);
            for piece in hand.pieces() {
                self.for_each_fit(s, kept.positions(piece.size), piece, top, |p| {
                    out.push(Action::Stack {
                        piece,
                        a: RingId(p.a),
                        b: RingId(p.b),
                        x: p.x,
                        y: p.y,
                    });
                });
            }
        });
    }

    /// True when some ring of `hand` has a legal placement; stops at the first.
    #[must_use]
    pub fn can_place(&self, s: &State, hand: &Hand) -> bool {
        if hand.is_empty() {
            return false;
        }
        self.with_kept(s, |kept| {
            let top = Self::top_level(s);
            Size::ALL
                .into_iter()
                .any(|size| hand.of_size(size) > 0 && kept.crater_targets(s, size) != [0; 4])
                || hand
                    .pieces()
                    .any(|piece| self.count_fit(s, kept.positions(piece.size), piece, top) > 0)
        })
    }
}
