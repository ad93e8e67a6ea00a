//! Generation of the legal actions of the seat to act, ascending, and the
//! pick of one at random without listing them all.

use crate::action::Action;
use crate::costs::{Hacker, Mode};
use crate::moon::Moon;
use crate::ops::{OpKind, OpSet};
use crate::state::State;
use game_core::{Game, GameRng, Seat, SeatSet, ToAct};

/// What a turn allows besides the OK choice: the kinds playable with
/// energy and with tokens (M-12, M-48), and the BUG targets (M-42).
struct Allowed {
    ops: OpSet,
    tokens: OpSet,
    /// Held as bits: a byte array of targets read back whole stalled the
    /// store buffer on every decision.
    bugs: SeatSet,
}

impl Moon {
    /// The kinds `seat` may play now, by energy and by token.
    fn allowed(&self, s: &State, seat: Seat) -> Allowed {
        let ops = self.affordable(s);
        let mut tokens = OpSet::EMPTY;
        if let Some(extra) = self.extra
            && let Some(held) = s.tokens.get(self.holder(seat))
            && !held.is_empty()
            && extra.cost <= s.energy
        {
            for k in OpKind::ALL {
                if held.count(k) > 0 && !s.disabled_ops.contains(k) {
                    tokens = tokens.with(k);
                }
            }
        }
        let mut bugs = SeatSet::EMPTY;
        if self.mode == Mode::Competitive && s.bugs_held.get(seat).copied().unwrap_or(0) > 0 {
            for t in Seat::all(self.seats()) {
                if t != seat && self.holds_goal(s, t) {
                    bugs = bugs.with(t);
                }
            }
        }
        Allowed { ops, tokens, bugs }
    }

    /// The permitted kinds, not disabled, that the acting seat can pay
    /// for now (M-12 rules 2–4, M-44, M-45): what [`Moon::op_cost`] allows,
    /// read from the seat's cost table.
    fn affordable(&self, s: &State) -> OpSet {
        let open = self.ops.0 & !s.disabled_ops.0;
        let Some(steps) = self.seat_costs.get(s.turn.index()) else {
            return OpSet::of(
                OpKind::ALL
                    .into_iter()
                    .filter(|&k| open & (1 << k.index()) != 0 && self.op_cost(s, k).0 <= s.energy),
            );
        };
        // The kinds of the last step the energy reaches.
        let mut set = 0;
        for &(cost, kinds) in steps {
            if cost > s.energy {
                break;
            }
            set = kinds.0;
        }
        set &= open;
        // M-45: a free use costs nothing, whatever the energy.
        let free = match self.hacker(s.turn) {
            Some(Hacker::Purple) if s.free_movs < self.config.purple_free_movs => {
                OpSet::EMPTY.with(OpKind::Mov).0
            }
            Some(Hacker::Red) if s.free_logic < self.config.red_free_logic => {
                OpSet::of(
                    OpKind::ALL
                        .into_iter()
                        .filter(|&k| Hacker::Red.free_kind(k)),
                )
                .0
            }
            Some(Hacker::Purple | Hacker::Red | Hacker::Green | Hacker::Yellow) | None => 0,
        };
        OpSet(set | (free & open))
    }

    /// Fills `out` with the legal actions of `seat`, ascending.
    pub(crate) fn legal(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        if s.ok_chooser.is_some() {
            self.each_ok_target(s, |t| out.push(Action::ChooseOk(t)));
            return;
        }
        let allowed = self.allowed(s, seat);
        let regs = s.disabled_regs.0;
        self.form_table.extend(regs, allowed.ops, out, Action::Op);
        self.form_table
            .extend(regs, allowed.tokens, out, Action::Token);
        out.extend(allowed.bugs.iter().map(Action::UseBug));
        out.push(Action::EndTurn);
    }

    /// The action [`Moon::legal`] lists at `rng.below(len)`, drawn with the
    /// same use of `rng`, counted from the form table instead of listed
    /// (see [`Game::random_action`]).
    pub(crate) fn random_legal(
        &self,
        s: &State,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        if self.to_act(s) != ToAct::Seat(seat) {
            return None;
        }
        if s.ok_chooser.is_some() {
            // Rare: list the few targets and draw as the default does.
            self.legal(s, seat, scratch);
            let i = rng.below(scratch.len() as u32) as usize;
            return scratch.get(i).copied();
        }
        let allowed = self.allowed(s, seat);
        let regs = s.disabled_regs.0;
        let ops = self.form_table.count(regs, allowed.ops);
        let tokens = self.form_table.count(regs, allowed.tokens);
        let total = ops + tokens + allowed.bugs.len() + 1;
        let mut i = rng.below(total as u32) as usize;
        if i < ops {
            return self.form_table.nth(regs, allowed.ops, i).map(Action::Op);
        }
        i -= ops;
        if i < tokens {
            return self
                .form_table
                .nth(regs, allowed.tokens, i)
                .map(Action::Token);
        }
        i -= tokens;
        Some(match allowed.bugs.iter().nth(i) {
            Some(t) => Action::UseBug(t),
            None => Action::EndTurn,
        })
    }
}
