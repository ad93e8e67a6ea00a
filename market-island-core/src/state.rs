//! The position: plain data, no RNG, no hash maps (MI-34, MI-35).

use serde::{Deserialize, Serialize};

use game_core::{BySeat, Deck, Seat, SeatSet, StateError};

use crate::config::MAX_SEATS;
use crate::{Card, Entry, Face, Knowledge, Ledger, Pile};

/// Where the game stands: the only places the engine stops are chance
/// nodes and decisions (MI-37).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// Chance: who starts (MI-6).
    StartSeat,
    /// Chance: the first winning card (MI-7).
    FirstWc,
    /// Chance: `seat` rolls the die (MI-9).
    Roll {
        /// The mover.
        seat: Seat,
    },
    /// Chance: `seat` draws its block card from an unseen part (MI-10).
    BlockDraw {
        /// The drawer.
        seat: Seat,
    },
    /// Chance: `seat` draws a mining card from the unseen part (MI-13).
    MiningDraw {
        /// The drawer.
        seat: Seat,
    },
    /// Decision: `seat` declines, mines or keeps one of two cards (MI-13, MI-39).
    Decide {
        /// The seat to act.
        seat: Seat,
    },
    /// Chance: one of the tied miners wins (MI-17, B-21).
    TieBreak {
        /// The tied seats.
        tied: SeatSet,
    },
    /// The game is over (MI-25).
    Over,
}

/// Why the game ended, checked in this order after a turn (MI-25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EndReason {
    /// No seat is active.
    AllEliminated,
    /// One seat is active.
    LastSurvivor,
    /// Nobody was eligible to mine this turn (B-8).
    NoEligibleMiner,
    /// The turn number reached `max_turns`.
    TurnLimit,
}

/// A card outside its pile together with who has seen it.
pub type Known<T> = (T, Knowledge);

/// One seat's part of the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatState {
    /// Istokens, an `i32` (B-22); under `EndOfTurn` it may go below 0
    /// during a turn (B-9), under `Immediate` only as an eliminated seat's
    /// frozen balance (MI-44).
    pub balance: i32,
    /// Square index of the pawn (frozen once eliminated).
    pub position: u8,
    /// Not eliminated.
    pub active: bool,
    /// The turn in which the seat was eliminated: at its end under
    /// `EndOfTurn`, during it under `Immediate` (MI-24, MI-44).
    pub eliminated_in: Option<u32>,
    /// Holds a Totem from an earlier turn: never eligible again (MI-22).
    pub possessed: bool,
    /// Landed on a Totem square this turn (MI-11).
    pub on_totem: bool,
    /// Eligible to mine this turn (MI-13), set when Phase 2 begins.
    pub eligible: bool,
    /// This turn's block card, once taken (MI-10).
    pub block: Option<Known<Card>>,
    /// Mining cards drawn and not yet decided on, in draw order.
    pub drawn: [Option<Known<Face>>; 2],
    /// How many mining cards the seat drew this turn (public).
    pub drew: u8,
    /// The mining card kept face down this turn (MI-13).
    pub kept: Option<Known<Face>>,
    /// Declined this turn.
    pub declined: bool,
}

impl SeatState {
    /// Drawn cards still in hand.
    #[must_use]
    pub fn drawn_count(&self) -> usize {
        self.drawn.iter().flatten().count()
    }
}

/// An action card held face up in front of a seat (MI-21, MI-22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Held {
    /// The holder.
    pub seat: Seat,
    /// The card (a Jellyfish or a Totem).
    pub card: Card,
    /// For a Jellyfish, the turn in which its holder may not mine.
    pub excluded_turn: Option<u32>,
}

/// The four piles: unseen multisets with known queues under them (MI-36).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piles {
    /// Income cards.
    pub income: Deck<Card, Knowledge>,
    /// Expense cards.
    pub expense: Deck<Card, Knowledge>,
    /// Action cards.
    pub action: Deck<Card, Knowledge>,
    /// Mining faces.
    pub mining: Deck<Face, Knowledge>,
}

