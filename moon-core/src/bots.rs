//! Bots for MOON, and the hint an app can show.
//!
//! [`SolverBot`] plays with the optimal solver: it follows a cheapest plan
//! to the current goal when the energy left pays for it, and otherwise
//! spends what it has on the start of that plan (preparing the registers
//! for the next round), then ends the turn. It reads only its seat's
//! observation, so it is a fair player in both modes (in competitive play
//! it aims at its own goal).

use game_core::{Bot, BotView, Game, GameRng, Seat, ToAct};

use crate::action::{Action, ErrorTarget};
use crate::energy::Energy;
use crate::moon::Moon;
use crate::observe::{GoalView, Obs};
use crate::ops::Operation;
use crate::solver::{Solver, SolverQuery};
use crate::state::State;

/// A cheapest way to the goal the seat is working on, for a hint display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The goal value A must reach.
    pub goal: u8,
    /// The plan's total cost (hacker discounts included, free uses not).
    pub cost: Energy,
    /// The operations, in order.
    pub ops: Vec<Operation>,
    /// True when the energy left this turn pays for the whole plan.
    pub fits: bool,
}

/// The goal the acting seat works on, as the observation shows it: the
/// complete current cooperative goal, or the seat's own competitive goal.
fn target_goal(obs: &Obs, seat: Seat) -> Option<u8> {
    if let Some(g) = obs.current_goal {
        return Some(g);
    }
    match obs.goals.get(seat.index()) {
        Some(GoalView::Known { value, .. }) => *value,
        Some(GoalView::None | GoalView::Hidden { .. }) | None => None,
    }
}

/// The query of `seat` built from its observation.
fn query_from_obs(game: &Moon, obs: &Obs, seat: Seat, goal: u8) -> SolverQuery {
    let mut costs = *game.cost_table();
    if let Some(h) = game.hacker(seat) {
        for k in crate::ops::OpKind::ALL {
            costs.set(k, h.discounted(k, costs.get(k)));
        }
    }
    SolverQuery {
        width: game.width(),
        regs: obs.regs,
        ram: obs.rams.get(seat.index()).copied().flatten(),
        goal,
        costs,
        operations: game.operations(),
        disabled_regs: obs.disabled_regs,
        disabled_ops: obs.disabled_ops,
        forbid_self_mov: game.rules_config().forbid_self_mov,
        budget: None,
    }
}

/// The hint for the seat that observes `obs`, using `solver`'s tables.
#[must_use]
pub fn plan_for(game: &Moon, obs: &Obs, seat: Seat, solver: &mut Solver) -> Option<Plan> {
    let goal = target_goal(obs, seat)?;
    let q = query_from_obs(game, obs, seat, goal);
    let (cost, ops) = solver.solve(&q).ok()??;
    Some(Plan {
        goal,
        cost,
        ops,
        fits: cost <= obs.energy,
    })
}

impl Moon {
    /// The hint an app can show the seat to act: one cheapest plan to the
    /// goal it works on (M-54), and whether this turn's energy pays for it.
    /// `None` when no seat acts, there is no complete goal to aim at, or
    /// the goal cannot be reached.
    #[must_use]
    pub fn best_plan(&self, s: &State) -> Option<Plan> {
        let ToAct::Seat(seat) = self.to_act(s) else {
            return None;
        };
        let obs = self.observe(s, seat.into());
        plan_for(self, &obs, seat, &mut Solver::new())
    }
}

/// Plays cheapest plans from the solver (see the module docs).
#[derive(Debug, Default)]
pub struct SolverBot {
    solver: Solver,
}

impl SolverBot {
    /// A bot with an empty solver cache.
    #[must_use]
    pub fn new() -> SolverBot {
        SolverBot::default()
    }

    /// The bot's choice for `seat` seeing `obs` with `legal` actions.
    pub fn choose(&mut self, game: &Moon, obs: &Obs, seat: Seat, legal: &[Action]) -> Action {
        let fallback = legal.last().copied().unwrap_or(Action::EndTurn);
        if let Some(ok) = &obs.ok_choice {
            return self.choose_repair(game, obs, seat, &ok.targets, legal);
        }
        if let Some(plan) = plan_for(game, obs, seat, &mut self.solver)
            && let Some(first) = plan.ops.first()
        {
            // Whole plan if it fits, else its start: each step of a
            // cheapest plan lowers the cost left by exactly its price.
            let action = Action::Op(*first);
            if legal.contains(&action) {
                return action;
            }
        }
        if legal.contains(&Action::EndTurn) {
            Action::EndTurn
        } else {
            fallback
        }
    }

    /// Repairs the error whose repair makes the current goal cheapest.
    fn choose_repair(
        &mut self,
        game: &Moon,
        obs: &Obs,
        seat: Seat,
        targets: &[ErrorTarget],
        legal: &[Action],
    ) -> Action {
        let mut best: Option<(u32, Action)> = None;
        for t in targets {
            let action = Action::ChooseOk(*t);
            if !legal.contains(&action) {
                continue;
            }
            let mut o = obs.clone();
            match t {
                ErrorTarget::Register(r) => o.disabled_regs = o.disabled_regs.without(*r),
                ErrorTarget::Operation(k) => o.disabled_ops = o.disabled_ops.without(*k),
                ErrorTarget::Bug(_) => {}
            }
            let cost = plan_for(game, &o, seat, &mut self.solver)
                .map_or(u32::MAX - 1, |p| u32::from(p.cost.0));
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, action));
            }
        }
        best.map_or_else(|| legal[0], |(_, a)| a)
    }
}

impl Bot<Moon> for SolverBot {
    fn name(&self) -> String {
        "solver".into()
    }

    fn select(&mut self, view: &BotView<'_, Moon>, _rng: &mut GameRng) -> Action {
        let obs = view.observation();
        self.choose(view.game(), &obs, view.seat(), view.legal())
    }
}
