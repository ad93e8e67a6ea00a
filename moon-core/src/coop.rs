//! Cooperative play: the goal queue (M-19, M-20), settling (M-21), the
//! idle rule (M-22), solving (M-24), wide goals (M-35, M-36), win and loss
//! (M-30, M-31). The end of a turn and of a round (M-25, M-33) is in
//! `turn.rs`.

use crate::cards::{Card, Half, compose_goal};
use crate::config::{SolveCheck, WideGoalModel};
use crate::moon::Moon;
use crate::state::{Draw, Phase, Slot, State};
use crate::turn::FLOW_LIMIT;
use game_core::Seat;

/// The current goal (M-19): the oldest pending card when it is FaceUp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Current {
    /// No FaceUp goal.
    None,
    /// A goal with its value, the queue indices of its card(s), the real
    /// cards, and the low card that earns a token (M-47).
    Complete {
        value: u8,
        positions: [Option<usize>; 2],
        cards: [Option<u8>; 2],
        low: Option<u8>,
    },
    /// A wide goal still missing its second card, at this queue index.
    Incomplete(usize),
}

/// What one settle step did (M-21).
enum Settle {
    /// Something changed; settle again.
    Progress,
    /// A card must be drawn first.
    Draw(Draw),
    /// Nothing more to do.
    Stop,
}

impl Moon {
    /// Cards in the cooperative deck: the unseen pool minus the FaceDown
    /// cards (M-50); in competitive play the pool is the deck.
    pub(crate) fn deck_len(&self, s: &State) -> u32 {
        let face_down = s
            .queue
            .iter()
            .filter(|slot| **slot == Slot::FaceDown)
            .count() as u32;
        s.pool.total().saturating_sub(face_down)
    }

    fn any_pending(&self, s: &State) -> bool {
        s.queue.iter().any(|slot| slot.is_pending())
    }

    /// The current goal (M-19, M-35, M-36).
    pub(crate) fn current_goal(&self, s: &State) -> Current {
        let n = usize::from(self.slots);
        let mut goals = (0..n).rev().filter_map(|i| match s.queue[i] {
            Slot::Goal { card, partner } => Some((i, card, partner)),
            Slot::Empty | Slot::FaceDown | Slot::Bug => None,
        });
        let Some((top, card, partner)) = goals.next() else {
            return Current::None;
        };
        if self.width == 4 {
            return Current::Complete {
                value: card & 0xF,
                positions: [Some(top), None],
                cards: [Some(card), None],
                low: Some(card),
            };
        }
        let high_first = self.config.wide_revealed_card_high;
        // The older (revealed) card and the newer one (partner or next half).
        let (newer, newer_pos) = match self.config.wide_goal_model {
            WideGoalModel::DeckPartner => match partner {
                Some(h) => (h, None),
                None => return Current::Incomplete(top),
            },
            WideGoalModel::QueuePairs => match goals.next() {
                Some((i, c, _)) => (Half::Card(c), Some(i)),
                None => match partner {
                    Some(h) => (h, None),
                    None => return Current::Incomplete(top),
                },
            },
        };
        let older = Half::Card(card);
        let (high, low) = if high_first {
            (older, newer)
        } else {
            (newer, older)
        };
        Current::Complete {
            value: compose_goal(self.width, high.value(), low.value()),
            positions: [Some(top), newer_pos],
            cards: [Some(card), newer.card()],
            low: low.card(),
        }
    }

    /// Runs cooperative play forward until a draw, a decision or the end.
    pub(crate) fn advance_coop(&self, s: &mut State) {
        for _ in 0..FLOW_LIMIT {
            s.pending = None;
            match s.phase {
                Phase::Copying(_) => {
                    s.pending = Some(Draw::Copy);
                    return;
                }
                Phase::Won | Phase::Lost | Phase::Ended => return,
                Phase::Setup | Phase::Play => {}
            }
            // M-21 case 1: an OK choice pauses everything.
            if s.ok_chooser.is_some() {
                return;
            }
            match self.settle_step(s) {
                Settle::Progress => {}
                Settle::Draw(d) => {
                    s.pending = Some(d);
                    return;
                }
                Settle::Stop => {
                    s.armed = false;
                    // M-22: the idle rule.
                    let idle = !self.any_pending(s) && self.deck_len(s) > 0;
                    if idle && s.phase == Phase::Setup {
                        // M-23: setup places cards until one is pending.
                        self.place(s);
                        continue;
                    }
                    if idle && s.phase == Phase::Play && self.config.auto_end_when_idle {
                        // M-22, M-33: an automatic end ends the round at once.
                        self.end_round(s);
                        continue;
                    }
                    if s.phase == Phase::Setup {
                        s.phase = Phase::Play;
                    }
                    return;
                }
            }
        }
    }

