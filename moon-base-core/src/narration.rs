//! Moon Base's sentences for each step ([`Narrate`]): the piles dealt
//! (MB-1), colours and the tower (MB-3, MB-4), takes (MB-8), placements
//! told by crater label and supporting rings (MB-11 to MB-17), what was
//! built (MB-23, MB-24) and the final score in parts (MB-27 to MB-31).
//! Everything in Moon Base is public, so the sentences read the board.

use game_core::{LogEntry, Narrate, Outcome, Seat, Told, Viewer, Who};

use crate::piece::{Colour, Size};
use crate::state::{Footing, Host, Phase, RingId};
use crate::{Action, Chance, CraterId, MoonBase, Obs};

impl MoonBase {
    /// A crater's label on the board ("L05"), as the notation writes it.
    fn crater_label(&self, k: CraterId) -> String {
        self.board
            .crater(k)
            .map_or_else(|| format!("#{}", k.0), |c| c.id.clone())
    }

    /// A ring on the board in words: "the L gold ring on L05", or for a
    /// stacked ring "the S navy ring #7 (level 2)".
    pub fn ring_words(&self, obs: &Obs, ring: RingId) -> String {
        let Some(r) = obs.rings.as_slice().get(usize::from(ring.0)) else {
            return format!("ring #{}", ring.0);
        };
        match r.on {
            Footing::Crater(k) => format!("the {} ring on {}", r.piece, self.crater_label(k)),
            Footing::Supports(..) => {
                format!("the {} ring #{} (level {})", r.piece, ring.0, r.level)
            }
        }
    }

    /// A move in words as its mover would say it, for move lists: what a
    /// stack rests on rather than ring numbers and coordinates.
    #[must_use]
    pub fn move_words(&self, obs: &Obs, action: &Action) -> String {
        match *action {
            Action::ChooseColour(c) => format!("take {c} as your colour"),
            Action::PlaceTower(k) => format!("stand the tower on {}", self.crater_label(k)),
            Action::TakePair(i) => {
                // MB-8: the first two takes of a round are from the large
                // piles, the last two from the small; the piles are public
                // (MB-3), so the words name the rings.
                let size = if let Phase::Select { step } = obs.phase
                    && step >= 2
                {
                    Size::Small
                } else {
                    Size::Large
                };
                let pile = obs.piles[usize::from(size == Size::Small)].get(usize::from(i));
                let top: Vec<String> = pile
                    .map(|p| p.iter().take(2).map(ToString::to_string).collect())
                    .unwrap_or_default();
                if top.is_empty() {
                    format!("take the top two rings of pile {i}")
                } else {
                    format!(
                        "take the top two rings of {size} pile {i}: {}",
                        top.join(" and ")
                    )
                }
            }
            Action::PlaceOnCrater { piece, crater } => {
                format!("put {piece} on {}", self.crater_label(crater))
            }
            Action::Stack { piece, a, b, .. } => format!(
                "stack {piece} on {} and {}",
                self.ring_words(obs, a),
                self.ring_words(obs, b)
            ),
            Action::Pass => "pass".to_owned(),
            Action::PlaceResourceBase(k) => format!("put a base on {}", self.crater_label(k)),
            Action::DeclineResourceBase => "build no base".to_owned(),
        }
    }
}

impl Narrate for MoonBase {
    fn describe(&self, before: &Obs, action: &Action, _notation: &str) -> String {
        self.move_words(before, action)
    }

    fn narrate(&self, told: &Told<'_, Self>) -> String {
        let (before, after) = (told.before, told.after);
        let mut text = match told.entry {
            LogEntry::Action { seat, action } => {
                let who = Who::new(*seat, told.viewer);
                match action {
                    Some(Action::ChooseColour(c)) => {
                        format!("{} {c} (MB-3)", who.verb("choose", "chooses"))
                    }
                    Some(Action::PlaceTower(k)) => format!(
                        "{} the tower on {} (MB-4)",
                        who.verb("stand", "stands"),
                        self.crater_label(*k)
                    ),
                    Some(Action::TakePair(i)) => format!(
                        "{} pile {i}: {} (MB-8)",
                        who.verb("take the top two rings of", "takes the top two rings of"),
                        taken(before, after, *seat)
                    ),
                    Some(Action::PlaceOnCrater { piece, crater }) => format!(
                        "{} {piece} on crater {} (MB-12)",
                        who.verb("put", "puts"),
                        self.crater_label(*crater)
                    ),
                    Some(Action::Stack { piece, a, b, .. }) => {
                        let level = after.rings.as_slice().last().map_or(0, |r| r.level);
                        format!(
                            "{} {piece} on {} and {}, level {level} (MB-15)",
                            who.verb("stack", "stacks"),
                            self.ring_words(before, *a),
                            self.ring_words(before, *b)
                        )
                    }
                    Some(Action::Pass) => {
                        format!(
                            "{} with no legal placement (MB-22)",
                            who.verb("pass", "passes")
                        )
                    }
                    Some(Action::PlaceResourceBase(k)) => format!(
                        "{} a resource base on {} (MB-24)",
                        who.verb("put", "puts"),
                        self.crater_label(*k)
                    ),
                    Some(Action::DeclineResourceBase) => {
                        format!(
                            "{} to build a base (MB-24)",
                            who.verb("decline", "declines")
                        )
                    }
                    None => format!("{} a move", who.verb("make", "makes")),
                }
            }
            LogEntry::Chance(Some(Chance::Ring(c))) => match dealt(before, after) {
                Some((size, pile)) => {
                    format!("a {size} {c} ring goes onto {size} pile {pile} (MB-1)")
                }
                None => format!("a {c} ring is dealt (MB-1)"),
            },
            LogEntry::Chance(Some(Chance::Start(seat))) => {
                format!(
                    "{} first (MB-2)",
                    Who::new(*seat, told.viewer).verb("play", "plays")
                )
            }
            LogEntry::Chance(None) => "a ring is dealt".to_owned(),
        };
        text.push_str(&effects(before, after, told.viewer));
        text
    }

