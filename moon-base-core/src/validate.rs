//! Full validation of a state against the board and config (§9.8), so no
//! file can smuggle in an impossible position.

use game_core::StateError;

use crate::state::{PILES, RINGS_PER_SIZE};
use crate::{Footing, Host, MoonBase, PassRule, Phase, Size, State};

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
