//! Hints: the game's strongest bot plays on a copy of the session, and the
//! hint says what it chose and why (MOON's solver: the plan to the goal;
//! a scoring game: the points).

use serde_json::Value;
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

/// The bot whose choice makes the best hint for `game` as `obs` shows it.
pub fn best_bot(game: &str, obs: &Value) -> &'static str {
    match game {
        // M-54: the solver finds the cheapest plan in solo and co-op play;
        // a competitive seat's goal is secret from it, so MCTS advises there.
        "moon" if obs["mode"] == "Cooperative" => "solver",
        "binary-scrabble" => "greedy",
        "market-island" => "ev",
        "moon-base" => "heuristic",
        _ => "mcts",
    }
}

/// What the best bot would play for `seat`, with its reasons.
///
/// # Errors
/// The bot could not move (no bot of that name, or not `seat`'s turn).
pub fn suggest(session: &dyn AnySession, seat: Seat, seed: u64) -> Result<Hint, RegistryError> {
    let game = session.game_name();
    let before = session.observe(Viewer::Seat(seat));
    let bot = best_bot(game, &before);
    let legal = session.legal_actions();
    let names = session.legal_action_names();
    let mut trial = session.clone_box();
    trial.set_bot(seat, bot, seed)?;
    let action = trial.play_bot()?;
    let index = legal.iter().position(|a| *a == action).unwrap_or(0);
    let name = names.get(index).cloned().unwrap_or_default();
    let after = trial.observe(Viewer::Seat(seat));
    let mut why = Vec::new();
    if bot == "solver" {
        why.push(plan(trial.as_mut(), seat, &name));
    } else {
        why.push(reason(bot).to_owned());
    }
    if let Some(note) = crate::screens::note(game, &before, &after, seat, &name) {
        why.push(format!("this move: {note}"));
    }
    Ok(Hint {
        bot,
        index,
        name,
        why,
    })
}

/// MOON's text for `EndTurn` (its `render_action`).
const END_TURN: &str = "end";

/// The solver's plan from its first move on, until it ends the round, a
/// goal is solved or the game ends (at most a dozen moves).
fn plan(trial: &mut dyn AnySession, seat: Seat, first: &str) -> String {
    let solved_goals = |s: &dyn AnySession| s.observe(Viewer::Seat(seat))["scores"].clone();
    let start = solved_goals(trial);
    let mut steps = vec![first.to_owned()];
    while steps.len() < 12
        && steps.last().is_some_and(|s| s != END_TURN)
        && solved_goals(trial) == start
        && trial.to_act() == ToAct::Seat(seat)
    {
        let legal = trial.legal_actions();
        let names = trial.legal_action_names();
        let Ok(next) = trial.play_bot() else { break };
        let name = legal
            .iter()
            .position(|a| *a == next)
            .and_then(|i| names.get(i).cloned())
            .unwrap_or_else(|| next.to_string());
        steps.push(name);
    }
    let tail = if solved_goals(trial) != start {
        "solves the goal"
    } else if steps.last().is_some_and(|s| s == END_TURN) {
        "then ends the round to wait for the next card"
    } else {
        "(the plan goes on)"
    };
    format!("solver's cheapest plan: {} - {tail}", steps.join(", "))
}

/// What a bot's choice means.
fn reason(bot: &str) -> &'static str {
    match bot {
        "greedy" => "greedy picks the highest-scoring play (R-28)",
        "ev" => "ev picks the decision with the best expected balance",
        "heuristic" => "heuristic weighs settlements, bases and bonuses (MB-27, MB-28)",
        _ => "MCTS picks the move that won most often in its simulated games",
    }
}
