//! Event cards (M-27) and OK choices (M-28).

use crate::action::ErrorTarget;
use crate::cards::EventKind;
use crate::costs::Mode;
use crate::moon::Moon;
use crate::register::Reg;
use crate::state::{Slot, State};
use game_core::Seat;

impl Moon {
    /// Resolves a revealed or drawn event (M-27). An OK with two or more
    /// active errors leaves a choice for `chooser` (M-28).
    pub(crate) fn resolve_event(&self, s: &mut State, kind: EventKind, chooser: Seat) {
        let reset_bit = |s: &mut State, weight: u8| {
            // M-27 / A-35: only that column, in A–D, disabled or not; RAM untouched.
            for r in &mut s.regs {
                *r &= !weight;
            }
        };
        match kind {
            // M-27: a RESET works on a disabled register too; it stays disabled.
            EventKind::ResetA => s.regs[Reg::A.index()] = 0,
            EventKind::ResetB => s.regs[Reg::B.index()] = 0,
            EventKind::ResetC => s.regs[Reg::C.index()] = 0,
            EventKind::ResetD => s.regs[Reg::D.index()] = 0,
            EventKind::ErrorB | EventKind::ErrorC | EventKind::ErrorD => {
                if let Some(reg) = kind.error_register()
                    && !s.disabled_regs.contains(reg)
                {
                    // M-27 / A-13: the value is kept unless `error_clears_register`;
                    // a second ERROR on the same register does nothing.
                    s.disabled_regs = s.disabled_regs.with(reg);
                    if self.config.error_clears_register {
                        s.regs[reg.index()] = 0;
                    }
                }
            }
            EventKind::ErrorRol | EventKind::ErrorNot | EventKind::ErrorXor => {
                // M-27 / A-34: only that kind, even when it is not permitted.
                if let Some(op) = kind.error_op() {
                    s.disabled_ops = s.disabled_ops.with(op);
                }
            }
            EventKind::Ok => {
                // The first target and how many there are, without a list.
                let (mut first, mut count) = (None, 0);
                self.each_ok_target(s, |t| {
                    first = first.or(Some(t));
                    count += 1;
                });
                match (first, count) {
                    (Some(only), 1) => self.repair(s, only),
                    (Some(_), _) => s.ok_chooser = Some(chooser),
                    (None, _) => {}
                }
            }
            EventKind::Reset2 => reset_bit(s, 2),
            EventKind::Reset4 => reset_bit(s, 4),
            EventKind::Reset8 => reset_bit(s, 8),
        }
    }

    /// The active errors an OK may repair (M-27), sorted: disabled
    /// registers, disabled kinds, then Bug positions with `ok_repairs_bug`.
    pub(crate) fn ok_targets(&self, s: &State, out: &mut Vec<ErrorTarget>) {
        out.clear();
        self.each_ok_target(s, |t| out.push(t));
    }

    /// Calls `f` on each of [`Moon::ok_targets`] in order, so the legal
    /// actions need no list of their own.
    pub(crate) fn each_ok_target(&self, s: &State, mut f: impl FnMut(ErrorTarget)) {
        s.disabled_regs
            .iter()
            .map(ErrorTarget::Register)
            .for_each(&mut f);
        s.disabled_ops
            .iter()
            .map(ErrorTarget::Operation)
            .for_each(&mut f);
        if self.config.ok_repairs_bug && self.mode == Mode::Cooperative {
            for (i, slot) in s.queue.iter().enumerate().take(usize::from(self.slots)) {
                if *slot == Slot::Bug {
                    f(ErrorTarget::Bug(i as u8 + 1));
                }
            }
        }
    }

    /// True when `t` is an active error now.
    pub(crate) fn is_active_error(&self, s: &State, t: ErrorTarget) -> bool {
        match t {
            ErrorTarget::Register(r) => s.disabled_regs.contains(r),
            ErrorTarget::Operation(k) => s.disabled_ops.contains(k),
            ErrorTarget::Bug(p) => {
                self.config.ok_repairs_bug
                    && self.mode == Mode::Cooperative
                    && (1..=self.slots).contains(&p)
                    && s.queue[usize::from(p - 1)] == Slot::Bug
            }
        }
    }

    /// Repairs one error: the register or kind works again, or the Bug
    /// position becomes Empty (M-28).
    pub(crate) fn repair(&self, s: &mut State, t: ErrorTarget) {
        match t {
            ErrorTarget::Register(r) => s.disabled_regs = s.disabled_regs.without(r),
            ErrorTarget::Operation(k) => s.disabled_ops = s.disabled_ops.without(k),
            ErrorTarget::Bug(p) => {
                if let Some(slot) = s.queue.get_mut(usize::from(p).wrapping_sub(1)) {
                    *slot = Slot::Empty;
                }
            }
        }
    }
}
