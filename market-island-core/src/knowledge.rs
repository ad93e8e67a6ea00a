//! Who has seen a card: the knowledge a card carries (MI-36, MI-41).

use serde::{Deserialize, Serialize};

use game_core::{Seat, SeatSet, Viewer};

/// Who knows a card outside the unseen part of its pile (MI-36).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knowledge {
    /// Everyone has seen it (the first WC, revealed cards, held cards).
    pub public: bool,
    /// The seats that have seen it privately.
    pub seats: SeatSet,
}

impl Knowledge {
    /// Known to everyone.
    pub const PUBLIC: Knowledge = Knowledge {
        public: true,
        seats: SeatSet::EMPTY,
    };

    /// Known to one seat (a card it drew from the unseen part).
    #[must_use]
    pub fn seat(seat: Seat) -> Knowledge {
        Knowledge {
            public: false,
            seats: SeatSet::of(seat),
        }
    }

    /// This knowledge with `seat` added (a card it drew from a queue).
    #[must_use]
    pub fn with(self, seat: Seat) -> Knowledge {
        Knowledge {
            public: self.public,
            seats: self.seats.with(seat),
        }
    }

    /// Whether `viewer` may see the card (MI-41).
    #[must_use]
    pub fn visible_to(self, viewer: Viewer) -> bool {
        self.public
            || match viewer {
                Viewer::Seat(seat) => self.seats.contains(seat),
                Viewer::Spectator => false,
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knowledge_decides_visibility() {
        let k = Knowledge::seat(Seat(1));
        assert!(k.visible_to(Viewer::Seat(Seat(1))));
        assert!(!k.visible_to(Viewer::Seat(Seat(0))));
        assert!(!k.visible_to(Viewer::Spectator));
        assert!(k.with(Seat(0)).visible_to(Viewer::Seat(Seat(0))));
        assert!(Knowledge::PUBLIC.visible_to(Viewer::Spectator));
    }
}
