//! How hard is each MOON level? Plays seeded cooperative games per
//! difficulty with the optimal-solver bot and prints the win rate, mean
//! rounds and mean score of each.
//!
//! ```text
//! tabletop moon balance --games 500
//! tabletop moon balance --games 200 --width 6 --events
//! tabletop moon balance --games 500 --threads 1
//! ```
//!
//! Games run on every core (`--threads`); the figures are the same for any
//! thread count.
//!
//! The bot follows a cheapest plan to the current goal (its start when the
//! energy left does not pay for all of it), so the numbers measure the
//! deck and the energy budget, not a weak player.

use clap::Parser;
use game_core::parallel::map_in_order;
use game_core::{Bot, BotView, GameRng, Session, TeamResult, ToAct, mix_seed};
use indicatif::{ProgressBar, ProgressStyle};
use moon_core::{ALL_EVENTS, Config, Difficulty, Moon, MoonOutcome, SolverBot};

/// Win rate and length of cooperative MOON games per difficulty, solver bot.
#[derive(Parser, Debug)]
#[command(about = "Win rate and length of cooperative MOON games per difficulty, solver bot")]
pub struct Args {
    /// Games per difficulty.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Master seed; game i of a level uses mix_seed(seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Register width, 4 to 8.
    #[arg(long, default_value_t = 4)]
    width: u8,
    /// Shuffle all 17 event cards into the deck.
    #[arg(long)]
    events: bool,
    /// Worker threads (0: one per core). The figures do not depend on it:
    /// game i always plays from the same seed, and the tally adds games in
    /// order.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    rounds: u64,
    score: u64,
}

/// Runs the command; an error is one line for the user.
///
/// # Errors
/// Bad options or input, said in words.
pub fn run(args: &Args) -> Result<(), String> {
    let total = u64::from(args.games) * Difficulty::ALL.len() as u64;
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {msg} ({eta} left)")
            .map_err(|e| e.to_string())?,
    );
    let mut rows = Vec::new();
    for difficulty in Difficulty::ALL {
        bar.set_message(format!("{difficulty:?}"));
        let tally = play_level(args, difficulty, || bar.inc(1))?;
        rows.push((difficulty, tally));
    }
    bar.finish_and_clear();
    println!(
        "{} cooperative games per level, {} bits{}, solver bot, seed {}",
        args.games,
        args.width,
        if args.events { ", all events" } else { "" },
        args.seed
    );
    println!(
        "{:<10} {:>6} {:>6} {:>9} {:>12} {:>11}",
        "level", "games", "wins", "win rate", "mean rounds", "mean score"
    );
    for (difficulty, t) in rows {
        let n = f64::from(t.games.max(1));
        println!(
            "{:<10} {:>6} {:>6} {:>8.1}% {:>12.2} {:>11.2}",
            format!("{difficulty:?}"),
            t.games,
            t.wins,
            100.0 * f64::from(t.wins) / n,
            t.rounds as f64 / n,
            t.score as f64 / n
        );
    }
    Ok(())
}

/// The cooperative config of one level under `args`.
fn level_config(args: &Args, difficulty: Difficulty) -> Config {
    Config {
        width: args.width,
        events: if args.events {
            ALL_EVENTS.to_vec()
        } else {
            Vec::new()
        },
        ..Config::cooperative(difficulty)
    }
}

/// Plays the level's games on `args.threads` threads; game `i` plays from
/// `mix_seed(args.seed, i)`, so the tally is the same for any thread count.
fn play_level(
    args: &Args,
    difficulty: Difficulty,
    tick: impl Fn() + Sync,
) -> Result<Tally, String> {
    let game = <Moon as game_core::Game>::new(level_config(args, difficulty))
        .map_err(|e| e.to_string())?;
    let ends = map_in_order(
        args.games as usize,
        args.threads,
        // A worker's solver keeps its cache between games: the cache saves
        // time, the plan found is the same.
        SolverBot::new,
        |bot, i| play_one(&game, bot, mix_seed(args.seed, i as u64)),
        tick,
    );
    let mut tally = Tally::default();
    for (i, end) in ends.into_iter().enumerate() {
        match end? {
            MoonOutcome::Cooperative {
                result,
                score,
                rounds,
            } => {
                tally.games += 1;
                tally.wins += u32::from(result == TeamResult::Won);
                tally.rounds += u64::from(rounds);
                tally.score += u64::from(score);
            }
            other @ MoonOutcome::Competitive { .. } => {
                return Err(format!("game {i} ended as {other:?}"));
            }
        }
    }
    Ok(tally)
}

/// One seeded game with the solver bot in every seat, to its outcome.
fn play_one(game: &Moon, bot: &mut SolverBot, seed: u64) -> Result<MoonOutcome, String> {
    let mut session = Session::with_game(game.clone(), seed);
    let mut rng = GameRng::new(seed);
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let view = BotView::new(session.game(), session.state(), seat, &legal, false);
        let action = bot.select(&view, &mut rng);
        session.act(seat, &action).map_err(|e| e.to_string())?;
    }
    game.moon_outcome(session.state())
        .ok_or_else(|| format!("the game of seed {seed} stopped before its end"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(threads: usize) -> Args {
        Args {
            games: 8,
            seed: 5,
            width: 4,
            events: true,
            threads,
        }
    }

    /// The figures are the same for any thread count.
    #[test]
    fn tallies_do_not_depend_on_the_thread_count() {
        // The hardest level, with events: the most varied games.
        let difficulty = Difficulty::ALL[Difficulty::ALL.len() - 1];
        let one = play_level(&args(1), difficulty, || {}).unwrap();
        assert_eq!(one.games, 8);
        let many = play_level(&args(3), difficulty, || {}).unwrap();
        assert_eq!(
            (many.games, many.wins, many.rounds, many.score),
            (one.games, one.wins, one.rounds, one.score)
        );
    }
}
