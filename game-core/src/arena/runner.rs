//! The one runner of every arena: plays games on several threads, each
//! with the safety nets of [`play_guarded`], and merges them in order, so
//! the results (and the stop of an SPRT) never depend on the thread count.
//! [`run_match`] runs a [`Schedule`] of paired deals;
//! [`super::run_arena`] runs its series of seeds on the same runner.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::{
    BotFactory, GameSlot, MatchGame, Pentanomial, Safety, Schedule, SprtConfig, SprtVerdict,
};
use super::{head_to_head_pairs, play_guarded};
use crate::{Game, Session};

/// How to run a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The games: line-ups, deals (the game cap is deals × games per deal), seed.
    pub schedule: Schedule,
    /// Worker threads (0: one per available core). Results do not depend on it.
    pub threads: usize,
    /// Move cap and move time.
    pub safety: Safety,
    /// Stop rule, checked after each whole deal of a two-bot, two-seat match.
    pub sprt: Option<SprtConfig>,
}

/// Called once per newly played game, in schedule order, with its session
/// (for the replay): where a caller streams results to a file.
pub type GameSink<'s, G> = dyn FnMut(&MatchGame, &Session<G>) + Send + 's;

/// Plays `config.schedule` between `entrants` (indexed by the line-ups),
/// skipping the games in `resumed` (from an earlier run's file), and
/// returns every game in schedule order, up to an SPRT verdict if one came.
pub fn run_match<G: Game>(
    game: &G,
    entrants: &[&BotFactory<'_, G>],
    config: &MatchConfig,
    resumed: Vec<MatchGame>,
    sink: &mut GameSink<'_, G>,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<MatchGame> {
    let schedule = &config.schedule;
    let sprt = config
        .sprt
        .filter(|_| schedule.seats == 2 && schedule.lineups == [vec![0, 1]]);
    let games = Games {
        total: schedule.len(),
        slot: &|i| schedule.slot(i),
        per_deal: schedule.games_per_deal().max(1),
        sprt,
        threads: config.threads,
        safety: config.safety,
    };
    run_games(game, entrants, &games, resumed, sink, progress)
}

/// The games a run plays: how many, which (by index), and how.
pub(super) struct Games<'a> {
    /// Games in all.
    pub total: u64,
    /// Game `i`: its seed and seating.
    pub slot: &'a (dyn Fn(u64) -> GameSlot + Sync),
    /// Games per deal: an SPRT is checked after each whole deal.
    pub per_deal: u64,
    /// Stop rule, for a two-bot, two-seat run.
    pub sprt: Option<SprtConfig>,
    /// Worker threads (0: one per available core).
    pub threads: usize,
    /// Move cap and move time.
    pub safety: Safety,
}

/// The one runner of every arena: plays `games` between `entrants` on
/// several threads with [`play_guarded`], skipping `resumed`, and merges
/// them in index order (each new one through `sink`), so results never
/// depend on the thread count.
pub(super) fn run_games<G: Game>(
    game: &G,
    entrants: &[&BotFactory<'_, G>],
    games: &Games<'_>,
    resumed: Vec<MatchGame>,
    sink: &mut GameSink<'_, G>,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<MatchGame> {
    let total = games.total;
    let per_deal = games.per_deal.max(1);
    let sprt = games.sprt;
    let threads = if games.threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        games.threads
    }
    .clamp(1, usize::try_from(total).unwrap_or(usize::MAX).max(1));

    let resumed: BTreeMap<u64, MatchGame> = resumed
        .into_iter()
        .filter(|g| g.slot.index < total && g.slot == (games.slot)(g.slot.index))
        .map(|g| (g.slot.index, g))
        .collect();
    let next = AtomicU64::new(0);
    let stopped = AtomicBool::new(false);
    let merge = Mutex::new(Merge {
        pending: BTreeMap::new(),
        resumed,
        committed: Vec::new(),
        pairs: Pentanomial::default(),
        verdict_reached: false,
        sink,
    });
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    if stopped.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let played = {
                        let Ok(m) = merge.lock() else { break };
                        !m.resumed.contains_key(&i)
                    };
                    let result = played
                        .then(|| play_guarded(game, entrants, &(games.slot)(i), games.safety));
                    let Ok(mut m) = merge.lock() else { break };
                    if let Some(result) = result {
                        m.pending.insert(i, result);
                    }
                    if m.commit_ready(per_deal, sprt) {
                        stopped.store(true, Ordering::Relaxed);
                    }
                    progress(m.committed.len() as u64);
                }
            });
        }
    });
    let m = merge.into_inner().unwrap_or_else(|e| e.into_inner());
    m.committed
}

/// Games waiting to be merged in order.
struct Merge<'a, 's, G: Game> {
    pending: BTreeMap<u64, (MatchGame, Session<G>)>,
    resumed: BTreeMap<u64, MatchGame>,
    committed: Vec<MatchGame>,
    pairs: Pentanomial,
    verdict_reached: bool,
    sink: &'a mut GameSink<'s, G>,
}

impl<G: Game> Merge<'_, '_, G> {
    /// Merges every game that is next in order; true once an SPRT verdict
    /// stops the match (nothing after that deal is merged).
    fn commit_ready(&mut self, per_deal: u64, sprt: Option<SprtConfig>) -> bool {
        if self.verdict_reached {
            return true;
        }
        loop {
            let i = self.committed.len() as u64;
            let record = if let Some(old) = self.resumed.remove(&i) {
                old
            } else if let Some((record, session)) = self.pending.remove(&i) {
                (self.sink)(&record, &session);
                record
            } else {
                return false;
            };
            self.committed.push(record);
            if i % per_deal == per_deal - 1
                && let Some(sprt) = sprt
            {
                let start = self.committed.len() - per_deal as usize;
                for p in head_to_head_pairs(&self.committed[start..]) {
                    self.pairs.add(p);
                }
                if sprt.verdict(&self.pairs) != SprtVerdict::Continue {
                    self.pending.clear();
                    self.resumed.clear();
                    self.verdict_reached = true;
                    return true;
                }
            }
        }
    }
}
