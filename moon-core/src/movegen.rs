//! Generation of the legal actions of the seat to act, ascending.

use crate::action::Action;
use crate::costs::Mode;
use crate::energy::Energy;
use crate::moon::Moon;
use crate::ops::OpKind;
use crate::state::State;
use game_core::{Game, Seat, ToAct};

impl Moon {
    /// Fills `out` with the legal actions of `seat`, ascending.
    pub(crate) fn legal(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        if s.ok_chooser.is_some() {
            let mut targets = Vec::new();
            self.ok_targets(s, &mut targets);
            out.extend(targets.into_iter().map(Action::ChooseOk));
            return;
        }
        let mut cost = [Energy::ZERO; OpKind::COUNT];
        for k in OpKind::ALL {
            cost[k.index()] = self.op_cost(s, k).0;
        }
        for info in &self.forms {
            if self.ops.contains(info.kind)
                && !s.disabled_ops.contains(info.kind)
                && !info.regs.intersects(s.disabled_regs)
                && cost[info.kind.index()] <= s.energy
            {
                out.push(Action::Op(info.op));
            }
        }
        if let Some(extra) = self.extra
            && let Some(tokens) = s.tokens.get(self.holder(seat))
            && !tokens.is_empty()
            && extra.cost <= s.energy
        {
            for info in &self.forms {
                if tokens.count(info.kind) > 0
                    && !s.disabled_ops.contains(info.kind)
                    && !info.regs.intersects(s.disabled_regs)
                {
                    out.push(Action::Token(info.op));
                }
            }
        }
        if self.mode == Mode::Competitive && s.bugs_held.get(seat).copied().unwrap_or(0) > 0 {
            for t in Seat::all(self.seats()) {
                if t != seat && self.holds_goal(s, t) {
                    out.push(Action::UseBug(t));
                }
            }
        }
        out.push(Action::EndTurn);
    }
}
