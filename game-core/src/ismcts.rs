//! Information-set MCTS (single observer, SO-ISMCTS): a search that never
//! reads what its seat cannot see.
//!
//! The tree is built over the bot's *information sets*, not over states.
//! Each iteration draws one state the seat cannot tell from the truth
//! ([`Determinize`]), walks the tree on the actions legal in that draw,
//! expands one node and finishes with a playout. Two things make it an
//! information-set search rather than MCTS on one guessed state:
//!
//! - *availability*: an edge's UCB term counts the draws in which its
//!   action was legal, not its parent's visits (Cowling, Powley and
//!   Whitehouse 2012), so an action legal only in some worlds is not
//!   over-explored;
//! - *observer keys*: a chance edge is keyed by the outcome as the root
//!   seat sees it ([`Game::public_chance`]), so an opponent's hidden draw
//!   is one edge whatever card the draw gave; the tree does not branch on
//!   what the seat will never learn.
//!
//! Playouts follow a [`Playout`] policy: [`UniformPlayout`] by default, or a
//! game's cheap informed policy (the heuristic's ideas at playout speed).
//! A policy with a [`Playout::prior`] also guides the tree: its pick is
//! expanded first and gets a progressive bias (Chaslot et al. 2008).
//! The move played is the most visited root action that is legal; ties go
//! to the higher mean reward, then to the smaller action.
//!
//! The tree's nodes and the scratch buffers live in the bot and are reused
//! from move to move, so a warm bot allocates little. Search uses only the
//! [`GameRng`] it is given (and a logarithm computed here), so the same
//! seed picks the same move on every machine.

use std::marker::PhantomData;

use crate::mcts::ln;
use crate::{Bot, BotView, Determinize, Game, GameRng, Seat, ToAct, Viewer};

/// A playout policy: which action a playout plays.
///
/// Called at every seat decision after the tree, so it must be cheap (a
/// few evaluations, no search). It sees the determinized state of the
/// iteration, which is fair: that state was drawn from the bot's
/// information set.
pub trait Playout<G: Game>: Send {
    /// The index into `legal` (never empty) that `seat` plays in `state`.
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> usize;

    /// The index into `legal` the policy recommends in the tree, if it has
    /// a view (default: none). The search expands a recommended action
    /// first and gives it a progressive bias, `bias / (visits + 1)`, that
    /// fades as real results come in; a good policy then steers a short
    /// search instead of being one candidate among many.
    fn prior(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        let _ = (game, state, seat, legal, rng);
        None
    }
}

/// A boxed policy, so a registry can hand out a game's policy by name.
impl<G: Game> Playout<G> for Box<dyn Playout<G>> {
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> usize {
        (**self).choose(game, state, seat, legal, rng)
    }

    fn prior(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        (**self).prior(game, state, seat, legal, rng)
    }
}

/// Uniformly random playouts: the textbook policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformPlayout;

impl<G: Game> Playout<G> for UniformPlayout {
    fn choose(
        &mut self,
        _game: &G,
        _state: &G::State,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut GameRng,
    ) -> usize {
        rng.below(u32::try_from(legal.len()).unwrap_or(u32::MAX)) as usize
    }
}

/// Settings of an information-set search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsMctsConfig {
    /// Iterations per move (each one determinization and one playout).
    pub iterations: u32,
    /// UCB exploration constant; rewards are in `[0, 1]`.
    pub exploration: f64,
    /// Weight of the progressive bias toward the policy's
    /// [`Playout::prior`] (no effect for a policy without one).
    pub bias: f64,
}

impl Default for IsMctsConfig {
    fn default() -> Self {
        IsMctsConfig {
            iterations: 1000,
            exploration: 0.7,
            bias: 1.0,
        }
    }
}

/// The information-set MCTS bot, with playout policy `P`.
pub struct IsMcts<G: Game, P = UniformPlayout> {
    config: IsMctsConfig,
    search: Search<G>,
    playout: P,
}

impl<G: Game> IsMcts<G> {
    /// A bot with these settings and uniform playouts.
    #[must_use]
    pub fn new(config: IsMctsConfig) -> Self {
        Self::with_playout(config, UniformPlayout)
    }
}

impl<G: Game, P: Playout<G>> IsMcts<G, P> {
    /// A bot with these settings and playout policy.
    #[must_use]
    pub fn with_playout(config: IsMctsConfig, playout: P) -> Self {
        IsMcts {
            config,
            search: Search::new(),
            playout,
        }
    }
}

impl<G: Determinize, P: Playout<G>> Bot<G> for IsMcts<G, P> {
    fn name(&self) -> String {
        format!("ismcts{}", self.config.iterations)
    }

    fn select(&mut self, view: &BotView<'_, G>, rng: &mut GameRng) -> G::Action {
        self.select_until(view, rng, &|| false)
    }

