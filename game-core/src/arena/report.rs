//! The arena report: one line-up over many seeds, win rates, mean places
//! and scores per entrant. Its games are played by the match runner.

use super::runner::{Games, run_games};
use super::{BotFactory, Ending, GameSlot, MatchGame, Safety};
use crate::{Game, Outcome, Seat, Session, mix_seed};

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
/// `entrants` (one per seat, cycled if fewer), in parallel, and gathers
/// statistics.
///
/// Game `i` uses session seed `mix_seed(config.seed, i)` and each bot its
/// own stream derived from it; with `rotate_seats`, entrant `j` sits at
/// seat `(j + i) % seats`. The games are played by the match runner (the
/// one behind [`super::run_match`], with its safety nets: a bot that fails
/// or plays an illegal action forfeits, the step bound ends a game) and
/// merged in game order, so the report is the same for any thread count.
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
    let slot = |i: u64| arena_slot(&config, seats, entrants.len(), i);
    let games = Games {
        total: u64::from(config.games),
        slot: &slot,
        per_deal: 1,
        sprt: None,
        threads: config.threads,
        safety: Safety::default(),
    };
    let mut records = Vec::with_capacity(config.games as usize);
    let mut sink = |g: &MatchGame, session: &Session<G>| records.push(record(g, session));
    run_games(game, entrants, &games, Vec::new(), &mut sink, &|done| {
        progress(u32::try_from(done).unwrap_or(u32::MAX));
    });
    tally(names, seats, records)
}

/// Game `i` of an arena: its own seed, and the line-up rotated by `i`
/// seats when `rotate_seats`.
fn arena_slot(config: &ArenaConfig, seats: usize, entrants: usize, i: u64) -> GameSlot {
    let shift = if config.rotate_seats {
        (i % seats.max(1) as u64) as usize
    } else {
        0
    };
    // Seat s holds entrant (s - shift) mod seats, i.e. entrant j sits at (j + shift).
    let seating = (0..seats)
        .map(|s| (s + seats - shift) % seats % entrants.max(1))
        .collect();
    GameSlot {
        index: i,
        deal: i,
        lineup: 0,
        rotation: (seats - shift) % seats.max(1),
        seed: mix_seed(config.seed, i),
        seating,
    }
}

/// The arena's record of a game the runner played.
fn record<G: Game>(g: &MatchGame, session: &Session<G>) -> GameRecord {
    let aborted = match &g.ending {
        Ending::Finished if session.outcome().is_some() => None,
        Ending::Finished => Some("stuck on a chance event".to_owned()),
        Ending::Forfeit { seat, reason } => Some(format!("seat {seat} forfeited: {reason}")),
        Ending::MoveCap { moves } => Some(format!(
            "step bound {} reached after {moves} moves",
            session.game().max_steps()
        )),
    };
    GameRecord {
        seed: g.slot.seed,
        seating: g.slot.seating.clone(),
        steps: g.steps,
        outcome: if aborted.is_none() {
            session.outcome()
        } else {
            None
        },
        aborted,
    }
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