    fn narrate_end(&self, obs: &Obs, outcome: &Outcome, viewer: Viewer) -> String {
        let Some(b) = self.score_breakdown(obs) else {
            return game_core::narrate::default_end(outcome, viewer);
        };
        let parts: Vec<String> = Seat::all(2)
            .map(|seat| {
                let i = seat.index();
                let s = b.seats[i];
                let mut bonus = Vec::new();
                if s.connected > 0 {
                    bonus.push(format!("+{} most connected", s.connected));
                }
                if s.highest > 0 {
                    bonus.push(format!("+{} highest", s.highest));
                }
                if s.tower > 0 {
                    bonus.push(format!("+{} tower", s.tower));
                }
                format!(
                    "{} ({}) {}: {} settlements, {} bases, {} retired = {}{}",
                    Who::new(seat, viewer),
                    b.tallies.colour_of[i],
                    s.total,
                    b.tallies.settlements[i],
                    b.tallies.bases[i],
                    b.tallies.unplaced[i],
                    s.base,
                    if bonus.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", bonus.join(" "))
                    }
                )
            })
            .collect();
        let tie = b.seats[0].total == b.seats[1].total;
        format!(
            "{}{} (MB-27 to MB-31): {}",
            Who::new(b.winner, viewer).verb("win", "wins"),
            if tie {
                " the tie as the second player"
            } else {
                ""
            },
            parts.join("; ")
        )
    }
}

/// The rings a take moved into `seat`'s hand: "L gold and L navy".
fn taken(before: &Obs, after: &Obs, seat: Seat) -> String {
    let (Some(b), Some(a)) = (before.hands.get(seat), after.hands.get(seat)) else {
        return "two rings".to_owned();
    };
    let mut got = Vec::new();
    for (si, size) in [Size::Large, Size::Small].iter().enumerate() {
        for ci in 0..3 {
            let n = a.0[si][ci].saturating_sub(b.0[si][ci]);
            if let Some(colour) = Colour::from_index(ci) {
                for _ in 0..n {
                    got.push(format!("{} {colour}", size.letter()));
                }
            }
        }
    }
    if got.is_empty() {
        "two rings".to_owned()
    } else {
        got.join(" and ")
    }
}

/// The pile a deal grew: its size and number.
fn dealt(before: &Obs, after: &Obs) -> Option<(&'static str, usize)> {
    for (si, size) in ["large", "small"].iter().enumerate() {
        for p in 0..before.piles[si].len() {
            if after.piles[si][p].len() > before.piles[si][p].len() {
                return Some((size, p));
            }
        }
    }
    None
}

/// What building did after the step: settlements (MB-23), bases (MB-24),
/// retired rings (MB-22) and the tower moving onto a collabo (MB-17).
fn effects(before: &Obs, after: &Obs, viewer: Viewer) -> String {
    let mut out = Vec::new();
    for seat in Seat::all(2) {
        let who = Who::new(seat, viewer);
        let built = before
            .settlements_left
            .get(seat)
            .zip(after.settlements_left.get(seat))
            .map_or(0, |(b, a)| b.saturating_sub(*a));
        if built > 0 {
            out.push(format!(
                "{} {built} settlement{} (MB-23, +{} points)",
                who.verb("build", "builds"),
                if built == 1 { "" } else { "s" },
                2 * u32::from(built)
            ));
        }
        let retired = before
            .unplaced
            .get(seat)
            .zip(after.unplaced.get(seat))
            .map_or(0, |(b, a)| a.saturating_sub(*b));
        if retired > 0 {
            out.push(format!(
                "{} {retired} ring{} left in hand (MB-22, -{retired})",
                who.verb("retire", "retires"),
                if retired == 1 { "" } else { "s" }
            ));
        }
    }
    if before.tower != after.tower
        && before.tower.is_some()
        && let Some(Host::Ring(_)) = after.tower
    {
        out.push("the tower moves onto the new collabo ring (MB-17)".to_owned());
    }
    if after.round > before.round && after.round > 1 {
        out.push(format!("round {} begins", after.round));
    }
    if out.is_empty() {
        String::new()
    } else {
        format!("; {}", out.join("; "))
    }
}
