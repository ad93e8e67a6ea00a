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
    /// The kind's bit in an [`OpSet`].
    bit: u32,
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
    /// Per mask, the forms of each kind (by kind index), for counting.
    counts: [[u8; OpKind::COUNT]; MASKS],
}

impl FormTable {
    /// The table of `forms` (ascending, as `Moon::forms`).
    pub(crate) fn new(forms: &[OpInfo]) -> FormTable {
        let mut table = FormTable {
            forms: Default::default(),
            runs: Default::default(),
            counts: [[0; OpKind::COUNT]; MASKS],
        };
        for mask in 0..MASKS {
            let list = &mut table.forms[mask];
            let runs = &mut table.runs[mask];
            for info in forms.iter().filter(|f| f.regs.0 & mask as u8 == 0) {
                let bit = OpSet::EMPTY.with(info.kind).0;
                match runs.last_mut() {
                    Some(run) if run.bit == bit => run.len += 1,
                    Some(_) | None => runs.push(Run {
                        bit,
                        start: list.len() as u16,
                        len: 1,
                    }),
                }
                list.push(info.op);
                let count = &mut table.counts[mask][info.kind.index()];
                *count = count.saturating_add(1);
            }
        }
        table
    }

    fn runs(&self, disabled_regs: u8, kinds: OpSet) -> impl Iterator<Item = &Run> {
        let mask = usize::from(disabled_regs) % MASKS;
        self.runs[mask].iter().filter(move |r| kinds.0 & r.bit != 0)
    }

    fn list(&self, disabled_regs: u8) -> &[Operation] {
        &self.forms[usize::from(disabled_regs) % MASKS]
    }

    /// How many forms of the `kinds` use no register of `disabled_regs`.
    pub(crate) fn count(&self, disabled_regs: u8, kinds: OpSet) -> usize {
        let counts = &self.counts[usize::from(disabled_regs) % MASKS];
        let mut rest = kinds.0;
        let mut n = 0;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            n += counts.get(k).map_or(0, |&c| usize::from(c));
        }
        n
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
