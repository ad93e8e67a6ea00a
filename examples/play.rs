//! Play any registered game in the terminal against bots.
//!
//! ```text
//! cargo run --release --example play -- --game moon --seed 7 --bots mcts
//! cargo run --release --example play -- --game pig --watch      # bots only
//! ```
//!
//! You sit at `--seat` (default 0); the other seats are played by `--bots`
//! (a comma-separated list, cycled over the other seats). Each turn shows
//! what your seat sees and the numbered legal actions: type a number, the
//! action's text, or its JSON. `u` undoes your last move, `log` prints your
//! log, `save FILE` writes the replay, `q` quits.

use std::io::{BufRead, Write};

use clap::Parser;
use serde_json::Value;
use tabletop::game_core::{Seat, ToAct, Viewer, mix_seed};
use tabletop::registry::{self, AnySession};

#[derive(Parser)]
#[command(about = "Play a tabletop game in the terminal against bots")]
struct Args {
    /// The game (see --list).
    #[arg(long, default_value = "moon")]
    game: String,
    /// The session seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots for the other seats, comma separated (e.g. "random,mcts").
    #[arg(long, default_value = "mcts")]
    bots: String,
    /// Your seat.
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The game's config as JSON (fields left out take their defaults).
    #[arg(long)]
    config: Option<String>,
    /// Let bots play every seat and watch.
    #[arg(long)]
    watch: bool,
    /// List the games and their bots.
    #[arg(long)]
    list: bool,
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}

fn run(args: &Args) -> Result<(), String> {
    if args.list {
        for g in registry::games() {
            println!("{:16} bots: {}", g.name(), g.bot_names().join(", "));
        }
        return Ok(());
    }
    let game = registry::find(&args.game).map_err(|e| e.to_string())?;
    let config: Value = match &args.config {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--config: {e}"))?,
        None => Value::Null,
    };
    let mut session = game.open(&config, args.seed).map_err(|e| e.to_string())?;
    let human = (!args.watch).then_some(Seat(args.seat));
    if let Some(h) = human
        && h.index() >= session.seats()
    {
        return Err(format!(
            "--seat {} but the game has {} seats",
            h.0,
            session.seats()
        ));
    }
    let bots: Vec<&str> = args
        .bots
        .split(',')
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .collect();
    let bots = if bots.is_empty() {
        vec!["random"]
    } else {
        bots
    };
    let mut next_bot = 0;
    for seat in Seat::all(session.seats()) {
        if Some(seat) == human {
            continue;
        }
        let name = bots[next_bot % bots.len()];
        next_bot += 1;
        session
            .set_bot(seat, name, mix_seed(args.seed, u64::from(seat.0) + 1))
            .map_err(|e| e.to_string())?;
        println!("{seat}: bot {name}");
    }
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
                if !human_turn(session.as_mut(), seat, line.trim(), &mut shown)? {
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
fn human_turn(
    session: &mut dyn AnySession,
    seat: Seat,
    line: &str,
    shown: &mut usize,
) -> Result<bool, String> {
    match line {
        "q" | "quit" => return Ok(false),
        "u" | "undo" => {
            undo_last_move(session, seat);
            *shown = (*shown).min(session.step_count());
            return Ok(true);
        }
        "log" => {
            for (i, entry) in session.log_text(Viewer::Seat(seat)).iter().enumerate() {
                println!("  {i:>4}  {entry}");
            }
            return Ok(true);
        }
        _ => {}
    }
    if let Some(path) = line.strip_prefix("save ") {
        match std::fs::write(path.trim(), session.replay_json()) {
            Ok(()) => println!("replay written to {}", path.trim()),
            Err(e) => println!("cannot write {}: {e}", path.trim()),
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
        None => println!("not a legal action: type its number, its text or its JSON"),
        Some(a) => {
            if let Err(e) = session.act(seat, &a) {
                println!("{e}");
            }
        }
    }
    Ok(true)
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
