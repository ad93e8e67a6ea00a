//! Builds Binary Scrabble's leave table by self-play: the data file
//! `binary-scrabble-core/data/leaves.txt` that `LeaveTableBot` and the
//! simulating bot read.
//!
//! ```text
//! tabletop scrabble leaves --games 4000 --rounds 1 \
//!     --out binary-scrabble-core/data/leaves.txt
//! ```
//!
//! Each round plays `--games` seeded games of the leave-table bot against
//! itself, with the table of the round before (the first round starts from
//! `--from`, or from zero: plain greedy play). For every turn taken while
//! the bag still held tiles it notes the leave kept and what the same seat
//! scored on its next turn. A leave's value is how much more than the
//! average next turn it led to: an additive fit per class and count (so
//! every key gets a value), plus each key's own mean residual shrunk
//! towards 0 by `--prior` pseudo-samples. Results depend only on the flags,
//! not on `--threads`.

use std::time::Instant;

use clap::Parser;
use tabletop::binary_scrabble::{
    Action, Config, LEAVE_CLASSES, LeaveKey, LeaveTable, LeaveTableBot, MoveGen, Scrabble,
};
use tabletop::game_core::{Game, GameRng, ToAct};

/// Learn Binary Scrabble's leave table by self-play.
#[derive(Parser, Debug)]
#[command(about = "Learn Binary Scrabble's leave table by self-play")]
pub struct Args {
    /// Games per round.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Rounds; each plays with the table the round before learned.
    #[arg(long, default_value_t = 2)]
    rounds: u32,
    /// The starting table (default: all zero).
    #[arg(long)]
    from: Option<String>,
    /// Where to write the table.
    #[arg(long, default_value = "leaves.txt")]
    out: String,
    /// Master seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (0: one per core). The table does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Pseudo-samples that pull a key's own residual towards the fit.
    #[arg(long, default_value_t = 30.0)]
    prior: f64,
}

/// Per key: samples and the sum of next-turn scores.
#[derive(Clone)]
struct Tally {
    n: Vec<u64>,
    sum: Vec<i64>,
}

impl Tally {
    fn new(keys: usize) -> Self {
        Tally {
            n: vec![0; keys],
            sum: vec![0; keys],
        }
    }

    fn merge(&mut self, other: &Tally) {
        for i in 0..self.n.len() {
            self.n[i] += other.n[i];
            self.sum[i] += other.sum[i];
        }
    }
}

/// One self-play game; adds its samples to `tally`.
fn play_game(
    game: &Scrabble,
    bot: &LeaveTableBot,
    seed: u64,
    keys: &[LeaveKey],
    tally: &mut Tally,
) {
    let mut rng = GameRng::new(seed);
    let mut s = game.initial_state();
    let mut mg = MoveGen::new(game);
    let mut chances = Vec::new();
    // Per seat: the key index of its last leave still waiting for a result.
    let mut waiting: [Option<usize>; 2] = [None, None];
    for _ in 0..game.max_steps() {
        match game.to_act(&s) {
            ToAct::Over => break,
            ToAct::Chance => {
                game.chance_outcomes(&s, &mut chances);
                let Some(&c) = rng.pick(&chances) else { break };
                if game.apply_chance(&mut s, &c).is_err() {
                    break;
                }
            }
            ToAct::Seat(seat) => {
                let rack = s.racks[seat];
                let bag = s.bag.total();
                let a = bot.choose(game, &mut mg, &s.board, &rack, bag);
                let before = s.scores[seat];
                if game.apply(&mut s, seat, &a).is_err()
                    && game.apply(&mut s, seat, &Action::Pass).is_err()
                {
                    break;
                }
                let gained = i64::from(s.scores[seat] - before);
                let i = seat.index().min(1);
                if let Some(k) = waiting[i].take() {
                    tally.n[k] += 1;
                    tally.sum[k] += gained;
                }
                if bag > 0 {
                    let keep = match a {
                        Action::Play(p) => rack.checked_sub(&p.rack_use()),
                        Action::Exchange(t) => rack.checked_sub(&t),
                        Action::Pass | Action::HiddenExchange(_) => Some(rack),
                    };
                    waiting[i] = keep
                        .and_then(|k| LeaveKey::of(&k))
                        .and_then(|k| keys.binary_search(&k).ok());
                }
            }
        }
    }
}

