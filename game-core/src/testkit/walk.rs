//! One conformance case: a seeded playout with every check at every step.

use std::collections::BTreeSet;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::Failure;
use crate::{Determinize, Game, GameRng, LogEntry, Replay, Seat, Session, Step, ToAct, Viewer};

/// An extra check run on every state of a case: `(game, state, rng)`.
/// Returns the name of the failed check and what was wrong.
pub type CaseCheck<G> =
    dyn Fn(&G, &<G as Game>::State, &mut GameRng) -> Result<(), (&'static str, String)> + Sync;

/// How many actions or outcomes of one state are applied one by one; the
/// rest are sampled, so games with thousands of moves stay fast to check.
const APPLY_BUDGET: usize = 48;
/// How many distinct actions the pool of candidates keeps.
const POOL_LIMIT: usize = 256;
/// Up to this step every state goes through JSON; after it, every 16th.
const SERDE_EVERY_STEP_UNTIL: usize = 64;

type Steps<G> = Vec<Step<<G as Game>::Action, <G as Game>::Chance>>;

struct Walk<'a, G: Game> {
    game: &'a G,
    config_json: String,
    seed: u64,
    steps: Steps<G>,
    actions: BTreeSet<G::Action>,
    chances: BTreeSet<G::Chance>,
}

impl<G: Game> Walk<'_, G> {
    fn fail(&self, check: &'static str, detail: impl Into<String>) -> Failure {
        Failure {
            check,
            detail: detail.into(),
            config: self.config_json.clone(),
            seed: self.seed,
            step: self.steps.len(),
            steps: serde_json::to_string(&self.steps).unwrap_or_else(|e| format!("<{e}>")),
        }
    }
}

/// Runs one case: builds the game from `config`, plays it out with chance
/// from `seed` and seat choices from `picks`, checking everything.
///
/// # Errors
/// The first failed check.
pub fn run_case<G: Game>(
    config: &G::Config,
    seed: u64,
    picks: &[u32],
    extra: &CaseCheck<G>,
) -> Result<(), Failure> {
    let config_json = serde_json::to_string(config).unwrap_or_else(|e| format!("<{e}>"));
    let game = G::new(config.clone()).map_err(|e| Failure {
        check: "config accepted",
        detail: format!("G::new refused a config under test: {e}"),
        config: config_json.clone(),
        seed,
        step: 0,
        steps: "[]".into(),
    })?;
    let mut w = Walk {
        game: &game,
        config_json,
        seed,
        steps: Vec::new(),
        actions: BTreeSet::new(),
        chances: BTreeSet::new(),
    };
    let mut state = game.initial_state();
    let mut pick_rng = GameRng::for_stream(seed, u64::MAX);
    let mut extra_rng = GameRng::for_stream(seed, u64::MAX - 1);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut history: Vec<G::State> = Vec::new();
    let limit = game.max_steps();

    loop {
        let k = w.steps.len();
        if k > limit {
            return Err(w.fail(
                "ends within max_steps",
                format!("still playing after max_steps = {limit} steps"),
            ));
        }
        check_state_step(&w, &state, k)?;
        extra(&game, &state, &mut extra_rng).map_err(|(check, detail)| w.fail(check, detail))?;
        history.push(state.clone());
        let to_act = game.to_act(&state);
        check_lists(&mut w, &state, to_act, &mut legal, &mut outcomes)?;
        check_candidates(&w, &state, to_act)?;
        check_leaks(&w, &state, to_act, &legal, &outcomes)?;
        match to_act {
            ToAct::Over => break,
            ToAct::Chance => {
                let mut rng = GameRng::for_stream(seed, k as u64);
                let Some(c) = rng.pick(&outcomes).cloned() else {
                    return Err(w.fail("chance outcomes", "no outcome with positive weight"));
                };
                game.apply_chance(&mut state, &c)
                    .map_err(|e| w.fail("chance outcomes apply", format!("{c:?}: {e}")))?;
                w.steps.push(Step::Chance(c));
            }
            ToAct::Seat(seat) => {
                let pick = picks.get(k).copied().unwrap_or_else(|| pick_rng.next_u32());
                let a = legal[pick as usize % legal.len()].clone();
                game.apply(&mut state, seat, &a)
                    .map_err(|e| w.fail("legal actions apply", format!("{a:?}: {e}")))?;
                w.steps.push(Step::Action { seat, action: a });
            }
        }
    }
    check_session(&w, &state, &history)
}

