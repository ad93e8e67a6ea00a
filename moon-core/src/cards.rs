//! Cards: goals, BUGs and events (M-2..M-4), wide-goal composition (M-34),
//! and the unseen pool that chance draws from (M-50).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::goal_cards::GoalCards;
use crate::ops::OpKind;
use crate::register::{Reg, bits};
use game_core::GameRng;

game_core::enum_table! {
    /// The 14 kinds of event card (M-4), in the order the rules list them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub enum EventKind {
        /// A := 0.
        ResetA,
        /// B := 0.
        ResetB,
        /// C := 0.
        ResetC,
        /// D := 0.
        ResetD,
        /// B is disabled.
        ErrorB,
        /// C is disabled.
        ErrorC,
        /// D is disabled.
        ErrorD,
        /// ROL is disabled.
        ErrorRol,
        /// NOT is disabled.
        ErrorNot,
        /// XOR is disabled.
        ErrorXor,
        /// Repairs one active error.
        Ok,
        /// Clears the bit of weight 2 in A–D (Kickstarter).
        Reset2,
        /// Clears the bit of weight 4 in A–D (Kickstarter).
        Reset4,
        /// Clears the bit of weight 8 in A–D (Kickstarter).
        Reset8,
    }
}

impl EventKind {
    /// The register an `ERROR X` card disables, if it is one.
    #[must_use]
    pub const fn error_register(self) -> Option<Reg> {
        match self {
            EventKind::ErrorB => Some(Reg::B),
            EventKind::ErrorC => Some(Reg::C),
            EventKind::ErrorD => Some(Reg::D),
            EventKind::ResetA
            | EventKind::ResetB
            | EventKind::ResetC
            | EventKind::ResetD
            | EventKind::ErrorRol
            | EventKind::ErrorNot
            | EventKind::ErrorXor
            | EventKind::Ok
            | EventKind::Reset2
            | EventKind::Reset4
            | EventKind::Reset8 => None,
        }
    }

    /// The kind an `ERROR op` card disables, if it is one.
    #[must_use]
    pub const fn error_op(self) -> Option<OpKind> {
        match self {
            EventKind::ErrorRol => Some(OpKind::Rol),
            EventKind::ErrorNot => Some(OpKind::Not),
            EventKind::ErrorXor => Some(OpKind::Xor),
            EventKind::ResetA
            | EventKind::ResetB
            | EventKind::ResetC
            | EventKind::ResetD
            | EventKind::ErrorB
            | EventKind::ErrorC
            | EventKind::ErrorD
            | EventKind::Ok
            | EventKind::Reset2
            | EventKind::Reset4
            | EventKind::Reset8 => None,
        }
    }

    /// The card's title: `"RESET A"`, `"ERROR XOR"`, `"OK"`, `"RESET 4"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EventKind::ResetA => "RESET A",
            EventKind::ResetB => "RESET B",
            EventKind::ResetC => "RESET C",
            EventKind::ResetD => "RESET D",
            EventKind::ErrorB => "ERROR B",
            EventKind::ErrorC => "ERROR C",
            EventKind::ErrorD => "ERROR D",
            EventKind::ErrorRol => "ERROR ROL",
            EventKind::ErrorNot => "ERROR NOT",
            EventKind::ErrorXor => "ERROR XOR",
            EventKind::Ok => "OK",
            EventKind::Reset2 => "RESET 2",
            EventKind::Reset4 => "RESET 4",
            EventKind::Reset8 => "RESET 8",
        }
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The base event deck (M-4): one of each kind but the column resets, OK
/// four times; 14 cards.
pub const BASE_EVENTS: [EventKind; 14] = [
    EventKind::ResetA,
    EventKind::ResetB,
    EventKind::ResetC,
    EventKind::ResetD,
    EventKind::ErrorB,
    EventKind::ErrorC,
    EventKind::ErrorD,
    EventKind::ErrorRol,
    EventKind::ErrorNot,
    EventKind::ErrorXor,
    EventKind::Ok,
    EventKind::Ok,
    EventKind::Ok,
    EventKind::Ok,
];

/// [`BASE_EVENTS`] plus the Kickstarter `RESET 2/4/8` (M-4); 17 cards.
pub const ALL_EVENTS: [EventKind; 17] = [
    EventKind::ResetA,
    EventKind::ResetB,
    EventKind::ResetC,
    EventKind::ResetD,
    EventKind::ErrorB,
    EventKind::ErrorC,
    EventKind::ErrorD,
    EventKind::ErrorRol,
    EventKind::ErrorNot,
    EventKind::ErrorXor,
    EventKind::Ok,
    EventKind::Ok,
    EventKind::Ok,
    EventKind::Ok,
    EventKind::Reset2,
    EventKind::Reset4,
    EventKind::Reset8,
];

