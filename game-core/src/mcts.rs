//! A generic Monte Carlo tree search bot (UCT with chance nodes).
//!
//! Each iteration draws a state consistent with the bot's observation
//! ([`Determinize`]), walks the tree by UCT on the actions legal in that
//! draw (an action's "availability" counts the draws where it was legal, as
//! in information-set MCTS), follows chance by weight, expands one node,
//! finishes with a random playout and backs the result up. The move played
//! is the root action visited most (ties: the smallest action).
//!
//! Search is deterministic: it uses only the [`GameRng`] it is given and a
//! logarithm computed here from basic operations, so the same seed picks
//! the same move on every machine.

use crate::bot::random_playout;
use crate::{Bot, BotView, Determinize, GameRng, Seat, ToAct};

/// Settings of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per move (each one playout).
    pub iterations: u32,
    /// UCT exploration constant (√2 is the textbook value).
    pub exploration: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 500,
            exploration: std::f64::consts::SQRT_2,
        }
    }
}

/// The MCTS bot.
#[derive(Clone, Debug, Default)]
pub struct MctsBot {
    config: MctsConfig,
}

impl MctsBot {
    /// A bot with these settings.
    #[must_use]
    pub fn new(config: MctsConfig) -> Self {
        MctsBot { config }
    }
}

struct Node<A, C> {
    /// Action edges, sorted by action: (action, child).
    actions: Vec<(A, usize)>,
    /// Chance edges, sorted by outcome: (outcome, child).
    chances: Vec<(C, usize)>,
    visits: u32,
    /// Draws in which this node's action was legal at its parent.
    availability: u32,
    /// Sum of rewards of the seat that moved into this node.
    reward: f64,
}

impl<A, C> Node<A, C> {
    fn new() -> Self {
        Node {
            actions: Vec::new(),
            chances: Vec::new(),
            visits: 0,
            availability: 0,
            reward: 0.0,
        }
    }
}

impl<G: Determinize> Bot<G> for MctsBot {
    fn name(&self) -> String {
        format!("mcts{}", self.config.iterations)
    }

    fn select(&mut self, view: &BotView<'_, G>, rng: &mut GameRng) -> G::Action {
        self.select_until(view, rng, &|| false)
    }

    /// Asks `stop` before every iteration after the first; stopped early,
    /// it plays the most visited action so far.
    fn select_until(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> G::Action {
        let game = view.game();
        let legal = view.legal();
        if legal.len() == 1 || self.config.iterations == 0 {
            return legal[0].clone();
        }
        let mut tree: Vec<Node<G::Action, G::Chance>> = vec![Node::new()];
        let mut actions = Vec::new();
        let mut chances = Vec::new();
        let mut untried = Vec::new();
        let mut path: Vec<(usize, Option<Seat>)> = Vec::new();
        let limit = game.max_steps();

        for iteration in 0..self.config.iterations {
            if iteration > 0 && stop() {
                break;
            }
            let mut state = view.determinize(rng);
            let mut node = 0;
            path.clear();
            path.push((0, None));
            let mut steps = 0;
            // Selection and expansion.
            loop {
                if steps >= limit {
                    break;
                }
                steps += 1;
                match game.to_act(&state) {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        game.chance_outcomes(&state, &mut chances);
                        let Some(c) = rng.pick(&chances).cloned() else {
                            break;
                        };
                        if game.apply_chance(&mut state, &c).is_err() {
                            break;
                        }
                        node = child_for(&mut tree, node, c, |n| &mut n.chances);
                        path.push((node, None));
                    }
                    ToAct::Seat(seat) => {
                        game.legal_actions(&state, seat, &mut actions);
                        if actions.is_empty() {
                            break;
                        }
                        count_available(&mut tree, node, &actions, &mut untried);
                        let expand = !untried.is_empty();
                        let a = if expand {
                            untried[rng.below(untried.len() as u32) as usize].clone()
                        } else {
                            self.best_uct(&tree, node, &actions)
                        };
                        game.apply_unchecked(&mut state, seat, &a);
                        node = child_for(&mut tree, node, a, |n| &mut n.actions);
                        if expand {
                            tree[node].availability += 1;
                        }
                        path.push((node, Some(seat)));
                        if expand {
                            break;
                        }
                    }
                }
            }
            // Simulation.
            random_playout(
                game,
                &mut state,
                rng,
                limit.saturating_sub(steps),
                &mut actions,
                &mut chances,
            );
            let outcome = game.outcome(&state);
            backpropagate(&mut tree, &path, |seat| {
                outcome.as_ref().map_or(0.5, |o| o.reward(seat))
            });
        }
        most_visited_legal(&tree, legal)
    }
}

