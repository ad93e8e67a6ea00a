//! Binary Scrabble's sentences for each step as a viewer knows it
//! ([`Narrate`]): the play in notation with its score, exchanges
//! told by count to the others, draws told only to the drawer,
//! and the end with its rack adjustments.

use game_core::{LogEntry, Narrate, Outcome, Seat, Told, Viewer, Who};

use crate::state::{EndReason, Ending};
use crate::{Action, Obs, Scrabble};

impl Narrate for Scrabble {
    fn narrate(&self, told: &Told<'_, Self>) -> String {
        let (before, after) = (told.before, told.after);
        let mut text = match told.entry {
            LogEntry::Action { seat, action } => {
                let who = Who::new(*seat, told.viewer);
                let written = told.notation.clone().unwrap_or_default();
                match action {
                    Some(Action::Play(_)) => {
                        let gained = score(after, *seat) - score(before, *seat);
                        format!(
                            "{} {written} for {gained} points ({} now)",
                            who.verb("play", "plays"),
                            score(after, *seat)
                        )
                    }
                    Some(Action::Exchange(tiles)) => format!(
                        "{} {} tile{} ({tiles}) for new ones from the bag (R-31)",
                        who.verb("exchange", "exchanges"),
                        tiles.total(),
                        plural(tiles.total())
                    ),
                    // the others learn how many tiles, not which.
                    Some(Action::HiddenExchange(n)) => format!(
                        "{} {n} tile{} for new ones from the bag (R-31)",
                        who.verb("exchange", "exchanges"),
                        plural(u32::from(*n))
                    ),
                    Some(Action::Pass) => format!(
                        "{} ({} scoreless turn{} in a row, R-33)",
                        who.verb("pass", "passes"),
                        after.scoreless,
                        plural(u32::from(after.scoreless))
                    ),
                    None => format!("{} a move you cannot see", who.verb("make", "makes")),
                }
            }
            LogEntry::Chance(tile) => {
                let drawer = before.drawing.map(|d| d.seat);
                match (drawer, tile) {
                    (Some(seat), Some(kind)) => {
                        format!(
                            "{} {kind}",
                            Who::new(seat, told.viewer).verb("draw", "draws")
                        )
                    }
                    (Some(seat), None) => {
                        Who::new(seat, told.viewer).verb("draw a tile", "draws a tile")
                    }
                    (None, Some(kind)) => format!("a tile {kind} is drawn"),
                    (None, None) => "a tile is drawn".to_owned(),
                }
            }
        };
        if before.ending.is_none()
            && let Some(ending) = &after.ending
        {
            text.push_str("; ");
            text.push_str(&ending_text(ending, told.viewer));
        }
        text
    }

    fn narrate_end(&self, obs: &Obs, outcome: &Outcome, viewer: Viewer) -> String {
        let winners = game_core::narrate::default_end(outcome, viewer);
        match &obs.ending {
            Some(ending) => format!("{}: {winners}", ending_text(ending, viewer)),
            None => winners,
        }
    }
}

fn score(obs: &Obs, seat: Seat) -> i32 {
    obs.scores.get(seat).copied().unwrap_or(0)
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Why the game ended and how the racks left changed the scores.
fn ending_text(ending: &Ending, viewer: Viewer) -> String {
    let why = match ending.reason {
        EndReason::WentOut { seat } => format!(
            "{} out with an empty rack and the bag empty (R-32)",
            Who::new(seat, viewer).verb("go", "goes")
        ),
        EndReason::Scoreless => "the game ends after too many scoreless turns (R-33)".to_owned(),
    };
    let adjustments: Vec<String> = ending
        .adjustments
        .iter()
        .filter(|(_, d)| **d != 0)
        .map(|(seat, d)| format!("{} {d:+}", Who::new(seat, viewer)))
        .collect();
    if adjustments.is_empty() {
        why
    } else {
        format!("{why}; racks left count (R-34): {}", adjustments.join(", "))
    }
}
