//! `--plain`: the line mode of the first `play`, kept for scripts and
//! screen readers. Each turn prints what the seat sees and the numbered
//! legal actions; type a number, the action's text or its JSON; `u` undoes,
//! `log` prints the log, `save FILE` writes the replay, `q` quits.
//!
//! Output goes through a writer, and a reader that goes away (`play --plain
//! | head`) ends the game quietly instead of a panic on a closed pipe.

use std::io::{self, BufRead, Write};

use serde_json::Value;
use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::AnySession;

/// Plays `session` on stdin/stdout, `human` at the keyboard (none: watch).
///
/// # Errors
/// A chance event left unresolved, a bot that could not move, or stdout
/// failing for any reason but its reader leaving.
pub fn run(session: Box<dyn AnySession>, human: Option<Seat>) -> Result<(), String> {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let mut out = io::stdout().lock();
    match play(session, human, &mut lines, &mut out) {
        Err(Stop::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(Stop::Io(e)) => Err(format!("stdout: {e}")),
        Err(Stop::Game(message)) => Err(message),
        Ok(()) => Ok(()),
    }
}

/// Why the line mode stopped early.
#[derive(Debug)]
pub enum Stop {
    /// Writing the output failed.
    Io(io::Error),
    /// The game could not go on.
    Game(String),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
    }
}

/// The line mode on any input lines and output.
///
/// # Errors
/// [`Stop`]: the output failed, or the game could not go on.
pub fn play(
    mut session: Box<dyn AnySession>,
    human: Option<Seat>,
    lines: &mut impl Iterator<Item = String>,
    out: &mut impl Write,
) -> Result<(), Stop> {
    let viewer = human.map_or(Viewer::Spectator, Viewer::Seat);
    let mut shown = session.step_count();
    loop {
        print_new_log(session.as_ref(), viewer, &mut shown, out)?;
        match session.to_act() {
            ToAct::Over => break,
            ToAct::Chance => return Err(Stop::Game("a chance event could not be resolved".into())),
            ToAct::Seat(seat) if Some(seat) == human => {
                writeln!(out, "\n{}", session.render(viewer))?;
                let names = session.legal_action_names();
                for (i, name) in names.iter().enumerate() {
                    writeln!(out, "  {i:>3}  {name}")?;
                }
                write!(out, "{seat}, your move (help for commands)> ")?;
                out.flush()?;
                let Some(line) = lines.next() else {
                    writeln!(out, "\n(input closed)")?;
                    return Ok(());
                };
                if !human_turn(session.as_mut(), seat, line.trim(), &mut shown, out)? {
                    return Ok(());
                }
            }
            ToAct::Seat(_) => {
                session.play_bot().map_err(|e| Stop::Game(e.to_string()))?;
            }
        }
    }
    writeln!(out, "\n{}", session.render(viewer))?;
    if let Some(end) = session.narrate_end(viewer) {
        // The game's own words: who won and why.
        writeln!(out, "game over: {end}")?;
    }
    out.flush()?;
    Ok(())
}

/// Handles one line typed by the human; false means quit.
///
/// # Errors
/// Writing to `out` failed.
pub fn human_turn(
    session: &mut dyn AnySession,
    seat: Seat,
    line: &str,
    shown: &mut usize,
    out: &mut impl Write,
) -> io::Result<bool> {
    match line {
        "q" | "quit" => return Ok(false),
        "help" | "?" | "h" => {
            for line in PLAIN_HELP {
                writeln!(out, "{line}")?;
            }
            return Ok(true);
        }
        "u" | "undo" => {
            undo_last_move(session, seat, out)?;
            *shown = (*shown).min(session.step_count());
            return Ok(true);
        }
        "log" => {
            let viewer = Viewer::Seat(seat);
            let said = session.narration(viewer);
            for (i, entry) in session.log_text(viewer).iter().enumerate() {
                let words = said.get(i).map_or("", String::as_str);
                writeln!(out, "  {i:>4}  {entry}  ({words})")?;
            }
            return Ok(true);
        }
        _ => {}
    }
    if let Some(path) = line.strip_prefix("save ") {
        match std::fs::write(path.trim(), session.replay_json()) {
            Ok(()) => writeln!(out, "replay written to {}", path.trim())?,
            Err(e) => writeln!(out, "cannot write {}: {e}", path.trim())?,
        }
        return Ok(true);
    }
    let legal = session.legal_actions();
    let action = line
        .parse::<usize>()
        .ok()
        .and_then(|i| legal.get(i).cloned())
        .or_else(|| session.parse_action(line))
        .or_else(|| serde_json::from_str::<Value>(line).ok());
    match action {
        None => writeln!(
            out,
            "not a legal action: type its number, its text or its JSON (help lists the commands)"
        )?,
        Some(a) => {
            if let Err(e) = session.act(seat, &a) {
                writeln!(out, "{e}")?;
            }
        }
    }
    Ok(true)
}

/// What `help` prints: the line commands.
pub const PLAIN_HELP: &[&str] = &[
    "type a move's number, its text (as listed) or its JSON to play it",
    "  help    this list          log     every step so far, in words",
    "  u       undo your last move (and the bots' replies)",
    "  save F  write the replay to file F (go on later with --load F)",
    "  q       quit",
];

/// Goes back to just before the human's last action, if any.
fn undo_last_move(
    session: &mut dyn AnySession,
    seat: Seat,
    out: &mut impl Write,
) -> io::Result<()> {
    let log = session.log_text(Viewer::Seat(seat));
    let prefix = format!("{seat}: ");
    match log.iter().rposition(|line| line.starts_with(&prefix)) {
        Some(step) => match session.undo_to(step) {
            Ok(()) => writeln!(out, "undone to step {step}"),
            Err(e) => writeln!(out, "{e}"),
        },
        None => writeln!(out, "nothing of yours to undo"),
    }
}

fn print_new_log(
    session: &dyn AnySession,
    viewer: Viewer,
    shown: &mut usize,
    out: &mut impl Write,
) -> io::Result<()> {
    // The game's sentences: what happened and why, as the viewer knows it.
    let log = session.narration(viewer);
    for line in log.iter().skip(*shown) {
        writeln!(out, "  · {line}")?;
    }
    *shown = log.len();
    Ok(())
}
