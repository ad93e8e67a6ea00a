//! One game with safety nets: a bot that panics, plays an illegal action,
//! fails ([`crate::Bot::try_select_until`]) or overruns its time forfeits
//! that game, and a move cap ends games that would not end.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{BotFactory, GameSlot};
use crate::{Bot, BotView, Game, GameRng, Outcome, Seat, Session, ToAct, mix_seed};

/// Limits on one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Safety {
    /// Bot moves after which the game is adjudicated a draw (the game's
    /// own `max_steps` bound applies as well).
    pub max_moves: Option<usize>,
    /// Wall-clock time per move. A searching bot is asked to stop at the
    /// limit; one that answers after 1.5 × the limit forfeits. Off by
    /// default: a clock makes results depend on the machine's load.
    pub move_time: Option<Duration>,
}

/// How a game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Ending {
    /// Played to the end by the rules.
    Finished,
    /// The bot at `seat` forfeited: it places last, every other seat first,
    /// all scores 0.
    Forfeit {
        /// The seat that forfeited.
        seat: u8,
        /// What it did.
        reason: String,
    },
    /// The move cap was reached: adjudicated a draw (every seat first,
    /// scores 0), as the rules give no score before the end.
    MoveCap {
        /// Moves played.
        moves: usize,
    },
}

/// One played game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    /// Where it sits in the schedule, its seed and seating.
    #[serde(flatten)]
    pub slot: GameSlot,
    /// Steps (actions and chance events) played.
    pub steps: usize,
    /// How it ended.
    pub ending: Ending,
    /// Scores and places, adjudicated when it did not finish.
    pub outcome: Outcome,
}

/// Plays the game of `slot` between `entrants` (indexed by the slot's
/// seating) under `safety`. Returns the record and the session (for its replay).
pub fn play_guarded<G: Game>(
    game: &G,
    entrants: &[&BotFactory<'_, G>],
    slot: &GameSlot,
    safety: Safety,
) -> (MatchGame, Session<G>) {
    let seats = game.seats();
    let mut session = Session::with_game(game.clone(), slot.seed);
    let mut bots: Vec<Result<Box<dyn Bot<G>>, String>> = slot
        .seating
        .iter()
        .enumerate()
        .map(|(s, &e)| match entrants.get(e) {
            Some(factory) => catch_unwind(AssertUnwindSafe(|| factory(Seat(s as u8))))
                .map_err(|p| format!("panicked while being built: {}", panic_text(&*p))),
            None => Err(format!("no entrant {e}")),
        })
        .collect();
    let mut rngs: Vec<GameRng> = (0..seats)
        .map(|s| GameRng::new(mix_seed(slot.seed, s as u64 + 1)))
        .collect();
    let mut legal = Vec::new();
    let mut moves = 0;
    let ending = loop {
        let ToAct::Seat(seat) = session.to_act() else {
            break Ending::Finished;
        };
        if safety.max_moves.is_some_and(|cap| moves >= cap)
            || session.step_count() >= game.max_steps()
        {
            break Ending::MoveCap { moves };
        }
        game.legal_actions(session.state(), seat, &mut legal);
        let forfeit = |reason: String| Ending::Forfeit {
            seat: seat.0,
            reason,
        };
        let bot = match bots.get_mut(seat.index()) {
            Some(Ok(bot)) => bot,
            Some(Err(e)) => break forfeit(e.clone()),
            None => break forfeit("no bot".into()),
        };
        let view = BotView::new(game, session.state(), seat, &legal, bot.is_omniscient());
        let started = Instant::now();
        let stop = || safety.move_time.is_some_and(|t| started.elapsed() >= t);
        let rng = &mut rngs[seat.index()];
        let chosen = catch_unwind(AssertUnwindSafe(|| bot.try_select_until(&view, rng, &stop)));
        let action = match chosen {
            Ok(Ok(action)) => action,
            Ok(Err(reason)) => break forfeit(reason),
            Err(payload) => break forfeit(format!("panicked: {}", panic_text(&*payload))),
        };
        if let Some(limit) = safety.move_time {
            let took = started.elapsed();
            if took > limit + limit / 2 {
                break forfeit(format!(
                    "took {} ms, the limit is {} ms",
                    took.as_millis(),
                    limit.as_millis()
                ));
            }
        }
        if let Err(e) = session.act(seat, &action) {
            break forfeit(format!("illegal action {action:?}: {e}"));
        }
        moves += 1;
    };
    let outcome = match (&ending, session.outcome()) {
        (Ending::Finished, Some(outcome)) => outcome,
        (Ending::Forfeit { seat, .. }, _) => Outcome {
            scores: vec![0; seats],
            places: (0..seats)
                .map(|s| {
                    if s == usize::from(*seat) {
                        seats as u8
                    } else {
                        1
                    }
                })
                .collect(),
            team: None,
        },
        (Ending::Finished | Ending::MoveCap { .. }, _) => Outcome {
            scores: vec![0; seats],
            places: vec![1; seats],
            team: None,
        },
    };
    let record = MatchGame {
        slot: slot.clone(),
        steps: session.step_count(),
        ending,
        outcome,
    };
    (record, session)
}

/// The message of a panic payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a non-text panic".to_owned()
    }
}