fn check_state_step<G: Game>(w: &Walk<'_, G>, state: &G::State, k: usize) -> Result<(), Failure> {
    let game = w.game;
    game.check_state(state)
        .map_err(|e| w.fail("check_state accepts reachable states", e.to_string()))?;
    let over = game.to_act(state) == ToAct::Over;
    match game.outcome(state) {
        Some(o) => {
            if !over {
                return Err(w.fail("outcome iff over", "outcome given before the end"));
            }
            let n = game.seats();
            if o.scores.len() != n || o.places.len() != n {
                return Err(w.fail("outcome shape", format!("{o:?} for {n} seats")));
            }
            if o.places.iter().any(|&p| p == 0 || usize::from(p) > n) {
                return Err(w.fail("outcome places", format!("{:?}", o.places)));
            }
        }
        None if over => return Err(w.fail("outcome iff over", "game over without an outcome")),
        None => {}
    }
    if k == 0 || over {
        refuses_unknown_fields(w, "state refuses unknown fields", state)?;
    }
    if k < SERDE_EVERY_STEP_UNTIL || k.is_multiple_of(16) || over {
        round_trip(w, "state serde round trip", state)?;
        let back: G::State = serde_json::from_str(&to_json(w, state)?)
            .map_err(|e| w.fail("state serde round trip", e.to_string()))?;
        game.check_state(&back)
            .map_err(|e| w.fail("state serde round trip", format!("read back invalid: {e}")))?;
        for v in viewers(game.seats()) {
            let a = to_json(w, &game.observe(state, v))?;
            let b = to_json(w, &game.observe(&back, v))?;
            if a != b {
                return Err(w.fail("observation serialization stable", format!("{v:?}")));
            }
        }
    }
    Ok(())
}

/// The legal and chance lists at `state`: only the seat to act has
/// actions, chance outcomes only at chance nodes; both sorted, unique and
/// applicable. `legal` and `outcomes` are left holding the lists.
fn check_lists<G: Game>(
    w: &mut Walk<'_, G>,
    state: &G::State,
    to_act: ToAct,
    legal: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Chance, u32)>,
) -> Result<(), Failure> {
    check_only_actor_has_actions(w, state, to_act)?;
    check_legal_list(w, state, to_act, legal)?;
    check_chance_list(w, state, to_act, outcomes)
}

/// No seat but the one to act has a legal action.
fn check_only_actor_has_actions<G: Game>(
    w: &mut Walk<'_, G>,
    state: &G::State,
    to_act: ToAct,
) -> Result<(), Failure> {
    let game = w.game;
    let mut others = Vec::new();
    for seat in Seat::all(game.seats()) {
        if to_act == ToAct::Seat(seat) {
            continue;
        }
        game.legal_actions(state, seat, &mut others);
        if !others.is_empty() {
            return Err(w.fail(
                "legal actions only for the seat to act",
                format!(
                    "{seat} has {} actions while {to_act:?} is to act",
                    others.len()
                ),
            ));
        }
    }
    Ok(())
}

/// The seat to act has legal actions, sorted and unique, and a sample of
/// them applies (and round-trips through serde early in the walk); the
/// sample joins the action pool.
fn check_legal_list<G: Game>(
    w: &mut Walk<'_, G>,
    state: &G::State,
    to_act: ToAct,
    legal: &mut Vec<G::Action>,
) -> Result<(), Failure> {
    let game = w.game;
    legal.clear();
    if let ToAct::Seat(seat) = to_act {
        game.legal_actions(state, seat, legal);
        if legal.is_empty() {
            return Err(w.fail("seat to act has a legal action", format!("{seat} has none")));
        }
        let counted = game.legal_count(state, seat);
        if counted != legal.len() {
            return Err(w.fail(
                "legal count agrees with the list",
                format!("{seat}: {counted} counted, {} listed", legal.len()),
            ));
        }
        if let Some(pair) = legal.windows(2).find(|p| p[0] >= p[1]) {
            return Err(w.fail(
                "legal actions sorted and unique",
                format!("{:?} before {:?}", pair[0], pair[1]),
            ));
        }
        for a in sample(legal) {
            let mut s = state.clone();
            game.apply(&mut s, seat, a)
                .map_err(|e| w.fail("legal actions apply", format!("{a:?}: {e}")))?;
            if w.steps.len() < SERDE_EVERY_STEP_UNTIL {
                round_trip(w, "action serde round trip", a)?;
            }
        }
        for a in sample(legal) {
            if w.actions.len() >= POOL_LIMIT {
                break;
            }
            w.actions.insert(a.clone());
        }
    }
    Ok(())
}

