//! The first arena: one line-up over many seeds, win rates and mean places.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{Bot, BotView, Game, GameRng, Outcome, Seat, Session, ToAct, mix_seed};

/// Builds a fresh bot for one game: given the seat it plays.
pub type BotFactory<'a, G> = dyn Fn(Seat) -> Box<dyn Bot<G>> + Sync + 'a;

/// How to run an arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// How many games.
    pub games: u32,
    /// Master seed: game `i` is played with seed `mix_seed(seed, i)`.
    pub seed: u64,
    /// Worker threads (0: one per available core). Results do not depend on it.
    pub threads: usize,
    /// Rotate seats: in game `i`, entrant `j` sits at seat `(j + i) % seats`,
    /// so no entrant keeps the first-player advantage.
    pub rotate_seats: bool,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            games: 100,
            seed: 0,
            threads: 0,
            rotate_seats: true,
        }
    }
}

/// Statistics of one entrant (a bot line-up position) over an arena.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntrantStats {
    /// The bot's name.
    pub name: String,
    /// Finished games played.
    pub games: u32,
    /// Games won (first place, shared or not, or a team win).
    pub wins: u32,
    /// Sum of places, for the mean.
    pub place_sum: u64,
    /// Sum of scores, for the mean.
    pub score_sum: i64,
    /// Lowest score.
    pub score_min: Option<i64>,
    /// Highest score.
    pub score_max: Option<i64>,
    /// Games played at each seat.
    pub seat_games: Vec<u32>,
}

impl EntrantStats {
    /// Share of games won, 0 to 1.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        ratio(i64::from(self.wins), self.games)
    }

    /// Mean place (1 is best).
    #[must_use]
    pub fn mean_place(&self) -> f64 {
        ratio(self.place_sum as i64, self.games)
    }

    /// Mean score.
    #[must_use]
    pub fn mean_score(&self) -> f64 {
        ratio(self.score_sum, self.games)
    }
}

fn ratio(sum: i64, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        sum as f64 / f64::from(n)
    }
}

/// One game of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The session seed, to replay this game.
    pub seed: u64,
    /// Entrant index at each seat.
    pub seating: Vec<usize>,
    /// Steps played.
    pub steps: usize,
    /// How it ended; `None` if it was aborted.
    pub outcome: Option<Outcome>,
    /// Why it was aborted (a bot played an illegal action, or the step bound was hit).
    pub aborted: Option<String>,
}

/// The result of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaReport {
    /// Per entrant, in line-up order.
    pub entrants: Vec<EntrantStats>,
    /// Team wins (cooperative games) over finished games.
    pub team_wins: u32,
    /// Finished games.
    pub finished: u32,
    /// Every game in seed order.
    pub games: Vec<GameRecord>,
}

/// Plays `config.games` games of `game` between the bots built by
/// `entrants` (one per seat), in parallel, and gathers statistics.
///
/// Each game `i` uses session seed `mix_seed(config.seed, i)` and each bot
/// its own stream derived from it, and results are merged in game order,
/// so the report is the same for any thread count.
pub fn run_arena<G: Game>(
    game: &G,
    entrants: &[&BotFactory<'_, G>],
    config: ArenaConfig,
    progress: &(dyn Fn(u32) + Sync),
) -> ArenaReport {
    let seats = game.seats();
    let names: Vec<String> = entrants
        .iter()
        .enumerate()
        .map(|(j, f)| f(Seat(j as u8)).name())
        .collect();
    let games = play_all(game, entrants, &config, progress, seats);
    tally(names, seats, games)
}

/// Plays every game on up to `config.threads` threads (0: one per core),
/// each taking the next game index; returns the records in game order.
fn play_all<G: Game>(
    game: &G,
    entrants: &[&BotFactory<'_, G>],
    config: &ArenaConfig,
    progress: &(dyn Fn(u32) + Sync),
    seats: usize,
) -> Vec<GameRecord> {
    let threads = if config.threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        config.threads
    }
    .clamp(1, (config.games as usize).max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let records: Mutex<Vec<(usize, GameRecord)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games as usize {
                        break;
                    }
                    let record = play_one(game, entrants, config, i, seats);
                    if let Ok(mut r) = records.lock() {
                        r.push((i, record));
                    }
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(finished as u32);
                }
            });
        }
    });
    let mut records = records.into_inner().unwrap_or_else(|e| e.into_inner());
    records.sort_by_key(|(i, _)| *i);
    records.into_iter().map(|(_, r)| r).collect()
}