    /// Asks `stop` before every iteration after the first; stopped early,
    /// it plays the best action so far.
    fn select_until(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> G::Action {
        let legal = view.legal();
        if legal.len() <= 1 || self.config.iterations == 0 {
            return legal[0].clone();
        }
        self.search.begin();
        let limits = Limits {
            iterations: self.config.iterations,
            exploration: self.config.exploration,
            bias: self.config.bias,
        };
        self.search.run(
            view.game(),
            view.seat(),
            &mut |rng| view.determinize(rng),
            limits,
            &mut self.playout,
            rng,
            stop,
        );
        self.search.best_legal(legal)
    }
}

/// How far [`Search::run`] goes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub(crate) iterations: u32,
    pub(crate) exploration: f64,
    pub(crate) bias: f64,
}

/// One node: an information set of the root seat, reached by the edges
/// from the root.
struct Node<A, C> {
    /// Action edges, sorted by action: (action, child).
    actions: Vec<(A, usize)>,
    /// Chance edges keyed by the outcome as the root seat sees it
    /// (`None`: hidden from it), sorted: (key, child).
    chances: Vec<(Option<C>, usize)>,
    visits: u32,
    /// Draws in which this node's action was legal at its parent.
    availability: u32,
    /// Sum of rewards of the seat that moved into this node.
    reward: f64,
    /// The policy's recommendation here, asked on the first visit that
    /// found a seat to act (`None`: not asked yet, or no view).
    hint: Option<A>,
    hint_asked: bool,
}

impl<A, C> Node<A, C> {
    fn reset(&mut self) {
        self.actions.clear();
        self.chances.clear();
        self.hint = None;
        self.hint_asked = false;
        self.visits = 0;
        self.availability = 0;
        self.reward = 0.0;
    }
}

