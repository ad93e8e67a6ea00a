//! Per-pair (pentanomial) counts: the statistic of paired, seat-rotated deals.
//!
//! Both games of a deal share the cards, so their results are correlated;
//! counting each pair's total (0, ½, 1, 1½ or 2 points out of 2) keeps that
//! correlation in the variance, as fastchess and OpenBench do, instead of
//! pretending the two games were independent.

use serde::{Deserialize, Serialize};

/// How many pairs ended with each total for the tested bot: index `k` is
/// `k / 2` points out of 2 (0: lost both, 4: won both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Adds a pair scored `half_points` (0 to 4) for the tested bot; larger
    /// values are clamped to 4.
    pub fn add(&mut self, half_points: u8) {
        self.0[usize::from(half_points.min(4))] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Mean score per game, 0 to 1 (0.5 for no pairs).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        self.weighted(|x| x) / n as f64
    }

    /// Variance of one pair's per-game score (its total over 2), the
    /// spread the confidence interval and the SPRT divide by.
    #[must_use]
    pub fn pair_variance(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let mean = self.score();
        self.weighted(|x| (x - mean) * (x - mean)) / n as f64
    }

    /// Standard error of [`Pentanomial::score`].
    #[must_use]
    pub fn score_error(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        (self.pair_variance() / n as f64).sqrt()
    }

    /// Σ count(k) · f(k / 4).
    fn weighted(&self, f: impl Fn(f64) -> f64) -> f64 {
        self.0
            .iter()
            .enumerate()
            .map(|(k, &count)| count as f64 * f(k as f64 / 4.0))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_and_variance_match_hand_numbers() {
        // Counts [5, 10, 40, 25, 20] over 100 pairs, per-game values 0, ¼, ½, ¾, 1:
        // score = (10·0.25 + 40·0.5 + 25·0.75 + 20·1) / 100 = 0.6125;
        // variance = Σ p_k (x_k − 0.6125)² = 0.05·0.37515625 + 0.10·0.13140625
        //   + 0.40·0.01265625 + 0.25·0.01890625 + 0.20·0.15015625 = 0.07171875;
        // standard error = √(0.07171875 / 100) = 0.0267803566
        let p = Pentanomial([5, 10, 40, 25, 20]);
        assert_eq!(p.pairs(), 100);
        assert!((p.score() - 0.6125).abs() < 1e-12);
        assert!((p.pair_variance() - 0.071_718_75).abs() < 1e-12);
        assert!((p.score_error() - 0.026_780_357).abs() < 1e-8);
    }

    #[test]
    fn no_pairs_is_an_even_score_without_spread() {
        let p = Pentanomial::default();
        assert_eq!(p.score(), 0.5);
        assert_eq!(p.score_error(), 0.0);
    }

    #[test]
    fn add_counts_each_total() {
        let mut p = Pentanomial::default();
        for h in [0, 2, 2, 4, 9] {
            p.add(h);
        }
        assert_eq!(p.0, [1, 0, 2, 0, 2]);
    }
}