/// Chance outcomes exist exactly at chance nodes, with positive weights,
/// sorted and unique; a sample applies and joins the chance pool.
fn check_chance_list<G: Game>(
    w: &mut Walk<'_, G>,
    state: &G::State,
    to_act: ToAct,
    outcomes: &mut Vec<(G::Chance, u32)>,
) -> Result<(), Failure> {
    let game = w.game;
    game.chance_outcomes(state, outcomes);
    if to_act == ToAct::Chance {
        if outcomes.is_empty() {
            return Err(w.fail("chance outcomes complete", "chance to act but no outcome"));
        }
        if let Some((c, _)) = outcomes.iter().find(|(_, weight)| *weight == 0) {
            return Err(w.fail("chance weights positive", format!("{c:?} has weight 0")));
        }
        if let Some(pair) = outcomes.windows(2).find(|p| p[0].0 >= p[1].0) {
            return Err(w.fail(
                "chance outcomes sorted and unique",
                format!("{:?} before {:?}", pair[0].0, pair[1].0),
            ));
        }
        for (c, _) in sample(outcomes) {
            let mut s = state.clone();
            game.apply_chance(&mut s, c)
                .map_err(|e| w.fail("chance outcomes apply", format!("{c:?}: {e}")))?;
            if w.steps.len() < SERDE_EVERY_STEP_UNTIL {
                round_trip(w, "chance serde round trip", c)?;
            }
            if w.chances.len() < POOL_LIMIT {
                w.chances.insert(c.clone());
            }
        }
    } else if !outcomes.is_empty() {
        return Err(w.fail(
            "chance outcomes only at chance nodes",
            format!("{} outcomes while {to_act:?} is to act", outcomes.len()),
        ));
    }
    Ok(())
}

