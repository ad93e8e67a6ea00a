//! The sequential probability ratio test on pentanomial pair counts.
//!
//! H0: the tested bot is `elo0` stronger; H1: it is `elo1` stronger (logistic
//! Elo). After each pair the log-likelihood ratio is compared with Wald's
//! bounds `ln(β / (1 − α))` and `ln((1 − β) / α)`. The ratio is the
//! generalized SPRT (GSPRT) approximation that fastchess and OpenBench use
//! for the pentanomial model (M. Van den Bergh's note): with `N` pairs, mean
//! per-game score `s`, per-pair variance `σ²` and `s0`, `s1` the expected
//! scores of `elo0`, `elo1`,
//! `LLR = N · (s1 − s0) · (2s − s0 − s1) / (2σ²)`.

use serde::{Deserialize, Serialize};

use super::{Pentanomial, score_from_elo};

/// Pairs before a verdict may be taken: on a handful of pairs the
/// variance estimate the GSPRT divides by is itself noise (five straight
/// pair wins give a tiny variance and a large ratio), so a stop there would
/// be luck, not evidence.
pub const MIN_SPRT_PAIRS: u64 = 20;

/// The hypotheses and error rates of one SPRT.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtConfig {
    /// Elo difference of H0.
    pub elo0: f64,
    /// Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// False positive rate: accepting H1 when H0 holds.
    pub alpha: f64,
    /// False negative rate: accepting H0 when H1 holds.
    pub beta: f64,
}

impl SprtConfig {
    /// The gain test: is the new bot at least 50 Elo stronger (H1) or no
    /// stronger at all (H0)? 50 Elo is the bar a new reference
    /// bot must clear; with our games' spread it decides in a few hundred pairs.
    pub const GAIN: SprtConfig = SprtConfig {
        elo0: 0.0,
        elo1: 50.0,
        alpha: 0.05,
        beta: 0.05,
    };

    /// The non-regression test: did a change (a speed-up, a refactor) lose
    /// 25 Elo or more (H0), or nothing (H1)? Accepting H1 means it is safe.
    pub const NON_REGRESSION: SprtConfig = SprtConfig {
        elo0: -25.0,
        elo1: 0.0,
        alpha: 0.05,
        beta: 0.05,
    };

    /// Lower bound: at or below it, H0 is accepted.
    #[must_use]
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Upper bound: at or above it, H1 is accepted.
    #[must_use]
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs` (0 while the
    /// pairs show no spread yet).
    #[must_use]
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let variance = pairs.pair_variance();
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let s = pairs.score();
        pairs.pairs() as f64 * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    /// What the test says after `pairs` (nothing before [`MIN_SPRT_PAIRS`]).
    #[must_use]
    pub fn verdict(&self, pairs: &Pentanomial) -> SprtVerdict {
        let llr = self.llr(pairs);
        if pairs.pairs() < MIN_SPRT_PAIRS {
            SprtVerdict::Continue
        } else if llr >= self.upper_bound() {
            SprtVerdict::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// The state of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SprtVerdict {
    /// Neither bound reached: play on (or the game cap ended the run).
    Continue,
    /// H0 accepted (no gain / a regression).
    AcceptH0,
    /// H1 accepted (a gain / no regression).
    AcceptH1,
}

/// An SPRT's settings, final ratio and verdict, for a summary.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    /// The test.
    pub config: SprtConfig,
    /// The log-likelihood ratio at the end.
    pub llr: f64,
    /// Bound for H0.
    pub lower_bound: f64,
    /// Bound for H1.
    pub upper_bound: f64,
    /// The verdict.
    pub verdict: SprtVerdict,
}

impl SprtReport {
    /// The report of `config` after `pairs`.
    #[must_use]
    pub fn new(config: SprtConfig, pairs: &Pentanomial) -> Self {
        SprtReport {
            config,
            llr: config.llr(pairs),
            lower_bound: config.lower_bound(),
            upper_bound: config.upper_bound(),
            verdict: config.verdict(pairs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wald_bounds_at_five_percent() {
        // ln(0.05 / 0.95) = −2.944439, ln(0.95 / 0.05) = 2.944439.
        let c = SprtConfig::GAIN;
        assert!((c.lower_bound() + 2.944_438_979).abs() < 1e-8);
        assert!((c.upper_bound() - 2.944_438_979).abs() < 1e-8);
    }

    #[test]
    fn llr_matches_the_gsprt_formula() {
        // Counts [5, 10, 40, 25, 20]: N = 100, s = 0.6125, σ² = 0.07171875.
        // GAIN: s0 = 0.5, s1 = 1/(1 + 10^(−50/400)) = 0.5714631174;
        // LLR = 100 · 0.0714631174 · (1.225 − 1.0714631174) / 0.1434375
        //     = 7.649481 (worked in Python) ≥ 2.944: H1 accepted.
        let pairs = Pentanomial([5, 10, 40, 25, 20]);
        let c = SprtConfig::GAIN;
        assert!((c.llr(&pairs) - 7.649_481).abs() < 1e-5);
        assert_eq!(c.verdict(&pairs), SprtVerdict::AcceptH1);
    }

    #[test]
    fn a_losing_record_accepts_h0_and_a_short_one_continues() {
        // Mirror counts: s = 0.3875, the LLR is far below −2.944.
        let losing = Pentanomial([20, 25, 40, 10, 5]);
        assert_eq!(SprtConfig::GAIN.verdict(&losing), SprtVerdict::AcceptH0);
        // Two pairs: too little evidence either way.
        let short = Pentanomial([0, 1, 0, 1, 0]);
        assert_eq!(SprtConfig::GAIN.verdict(&short), SprtVerdict::Continue);
        // Five straight pair wins and one split: a large ratio, but too few pairs.
        let lucky = Pentanomial([0, 0, 1, 0, 5]);
        assert!(SprtConfig::GAIN.llr(&lucky) > 2.95);
        assert_eq!(SprtConfig::GAIN.verdict(&lucky), SprtVerdict::Continue);
        // No spread yet: no evidence.
        assert_eq!(SprtConfig::GAIN.llr(&Pentanomial([0, 0, 3, 0, 0])), 0.0);
    }
}
