//! Validation of a state, so no file can smuggle in an impossible
//! position: [`State::check_structure`] (what needs no board or config, run
//! on every deserialization) and the full check against the board and
//! config (§9.8) behind `Game::check_state`.

use game_core::{Seat, StateError};

use crate::state::{MAX_RINGS, PILES, RINGS_PER_PIECE, RINGS_PER_SIZE, SUPPLY};
use crate::{Footing, Host, MoonBase, PassRule, Phase, Piece, Size, State};

fn bad(part: &str, reason: impl Into<String>) -> StateError {
    StateError::new(part, reason)
}

/// Takes made so far of each size, from the round and phase (MB-7).
fn takes(s: &State) -> [usize; 2] {
    let done = usize::from(s.round.saturating_sub(1)) * 2;
    match s.phase {
        Phase::Piles | Phase::DrawStart | Phase::ChooseColour | Phase::PlaceTower => [0, 0],
        Phase::Select { step } => {
            let step = usize::from(step);
            [done + step.min(2), done + step.saturating_sub(2)]
        }
        Phase::Place { .. } | Phase::Base { .. } | Phase::Over => [done + 2, done + 2],
    }
}

impl State {
    /// Checks everything that needs no board or config: seat tables, colours,
    /// phase fields, ring links and levels, and the ring and supply counts.
    ///
    /// # Errors
    /// The first problem found, naming the part of the state.
    pub fn check_structure(&self) -> Result<(), StateError> {
        self.check_seat_tables()?;
        self.check_phase()?;
        self.check_progress()?;
        self.check_rings()?;
        self.check_ring_counts()?;
        self.check_supplies()
    }

    /// Every per-seat table has two seats; colours and first player fit them.
    fn check_seat_tables(&self) -> Result<(), StateError> {
        for (name, t) in [
            ("settlements_left", &self.settlements_left),
            ("bases_left", &self.bases_left),
            ("unplaced", &self.unplaced),
            ("built_this_round", &self.built_this_round),
        ] {
            if t.len() != 2 {
                return Err(bad(name, "two seats expected"));
            }
        }
        if self.hands.len() != 2 {
            return Err(bad("hands", "two seats expected"));
        }
        if let Some(c) = &self.colour_of {
            let ok = c.len() == 2
                && c.as_slice()[0].is_player_colour()
                && c.as_slice()[1].is_player_colour()
                && c.as_slice()[0] != c.as_slice()[1];
            if !ok {
                return Err(bad("colour_of", "gold and silver, one per seat"));
            }
        }
        if self.first_player.is_some_and(|s| s.0 > 1) {
            return Err(bad("first_player", "seat 0 or 1"));
        }
        Ok(())
    }

    /// The phase's step, seat and turn count are in range.
    fn check_phase(&self) -> Result<(), StateError> {
        match self.phase {
            Phase::Select { step } if step > 3 => return Err(bad("phase", "select step 0 to 3")),
            Phase::Place { to_move, turns } if to_move.0 > 1 || turns > 16 => {
                return Err(bad("phase", "place: seat 0 or 1, at most 16 turns"));
            }
            Phase::Base { seat } if seat.0 > 1 => return Err(bad("phase", "base: seat 0 or 1")),
            Phase::Piles
            | Phase::DrawStart
            | Phase::ChooseColour
            | Phase::PlaceTower
            | Phase::Select { .. }
            | Phase::Place { .. }
            | Phase::Base { .. }
            | Phase::Over => {}
        }
        Ok(())
    }

    /// Round, first player, colours and tower agree with the phase.
    fn check_progress(&self) -> Result<(), StateError> {
        let set_up = matches!(
            self.phase,
            Phase::Piles | Phase::DrawStart | Phase::ChooseColour | Phase::PlaceTower
        );
        if set_up != (self.round == 0) {
            return Err(bad("round", "0 exactly during set-up"));
        }
        if self.round > 6 {
            return Err(bad("round", "at most 6"));
        }
        let needs_first = !matches!(self.phase, Phase::Piles | Phase::DrawStart);
        if needs_first && self.first_player.is_none() {
            return Err(bad("first_player", "set once the set-up draws are done"));
        }
        let needs_colours = !matches!(
            self.phase,
            Phase::Piles | Phase::DrawStart | Phase::ChooseColour
        );
        if needs_colours != self.colour_of.is_some() {
            return Err(bad("colour_of", "set exactly from the tower placement on"));
        }
        if needs_colours && self.phase != Phase::PlaceTower && self.tower.is_none() {
            return Err(bad("tower", "placed once play starts"));
        }
        if !needs_colours && self.tower.is_some() {
            return Err(bad("tower", "not placed before the colours"));
        }
        Ok(())
    }