/// Availability (the ISMCTS count of draws in which an edge was legal):
/// each of `actions` already in `node`'s tree gets one more; the others are
/// written to `untried`, in `actions` order.
fn count_available<A: Ord + Clone, C>(
    tree: &mut [Node<A, C>],
    node: usize,
    actions: &[A],
    untried: &mut Vec<A>,
) {
    untried.clear();
    for a in actions {
        match tree[node].actions.binary_search_by(|(x, _)| x.cmp(a)) {
            Ok(i) => {
                let child = tree[node].actions[i].1;
                tree[child].availability += 1;
            }
            Err(_) => untried.push(a.clone()),
        }
    }
}

/// Backpropagation: every node on `path` gets a visit, and each scores
/// `reward(seat)` for the seat that moved into it.
fn backpropagate<A, C>(
    tree: &mut [Node<A, C>],
    path: &[(usize, Option<Seat>)],
    reward: impl Fn(Seat) -> f64,
) {
    for &(n, mover) in path {
        tree[n].visits += 1;
        if let Some(seat) = mover {
            tree[n].reward += reward(seat);
        }
    }
}

/// The most visited root action that is legal now; ties to the smallest,
/// and `legal[0]` when no root edge is legal.
fn most_visited_legal<A: Ord + Clone, C>(tree: &[Node<A, C>], legal: &[A]) -> A {
    let mut best: Option<(&A, u32)> = None;
    for (a, child) in &tree[0].actions {
        if legal.binary_search(a).is_err() {
            continue;
        }
        let v = tree[*child].visits;
        if best.is_none_or(|(_, bv)| v > bv) {
            best = Some((a, v));
        }
    }
    best.map_or_else(|| legal[0].clone(), |(a, _)| a.clone())
}

impl MctsBot {
    fn best_uct<A: Ord + Clone, C>(&self, tree: &[Node<A, C>], node: usize, legal: &[A]) -> A {
        let mut best: Option<(&A, f64)> = None;
        for a in legal {
            let Ok(i) = tree[node].actions.binary_search_by(|(x, _)| x.cmp(a)) else {
                continue;
            };
            let child = &tree[tree[node].actions[i].1];
            let n = f64::from(child.visits.max(1));
            let avail = f64::from(child.availability.max(1));
            let score = child.reward / n + self.config.exploration * (ln(avail) / n).sqrt();
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((a, score));
            }
        }
        best.map_or_else(|| legal[0].clone(), |(a, _)| a.clone())
    }
}

/// The child of `node` along edge `key` in the edge list `edges` picks, created when new.
fn child_for<A, C, K: Ord>(
    tree: &mut Vec<Node<A, C>>,
    node: usize,
    key: K,
    edges: impl Fn(&mut Node<A, C>) -> &mut Vec<(K, usize)>,
) -> usize {
    let next = tree.len();
    let list = edges(&mut tree[node]);
    match list.binary_search_by(|(k, _)| k.cmp(&key)) {
        Ok(i) => list[i].1,
        Err(i) => {
            list.insert(i, (key, next));
            tree.push(Node::new());
            next
        }
    }
}

/// Natural logarithm from basic IEEE operations only, so search results do
/// not depend on a platform's math library. Accurate to about 1e-15 for
/// `x >= 1`; returns 0 below that.
pub(crate) fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 1.0 {
        return 0.0;
    }
    // x = m * 2^e with m in [1, 2).
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    // ln m = 2 atanh t with t = (m - 1) / (m + 1) <= 1/3.
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let mut term = t;
    let mut sum = 0.0;
    let mut k = 1.0;
    while k < 60.0 {
        sum += term / k;
        term *= t2;
        k += 2.0;
    }
    e as f64 * std::f64::consts::LN_2 + 2.0 * sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_matches_the_library_closely() {
        for x in [1.0, 1.5, 2.0, 10.0, 1234.5, 1e9] {
            assert!((ln(x) - x.ln()).abs() < 1e-12, "{x}");
        }
    }
}