/// A card face, the outcome of every chance node (M-50).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Card {
    /// A goal card with its 4-bit value (M-2).
    Goal(u8),
    /// A BUG card (M-3).
    Bug,
    /// An event card (M-4).
    Event(EventKind),
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Goal(v) => write!(f, "{}", bits(*v, 4)),
            Card::Bug => f.write_str("BUG"),
            Card::Event(k) => write!(f, "{k}"),
        }
    }
}

/// One half of a wide goal: a real goal card or the virtual `0000` card
/// (M-34) used when the deck runs out during a completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Half {
    /// A goal card's 4-bit value.
    Card(u8),
    /// The virtual card, worth `0000`; never earns a token.
    Virtual,
}

impl Half {
    /// The 4-bit value (0 for the virtual card).
    #[must_use]
    pub const fn value(self) -> u8 {
        match self {
            Half::Card(v) => v,
            Half::Virtual => 0,
        }
    }

    /// The real card's value, `None` for the virtual card.
    #[must_use]
    pub const fn card(self) -> Option<u8> {
        match self {
            Half::Card(v) => Some(v),
            Half::Virtual => None,
        }
    }
}

/// The goal value of high card `high` and low card `low` at `width` bits
/// (M-34): the low `width − 4` bits of `high` above the 4 bits of `low`.
/// At width 4 it is just `low`.
#[must_use]
pub const fn compose_goal(width: u8, high: u8, low: u8) -> u8 {
    let extra = width.saturating_sub(4);
    if extra == 0 {
        return low & 0xF;
    }
    let high_mask = (1u8 << extra) - 1;
    ((high & high_mask) << 4) | (low & 0xF)
}

/// The cards nobody has seen (M-50), as counts: the unseen pool P and the
/// multiset U of goal cards nobody has seen or holds.
///
/// Cooperative P is the deck plus the FaceDown queue cards; competitive P
/// is the deck. U also holds the goal cards set aside by `goal_deck_size`,
/// so `|U| − goals` of them are out of play. Card identities are fixed only
/// when drawn, so a state never stores a future nobody could know.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    /// U: bit v set when at least one copy of goal value v is unseen (in P
    /// or set aside).
    pub unseen_goals: u16,
    /// U with two boxes (widths 7–8, M-6): bit v set when the second copy
    /// of v is unseen too. Always within `unseen_goals`; 0 with one box.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unseen_second: u16,
    /// g: goal cards in P.
    pub goals: u8,
    /// BUG cards in P.
    pub bugs: u8,
    /// Event cards in P, per kind (index [`EventKind::index`]).
    pub events: [u8; EventKind::COUNT],
}

/// Leaves a one-box plane out of JSON, so such states read as before.
pub(crate) const fn is_zero(plane: &u16) -> bool {
    *plane == 0
}

impl Pool {
    /// How many cards P holds.
    #[must_use]
    pub fn total(&self) -> u32 {
        u32::from(self.goals)
            + u32::from(self.bugs)
            + self.events.iter().map(|&n| u32::from(n)).sum::<u32>()
    }

    /// U, the unseen goal cards, as a multiset.
    #[must_use]
    pub const fn unseen(&self) -> GoalCards {
        GoalCards::from_planes(self.unseen_goals, self.unseen_second)
    }

    /// Replaces U.
    pub const fn set_unseen(&mut self, cards: GoalCards) {
        (self.unseen_goals, self.unseen_second) = cards.planes();
    }

    /// |U|: unseen goal cards, each copy counted.
    #[must_use]
    pub const fn unseen_values(&self) -> u32 {
        self.unseen().len()
    }

    /// Fills `out` (cleared first) with the draw outcomes and weights of
    /// M-50: each goal value v of U weighs g·m_v (m_v its unseen copies),
    /// each other kind `c_k·|U|`, all divided by their greatest common
    /// divisor, zeros dropped. With `goals_only`, only goal values are
    /// drawn (a `CopyGoals` draw).
    ///
    /// When P holds no goal card the non-goal kinds weigh `c_k` (the M-50
    /// formula would give every outcome weight 0 once |U| = 0, and gives
    /// the same odds otherwise).
    pub fn outcomes(&self, goals_only: bool, out: &mut Vec<(Card, u32)>) {
        out.clear();
        let (list, n, d) = self.outcome_table(goals_only);
        out.extend(list[..n].iter().map(|&(card, w)| (card, w / d)));
    }

