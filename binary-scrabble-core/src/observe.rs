//! What one viewer may see of a state (E-6).

use crate::scrabble::Scrabble;
use crate::state::State;
use game_core::{BySeat, Seat, ToAct, Viewer};
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::state::{Ending, LastTurn, MAX_SEATS};
use crate::tile::KindCounts;

/// Draws still to make, in public form: who draws and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drawing {
    /// The seat drawing.
    pub seat: Seat,
    /// Draws left.
    pub left: u8,
}

/// A seat's (or a spectator's) view of the game (E-6).
///
/// It never holds another seat's rack, the identity of exchanged tiles or
/// any bag order: two states that differ only in how the unseen tiles are
/// split between the bag and the other racks look the same.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Obs {
    /// Who is looking.
    pub viewer: Viewer,
    /// The board, blanks marked.
    pub board: Board,
    /// Every seat's score.
    pub scores: BySeat<i32, MAX_SEATS>,
    /// Who acts next: a seat, chance (draws pending) or nobody.
    pub to_act: ToAct,
    /// The seat whose turn it is (or was).
    pub to_move: Seat,
    /// Consecutive scoreless turns.
    pub scoreless: u8,
    /// Tiles in the bag.
    pub bag_size: u32,
    /// How many tiles each seat holds.
    pub rack_sizes: BySeat<u8, MAX_SEATS>,
    /// The viewer's own rack (`None` for a spectator).
    pub rack: Option<KindCounts>,
    /// The tiles the viewer set aside in an exchange still drawing.
    pub set_aside: Option<KindCounts>,
    /// The tiles the viewer has not seen: the bag and the other racks
    /// (for a spectator: the bag, all racks and set-aside tiles).
    pub unseen: KindCounts,
    /// Draws still to make.
    pub drawing: Option<Drawing>,
    /// The last turn in public form.
    pub last_turn: Option<LastTurn>,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// Every rack, shown once the game is over (the racks left decide R-34).
    pub revealed_racks: Option<BySeat<KindCounts, MAX_SEATS>>,
}

impl Scrabble {
    /// Every seat's rack size, for observations.
    pub(crate) fn rack_sizes(s: &State) -> BySeat<u8, MAX_SEATS> {
        let mut sizes = BySeat::filled(s.racks.len(), 0);
        for (seat, rack) in s.racks.iter() {
            sizes[seat] = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        }
        sizes
    }
}
