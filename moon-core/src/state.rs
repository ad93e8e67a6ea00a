//! The full position of a MOON game: plain data, no heap, cheap to clone.

use serde::{Deserialize, Serialize};

use crate::cards::{Half, Pool};
use crate::energy::Energy;
use crate::goal_cards::GoalCards;
use crate::ops::{OpKind, OpSet};
use crate::register::RegSet;
use game_core::{BySeat, Seat, SeatSet, StateError};

/// The most seats a table has.
pub const MAX_SEATS: usize = 4;
/// The most queue positions (`slots` ≤ 8).
pub const MAX_SLOTS: usize = 8;

/// One position of the cooperative queue (M-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Slot {
    /// Nothing here.
    #[default]
    Empty,
    /// An unseen card: pending, its face fixed only when revealed (M-50).
    FaceDown,
    /// A revealed goal card: pending. `partner` is the second card of a
    /// DeckPartner wide goal once drawn, or the virtual card that completes
    /// a lone QueuePairs half (M-35, M-36); `None` otherwise.
    Goal {
        /// The revealed card's 4-bit value.
        card: u8,
        /// The completing card, if any.
        partner: Option<Half>,
    },
    /// A revealed BUG: blocks the position for good (M-20).
    Bug,
}

impl Slot {
    /// True for FaceDown and FaceUp goal cards (M-19).
    #[must_use]
    pub const fn is_pending(self) -> bool {
        matches!(self, Slot::FaceDown | Slot::Goal { .. })
    }
}

/// A competitive seat's goal (M-37, M-38): its first and second card (the
/// second only when wide) and who has been shown it (M-42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Held {
    /// The first goal card drawn.
    pub first: Option<u8>,
    /// The second card of a wide goal.
    pub second: Option<Half>,
    /// Seats shown this goal by a BUG; [`SeatSet::ALL`] = everyone
    /// (`ToAll`). Written as its bits, as before the set existed.
    #[serde(with = "game_core::seat_set_bits")]
    pub known_by: SeatSet,
}

impl Held {
    /// True when a `ToAll` BUG showed this goal to everyone (M-42): seat 7
    /// is at no table (at most four play), so only [`SeatSet::ALL`] holds it.
    #[must_use]
    pub fn shown_to_all(&self) -> bool {
        self.known_by.contains(Seat(7))
    }
}

/// Extra-operation tokens per kind (M-47).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tokens(pub [u8; OpKind::COUNT]);

impl Tokens {
    /// How many tokens of `kind`.
    #[must_use]
    pub const fn count(&self, kind: OpKind) -> u8 {
        self.0[kind.index()]
    }

    /// True when there is no token.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// Cooperative `CopyGoals`: this many register cards are still to draw.
    Copying(u8),
    /// Setup fill (coop, M-23) or the first goal draws (competitive, M-18).
    Setup,
    /// Rounds are being played.
    Play,
    /// The team won (M-30).
    Won,
    /// The team lost (M-31).
    Lost,
    /// The competitive game is over (M-41).
    Ended,
}

impl Phase {
    /// True once the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, Phase::Won | Phase::Lost | Phase::Ended)
    }
}

/// The chance node waiting to be resolved (M-50).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Draw {
    /// A `CopyGoals` register card (goal cards only).
    Copy,
    /// The reveal of the FaceDown card at this queue position.
    Reveal(u8),
    /// A DeckPartner partner for the goal at this position.
    Partner(u8),
    /// A competitive draw for this seat.
    Seat(Seat),
}

