//! Elo difference, its 95 % interval and the likelihood of superiority,
//! from a pentanomial score (the logistic Elo model of chess testers).

use serde::{Deserialize, Serialize};

use super::Pentanomial;

/// The two-sided 95 % quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference that gives an expected score `score`
/// (0.5 is 0; 0 and 1 are infinite).
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a bot `elo` points stronger: `1 / (1 + 10^(−elo/400))`.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function Φ(x).
#[must_use]
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function, to about 1.2e-7 (Numerical Recipes'
/// Chebyshev fit), enough for a reported probability.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The strength of the tested bot against the other, from paired games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Mean score per game, 0 to 1.
    pub score: f64,
    /// Elo difference (positive: the tested bot is stronger).
    pub elo: f64,
    /// Lower end of the 95 % interval.
    pub elo_low: f64,
    /// Upper end of the 95 % interval.
    pub elo_high: f64,
    /// Likelihood of superiority: the probability the tested bot is the
    /// stronger one, Φ((score − ½) / standard error).
    pub los: f64,
}

impl EloEstimate {
    /// The estimate of `pairs`: the score's normal interval mapped to Elo.
    #[must_use]
    pub fn from_pentanomial(pairs: &Pentanomial) -> Self {
        let score = pairs.score();
        let error = pairs.score_error();
        let los = if error > 0.0 {
            normal_cdf((score - 0.5) / error)
        } else if score > 0.5 {
            1.0
        } else if score < 0.5 {
            0.0
        } else {
            0.5
        };
        EloEstimate {
            score,
            elo: elo_from_score(score),
            elo_low: elo_from_score(score - Z95 * error),
            elo_high: elo_from_score(score + Z95 * error),
            los,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        // −400·log10(1/0.75 − 1) = 400·log10(3) = 190.848...; 0.5 is 0.
        assert!((elo_from_score(0.75) - 190.848_501_9).abs() < 1e-6);
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!((score_from_elo(190.848_501_9) - 0.75).abs() < 1e-9);
        // 50 Elo: 1 / (1 + 10^(−0.125)) = 0.571463117...
        assert!((score_from_elo(50.0) - 0.571_463_117).abs() < 1e-9);
    }

    #[test]
    fn normal_cdf_of_known_points() {
        // Tables: Φ(0) = 0.5, Φ(1.959964) = 0.975, Φ(−1) = 0.158655.
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(Z95) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }

    #[test]
    fn estimate_matches_the_published_formulas() {
        // Counts [5, 10, 40, 25, 20]: score 0.6125, standard error 0.02678036
        // (see pentanomial.rs). Elo = −400·log10(1/0.6125 − 1) = 79.5338;
        // interval: score ∓ 1.959964·0.02678036 = 0.560012 / 0.664988, that is
        // 41.9022 to 119.1018 Elo; LOS = Φ(0.1125 / 0.02678036) = Φ(4.2008)
        // = 0.9999867 (worked with Python's math.erf).
        let e = EloEstimate::from_pentanomial(&Pentanomial([5, 10, 40, 25, 20]));
        assert!((e.elo - 79.533_754).abs() < 1e-5, "{e:?}");
        assert!((e.elo_low - 41.902_224).abs() < 1e-5, "{e:?}");
        assert!((e.elo_high - 119.101_795).abs() < 1e-5, "{e:?}");
        assert!((e.los - 0.999_986_7).abs() < 1e-6, "{e:?}");
    }

    #[test]
    fn an_even_result_is_zero_elo_and_even_odds() {
        let e = EloEstimate::from_pentanomial(&Pentanomial([10, 20, 40, 20, 10]));
        assert!(e.elo.abs() < 1e-9);
        assert!((e.elo_low + e.elo_high).abs() < 1e-9);
        assert!((e.los - 0.5).abs() < 1e-7);
    }
}
