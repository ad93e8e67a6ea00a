//! The competitive reference bot: the solver's scoring, plus a
//! look at the rival when the goal is out of reach this turn.
//!
//! [`SolverBot`] spends a turn it cannot finish on the start of its plan,
//! blind to the next seat, who then plays on the same registers. The
//! [`RivalBot`] scores exactly as the solver does when its plan fits, but
//! otherwise picks where to leave the registers: every state reachable
//! with the energy left is scored by the chance that the next seat solves
//! its goal from there (over the goal values that seat may hold, as this
//! seat sees them) against the chance that this seat can solve its own
//! goal on its next turn after that seat has spent its turn on a cheapest
//! plan (M-38–M-40). Distances come from the solver's exact 4-bit tables
//! (RAM left out), so a position costs a few lookups. It reads only its
//! observation.

use game_core::{Bot, BotView, GameRng, Seat};

use crate::action::Action;
use crate::bots::SolverBot;
use crate::costs::CostTable;
use crate::moon::Moon;
use crate::observe::{GoalView, Obs};
use crate::ops::{OpKind, Operation};
use crate::solver::{Solver, SolverQuery};

/// How many positions, best first by the cheap score, get the full
/// look at the rival's turn.
const SHORTLIST: usize = 24;

/// Weight of this seat's own next-turn solve against the rival's solve.
const OWN_WEIGHT: f64 = 1.0;

/// Small pull toward positions close to this seat's goal, in goals per
/// half-unit, so ties go to the nearer position.
const DISTANCE_PULL: f64 = 0.01;

/// See the module docs.
#[derive(Debug, Default)]
pub struct RivalBot {
    solver_bot: SolverBot,
    solver: Solver,
    /// Lowest cost found to each packed 16-bit register state this turn.
    cost: Vec<u32>,
    /// The first operation of a cheapest way there.
    first: Vec<Option<Operation>>,
}

/// One reachable end-of-turn position.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    regs: [u8; 4],
    first: Option<Operation>,
    score: f64,
}

fn pack(r: [u8; 4]) -> usize {
    usize::from(r[0] & 0xF)
        | usize::from(r[1] & 0xF) << 4
        | usize::from(r[2] & 0xF) << 8
        | usize::from(r[3] & 0xF) << 12
}

fn unpack(k: usize) -> [u8; 4] {
    [
        (k & 0xF) as u8,
        (k >> 4 & 0xF) as u8,
        (k >> 8 & 0xF) as u8,
        (k >> 12 & 0xF) as u8,
    ]
}

/// The goal values `seat` may hold as `obs` shows them, one entry per
/// card (a known goal: that value; a hidden one: every unseen value).
fn possible_goals(obs: &Obs, seat: Seat) -> Vec<u8> {
    match obs.goals.get(seat.index()) {
        Some(GoalView::Known { value: Some(v), .. }) => vec![*v],
        Some(GoalView::Hidden { .. }) => obs.unseen.goal_values.clone(),
        Some(GoalView::Known { value: None, .. } | GoalView::None) | None => Vec::new(),
    }
}

/// The RAM-less query of `seat` under the observed rules (hacker
/// discounts applied), for the distance tables.
fn table_query(game: &Moon, obs: &Obs, seat: Seat) -> SolverQuery {
    let mut costs: CostTable = *game.cost_table();
    if let Some(h) = game.hacker(seat) {
        for k in OpKind::ALL {
            costs.set(k, h.discounted(k, costs.get(k)));
        }
    }
    SolverQuery {
        width: game.width(),
        regs: obs.regs,
        ram: None,
        goal: 0,
        costs,
        operations: game.operations(),
        disabled_regs: obs.disabled_regs,
        disabled_ops: obs.disabled_ops,
        forbid_self_mov: game.rules_config().forbid_self_mov,
        budget: None,
    }
}

impl RivalBot {
    /// A bot with empty solver caches.
    #[must_use]
    pub fn new() -> RivalBot {
        RivalBot::default()
    }

    /// The bot's choice for `seat` seeing `obs` with `legal` actions.
    pub fn choose(&mut self, game: &Moon, obs: &Obs, seat: Seat, legal: &[Action]) -> Action {
        let solver_move = self.solver_bot.choose(game, obs, seat, legal);
        if obs.ok_choice.is_some() || obs.width != 4 {
            return solver_move;
        }
        let Some(GoalView::Known {
            value: Some(goal), ..
        }) = obs.goals.get(seat.index()).copied()
        else {
            return solver_move;
        };
        // Score when this turn pays for it: the solver's plan.
        let fits = crate::bots::plan_for(game, obs, seat, &mut self.solver)
            .is_some_and(|p| p.fits && !p.ops.is_empty());
        if fits {
            return solver_move;
        }
        let seats = obs.scores.len();
        if seats < 2 {
            return solver_move;
        }
        let rival = Seat(u8::try_from((seat.index() + 1) % seats).unwrap_or(0));
        // Look before leaving the registers: a BUG shows the rival's goal.
        let bug = Action::UseBug(rival);
        if matches!(obs.goals.get(rival.index()), Some(GoalView::Hidden { .. }))
            && legal.contains(&bug)
        {
            return bug;
        }
        match self.best_end(game, obs, seat, rival, goal) {
            Some(Some(op)) if legal.contains(&Action::Op(op)) => Action::Op(op),
            Some(None) if legal.contains(&Action::EndTurn) => Action::EndTurn,
            Some(_) | None => solver_move,
        }
    }

