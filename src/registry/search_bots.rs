//! The shared search bots' specs: `mcts` budgets, and the information-set
//! search `ismcts(iters=..,c=..,playout=..)` and the determinizing
//! `pimc(worlds=..,iters=..,c=..,playout=..)` of game-core.

use std::sync::Arc;

use game_core::{
    Bot, Determinize, IsMcts, IsMctsConfig, Pimc, PimcConfig, Playout, Seat, UniformPlayout,
};

use super::entry::BotMaker;
use super::matches::BotInfo;
use super::spec::{BotSpec, SpecError};
use super::{MAX_MCTS_ITERATIONS, RegistryError, cap_quote};

/// Builds a fresh playout policy of a game.
pub type PlayoutMaker<G> = Arc<dyn Fn() -> Box<dyn Playout<G>> + Send + Sync>;

/// What a game's search bots start from: the plain `mcts` budget and the
/// game's informed playout policy, if it has one.
pub struct SearchDefaults<G> {
    /// Iterations per move of `mcts` (and the default of `ismcts`).
    pub mcts_iterations: u32,
    /// The game's informed playout policy (`playout=informed`).
    pub playout: Option<PlayoutMaker<G>>,
}

impl<G> Clone for SearchDefaults<G> {
    fn clone(&self) -> Self {
        SearchDefaults {
            mcts_iterations: self.mcts_iterations,
            playout: self.playout.clone(),
        }
    }
}

impl<G: Determinize> SearchDefaults<G> {
    /// The default worlds of `pimc`.
    const PIMC_WORLDS: u32 = 20;

    /// The default iterations per world of `pimc`: a tenth of `mcts`'s, so
    /// a move costs twice a default `mcts` move.
    fn pimc_iterations(&self) -> u32 {
        (self.mcts_iterations / 10).max(1)
    }

    /// The bot `spec` names when it is `ismcts` or `pimc`; `None` for another name.
    ///
    /// # Errors
    /// A bad parameter, or a budget above [`MAX_MCTS_ITERATIONS`]
    /// (for `pimc`, worlds × iterations).
    pub fn maker(&self, spec: &BotSpec, text: &str) -> Result<Option<BotMaker<G>>, RegistryError> {
        match spec.name.as_str() {
            "ismcts" => {
                spec.only(&["iters", "c", "bias", "playout"])?;
                let mut config = IsMctsConfig {
                    iterations: self.mcts_iterations,
                    ..IsMctsConfig::default()
                };
                if let Some(n) = budget(spec, text, "iters")? {
                    config.iterations = n;
                }
                if let Some(c) = exploration(spec)? {
                    config.exploration = c;
                }
                if let Some(b) = non_negative(spec, "bias")? {
                    config.bias = b;
                }
                let playout = self.playout_for(spec)?;
                Ok(Some(Arc::new(move |_: &G, _: Seat| match &playout {
                    Some(p) => Box::new(IsMcts::with_playout(config, p())) as Box<dyn Bot<G>>,
                    None => Box::new(IsMcts::with_playout(config, UniformPlayout)),
                })))
            }
            "pimc" => {
                spec.only(&["worlds", "iters", "c", "bias", "playout"])?;
                let mut config = PimcConfig {
                    worlds: Self::PIMC_WORLDS,
                    iterations: self.pimc_iterations(),
                    ..PimcConfig::default()
                };
                if let Some(w) = spec.parsed::<u32>("worlds", "a whole number")? {
                    config.worlds = w;
                }
                if let Some(n) = spec.parsed::<u32>("iters", "a whole number")? {
                    config.iterations = n;
                }
                let asked = u64::from(config.worlds) * u64::from(config.iterations);
                if asked > u64::from(MAX_MCTS_ITERATIONS) {
                    return Err(RegistryError::BotBudget {
                        name: cap_quote(text),
                        asked,
                        max: MAX_MCTS_ITERATIONS,
                    });
                }
                if let Some(c) = exploration(spec)? {
                    config.exploration = c;
                }
                if let Some(b) = non_negative(spec, "bias")? {
                    config.bias = b;
                }
                let playout = self.playout_for(spec)?;
                Ok(Some(Arc::new(move |_: &G, _: Seat| match &playout {
                    Some(p) => Box::new(Pimc::with_playout(config, p())) as Box<dyn Bot<G>>,
                    None => Box::new(Pimc::with_playout(config, UniformPlayout)),
                })))
            }
            _ => Ok(None),
        }
    }

