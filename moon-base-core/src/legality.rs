//! The placement predicates C1–C5 and S1–S9 (§8), one check each, in the
//! order of §8.4, plus the effects of a placement (§8.3).

use game_core::Seat;

use crate::geometry::{d2, inside_limit, rim_contact_limit, sq};
use crate::state::bit;
use crate::{
    Action, Colour, CraterId, Footing, Host, MoonBase, MoonBaseError, Piece, Ring, RingId, Size,
    State,
};
use crate::{BaseRule, Phase};

/// What the colour rule says about a piece on two supports (S8, MB-16, MB-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourFit {
    /// The colour rule refuses it.
    No,
    /// Allowed, an ordinary stack.
    Plain,
    /// Allowed as a collabo: the tower moves onto it (S9 still applies).
    Collabo,
}

/// S8: the colour rule for `piece` on supports coloured `a` and `b`.
pub(crate) const fn colour_fit(piece: Piece, a: Colour, b: Colour) -> ColourFit {
    let c = piece.colour as u8;
    let (a, b) = (a as u8, b as u8);
    if a == b {
        // MB-16: supports of one colour take only that colour.
        if c == a {
            ColourFit::Plain
        } else {
            ColourFit::No
        }
    } else if c == a || c == b {
        ColourFit::Plain
    } else {
        // MB-17: the third colour only as a large collabo ring.
        match piece.size {
            Size::Large => ColourFit::Collabo,
            Size::Small => ColourFit::No,
        }
    }
}

impl MoonBase {
    /// Outer radius `R` of a size, mm.
    pub(crate) const fn outer(&self, size: Size) -> i64 {
        self.radii[size.index()].0
    }

    /// Inner radius `r` of a size, mm.
    pub(crate) const fn inner(&self, size: Size) -> i64 {
        self.radii[size.index()].1
    }

    /// The tower's point and level `(x, y, h_T)`, once it stands (§1).
    pub(crate) fn tower_point(&self, s: &State) -> Option<(i32, i32, u8)> {
        match s.tower? {
            Host::Crater(k) => self.board.crater(k).map(|c| (c.x, c.y, 0)),
            Host::Ring(r) => s.ring(r).map(|r| (r.x, r.y, r.level)),
        }
    }

    /// TowerClear(p, s, ℓ) of §1: a ring at level ℓ is clear of the column
    /// when it is not above the host, or its footprint stays out of it.
    pub(crate) fn tower_clear(&self, s: &State, x: i32, y: i32, size: Size, level: u32) -> bool {
        match self.tower_point(s) {
            None => true,
            Some((tx, ty, h)) => {
                level <= u32::from(h) || d2(x, y, tx, ty) >= sq(self.outer(size) + self.rho)
            }
        }
    }

    /// True when crater `k` is free for a resource base (B-17, and B-21's
    /// meaning of "occupied" for bases): no level-1
    /// ring on it, no base on it, and the tower not on it.
    #[must_use]
    pub fn free_for_base(&self, s: &State, k: CraterId) -> bool {
        k.index() < self.board.len()
            && !s.rings.iter().any(|r| r.on == Footing::Crater(k))
            && !s.bases.iter().any(|b| b.crater == k)
            && s.tower != Some(Host::Crater(k))
    }

    /// The craters free for a resource base (B-17), as a bitset: what
    /// [`MoonBase::free_for_base`] says of each, in one pass.
    pub(crate) fn base_free_craters(&self, s: &State) -> [u64; 4] {
        let mut taken = [0u64; 4];
        for r in &s.rings {
            if let Footing::Crater(k) = r.on {
                crate::board::set_bit(&mut taken, k.index());
            }
        }
        for b in &s.bases {
            crate::board::set_bit(&mut taken, b.crater.index());
        }
        if let Some(Host::Crater(k)) = s.tower {
            crate::board::set_bit(&mut taken, k.index());
        }
        let mut free = [0u64; 4];
        for (w, f) in free.iter_mut().enumerate() {
            *f = (self.craters_of_size[0][w] | self.craters_of_size[1][w]) & !taken[w];
        }
        free
    }

