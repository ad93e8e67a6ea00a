//! The simulating bot: the static bot's best few turns, each played out a
//! few turns ahead on the same random draws of the unseen tiles, keeping
//! the one that does best; and, once the bag is empty, an exact endgame
//! search.
//!
//! It reads nothing but its seat's observation: every simulated world is
//! built from the observation (the unseen tiles dealt in kind order) and
//! redrawn with [`Determinize`], so two states the seat cannot tell apart
//! give the same worlds, and the same move, for the same seed.

use game_core::{Bot, BotView, BySeat, Determinize, Game, GameRng, Seat, ToAct};

use crate::action::Action;
use crate::endgame::solve_endgame_until;
use crate::leave_table_bot::{LeaveTableBot, exchanges, fallback, top_candidates};
use crate::leaves::LeaveTable;
use crate::movegen::MoveGen;
use crate::observe::Obs;
use crate::scrabble::Scrabble;
use crate::state::State;
use crate::tile::{Kind, KindCounts};

/// The most candidates a [`SimBot`] may weigh.
pub const MAX_SIM_CANDIDATES: usize = 64;
/// The most turns a [`SimBot`] may look ahead.
pub const MAX_SIM_PLIES: u32 = 8;
/// The most simulated draws per move.
pub const MAX_SIM_ITERATIONS: u32 = 10_000;
/// The most endgame search nodes per move.
pub const MAX_ENDGAME_NODES: u64 = 1_000_000;

/// Simulations before a candidate may be dropped.
const MIN_ITERATIONS: u32 = 8;
/// How many standard errors behind the leader a candidate is dropped.
const DROP_Z: f64 = 2.0;

/// Plays out the static bot's top candidates and keeps the best.
#[derive(Clone, Copy, Debug)]
pub struct SimBot {
    /// How many of the static bot's turns are weighed.
    pub candidates: usize,
    /// Turns played after each candidate (the other seats' and its own).
    pub plies: u32,
    /// Simulations at most (each plays every remaining candidate once).
    pub iterations: u32,
    /// Endgame search nodes once the bag is empty (0: no search).
    pub endgame_nodes: u64,
    /// The leave values for the candidates, the playouts and the final
    /// position.
    pub table: &'static LeaveTable,
}

impl Default for SimBot {
    /// 6 candidates, 2 plies, at most 40 simulations, 20 000 endgame
    /// nodes: the bot the README's strength table measures (well under a
    /// second a move on one core).
    fn default() -> Self {
        SimBot {
            candidates: 6,
            plies: 2,
            iterations: 40,
            endgame_nodes: 20_000,
            table: LeaveTable::shipped(),
        }
    }
}

/// A state matching `obs` for its viewer `seat`: the other racks take the
/// unseen tiles in kind order, the bag the rest. Built from the
/// observation alone, so it is the same for every state `seat` cannot
/// tell apart; [`Determinize`] then redraws the hidden part. `None` when
/// `obs` is not the seat's own turn.
#[must_use]
pub fn state_from_obs(obs: &Obs, seat: Seat) -> Option<State> {
    if obs.ending.is_some() || obs.drawing.is_some() || obs.to_move != seat {
        return None;
    }
    let own = obs.rack?;
    let mut left = obs.unseen;
    let mut racks = BySeat::filled(obs.rack_sizes.len(), KindCounts::EMPTY);
    for (other, &size) in obs.rack_sizes.iter() {
        if other == seat {
            racks[other] = own;
            continue;
        }
        let mut rack = KindCounts::EMPTY;
        for kind in Kind::ALL {
            while rack.total() < u32::from(size) && left.get(kind) > 0 {
                left.remove_one(kind)?;
                rack.add_one(kind)?;
            }
        }
        if rack.total() != u32::from(size) {
            return None;
        }
        racks[other] = rack;
    }
    Some(State {
        board: obs.board.clone(),
        racks,
        bag: left,
        scores: obs.scores,
        to_move: seat,
        scoreless: obs.scoreless,
        pending: None,
        ending: None,
        last_turn: obs.last_turn,
    })
}

