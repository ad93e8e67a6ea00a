//! Competitive play: goal draws (M-37, M-38), the goal check (M-40), the
//! last goal card (M-41) and BUG cards (M-42). Turns and the end of the
//! game (M-39, M-41) are in `turn.rs`.

use crate::cards::{Card, Half, compose_goal};
use crate::config::{BugReveal, CompetitiveEnd};
use crate::moon::Moon;
use crate::state::{Draw, Held, Phase, State};
use crate::turn::FLOW_LIMIT;
use game_core::{Seat, SeatSet};

impl Moon {
    /// True when the goal is complete (both cards held when wide).
    pub(crate) fn is_complete(&self, h: &Held) -> bool {
        h.first.is_some() && (self.width == 4 || h.second.is_some())
    }

    /// The value of a complete goal (M-34, M-37).
    pub(crate) fn held_value(&self, h: &Held) -> Option<u8> {
        let first = h.first?;
        if self.width == 4 {
            return Some(first & 0xF);
        }
        let second = h.second?;
        let (high, low) = if self.config.wide_revealed_card_high {
            (Half::Card(first), second)
        } else {
            (second, Half::Card(first))
        };
        Some(compose_goal(self.width, high.value(), low.value()))
    }

    /// The low card of a goal, which earns the token (M-47).
    fn held_low(&self, h: &Held) -> Option<u8> {
        if self.width == 4 || !self.config.wide_revealed_card_high {
            h.first
        } else {
            h.second.and_then(Half::card)
        }
    }

    /// True when `seat` holds a complete goal.
    pub(crate) fn holds_goal(&self, s: &State, seat: Seat) -> bool {
        s.goals.get(seat).is_some_and(|h| self.is_complete(h))
    }

    /// Runs competitive play forward until a draw, a decision or the end.
    pub(crate) fn advance_comp(&self, s: &mut State) {
        for _ in 0..FLOW_LIMIT {
            s.pending = None;
            if s.phase.is_over() || s.ok_chooser.is_some() {
                return;
            }
            match s.phase {
                Phase::Setup => {
                    // M-18 (3): seats 0, 1, … draw a goal in turn.
                    if self.deck_len(s) > 0 {
                        if let Some(seat) = Seat::all(usize::from(self.seats))
                            .find(|t| s.goals.get(*t).is_some_and(|h| !self.is_complete(h)))
                        {
                            s.pending = Some(Draw::Seat(seat));
                            return;
                        }
                    } else {
                        // M-37: a wide goal missing L takes the virtual card.
                        for h in s.goals.as_mut_slice() {
                            if h.first.is_some() && h.second.is_none() && self.width > 4 {
                                h.second = Some(Half::Virtual);
                            }
                        }
                    }
                    // M-18 (4): round 1 starts with seat 0.
                    s.phase = Phase::Play;
                    s.round = 1;
                    s.turn = Seat(0);
                    self.start_turn(s);
                    s.checking = self.config.score_check_at_turn_start;
                }
                Phase::Play => {
                    // M-40: the goal check of the acting seat.
                    if !s.checking {
                        return;
                    }
                    let seat = s.turn;
                    let Some(held) = s.goals.get(seat).copied() else {
                        s.checking = false;
                        return;
                    };
                    if !self.is_complete(&held) {
                        if self.deck_len(s) > 0 {
                            s.pending = Some(Draw::Seat(seat));
                            return;
                        }
                        if held.first.is_some() {
                            s.goals[seat].second = Some(Half::Virtual);
                            continue;
                        }
                        // M-38: an empty deck leaves the seat without a goal.
                        s.checking = false;
                        return;
                    }
                    if self.held_value(&held) == Some(s.regs[0]) {
                        self.solve_comp(s, seat, &held);
                        continue;
                    }
                    s.checking = false;
                    return;
                }
                Phase::Copying(_) | Phase::Won | Phase::Lost | Phase::Ended => return,
            }
        }
    }

    /// M-40: the goal's cards are shown and kept, 1 point, a token, and a
    /// replacement will be drawn.
    fn solve_comp(&self, s: &mut State, seat: Seat, held: &Held) {
        if let Some(c) = held.first {
            s.discard_card(c);
        }
        if let Some(Half::Card(c)) = held.second {
            s.discard_card(c);
        }
        if let Some(score) = s.scores.get_mut(seat) {
            *score = score.saturating_add(1);
        }
        self.gain_token(s, seat, self.held_low(held));
        // M-42: the replacement starts hidden.
        s.goals[seat] = Held::default();
    }

    /// A competitive draw for `seat` (the caller checked it can be drawn).
    pub(crate) fn draw_comp(&self, s: &mut State, seat: Seat, card: Card) {
        s.pool.take(card);
        match card {
            Card::Goal(v) => {
                let Some(h) = s.goals.get_mut(seat) else {
                    return;
                };
                if h.first.is_none() {
                    h.first = Some(v);
                } else {
                    h.second = Some(Half::Card(v));
                }
                if s.pool.goals == 0 {
                    // M-41: the last goal card has left the deck.
                    s.end_triggered = true;
                    if s.phase == Phase::Play
                        && self.config.competitive_end == CompetitiveEnd::Immediate
                    {
                        s.phase = Phase::Ended;
                        s.checking = false;
                    }
                }
            }
            // M-38 / A-37: a BUG is shown, kept, and the seat draws again.
            Card::Bug => {
                if let Some(b) = s.bugs_held.get_mut(seat) {
                    *b = b.saturating_add(1);
                }
            }
            // M-38: an event is resolved at once by the drawer.
            Card::Event(k) => self.resolve_event(s, k, seat),
        }
    }

    /// `UseBug(target)` (M-42): the target's goal becomes known to the
    /// user (to all with `ToAll`), and one BUG passes to the target.
    pub(crate) fn use_bug(&self, s: &mut State, seat: Seat, target: Seat) {
        if let Some(b) = s.bugs_held.get_mut(seat) {
            *b = b.saturating_sub(1);
        }
        if let Some(b) = s.bugs_held.get_mut(target) {
            *b = b.saturating_add(1);
        }
        if let Some(h) = s.goals.get_mut(target) {
            h.known_by = h.known_by.union(match self.config.bug_reveal {
                BugReveal::ToUser => SeatSet::of(seat),
                BugReveal::ToAll => SeatSet::ALL,
            });
        }
    }
}
