//! Legality of actions (M-12, M-28, M-42, M-48, M-49): why an action may
//! not be played.

use crate::action::Action;
use crate::costs::{Hacker, Mode};
use crate::energy::Energy;
use crate::error::MoonError;
use crate::moon::Moon;
use crate::ops::{BinaryOp, OpKind, Operation};
use crate::register::Loc;
use crate::state::State;
use game_core::{Game, Seat};

impl Moon {
    /// The effective cost of `kind` for the acting seat now (M-44, M-45)
    /// and whether a free use pays for it.
    pub(crate) fn op_cost(&self, s: &State, kind: OpKind) -> (Energy, bool) {
        let base = self.costs.get(kind);
        let Some(h) = self.hacker(s.turn) else {
            return (base, false);
        };
        // M-45 / A-38: free uses go to the first qualifying operations.
        let free = match h {
            Hacker::Purple => kind == OpKind::Mov && s.free_movs < self.config.purple_free_movs,
            Hacker::Red => h.free_kind(kind) && s.free_logic < self.config.red_free_logic,
            Hacker::Green | Hacker::Yellow => false,
        };
        if free {
            (Energy::ZERO, true)
        } else {
            (h.discounted(kind, base), false)
        }
    }

    /// What playing `kind` costs the acting seat now, and whether a free
    /// use pays it: a token's price when `token` (M-48), else its cost.
    pub(crate) fn op_price(&self, s: &State, kind: OpKind, token: bool) -> (Energy, bool) {
        match (token, self.extra) {
            // M-45: tokens never use free uses.
            (true, Some(extra)) => (extra.cost, false),
            (true, None) | (false, _) => self.op_cost(s, kind),
        }
    }

    /// M-12 rules 2–8 for `op` played by `seat` (the shared checks and rule
    /// 1 already passed), as a token with `token`. Returns the cost and
    /// whether a free use pays it.
    pub(crate) fn check_op(
        &self,
        s: &State,
        seat: Seat,
        op: Operation,
        token: bool,
    ) -> Result<(Energy, bool), MoonError> {
        let kind = op.kind();
        if token {
            // M-48: a token replaces rule 2.
            let held = s.tokens.get(self.holder(seat)).map_or(0, |t| t.count(kind));
            if held == 0 {
                return Err(MoonError::NoToken { kind });
            }
        } else if !self.ops.contains(kind) {
            return Err(MoonError::NotPermitted { kind });
        }
        if s.disabled_ops.contains(kind) {
            return Err(MoonError::OperationDisabled { kind });
        }
        if let Some(reg) = op
            .operands()
            .into_iter()
            .flatten()
            .find(|r| s.disabled_regs.contains(*r))
        {
            return Err(MoonError::RegisterDisabled { reg });
        }
        if op.uses_ram() {
            if !self.has_ram() {
                return Err(MoonError::NoRam);
            }
            if matches!(
                op,
                Operation::Mov {
                    dst: Loc::Ram,
                    src: Loc::Ram
                }
            ) {
                return Err(MoonError::RamToRam);
            }
        }
        if let Operation::Binary {
            op: BinaryOp::Xchg,
            dst,
            src,
        } = op
            && dst > src
        {
            return Err(MoonError::XchgOrder { dst, src });
        }
        if self.config.forbid_self_mov && op.is_self_move() {
            return Err(MoonError::SelfMove);
        }
        let (cost, free) = self.op_price(s, kind, token);
        if cost > s.energy {
            return Err(MoonError::NotEnoughEnergy {
                cost,
                left: s.energy,
            });
        }
        Ok((cost, free))
    }

    /// The whole check of an action: shared checks, then the rules.
    pub(crate) fn check_action(&self, s: &State, seat: Seat, a: &Action) -> Result<(), MoonError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        if let Action::HiddenRamWrite { .. } = a {
            return Err(MoonError::LogOnly);
        }
        if let Action::ChooseOk(t) = a {
            if s.ok_chooser.is_none() {
                return Err(MoonError::NoOkChoice);
            }
            if !self.is_active_error(s, *t) {
                return Err(MoonError::NotAnError { target: *t });
            }
            return Ok(());
        }
        // M-12 rule 1, M-28: nothing but the choice while it is pending.
        if s.ok_chooser.is_some() {
            return Err(MoonError::OkChoicePending);
        }
        match a {
            Action::Op(op) => self.check_op(s, seat, *op, false).map(|_| ()),
            Action::Token(op) => self.check_op(s, seat, *op, true).map(|_| ()),
            Action::UseBug(target) => self.check_bug(s, seat, *target),
            Action::EndTurn | Action::ChooseOk(_) => Ok(()),
            Action::HiddenRamWrite { .. } => Err(MoonError::LogOnly),
        }
    }

    /// M-42: on its own turn, a seat holding a BUG may use it on another
    /// seat that holds a goal.
    fn check_bug(&self, s: &State, seat: Seat, target: Seat) -> Result<(), MoonError> {
        if self.mode != Mode::Competitive {
            return Err(MoonError::NotCompetitive);
        }
        if s.bugs_held.get(seat).copied().unwrap_or(0) == 0 {
            return Err(MoonError::NoBug);
        }
        if target == seat || !self.holds_goal(s, target) {
            return Err(MoonError::BadBugTarget { target });
        }
        Ok(())
    }
}
