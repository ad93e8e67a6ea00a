//! The playable operation forms sorted once per config by the registers
//! they use, so listing, counting or picking the legal operations of a
//! turn (M-12 rules 2–4) reads a table instead of testing every form.

use crate::moon::OpInfo;
use crate::ops::{OpKind, OpSet, Operation};

/// Masks of disabled registers: A to D, four bits.
const MASKS: usize = 16;

/// A run of forms of one kind, consecutive in a filtered list.
#[derive(Clone, Copy, Debug)]
struct Run {
    kind: OpKind,
    start: u16,
    len: u16,
}

/// For each mask of disabled registers, the forms that use none of them
/// (ascending, as listed) cut into runs of one kind: a kind is legal or
/// not as a whole (permitted, not disabled, affordable), so a turn's
/// operations are the runs of the kinds it allows.
#[derive(Clone, Debug)]
pub(crate) struct FormTable {
    forms: [Vec<Operation>; MASKS],
    runs: [Vec<Run>; MASKS],
}

impl FormTable {
    /// The table of `forms` (ascending, as `Moon::forms`).
    pub(crate) fn new(forms: &[OpInfo]) -> FormTable {
        let mut table = FormTable {
            forms: Default::default(),
            runs: Default::default(),
        };
        for mask in 0..MASKS {
            let list = &mut table.forms[mask];
            let runs = &mut table.runs[mask];
            for info in forms.iter().filter(|f| f.regs.0 & mask as u8 == 0) {
                match runs.last_mut() {
                    Some(run) if run.kind == info.kind => run.len += 1,
                    Some(_) | None => runs.push(Run {
                        kind: info.kind,
                        start: list.len() as u16,
                        len: 1,
                    }),
                }
                list.push(info.op);
            }
        }
        table
    }

    fn runs(&self, disabled_regs: u8, kinds: OpSet) -> impl Iterator<Item = &Run> {
        let mask = usize::from(disabled_regs) % MASKS;
        self.runs[mask]
            .iter()
            .filter(move |r| kinds.contains(r.kind))
    }

    fn list(&self, disabled_regs: u8) -> &[Operation] {
        &self.forms[usize::from(disabled_regs) % MASKS]
    }

    /// How many forms of the `kinds` use no register of `disabled_regs`.
    pub(crate) fn count(&self, disabled_regs: u8, kinds: OpSet) -> usize {
        self.runs(disabled_regs, kinds)
            .map(|r| usize::from(r.len))
            .sum()
    }

    /// The `i`-th of the forms [`FormTable::count`] counts, ascending.
    pub(crate) fn nth(&self, disabled_regs: u8, kinds: OpSet, mut i: usize) -> Option<Operation> {
        let list = self.list(disabled_regs);
        for run in self.runs(disabled_regs, kinds) {
            let len = usize::from(run.len);
            if i < len {
                return list.get(usize::from(run.start) + i).copied();
            }
            i -= len;
        }
        None
    }

    /// Appends the forms [`FormTable::count`] counts, ascending, each
    /// made an action by `wrap`.
    pub(crate) fn extend<A>(
        &self,
        disabled_regs: u8,
        kinds: OpSet,
        out: &mut Vec<A>,
        wrap: impl Fn(Operation) -> A,
    ) {
        let list = self.list(disabled_regs);
        for run in self.runs(disabled_regs, kinds) {
            let start = usize::from(run.start);
            let forms = &list[start..start + usize::from(run.len)];
            out.extend(forms.iter().map(|&op| wrap(op)));
        }
    }
}
