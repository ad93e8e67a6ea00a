//! Binary Scrabble's own bots with their spec parameters: `leave-table`,
//! `sim(...)` and `endgame(...)`, every budget capped since `serve` takes
//! specs from the wire.

use std::sync::Arc;

use binary_scrabble_core::{
    EndgameBot, LeaveTable, LeaveTableBot, MAX_ENDGAME_NODES, MAX_SIM_CANDIDATES,
    MAX_SIM_ITERATIONS, MAX_SIM_PLIES, Scrabble, SimBot,
};
use game_core::Bot;

use super::entry::{BotMaker, Entry};
use super::spec::{BotSpec, SpecError};
use super::{RegistryError, cap_quote};

/// The most a leave point may weigh against a score point.
const MAX_LEAVE_WEIGHT: f32 = 4.0;

/// The whole number `key` of `spec`, `default` when absent, at most `max`.
fn capped(spec: &BotSpec, key: &str, default: u64, max: u64) -> Result<u64, RegistryError> {
    let asked = spec
        .parsed::<u64>(key, "a whole number")?
        .unwrap_or(default);
    if asked > max {
        return Err(RegistryError::BotBudget {
            name: cap_quote(&format!("{}({key}={asked})", spec.name)),
            asked,
            max: u32::try_from(max).unwrap_or(u32::MAX),
        });
    }
    Ok(asked)
}

/// The leave weight of `spec` (default 1), from 0 to [`MAX_LEAVE_WEIGHT`].
fn weight(spec: &BotSpec) -> Result<f32, RegistryError> {
    let w = spec.parsed::<f32>("weight", "a number")?.unwrap_or(1.0);
    if !(w.is_finite() && (0.0..=MAX_LEAVE_WEIGHT).contains(&w)) {
        return Err(SpecError::BadValue {
            bot: cap_quote(&spec.name),
            param: "weight".into(),
            value: w.to_string(),
            expected: "a number from 0 to 4",
        }
        .into());
    }
    Ok(w)
}

fn maker(bot: impl Bot<Scrabble> + Clone + Sync + 'static) -> BotMaker<Scrabble> {
    Arc::new(move |_: &Scrabble, _| Box::new(bot.clone()) as Box<dyn Bot<Scrabble>>)
}

/// Binary Scrabble's registration.
pub(super) fn entry() -> Entry<Scrabble> {
    let defaults = SimBot::default();
    Entry::<Scrabble>::new()
        // A playout generates every legal play at every turn.
        .mcts_iterations(40)
        .bot("greedy", |_, _| {
            Box::new(binary_scrabble_core::GreedyBot) as Box<dyn Bot<_>>
        })
        .bot("leave", |_, _| {
            Box::new(binary_scrabble_core::LeaveBot::default()) as Box<dyn Bot<_>>
        })
        .bot_with_params(
            "leave-table",
            &["weight=leave points per score point, 0 to 4 (default 1)"],
            |spec| {
                spec.only(&["weight"])?;
                Ok(maker(LeaveTableBot {
                    table: LeaveTable::shipped(),
                    weight: weight(spec)?,
                }))
            },
        )
        .bot_with_params(
            "sim",
            &[
                "cands=candidates played out (default 6, at most 64)",
                "plies=turns played after each (default 2, at most 8)",
                "iters=simulations at most (default 40, at most 10000)",
                "endgame=endgame search nodes once the bag is empty (default 20000, at most 1000000; 0 off)",
            ],
            move |spec| {
                spec.only(&["cands", "plies", "iters", "endgame"])?;
                let max_cands = MAX_SIM_CANDIDATES as u64;
                let cands = capped(spec, "cands", defaults.candidates as u64, max_cands)?;
                let plies = capped(spec, "plies", u64::from(defaults.plies), u64::from(MAX_SIM_PLIES))?;
                let iters = capped(
                    spec,
                    "iters",
                    u64::from(defaults.iterations),
                    u64::from(MAX_SIM_ITERATIONS),
                )?;
                let endgame = capped(spec, "endgame", defaults.endgame_nodes, MAX_ENDGAME_NODES)?;
                Ok(maker(SimBot {
                    candidates: usize::try_from(cands).unwrap_or(1).max(1),
                    plies: u32::try_from(plies).unwrap_or(0),
                    iterations: u32::try_from(iters).unwrap_or(0),
                    endgame_nodes: endgame,
                    table: LeaveTable::shipped(),
                }))
            },
        )
        .bot_with_params(
            "endgame",
            &["nodes=search nodes once the bag is empty (default 20000, at most 1000000); the leave-table bot before and when the search does not finish"],
            |spec| {
                spec.only(&["nodes"])?;
                let nodes = capped(spec, "nodes", EndgameBot::default().nodes, MAX_ENDGAME_NODES)?;
                Ok(maker(EndgameBot {
                    nodes,
                    inner: LeaveTableBot::default(),
                }))
            },
        )
}

#[cfg(test)]
mod tests {
    use game_core::Seat;
    use serde_json::Value;

    use super::super::{RegistryError, find};
    use super::SpecError;

    fn seat_bot(spec: &str) -> Result<(), RegistryError> {
        let game = find("binary-scrabble").unwrap();
        let mut session = game.open(&Value::Null, 1).unwrap();
        session.set_bot(Seat(0), spec, 7)
    }

    #[test]
    fn parameters_are_read_and_budgets_capped() {
        for ok in [
            "leave-table",
            "leave-table(weight=0.5)",
            "sim",
            "sim(cands=4,plies=1,iters=20,endgame=0)",
            "endgame(nodes=1000)",
        ] {
            assert!(seat_bot(ok).is_ok(), "{ok}");
        }
        assert!(matches!(
            seat_bot("sim(iters=10001)"),
            Err(RegistryError::BotBudget { asked: 10001, .. })
        ));
        assert!(matches!(
            seat_bot("endgame(nodes=99999999999)"),
            Err(RegistryError::BotBudget { .. })
        ));
        assert!(matches!(
            seat_bot("sim(depth=3)"),
            Err(RegistryError::BotSpec(SpecError::UnknownParam { .. }))
        ));
        assert!(matches!(
            seat_bot("leave-table(weight=9)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
        assert!(matches!(
            seat_bot("greedy(weight=1)"),
            Err(RegistryError::BotSpec(SpecError::UnknownParam { .. }))
        ));
    }

    #[test]
    fn the_list_shows_the_parameters() {
        let game = find("binary-scrabble").unwrap();
        let list = game.bot_list();
        let sim = list.iter().find(|b| b.name == "sim").unwrap();
        assert_eq!(sim.params.len(), 4);
        assert!(list.iter().any(|b| b.name == "leave-table"));
        assert!(
            list.iter()
                .any(|b| b.name == "greedy" && b.params.is_empty())
        );
    }
}
