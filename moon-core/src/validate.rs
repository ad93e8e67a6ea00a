//! Validation of a state, so no file can load an impossible position:
//! [`State::check_structure`] (what needs no rules object, run on every
//! deserialization) and the full check against the config (M-50..M-52)
//! behind `Game::check_state`.

use crate::cards::Half;
use crate::costs::{Hacker, Mode};
use crate::error::MoonError;
use crate::goal_cards::GoalCards;
use crate::moon::Moon;
use crate::ops::OpSet;
use crate::register::RegSet;
use crate::state::{MAX_SEATS, Phase, Slot, State};
use game_core::{Error, Seat, SeatSet, StateError};

fn bad<T>(part: &str, reason: &str) -> Result<T, MoonError> {
    Err(Error::state(part, reason).into())
}

impl State {
    /// The checks that need no rules object, run on every deserialization.
    ///
    /// # Errors
    /// The first part whose tables disagree.
    pub fn check_structure(&self) -> Result<(), StateError> {
        let holders = self.scores.len();
        if holders == 0 || self.tokens.len() != holders {
            return Err(StateError::new(
                "tokens/scores",
                "one entry per holder, at least one",
            ));
        }
        if self.goals.len() != self.bugs_held.len()
            || (!self.goals.is_empty() && self.goals.len() != holders)
        {
            return Err(StateError::new("goals", "one entry per competitive seat"));
        }
        if self.turn.index() >= MAX_SEATS {
            return Err(StateError::new("turn", "no such seat"));
        }
        Ok(())
    }
}

impl Moon {
    /// Every check of a state read from outside (see [`Game::check_state`]),
    /// part by part in a fixed order, so a damaged state names its first
    /// broken part.
    pub(crate) fn validate(&self, s: &State) -> Result<(), MoonError> {
        self.check_phase(s)?;
        self.check_counters(s)?;
        self.check_cards(s)?;
        self.check_flags(s)?;
        self.check_progress(s)?;
        self.check_settled(s)
    }

    /// The phase fits the mode: CopyGoals and a team result are cooperative,
    /// `Ended` competitive.
    fn check_phase(&self, s: &State) -> Result<(), MoonError> {
        let comp = self.mode == Mode::Competitive;
        match s.phase {
            Phase::Copying(k) if comp || k == 0 || k > self.copies => {
                return bad("phase", "no such CopyGoals draw");
            }
            Phase::Won | Phase::Lost if comp => {
                return bad("phase", "a team result in competitive play");
            }
            Phase::Ended if !comp => return bad("phase", "Ended is competitive"),
            Phase::Copying(_)
            | Phase::Setup
            | Phase::Play
            | Phase::Won
            | Phase::Lost
            | Phase::Ended => {}
        }
        Ok(())
    }

    /// Round, turn, registers, RAMs, disabled parts, energy and token tables
    /// within what the config allows (M-7..M-15, M-47).
    fn check_counters(&self, s: &State) -> Result<(), MoonError> {
        let comp = self.mode == Mode::Competitive;
        let seats = usize::from(self.seats);
        let cards = usize::from(self.bugs)
            + self.events.iter().map(|&c| usize::from(c)).sum::<usize>()
            + usize::from(self.goal_cards());
        let max_round = match self.mode {
            Mode::Cooperative => cards + usize::from(self.slots) + 2,
            Mode::Competitive => usize::from(self.config.max_rounds),
        };
        if s.round == 0 || usize::from(s.round) > max_round {
            return bad("round", "out of range");
        }
        if s.turn.index() >= seats {
            return bad("turn", "no such seat");
        }
        if s.regs.iter().any(|&r| r > self.mask) {
            return bad("regs", "a value wider than the registers");
        }
        if s.rams.len() != usize::from(self.ram_owners)
            || s.rams.as_slice().iter().any(|&r| r > self.mask)
        {
            return bad("rams", "wrong owners or a value too wide");
        }
        let mut can_disable_regs = RegSet::EMPTY;
        let mut can_disable_ops = OpSet::EMPTY;
        for k in crate::cards::EventKind::ALL {
            if self.events[k.index()] > 0 {
                if let Some(r) = k.error_register() {
                    can_disable_regs = can_disable_regs.with(r);
                }
                if let Some(op) = k.error_op() {
                    can_disable_ops = can_disable_ops.with(op);
                }
            }
        }
        if s.disabled_regs.0 & !can_disable_regs.0 != 0 {
            return bad("disabled_regs", "no ERROR card disables that");
        }
        if s.disabled_ops.0 & !can_disable_ops.0 != 0 {
            return bad("disabled_ops", "no ERROR card disables that");
        }
        if s.energy > self.budget(s.turn) {
            return bad("energy", "above the budget");
        }
        if s.free_movs > self.config.purple_free_movs || s.free_logic > self.config.red_free_logic {
            return bad("free uses", "above the hacker's limit");
        }
        if s.tokens.len() != self.holders() || s.scores.len() != self.holders() {
            return bad("tokens/scores", "wrong number of holders");
        }
        if self.extra.is_none() && s.tokens.as_slice().iter().any(|t| !t.is_empty()) {
            return bad("tokens", "tokens without the extra-operation module");
        }
        let per_seat = if comp { seats } else { 0 };
        if s.goals.len() != per_seat || s.bugs_held.len() != per_seat {
            return bad("goals", "wrong number of seats");
        }
        Ok(())
    }