/// The endgame search's turn when it finishes within `nodes` (0: no
/// search) before `stop`, and the turn is legal.
fn exact_endgame(
    game: &Scrabble,
    s: &State,
    legal: &[Action],
    nodes: u64,
    stop: &dyn Fn() -> bool,
) -> Option<Action> {
    if nodes == 0 {
        return None;
    }
    solve_endgame_until(game, s, nodes, stop)
        .filter(|r| r.exact && legal.binary_search(&r.action).is_ok())
        .map(|r| r.action)
}

/// The draws of one simulation: the same stream for every candidate.
struct Draws {
    rng: GameRng,
    buf: Vec<(Kind, u32)>,
}

impl Draws {
    /// Resolves every pending draw of `s`.
    fn resolve(&mut self, game: &Scrabble, s: &mut State) {
        while game.to_act(s) == ToAct::Chance {
            game.chance_outcomes(s, &mut self.buf);
            let Some(&c) = self.rng.pick(&self.buf) else {
                return;
            };
            if game.apply_chance(s, &c).is_err() {
                return;
            }
        }
    }
}

impl SimBot {
    /// What a simulated position is worth to `seat`: its lead, plus the
    /// value of its rack while the bag still holds tiles.
    fn worth(&self, s: &State, seat: Seat) -> f64 {
        let mine = s.scores[seat];
        let other = s
            .scores
            .iter()
            .filter(|(o, _)| *o != seat)
            .map(|(_, v)| *v)
            .max()
            .unwrap_or(0);
        let leave = if s.ending.is_none() && !s.bag.is_empty() {
            f64::from(self.table.value(&s.racks[seat]))
        } else {
            0.0
        };
        f64::from(mine.saturating_sub(other)) + leave
    }

    /// Plays `first` for `seat` in `world`, then `self.plies` turns of the
    /// static bot, drawing from `draws`.
    fn play_out(
        &self,
        game: &Scrabble,
        mg: &mut MoveGen<'_>,
        world: &State,
        seat: Seat,
        first: &Action,
        draws: &mut Draws,
    ) -> f64 {
        let mut s = world.clone();
        if game.apply(&mut s, seat, first).is_err() {
            return f64::MIN;
        }
        let policy = LeaveTableBot {
            table: self.table,
            weight: 1.0,
        };
        draws.resolve(game, &mut s);
        for _ in 0..self.plies {
            let ToAct::Seat(mover) = game.to_act(&s) else {
                break;
            };
            let rack = s.racks[mover];
            let a = policy.choose(game, mg, &s.board, &rack, s.bag.total());
            if game.apply(&mut s, mover, &a).is_err()
                && game.apply(&mut s, mover, &Action::Pass).is_err()
            {
                break;
            }
            draws.resolve(game, &mut s);
        }
        self.worth(&s, seat)
    }

    /// The turn to take, asking `stop` between simulations.
    fn choose(
        &self,
        view: &BotView<'_, Scrabble>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> Option<Action> {
        let game = view.game();
        let seat = view.seat();
        let legal = view.legal();
        let obs = view.observation();
        let rack = obs.rack?;
        let public = state_from_obs(&obs, seat)?;
        let mut mg = MoveGen::new(game);
        if obs.bag_size == 0
            && let Some(a) = exact_endgame(game, &public, legal, self.endgame_nodes, stop)
        {
            return Some(a);
        }
        let weight = if obs.bag_size == 0 { 0.0 } else { 1.0 };
        let ex = exchanges(game, &rack, obs.bag_size);
        let cands: Vec<Action> = top_candidates(
            &mut mg,
            &obs.board,
            &rack,
            &ex,
            self.table,
            weight,
            self.candidates,
        )
        .into_iter()
        .map(|c| c.action)
        .filter(|a| legal.binary_search(a).is_ok())
        .collect();
        if cands.len() <= 1 {
            return cands.first().copied();
        }
        // results[c][i]: candidate c's worth in simulation i.
        let mut results: Vec<Vec<f64>> = vec![Vec::new(); cands.len()];
        let mut alive: Vec<usize> = (0..cands.len()).collect();
        let mut draws = Draws {
            rng: GameRng::new(0),
            buf: Vec::new(),
        };
        for i in 0..self.iterations {
            // A stop already due before the first simulation leaves the
            // static order: the leave-table bot's best.
            if alive.len() <= 1 || stop() {
                break;
            }
            let seed = rng.next_u64();
            let world = game.determinize(&public, seat, &mut GameRng::new(seed));
            let mut cut = false;
            for (n, &c) in alive.iter().enumerate() {
                // One simulation of every candidate can take long on a
                // loaded machine: the clock is asked between candidates too.
                if n > 0 && stop() {
                    cut = true;
                    break;
                }
                // The same draws for every candidate: differences come from
                // the turns, not the luck.
                draws.rng = GameRng::for_stream(seed, 1);
                let v = self.play_out(game, &mut mg, &world, seat, &cands[c], &mut draws);
                results[c].push(v);
            }
            if cut {
                // Drop the unfinished simulation: every candidate keeps
                // the same draws.
                for &c in &alive {
                    results[c].truncate(i as usize);
                }
                break;
            }
            if i + 1 >= MIN_ITERATIONS {
                alive = survivors(&alive, &results);
            }
        }
        let mean = |c: usize| results[c].iter().sum::<f64>() / results[c].len().max(1) as f64;
        // Best mean among the survivors; ties to the static order.
        let mut best = alive.first().copied()?;
        for &c in &alive {
            if mean(c) > mean(best) {
                best = c;
            }
        }
        Some(cands[best])
    }
}

