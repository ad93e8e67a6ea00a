//! Play any registered game in the terminal: against bots, hot seat, or
//! watching bots play.
//!
//! ```text
//! tabletop play                                     # solo MOON
//! tabletop play --game binary-scrabble --bots greedy
//! tabletop play --game moon-base --seat 0,1         # hot seat
//! tabletop play --game market-island --watch
//! tabletop play --load game.json                    # go on from a replay
//! tabletop play --plain                             # line mode
//! ```
//!
//! `cargo run --release` from the workspace root starts `tabletop play`.
//! The `tabletop` command (crate `tabletop-cli`) flattens [`PlayArgs`]
//! into its command line and calls [`run`]; an app can do the same.
//!
//! One screen shows the position drawn for the game, the last moves and a
//! palette of the legal actions that filters as you type (with each move's
//! cost or score where the game has one). `?` shows the keys and a rules
//! summary; Ctrl-T asks the game's best bot for a hint and says why;
//! Ctrl-Z undoes; Ctrl-S saves the replay; Ctrl-Q quits with a summary.
//! `--plain` keeps the first line-by-line `play` for scripts and screen
//! readers (`u` undo, `log`, `save FILE`, `q`).

// Key codes and observation JSON are foreign, open-ended enums, not rules
// (STYLE.md 3 is about rule variants): a key or field the game does not
// use falls through to a message or a plain rendering on purpose.
#![allow(clippy::wildcard_enum_match_arm)]

mod app;
mod hint;
mod keys;
mod palette;
mod plain;
mod rules;
mod screens;
mod terminal;
#[cfg(test)]
mod tests;
mod theme;
mod ui;

use std::io::IsTerminal;

use clap::Parser;
use serde_json::Value;
use tabletop::game_core::Seat;
use tabletop::registry::{self, AnySession};

/// Command line of `tabletop play`.
#[derive(Parser, Debug, Clone)]
#[command(
    about = "Play a tabletop game in the terminal against bots",
    after_help = "Examples:\n  tabletop play --game binary-scrabble --bots greedy\n  tabletop play --game moon-base --seat 0,1   # hot seat\n  tabletop play --plain                       # line mode, for scripts"
)]
pub struct PlayArgs {
    /// The game (see --list).
    #[arg(long, default_value = "moon")]
    pub game: String,
    /// The session seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bots for the other seats, comma separated (e.g. "random,mcts"), in
    /// the arena's spec strings; a program bot too:
    /// `exec(cmd=python3 examples/bots/random_bot.py)`.
    #[arg(long, default_value = "mcts")]
    pub bots: String,
    /// Your seat; several, comma separated, play hot seat on one screen
    /// (e.g. "0,1"), each seeing only its own view.
    #[arg(long, default_value = "0")]
    pub seat: String,
    /// The game's config as JSON (fields left out take their defaults).
    #[arg(long)]
    pub config: Option<String>,
    /// Let bots play every seat and watch (Space pauses, + and - set the speed).
    #[arg(long)]
    pub watch: bool,
    /// Milliseconds between bot moves when watching.
    #[arg(long, default_value_t = 300)]
    pub speed_ms: u64,
    /// Go on from a replay file (as written by save); --game is read from it.
    #[arg(long)]
    pub load: Option<String>,
    /// Where Ctrl-S writes the replay (default: GAME-SEED.replay.json).
    #[arg(long)]
    pub save: Option<String>,
    /// The line mode of old: print the position and numbered actions, read a
    /// line (also chosen when stdin or stdout is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// List the games and their bots.
    #[arg(long)]
    pub list: bool,
}

/// Plays the game `args` asks for until the player quits.
///
/// # Errors
/// A bad option, config, replay file or bot spec, or a terminal that
/// cannot be used, as one line of text.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    if args.list {
        for g in registry::games() {
            println!("{:16} bots: {}", g.name(), g.bot_names().join(", "));
        }
        return Ok(());
    }
    let app = prepare(args)?;
    // Scripts that pipe moves in, or read the output, get the line mode.
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if args.plain || !terminal {
        for (seat, name) in &app.bots {
            println!("{seat}: bot {name}");
        }
        let human = app.humans.first().copied();
        return plain::run(app.session, human);
    }
    terminal::run(app)
}

/// The game `args` asks for, with its seats and bots, before any screen.
///
/// # Errors
/// As [`run`].
fn prepare(args: &PlayArgs) -> Result<app::App, String> {
    let session = open(args)?;
    // A loaded replay plays on with its own seed (bots, hints and the
    // save name follow it), not the command line's default.
    let seed = if args.load.is_some() {
        replay_seed(&session.replay_json()).unwrap_or(args.seed)
    } else {
        args.seed
    };
    let humans = if args.watch {
        Vec::new()
    } else {
        parse_seats(&args.seat)?
    };
    // Commas inside a spec's brackets (`exec(cmd=..,ms=..)`) stay in it.
    let bots: Vec<String> = registry::split_specs(&args.bots)
        .into_iter()
        .filter(|b| !b.trim().is_empty())
        .collect();
    let save_path = args
        .save
        .clone()
        .unwrap_or_else(|| format!("{}-{seed}.replay.json", session.game_name()));
    let mut app = app::App::new(session, humans, &bots, seed, save_path)?;
    if let Some(w) = app.watch.as_mut() {
        w.delay_ms = args.speed_ms;
    }
    Ok(app)
}

/// The session asked for: a replay to go on from, or a new game.
fn open(args: &PlayArgs) -> Result<Box<dyn AnySession>, String> {
    if let Some(path) = &args.load {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let name = registry::replay_game_name(&text).map_err(|e| e.to_string())?;
        let game = registry::find(&name).map_err(|e| e.to_string())?;
        return game.load_replay(&text).map_err(|e| e.to_string());
    }
    let game = registry::find(&args.game).map_err(|e| e.to_string())?;
    let config: Value = match &args.config {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--config: {e}"))?,
        None => Value::Null,
    };
    game.open(&config, args.seed).map_err(|e| e.to_string())
}

/// The seed a replay records (a string in JSON, DESIGN.md).
pub fn replay_seed(replay_json: &str) -> Option<u64> {
    let replay: Value = serde_json::from_str(replay_json).ok()?;
    match &replay["seed"] {
        Value::String(text) => text.parse().ok(),
        other => other.as_u64(),
    }
}

/// `--seat 0` or `--seat 0,1`.
fn parse_seats(text: &str) -> Result<Vec<Seat>, String> {
    let mut seats = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let n: u8 = part
            .parse()
            .map_err(|_| format!("--seat {text:?}: seats are numbers like 0 or 0,1"))?;
        if !seats.contains(&Seat(n)) {
            seats.push(Seat(n));
        }
    }
    if seats.is_empty() {
        return Err("--seat: name at least one seat (or use --watch)".into());
    }
    Ok(seats)
}
