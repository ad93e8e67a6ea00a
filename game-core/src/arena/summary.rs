//! The summary of a match: the per-bot columns, the head-to-head
//! statistics of two bots, the joint fit of many, and the cross-table.

use serde::{Deserialize, Serialize};

use super::{
    EloEstimate, Ending, FitConfig, MatchGame, Pentanomial, Placing, SprtConfig, SprtReport,
    bootstrap_elo, fit_elo,
};

/// Bootstrap rounds of the joint fit's error bars.
pub const BOOTSTRAP_ROUNDS: u32 = 100;

/// One bot's columns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BotColumns {
    /// The bot's spec.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games won (a share of first place).
    pub wins: u64,
    /// Games it forfeited.
    pub forfeits: u64,
    /// Mean place, 1 best.
    pub mean_place: f64,
    /// Mean score (points per game, the unit of Binary Scrabble).
    pub mean_score: f64,
    /// Mean of its score minus the best other seat's score.
    pub score_margin: f64,
    /// Joint-fit Elo (Bradley-Terry / Plackett-Luce), mean 0 over the bots.
    pub elo: f64,
    /// Lower end of the bootstrap 95 % interval.
    pub elo_low: f64,
    /// Upper end of the bootstrap 95 % interval.
    pub elo_high: f64,
}

/// Bot 0 against bot 1 on two seats, from whole pairs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeadToHead {
    /// Pair totals of bot 0.
    pub pentanomial: Pentanomial,
    /// Bot 0's score, Elo, interval and LOS.
    pub estimate: EloEstimate,
    /// The stop rule, if one ran.
    pub sprt: Option<SprtReport>,
}

/// Row bot's points against the column bot in the games both played
/// (1 a better place, ½ the same).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CrossCell {
    /// Points of the row bot.
    pub points: f64,
    /// Meetings counted.
    pub games: u64,
}

/// Everything a run reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// Games played.
    pub games: u64,
    /// Games that ended by a forfeit.
    pub forfeits: u64,
    /// Games adjudicated at the move cap.
    pub move_caps: u64,
    /// Per bot.
    pub bots: Vec<BotColumns>,
    /// Two bots on two seats: the paired statistics.
    pub head_to_head: Option<HeadToHead>,
    /// `cross_table[row][column]`.
    pub cross_table: Vec<Vec<CrossCell>>,
}

/// Half points of the tested bot (entrant 0) against entrant 1 in a game:
/// 2 for a better place, 1 for the same, 0 for a worse one.
fn half_points(game: &MatchGame) -> Option<u8> {
    let seat_of = |e| game.slot.seating.iter().position(|&x| x == e);
    let (a, b) = (seat_of(0)?, seat_of(1)?);
    let places = &game.outcome.places;
    let (pa, pb) = (places.get(a)?, places.get(b)?);
    Some(match pa.cmp(pb) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    })
}

/// The pair totals (0 to 4 half points of entrant 0) of the whole deals in
/// `games` (in schedule order, two games a deal).
#[must_use]
pub fn head_to_head_pairs(games: &[MatchGame]) -> Vec<u8> {
    let mut out = Vec::new();
    for pair in games.chunk_by(|x, y| x.slot.deal == y.slot.deal && x.slot.lineup == y.slot.lineup)
    {
        if pair.len() == 2
            && let (Some(x), Some(y)) = (half_points(&pair[0]), half_points(&pair[1]))
        {
            out.push(x + y);
        }
    }
    out
}

/// The summary of `games` between bots `names`, with `seed` for the bootstrap.
#[must_use]
pub fn summarize(
    names: &[String],
    games: &[MatchGame],
    seats: usize,
    sprt: Option<SprtConfig>,
    seed: u64,
) -> MatchSummary {
    let n = names.len();
    let mut bots: Vec<BotColumns> = names
        .iter()
        .map(|name| BotColumns {
            name: name.clone(),
            ..BotColumns::default()
        })
        .collect();
    let mut sums = vec![(0u64, 0i64, 0i64); n];
    let mut cross = vec![vec![CrossCell::default(); n]; n];
    let (mut forfeits, mut move_caps) = (0, 0);
    for g in games {
        let o = &g.outcome;
        match &g.ending {
            Ending::Finished => {}
            Ending::Forfeit { seat, .. } => {
                forfeits += 1;
                if let Some(&e) = g.slot.seating.get(usize::from(*seat)) {
                    bots[e].forfeits += 1;
                }
            }
            Ending::MoveCap { .. } => move_caps += 1,
        }
        for (s, &e) in g.slot.seating.iter().enumerate() {
            let score = o.scores.get(s).copied().unwrap_or(0);
            let best_other = (0..g.slot.seating.len())
                .filter(|&t| t != s)
                .filter_map(|t| o.scores.get(t).copied())
                .max()
                .unwrap_or(score);
            let b = &mut bots[e];
            b.games += 1;
            b.wins += u64::from(o.is_win(crate::Seat(s as u8)));
            sums[e].0 += u64::from(o.places.get(s).copied().unwrap_or(0));
            sums[e].1 += score;
            sums[e].2 += score - best_other;
            for (t, &f) in g.slot.seating.iter().enumerate() {
                if t == s || e == f {
                    continue;
                }
                let cell = &mut cross[e][f];
                cell.games += 1;
                cell.points += match o.places.get(s).cmp(&o.places.get(t)) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
            }
        }
    }
    for (b, (place, score, margin)) in bots.iter_mut().zip(&sums) {
        let d = b.games.max(1) as f64;
        b.mean_place = *place as f64 / d;
        b.mean_score = *score as f64 / d;
        b.score_margin = *margin as f64 / d;
    }
    let placings: Vec<Placing> = games
        .iter()
        .map(|g| {
            g.slot
                .seating
                .iter()
                .enumerate()
                .map(|(s, &e)| (e, g.outcome.places.get(s).copied().unwrap_or(0)))
                .collect()
        })
        .collect();
    let refs: Vec<&Placing> = placings.iter().collect();
    let fit = FitConfig::default();
    let elo = fit_elo(n, &refs, fit);
    let mut deals: Vec<Vec<Placing>> = Vec::new();
    let mut last_deal = None;
    for (g, p) in games.iter().zip(&placings) {
        match deals.last_mut() {
            Some(deal) if last_deal == Some(g.slot.deal) => deal.push(p.clone()),
            Some(_) | None => deals.push(vec![p.clone()]),
        }
        last_deal = Some(g.slot.deal);
    }
    let bars = bootstrap_elo(n, &deals, fit, BOOTSTRAP_ROUNDS, seed);
    for (i, b) in bots.iter_mut().enumerate() {
        b.elo = elo[i];
        (b.elo_low, b.elo_high) = bars[i];
    }
    let head_to_head = (n == 2 && seats == 2).then(|| {
        let mut pentanomial = Pentanomial::default();
        for p in head_to_head_pairs(games) {
            pentanomial.add(p);
        }
        HeadToHead {
            pentanomial,
            estimate: EloEstimate::from_pentanomial(&pentanomial),
            sprt: sprt.map(|c| SprtReport::new(c, &pentanomial)),
        }
    });
    MatchSummary {
        games: games.len() as u64,
        forfeits,
        move_caps,
        bots,
        head_to_head,
        cross_table: cross,
    }
}