impl Piles {
    /// The income, expense or action pile (the action pile for `Mining`,
    /// which holds faces: use `mining` for it).
    pub(crate) fn cards(&self, pile: Pile) -> &Deck<Card, Knowledge> {
        match pile {
            Pile::Income => &self.income,
            Pile::Expense => &self.expense,
            Pile::Action | Pile::Mining => &self.action,
        }
    }

    pub(crate) fn cards_mut(&mut self, pile: Pile) -> &mut Deck<Card, Knowledge> {
        match pile {
            Pile::Income => &mut self.income,
            Pile::Expense => &mut self.expense,
            Pile::Action | Pile::Mining => &mut self.action,
        }
    }
}

/// A Market Island position, hidden cards included.
///
/// Plain data: cloning copies the small per-seat table and the piles and
/// shares the ledger. Read it through the accessors; a state read from a
/// file is checked by [`game_core::Game::check_state`] (MI-43) after the
/// structural check that deserializing runs: a file is read as its serde
/// shape and turned into a `State` by a `TryFrom` that runs
/// [`State::check_structure`], as in every game crate.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "StateData")]
pub struct State {
    pub(crate) phase: Phase,
    pub(crate) turn: u32,
    pub(crate) start: Option<Seat>,
    pub(crate) seats: BySeat<SeatState, MAX_SEATS>,
    pub(crate) wc: Option<Face>,
    pub(crate) piles: Piles,
    pub(crate) held: Vec<Held>,
    pub(crate) no_eligible: bool,
    pub(crate) end: Option<EndReason>,
    pub(crate) ledger: Ledger,
    pub(crate) pending: Vec<Entry>,
}

/// The serde shape of [`State`]: what a file holds before it is checked
/// ([`State::check_structure`], in `validate.rs`) and becomes a `State`.
#[derive(Deserialize)]
#[serde(rename = "State", deny_unknown_fields)]
struct StateData {
    phase: Phase,
    turn: u32,
    start: Option<Seat>,
    seats: BySeat<SeatState, MAX_SEATS>,
    wc: Option<Face>,
    piles: Piles,
    held: Vec<Held>,
    no_eligible: bool,
    end: Option<EndReason>,
    ledger: Ledger,
    pending: Vec<Entry>,
}

impl TryFrom<StateData> for State {
    type Error = StateError;

    fn try_from(d: StateData) -> Result<State, StateError> {
        let s = State {
            phase: d.phase,
            turn: d.turn,
            start: d.start,
            seats: d.seats,
            wc: d.wc,
            piles: d.piles,
            held: d.held,
            no_eligible: d.no_eligible,
            end: d.end,
            ledger: d.ledger,
            pending: d.pending,
        };
        s.check_structure()?;
        Ok(s)
    }
}

impl State {
    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current turn, from 1 (0 during set-up).
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The start seat, once chosen (MI-6).
    #[must_use]
    pub fn start_seat(&self) -> Option<Seat> {
        self.start
    }

