//! Runs a match on several threads and merges the games in schedule
//! order, so the results (and the stop of an SPRT) never depend on the
//! thread count.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::{BotFactory, MatchGame, Pentanomial, Safety, Schedule, SprtConfig, SprtVerdict};
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
    let total = schedule.len();
    let per_deal = schedule.games_per_deal().max(1);
    let sprt = config
        .sprt
        .filter(|_| schedule.seats == 2 && schedule.lineups == [vec![0, 1]]);
    let threads = if config.threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        config.threads
    }
    .clamp(1, usize::try_from(total).unwrap_or(usize::MAX).max(1));

    let resumed: BTreeMap<u64, MatchGame> = resumed
        .into_iter()
        .filter(|g| g.slot.index < total && g.slot == schedule.slot(g.slot.index))
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
                        .then(|| play_guarded(game, entrants, &schedule.slot(i), config.safety));
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