    /// Every goal card in exactly one place, `boxes` copies of each value of
    /// the game (M-2, M-6), and BUG and event counts within the deck.
    fn check_cards(&self, s: &State) -> Result<(), MoonError> {
        // Goal cards: each card in exactly one place, `boxes` copies of
        // each value of the game (M-2, M-6).
        let p = &s.pool;
        if p.unseen_second & !p.unseen_goals != 0 || s.discard_second & !s.discard != 0 {
            return bad("cards", "a second copy without the first");
        }
        if u32::from(p.goals) > p.unseen_values() {
            return bad("pool.goals", "more goal cards than unseen values");
        }
        if p.bugs > self.bugs || p.events.iter().zip(self.events).any(|(a, b)| *a > b) {
            return bad("pool", "more BUG or event cards than the deck has");
        }
        let (copies, held_bugs) = self.tally_goal_cards(s)?;
        self.check_copies(s, &copies, held_bugs)
    }

    /// Counts the goal cards of every place (pool, discard, queue, seats),
    /// checking each queue slot and seat goal on the way.
    fn tally_goal_cards(&self, s: &State) -> Result<([u8; 16], u8), MoonError> {
        let comp = self.mode == Mode::Competitive;
        let seats = usize::from(self.seats);
        let p = &s.pool;
        let mut copies = [0u8; 16];
        let mut count = |cards: GoalCards| {
            for (v, c) in copies.iter_mut().enumerate() {
                *c = c.saturating_add(cards.copies(v as u8));
            }
        };
        count(p.unseen());
        count(s.discarded());
        let mut card = |v: u8| -> Result<(), MoonError> {
            match copies.get_mut(usize::from(v)) {
                Some(c) => {
                    *c = c.saturating_add(1);
                    Ok(())
                }
                None => bad("cards", "a goal card above 1111"),
            }
        };
        let n = usize::from(self.slots);
        let mut face_down = 0u32;
        let mut bug_slots = 0u8;
        for (i, slot) in s.queue.iter().enumerate() {
            if (i >= n || comp) && *slot != Slot::Empty {
                return bad("queue", "a card outside the queue");
            }
            match slot {
                Slot::Empty => {}
                Slot::FaceDown => face_down += 1,
                Slot::Bug => bug_slots += 1,
                Slot::Goal { card: c, partner } => {
                    card(*c)?;
                    if let Some(h) = partner {
                        if self.width == 4 {
                            return bad("queue", "a partner at 4 bits");
                        }
                        if let Half::Card(c) = h {
                            card(*c)?;
                        }
                    }
                }
            }
        }
        if face_down > p.total() {
            return bad("queue", "more FaceDown cards than unseen cards");
        }
        if bug_slots.saturating_add(p.bugs) > self.bugs {
            return bad("queue", "more BUG cards than the deck has");
        }
        let mut held_bugs = 0u8;
        for (t, h) in s.goals.iter() {
            match (h.first, h.second) {
                (None, Some(_)) => return bad("goals", "a second card without a first"),
                (Some(_), Some(_)) if self.width == 4 => {
                    return bad("goals", "two cards at 4 bits");
                }
                (first, second) => {
                    if let Some(c) = first {
                        card(c)?;
                    }
                    if let Some(Half::Card(c)) = second {
                        card(c)?;
                    }
                }
            }
            if h.first.is_none() && !h.known_by.is_empty() {
                return bad("goals", "no goal, yet shown to a seat");
            }
            if h.known_by != SeatSet::ALL && !h.known_by.within(seats) {
                return bad("goals", "shown to a seat that is not at the table");
            }
            held_bugs = held_bugs.saturating_add(s.bugs_held[t]);
        }
        Ok((copies, held_bugs))
    }