/// Per-entrant statistics over the finished games, in line-up order.
fn tally(names: Vec<String>, seats: usize, games: Vec<GameRecord>) -> ArenaReport {
    let mut stats: Vec<EntrantStats> = names
        .into_iter()
        .map(|name| EntrantStats {
            name,
            seat_games: vec![0; seats],
            ..EntrantStats::default()
        })
        .collect();
    let mut team_wins = 0;
    let mut finished = 0;
    for record in &games {
        let Some(outcome) = &record.outcome else {
            continue;
        };
        finished += 1;
        if outcome.team == Some(crate::TeamResult::Won) {
            team_wins += 1;
        }
        for (seat_index, &entrant) in record.seating.iter().enumerate() {
            let seat = Seat(seat_index as u8);
            let st = &mut stats[entrant];
            let score = outcome.scores.get(seat_index).copied().unwrap_or(0);
            st.games += 1;
            st.wins += u32::from(outcome.is_win(seat));
            st.place_sum += u64::from(outcome.places.get(seat_index).copied().unwrap_or(0));
            st.score_sum += score;
            st.score_min = Some(st.score_min.map_or(score, |m| m.min(score)));
            st.score_max = Some(st.score_max.map_or(score, |m| m.max(score)));
            st.seat_games[seat_index] += 1;
        }
    }
    ArenaReport {
        entrants: stats,
        team_wins,
        finished,
        games,
    }
}

fn play_one<G: Game>(
    game: &G,
    entrants: &[&BotFactory<'_, G>],
    config: &ArenaConfig,
    i: usize,
    seats: usize,
) -> GameRecord {
    let seed = mix_seed(config.seed, i as u64);
    let shift = if config.rotate_seats {
        i % seats.max(1)
    } else {
        0
    };
    // Seat s holds entrant (s - shift) mod seats, i.e. entrant j sits at (j + shift).
    let seating: Vec<usize> = (0..seats)
        .map(|s| (s + seats - shift) % seats % entrants.len().max(1))
        .collect();
    let mut bots: Vec<Box<dyn Bot<G>>> = seating
        .iter()
        .enumerate()
        .map(|(s, &e)| entrants[e](Seat(s as u8)))
        .collect();
    let mut rngs: Vec<GameRng> = (0..seats)
        .map(|s| GameRng::new(mix_seed(seed, s as u64 + 1)))
        .collect();
    let mut session = Session::with_game(game.clone(), seed);
    let mut legal = Vec::new();
    let limit = game.max_steps();
    let mut aborted = None;
    while let ToAct::Seat(seat) = session.to_act() {
        if session.step_count() >= limit {
            aborted = Some(format!("step bound {limit} reached"));
            break;
        }
        game.legal_actions(session.state(), seat, &mut legal);
        let Some(bot) = bots.get_mut(seat.index()) else {
            aborted = Some(format!("no bot for {seat}"));
            break;
        };
        let view = BotView::new(game, session.state(), seat, &legal, bot.is_omniscient());
        let action = bot.select(&view, &mut rngs[seat.index()]);
        if let Err(e) = session.act(seat, &action) {
            aborted = Some(format!("{} at {seat} played {action:?}: {e}", bot.name()));
            break;
        }
    }
    if aborted.is_none() && session.to_act() == ToAct::Chance {
        aborted = Some("stuck on a chance event".to_owned());
    }
    GameRecord {
        seed,
        seating,
        steps: session.step_count(),
        outcome: session.outcome(),
        aborted,
    }
}
