//! Actions and chance outcomes of Market Island (MI-38, MI-39).

use std::fmt;

use serde::{Deserialize, Serialize};

use game_core::Seat;

use crate::{Card, Face};

/// A seat's decision (MI-39), ordered `Decline < Mine < Keep(0) < Keep(1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// Put every drawn card under the mining deck.
    Decline,
    /// Keep the one drawn card and pay the fee.
    Mine,
    /// Keep drawn card `i` (0 is the first drawn) of two and pay the fee.
    Keep(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Decline => f.write_str("decline"),
            Action::Mine => f.write_str("mine"),
            Action::Keep(i) => write!(f, "keep {i}"),
        }
    }
}

/// The outcome of a chance node (MI-38), listed in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Chance {
    /// The start seat (MI-6).
    StartSeat(Seat),
    /// A die face, 1..=`die_faces` (MI-9).
    Die(u8),
    /// An income, expense or action card drawn from an unseen part (MI-10).
    Card(Card),
    /// A mining face drawn from the unseen part (MI-7, MI-13).
    Mining(Face),
    /// The winner among tied miners (MI-17).
    TieBreak(Seat),
    /// Log only, never an outcome: an Axe drawn as a block card, as the
    /// other seats see it when the drawer's two mining draws follow at once
    /// (they learn it is an Axe, not which one; see
    /// [`game_core::Game::public_chance`]). `apply_chance` refuses it.
    AxeFaceDown,
}
