//! One joint rating of every bot from the places of every game:
//! Plackett-Luce on the finishing order (Bradley-Terry when two seats
//! play), fitted by Hunter's MM algorithm (Ann. Statist. 32, 2004), with
//! bootstrap error bars over deals.
//!
//! A bot `i` has a strength `γ_i`; the first place of a game goes to `i`
//! with probability `γ_i / Σ γ` over the seats still unplaced, and so on.
//! Tied places count as every order of the tied bots, each with equal
//! weight (so a two-seat draw is half a win each). Ratings are reported
//! as Elo, `400 · log10 γ`, centred on a mean of 0.

use crate::GameRng;

/// The places of one game: `(entrant, place)` per seat, place 1 best.
pub type Placing = Vec<(usize, u8)>;

/// How the fit runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Virtual games each bot plays against a fixed phantom of strength 1
    /// (one win and one loss per unit): keeps a bot that won or lost
    /// everything finite. 0 fits the bare likelihood.
    pub prior_games: f64,
    /// MM iterations at most.
    pub iterations: u32,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            prior_games: 1.0,
            iterations: 500,
        }
    }
}

/// The Elo of each of `entrants` bots, mean 0, fitted to `games`.
#[must_use]
pub fn fit_elo(entrants: usize, games: &[&Placing], config: FitConfig) -> Vec<f64> {
    let orders: Vec<(Vec<usize>, f64)> = games.iter().flat_map(|g| weighted_orders(g)).collect();
    let mut gamma = vec![1.0; entrants];
    for _ in 0..config.iterations {
        let mut wins = vec![config.prior_games; entrants];
        let mut denominators = vec![0.0; entrants];
        for (i, d) in denominators.iter_mut().enumerate() {
            *d = 2.0 * config.prior_games / (gamma[i] + 1.0);
        }
        for (order, weight) in &orders {
            for t in 0..order.len().saturating_sub(1) {
                let rest = &order[t..];
                let total: f64 = rest.iter().map(|&e| gamma[e]).sum();
                wins[order[t]] += weight;
                for &e in rest {
                    denominators[e] += weight / total;
                }
            }
        }
        let mut change: f64 = 0.0;
        for i in 0..entrants {
            if denominators[i] > 0.0 && wins[i] > 0.0 {
                let next = wins[i] / denominators[i];
                change = change.max((next.ln() - gamma[i].ln()).abs());
                gamma[i] = next;
            }
        }
        normalise(&mut gamma);
        if change < 1e-12 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// 95 % bootstrap intervals of [`fit_elo`]: `rounds` refits on deals drawn
/// with replacement from `deals` (the games of one deal stay together, as
/// they share the cards), from a seeded stream so the bars are the same on
/// every run. Returns `(low, high)` per bot.
#[must_use]
pub fn bootstrap_elo(
    entrants: usize,
    deals: &[Vec<Placing>],
    config: FitConfig,
    rounds: u32,
    seed: u64,
) -> Vec<(f64, f64)> {
    if deals.is_empty() || rounds == 0 {
        return vec![(0.0, 0.0); entrants];
    }
    let mut rng = GameRng::new(seed);
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); entrants];
    for _ in 0..rounds {
        let drawn: Vec<&Placing> = (0..deals.len())
            .flat_map(|_| {
                let d = rng.below_u64(deals.len() as u64) as usize;
                deals[d].iter()
            })
            .collect();
        for (i, elo) in fit_elo(entrants, &drawn, config).into_iter().enumerate() {
            samples[i].push(elo);
        }
    }
    samples
        .into_iter()
        .map(|mut s| {
            s.sort_by(f64::total_cmp);
            (percentile(&s, 0.025), percentile(&s, 0.975))
        })
        .collect()
}

/// The `q` quantile of sorted `s` (nearest rank).
fn percentile(s: &[f64], q: f64) -> f64 {
    let i = ((s.len() as f64 - 1.0) * q).round() as usize;
    s[i.min(s.len() - 1)]
}

/// Scales `gamma` to a geometric mean of 1 (Elo mean 0).
fn normalise(gamma: &mut [f64]) {
    if gamma.is_empty() {
        return;
    }
    let mean_log = gamma.iter().map(|g| g.ln()).sum::<f64>() / gamma.len() as f64;
    for g in gamma.iter_mut() {
        *g /= mean_log.exp();
    }
}

/// Every finishing order consistent with `placing` and its weight: the
/// tied groups' orders, each `1 / (product of group sizes!)`.
fn weighted_orders(placing: &Placing) -> Vec<(Vec<usize>, f64)> {
    let mut sorted = placing.clone();
    sorted.sort_by_key(|&(e, p)| (p, e));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for (e, p) in sorted {
        if last == Some(p) {
            if let Some(g) = groups.last_mut() {
                g.push(e);
            }
        } else {
            groups.push(vec![e]);
        }
        last = Some(p);
    }
    let mut orders: Vec<(Vec<usize>, f64)> = vec![(Vec::new(), 1.0)];
    for group in &groups {
        let perms = permutations(group);
        let w = 1.0 / perms.len() as f64;
        orders = orders
            .into_iter()
            .flat_map(|(prefix, pw)| {
                perms.iter().map(move |p| {
                    let mut o = prefix.clone();
                    o.extend_from_slice(p);
                    (o, pw * w)
                })
            })
            .collect();
    }
    orders
}