    /// One case of the settle (M-21, cases 2–4).
    fn settle_step(&self, s: &mut State) -> Settle {
        match self.current_goal(s) {
            Current::Complete {
                value,
                positions,
                cards,
                low,
            } => {
                // M-26: the solve check in force.
                let allowed = match self.config.solve_check {
                    SolveCheck::AnyChange => true,
                    SolveCheck::AfterOperation | SolveCheck::AfterOpOnA => {
                        std::mem::take(&mut s.armed)
                    }
                };
                if allowed && s.regs[0] == value {
                    self.solve_coop(s, positions, cards, low);
                    Settle::Progress
                } else {
                    Settle::Stop
                }
            }
            Current::Incomplete(i) => match self.config.wide_goal_model {
                WideGoalModel::DeckPartner => {
                    // M-35: draw partners until the goal is complete.
                    if self.deck_len(s) > 0 {
                        Settle::Draw(Draw::Partner(i as u8 + 1))
                    } else {
                        self.set_partner(s, i, Half::Virtual);
                        Settle::Progress
                    }
                }
                WideGoalModel::QueuePairs => {
                    // M-36: reveal the highest FaceDown card below the waiting half.
                    if let Some(p) = (0..i).rev().find(|&p| s.queue[p] == Slot::FaceDown) {
                        Settle::Draw(Draw::Reveal(p as u8 + 1))
                    } else if self.deck_len(s) == 0 {
                        self.set_partner(s, i, Half::Virtual);
                        Settle::Progress
                    } else {
                        Settle::Stop
                    }
                }
            },
            Current::None => {
                // M-21 case 4: reveal the highest FaceDown card.
                let n = usize::from(self.slots);
                match (0..n).rev().find(|&p| s.queue[p] == Slot::FaceDown) {
                    Some(p) => Settle::Draw(Draw::Reveal(p as u8 + 1)),
                    None => Settle::Stop,
                }
            }
        }
    }

    fn set_partner(&self, s: &mut State, i: usize, half: Half) {
        if let Some(Slot::Goal { partner, .. }) = s.queue.get_mut(i) {
            *partner = Some(half);
        }
    }

    /// M-24: the goal's cards leave (their positions become Empty) face
    /// up, the team scores 1 and gains a token, and the win check runs.
    fn solve_coop(
        &self,
        s: &mut State,
        positions: [Option<usize>; 2],
        cards: [Option<u8>; 2],
        low: Option<u8>,
    ) {
        for p in positions.into_iter().flatten() {
            if let Some(slot) = s.queue.get_mut(p) {
                *slot = Slot::Empty;
            }
        }
        for c in cards.into_iter().flatten() {
            s.discard_card(c);
        }
        if let Some(score) = s.scores.get_mut(Seat(0)) {
            *score = score.saturating_add(1);
        }
        self.gain_token(s, Seat(0), low);
        // M-30: no goal card unseen in the pool, no FaceUp goal or half left.
        let face_up = s.queue.iter().any(|slot| matches!(slot, Slot::Goal { .. }));
        if s.pool.goals == 0 && !face_up {
            s.phase = Phase::Won;
        }
    }

    /// M-47: a solved goal earns a token of `map[low card]`.
    pub(crate) fn gain_token(&self, s: &mut State, holder: Seat, low: Option<u8>) {
        if let (Some(extra), Some(v)) = (self.extra, low)
            && let Some(tokens) = s.tokens.get_mut(holder)
        {
            let kind = extra.map[usize::from(v & 0xF)];
            let t = &mut tokens.0[kind.index()];
            *t = t.saturating_add(1);
        }
    }

