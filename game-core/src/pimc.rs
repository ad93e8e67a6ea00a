//! Perfect-information Monte Carlo (PIMC): determinize, solve each world as
//! if it were open, vote.
//!
//! The bot draws `worlds` states its seat cannot tell from the truth
//! ([`Determinize`]). In each world it runs a short MCTS that knows that
//! world's hidden cards (only later chance stays random), then adds each
//! root action's share of that search's visits to its tally. It plays the
//! action with the largest tally (ties: the smaller action). PIMC is the
//! classic card-game baseline (Ginsberg's GIB): strong where information
//! is soon revealed anyway, weak where hiding or probing matters ("strategy
//! fusion"); the information-set search ([`crate::IsMcts`]) avoids that flaw.

use crate::ismcts::{Limits, Search};
use crate::{Bot, BotView, Determinize, Game, GameRng, Playout, UniformPlayout};

/// Settings of a PIMC search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PimcConfig {
    /// Determinizations per move.
    pub worlds: u32,
    /// MCTS iterations in each world.
    pub iterations: u32,
    /// UCB exploration constant of the per-world search.
    pub exploration: f64,
    /// Progressive bias toward the policy's [`crate::Playout::prior`].
    pub bias: f64,
}

impl Default for PimcConfig {
    fn default() -> Self {
        PimcConfig {
            worlds: 20,
            iterations: 100,
            exploration: 0.7,
            bias: 1.0,
        }
    }
}

/// The PIMC bot, with playout policy `P`.
pub struct Pimc<G: Game, P = UniformPlayout> {
    config: PimcConfig,
    search: Search<G>,
    playout: P,
    tally: Vec<f64>,
}

impl<G: Game> Pimc<G> {
    /// A bot with these settings and uniform playouts.
    #[must_use]
    pub fn new(config: PimcConfig) -> Self {
        Self::with_playout(config, UniformPlayout)
    }
}

impl<G: Game, P: Playout<G>> Pimc<G, P> {
    /// A bot with these settings and playout policy.
    #[must_use]
    pub fn with_playout(config: PimcConfig, playout: P) -> Self {
        Pimc {
            config,
            search: Search::new(),
            playout,
            tally: Vec::new(),
        }
    }
}

impl<G: Determinize, P: Playout<G>> Bot<G> for Pimc<G, P> {
    fn name(&self) -> String {
        format!("pimc{}x{}", self.config.worlds, self.config.iterations)
    }

    fn select(&mut self, view: &BotView<'_, G>, rng: &mut GameRng) -> G::Action {
        self.select_until(view, rng, &|| false)
    }

    /// Asks `stop` between worlds (and between iterations of a world's
    /// search); stopped early, it plays the best tally so far.
    fn select_until(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> G::Action {
        let legal = view.legal();
        if legal.len() <= 1 || self.config.worlds == 0 || self.config.iterations == 0 {
            return legal[0].clone();
        }
        self.tally.clear();
        self.tally.resize(legal.len(), 0.0);
        let limits = Limits {
            iterations: self.config.iterations,
            exploration: self.config.exploration,
            bias: self.config.bias,
        };
        for world_index in 0..self.config.worlds {
            if world_index > 0 && stop() {
                break;
            }
            let world = view.determinize(rng);
            self.search.begin();
            self.search.run(
                view.game(),
                view.seat(),
                &mut |_| world.clone(),
                limits,
                &mut self.playout,
                rng,
                stop,
            );
            let total: u32 = self.search.root_stats(legal).map(|(v, _)| v).sum();
            if total == 0 {
                continue;
            }
            for (t, (visits, _)) in self.tally.iter_mut().zip(self.search.root_stats(legal)) {
                *t += f64::from(visits) / f64::from(total);
            }
        }
        let mut best = 0;
        for (i, t) in self.tally.iter().enumerate() {
            if *t > self.tally[best] {
                best = i;
            }
        }
        legal[best].clone()
    }
}