    /// The policy `playout=` asks for: `informed` (the default when the
    /// game has one) or `random`.
    fn playout_for(&self, spec: &BotSpec) -> Result<Option<PlayoutMaker<G>>, SpecError> {
        match spec.get("playout") {
            None => Ok(self.playout.clone()),
            Some("random") => Ok(None),
            Some("informed") if self.playout.is_some() => Ok(self.playout.clone()),
            Some(other) => Err(SpecError::BadValue {
                bot: cap_quote(&spec.name),
                param: "playout".into(),
                value: cap_quote(other),
                expected: if self.playout.is_some() {
                    "random or informed"
                } else {
                    "random (this game has no informed playout)"
                },
            }),
        }
    }

    /// `--list-bots` entries of `ismcts` and `pimc`.
    pub fn infos(&self) -> Vec<BotInfo> {
        let playout = if self.playout.is_some() {
            "playout=informed (default: the game's heuristic policy) or random"
        } else {
            "playout=random (the only policy of this game)"
        };
        let bias = format!(
            "bias=progressive bias toward the informed policy's move (default {})",
            IsMctsConfig::default().bias
        );
        vec![
            BotInfo {
                name: "ismcts".into(),
                params: vec![
                    format!(
                        "iters=iterations per move (default {}; at most {MAX_MCTS_ITERATIONS})",
                        self.mcts_iterations
                    ),
                    format!(
                        "c=UCB exploration constant (default {})",
                        IsMctsConfig::default().exploration
                    ),
                    bias.clone(),
                    playout.into(),
                ],
            },
            BotInfo {
                name: "pimc".into(),
                params: vec![
                    format!(
                        "worlds=determinizations per move (default {})",
                        Self::PIMC_WORLDS
                    ),
                    format!(
                        "iters=MCTS iterations per world (default {}; worlds × iters at most {MAX_MCTS_ITERATIONS})",
                        self.pimc_iterations()
                    ),
                    format!(
                        "c=UCB exploration constant (default {})",
                        PimcConfig::default().exploration
                    ),
                    bias,
                    playout.into(),
                ],
            },
        ]
    }
}

/// `key` as an iteration budget, at most [`MAX_MCTS_ITERATIONS`].
fn budget(spec: &BotSpec, text: &str, key: &str) -> Result<Option<u32>, RegistryError> {
    let Some(asked) = spec.parsed::<u64>(key, "a whole number")? else {
        return Ok(None);
    };
    let n = u32::try_from(asked)
        .ok()
        .filter(|&n| n <= MAX_MCTS_ITERATIONS)
        .ok_or_else(|| RegistryError::BotBudget {
            name: cap_quote(text),
            asked,
            max: MAX_MCTS_ITERATIONS,
        })?;
    Ok(Some(n))
}

/// `c=`: a finite number at least 0.
fn exploration(spec: &BotSpec) -> Result<Option<f64>, SpecError> {
    non_negative(spec, "c")
}

/// `key=`: a finite number at least 0.
fn non_negative(spec: &BotSpec, key: &str) -> Result<Option<f64>, SpecError> {
    let Some(c) = spec.parsed::<f64>(key, "a number")? else {
        return Ok(None);
    };
    if c.is_finite() && c >= 0.0 {
        Ok(Some(c))
    } else {
        Err(SpecError::BadValue {
            bot: cap_quote(&spec.name),
            param: key.into(),
            value: c.to_string(),
            expected: "a finite number at least 0",
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::registry::{RegistryError, SpecError, find};
    use game_core::Seat;

    fn seat_bot(game: &str, spec: &str) -> Result<(), RegistryError> {
        let game = find(game).unwrap();
        let mut session = game.open(&serde_json::Value::Null, 1).unwrap();
        let seat = session.to_act().seat().unwrap_or(Seat(0));
        session.set_bot(seat, spec, 2)?;
        if session.to_act().seat().is_some() {
            session.play_bot()?;
        }
        Ok(())
    }

    #[test]
    fn search_bot_specs_play_and_their_budgets_are_capped() {
        seat_bot("pig", "ismcts(iters=20,c=0.5,bias=2)").unwrap();
        seat_bot("pig", "pimc(worlds=3,iters=5)").unwrap();
        seat_bot("moon", "ismcts(iters=5,playout=informed)").unwrap();
        seat_bot("moon", "pimc(worlds=2,iters=3,playout=random)").unwrap();
        assert!(matches!(
            seat_bot("pig", "ismcts(iters=100001)"),
            Err(RegistryError::BotBudget { asked: 100_001, .. })
        ));
        assert!(matches!(
            seat_bot("pig", "pimc(worlds=1000,iters=101)"),
            Err(RegistryError::BotBudget { asked: 101_000, .. })
        ));
        assert!(matches!(
            seat_bot("pig", "ismcts(playout=informed)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
        assert!(matches!(
            seat_bot("pig", "pimc(depth=2)"),
            Err(RegistryError::BotSpec(SpecError::UnknownParam { .. }))
        ));
        assert!(matches!(
            seat_bot("pig", "ismcts(c=-1)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
    }
}