    /// `boxes` copies of each goal value of the game and none other, the
    /// set-aside cards of the phase, and the BUG cards adding up.
    fn check_copies(&self, s: &State, copies: &[u8; 16], held_bugs: u8) -> Result<(), MoonError> {
        let comp = self.mode == Mode::Competitive;
        let p = &s.pool;
        for (v, c) in copies.iter().enumerate() {
            let want = if self.goal_values & (1 << v) != 0 {
                self.boxes
            } else {
                0
            };
            if *c > 0 && want == 0 {
                return bad("cards", "a goal value that is not a card of this game");
            }
            if *c > want {
                return bad("cards", "a goal card in two places");
            }
            if *c < want {
                return bad("cards", "a goal card is missing");
            }
        }
        match s.phase {
            Phase::Copying(k) => {
                let drawn = self.copies - k;
                if u32::from(p.goals) != p.unseen_values()
                    || p.bugs != 0
                    || p.total() != u32::from(p.goals)
                    || s.discarded().len() != u32::from(drawn)
                {
                    return bad("pool", "not a CopyGoals deck");
                }
            }
            Phase::Setup | Phase::Play | Phase::Won | Phase::Lost | Phase::Ended => {
                if p.unseen_values() - u32::from(p.goals) != u32::from(self.aside) {
                    return bad("pool", "wrong number of set-aside goal cards");
                }
            }
        }
        if comp && held_bugs.saturating_add(p.bugs) != self.bugs {
            return bad("bugs_held", "BUG cards do not add up");
        }
        if comp && held_bugs.saturating_add(p.bugs) != self.bugs {
            return bad("bugs_held", "BUG cards do not add up");
        }
        Ok(())
    }

    /// Flow flags of one mode are never set in the other, and the end is
    /// triggered exactly when the deck is out of goal cards (M-41).
    fn check_flags(&self, s: &State) -> Result<(), MoonError> {
        let comp = self.mode == Mode::Competitive;
        let p = &s.pool;
        if comp {
            if s.end_triggered != (p.goals == 0) {
                return bad("end_triggered", "does not match the deck");
            }
            if s.armed {
                return bad("armed", "a cooperative flag");
            }
        } else if s.checking || s.end_triggered {
            return bad("checking", "a competitive flag");
        }
        Ok(())
    }

    /// Scores, tokens, hacker uses and pending choices that the play so far
    /// could have produced (M-28, M-45, M-47).
    fn check_progress(&self, s: &State) -> Result<(), MoonError> {
        let seats = usize::from(self.seats);
        // Each solve shows at least one card and earns at most one token.
        let solved: u32 = s.scores.as_slice().iter().map(|&x| u32::from(x)).sum();
        let register_cards = match s.phase {
            Phase::Copying(k) => self.copies - k,
            Phase::Setup | Phase::Play | Phase::Won | Phase::Lost | Phase::Ended => self.copies,
        };
        if solved + u32::from(register_cards) > s.discarded().len() {
            return bad("scores", "more goals solved than cards shown");
        }
        for (holder, tokens) in s.tokens.iter() {
            let held: u32 = tokens.0.iter().map(|&n| u32::from(n)).sum();
            if held > u32::from(s.scores[holder]) {
                return bad("tokens", "more tokens than goals solved");
            }
        }
        let hacker = self.hacker(s.turn);
        if (s.free_movs > 0 && hacker != Some(Hacker::Purple))
            || (s.free_logic > 0 && hacker != Some(Hacker::Red))
        {
            return bad("free uses", "used without that hacker");
        }
        if matches!(s.phase, Phase::Copying(_) | Phase::Setup)
            && (s.round != 1 || s.turn != Seat(0))
        {
            return bad("round", "set-up happens before round 1 starts");
        }
        if let Some(c) = s.ok_chooser
            && (c.index() >= seats || s.phase.is_over() || s.pending.is_some())
        {
            return bad("ok_chooser", "no choice can be pending here");
        }
        if s.phase.is_over() && s.pending.is_some() {
            return bad("pending", "a draw after the end");
        }
        Ok(())
    }

    /// The position is settled: running the rules on finds nothing to do.
    fn check_settled(&self, s: &State) -> Result<(), MoonError> {
        let mut settled = *s;
        settled.pending = None;
        self.advance(&mut settled);
        if settled != *s {
            return bad("flow", "not a settled position (a rule would still act)");
        }
        Ok(())
    }
}