    /// The outcome [`Pool::outcomes`] lists that `rng.pick` draws, with
    /// the same use of `rng`, without a list and without dividing each
    /// weight. `rng.pick` draws t below the divided total and takes the
    /// first outcome whose running weight passes t, which is where the
    /// undivided running weight passes t·d. The goal values' weights
    /// total g·|U| (M-50), so the walk enters them only when t·d falls
    /// there.
    pub fn random_outcome(&self, goals_only: bool, rng: &mut GameRng) -> Option<Card> {
        let (once, twice) = self.unseen().planes();
        let u = once.count_ones() + twice.count_ones();
        let g = u32::from(self.goals);
        let goal_total = g * u;
        // The goal weights are g·m_v with m_v 1 or 2.
        let mut d = match goal_total {
            0 => 0,
            _ if twice == once => 2 * g,
            _ => g,
        };
        let factor = if g > 0 { u } else { 1 };
        let mut others = 0;
        if !goals_only {
            // gcd(f·a, f·b) = f·gcd(a, b): the other kinds' divisor.
            let mut counts_gcd = u32::from(self.bugs);
            others = u32::from(self.bugs);
            for &c in &self.events {
                counts_gcd = gcd(counts_gcd, u32::from(c));
                others += u32::from(c);
            }
            d = gcd(d, counts_gcd * factor);
        }
        let total = u64::from(goal_total) + u64::from(others) * u64::from(factor);
        if total == 0 {
            return None;
        }
        let d = u64::from(d.max(1));
        let mut target = rng.below_u64(total / d) * d;
        if target < u64::from(goal_total) {
            let mut values = once;
            while values != 0 {
                let v = values.trailing_zeros() as u8;
                values &= values - 1;
                let w = u64::from(g * (1 + u32::from((twice >> v) & 1)));
                if target < w {
                    return Some(Card::Goal(v));
                }
                target -= w;
            }
            return None;
        }
        target -= u64::from(goal_total);
        let bugs = u64::from(self.bugs) * u64::from(factor);
        if target < bugs {
            return Some(Card::Bug);
        }
        target -= bugs;
        for k in EventKind::ALL {
            let w = u64::from(self.events[k.index()]) * u64::from(factor);
            if target < w {
                return Some(Card::Event(k));
            }
            target -= w;
        }
        None
    }

    /// The outcomes of [`Pool::outcomes`] in a fixed array, their count,
    /// and the weights' greatest common divisor (not yet divided out).
    fn outcome_table(&self, goals_only: bool) -> ([(Card, u32); OUTCOMES], usize, u32) {
        let mut out = [(Card::Bug, 0); OUTCOMES];
        let mut n = 0;
        let (once, twice) = self.unseen().planes();
        let u = once.count_ones() + twice.count_ones();
        let g = u32::from(self.goals);
        // d: the greatest common divisor of the weights pushed so far.
        let mut d = 0;
        if g > 0 && once != 0 {
            // Goal values in rising order, walked by their bits: v weighs
            // g·m_v with m_v 1 or 2, so the goal weights' divisor is g
            // unless every value has both copies.
            let mut values = once;
            while values != 0 {
                let v = values.trailing_zeros() as u8;
                values &= values - 1;
                out[n] = (Card::Goal(v), g * (1 + u32::from((twice >> v) & 1)));
                n += 1;
            }
            d = if twice == once { 2 * g } else { g };
        }
        if !goals_only {
            let factor = if g > 0 { u } else { 1 };
            let mut push = |card, w| {
                out[n] = (card, w);
                n += 1;
                // Once the divisor is 1 no weight can change it.
                if d != 1 {
                    d = gcd(d, w);
                }
            };
            if self.bugs > 0 {
                push(Card::Bug, u32::from(self.bugs) * factor);
            }
            for k in EventKind::ALL {
                let c = self.events[k.index()];
                if c > 0 {
                    push(Card::Event(k), u32::from(c) * factor);
                }
            }
        }
        (out, n, d.max(1))
    }

    /// True when `card` is a possible outcome (positive weight) of a draw.
    #[must_use]
    pub fn can_draw(&self, card: Card, goals_only: bool) -> bool {
        match card {
            Card::Goal(v) => self.goals > 0 && self.unseen().copies(v) > 0,
            Card::Bug => !goals_only && self.bugs > 0,
            Card::Event(k) => !goals_only && self.events[k.index()] > 0,
        }
    }

    /// Removes a drawn card from P (a copy of its goal value leaves U).
    /// The caller checks [`Pool::can_draw`] first.
    pub fn take(&mut self, card: Card) {
        match card {
            Card::Goal(v) => {
                let mut unseen = self.unseen();
                unseen.remove(v);
                self.set_unseen(unseen);
                self.goals = self.goals.saturating_sub(1);
            }
            Card::Bug => self.bugs = self.bugs.saturating_sub(1),
            Card::Event(k) => {
                let c = &mut self.events[k.index()];
                *c = c.saturating_sub(1);
            }
        }
    }
}

/// Distinct draw outcomes at most: 16 goal values, BUG, each event kind.
const OUTCOMES: usize = 16 + 1 + EventKind::COUNT;