    /// C1–C5 for a ring of `size` on the known crater `k`, in order.
    ///
    /// MB-11: a ring goes on a crater (here) or on two rings
    /// ([`MoonBase::stack_predicates`]); B-19: no dexterity, so these exact
    /// tests are all there is; B-21: "occupied" means C2 for rings.
    pub(crate) fn crater_predicates(
        &self,
        s: &State,
        size: Size,
        k: CraterId,
    ) -> Result<(), MoonBaseError> {
        let Some(crater) = self.board.crater(k) else {
            return Err(MoonBaseError::UnknownCrater { crater: k });
        };
        // C1 (MB-12): a crater takes a ring of its own size.
        if crater.size != size {
            return Err(MoonBaseError::SizeMismatch {
                piece: size,
                crater: crater.size,
            });
        }
        // C2 (MB-13): a crater ring claims its crater and the overlapping ones.
        for (i, r) in s.rings.iter().enumerate() {
            if let Footing::Crater(j) = r.on
                && (j == k || self.board.overlaps(k, j))
            {
                return Err(MoonBaseError::CraterClaimed {
                    ring: RingId(i as u16),
                });
            }
        }
        // C3 (MB-24, B-18): a base bars rings from its own crater only.
        if s.bases.iter().any(|b| b.crater == k) {
            return Err(MoonBaseError::CraterHasBase { crater: k });
        }
        // C4 (MB-21, B-5): a level-1 ring may not slide under a level-2 ring.
        let reach = self.outer(size);
        for (i, u) in s.rings.iter().enumerate() {
            if u.level == 2
                && d2(crater.x, crater.y, u.x, u.y) < sq(reach + self.outer(u.piece.size))
            {
                return Err(MoonBaseError::UnderStackedRing {
                    ring: RingId(i as u16),
                });
            }
        }
        // C5 (MB-14, B-7): clear of the tower; its own crater is always blocked.
        if !self.tower_clear(s, crater.x, crater.y, size, 1) {
            return Err(MoonBaseError::TouchesTower);
        }
        Ok(())
    }

    /// S1–S9 (with S3b) for `piece` on known rings `a < b` at a point
    /// inside the margin.
    pub(crate) fn stack_predicates(
        &self,
        s: &State,
        piece: Piece,
        (a, b): (RingId, RingId),
        (x, y): (i32, i32),
    ) -> Result<(), MoonBaseError> {
        let (Some(ra), Some(rb)) = (s.ring(a), s.ring(b)) else {
            return Err(MoonBaseError::UnknownRing {
                ring: if s.ring(a).is_none() { a } else { b },
            });
        };
        // S1 (MB-15): two supports of one level; the new ring is one above.
        if ra.level != rb.level {
            return Err(MoonBaseError::LevelMismatch {
                a: ra.level,
                b: rb.level,
            });
        }
        let k = u32::from(ra.level);
        self.check_on_lattice(x, y)?;
        self.check_supports_bear(piece, [(a, ra), (b, rb)], (x, y))?;
        self.check_room_on_levels(s, piece, (a, b), k, (x, y))?;
        // S6 (MB-18): the tower host ring carries nothing.
        if let Some(h) = s.host_ring()
            && (h == a || h == b)
        {
            return Err(MoonBaseError::SupportCarriesTower { ring: h });
        }
        // S7 (MB-14, B-7): a ring above the host keeps out of the column.
        if !self.tower_clear(s, x, y, piece.size, k + 1) {
            return Err(MoonBaseError::TouchesTower);
        }
        self.check_colour_rule(s, piece, (ra, rb), k, (x, y))
    }