/// The search tree and scratch buffers, kept between moves.
pub(crate) struct Search<G: Game> {
    /// Nodes; the first `used` are the current tree, the rest are kept
    /// for their buffers.
    nodes: Vec<Node<G::Action, G::Chance>>,
    used: usize,
    actions: Vec<G::Action>,
    chances: Vec<(G::Chance, u32)>,
    untried: Vec<G::Action>,
    path: Vec<(usize, Option<Seat>)>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game> Search<G> {
    pub(crate) fn new() -> Self {
        Search {
            nodes: Vec::new(),
            used: 0,
            actions: Vec::new(),
            chances: Vec::new(),
            untried: Vec::new(),
            path: Vec::new(),
            _game: PhantomData,
        }
    }

    /// Empties the tree down to a fresh root.
    pub(crate) fn begin(&mut self) {
        self.used = 0;
        self.new_node();
    }

    fn new_node(&mut self) -> usize {
        let i = self.used;
        if i < self.nodes.len() {
            self.nodes[i].reset();
        } else {
            self.nodes.push(Node {
                actions: Vec::new(),
                chances: Vec::new(),
                visits: 0,
                availability: 0,
                reward: 0.0,
                hint: None,
                hint_asked: false,
            });
        }
        self.used += 1;
        i
    }

    /// Runs `limits.iterations` iterations from the worlds `root` draws,
    /// for `observer` (whose view keys chance edges). Adds to the tree
    /// already there; `stop` is asked before every iteration after the first.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<P: Playout<G>>(
        &mut self,
        game: &G,
        observer: Seat,
        root: &mut dyn FnMut(&mut GameRng) -> G::State,
        limits: Limits,
        playout: &mut P,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) {
        let limit = game.max_steps();
        let viewer = Viewer::Seat(observer);
        for iteration in 0..limits.iterations {
            if iteration > 0 && stop() {
                break;
            }
            let mut state = root(rng);
            let mut node = 0;
            self.path.clear();
            self.path.push((0, None));
            let mut steps = 0;
            // Selection and expansion.
            while steps < limit {
                steps += 1;
                match game.to_act(&state) {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        game.chance_outcomes(&state, &mut self.chances);
                        let Some(c) = rng.pick(&self.chances).cloned() else {
                            break;
                        };
                        let key = game.public_chance(&state, &c, viewer);
                        if game.apply_chance(&mut state, &c).is_err() {
                            break;
                        }
                        node = self.chance_child(node, key);
                        self.path.push((node, None));
                    }
                    ToAct::Seat(seat) => {
                        game.legal_actions(&state, seat, &mut self.actions);
                        if self.actions.is_empty() {
                            break;
                        }
                        if !self.nodes[node].hint_asked {
                            self.nodes[node].hint_asked = true;
                            self.nodes[node].hint = playout
                                .prior(game, &state, seat, &self.actions, rng)
                                .and_then(|i| self.actions.get(i).cloned());
                        }
                        self.count_available(node);
                        let expand = !self.untried.is_empty();
                        let a = if expand {
                            let hint = self.nodes[node].hint.as_ref();
                            match hint.filter(|h| self.untried.contains(h)) {
                                Some(h) => h.clone(),
                                None => {
                                    let n = u32::try_from(self.untried.len()).unwrap_or(1);
                                    self.untried[rng.below(n) as usize].clone()
                                }
                            }
                        } else {
                            self.best_ucb(node, limits.exploration, limits.bias)
                        };
                        game.apply_unchecked(&mut state, seat, &a);
                        node = self.action_child(node, a);
                        if expand {
                            self.nodes[node].availability += 1;
                        }
                        self.path.push((node, Some(seat)));
                        if expand {
                            break;
                        }
                    }
                }
            }
            // Playout.
            while steps < limit {
                steps += 1;
                match game.to_act(&state) {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        game.chance_outcomes(&state, &mut self.chances);
                        let Some(c) = rng.pick(&self.chances) else {
                            break;
                        };
                        if game.apply_chance(&mut state, c).is_err() {
                            break;
                        }
                    }
                    ToAct::Seat(seat) => {
                        game.legal_actions(&state, seat, &mut self.actions);
                        if self.actions.is_empty() {
                            break;
                        }
                        let i = playout.choose(game, &state, seat, &self.actions, rng);
                        let i = i.min(self.actions.len() - 1);
                        game.apply_unchecked(&mut state, seat, &self.actions[i]);
                    }
                }
            }
            // Backpropagation: each node scores for the seat that moved into it.
            let outcome = game.outcome(&state);
            for &(n, mover) in &self.path {
                self.nodes[n].visits += 1;
                if let Some(seat) = mover {
                    self.nodes[n].reward += outcome.as_ref().map_or(0.5, |o| o.reward(seat));
                }
            }
        }
    }

    /// Availability: each of `self.actions` already in `node`'s tree gets
    /// one more; the others go to `self.untried`, in order.
    fn count_available(&mut self, node: usize) {
        self.untried.clear();
        for a in &self.actions {
            match self.nodes[node].actions.binary_search_by(|(x, _)| x.cmp(a)) {
                Ok(i) => {
                    let child = self.nodes[node].actions[i].1;
                    self.nodes[child].availability += 1;
                }
                Err(_) => self.untried.push(a.clone()),
            }
        }
    }

    /// The action of `self.actions` (all in the tree) with the best UCB,
    /// the node's hint raised by the progressive bias.
    fn best_ucb(&self, node: usize, exploration: f64, bias: f64) -> G::Action {
        let mut best: Option<(&G::Action, f64)> = None;
        let hint = self.nodes[node].hint.as_ref();
        for a in &self.actions {
            let edges = &self.nodes[node].actions;
            let Ok(i) = edges.binary_search_by(|(x, _)| x.cmp(a)) else {
                continue;
            };
            let child = &self.nodes[edges[i].1];
            let n = f64::from(child.visits.max(1));
            let avail = f64::from(child.availability.max(1));
            let mut score = child.reward / n + exploration * (ln(avail) / n).sqrt();
            if hint == Some(a) {
                score += bias / (n + 1.0);
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((a, score));
            }
        }
        best.map_or_else(|| self.actions[0].clone(), |(a, _)| a.clone())
    }

    fn action_child(&mut self, node: usize, a: G::Action) -> usize {
        match child_slot(&self.nodes[node].actions, &a) {
            Ok(child) => child,
            Err(i) => {
                let child = self.new_node();
                self.nodes[node].actions.insert(i, (a, child));
                child
            }
        }
    }

    fn chance_child(&mut self, node: usize, key: Option<G::Chance>) -> usize {
        match child_slot(&self.nodes[node].chances, &key) {
            Ok(child) => child,
            Err(i) => {
                let child = self.new_node();
                self.nodes[node].chances.insert(i, (key, child));
                child
            }
        }
    }

    /// The root's legal actions with their visits and summed rewards, in
    /// `legal` order (zeros for an action never tried).
    pub(crate) fn root_stats<'a>(
        &'a self,
        legal: &'a [G::Action],
    ) -> impl Iterator<Item = (u32, f64)> + 'a {
        legal.iter().map(|a| {
            let edges = &self.nodes[0].actions;
            match edges.binary_search_by(|(x, _)| x.cmp(a)) {
                Ok(i) => {
                    let child = &self.nodes[edges[i].1];
                    (child.visits, child.reward)
                }
                Err(_) => (0, 0.0),
            }
        })
    }

    /// The final-move rule: the most visited legal root action; ties to the
    /// higher mean reward, then to the smaller action.
    pub(crate) fn best_legal(&self, legal: &[G::Action]) -> G::Action {
        let mut best: Option<(usize, u32, f64)> = None;
        for (i, (visits, reward)) in self.root_stats(legal).enumerate() {
            let mean = if visits == 0 {
                0.0
            } else {
                reward / f64::from(visits)
            };
            if best.is_none_or(|(_, bv, bm)| visits > bv || (visits == bv && mean > bm)) {
                best = Some((i, visits, mean));
            }
        }
        best.map_or_else(|| legal[0].clone(), |(i, _, _)| legal[i].clone())
    }
}

/// The child under `key` in a node's edges sorted by key, or where a new
/// edge for `key` goes.
fn child_slot<K: Ord>(edges: &[(K, usize)], key: &K) -> Result<usize, usize> {
    edges
        .binary_search_by(|(k, _)| k.cmp(key))
        .map(|i| edges[i].1)
}