/// The leave values learned from a tally.
fn fit(tally: &Tally, keys: &[LeaveKey], prior: f64) -> LeaveTable {
    let total_n: u64 = tally.n.iter().sum();
    let total_sum: i64 = tally.sum.iter().sum();
    let mean = total_sum as f64 / total_n.max(1) as f64;
    // Additive model: value(key) = Σ_c g[c][count_c], fit by backfitting
    // on the keys' mean deviations, weighted by their samples.
    let mut g = [[0.0f64; 10]; LEAVE_CLASSES];
    let dev: Vec<f64> = (0..keys.len())
        .map(|i| {
            if tally.n[i] == 0 {
                0.0
            } else {
                tally.sum[i] as f64 / tally.n[i] as f64 - mean
            }
        })
        .collect();
    for _ in 0..50 {
        for c in 0..LEAVE_CLASSES {
            let mut num = [0.0f64; 10];
            let mut den = [0.0f64; 10];
            for (i, k) in keys.iter().enumerate() {
                if tally.n[i] == 0 {
                    continue;
                }
                let others: f64 = (0..LEAVE_CLASSES)
                    .filter(|&d| d != c)
                    .map(|d| g[d][usize::from(k.0[d])])
                    .sum();
                let w = tally.n[i] as f64;
                num[usize::from(k.0[c])] += w * (dev[i] - others);
                den[usize::from(k.0[c])] += w;
            }
            // Counts never seen take the nearest seen count's term.
            let mut last = 0.0;
            for n in 0..10 {
                if den[n] > 0.0 {
                    g[c][n] = num[n] / den[n];
                    last = g[c][n];
                } else {
                    g[c][n] = last;
                }
            }
        }
    }
    let values = keys.iter().enumerate().map(|(i, k)| {
        let additive: f64 = (0..LEAVE_CLASSES).map(|c| g[c][usize::from(k.0[c])]).sum();
        let n = tally.n[i] as f64;
        let resid = if tally.n[i] == 0 {
            0.0
        } else {
            (dev[i] - additive) * n / (n + prior)
        };
        (*k, (additive + resid) as f32)
    });
    LeaveTable::from_values(values)
}

/// Plays a round's `games` self-play games on `threads` threads. Game g
/// always plays from the same seed and a tally is a sum of integers, so
/// the round's tally does not depend on `threads`.
fn play_round(
    game: &Scrabble,
    bot: &LeaveTableBot,
    keys: &[LeaveKey],
    (games, seed, round): (u64, u64, u32),
    threads: usize,
) -> Tally {
    let parts: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut tally = Tally::new(keys.len());
                    let mut g = t as u64;
                    while g < games {
                        let s = seed
                            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                            .wrapping_add(u64::from(round) << 32)
                            .wrapping_add(g);
                        play_game(game, bot, s, keys, &mut tally);
                        g += threads as u64;
                    }
                    tally
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut tally = Tally::new(keys.len());
    for p in &parts {
        tally.merge(p);
    }
    tally
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let game = Scrabble::new(Config::default())?;
    let keys = LeaveKey::all();
    let mut table = match &args.from {
        Some(path) => LeaveTable::parse(&std::fs::read_to_string(path)?)?,
        None => LeaveTable::zero(),
    };
    let threads = tabletop::game_core::parallel::thread_count(
        args.threads,
        usize::try_from(args.games).unwrap_or(usize::MAX),
    );
    let start = Instant::now();
    let mut total = Tally::new(keys.len());
    for round in 0..args.rounds {
        let table_ref: &'static LeaveTable = Box::leak(Box::new(table.clone()));
        let bot = LeaveTableBot {
            table: table_ref,
            weight: 1.0,
        };
        let tally = play_round(&game, &bot, &keys, (args.games, args.seed, round), threads);
        // Each round learns from its own games only: the later rounds'
        // play is closer to the bot's.
        total.merge(&tally);
        table = fit(&tally, &keys, args.prior);
        let samples: u64 = tally.n.iter().sum();
        let seen = tally.n.iter().filter(|&&n| n > 0).count();
        // Written after every round, so a long run leaves a usable table.
        let header = format!(
            "Binary Scrabble leave values (points), by self-play of the leave-table bot.\n\
             Generated by: tabletop scrabble leaves --games {} --rounds {} --seed {} --prior {}\n\
             After round {} of {}; samples over the rounds so far: {}",
            args.games,
            args.rounds,
            args.seed,
            args.prior,
            round + 1,
            args.rounds,
            total.n.iter().sum::<u64>()
        );
        std::fs::write(&args.out, table.to_text(&header))?;
        eprintln!(
            "round {}: {} games, {samples} samples, {seen} keys seen, {:.0} s; wrote {}",
            round + 1,
            args.games,
            start.elapsed().as_secs_f64(),
            args.out
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rounds_tally_does_not_depend_on_the_thread_count() {
        let game = Scrabble::new(Config::default()).unwrap();
        let keys = LeaveKey::all();
        let table = LeaveTable::zero();
        let bot = LeaveTableBot {
            table: Box::leak(Box::new(table)),
            weight: 1.0,
        };
        let one = play_round(&game, &bot, &keys, (3, 5, 0), 1);
        let three = play_round(&game, &bot, &keys, (3, 5, 0), 3);
        assert!(one.n.iter().sum::<u64>() > 0);
        assert_eq!(one.n, three.n);
        assert_eq!(one.sum, three.sum);
    }
}