/// A MOON position, hidden parts included (but never an unseen card's face).
///
/// Deserializing checks what needs no rules object (the per-seat tables
/// agree in length, seats are inside them): a file is read as its serde
/// shape and turned into a `State` by a `TryFrom` that runs
/// [`State::check_structure`], as in every game crate;
/// [`game_core::Game::check_state`] checks the rest against the config. The flow flags (`armed`, `checking`,
/// `end_triggered`, `pending`, `ok_chooser`) are documented invariants
/// that `check_state` holds to the phase and mode: a state the rules
/// would still act on is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "StateData")]
pub struct State {
    /// Where the game stands.
    pub phase: Phase,
    /// The round, from 1.
    pub round: u16,
    /// The seat whose turn it is (seat 0 under SharedPool).
    pub turn: Seat,
    /// A, B, C, D.
    pub regs: [u8; 4],
    /// One RAM per owner (competitive seats; coop with `coop_ram`); empty otherwise.
    pub rams: BySeat<u8, MAX_SEATS>,
    /// Registers disabled by ERROR cards.
    pub disabled_regs: RegSet,
    /// Kinds disabled by ERROR cards.
    pub disabled_ops: OpSet,
    /// Energy left to the acting seat this turn.
    pub energy: Energy,
    /// Purple's free MOVs used this turn.
    pub free_movs: u8,
    /// Red's free OR/AND/XOR used this turn.
    pub free_logic: u8,
    /// Tokens per holder: the team (one entry) or each competitive seat.
    pub tokens: BySeat<Tokens, MAX_SEATS>,
    /// Goals solved: the team (one entry) or each competitive seat.
    pub scores: BySeat<u8, MAX_SEATS>,
    /// The unseen cards.
    pub pool: Pool,
    /// Goal values seen face up (solved, discarded and register cards):
    /// bit v set when at least one copy of v is here.
    pub discard: u16,
    /// With two boxes (widths 7–8, M-6): bit v set when both copies of v
    /// are here. Always within `discard`; 0 with one box.
    #[serde(skip_serializing_if = "crate::cards::is_zero")]
    pub discard_second: u16,
    /// The chance node waiting, if any.
    pub pending: Option<Draw>,
    /// The seat that must choose what a pending OK repairs (M-28).
    pub ok_chooser: Option<Seat>,
    /// Coop `AfterOperation`/`AfterOpOnA`: the next solve check may solve (M-26).
    pub armed: bool,
    /// Competitive: a goal check is running for the acting seat (M-40).
    pub checking: bool,
    /// The cooperative queue, position p at index p − 1; unused positions Empty.
    pub queue: [Slot; MAX_SLOTS],
    /// Each competitive seat's goal.
    pub goals: BySeat<Held, MAX_SEATS>,
    /// BUG cards each competitive seat holds (public).
    pub bugs_held: BySeat<u8, MAX_SEATS>,
    /// Competitive: the last goal card has left the deck (M-41).
    pub end_triggered: bool,
}

impl State {
    /// The goal cards seen face up, as a multiset.
    #[must_use]
    pub const fn discarded(&self) -> GoalCards {
        GoalCards::from_planes(self.discard, self.discard_second)
    }

    /// Puts a goal card of value `v` on the face-up discard.
    pub fn discard_card(&mut self, v: u8) {
        let mut cards = self.discarded();
        cards.add(v & 0xF);
        (self.discard, self.discard_second) = cards.planes();
    }
}

/// The serde shape of [`State`]: what a file holds before it is checked
/// ([`State::check_structure`], in `validate.rs`) and becomes a `State`.
#[derive(Deserialize)]
#[serde(rename = "State", deny_unknown_fields)]
struct StateData {
    phase: Phase,
    round: u16,
    turn: Seat,
    regs: [u8; 4],
    rams: BySeat<u8, MAX_SEATS>,
    disabled_regs: RegSet,
    disabled_ops: OpSet,
    energy: Energy,
    free_movs: u8,
    free_logic: u8,
    tokens: BySeat<Tokens, MAX_SEATS>,
    scores: BySeat<u8, MAX_SEATS>,
    pool: Pool,
    discard: u16,
    #[serde(default)]
    discard_second: u16,
    pending: Option<Draw>,
    ok_chooser: Option<Seat>,
    armed: bool,
    checking: bool,
    queue: [Slot; MAX_SLOTS],
    goals: BySeat<Held, MAX_SEATS>,
    bugs_held: BySeat<u8, MAX_SEATS>,
    end_triggered: bool,
}

impl TryFrom<StateData> for State {
    type Error = StateError;

    fn try_from(d: StateData) -> Result<State, StateError> {
        let s = State {
            phase: d.phase,
            round: d.round,
            turn: d.turn,
            regs: d.regs,
            rams: d.rams,
            disabled_regs: d.disabled_regs,
            disabled_ops: d.disabled_ops,
            energy: d.energy,
            free_movs: d.free_movs,
            free_logic: d.free_logic,
            tokens: d.tokens,
            scores: d.scores,
            pool: d.pool,
            discard: d.discard,
            discard_second: d.discard_second,
            pending: d.pending,
            ok_chooser: d.ok_chooser,
            armed: d.armed,
            checking: d.checking,
            queue: d.queue,
            goals: d.goals,
            bugs_held: d.bugs_held,
            end_triggered: d.end_triggered,
        };
        s.check_structure()?;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;

    #[test]
    fn states_and_actions_stay_small() {
        // Heap-free and cheap to copy: the bench clones it in ~35 ns.
        let state = std::mem::size_of::<State>();
        let action = std::mem::size_of::<Action>();
        assert!(state <= 200, "State is {state} bytes");
        assert!(action <= 8, "Action is {action} bytes");
    }
}