    /// S2 (B-3): the centre is on the lattice (negatives too, B-22).
    fn check_on_lattice(&self, x: i32, y: i32) -> Result<(), MoonBaseError> {
        let g = self.step;
        if i64::from(x).rem_euclid(g) != 0 || i64::from(y).rem_euclid(g) != 0 {
            return Err(MoonBaseError::OffLattice {
                x,
                y,
                step: self.config.lattice_step_mm,
            });
        }
        Ok(())
    }

    /// S3 and S3b for both supports, S3 for both first.
    fn check_supports_bear(
        &self,
        piece: Piece,
        supports: [(RingId, &Ring); 2],
        (x, y): (i32, i32),
    ) -> Result<(), MoonBaseError> {
        // S3 (MB-19, B-4): each support's opening shows through the new one.
        let r_new = self.inner(piece.size);
        for (id, r) in supports {
            if d2(x, y, r.x, r.y) >= sq(r_new + self.inner(r.piece.size)) {
                return Err(MoonBaseError::NoVisibleSpace { support: id });
            }
        }
        let big = self.outer(piece.size);
        // S3b (MB-19, B-4; rules version 2): each support bears the new ring:
        // neither lies wholly inside the other's opening. a first, then b.
        if self.rim_contact_rules() {
            for (id, r) in supports {
                let size = r.piece.size;
                let limit = rim_contact_limit(self.outer(size), self.inner(size), big, r_new);
                if d2(x, y, r.x, r.y) <= limit {
                    return Err(MoonBaseError::NoRimContact { support: id });
                }
            }
        }
        Ok(())
    }

    /// S4 and S5: no third support on level `k`, nothing on levels k+1 and
    /// k+2 in the way of the new ring.
    fn check_room_on_levels(
        &self,
        s: &State,
        piece: Piece,
        (a, b): (RingId, RingId),
        k: u32,
        (x, y): (i32, i32),
    ) -> Result<(), MoonBaseError> {
        let big = self.outer(piece.size);
        let r_new = self.inner(piece.size);
        let rim_rules = self.rim_contact_rules();
        let overlaps = |u: &Ring| d2(x, y, u.x, u.y) < sq(big + self.outer(u.piece.size));
        // S4 (MB-20, B-6): exactly two supports, no third ring on level k.
        // Since rules version 2 a ring wholly inside the new ring's opening
        // is not touched, so it is no third support.
        let untouched = |u: &Ring| {
            rim_rules && d2(x, y, u.x, u.y) <= inside_limit(self.outer(u.piece.size), r_new)
        };
        for (i, u) in s.rings.iter().enumerate() {
            if u32::from(u.level) == k
                && i != a.index()
                && i != b.index()
                && overlaps(u)
                && !untouched(u)
            {
                return Err(MoonBaseError::ThirdSupport {
                    ring: RingId(i as u16),
                });
            }
        }
        // S5 (MB-21, B-5): nothing on levels k+1 and k+2 in the way.
        for (i, u) in s.rings.iter().enumerate() {
            let l = u32::from(u.level);
            if (l == k + 1 || l == k + 2) && overlaps(u) {
                return Err(MoonBaseError::Collision {
                    ring: RingId(i as u16),
                });
            }
        }
        Ok(())
    }

    /// S8 (MB-16, MB-17): the colour rule; S9 (MB-18, B-8): the tower needs
    /// a clear column above a collabo.
    fn check_colour_rule(
        &self,
        s: &State,
        piece: Piece,
        (ra, rb): (&Ring, &Ring),
        k: u32,
        (x, y): (i32, i32),
    ) -> Result<(), MoonBaseError> {
        match colour_fit(piece, ra.piece.colour, rb.piece.colour) {
            ColourFit::No => Err(MoonBaseError::ColourRule {
                piece,
                a: ra.piece.colour,
                b: rb.piece.colour,
            }),
            ColourFit::Plain => Ok(()),
            ColourFit::Collabo => match self.column_blocker(s, x, y, k) {
                Some(ring) => Err(MoonBaseError::TowerColumnBlocked { ring }),
                None => Ok(()),
            },
        }
    }

