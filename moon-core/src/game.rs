//! `game_core::Game` for MOON: actions, chance, observation, validation.

use crate::actions::Action;
use crate::cards::{Card, Half};
use crate::config::{Config, SolveCheck};
use crate::costs::{Hacker, Mode};
use crate::error::MoonError;
use crate::goal_cards::GoalCards;
use crate::moon::Moon;
use crate::observe::MoonObs;
use crate::ops::{OpKind, OpSet, Operation};
use crate::register::{Loc, RegSet};
use crate::state::{Draw, Held, MAX_SEATS, MAX_SLOTS, MoonState, Phase, Slot, Tokens};
use game_core::{BySeat, Error, Game, Outcome, Seat, SeatSet, TeamResult, ToAct, Viewer};

impl Moon {
    /// Runs the rules forward to the next decision, draw or end.
    pub(crate) fn advance(&self, s: &mut MoonState) {
        match self.mode {
            Mode::Cooperative => self.advance_coop(s),
            Mode::Competitive => self.advance_comp(s),
        }
    }

    fn holders(&self) -> usize {
        match self.mode {
            Mode::Cooperative => 1,
            Mode::Competitive => usize::from(self.seats),
        }
    }

    fn fresh_state(&self) -> MoonState {
        let comp = self.mode == Mode::Competitive;
        let seats = usize::from(self.seats);
        let regs = match self.init {
            crate::config::InitRegisters::CopyGoals(_) => [0; 4],
            crate::config::InitRegisters::AOne => [1, 0, 0, 0],
            crate::config::InitRegisters::Fixed(v) => v,
        };
        let per_seat = if comp { seats } else { 0 };
        let mut s = MoonState {
            phase: Phase::Setup,
            round: 1,
            turn: Seat(0),
            regs,
            rams: by_seat(usize::from(self.ram_owners), 0),
            disabled_regs: RegSet::EMPTY,
            disabled_ops: OpSet::EMPTY,
            energy: self.budget(Seat(0)),
            free_movs: 0,
            free_logic: 0,
            tokens: by_seat(self.holders(), Tokens::default()),
            scores: by_seat(self.holders(), 0),
            pool: crate::cards::Pool {
                goals: self.goal_cards(),
                ..Default::default()
            },
            discard: 0,
            discard_second: 0,
            pending: None,
            ok_chooser: None,
            armed: false,
            checking: false,
            queue: [Slot::Empty; MAX_SLOTS],
            goals: by_seat(per_seat, Held::default()),
            bugs_held: by_seat(per_seat, 0),
            end_triggered: false,
        };
        // M-2, M-6: every value once per box, all unseen.
        s.pool
            .set_unseen(GoalCards::each(self.goal_values, self.boxes));
        if self.copies > 0 {
            s.phase = Phase::Copying(self.copies);
        } else {
            self.fill_deck(&mut s);
        }
        s
    }

    /// Every check of a state read from outside (see [`Game::check_state`]).
    fn validate(&self, s: &MoonState) -> Result<(), MoonError> {
        fn bad(part: &str, reason: &str) -> Result<(), MoonError> {
            Err(Error::state(part, reason).into())
        }
        let comp = self.mode == Mode::Competitive;
        let seats = usize::from(self.seats);
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
        if comp {
            if held_bugs.saturating_add(p.bugs) != self.bugs {
                return bad("bugs_held", "BUG cards do not add up");
            }
            if s.end_triggered != (p.goals == 0) {
                return bad("end_triggered", "does not match the deck");
            }
            if s.armed {
                return bad("armed", "a cooperative flag");
            }
        } else if s.checking || s.end_triggered {
            return bad("checking", "a competitive flag");
        }
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
        // The position must be settled: running the rules on finds nothing to do.
        let mut settled = *s;
        settled.pending = None;
        self.advance(&mut settled);
        if settled != *s {
            return bad("flow", "not a settled position (a rule would still act)");
        }
        Ok(())
    }

    /// The game-specific outcome (M-52), `None` until the game is over.
    #[must_use]
    pub fn moon_outcome(&self, s: &MoonState) -> Option<MoonOutcome> {
        match s.phase {
            Phase::Won | Phase::Lost => Some(MoonOutcome::Cooperative {
                result: if s.phase == Phase::Won {
                    TeamResult::Won
                } else {
                    TeamResult::Lost
                },
                score: u32::from(s.scores.get(Seat(0)).copied().unwrap_or(0)),
                rounds: s.round,
            }),
            Phase::Ended => {
                let solved: Vec<u32> = s.scores.as_slice().iter().map(|&x| u32::from(x)).collect();
                let places = game_core::places_by_key(&solved);
                Some(MoonOutcome::Competitive { solved, places })
            }
            Phase::Copying(_) | Phase::Setup | Phase::Play => None,
        }
    }
}

