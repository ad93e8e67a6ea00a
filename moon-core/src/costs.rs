//! Costs of operations (M-11) and the hackers that change them (M-44, M-45).

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::energy::Energy;
use crate::ops::OpKind;

/// Which game is played: the cooperative/solo game or the competitive one.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum Mode {
    /// The team against the goal queue (M-17..M-36).
    #[default]
    Cooperative,
    /// 2 to 4 seats race for hidden goals (M-38..M-43).
    Competitive,
}

/// One cost per operation kind (M-11). In a config every cost is 1 to 40
/// half-units (see [`crate::limits::COST`]).
///
/// In JSON it is a map from kind to half-units that must name all 17
/// kinds: `{"Inc": 4, "Dec": 4, ...}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CostTable(pub [Energy; OpKind::COUNT]);

impl CostTable {
    /// The default column of a mode (M-11).
    #[must_use]
    pub const fn for_mode(mode: Mode) -> CostTable {
        let coop = matches!(mode, Mode::Cooperative);
        // Order of OpKind::ALL: INC DEC ROL ROR NOT SHL SHR MOV OR AND XOR
        // NOR NAND XNOR ADD SUB XCHG.
        CostTable([
            Energy(4),
            Energy(4),
            Energy(2),
            Energy(2),
            Energy(2),
            Energy(2),
            Energy(2),
            Energy(if coop { 2 } else { 1 }),
            Energy(1),
            Energy(1),
            Energy(1),
            Energy(2),
            Energy(2),
            Energy(2),
            Energy(3),
            Energy(3),
            Energy(if coop { 4 } else { 2 }),
        ])
    }

    /// The mode's column with NOR and XNOR at 0.5, as some card art shows (A-3).
    #[must_use]
    pub const fn card_art(mode: Mode) -> CostTable {
        let mut t = CostTable::for_mode(mode);
        t.0[OpKind::Nor.index()] = Energy(1);
        t.0[OpKind::Xnor.index()] = Energy(1);
        t
    }

    /// The cost of a kind.
    #[must_use]
    pub const fn get(&self, kind: OpKind) -> Energy {
        self.0[kind.index()]
    }

    /// Sets the cost of a kind.
    pub fn set(&mut self, kind: OpKind, cost: Energy) {
        self.0[kind.index()] = cost;
    }

    /// The cheapest cost in the table.
    #[must_use]
    pub fn min(&self) -> Energy {
        self.0.iter().copied().min().unwrap_or(Energy::ZERO)
    }
}

impl Serialize for CostTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<OpKind, Energy> =
            OpKind::ALL.iter().map(|k| (*k, self.get(*k))).collect();
        map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for CostTable {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<OpKind, Energy>::deserialize(deserializer)?;
        let mut table = CostTable([Energy::ZERO; OpKind::COUNT]);
        for k in OpKind::ALL {
            let cost = map
                .get(&k)
                .ok_or_else(|| D::Error::custom(format_args!("cost table misses {k:?}")))?;
            table.set(k, *cost);
        }
        Ok(table)
    }
}

/// A hacker card (M-44): each colour changes some costs for its seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Hacker {
    /// INC and DEC cost 1.
    Green,
    /// ROL and ROR cost 0.5.
    Yellow,
    /// The first `purple_free_movs` MOVs of a turn are free.
    Purple,
    /// The first `red_free_logic` OR/AND/XOR of a turn are free.
    Red,
}

impl Hacker {
    /// The cost of `kind` for this hacker before free uses (M-44): the
    /// discount applies only to its kinds, and a lower table cost wins.
    #[must_use]
    pub fn discounted(self, kind: OpKind, base: Energy) -> Energy {
        match (self, kind) {
            (Hacker::Green, OpKind::Inc | OpKind::Dec) => base.min(Energy(2)),
            (Hacker::Yellow, OpKind::Rol | OpKind::Ror) => base.min(Energy(1)),
            _ => base,
        }
    }

    /// True when `kind` can use this hacker's free uses (M-45).
    #[must_use]
    pub fn free_kind(self, kind: OpKind) -> bool {
        matches!(
            (self, kind),
            (Hacker::Purple, OpKind::Mov) | (Hacker::Red, OpKind::Or | OpKind::And | OpKind::Xor)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m11_default_columns() {
        let coop = CostTable::for_mode(Mode::Cooperative);
        let comp = CostTable::for_mode(Mode::Competitive);
        assert_eq!(coop.get(OpKind::Mov), Energy(2));
        assert_eq!(comp.get(OpKind::Mov), Energy(1));
        assert_eq!(coop.get(OpKind::Xchg), Energy(4));
        assert_eq!(comp.get(OpKind::Xchg), Energy(2));
        assert_eq!(coop.get(OpKind::Add), Energy(3));
        assert_eq!(
            CostTable::card_art(Mode::Cooperative).get(OpKind::Nor),
            Energy(1)
        );
        assert_eq!(
            CostTable::card_art(Mode::Cooperative).get(OpKind::Nand),
            Energy(2)
        );
    }

    #[test]
    fn cost_tables_read_back_and_need_every_kind() {
        let t = CostTable::for_mode(Mode::Competitive);
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<CostTable>(&json).unwrap(), t);
        assert!(serde_json::from_str::<CostTable>(r#"{"Inc": 2}"#).is_err());
    }

    #[test]
    fn m44_discounts_apply_only_to_their_kinds() {
        assert_eq!(Hacker::Green.discounted(OpKind::Inc, Energy(4)), Energy(2));
        assert_eq!(Hacker::Green.discounted(OpKind::Add, Energy(3)), Energy(3));
        assert_eq!(Hacker::Yellow.discounted(OpKind::Ror, Energy(2)), Energy(1));
        assert_eq!(Hacker::Yellow.discounted(OpKind::Shl, Energy(2)), Energy(2));
        // A lower custom cost wins.
        assert_eq!(Hacker::Green.discounted(OpKind::Dec, Energy(1)), Energy(1));
        assert!(Hacker::Red.free_kind(OpKind::Xor) && !Hacker::Red.free_kind(OpKind::Nor));
    }
}