    /// S9: the first ring of level ≥ k+2 intruding the column at `(x, y)`.
    pub(crate) fn column_blocker(&self, s: &State, x: i32, y: i32, k: u32) -> Option<RingId> {
        s.rings
            .iter()
            .position(|u| {
                u32::from(u.level) >= k + 2
                    && d2(x, y, u.x, u.y) < sq(self.outer(u.piece.size) + self.rho)
            })
            .map(|i| RingId(i as u16))
    }

    /// Whether a placement action passes every geometric and colour rule
    /// (ids, canonical order, the coordinate margin, then C1–C5 or S1–S9),
    /// ignoring hands, turns and phase: what a set-up tool or a puzzle needs.
    ///
    /// # Errors
    /// The first failure in the order of §8.4 (shape, then predicates);
    /// [`MoonBaseError::WrongPhase`] for an action that is not a placement.
    pub fn check_placement(&self, s: &State, action: &Action) -> Result<(), MoonBaseError> {
        match *action {
            Action::PlaceOnCrater { piece, crater } => {
                if self.board.crater(crater).is_none() {
                    return Err(MoonBaseError::UnknownCrater { crater });
                }
                self.crater_predicates(s, piece.size, crater)
            }
            Action::Stack { piece, a, b, x, y } => {
                for r in [a, b] {
                    if s.ring(r).is_none() {
                        return Err(MoonBaseError::UnknownRing { ring: r });
                    }
                }
                if a >= b {
                    return Err(MoonBaseError::NotCanonical { a, b });
                }
                // §1: refuse far points before any squared distance.
                if !self.board.in_margin(x, y) {
                    return Err(MoonBaseError::FarOffBoard { x, y });
                }
                self.stack_predicates(s, piece, (a, b), (x, y))
            }
            Action::ChooseColour(_)
            | Action::PlaceTower(_)
            | Action::TakePair(_)
            | Action::Pass
            | Action::PlaceResourceBase(_)
            | Action::DeclineResourceBase => Err(MoonBaseError::WrongPhase { phase: s.phase }),
        }
    }

    /// Places a ring without hand, turn or phase: the set-up path for
    /// puzzles, analysis and tests. The same predicates as in play apply,
    /// and a collabo moves the tower.
    ///
    /// # Errors
    /// As [`MoonBase::check_placement`]; nothing changes on error.
    pub fn place_ring(&self, s: &mut State, action: &Action) -> Result<RingId, MoonBaseError> {
        self.check_placement(s, action)?;
        Ok(self.put_ring(s, action))
    }

    /// The effects of a legal placement (§8.3): append the ring, and move
    /// the tower onto a collabo. Returns the new ring's id.
    pub(crate) fn put_ring(&self, s: &mut State, action: &Action) -> RingId {
        let id = RingId(s.rings.len() as u16);
        let ring = match *action {
            Action::PlaceOnCrater { piece, crater } => {
                let (x, y) = self.board.crater(crater).map_or((0, 0), |c| (c.x, c.y));
                Ring {
                    piece,
                    level: 1,
                    x,
                    y,
                    on: Footing::Crater(crater),
                    settlement: false,
                }
            }
            Action::Stack { piece, a, b, x, y } => {
                let (level, fit) = match (s.ring(a), s.ring(b)) {
                    (Some(ra), Some(rb)) => (
                        ra.level.saturating_add(1),
                        colour_fit(piece, ra.piece.colour, rb.piece.colour),
                    ),
                    _ => (1, ColourFit::No),
                };
                if fit == ColourFit::Collabo {
                    // MB-17, §8.3: the tower moves onto the collabo at once.
                    s.tower = Some(Host::Ring(id));
                }
                Ring {
                    piece,
                    level,
                    x,
                    y,
                    on: Footing::Supports(a, b),
                    settlement: false,
                }
            }
            Action::ChooseColour(_)
            | Action::PlaceTower(_)
            | Action::TakePair(_)
            | Action::Pass
            | Action::PlaceResourceBase(_)
            | Action::DeclineResourceBase => return id,
        };
        s.rings.push(ring);
        id
    }

