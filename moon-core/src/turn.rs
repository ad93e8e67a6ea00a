//! Turn flow: who acts after an action, the start and end of a turn
//! (M-9, M-39, M-48), the end of a cooperative round (M-25, M-33) and of
//! a competitive game (M-41). The rules run forward from here to the next
//! decision: the goal queue's settle in `coop.rs`, the goal check in
//! `competitive.rs`.

use crate::config::CoopEnergy;
use crate::costs::Mode;
use crate::moon::Moon;
use crate::state::{Phase, State};
use game_core::Seat;

/// A bound on deterministic steps between two decisions, so even a
/// hand-made state cannot loop; real play needs far fewer.
pub(crate) const FLOW_LIMIT: usize = 10_000;

impl Moon {
    /// Runs the rules forward to the next decision, draw or end.
    pub(crate) fn advance(&self, s: &mut State) {
        match self.mode {
            Mode::Cooperative => self.advance_coop(s),
            Mode::Competitive => self.advance_comp(s),
        }
    }

    /// `EndTurn` (M-25, M-39): the flow of the mode played.
    pub(crate) fn end_turn(&self, s: &mut State) {
        match self.mode {
            Mode::Cooperative => self.end_turn_coop(s),
            Mode::Competitive => self.end_turn_comp(s),
        }
    }

    /// The acting seat's turn starts: energy at budget, free uses reset (M-9, M-39, M-45).
    pub(crate) fn start_turn(&self, s: &mut State) {
        s.energy = self.budget(s.turn);
        s.free_movs = 0;
        s.free_logic = 0;
    }

    /// M-25: the end of a cooperative round.
    pub(crate) fn end_round(&self, s: &mut State) {
        if !self.move_up(s) {
            s.phase = Phase::Lost;
            return;
        }
        if self.deck_len(s) > 0 {
            self.place(s);
            if s.phase == Phase::Lost {
                return;
            }
        }
        s.round = s.round.saturating_add(1);
        self.expire_tokens(s, Seat(0));
        s.turn = Seat(0);
        // energy refills even with an empty deck.
        self.start_turn(s);
    }

    /// `EndTurn` in cooperative play (M-25, M-33).
    fn end_turn_coop(&self, s: &mut State) {
        let last = s.turn.index() + 1 >= usize::from(self.seats);
        if self.config.coop_energy == CoopEnergy::SharedPool || last {
            self.end_round(s);
        } else {
            self.expire_tokens(s, Seat(0));
            s.turn = Seat(s.turn.0 + 1);
            self.start_turn(s);
        }
    }

    /// `EndTurn` in competitive play (M-38, M-39, M-41).
    fn end_turn_comp(&self, s: &mut State) {
        let seat = s.turn;
        self.expire_tokens(s, seat);
        s.energy = crate::energy::Energy::ZERO;
        if seat.index() + 1 >= usize::from(self.seats) {
            if s.end_triggered || s.round >= self.config.max_rounds {
                s.phase = Phase::Ended;
                return;
            }
            s.round = s.round.saturating_add(1);
            s.turn = Seat(0);
        } else {
            s.turn = Seat(seat.0 + 1);
        }
        self.start_turn(s);
        s.checking = self.config.score_check_at_turn_start;
    }

    /// M-48: with `expire_at_turn_end`, tokens left at the end of a turn
    /// (SharedPool: a round) are lost.
    fn expire_tokens(&self, s: &mut State, holder: Seat) {
        if let Some(extra) = self.extra
            && extra.expire_at_turn_end
            && let Some(tokens) = s.tokens.get_mut(holder)
        {
            *tokens = Default::default();
        }
    }
}