/// How a MOON game ended (M-52).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MoonOutcome {
    /// The team's result, its score and the round the game ended in.
    Cooperative {
        /// Won or lost.
        result: TeamResult,
        /// Goals solved.
        score: u32,
        /// The round in which the game ended.
        rounds: u16,
    },
    /// Goals solved and places per seat (ties share a place).
    Competitive {
        /// Goals solved per seat.
        solved: Vec<u32>,
        /// Places per seat, 1 best.
        places: Vec<u8>,
    },
}

/// A per-seat table of `len` copies of `value`; `len` is a seat count
/// validated to at most [`MAX_SEATS`] by `Moon::new`.
fn by_seat<T: Copy + Default>(len: usize, value: T) -> BySeat<T, MAX_SEATS> {
    BySeat::filled(len, value)
}

impl Game for Moon {
    const NAME: &'static str = "moon";
    const RULES_VERSION: u32 = crate::moon::RULES_VERSION;
    const OLDEST_RULES_VERSION: u32 = crate::moon::OLDEST_RULES_VERSION;
    type Config = Config;
    type State = MoonState;
    type Action = Action;
    type Chance = Card;
    type Obs = MoonObs;
    type Error = MoonError;

    fn new(config: Config) -> Result<Self, MoonError> {
        Moon::build(config, Self::RULES_VERSION)
    }

    fn with_rules_version(config: Config, version: u32) -> Result<Self, MoonError> {
        // Version 1 plays widths 7–8 with one box; nothing else differs
        // (changed defaults live in the config a replay stores).
        Moon::build(config, version)
    }

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn initial_state(&self) -> MoonState {
        let mut s = self.fresh_state();
        self.advance(&mut s);
        s
    }

    fn to_act(&self, s: &MoonState) -> ToAct {
        // M-49: chance while a draw is pending, then an OK chooser, then
        // the end, then the seat whose turn it is.
        if s.pending.is_some() {
            ToAct::Chance
        } else if let Some(c) = s.ok_chooser {
            ToAct::Seat(c)
        } else if s.phase.is_over() {
            ToAct::Over
        } else {
            ToAct::Seat(s.turn)
        }
    }

    fn legal_actions(&self, s: &MoonState, seat: Seat, out: &mut Vec<Action>) {
        self.legal(s, seat, out);
    }

    fn check(&self, s: &MoonState, seat: Seat, a: &Action) -> Result<(), MoonError> {
        self.check_action(s, seat, a)
    }

    fn apply(&self, s: &mut MoonState, seat: Seat, a: &Action) -> Result<(), MoonError> {
        self.check_action(s, seat, a)?;
        match *a {
            Action::Op(op) | Action::Token(op) => {
                let token = matches!(a, Action::Token(_));
                let (cost, free) = self.check_op(s, seat, op, token)?;
                // M-13: apply, pay, count the free use, then the solve checks.
                s.energy = s.energy.checked_sub(cost).unwrap_or_default();
                if free {
                    if op.kind() == OpKind::Mov {
                        s.free_movs = s.free_movs.saturating_add(1);
                    } else {
                        s.free_logic = s.free_logic.saturating_add(1);
                    }
                }
                if token && let Some(t) = s.tokens.get_mut(self.holder(seat)) {
                    let c = &mut t.0[op.kind().index()];
                    *c = c.saturating_sub(1);
                }
                let ram = s.rams.get_mut(seat);
                op.apply(&mut s.regs, ram, self.width);
                match self.mode {
                    Mode::Cooperative => {
                        s.armed = match self.config.solve_check {
                            SolveCheck::AnyChange => false,
                            SolveCheck::AfterOperation => true,
                            SolveCheck::AfterOpOnA => op.writes_a(),
                        };
                    }
                    Mode::Competitive => s.checking = true,
                }
            }
            Action::ChooseOk(t) => {
                self.repair(s, t);
                s.ok_chooser = None;
            }
            Action::UseBug(target) => self.use_bug(s, seat, target),
            Action::EndTurn => match self.mode {
                Mode::Cooperative => self.end_turn_coop(s),
                Mode::Competitive => self.end_turn_comp(s),
            },
            Action::HiddenRamWrite { .. } => return Err(MoonError::LogOnly),
        }
        self.advance(s);
        Ok(())
    }

    fn chance_outcomes(&self, s: &MoonState, out: &mut Vec<(Card, u32)>) {
        match s.pending {
            Some(d) => s.pool.outcomes(d == Draw::Copy, out),
            None => out.clear(),
        }
    }