/// All orders of `items` (few: a tie among a handful of seats).
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repeat(placing: Placing, n: usize) -> Vec<Placing> {
        vec![placing; n]
    }

    #[test]
    fn bradley_terry_recovers_a_consistent_record_exactly() {
        // A beats B 3:1, B beats C 3:1, A beats C 9:1. γ = (9, 3, 1) solves
        // the likelihood equations exactly (A: 12 wins = 4·9/12 + 10·9/10;
        // B: 4 wins = 4·3/12 + 4·3/4), so centred Elo is 400·log10(3) =
        // 190.8485 for A, 0 for B, −190.8485 for C.
        let mut games = Vec::new();
        games.extend(repeat(vec![(0, 1), (1, 2)], 3));
        games.extend(repeat(vec![(1, 1), (0, 2)], 1));
        games.extend(repeat(vec![(1, 1), (2, 2)], 3));
        games.extend(repeat(vec![(2, 1), (1, 2)], 1));
        games.extend(repeat(vec![(0, 1), (2, 2)], 9));
        games.extend(repeat(vec![(2, 1), (0, 2)], 1));
        let refs: Vec<&Placing> = games.iter().collect();
        let config = FitConfig {
            prior_games: 0.0,
            iterations: 10_000,
        };
        let elo = fit_elo(3, &refs, config);
        assert!((elo[0] - 190.848_502).abs() < 1e-4, "{elo:?}");
        assert!(elo[1].abs() < 1e-4, "{elo:?}");
        assert!((elo[2] + 190.848_502).abs() < 1e-4, "{elo:?}");
    }

    #[test]
    fn a_draw_is_half_a_win_each() {
        // A beats B once, one draw: 1.5 wins to 0.5, γA/γB = 3, 190.85 Elo apart.
        let games = [vec![(0, 1), (1, 2)], vec![(0, 1), (1, 1)]];
        let refs: Vec<&Placing> = games.iter().collect();
        let config = FitConfig {
            prior_games: 0.0,
            iterations: 10_000,
        };
        let elo = fit_elo(2, &refs, config);
        assert!((elo[0] - elo[1] - 190.848_502).abs() < 1e-4, "{elo:?}");
    }

    #[test]
    fn plackett_luce_on_three_seats_orders_by_strength_and_is_symmetric() {
        // Every rotation of the order 0 > 1 > 2 once: all equal.
        let even = [
            vec![(0, 1), (1, 2), (2, 3)],
            vec![(1, 1), (2, 2), (0, 3)],
            vec![(2, 1), (0, 2), (1, 3)],
        ];
        let refs: Vec<&Placing> = even.iter().collect();
        let elo = fit_elo(3, &refs, FitConfig::default());
        assert!(elo.iter().all(|e| e.abs() < 1e-6), "{elo:?}");
        // 0 first twice, 1 first once, never 2: 0 > 1 > 2.
        let skewed = [
            vec![(0, 1), (1, 2), (2, 3)],
            vec![(0, 1), (2, 2), (1, 3)],
            vec![(1, 1), (0, 2), (2, 3)],
        ];
        let refs: Vec<&Placing> = skewed.iter().collect();
        let elo = fit_elo(3, &refs, FitConfig::default());
        assert!(elo[0] > elo[1] && elo[1] > elo[2], "{elo:?}");
    }

    #[test]
    fn the_prior_keeps_a_clean_sweep_finite() {
        let games = repeat(vec![(0, 1), (1, 2)], 5);
        let refs: Vec<&Placing> = games.iter().collect();
        let elo = fit_elo(2, &refs, FitConfig::default());
        assert!(elo[0].is_finite() && elo[0] > 0.0, "{elo:?}");
    }

    #[test]
    fn bootstrap_is_seeded_and_brackets_the_fit() {
        let deals: Vec<Vec<Placing>> = (0..30)
            .map(|i| {
                if i % 3 == 0 {
                    vec![vec![(1, 1), (0, 2)], vec![(0, 1), (1, 2)]]
                } else {
                    vec![vec![(0, 1), (1, 2)], vec![(0, 1), (1, 2)]]
                }
            })
            .collect();
        let a = bootstrap_elo(2, &deals, FitConfig::default(), 50, 7);
        assert_eq!(a, bootstrap_elo(2, &deals, FitConfig::default(), 50, 7));
        let all: Vec<&Placing> = deals.iter().flatten().collect();
        let elo = fit_elo(2, &all, FitConfig::default());
        assert!(a[0].0 <= elo[0] && elo[0] <= a[0].1, "{a:?} {elo:?}");
        assert!(a[0].0 > 0.0, "{a:?}");
    }
}