/// `check` agrees with the legal list for every seat and every pooled
/// action; everything refused leaves the state unchanged.
fn check_candidates<G: Game>(
    w: &Walk<'_, G>,
    state: &G::State,
    to_act: ToAct,
) -> Result<(), Failure> {
    let game = w.game;
    let mut legal = Vec::new();
    // Every seat and one that is not at the table.
    for seat in Seat::all(game.seats() + 1) {
        game.legal_actions(state, seat, &mut legal);
        for a in &w.actions {
            let is_legal = legal.binary_search(a).is_ok();
            let checked = game.check(state, seat, a);
            if checked.is_ok() != is_legal {
                return Err(w.fail(
                    "check agrees with legal actions",
                    format!("{seat} {a:?}: legal = {is_legal}, check = {checked:?}"),
                ));
            }
            if !is_legal {
                let mut s = state.clone();
                if game.apply(&mut s, seat, a).is_ok() {
                    return Err(w.fail("illegal actions refused", format!("{seat} {a:?} applied")));
                }
                if s != *state {
                    return Err(w.fail(
                        "refused action changes nothing",
                        format!("{seat} {a:?} changed the state"),
                    ));
                }
            }
        }
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    for c in &w.chances {
        if outcomes.iter().any(|(o, _)| o == c) {
            continue;
        }
        let mut s = state.clone();
        if game.apply_chance(&mut s, c).is_ok() {
            return Err(w.fail(
                "unlisted chance outcome refused",
                format!("{c:?} applied while {to_act:?} is to act"),
            ));
        }
        if s != *state {
            return Err(w.fail(
                "refused chance changes nothing",
                format!("{c:?} changed the state"),
            ));
        }
    }
    Ok(())
}

/// A viewer's log and its observation must agree on what is hidden, both
/// ways round:
///
/// - two steps with the same log entry (hidden chance, a masked action)
///   leave the viewer's observation the same: nothing leaks into `observe`;
/// - two steps that the log names in full (public form = the step itself)
///   and that leave different states but the same observation: the log
///   tells the viewer a hidden difference (a card's face logged while the
///   observation still hides it). A masked form against a named step is
///   allowed: that a seat played a card is public even when what the card
///   changed is not, and the observation holds no history.
fn check_leaks<G: Game>(
    w: &Walk<'_, G>,
    state: &G::State,
    to_act: ToAct,
    legal: &[G::Action],
    outcomes: &[(G::Chance, u32)],
) -> Result<(), Failure> {
    let game = w.game;
    let steps: Vec<Step<G::Action, G::Chance>> = match to_act {
        ToAct::Over => return Ok(()),
        ToAct::Chance => sample(outcomes)
            .map(|(c, _)| Step::Chance(c.clone()))
            .collect(),
        ToAct::Seat(seat) => sample(legal)
            .map(|a| Step::Action {
                seat,
                action: a.clone(),
            })
            .collect(),
    };
    let mut after = Vec::with_capacity(steps.len());
    for step in &steps {
        let mut s = state.clone();
        let applied = match step {
            Step::Chance(c) => game.apply_chance(&mut s, c).is_ok(),
            Step::Action { seat, action } => game.apply(&mut s, *seat, action).is_ok(),
        };
        after.push(applied.then_some(s));
    }
    for v in viewers(game.seats()) {
        let entries: Vec<LogEntry<G::Action, G::Chance>> = steps
            .iter()
            .map(|step| match step {
                Step::Chance(c) => LogEntry::Chance(game.public_chance(state, c, v)),
                Step::Action { seat, action } => LogEntry::Action {
                    seat: *seat,
                    action: game.public_action(state, *seat, action, v),
                },
            })
            .collect();
        let observed: Vec<Option<G::Obs>> = after
            .iter()
            .map(|s| s.as_ref().map(|s| game.observe(s, v)))
            .collect();
        for i in 0..steps.len() {
            let (Some(state_i), Some(obs_i)) = (&after[i], &observed[i]) else {
                continue;
            };
            for j in i + 1..steps.len() {
                let (Some(state_j), Some(obs_j)) = (&after[j], &observed[j]) else {
                    continue;
                };
                let same_entry = entries[i] == entries[j];
                if same_entry && obs_i != obs_j {
                    return Err(w.fail(
                        "observation leak",
                        format!(
                            "{v:?} should not tell {:?} from {:?} (log entry {:?}), but sees\n{obs_i:?}\nversus\n{obs_j:?}",
                            steps[i], steps[j], entries[i]
                        ),
                    ));
                }
                let named = |k: usize| match (&entries[k], &steps[k]) {
                    (LogEntry::Chance(c), Step::Chance(o)) => c.as_ref() == Some(o),
                    (LogEntry::Action { action, .. }, Step::Action { action: a, .. }) => {
                        action.as_ref() == Some(a)
                    }
                    (LogEntry::Chance(_) | LogEntry::Action { .. }, _) => false,
                };
                if !same_entry && obs_i == obs_j && state_i != state_j && named(i) && named(j) {
                    return Err(w.fail(
                        "log leak",
                        format!(
                            "{v:?}'s log tells {:?} from {:?} ({:?} versus {:?}) though its observation cannot",
                            steps[i], steps[j], entries[i], entries[j]
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Session, replay, undo and logs agree with the walk.
fn check_session<G: Game>(
    w: &Walk<'_, G>,
    end: &G::State,
    history: &[G::State],
) -> Result<(), Failure> {
    let game = w.game;
    let mut session = Session::with_game(game.clone(), w.seed);
    for step in &w.steps {
        if let Step::Action { seat, action } = step {
            session
                .act(*seat, action)
                .map_err(|e| w.fail("session replays the walk", format!("{action:?}: {e}")))?;
        }
    }
    if session.steps() != w.steps.as_slice() || session.state() != end {
        return Err(w.fail(
            "session determinism",
            "a session with the same seed and actions played differently",
        ));
    }
    let replay = session.to_replay();
    refuses_unknown_fields(w, "replay refuses unknown fields", &replay)?;
    for a in &w.actions {
        refuses_unknown_fields(w, "action refuses unknown fields", a)?;
    }
    for c in &w.chances {
        refuses_unknown_fields(w, "chance refuses unknown fields", c)?;
    }
    let json = to_json(w, &replay)?;
    let back: Replay<G> = serde_json::from_str(&json)
        .map_err(|e| w.fail("replay serde round trip", e.to_string()))?;
    if back != replay || to_json(w, &back)? != json {
        return Err(w.fail("replay serde round trip", "replay changed through JSON"));
    }
    let loaded =
        Session::<G>::from_replay(&back).map_err(|e| w.fail("replay plays back", e.to_string()))?;
    if loaded.state() != end {
        return Err(w.fail("replay plays back", "different final state"));
    }
    // Undo to a step where a seat was to act (chance nodes re-resolve).
    if let Some(k) = (0..w.steps.len())
        .rev()
        .find(|&k| matches!(game.to_act(&history[k]), ToAct::Seat(_)))
        .map(|k| k / 2)
        .filter(|&k| matches!(game.to_act(&history[k]), ToAct::Seat(_)))
    {
        let mut undone = loaded.clone();
        undone
            .undo_to(k)
            .map_err(|e| w.fail("undo", e.to_string()))?;
        if undone.state() != &history[k] || undone.step_count() != k {
            return Err(w.fail("undo", format!("undo_to({k}) did not restore step {k}")));
        }
    }
    for v in viewers(game.seats()) {
        let log = loaded.log_for(v);
        if log.len() != w.steps.len() {
            return Err(w.fail("log_for", "log length differs from the steps"));
        }
        for (i, (entry, step)) in log.iter().zip(&w.steps).enumerate() {
            let consistent = match (entry, step) {
                (LogEntry::Action { seat, action }, Step::Action { seat: s, action: a }) => {
                    seat == s && *action == game.public_action(&history[i], *s, a, v)
                }
                (LogEntry::Chance(c), Step::Chance(o)) => {
                    *c == game.public_chance(&history[i], o, v)
                }
                (LogEntry::Action { .. } | LogEntry::Chance(_), _) => false,
            };
            if !consistent {
                return Err(w.fail("log_for", format!("entry {i} for {v:?} is {entry:?}")));
            }
        }
    }
    Ok(())
}

/// The [`crate::Determinize`] contract on one state.
pub(super) fn determinize_check<G: Determinize>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    let mut legal_a = Vec::new();
    let mut legal_b = Vec::new();
    for seat in Seat::all(game.seats()) {
        let d = game.determinize(state, seat, rng);
        game.check_state(&d)
            .map_err(|e| ("determinize gives valid states", format!("{seat}: {e}")))?;
        if game.observe(&d, seat.into()) != game.observe(state, seat.into()) {
            return Err(("determinize keeps the observation", format!("{seat}")));
        }
        if game.to_act(&d) != game.to_act(state) {
            return Err(("determinize keeps the turn", format!("{seat}")));
        }
        game.legal_actions(state, seat, &mut legal_a);
        game.legal_actions(&d, seat, &mut legal_b);
        if legal_a != legal_b {
            return Err(("determinize keeps the legal actions", format!("{seat}")));
        }
    }
    Ok(())
}

fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    Seat::all(seats)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
}

/// At most [`APPLY_BUDGET`] entries, evenly spread over the list.
fn sample<T>(items: &[T]) -> impl Iterator<Item = &T> {
    sample_at_most(items, APPLY_BUDGET)
}

/// At most `n` entries, evenly spread over the list.
fn sample_at_most<T>(items: &[T], n: usize) -> impl Iterator<Item = &T> {
    let step = items.len().div_ceil(n.max(1)).max(1);
    items.iter().step_by(step)
}

fn to_json<G: Game, T: Serialize>(w: &Walk<'_, G>, value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| w.fail("serializes to JSON", e.to_string()))
}

/// How many of a value's JSON objects get an unknown field, one at a time.
const UNKNOWN_FIELD_OBJECTS: usize = 24;

/// Every JSON object inside `value` (sampled), given one field it does not
/// have, must make the whole value fail to read: a wire type that ignored
/// it would let a typo or a forged field pass silently (DESIGN.md,
/// serialization conventions).
fn refuses_unknown_fields<G: Game, T: Serialize + DeserializeOwned + std::fmt::Debug>(
    w: &Walk<'_, G>,
    check: &'static str,
    value: &T,
) -> Result<(), Failure> {
    let json = serde_json::to_value(value).map_err(|e| w.fail(check, e.to_string()))?;
    let mut objects = Vec::new();
    object_pointers(&json, String::new(), &mut objects);
    for pointer in sample_at_most(&objects, UNKNOWN_FIELD_OBJECTS) {
        let mut forged = json.clone();
        if let Some(serde_json::Value::Object(map)) = forged.pointer_mut(pointer) {
            map.insert("unknown_field".into(), serde_json::Value::from(0));
        }
        if let Ok(read) = serde_json::from_value::<T>(forged) {
            return Err(w.fail(
                check,
                format!("an unknown field at {pointer:?} was ignored, read as {read:?}"),
            ));
        }
    }
    Ok(())
}

/// The JSON pointers of every object in `value`, outermost first.
fn object_pointers(value: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            out.push(at.clone());
            for (key, v) in map {
                let key = key.replace('~', "~0").replace('/', "~1");
                object_pointers(v, format!("{at}/{key}"), out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                object_pointers(v, format!("{at}/{i}"), out);
            }
        }
        serde_json::Value::Null
        | serde_json::Value::Bool(_)
        | serde_json::Value::Number(_)
        | serde_json::Value::String(_) => {}
    }
}

fn round_trip<G: Game, T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    w: &Walk<'_, G>,
    check: &'static str,
    value: &T,
) -> Result<(), Failure> {
    let json = to_json(w, value)?;
    let back: T =
        serde_json::from_str(&json).map_err(|e| w.fail(check, format!("{e} in {json}")))?;
    if back != *value {
        return Err(w.fail(check, format!("{value:?} came back as {back:?}")));
    }
    if to_json(w, &back)? != json {
        return Err(w.fail(check, "bytes changed on a second write"));
    }
    Ok(())
}