    /// How many seats.
    #[must_use]
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// One seat's part, or `None` for a seat not at the table.
    #[must_use]
    pub fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat)
    }

    /// Every seat's part, in seat order.
    #[must_use]
    pub fn seats(&self) -> &[SeatState] {
        self.seats.as_slice()
    }

    /// Every balance, in seat order.
    #[must_use]
    pub fn balances(&self) -> Vec<i32> {
        self.seats.as_slice().iter().map(|s| s.balance).collect()
    }

    /// The winning card the next block links to (after set-up).
    #[must_use]
    pub fn winning_card(&self) -> Option<Face> {
        self.wc
    }

    /// The four piles.
    #[must_use]
    pub fn piles(&self) -> &Piles {
        &self.piles
    }

    /// Held Jellyfish and Totem cards, in the order they were taken.
    #[must_use]
    pub fn held(&self) -> &[Held] {
        &self.held
    }

    /// True when nobody was eligible to mine this turn (B-8).
    #[must_use]
    pub fn no_eligible(&self) -> bool {
        self.no_eligible
    }

    /// Why the game ended, once it has.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end
    }

    /// The chain of blocks (shared with clones of this state).
    #[must_use]
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// Balance changes since the last block (MI-28, MI-29).
    #[must_use]
    pub fn pending(&self) -> &[Entry] {
        &self.pending
    }

    /// The active seats in this turn's order (MI-8): clockwise from the
    /// start seat, or from the next active seat after it.
    #[must_use]
    pub fn turn_order(&self) -> TurnOrder {
        self.clockwise_from_start(|st| st.active)
    }

    /// The turn order O fixed when this turn began (MI-8): the active seats
    /// and those eliminated during this turn, which only
    /// `elimination = Immediate` allows (MI-44). Later steps of the turn
    /// skip a seat that is out; the cards it took still go back to their
    /// piles in this order (P6).
    pub(crate) fn turn_seats(&self) -> TurnOrder {
        let turn = self.turn;
        self.clockwise_from_start(|st| st.active || st.eliminated_in == Some(turn))
    }

    /// The seats that pass `keep`, clockwise from the start seat.
    fn clockwise_from_start(&self, keep: impl Fn(&SeatState) -> bool) -> TurnOrder {
        let n = self.seats.len();
        let mut order = TurnOrder {
            seats: [Seat(0); MAX_SEATS],
            len: 0,
        };
        if n == 0 {
            return order;
        }
        // Seats start, start + 1, ... mod n, counted without a division.
        let Some(mut i) = seat_below(self.start.map_or(0, Seat::index), n) else {
            return order;
        };
        for _ in 0..n {
            let seat = Seat(i as u8);
            if keep(&self.seats[seat]) && order.len < MAX_SEATS {
                order.seats[order.len] = seat;
                order.len += 1;
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
        order
    }

    /// The first seat of this turn's order after `after` (from the start
    /// seat when `None`) that passes `want`, where the order is the seats
    /// passing `member` clockwise from the start seat: what
    /// `clockwise_from_start(member)` then a search would give, walked
    /// without building the order. `None` when `after` is not a member.
    pub(crate) fn next_in_order(
        &self,
        after: Option<Seat>,
        member: impl Fn(&SeatState) -> bool,
        want: impl Fn(&SeatState) -> bool,
    ) -> Option<Seat> {
        let n = self.seats.len();
        let start = seat_below(self.start.map_or(0, Seat::index), n)?;
        let wrap = |i: usize| if i + 1 == n { 0 } else { i + 1 };
        // The first seat to look at and how many seats are left before the
        // order comes round to the start seat again.
        let (mut i, left) = match after {
            None => (start, n),
            Some(a) => {
                if !self.seats.get(a).is_some_and(&member) {
                    return None;
                }
                let next = wrap(a.index());
                let left = if start >= next {
                    start - next
                } else {
                    start + n - next
                };
                (next, left)
            }
        };
        for _ in 0..left {
            let seat = Seat(i as u8);
            let st = &self.seats[seat];
            if member(st) && want(st) {
                return Some(seat);
            }
            i = wrap(i);
        }
        None
    }

    /// The next active seat clockwise after `seat` (its Left), B-12.
    #[must_use]
    pub fn left_of(&self, seat: Seat) -> Option<Seat> {
        let n = self.seats.len();
        // Seats seat + 1, seat + 2, ... mod n, counted without a division.
        let mut i = seat_below(seat.index(), n)?;
        for _ in 1..n {
            i = if i + 1 == n { 0 } else { i + 1 };
            if self.seats[Seat(i as u8)].active {
                return Some(Seat(i as u8));
            }
        }
        None
    }

    /// The next active seat anticlockwise from `seat` (its Right), B-12.
    #[must_use]
    pub fn right_of(&self, seat: Seat) -> Option<Seat> {
        let n = self.seats.len();
        // Seats seat - 1, seat - 2, ... mod n, counted without a division.
        let mut i = seat_below(seat.index(), n)?;
        for _ in 1..n {
            i = if i == 0 { n - 1 } else { i - 1 };
            if self.seats[Seat(i as u8)].active {
                return Some(Seat(i as u8));
            }
        }
        None
    }
}

/// `i mod n`, with the division only for an index beyond the table
/// (which a checked state never holds); `None` for an empty table.
fn seat_below(i: usize, n: usize) -> Option<usize> {
    if i < n { Some(i) } else { i.checked_rem(n) }
}

/// The active seats of a turn in order, inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnOrder {
    seats: [Seat; MAX_SEATS],
    len: usize,
}

