//! Narration: a plain-English sentence for every step of a game, as one
//! viewer sees it, and one for the end.
//!
//! Front ends (the terminal's last-moves panel, the browser's move log,
//! Python) show what happened and why in words ("seat 2 rolls 4 and lands
//! on an Expense: pays 3 Istokens to seat 1"), so a player who never read
//! the rules can follow. The sentences come from the game crates, so no
//! front end keeps game knowledge of its own (DESIGN.md, "Front ends").
//!
//! **Secrets by construction** (STYLE.md 16): a game's [`Narrate::narrate`]
//! is handed only what the viewer may know, a [`Told`]: the viewer's
//! observation before and after the step, the step as the viewer's log
//! shows it ([`Game::public_action`], [`Game::public_chance`]) and that
//! action's notation written in its public form. It never sees the state.
//! The kit's `testkit::narration_check` (feature `testkit`) still
//! holds the whole path to the viewer's knowledge: twin states a viewer
//! cannot tell apart narrate alike, and two chance outcomes the viewer's
//! log does not tell apart (another seat's hidden draw) narrate alike, so
//! no sentence names the hidden card.
//!
//! ```
//! use game_core::demo::Pig;
//! use game_core::{Session, Viewer};
//!
//! let mut session = Session::<Pig>::new(Default::default(), 7).unwrap();
//! let legal = session.legal_actions();
//! session.act(game_core::Seat(0), &legal[0]).unwrap();
//! let said = session.narration(Viewer::Seat(game_core::Seat(1)));
//! assert_eq!(said.len(), session.step_count());
//! assert!(said[0].starts_with("seat 0 "));
//! ```

use std::fmt;

use crate::{Game, LogEntry, MovePreview, Notation, Outcome, Seat, Step, TeamResult, Viewer};

/// One step as a viewer may know it: all a game's narration may read.
pub struct Told<'a, G: Game> {
    /// Who the sentence is for.
    pub viewer: Viewer,
    /// The viewer's observation before the step.
    pub before: &'a G::Obs,
    /// The viewer's observation after the step.
    pub after: &'a G::Obs,
    /// The step as the viewer's log shows it (hidden parts `None`).
    pub entry: &'a LogEntry<G::Action, G::Chance>,
    /// The action's notation in its public form, written in the position
    /// before it (`None` for chance and for a hidden action).
    pub notation: Option<String>,
}

/// A game's sentences for its steps and its end (see the module docs).
///
/// The defaults say who played what in notation and who won by score;
/// every game of the workspace overrides both with its own words.
pub trait Narrate: Notation {
    /// The sentence for one step as `told.viewer` knows it.
    fn narrate(&self, told: &Told<'_, Self>) -> String {
        default_step(told)
    }

    /// The sentence for the end of the game as `viewer` sees it: who won
    /// and why, in words.
    fn narrate_end(&self, obs: &Self::Obs, outcome: &Outcome, viewer: Viewer) -> String {
        let _ = obs;
        default_end(outcome, viewer)
    }

    /// A move the viewer may play, in words, for a move list where the
    /// notation is terse ("stack L silver on the L gold ring on L05 and
    /// ..." for Moon Base's "L silver on #0+#8 at 210,180"). It reads only
    /// the viewer's observation before the move, so it cannot tell what
    /// the move would reveal. Default: the notation itself.
    fn describe(&self, before: &Self::Obs, action: &Self::Action, notation: &str) -> String {
        let _ = (before, action);
        notation.to_owned()
    }

    /// A move's preview ([`crate::Preview`]) as a short note for a move
    /// list: "12 pts", "-1.5 energy". A game whose amounts are not in the
    /// units players count (MOON's half-units of energy) overrides it.
    fn preview_note(&self, preview: &MovePreview) -> Option<String> {
        default_preview_note(preview)
    }
}

/// The default preview note: the score as "12 pts", then each cost as
/// "-2 coins"; `None` when there is nothing to say.
#[must_use]
pub fn default_preview_note(preview: &MovePreview) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(points) = preview.score {
        parts.push(format!("{points} pts"));
    }
    parts.extend(
        preview
            .costs
            .iter()
            .map(|c| format!("-{} {}", c.amount, c.resource)),
    );
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The default step sentence: "seat 1 plays hold", "chance: 4".
fn default_step<G: Game>(told: &Told<'_, G>) -> String {
    match (told.entry, &told.notation) {
        (LogEntry::Action { seat, .. }, Some(text)) => {
            let who = Who::new(*seat, told.viewer);
            format!("{} {text}", who.verb("play", "plays"))
        }
        (LogEntry::Action { seat, .. }, None) => {
            format!(
                "{} a hidden move",
                Who::new(*seat, told.viewer).verb("make", "makes")
            )
        }
        (LogEntry::Chance(Some(c)), _) => format!("chance: {c:?}"),
        (LogEntry::Chance(None), _) => "a hidden chance event happens".to_owned(),
    }
}

/// The default end sentence, from the outcome alone: the team result, or
/// the winners and every seat's score.
#[must_use]
pub fn default_end(outcome: &Outcome, viewer: Viewer) -> String {
    match outcome.team {
        Some(TeamResult::Won) => return "the team wins".to_owned(),
        Some(TeamResult::Lost) => return "the team loses".to_owned(),
        None => {}
    }
    let winners: Vec<Seat> = Seat::all(outcome.places.len())
        .filter(|s| outcome.places[s.index()] == 1)
        .collect();
    let scores: Vec<String> = Seat::all(outcome.scores.len())
        .map(|s| format!("{} {}", Who::new(s, viewer), outcome.scores[s.index()]))
        .collect();
    format!(
        "{} (scores: {})",
        winners_text(&winners, viewer),
        scores.join(", ")
    )
}

