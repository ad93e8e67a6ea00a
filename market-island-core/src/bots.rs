//! `ExpectedValueBot`: mines when the expected gain beats the fee.

use game_core::{Bot, BotView, GameRng, Seat};

use crate::observe::Seen;
use crate::{
    Action, Card, Config, Effect, Elimination, Face, MarketIsland, Obs, Pile, Side, UnminedBlock,
    points,
};

/// A bot that mines when its expected gain exceeds the fee.
///
/// # The model
///
/// The bot reads only its own observation. For each way to mine (`Mine`,
/// or `Keep(i)` with two cards) it computes the expected gain
///
/// `P(win) × mining_reward + E[transfers made only because it mines]`
///
/// and plays the best one when that gain exceeds `mining_fee`, otherwise
/// `Decline`. Every unknown card is enumerated exactly over the cards the
/// bot has not seen (no sampling):
///
/// - Each hidden block card of another seat is distributed over the cards
///   of its pile the bot has not seen (the pile of the seat's square), and
///   each rival's kept face over the mining faces the bot has not seen.
/// - Rivals are the seats that already mined this turn and every later
///   eligible seat that may join (under `Immediate`, one that can pay the
///   fee), which the bot assumes will mine too. With no rival the bot wins
///   for sure (B-26).
/// - Simplifications, for speed: the bot's score and each rival's are taken
///   as independent (the hidden block cards they share are drawn separately
///   for each), rivals' faces are independent draws from the same pool, a
///   rival with an Axe is treated as keeping one such card, and what double
///   draws reveal about Axes is not used. Ties are settled as the rules do:
///   rank in tie-break order, then an even share.
/// - Mining changes whether the block's transactions execute only when no
///   seat mined before it, no eligible seat follows, and the table voids
///   unmined blocks; then the bot adds the expected net of executing every
///   block card (exact by linearity over the hidden cards).
///
/// The bot is deterministic: it uses no randomness, and equal gains go to
/// the smallest action.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExpectedValueBot;

/// A distribution over small integer scores: `p[s]` is P(score = s).
type Dist = Vec<f64>;

fn convolve(a: &[f64], b: &[f64]) -> Dist {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// What the bot knows, gathered from its observation.
struct View<'a> {
    config: &'a Config,
    obs: &'a Obs,
    me: Seat,
    order: Vec<Seat>,
    wc: Face,
    /// Faces of block cards the bot can see.
    known_faces: Vec<Face>,
    /// For each hidden block card: the unseen cards of its pile.
    hidden: Vec<Vec<Card>>,
    /// Mining faces the bot has not seen.
    mining_pool: Vec<Face>,
}

/// Removes one copy of each shown card from `pool`.
fn remove_seen<T: PartialEq>(pool: &mut Vec<T>, shown: impl IntoIterator<Item = T>) {
    for c in shown {
        if let Some(i) = pool.iter().position(|x| *x == c) {
            pool.swap_remove(i);
        }
    }
}

