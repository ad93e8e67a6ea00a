//! Measures bot strength as chess testers do: paired, seat-rotated deals,
//! Elo with a 95 % interval, LOS, an SPRT stop rule, a joint fit of many
//! bots, forfeits for broken bots, and one JSON line per game.
//!
//! ```text
//! tabletop arena --game pig --bots 'mcts(iters=200),random' --sprt gain
//! tabletop arena --game moon-base --bots heuristic,mcts,random --games 600
//! tabletop arena --game pig --bots 'exec(cmd=python3 examples/bots/random_bot.py),random'
//! tabletop arena --list-bots --game binary-scrabble
//! ```
//!
//! The results (the JSON summary, the games file) are the same bytes for
//! any `--threads`.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::time::Duration;

use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use tabletop::game_core::arena::{Safety, SprtConfig};
use tabletop::registry::{self, MatchRequest, Pairing, split_specs};

/// Measure bot strength over paired, seeded games.
#[derive(Parser, Debug)]
#[command(about = "Measure bot strength over paired, seeded games")]
pub struct Args {
    /// The game.
    #[arg(long, default_value = "pig")]
    game: String,
    /// Bot specs, comma separated: `random`, `mcts(iters=2000,c=1.4)`,
    /// `exec(cmd=python3 bot.py,ms=1000)`... (see --list-bots).
    #[arg(long, default_value = "mcts,random")]
    bots: String,
    /// The game cap: at most this many games (whole deals of every line-up
    /// and seat rotation).
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Stop rule for two bots: `elo0,elo1[,alpha,beta]`, or a preset:
    /// `gain` (0,50,0.05,0.05) or `non-regression` (-25,0,0.05,0.05).
    #[arg(long)]
    sprt: Option<String>,
    /// The first bot against each other one, instead of a round robin.
    #[arg(long)]
    gauntlet: bool,
    /// Bot moves after which a game is adjudicated a draw.
    #[arg(long)]
    max_moves: Option<usize>,
    /// Wall-clock milliseconds per move (off: results then do not depend on
    /// the machine); a bot over 1.5 × the limit forfeits.
    #[arg(long)]
    move_ms: Option<u64>,
    /// Write one JSON line per game here, as each ends.
    #[arg(long)]
    out: Option<String>,
    /// Keep the games of this earlier --out file and play only the rest;
    /// new games are appended to it (unless --out names another file).
    #[arg(long)]
    resume: Option<String>,
    /// Write the JSON summary here.
    #[arg(long)]
    summary: Option<String>,
    /// List the game's bots and their parameters, and stop.
    #[arg(long)]
    list_bots: bool,
    /// The game's config as JSON.
    #[arg(long)]
    config: Option<String>,
}

fn parse_sprt(text: &str) -> Result<SprtConfig, String> {
    match text {
        "gain" => return Ok(SprtConfig::GAIN),
        "non-regression" => return Ok(SprtConfig::NON_REGRESSION),
        _ => {}
    }
    let numbers: Vec<f64> = text
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("--sprt {text:?}: {e}"))?;
    let config = match numbers[..] {
        [elo0, elo1] => SprtConfig {
            elo0,
            elo1,
            ..SprtConfig::GAIN
        },
        [elo0, elo1, alpha, beta] => SprtConfig {
            elo0,
            elo1,
            alpha,
            beta,
        },
        _ => return Err(format!("--sprt {text:?}: give elo0,elo1[,alpha,beta]")),
    };
    let rate = |r: f64| r > 0.0 && r < 0.5;
    if !(config.elo0 < config.elo1 && rate(config.alpha) && rate(config.beta)) {
        return Err(format!(
            "--sprt {text:?}: needs elo0 < elo1 and 0 < alpha, beta < 0.5"
        ));
    }
    Ok(config)
}