    fn apply_chance(&self, s: &mut MoonState, c: &Card) -> Result<(), MoonError> {
        self.to_act(s).check_chance()?;
        let Some(draw) = s.pending else {
            return Err(Error::BadChance.into());
        };
        if !s.pool.can_draw(*c, draw == Draw::Copy) {
            return Err(Error::BadChance.into());
        }
        match draw {
            Draw::Seat(seat) => self.draw_comp(s, seat, *c),
            Draw::Copy | Draw::Reveal(_) | Draw::Partner(_) => self.draw_coop(s, draw, *c),
        }
        self.advance(s);
        Ok(())
    }

    fn observe(&self, s: &MoonState, v: Viewer) -> MoonObs {
        self.observation(s, v)
    }

    fn outcome(&self, s: &MoonState) -> Option<Outcome> {
        match self.moon_outcome(s)? {
            MoonOutcome::Cooperative { result, score, .. } => Some(Outcome::team(
                vec![i64::from(score); usize::from(self.seats)],
                result,
            )),
            MoonOutcome::Competitive { solved, .. } => Some(Outcome::from_scores(
                solved.into_iter().map(i64::from).collect(),
            )),
        }
    }

    fn max_steps(&self) -> usize {
        self.max_steps
    }

    fn check_state(&self, s: &MoonState) -> Result<(), MoonError> {
        self.validate(s)
    }

    fn public_action(&self, _: &MoonState, seat: Seat, a: &Action, v: Viewer) -> Option<Action> {
        // M-8, M-51: with `ram_hidden` only the owner sees its RAM, so the
        // others' logs must not say what a MOV wrote there.
        let hidden_ram = self.config.ram_hidden && v != Viewer::Seat(seat);
        match *a {
            Action::Op(Operation::Mov { dst: Loc::Ram, .. }) if hidden_ram => {
                Some(Action::HiddenRamWrite { token: false })
            }
            Action::Token(Operation::Mov { dst: Loc::Ram, .. }) if hidden_ram => {
                Some(Action::HiddenRamWrite { token: true })
            }
            Action::Op(_)
            | Action::Token(_)
            | Action::ChooseOk(_)
            | Action::UseBug(_)
            | Action::EndTurn
            | Action::HiddenRamWrite { .. } => Some(*a),
        }
    }

    fn public_chance(&self, s: &MoonState, c: &Card, v: Viewer) -> Option<Card> {
        // Coop draws are all public; a competitive goal card is seen only
        // by its drawer, unless it is shown at once (solved on the spot).
        let Some(Draw::Seat(drawer)) = s.pending else {
            return Some(*c);
        };
        let Card::Goal(_) = *c else {
            return Some(*c);
        };
        if v == Viewer::Seat(drawer) {
            return Some(*c);
        }
        let mut after = *s;
        if self.apply_chance(&mut after, c).is_err() {
            return Some(*c);
        }
        // M-40: the card is shown only when the goal check solves the
        // drawer's goal at once. A solve of another seat's goal in the same
        // step (seat 0's turn start after the last setup draw) shows that
        // seat's cards, which with two boxes may share this card's value.
        let solved = |st: &MoonState| st.scores.get(drawer).copied().unwrap_or(0);
        (solved(&after) > solved(s)).then_some(*c)
    }
}

impl game_core::Determinize for Moon {
    fn determinize(&self, s: &MoonState, seat: Seat, rng: &mut game_core::GameRng) -> MoonState {
        let mut out = *s;
        if self.mode == Mode::Cooperative {
            // The state never holds an unseen face: nothing to resample.
            return out;
        }
        // Other seats' goals the seat has not been shown, and the unseen
        // cards, are one exchangeable pool (M-50, M-51).
        let mut pool: Vec<u8> = s.pool.unseen().values();
        let mut slots: Vec<(Seat, bool)> = Vec::new();
        for (t, h) in s.goals.iter() {
            if self.sees_goal(h, t, Viewer::Seat(seat)) {
                continue;
            }
            if let Some(c) = h.first {
                pool.push(c);
                slots.push((t, false));
            }
            if let Some(Half::Card(c)) = h.second {
                pool.push(c);
                slots.push((t, true));
            }
        }
        rng.shuffle(&mut pool);
        let mut unseen = GoalCards::EMPTY;
        for (i, v) in pool.iter().enumerate() {
            match slots.get(i) {
                Some((t, false)) => out.goals[*t].first = Some(*v),
                Some((t, true)) => out.goals[*t].second = Some(Half::Card(*v)),
                None => {
                    unseen.add(*v);
                }
            }
        }
        out.pool.set_unseen(unseen);
        out
    }
}