    /// Every register state reachable with `energy` half-units from
    /// `start` by the moves of `q` (RAM left out), with the first
    /// operation of a cheapest way there (`None` for `start`).
    fn reachable(&mut self, q: &SolverQuery, start: [u8; 4], energy: u32) -> Vec<Candidate> {
        let moves = q.moves();
        self.cost.clear();
        self.cost.resize(1 << 16, u32::MAX);
        self.first.clear();
        self.first.resize(1 << 16, None);
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); energy as usize + 1];
        let s = pack(start);
        self.cost[s] = 0;
        buckets[0].push(s);
        let mut out = Vec::new();
        for d in 0..=energy as usize {
            let mut i = 0;
            while i < buckets[d].len() {
                let k = buckets[d][i];
                i += 1;
                if self.cost[k] != d as u32 {
                    continue;
                }
                let regs = unpack(k);
                out.push(Candidate {
                    regs,
                    first: self.first[k],
                    score: 0.0,
                });
                for &(op, c) in &moves {
                    let nd = d as u32 + c;
                    if nd > energy {
                        continue;
                    }
                    let mut r = regs;
                    op.apply(&mut r, None, 4);
                    let n = pack(r);
                    if nd < self.cost[n] {
                        self.cost[n] = nd;
                        self.first[n] = self.first[k].or(Some(op));
                        buckets[nd as usize].push(n);
                    }
                }
            }
        }
        out
    }

    /// The first step toward the best place to leave the registers:
    /// `Some(None)` to end the turn here, `None` when the tables do not
    /// apply.
    fn best_end(
        &mut self,
        game: &Moon,
        obs: &Obs,
        seat: Seat,
        rival: Seat,
        goal: u8,
    ) -> Option<Option<Operation>> {
        let mine = table_query(game, obs, seat);
        let theirs = table_query(game, obs, rival);
        let my_energy = u32::from(game.budget(seat).0);
        let their_energy = u32::from(game.budget(rival).0);
        let their_goals = possible_goals(obs, rival);
        let mut candidates = self.reachable(&mine, obs.regs, u32::from(obs.energy.0));
        // Cheap score: the rival's chance to solve from here, and how
        // close this seat stays to its goal if the rival leaves A alone.
        for c in &mut candidates {
            let them = self.solver.distances_from(&theirs, c.regs)?;
            let me = self.solver.distances_from(&mine, c.regs)?;
            let lose = their_goals
                .iter()
                .filter(|g| them[usize::from(**g & 0xF)] <= their_energy)
                .count() as f64
                / their_goals.len().max(1) as f64;
            let d = me[usize::from(goal & 0xF)];
            let near = if d <= my_energy { 0.5 } else { 0.0 };
            c.score = -lose + near - DISTANCE_PULL * f64::from(d.min(40));
        }
        // Stable sort: ties keep the search order (cheapest first).
        candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
        candidates.truncate(SHORTLIST);
        for c in &mut candidates {
            c.score = self.look_ahead(
                &mine,
                &theirs,
                c.regs,
                goal,
                my_energy,
                their_energy,
                &their_goals,
            )?;
        }
        let best = candidates.iter().fold(None::<&Candidate>, |b, c| match b {
            Some(b) if b.score >= c.score => Some(b),
            _ => Some(c),
        })?;
        Some(best.first)
    }

    /// The full score of leaving `regs`: over the rival's possible goals,
    /// minus its solves on its turn (playing a cheapest plan, or its start),
    /// plus this seat's solves on the turn after.
    #[allow(clippy::too_many_arguments)]
    fn look_ahead(
        &mut self,
        mine: &SolverQuery,
        theirs: &SolverQuery,
        regs: [u8; 4],
        goal: u8,
        my_energy: u32,
        their_energy: u32,
        their_goals: &[u8],
    ) -> Option<f64> {
        if their_goals.is_empty() {
            let me = self.solver.distances_from(mine, regs)?;
            let d = me[usize::from(goal & 0xF)];
            return Some(
                OWN_WEIGHT * f64::from(u8::from(d <= my_energy))
                    - DISTANCE_PULL * f64::from(d.min(40)),
            );
        }
        let mut total = 0.0;
        for &g in their_goals {
            let q = SolverQuery {
                regs,
                goal: g,
                ..theirs.clone()
            };
            let mut after = regs;
            let mut lose = 0.0;
            if let Ok(Some((cost, plan))) = self.solver.solve(&q) {
                if u32::from(cost.0) <= their_energy {
                    lose = 1.0;
                }
                let mut spent = 0u32;
                for op in plan {
                    let c = u32::from(theirs.costs.get(op.kind()).0);
                    if spent + c > their_energy {
                        break;
                    }
                    spent += c;
                    op.apply(&mut after, None, 4);
                }
            }
            let me = self.solver.distances_from(mine, after)?;
            let d = me[usize::from(goal & 0xF)];
            total += -lose + OWN_WEIGHT * f64::from(u8::from(d <= my_energy))
                - DISTANCE_PULL * f64::from(d.min(40));
        }
        Some(total / their_goals.len() as f64)
    }
}

impl Bot<Moon> for RivalBot {
    fn name(&self) -> String {
        "rival".into()
    }

    fn select(&mut self, view: &BotView<'_, Moon>, _rng: &mut GameRng) -> Action {
        let obs = view.observation();
        self.choose(view.game(), &obs, view.seat(), view.legal())
    }
}
