//! Load a replay file, verify every step, and print or step through it.
//!
//! ```text
//! cargo run --release --example replay -- game.json            # verify, summary
//! cargo run --release --example replay -- game.json --print    # every step
//! cargo run --release --example replay -- game.json --step     # Enter to advance
//! cargo run --release --example replay -- game.json --viewer 1 # as seat 1 saw it
//! ```

use std::io::BufRead;

use clap::Parser;
use tabletop::game_core::{Seat, Viewer};
use tabletop::registry;

#[derive(Parser)]
#[command(about = "Verify and print a replay file")]
struct Args {
    /// The replay file (JSON).
    file: String,
    /// Print every step of the log.
    #[arg(long)]
    print: bool,
    /// Step through the game, showing the position after each step.
    #[arg(long)]
    step: bool,
    /// See the game as this seat did (default: everything, as a spectator
    /// sees public information plus the omniscient step list).
    #[arg(long)]
    viewer: Option<u8>,
}

fn main() {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => {}
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file))?;
    let name = registry::replay_game_name(&text).map_err(|e| e.to_string())?;
    let game = registry::find(&name).map_err(|e| e.to_string())?;
    let session = game.load_replay(&text).map_err(|e| e.to_string())?;
    let viewer = match args.viewer {
        Some(v) if usize::from(v) < session.seats() => Viewer::Seat(Seat(v)),
        Some(v) => {
            return Err(format!(
                "--viewer {v}: the game has {} seats",
                session.seats()
            ));
        }
        None => Viewer::Spectator,
    };
    println!(
        "verified: {} replay, {} steps, every step legal",
        name,
        session.step_count()
    );
    let log = session.log_text(viewer);
    if args.print {
        for (i, line) in log.iter().enumerate() {
            println!("{i:>5}  {line}");
        }
    }
    if args.step {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        for (i, line) in log.iter().enumerate() {
            let mut at = session.clone_box();
            at.set_auto_chance(false);
            at.undo_to(i + 1).map_err(|e| e.to_string())?;
            println!("\n-- step {i}: {line}\n{}", at.render(viewer));
            if lines.next().is_none() {
                break;
            }
        }
    }
    println!("\n{}", session.render(viewer));
    match session.outcome() {
        Some(o) => println!(
            "game over: scores {:?}, places {:?}{}",
            o.scores,
            o.places,
            o.team.map_or(String::new(), |t| format!(", team {t:?}"))
        ),
        None => println!("the game is not over: {:?} to act", session.to_act()),
    }
    Ok(())
}