    /// Rings link to lower ids one level below, lie near a board and carry
    /// settlements only where one may stand; the tower's host ring is one.
    fn check_rings(&self) -> Result<(), StateError> {
        // Rings: links to lower ids on one level, levels one above.
        for (i, r) in self.rings.iter().enumerate() {
            // No board reaches past 10000 mm, nor a ring 1000 mm beyond it:
            // this bound keeps every squared distance far inside i64.
            if r.x.unsigned_abs() > FAR_MM || r.y.unsigned_abs() > FAR_MM {
                return Err(bad("rings", format!("ring {i} lies far off any board")));
            }
            match r.on {
                Footing::Crater(_) => {
                    if r.level != 1 {
                        return Err(bad(
                            "rings",
                            format!("ring {i} on a crater must be level 1"),
                        ));
                    }
                }
                Footing::Supports(a, b) => {
                    if !(a < b && b.index() < i) {
                        return Err(bad("rings", format!("ring {i} needs supports a < b < {i}")));
                    }
                    let (la, lb) = (self.rings[a.index()].level, self.rings[b.index()].level);
                    if la != lb || r.level != la.saturating_add(1) {
                        return Err(bad(
                            "rings",
                            format!("ring {i} must sit one level above two equal supports"),
                        ));
                    }
                }
            }
            if r.settlement
                && !(r.piece.size == Size::Large
                    && r.level >= 2
                    && r.piece.colour.is_player_colour())
            {
                return Err(bad("rings", format!("ring {i} cannot carry a settlement")));
            }
        }
        if let Some(Host::Ring(h)) = self.tower {
            let ok = self
                .ring(h)
                .is_some_and(|r| r.piece.size == Size::Large && r.level >= 2);
            if !ok {
                return Err(bad(
                    "tower",
                    "a host ring is a large ring of level 2 or more",
                ));
            }
            if self.ring(h).is_some_and(|r| r.settlement) {
                return Err(bad("tower", "the host ring carries no settlement"));
            }
        }
        Ok(())
    }

    /// At most 8 rings of each piece in piles, hands and board (MB-1).
    fn check_ring_counts(&self) -> Result<(), StateError> {
        // At most 8 rings of each piece in piles, hands and board.
        for piece in Piece::ALL {
            let mut n = 0usize;
            for pile in &self.piles[piece.size.index()] {
                n += pile.iter().filter(|&&c| c == piece.colour).count();
            }
            for (_, h) in self.hands.iter() {
                n += usize::from(h.count(piece));
            }
            n += self.rings.iter().filter(|r| r.piece == piece).count();
            if n > usize::from(RINGS_PER_PIECE) {
                return Err(bad("rings", format!("{n} rings of {piece}, at most 8")));
            }
        }
        Ok(())
    }

    /// Settlements and bases left plus those on the board make the supply;
    /// no two bases share a crater.
    fn check_supplies(&self) -> Result<(), StateError> {
        // Supplies: what is left plus what is built is 6.
        for seat in Seat::all(2) {
            let built = match self.colour(seat) {
                Some(c) => self
                    .rings
                    .iter()
                    .filter(|r| r.settlement && r.piece.colour == c)
                    .count(),
                None => 0,
            };
            if usize::from(self.settlements_left[seat]) + built != usize::from(SUPPLY) {
                return Err(bad(
                    "settlements_left",
                    format!("{seat}: left plus built must be 6"),
                ));
            }
            let placed = self.bases.iter().filter(|b| b.seat == seat).count();
            if usize::from(self.bases_left[seat]) + placed != usize::from(SUPPLY) {
                return Err(bad(
                    "bases_left",
                    format!("{seat}: left plus placed must be 6"),
                ));
            }
            if self.built_this_round[seat] > SUPPLY {
                return Err(bad("built_this_round", "at most 6"));
            }
            if usize::from(self.unplaced[seat]) > MAX_RINGS {
                return Err(bad("unplaced", "at most 48"));
            }
        }
        if self.bases.iter().any(|b| b.seat.0 > 1) {
            return Err(bad("bases", "seat 0 or 1"));
        }
        for (i, b) in self.bases.iter().enumerate() {
            if self.bases[..i].iter().any(|o| o.crater == b.crater) {
                return Err(bad("bases", format!("two bases on {}", b.crater)));
            }
        }
        Ok(())
    }
}

/// No coordinate of a valid state goes beyond this, in mm (the largest
/// board plus the margin of §1).
const FAR_MM: u32 = 11_000;

impl MoonBase {
    /// Everything [`State::check_structure`] checks, plus what needs the
    /// board and config: crater ids, crater ring sizes and centres, the
    /// lattice, the coordinate margin, the tower host, rounds, pile and
    /// ring counts, and the phase's own invariants.
    pub(crate) fn validate_state(&self, s: &State) -> Result<(), StateError> {
        s.check_structure()?;
        self.check_places(s)?;
        self.check_rounds(s)?;
        self.check_piles(s)?;
        self.check_phase_state(s)
    }

