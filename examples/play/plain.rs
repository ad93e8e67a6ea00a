//! `--plain`: the line mode of the first `play`, kept for scripts and
//! screen readers. Each turn prints what the seat sees and the numbered
//! legal actions; type a number, the action's text or its JSON; `u` undoes,
//! `log` prints the log, `save FILE` writes the replay, `q` quits.

use std::io::{BufRead, Write};

use serde_json::Value;
use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::AnySession;

/// Plays `session` on stdin/stdout, `human` at the keyboard (none: watch).
///
/// # Errors
/// A chance event left unresolved, a bot that could not move, or stdout gone.
pub fn run(mut session: Box<dyn AnySession>, human: Option<Seat>) -> Result<(), String> {
    let viewer = human.map_or(Viewer::Spectator, Viewer::Seat);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut shown = session.step_count();
    loop {
        print_new_log(session.as_ref(), viewer, &mut shown);
        match session.to_act() {
            ToAct::Over => break,
            ToAct::Chance => return Err("a chance event could not be resolved".into()),
            ToAct::Seat(seat) if Some(seat) == human => {
                println!("\n{}", session.render(viewer));
                let names = session.legal_action_names();
                for (i, name) in names.iter().enumerate() {
                    println!("  {i:>3}  {name}");
                }
                print!("{seat}, your move> ");
                std::io::stdout().flush().map_err(|e| e.to_string())?;
                let Some(Ok(line)) = lines.next() else {
                    println!("\n(input closed)");
                    return Ok(());
                };
                if !human_turn(session.as_mut(), seat, line.trim(), &mut shown) {
                    return Ok(());
                }
            }
            ToAct::Seat(_) => {
                session.play_bot().map_err(|e| e.to_string())?;
            }
        }
    }
    println!("\n{}", session.render(viewer));
    if let Some(outcome) = session.outcome() {
        println!(
            "game over: scores {:?}, places {:?}",
            outcome.scores, outcome.places
        );
        if let Some(team) = outcome.team {
            println!("team result: {team:?}");
        }
    }
    Ok(())
}

/// Handles one line typed by the human; false means quit.
pub fn human_turn(session: &mut dyn AnySession, seat: Seat, line: &str, shown: &mut usize) -> bool {
    match line {
        "q" | "quit" => return false,
        "u" | "undo" => {
            undo_last_move(session, seat);
            *shown = (*shown).min(session.step_count());
            return true;
        }
        "log" => {
            for (i, entry) in session.log_text(Viewer::Seat(seat)).iter().enumerate() {
                println!("  {i:>4}  {entry}");
            }
            return true;
        }
        _ => {}
    }
    if let Some(path) = line.strip_prefix("save ") {
        match std::fs::write(path.trim(), session.replay_json()) {
            Ok(()) => println!("replay written to {}", path.trim()),
            Err(e) => println!("cannot write {}: {e}", path.trim()),
        }
        return true;
    }
    let legal = session.legal_actions();
    let action = line
        .parse::<usize>()
        .ok()
        .and_then(|i| legal.get(i).cloned())
        .or_else(|| session.parse_action(line))
        .or_else(|| serde_json::from_str::<Value>(line).ok());
    match action {
        None => println!("not a legal action: type its number, its text or its JSON"),
        Some(a) => {
            if let Err(e) = session.act(seat, &a) {
                println!("{e}");
            }
        }
    }
    true
}

/// Goes back to just before the human's last action, if any.
fn undo_last_move(session: &mut dyn AnySession, seat: Seat) {
    let log = session.log_text(Viewer::Seat(seat));
    let prefix = format!("{seat}: ");
    match log.iter().rposition(|line| line.starts_with(&prefix)) {
        Some(step) => match session.undo_to(step) {
            Ok(()) => println!("undone to step {step}"),
            Err(e) => println!("{e}"),
        },
        None => println!("nothing of yours to undo"),
    }
}

fn print_new_log(session: &dyn AnySession, viewer: Viewer, shown: &mut usize) {
    let log = session.log_text(viewer);
    for line in log.iter().skip(*shown) {
        println!("  · {line}");
    }
    *shown = log.len();
}