/// The candidates not clearly behind the leader: a candidate goes when the
/// leader beats it, on the same draws, by more than [`DROP_Z`] standard
/// errors of the paired difference.
fn survivors(alive: &[usize], results: &[Vec<f64>]) -> Vec<usize> {
    let mean = |c: usize| results[c].iter().sum::<f64>() / results[c].len().max(1) as f64;
    let Some(&leader) = alive
        .iter()
        .max_by(|&&a, &&b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)))
    else {
        return Vec::new();
    };
    alive
        .iter()
        .copied()
        .filter(|&c| {
            if c == leader {
                return true;
            }
            let diffs: Vec<f64> = results[leader]
                .iter()
                .zip(&results[c])
                .map(|(a, b)| a - b)
                .collect();
            let n = diffs.len() as f64;
            let m = diffs.iter().sum::<f64>() / n;
            let var = diffs.iter().map(|d| (d - m) * (d - m)).sum::<f64>() / (n - 1.0).max(1.0);
            let se = (var / n).sqrt();
            m <= DROP_Z * se.max(1e-9)
        })
        .collect()
}

impl Bot<Scrabble> for SimBot {
    fn name(&self) -> String {
        "sim".into()
    }

    fn select(&mut self, view: &BotView<'_, Scrabble>, rng: &mut GameRng) -> Action {
        self.select_until(view, rng, &|| false)
    }

    fn select_until(
        &mut self,
        view: &BotView<'_, Scrabble>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> Action {
        match self.choose(view, rng, stop) {
            Some(a) => a,
            None => fallback(view.legal()),
        }
    }
}

/// Plays the exact endgame once the bag is empty (two seats) when its
/// search finishes within `nodes`, and the leave-table bot otherwise.
#[derive(Clone, Copy, Debug)]
pub struct EndgameBot {
    /// Search nodes per move.
    pub nodes: u64,
    /// The bot before the endgame, and when the search does not finish.
    pub inner: LeaveTableBot,
}

impl Default for EndgameBot {
    fn default() -> Self {
        EndgameBot {
            nodes: 20_000,
            inner: LeaveTableBot::default(),
        }
    }
}

impl Bot<Scrabble> for EndgameBot {
    fn name(&self) -> String {
        "endgame".into()
    }

    fn select(&mut self, view: &BotView<'_, Scrabble>, rng: &mut GameRng) -> Action {
        self.select_until(view, rng, &|| false)
    }

    fn select_until(
        &mut self,
        view: &BotView<'_, Scrabble>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> Action {
        let obs = view.observation();
        if obs.bag_size == 0
            && let Some(public) = state_from_obs(&obs, view.seat())
            && let Some(a) = exact_endgame(view.game(), &public, view.legal(), self.nodes, stop)
        {
            return a;
        }
        self.inner.select(view, rng)
    }
}
