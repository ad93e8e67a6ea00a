//! Actions and chance outcomes, in the canonical order of §9.4.

use game_core::Seat;
use serde::{Deserialize, Serialize};

use crate::{Colour, CraterId, Piece, RingId};

/// A seat's move. The derived `Ord` (variant order, then fields as written)
/// is the canonical order of `legal_actions` (§9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// MB-3: the second player picks its colour (gold or silver).
    ChooseColour(Colour),
    /// MB-4: the second player stands the tower on a large crater.
    PlaceTower(CraterId),
    /// MB-8: take the top two rings of pile 0..=3 of the step's size.
    TakePair(u8),
    /// MB-12: place a ring from hand on a crater.
    PlaceOnCrater {
        /// The ring kind from hand.
        piece: Piece,
        /// The crater.
        crater: CraterId,
    },
    /// MB-15: stack a ring from hand on rings `a < b`, centred at `(x, y)`.
    Stack {
        /// The ring kind from hand.
        piece: Piece,
        /// The lower-id support.
        a: RingId,
        /// The higher-id support.
        b: RingId,
        /// Centre x, on the lattice.
        x: i32,
        /// Centre y, on the lattice.
        y: i32,
    },
    /// MB-22: no legal placement, so the turn passes (B-9, B-10).
    Pass,
    /// MB-24: place a resource base on a crater free for bases (B-17).
    PlaceResourceBase(CraterId),
    /// MB-24, B-16: under `base_rule = Optional`, leave a due base unplaced.
    /// The last variant, so it sorts after every other action (§9.4).
    DeclineResourceBase,
}

/// The result of a chance event (§9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Chance {
    /// MB-1: the next pile place gets a ring of this colour.
    Ring(Colour),
    /// B-24: this seat is the first player.
    Start(Seat),
}