impl<'a> View<'a> {
    fn new(game: &'a MarketIsland, obs: &'a Obs, me: Seat) -> Option<View<'a>> {
        let config = game.rules();
        let n = obs.seats.len();
        let start = obs.start_seat.map_or(0, Seat::index);
        let order: Vec<Seat> = (0..n)
            .map(|k| Seat(((start + k) % n) as u8))
            .filter(|s| obs.seats[s.index()].active)
            .collect();
        let wc = obs.winning_card?;
        // Cards of each pile the bot has seen anywhere.
        let mut pools: Vec<(Pile, Vec<Card>)> = [Pile::Income, Pile::Expense, Pile::Action]
            .into_iter()
            .map(|p| (p, config.decks.cards(p).to_vec()))
            .collect();
        let mut shown_cards: Vec<Card> = Vec::new();
        for pv in [&obs.income, &obs.expense, &obs.action] {
            shown_cards.extend(pv.queue.iter().filter_map(|s| s.card.shown()));
        }
        shown_cards.extend(
            obs.seats
                .iter()
                .filter_map(|s| s.block.and_then(|b| b.card.shown())),
        );
        shown_cards.extend(obs.held.iter().map(|h| h.card));
        for (pile, pool) in &mut pools {
            remove_seen(
                pool,
                shown_cards.iter().copied().filter(|c| c.pile() == *pile),
            );
        }
        let mut known_faces = Vec::new();
        let mut hidden = Vec::new();
        for &p in &order {
            match obs.seats[p.index()].block.map(|b| b.card) {
                Some(Seen::Shown(c)) => known_faces.push(c.face),
                Some(Seen::Hidden) => {
                    let pos = usize::from(obs.seats[p.index()].position);
                    let pile = config.board.get(pos).map_or(Pile::Action, |s| s.pile());
                    let pool = pools
                        .iter()
                        .find(|(q, _)| *q == pile)
                        .map(|(_, c)| c.clone())
                        .unwrap_or_default();
                    hidden.push(pool);
                }
                None => {}
            }
        }
        let mut mining_pool = config.decks.mining.clone();
        let mut shown_faces = vec![wc];
        shown_faces.extend(obs.mining.queue.iter().filter_map(|s| s.card.shown()));
        for sv in &obs.seats {
            shown_faces.extend(sv.drawn.iter().filter_map(|s| s.card.shown()));
            shown_faces.extend(sv.kept.and_then(|k| k.card.shown()));
        }
        remove_seen(&mut mining_pool, shown_faces);
        Some(View {
            config,
            obs,
            me,
            order,
            wc,
            known_faces,
            hidden,
            mining_pool,
        })
    }

    /// The score distribution of a miner keeping `face`.
    fn score_dist(&self, face: Face) -> Dist {
        let base = points(face, Some(self.wc))
            + self
                .known_faces
                .iter()
                .map(|c| face.points_against(*c))
                .sum::<u32>();
        let mut dist = vec![0.0; base as usize + 1];
        dist[base as usize] = 1.0;
        for pool in &self.hidden {
            if pool.is_empty() {
                continue;
            }
            let mut card = [0.0; 3];
            for c in pool {
                card[face.points_against(c.face) as usize] += 1.0;
            }
            let total = pool.len() as f64;
            dist = convolve(&dist, &card.map(|x| x / total));
        }
        dist
    }

    /// How many rivals: earlier miners, and later eligible seats that may
    /// join (under `Immediate`, those that can pay the fee, MI-44).
    fn rivals(&self) -> (usize, usize) {
        let mine = self.order.iter().position(|s| *s == self.me).unwrap_or(0);
        let earlier = self.order[..mine]
            .iter()
            .filter(|s| self.obs.seats[s.index()].kept.is_some())
            .count();
        let fee = i64::from(self.config.mining_fee);
        let may_join = |balance: i32| match self.config.elimination {
            Elimination::EndOfTurn => true,
            Elimination::Immediate => i64::from(balance) - fee >= 0,
        };
        let later = self.order[mine + 1..]
            .iter()
            .map(|s| &self.obs.seats[s.index()])
            .filter(|sv| sv.eligible && may_join(sv.balance))
            .count();
        (earlier, later)
    }

    /// P(win) keeping `face` against `rivals` rivals (see [`ExpectedValueBot`]).
    fn win_chance(&self, face: Face, rivals: usize) -> f64 {
        if rivals == 0 {
            return 1.0;
        }
        if self.mining_pool.is_empty() {
            return 0.0;
        }
        let ace_high = self.config.ace_high;
        let my_rank = face.rank().map_or(0, |r| r.tie_break(ace_high));
        let mine = self.score_dist(face);
        // For every rival face: its score distribution and rank.
        let rivals_dists: Vec<(Dist, u8)> = self
            .mining_pool
            .iter()
            .map(|f| {
                (
                    self.score_dist(*f),
                    f.rank().map_or(0, |r| r.tie_break(ace_high)),
                )
            })
            .collect();
        let per_face = 1.0 / self.mining_pool.len() as f64;
        let mut total = 0.0;
        for (s, p_s) in mine.iter().enumerate() {
            if *p_s == 0.0 {
                continue;
            }
            let (mut lose, mut tie) = (0.0, 0.0);
            for (dist, rank) in &rivals_dists {
                let below: f64 = dist.iter().take(s).sum();
                let equal = dist.get(s).copied().unwrap_or(0.0);
                lose += per_face * below;
                match rank.cmp(&my_rank) {
                    std::cmp::Ordering::Less => lose += per_face * equal,
                    std::cmp::Ordering::Equal => tie += per_face * equal,
                    std::cmp::Ordering::Greater => {}
                }
            }
            // Σ_k C(r, k) tie^k lose^(r−k) / (k + 1): k rivals tie exactly.
            let mut win = 0.0;
            let mut binom = 1.0;
            for k in 0..=rivals {
                win += binom * tie.powi(k as i32) * lose.powi((rivals - k) as i32) / (k + 1) as f64;
                binom = binom * (rivals - k) as f64 / (k + 1) as f64;
            }
            total += p_s * win;
        }
        total
    }

    fn side(&self, p: Seat, side: Side) -> Option<Seat> {
        let n = self.obs.seats.len();
        (1..n)
            .map(|k| match side {
                Side::Left => (p.index() + k) % n,
                Side::Right => (p.index() + n - k) % n,
            })
            .find(|i| self.obs.seats[*i].active)
            .map(|i| Seat(i as u8))
    }

    /// The bot's net from executing one card held by `p`.
    fn card_net(&self, p: Seat, card: Card) -> f64 {
        let me = self.me;
        let others = self.order.len().saturating_sub(1) as f64;
        match card.effect {
            Effect::Receive { amount, from } => {
                if p == me {
                    f64::from(amount)
                } else if self.side(p, from) == Some(me) {
                    -f64::from(amount)
                } else {
                    0.0
                }
            }
            Effect::Pay { amount, to } => {
                if p == me {
                    -f64::from(amount)
                } else if self.side(p, to) == Some(me) {
                    f64::from(amount)
                } else {
                    0.0
                }
            }
            Effect::Fire { amount } => {
                if p == me {
                    f64::from(amount) * others
                } else {
                    -f64::from(amount)
                }
            }
            Effect::Jellyfish | Effect::Axe | Effect::Totem => 0.0,
        }
    }

    /// E[the bot's net from executing the whole block].
    fn execution_net(&self) -> f64 {
        let mut hidden = self.hidden.iter();
        let mut net = 0.0;
        for &p in &self.order {
            match self.obs.seats[p.index()].block.map(|b| b.card) {
                Some(Seen::Shown(c)) => net += self.card_net(p, c),
                Some(Seen::Hidden) => {
                    if let Some(pool) = hidden.next()
                        && !pool.is_empty()
                    {
                        let sum: f64 = pool.iter().map(|c| self.card_net(p, *c)).sum();
                        net += sum / pool.len() as f64;
                    }
                }
                None => {}
            }
        }
        net
    }
}

