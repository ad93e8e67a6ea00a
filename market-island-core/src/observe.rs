//! What one viewer may see of a position (MI-41).

use serde::Serialize;

use game_core::{Deck, Seat, Viewer};

use crate::state::{EndReason, Held, Known, Phase, SeatState, State};
use crate::{Card, Entry, Face, Knowledge, Ledger};

/// A card as a viewer sees it: its face, or only its back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Seen<T> {
    /// The viewer has not seen this card.
    Hidden,
    /// The viewer knows this card.
    Shown(T),
}

impl<T: Copy> Seen<T> {
    /// The card, when shown.
    #[must_use]
    pub fn shown(self) -> Option<T> {
        match self {
            Seen::Shown(c) => Some(c),
            Seen::Hidden => None,
        }
    }
}

/// A card in a known place, with who has seen it (public information).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Slot<T> {
    /// The card, or its back.
    pub card: Seen<T>,
    /// Who has seen it.
    pub known: Knowledge,
}

impl<T: Copy> Slot<T> {
    fn of((card, known): Known<T>, v: Viewer) -> Slot<T> {
        Slot {
            card: if known.visible_to(v) {
                Seen::Shown(card)
            } else {
                Seen::Hidden
            },
            known,
        }
    }
}

/// A pile as a viewer sees it: how many unseen cards (never which), then
/// the queue under them, top first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileView<T> {
    /// Cards nobody has seen: a count only.
    pub unseen: u32,
    /// The known queue, top first.
    pub queue: Vec<Slot<T>>,
}

impl<T: Copy + Ord> PileView<T> {
    fn of(deck: &Deck<T, Knowledge>, v: Viewer) -> PileView<T> {
        PileView {
            unseen: u32::try_from(deck.unseen_len()).unwrap_or(u32::MAX),
            queue: deck.queue().iter().map(|k| Slot::of(*k, v)).collect(),
        }
    }
}

/// One seat as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Istokens.
    pub balance: i32,
    /// Square of the pawn.
    pub position: u8,
    /// Not eliminated.
    pub active: bool,
    /// The turn in which the seat was eliminated (at its end under
    /// `EndOfTurn`, MI-24; during it under `Immediate`, MI-44).
    pub eliminated_in: Option<u32>,
    /// Holds a Totem: never eligible again.
    pub possessed: bool,
    /// On a Totem square this turn.
    pub on_totem: bool,
    /// Eligible to mine this turn.
    pub eligible: bool,
    /// This turn's block card, once taken.
    pub block: Option<Slot<Card>>,
    /// Mining cards in hand, in draw order.
    pub drawn: Vec<Slot<Face>>,
    /// Mining cards drawn this turn.
    pub drew: u8,
    /// The kept mining card.
    pub kept: Option<Slot<Face>>,
    /// Declined this turn.
    pub declined: bool,
}

impl SeatView {
    fn of(st: &SeatState, v: Viewer) -> SeatView {
        SeatView {
            balance: st.balance,
            position: st.position,
            active: st.active,
            eliminated_in: st.eliminated_in,
            possessed: st.possessed,
            on_totem: st.on_totem,
            eligible: st.eligible,
            block: st.block.map(|k| Slot::of(k, v)),
            drawn: st.drawn.iter().flatten().map(|k| Slot::of(*k, v)).collect(),
            drew: st.drew,
            kept: st.kept.map(|k| Slot::of(k, v)),
            declined: st.declined,
        }
    }
}

/// A viewer's observation: everything of the state except unseen cards
/// (counts only) and cards the viewer has not seen (backs only), with the
/// viewer's replica of the ledger (MI-33, MI-41).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Obs {
    /// Who is looking.
    pub viewer: Viewer,
    /// Where the game stands.
    pub phase: Phase,
    /// The turn, from 1.
    pub turn: u32,
    /// The start seat, once chosen.
    pub start_seat: Option<Seat>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatView>,
    /// The winning card the next block links to.
    pub winning_card: Option<Face>,
    /// The income pile.
    pub income: PileView<Card>,
    /// The expense pile.
    pub expense: PileView<Card>,
    /// The action pile.
    pub action: PileView<Card>,
    /// The mining deck.
    pub mining: PileView<Face>,
    /// Held Jellyfish and Totem cards (face up).
    pub held: Vec<Held>,
    /// Nobody was eligible this turn.
    pub no_eligible: bool,
    /// Why the game ended.
    pub end_reason: Option<EndReason>,
    /// The viewer's replica of the chain (shared, not copied).
    pub ledger: Ledger,
    /// Public entries not yet in a block.
    pub pending: Vec<Entry>,
}

impl Obs {
    /// The observation of `s` for `v`.
    #[must_use]
    pub fn new(s: &State, v: Viewer) -> Obs {
        Obs {
            viewer: v,
            phase: s.phase,
            turn: s.turn,
            start_seat: s.start,
            seats: s.seats().iter().map(|st| SeatView::of(st, v)).collect(),
            winning_card: s.wc,
            income: PileView::of(&s.piles.income, v),
            expense: PileView::of(&s.piles.expense, v),
            action: PileView::of(&s.piles.action, v),
            mining: PileView::of(&s.piles.mining, v),
            held: s.held.clone(),
            no_eligible: s.no_eligible,
            end_reason: s.end,
            ledger: s.ledger.clone(),
            pending: s.pending.clone(),
        }
    }

    /// The viewer's seat, if a seat.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    /// Balances the viewer's replica derives: its chain's last block plus
    /// the pending entries (the manual's scoreboard of this seat).
    #[must_use]
    pub fn replica_balances(&self) -> Option<Vec<i32>> {
        crate::ledger::derive_balances(self.ledger.blocks(), &self.pending).ok()
    }
}
