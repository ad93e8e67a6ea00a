//! The demo games' sentences ([`crate::Narrate`]): how a game tells each
//! step from what the viewer knows.

use super::{HighCard, Pig, PigAction};
use crate::{LogEntry, Narrate, Told, Who};

impl Narrate for Pig {
    fn narrate(&self, told: &Told<'_, Self>) -> String {
        match told.entry {
            LogEntry::Action { seat, action } => {
                let who = Who::new(*seat, told.viewer);
                match action {
                    Some(PigAction::Hold) => format!(
                        "{} {} points",
                        who.verb("hold and bank", "holds and banks"),
                        told.before.turn_total
                    ),
                    _ => who.verb("roll the die", "rolls the die"),
                }
            }
            // A 1 loses the turn's points; any other face adds to them.
            LogEntry::Chance(Some(die)) if die.0 == 1 => {
                "the die shows 1: the turn's points are lost".to_owned()
            }
            LogEntry::Chance(Some(die)) => format!(
                "the die shows {}: {} points this turn",
                die.0, told.after.turn_total
            ),
            LogEntry::Chance(None) => "the die is rolled".to_owned(),
        }
    }
}

impl Narrate for HighCard {
    fn narrate(&self, told: &Told<'_, Self>) -> String {
        match told.entry {
            LogEntry::Action { seat, .. } => {
                let text = told.notation.as_deref().unwrap_or("a hidden move");
                Who::new(*seat, told.viewer).verb(text, &format!("{text}s"))
            }
            // The deal: a viewer sees only its own card.
            LogEntry::Chance(Some(card)) => format!("you are dealt a {card}"),
            LogEntry::Chance(None) => "a card is dealt face down".to_owned(),
        }
    }
}