impl TurnOrder {
    /// The seats in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Seat] {
        &self.seats[..self.len]
    }

    /// The seat after `seat` in this order, if any.
    #[must_use]
    pub fn after(&self, seat: Seat) -> Option<Seat> {
        let i = self.as_slice().iter().position(|s| *s == seat)?;
        self.as_slice().get(i + 1).copied()
    }

    /// The first seat.
    #[must_use]
    pub fn first(&self) -> Option<Seat> {
        self.as_slice().first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MarketIsland;
    use game_core::Game as _;

    /// The turn order's search as it was written before the walk: build
    /// the order, find `after` in it, take the first wanted seat past it.
    fn by_building(
        s: &State,
        after: Option<Seat>,
        member: impl Fn(&SeatState) -> bool,
        want: impl Fn(&SeatState) -> bool,
    ) -> Option<Seat> {
        let order = s.clockwise_from_start(member);
        let rest = match after {
            None => order.as_slice(),
            Some(a) => {
                let i = order.as_slice().iter().position(|x| *x == a);
                i.map_or(&[][..], |i| &order.as_slice()[i + 1..])
            }
        };
        rest.iter().copied().find(|p| want(&s.seats[*p]))
    }

    /// Left and Right walk to the seats the modular formulas name, for
    /// every table size, seat (beyond the table too) and set of active seats.
    #[test]
    fn left_and_right_are_the_next_active_seats_each_way() {
        for n in 2..=MAX_SEATS {
            let game = MarketIsland::new(crate::Config::with_seats(n as u8)).unwrap();
            let mut s = game.initial_state();
            for active in 0..1u32 << n {
                for (i, st) in s.seats.as_mut_slice().iter_mut().enumerate() {
                    st.active = active & (1 << i) != 0;
                }
                for seat in (0..n + 3).map(|i| Seat(i as u8)) {
                    let left = (1..n)
                        .map(|k| Seat(((seat.index() + k) % n) as u8))
                        .find(|p| s.seats[*p].active);
                    let right = (1..n)
                        .map(|k| Seat(((seat.index() + n - k) % n) as u8))
                        .find(|p| s.seats[*p].active);
                    assert_eq!(s.left_of(seat), left, "n {n} active {active:b} {seat:?}");
                    assert_eq!(s.right_of(seat), right, "n {n} active {active:b} {seat:?}");
                }
            }
        }
    }

    /// `next_in_order` finds what building the order finds, for every
    /// table size, start seat, set of members, wanted seats and `after`.
    #[test]
    fn next_in_order_walks_to_what_the_built_order_finds() {
        for n in 2..=MAX_SEATS {
            let game = MarketIsland::new(crate::Config::with_seats(n as u8)).unwrap();
            let mut s = game.initial_state();
            for start in [None, Some(0), Some(n - 1), Some(n / 2)] {
                s.start = start.map(|i| Seat(i as u8));
                for members in 0..1u32 << n {
                    for wanted in 0..1u32 << n {
                        for (i, st) in s.seats.as_mut_slice().iter_mut().enumerate() {
                            st.active = members & (1 << i) != 0;
                            st.eligible = wanted & (1 << i) != 0;
                        }
                        let member = |st: &SeatState| st.active;
                        let want = |st: &SeatState| st.eligible;
                        let afters =
                            std::iter::once(None).chain((0..n).map(|i| Some(Seat(i as u8))));
                        for after in afters {
                            assert_eq!(
                                s.next_in_order(after, member, want),
                                by_building(&s, after, member, want),
                                "n {n} start {start:?} members {members:b} wanted {wanted:b} after {after:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