    /// Rings sit on this board's craters or lattice, the tower on a large
    /// crater, bases on known craters.
    fn check_places(&self, s: &State) -> Result<(), StateError> {
        let g = i64::from(self.config.lattice_step_mm);
        for (i, r) in s.rings.iter().enumerate() {
            if !self.board.in_margin(r.x, r.y) {
                return Err(bad("rings", format!("ring {i} lies far off the board")));
            }
            match r.on {
                Footing::Crater(k) => {
                    let Some(c) = self.board.crater(k) else {
                        return Err(bad("rings", format!("ring {i} on unknown {k}")));
                    };
                    if c.size != r.piece.size || (c.x, c.y) != (r.x, r.y) {
                        return Err(bad(
                            "rings",
                            format!("ring {i} must match its crater's size and centre"),
                        ));
                    }
                    if s.rings[..i].iter().any(|o| o.on == r.on) {
                        return Err(bad(
                            "rings",
                            format!("ring {i} shares {k} with another ring"),
                        ));
                    }
                }
                Footing::Supports(..) => {
                    if i64::from(r.x).rem_euclid(g) != 0 || i64::from(r.y).rem_euclid(g) != 0 {
                        return Err(bad("rings", format!("ring {i} is off the lattice")));
                    }
                }
            }
        }
        match s.tower {
            Some(Host::Crater(k)) => {
                if self.board.crater(k).is_none_or(|c| c.size != Size::Large) {
                    return Err(bad("tower", "a crater host must be a large crater"));
                }
            }
            Some(Host::Ring(_)) | None => {}
        }
        if let Some(b) = s
            .bases
            .iter()
            .find(|b| self.board.crater(b.crater).is_none())
        {
            return Err(bad("bases", format!("unknown {}", b.crater)));
        }
        Ok(())
    }

    /// The round is within the configured rounds, the last when over.
    fn check_rounds(&self, s: &State) -> Result<(), StateError> {
        if s.round > self.config.rounds {
            return Err(bad("round", "beyond the configured rounds"));
        }
        if s.phase == Phase::Over && s.round != self.config.rounds {
            return Err(bad("round", "the game ends after the last round"));
        }
        Ok(())
    }

    /// Piles filled in draw order during set-up, then emptied two by two, and
    /// every ring out of the piles taken.
    fn check_piles(&self, s: &State) -> Result<(), StateError> {
        // Piles: filled in draw order during set-up, then emptied two by two.
        let drawn: usize = s.piles.iter().flatten().map(|p| p.len()).sum();
        let t = takes(s);
        if s.phase == Phase::Piles {
            for size in 0..2 {
                for pile in 0..PILES {
                    let j = size * PILES + pile;
                    let want = drawn.saturating_sub(j * 6).min(6);
                    if s.piles[size][pile].len() != want {
                        return Err(bad("piles", "filled out of draw order"));
                    }
                }
            }
            if drawn >= 2 * RINGS_PER_SIZE {
                return Err(bad("piles", "all drawn but still in the pile phase"));
            }
        } else {
            for (piles, taken) in s.piles.iter().zip(t) {
                let held: usize = piles.iter().map(|p| p.len()).sum();
                if held + 2 * taken != RINGS_PER_SIZE {
                    return Err(bad("piles", "pile contents do not match the takes made"));
                }
                if piles.iter().any(|p| p.len() % 2 != 0) {
                    return Err(bad("piles", "piles hold an even number of rings"));
                }
            }
        }
        // In every phase, set-up too (no take yet, so nothing in play): a
        // ring out of the piles was taken (found by the fuzz suite: retired
        // rings during set-up passed, and the state after it was refused).
        let in_play: u32 = s.hands.iter().map(|(_, h)| h.total()).sum::<u32>()
            + s.rings.len() as u32
            + s.unplaced.iter().map(|(_, &u)| u32::from(u)).sum::<u32>();
        if in_play as usize != 2 * (t[0] + t[1]) {
            return Err(bad(
                "rings",
                "rings in hands, on the board and retired must be those taken",
            ));
        }
        Ok(())
    }

    /// Hands, turns and builds fit the phase and the pass rule.
    fn check_phase_state(&self, s: &State) -> Result<(), StateError> {
        if !matches!(s.phase, Phase::Select { .. } | Phase::Place { .. })
            && s.hands.iter().any(|(_, h)| !h.is_empty())
        {
            return Err(bad("hands", "empty outside selection and placement"));
        }
        match s.phase {
            Phase::Place { to_move, turns } => {
                let keep = self.config.pass_rule == PassRule::KeepTurning;
                if !keep && turns >= 8 {
                    return Err(bad("phase", "ForfeitTurn ends after 8 turns"));
                }
                if keep && s.hands.get(to_move).is_none_or(|h| h.is_empty()) {
                    return Err(bad(
                        "phase",
                        "KeepTurning never gives the turn to an empty hand",
                    ));
                }
                if s.built_this_round.iter().any(|(_, &b)| b != 0) {
                    return Err(bad("built_this_round", "0 before building"));
                }
            }
            Phase::Base { seat } => {
                if !self.base_due(s, seat) {
                    return Err(bad("phase", format!("no base is due for {seat}")));
                }
            }
            // Set-up comes before the first build too (found by the fuzz
            // suite: a set-up state with builds passed, and the first
            // selection after it was refused).
            Phase::Select { .. }
            | Phase::Piles
            | Phase::DrawStart
            | Phase::ChooseColour
            | Phase::PlaceTower => {
                if s.built_this_round.iter().any(|(_, &b)| b != 0) {
                    return Err(bad("built_this_round", "0 before building"));
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }
}