/// "you win", "seat 1 wins", "seat 0 and seat 2 share first place".
#[must_use]
pub fn winners_text(winners: &[Seat], viewer: Viewer) -> String {
    match winners {
        [] => "nobody wins".to_owned(),
        [one] => Who::new(*one, viewer).verb("win", "wins"),
        many => {
            let names: Vec<String> = many.iter().map(|&s| Who::new(s, viewer).name()).collect();
            format!("{} share first place", names.join(" and "))
        }
    }
}

/// A seat as the viewer reads it in a sentence: "you" for the viewer's own
/// seat, "seat 2" for another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Who {
    seat: Seat,
    you: bool,
}

impl Who {
    /// `seat` as `viewer` reads it.
    #[must_use]
    pub fn new(seat: Seat, viewer: Viewer) -> Who {
        Who {
            seat,
            you: viewer == Viewer::Seat(seat),
        }
    }

    /// The seat named.
    #[must_use]
    pub fn seat(self) -> Seat {
        self.seat
    }

    /// True when the sentence is about the viewer's own seat.
    #[must_use]
    pub fn is_you(self) -> bool {
        self.you
    }

    /// "you" or "seat 2".
    #[must_use]
    pub fn name(self) -> String {
        if self.you {
            "you".to_owned()
        } else {
            self.seat.to_string()
        }
    }

    /// "your" or "seat 2's".
    #[must_use]
    pub fn possessive(self) -> String {
        if self.you {
            "your".to_owned()
        } else {
            format!("{}'s", self.seat)
        }
    }

    /// The subject with its verb: "you roll" or "seat 2 rolls".
    #[must_use]
    pub fn verb(self, you_form: &str, third_person: &str) -> String {
        if self.you {
            format!("you {you_form}")
        } else {
            format!("{} {third_person}", self.seat)
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The sentence for `step`, played in `state` (the position before it),
/// as `viewer` knows it; `after` is the position it leads to.
///
/// The only path from a state to a sentence: it hands the game the
/// viewer's observations, log entry and public notation ([`Told`]).
pub fn narrate_step<G: Narrate>(
    game: &G,
    state: &G::State,
    step: &Step<G::Action, G::Chance>,
    after: &G::State,
    viewer: Viewer,
) -> String {
    let entry = match step {
        Step::Action { seat, action } => LogEntry::Action {
            seat: *seat,
            action: game.public_action(state, *seat, action, viewer),
        },
        Step::Chance(c) => LogEntry::Chance(game.public_chance(state, c, viewer)),
    };
    let notation = match &entry {
        LogEntry::Action {
            action: Some(public),
            ..
        } => Some(game.write_notation(state, public)),
        LogEntry::Action { action: None, .. } | LogEntry::Chance(_) => None,
    };
    let before = game.observe(state, viewer);
    let seen_after = game.observe(after, viewer);
    game.narrate(&Told {
        viewer,
        before: &before,
        after: &seen_after,
        entry: &entry,
        notation,
    })
}

/// One sentence per step of `steps` from `initial`, as `viewer` knows
/// them; stops early at a step that no longer applies (a bug in the game's
/// determinism, never a panic).
pub fn narrate_steps<G: Narrate>(
    game: &G,
    initial: &G::State,
    steps: &[Step<G::Action, G::Chance>],
    viewer: Viewer,
) -> Vec<String> {
    let mut state = initial.clone();
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        let mut after = state.clone();
        let applied = match step {
            Step::Action { seat, action } => game.apply(&mut after, *seat, action).is_ok(),
            Step::Chance(c) => game.apply_chance(&mut after, c).is_ok(),
        };
        if !applied {
            break;
        }
        out.push(narrate_step(game, &state, step, &after, viewer));
        state = after;
    }
    out
}

/// The end sentence of a finished game in `state` as `viewer` sees it;
/// `None` while the game goes on.
pub fn narrate_end_of<G: Narrate>(game: &G, state: &G::State, viewer: Viewer) -> Option<String> {
    let outcome = game.outcome(state)?;
    Some(game.narrate_end(&game.observe(state, viewer), &outcome, viewer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_says_you_to_the_viewer_and_seat_n_to_others() {
        let me = Viewer::Seat(Seat(1));
        assert_eq!(Who::new(Seat(1), me).verb("roll", "rolls"), "you roll");
        assert_eq!(Who::new(Seat(2), me).verb("roll", "rolls"), "seat 2 rolls");
        assert_eq!(Who::new(Seat(2), me).possessive(), "seat 2's");
        assert_eq!(Who::new(Seat(1), Viewer::Spectator).name(), "seat 1");
    }

    #[test]
    fn default_end_names_winners_and_scores() {
        let o = Outcome::from_scores(vec![3, 7]);
        assert_eq!(
            default_end(&o, Viewer::Seat(Seat(1))),
            "you win (scores: seat 0 3, you 7)"
        );
        let tie = Outcome::from_scores(vec![5, 5]);
        assert_eq!(
            default_end(&tie, Viewer::Spectator),
            "seat 0 and seat 1 share first place (scores: seat 0 5, seat 1 5)"
        );
    }
}