    /// The rings a building phase now would consider for a settlement of
    /// `colour` (MB-23), ascending; supply still caps how many get one (B-15).
    pub fn settlement_candidates(&self, s: &State, colour: Colour) -> impl Iterator<Item = RingId> {
        let mut mask = self.settleable(s, colour);
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            Some(RingId(i as u16))
        })
    }

    /// A mask of the rings eligible for a settlement of `colour` (MB-23):
    /// large, that colour, level ≥ 2, uncovered, unsettled, not the host.
    pub(crate) fn settleable(&self, s: &State, colour: Colour) -> u64 {
        let covered = s.covered_mask();
        let host = s.host_ring().map_or(0, |h| bit(h.index()));
        let mut mask = 0;
        for (i, r) in s.rings.iter().enumerate() {
            if r.piece.size == Size::Large
                && r.piece.colour == colour
                && r.level >= 2
                && !r.settlement
            {
                mask |= bit(i);
            }
        }
        mask & !covered & !host
    }
}

impl MoonBase {
    /// The phase-level checks of an action, after the shared ones (§8.4).
    pub(crate) fn check_action(
        &self,
        s: &State,
        seat: Seat,
        a: &Action,
    ) -> Result<(), MoonBaseError> {
        let wrong = || MoonBaseError::WrongPhase { phase: s.phase };
        match *a {
            Action::ChooseColour(colour) => {
                if s.phase != Phase::ChooseColour {
                    return Err(wrong());
                }
                // MB-3: gold or silver only; navy belongs to nobody.
                if !colour.is_player_colour() {
                    return Err(MoonBaseError::NotAPlayerColour { colour });
                }
                Ok(())
            }
            Action::PlaceTower(k) => {
                if s.phase != Phase::PlaceTower {
                    return Err(wrong());
                }
                // MB-4: any large crater.
                self.check_tower_crater(k)
            }
            Action::TakePair(pile) => {
                let Phase::Select { step } = s.phase else {
                    return Err(wrong());
                };
                Self::check_take(s, step, pile)
            }
            Action::PlaceOnCrater { piece, .. } | Action::Stack { piece, .. } => {
                if !matches!(s.phase, Phase::Place { .. }) {
                    return Err(wrong());
                }
                // MB-10: from the seat's own hand.
                if Self::hand(s, seat).count(piece) == 0 {
                    return Err(MoonBaseError::PieceNotInHand { piece });
                }
                self.check_placement(s, a)
            }
            Action::Pass => {
                if !matches!(s.phase, Phase::Place { .. }) {
                    return Err(wrong());
                }
                // B-10: no voluntary pass.
                if self.can_place(s, &Self::hand(s, seat)) {
                    return Err(MoonBaseError::MustPlace);
                }
                Ok(())
            }
            Action::PlaceResourceBase(k) => {
                if !matches!(s.phase, Phase::Base { .. }) {
                    return Err(wrong());
                }
                if self.board.crater(k).is_none() {
                    return Err(MoonBaseError::UnknownCrater { crater: k });
                }
                // B-17: a crater free for bases.
                if !self.free_for_base(s, k) {
                    return Err(MoonBaseError::CraterNotFree { crater: k });
                }
                Ok(())
            }
            Action::DeclineResourceBase => {
                if !matches!(s.phase, Phase::Base { .. }) {
                    return Err(wrong());
                }
                // MB-24, B-16: only an optional base may be declined.
                match self.config.base_rule {
                    BaseRule::Compulsory => Err(MoonBaseError::MustPlaceBase),
                    BaseRule::Optional => Ok(()),
                }
            }
        }
    }
}
