//! Bots against bots over many seeds, with a progress bar and a summary.
//!
//! ```text
//! cargo run --release --example arena -- --game pig --bots random,mcts --games 200
//! ```
//!
//! Seats rotate between games so no bot keeps the first move; the report
//! is the same for any `--threads`.

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use tabletop::game_core::ArenaConfig;
use tabletop::registry;

#[derive(Parser)]
#[command(about = "Play bots against each other over many seeded games")]
struct Args {
    /// The game.
    #[arg(long, default_value = "pig")]
    game: String,
    /// Bots, one per seat, comma separated (cycled if fewer than seats).
    #[arg(long, default_value = "random,mcts")]
    bots: String,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Master seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Keep seats fixed instead of rotating them.
    #[arg(long)]
    fixed_seats: bool,
    /// The game's config as JSON.
    #[arg(long)]
    config: Option<String>,
}

fn main() {
    let args = Args::parse();
    if let Err(message) = run(&args) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let game = registry::find(&args.game).map_err(|e| e.to_string())?;
    let config: Value = match &args.config {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--config: {e}"))?,
        None => Value::Null,
    };
    let bots: Vec<String> = args
        .bots
        .split(',')
        .map(|b| b.trim().to_owned())
        .filter(|b| !b.is_empty())
        .collect();
    let bar = ProgressBar::new(u64::from(args.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let report = game
        .arena(
            &config,
            &bots,
            ArenaConfig {
                games: args.games,
                seed: args.seed,
                threads: args.threads,
                rotate_seats: !args.fixed_seats,
            },
            &|done| bar.set_position(u64::from(done)),
        )
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();

    println!(
        "{} games of {} ({} finished, {} aborted), seed {}",
        args.games,
        args.game,
        report.finished,
        report.games.len() as u32 - report.finished,
        args.seed
    );
    println!(
        "{:<3} {:<16} {:>6} {:>6} {:>7} {:>10} {:>10} {:>8} {:>8}",
        "#", "bot", "games", "wins", "win %", "mean place", "mean score", "min", "max"
    );
    for (i, e) in report.entrants.iter().enumerate() {
        println!(
            "{:<3} {:<16} {:>6} {:>6} {:>6.1}% {:>10.2} {:>10.2} {:>8} {:>8}",
            i,
            e.name,
            e.games,
            e.wins,
            100.0 * e.win_rate(),
            e.mean_place(),
            e.mean_score(),
            e.score_min.map_or("-".into(), |v| v.to_string()),
            e.score_max.map_or("-".into(), |v| v.to_string()),
        );
    }
    if report.team_wins > 0
        || report
            .games
            .iter()
            .any(|g| g.outcome.as_ref().is_some_and(|o| o.team.is_some()))
    {
        println!("team wins: {} of {}", report.team_wins, report.finished);
    }
    for g in report.games.iter().filter(|g| g.aborted.is_some()).take(5) {
        println!(
            "aborted game seed {}: {}",
            g.seed,
            g.aborted.as_deref().unwrap_or("")
        );
    }
    Ok(())
}