    /// M-20 place: a card goes FaceDown into the lowest Empty position;
    /// none Empty loses (M-31 b).
    pub(crate) fn place(&self, s: &mut State) {
        let n = usize::from(self.slots);
        match (0..n).find(|&p| s.queue[p] == Slot::Empty) {
            Some(p) => s.queue[p] = Slot::FaceDown,
            None => s.phase = Phase::Lost,
        }
    }

    /// M-20 move up, oldest first, each pending card to the nearest non-Bug
    /// position above; a card with none loses at once (M-31 a).
    pub(crate) fn move_up(&self, s: &mut State) -> bool {
        let n = usize::from(self.slots);
        for i in (0..n).rev() {
            if !s.queue[i].is_pending() {
                continue;
            }
            match (i + 1..n).find(|&j| s.queue[j] != Slot::Bug) {
                Some(j) => {
                    s.queue[j] = s.queue[i];
                    s.queue[i] = Slot::Empty;
                }
                None => return false,
            }
        }
        true
    }

    /// A cooperative chance outcome (the caller checked it can be drawn).
    pub(crate) fn draw_coop(&self, s: &mut State, draw: Draw, card: Card) {
        s.pool.take(card);
        match draw {
            Draw::Copy => {
                // M-16: copy card i into B, C, D in that order, low bits.
                if let (Phase::Copying(left), Card::Goal(v)) = (s.phase, card) {
                    let i = usize::from(self.copies.saturating_sub(left)) + 1;
                    if let Some(r) = s.regs.get_mut(i) {
                        *r = v & self.mask;
                    }
                    s.discard_card(v);
                    if left <= 1 {
                        self.fill_deck(s);
                        s.phase = Phase::Setup;
                    } else {
                        s.phase = Phase::Copying(left - 1);
                    }
                }
            }
            Draw::Reveal(p) => {
                let i = usize::from(p).wrapping_sub(1);
                let Some(slot) = s.queue.get_mut(i) else {
                    return;
                };
                match card {
                    Card::Goal(v) => {
                        *slot = Slot::Goal {
                            card: v,
                            partner: None,
                        }
                    }
                    // M-20: a revealed BUG blocks its position for good.
                    Card::Bug => *slot = Slot::Bug,
                    Card::Event(k) => {
                        *slot = Slot::Empty;
                        self.resolve_event(s, k, s.turn);
                        // M-29: without slots, a replacement takes the event's place.
                        if !self.config.events_occupy_slots && self.deck_len(s) > 0 {
                            s.queue[i] = Slot::FaceDown;
                        }
                    }
                }
            }
            Draw::Partner(p) => {
                let i = usize::from(p).wrapping_sub(1);
                match card {
                    Card::Goal(v) => self.set_partner(s, i, Half::Card(v)),
                    Card::Event(k) => self.resolve_event(s, k, s.turn),
                    Card::Bug => {
                        // M-35 / A-42: the goal moves up past the new Bug (M-31 c).
                        let n = usize::from(self.slots);
                        let Some(goal) = s.queue.get(i).copied() else {
                            return;
                        };
                        s.queue[i] = Slot::Bug;
                        match (i + 1..n).find(|&j| s.queue[j] != Slot::Bug) {
                            Some(j) => s.queue[j] = goal,
                            None => {
                                // M-31 (c): the goal has no position left. It was
                                // face up, so it goes to the discard pile: every
                                // card stays in one place (check_state, M-2).
                                if let Slot::Goal { card, partner } = goal {
                                    s.discard_card(card);
                                    if let Some(Half::Card(c)) = partner {
                                        s.discard_card(c);
                                    }
                                }
                                s.phase = Phase::Lost;
                            }
                        }
                    }
                }
            }
            Draw::Seat(_) => {}
        }
    }

    /// M-17 (3), (4): only `goal_deck_size` goal cards stay in the deck
    /// (the rest are set aside unseen), then BUGs and events are added.
    pub(crate) fn fill_deck(&self, s: &mut State) {
        if let Some(n) = self.config.goal_deck_size {
            s.pool.goals = s.pool.goals.min(n);
        }
        s.pool.bugs = self.bugs;
        s.pool.events = self.events;
    }
}