const fn gcd(a: u32, b: u32) -> u32 {
    let (mut a, mut b) = (a, b);
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(h: &str, l: &str, n: u8) -> String {
        let h = crate::register::parse_bits(h).unwrap().0;
        let l = crate::register::parse_bits(l).unwrap().0;
        bits(compose_goal(n, h, l), n)
    }

    #[test]
    fn w2_goal_composition() {
        assert_eq!(g("1011", "0110", 6), "110110", "G-1");
        assert_eq!(g("0100", "1111", 6), "001111", "G-2");
        assert_eq!(g("1110", "0001", 6), "100001", "G-3");
        assert_eq!(g("1011", "0110", 5), "10110", "G-4");
        assert_eq!(g("0110", "1001", 5), "01001", "G-5");
        assert_eq!(g("1010", "0101", 7), "0100101", "G-6");
        assert_eq!(g("1010", "0101", 8), "10100101", "G-7");
    }

    /// `random_outcome` walks the M-50 weights without a list; it must
    /// draw what `rng.pick` draws from the list, leaving the rng in the
    /// same place, for every kind of pool (one and two boxes, goals only).
    #[test]
    fn random_outcome_draws_what_the_listed_pick_draws() {
        let mut shape = GameRng::new(1);
        let mut out = Vec::new();
        for case in 0..4000u64 {
            let once = shape.next_u32() as u16 & [0xFFFF, 0x00F3, 0x0001, 0][case as usize % 4];
            let twice = match case % 3 {
                0 => once,
                1 => 0,
                _ => once & shape.next_u32() as u16,
            };
            let mut pool = Pool {
                unseen_goals: once,
                unseen_second: twice,
                goals: (shape.below(4) as u8).min(once.count_ones() as u8),
                bugs: shape.below(3) as u8 * 2,
                ..Pool::default()
            };
            for k in EventKind::ALL {
                pool.events[k.index()] = [0, 0, 2, 4][shape.below(4) as usize];
            }
            for goals_only in [false, true] {
                pool.outcomes(goals_only, &mut out);
                let mut a = GameRng::new(case);
                let mut b = a.clone();
                let want = a.pick(&out).copied();
                let got = pool.random_outcome(goals_only, &mut b);
                assert_eq!(want, got, "{pool:?} goals only {goals_only}");
                assert_eq!(a.next_u64(), b.next_u64(), "{pool:?}");
            }
        }
    }

    #[test]
    fn m50_weights_reduce_to_one_per_goal_without_set_aside_cards() {
        let mut pool = Pool {
            unseen_goals: 0b1011,
            goals: 3,
            bugs: 2,
            ..Pool::default()
        };
        pool.events[EventKind::Ok.index()] = 1;
        let mut out = Vec::new();
        pool.outcomes(false, &mut out);
        assert_eq!(
            out,
            vec![
                (Card::Goal(0), 1),
                (Card::Goal(1), 1),
                (Card::Goal(3), 1),
                (Card::Bug, 2),
                (Card::Event(EventKind::Ok), 1)
            ]
        );
    }

    #[test]
    fn m50_set_aside_cards_weigh_goal_values_by_g() {
        // 4 unseen values, 2 of them in the pool, 1 BUG: P(goal) = 2/3.
        let pool = Pool {
            unseen_goals: 0b1111,
            goals: 2,
            bugs: 1,
            ..Pool::default()
        };
        let mut out = Vec::new();
        pool.outcomes(false, &mut out);
        assert_eq!(out.iter().filter(|(c, _)| *c == Card::Bug).count(), 1);
        let goal_w: u32 = out
            .iter()
            .filter(|(c, _)| matches!(c, Card::Goal(_)))
            .map(|(_, w)| w)
            .sum();
        let bug_w: u32 = out
            .iter()
            .filter(|(c, _)| *c == Card::Bug)
            .map(|(_, w)| w)
            .sum();
        assert_eq!(goal_w, 2 * bug_w);
    }

    #[test]
    fn m50_two_boxes_weigh_a_value_by_its_unseen_copies() {
        // U = {0000 twice, 0001 once}, |U| = 3; g = 2 (one card set aside);
        // one BUG: 0000 weighs g·2, 0001 g·1, the BUG 1·|U|.
        let pool = Pool {
            unseen_goals: 0b11,
            unseen_second: 0b01,
            goals: 2,
            bugs: 1,
            ..Pool::default()
        };
        let mut out = Vec::new();
        pool.outcomes(false, &mut out);
        assert_eq!(
            out,
            vec![(Card::Goal(0), 4), (Card::Goal(1), 2), (Card::Bug, 3)]
        );
        let mut taken = pool;
        taken.take(Card::Goal(0));
        assert_eq!((taken.unseen().copies(0), taken.goals), (1, 1));
        assert!(taken.can_draw(Card::Goal(0), false));
    }
}