/// Runs the command; an error is one line for the user.
///
/// # Errors
/// Bad options or input, said in words.
pub fn run(args: &Args) -> Result<(), String> {
    let game = registry::find(&args.game).map_err(|e| e.to_string())?;
    if args.list_bots {
        for bot in game.bot_list() {
            println!("{}", bot.name);
            for p in bot.params {
                println!("    {p}");
            }
        }
        return Ok(());
    }
    let config: Value = match &args.config {
        Some(text) => serde_json::from_str(text).map_err(|e| format!("--config: {e}"))?,
        None => Value::Null,
    };
    let resume: Vec<String> = match &args.resume {
        Some(path) => BufReader::new(File::open(path).map_err(|e| format!("{path}: {e}"))?)
            .lines()
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{path}: {e}"))?,
        None => Vec::new(),
    };
    let out_path = args.out.clone().or_else(|| args.resume.clone());
    let mut out = match &out_path {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(args.resume.as_deref() == Some(path.as_str()))
                .write(true)
                .truncate(args.resume.as_deref() != Some(path.as_str()))
                .open(path)
                .map_err(|e| format!("{path}: {e}"))?,
        ),
        None => None,
    };
    let request = MatchRequest {
        config,
        bots: split_specs(&args.bots),
        pairing: if args.gauntlet {
            Pairing::Gauntlet
        } else {
            Pairing::RoundRobin
        },
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        safety: Safety {
            max_moves: args.max_moves,
            move_time: args.move_ms.map(Duration::from_millis),
        },
        sprt: args.sprt.as_deref().map(parse_sprt).transpose()?,
    };
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let mut write_error = None;
    let mut sink = |line: String| {
        if let Some(file) = out.as_mut()
            && let Err(e) = writeln!(file, "{line}").and_then(|()| file.flush())
        {
            write_error.get_or_insert(e.to_string());
        }
    };
    let result = game
        .run_match(&request, &resume, &mut sink, &|done| bar.set_position(done))
        .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(format!("writing games: {e}"));
    }
    if let Some(path) = &args.summary {
        std::fs::write(path, format!("{result:#}\n")).map_err(|e| format!("{path}: {e}"))?;
    }
    print_tables(&args.game, &result);
    Ok(())
}

/// A number of the summary; JSON has no infinity, so an Elo bound past a
/// score of 0 or 1 arrives as `null`, read as infinite in the direction of `sign`.
fn num_or_inf(v: &Value, sign: f64) -> f64 {
    v.as_f64().unwrap_or(sign * f64::INFINITY)
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

fn print_tables(game: &str, result: &Value) {
    let s = &result["summary"];
    println!(
        "{} games of {game} ({} deals, seed {}): {} forfeits, {} at the move cap",
        s["games"], result["deals"], result["seed"], s["forfeits"], s["move_caps"]
    );
    println!(
        "{:<3} {:<28} {:>6} {:>6} {:>6} {:>7} {:>7} {:>8} {:>8} {:>18}",
        "#", "bot", "games", "win %", "forf", "place", "score", "margin", "elo", "95 % bootstrap"
    );
    let bots = s["bots"].as_array().cloned().unwrap_or_default();
    for (i, b) in bots.iter().enumerate() {
        let games = num(&b["games"]).max(1.0);
        println!(
            "{:<3} {:<28} {:>6} {:>5.1}% {:>6} {:>7.2} {:>7.2} {:>8.2} {:>8.1} {:>8.1} .. {:>6.1}",
            i,
            b["name"].as_str().unwrap_or("?"),
            b["games"],
            100.0 * num(&b["wins"]) / games,
            b["forfeits"],
            num(&b["mean_place"]),
            num(&b["mean_score"]),
            num(&b["score_margin"]),
            num(&b["elo"]),
            num(&b["elo_low"]),
            num(&b["elo_high"]),
        );
    }
    let h = &s["head_to_head"];
    if !h.is_null() {
        let e = &h["estimate"];
        println!(
            "bot 0 vs bot 1: pairs (0, ½, 1, 1½, 2 points) {}, score {:.3}, Elo {:+.1} [{:+.1}, {:+.1}] (95 %), LOS {:.1}%",
            h["pentanomial"],
            num(&e["score"]),
            num_or_inf(&e["elo"], num(&e["score"]) - 0.5),
            num_or_inf(&e["elo_low"], -1.0),
            num_or_inf(&e["elo_high"], 1.0),
            100.0 * num(&e["los"]),
        );
        let t = &h["sprt"];
        if !t.is_null() {
            println!(
                "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} in [{:.2}, {:.2}]: {}",
                t["config"]["elo0"],
                t["config"]["elo1"],
                t["config"]["alpha"],
                t["config"]["beta"],
                num(&t["llr"]),
                num(&t["lower_bound"]),
                num(&t["upper_bound"]),
                t["verdict"].as_str().unwrap_or("?"),
            );
        }
    }
    if bots.len() > 2 {
        println!("cross-table (row's points / meetings against column):");
        for (i, row) in s["cross_table"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let cells: Vec<String> = row
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .enumerate()
                .map(|(j, c)| {
                    if i == j {
                        format!("{:>12}", "-")
                    } else {
                        format!("{:>7.1}/{:<4}", num(&c["points"]), c["games"])
                    }
                })
                .collect();
            println!("{:<3} {}", i, cells.join(" "));
        }
    }
}
