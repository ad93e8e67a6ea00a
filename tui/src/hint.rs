//! Hints: the game's hint bot (the registry's policy, so the terminal
//! keeps no game knowledge of its own) plays on a copy of the session, and
//! the hint says what it chose and why: the bot's reason, its plan up to
//! the next chance event in the game's own words, and the move's note.

use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::{AnySession, RegistryError};

/// A suggested move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The bot that chose it.
    pub bot: &'static str,
    /// Index of the move among the legal actions.
    pub index: usize,
    /// The move's text.
    pub name: String,
    /// Why, one line each.
    pub why: Vec<String>,
}

/// The longest plan a hint shows, in moves.
const PLAN_MAX: usize = 8;

/// What the hint bot would play for `seat`, with its reasons.
///
/// # Errors
/// The bot could not move (no bot of that name, or not `seat`'s turn).
pub fn suggest(session: &dyn AnySession, seat: Seat, seed: u64) -> Result<Hint, RegistryError> {
    let policy = session.hint_bot();
    let legal = session.legal_actions();
    let names = session.legal_action_names();
    let mut trial = session.clone_box();
    trial.set_bot(seat, policy.bot, seed)?;
    let action = trial.play_bot()?;
    let index = legal.iter().position(|a| *a == action).unwrap_or(0);
    let name = names.get(index).cloned().unwrap_or_default();
    let mut why = vec![policy.why.to_owned()];
    if let Some(note) = session.move_note(seat, &action) {
        why.push(format!("this move: {note}"));
    }
    let plan = plan(trial.as_mut(), seat, session.step_count());
    if plan.len() > 1 {
        why.push(format!("its plan: {}", plan.join("; ")));
    }
    Ok(Hint {
        bot: policy.bot,
        index,
        name,
        why,
    })
}

/// The bot's moves from its first on, while the same seat is to act and
/// no chance event comes between (what happens after a draw is not a
/// plan), at most [`PLAN_MAX`], in the game's sentences.
fn plan(trial: &mut dyn AnySession, seat: Seat, from: usize) -> Vec<String> {
    let mut count = 1;
    // A first move followed by chance (the end of a turn) is the plan.
    while trial.step_count() == from + count
        && count < PLAN_MAX
        && trial.to_act() == ToAct::Seat(seat)
    {
        let before = trial.step_count();
        if trial.play_bot().is_err() {
            break;
        }
        count += 1;
        if trial.step_count() != before + 1 {
            break;
        }
    }
    let said = trial.narration(Viewer::Seat(seat));
    said.into_iter().skip(from).take(count).collect()
}