/// The expected gain of each way to mine for the seat to decide, from its
/// observation (see [`ExpectedValueBot`]); `None` when `obs` is not that seat's
/// decision.
#[must_use]
pub fn mining_gains(game: &MarketIsland, obs: &Obs) -> Option<Vec<(Action, f64)>> {
    let me = obs.seat()?;
    let sv = obs.seats.get(me.index())?;
    let drawn: Vec<Face> = sv.drawn.iter().filter_map(|s| s.card.shown()).collect();
    let view = View::new(game, obs, me)?;
    let (earlier, later) = view.rivals();
    let decisive =
        earlier == 0 && later == 0 && game.rules().unmined_block == UnminedBlock::VoidTransactions;
    let exec = if decisive { view.execution_net() } else { 0.0 };
    let reward = f64::from(game.rules().mining_reward);
    let gain = |f: Face| view.win_chance(f, earlier + later) * reward + exec;
    match drawn.as_slice() {
        [one] => Some(vec![(Action::Mine, gain(*one))]),
        [a, b] => Some(vec![
            (Action::Keep(0), gain(*a)),
            (Action::Keep(1), gain(*b)),
        ]),
        _ => None,
    }
}

impl Bot<MarketIsland> for ExpectedValueBot {
    fn name(&self) -> String {
        "expected-value".into()
    }

    fn select(&mut self, view: &BotView<'_, MarketIsland>, _rng: &mut GameRng) -> Action {
        let legal = view.legal();
        let obs = view.observation();
        let fee = f64::from(view.game().rules().mining_fee);
        let best = mining_gains(view.game(), &obs).and_then(|gains| {
            gains
                .into_iter()
                .filter(|(a, g)| *g > fee && legal.contains(a))
                .fold(None, |best: Option<(Action, f64)>, (a, g)| match best {
                    Some((_, bg)) if bg >= g => best,
                    _ => Some((a, g)),
                })
        });
        best.map_or_else(
            || legal.first().copied().unwrap_or(Action::Decline),
            |(a, _)| a,
        )
    }
}
