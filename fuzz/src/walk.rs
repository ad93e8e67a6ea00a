//! The game targets: a start position and a walk of legal and illegal
//! inputs, chosen by the fuzzer's bytes, with the kit's invariants after
//! each one.
//!
//! Layout of an input: a mode byte, a config byte, then (modes 0..=2) a
//! seeded game and a step of it to start from (see [`Table`]), or (mode 3)
//! one to four JSON edits of the config, which must then be refused cleanly
//! or play from its first state; then one op per byte or few. The mode
//! byte's next bits let one input in four run the ops that go through JSON
//! (a state round trip, a replay of the walk): with a ledger or a deck in
//! the state they cost more than the rest of a walk.
//!
//! The walk adds what the conformance kit's proptest cases cannot reach:
//! actions of any seat (one not at the table too) from a pool seen in other
//! states, actions and chance outcomes edited as JSON or read from raw
//! bytes, chance outcomes picked by the bytes. At every new state it checks
//! what the kit checks cheaply (`check_state`, outcome iff over, legal lists
//! sorted, unique, non-empty only for the seat to act, chance lists sane),
//! and for each input it tries that `check` is `Ok` iff the action is legal,
//! that `apply` agrees with `check` and, when it refuses, leaves the state
//! as it was, with the shared errors first. Other ops look for leaks (two
//! steps a viewer may not tell apart must leave its observation the same),
//! round trip the state through JSON, and play the walk back as a replay
//! and undo. The kit's own [`game_core::testkit::run_case`] runs in the
//! `kit` target.

use std::borrow::Cow;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use game_core::{Game, REPLAY_FORMAT, Replay, Seat, Session, Step, ToAct, Viewer};

use crate::table::{Limits, Table};
use crate::{Input, json};

/// Ops one input may run; a step each at most, so walks stay short.
const MAX_OPS: usize = 256;
/// Distinct actions (and chance outcomes) kept to try in other states.
const POOL_LIMIT: usize = 64;
/// How many legal actions the leak op compares one action with.
const LEAK_SCAN: usize = 64;

/// Runs one fuzz input against `G` (see the module docs).
///
/// # Panics
/// When the game breaks an invariant: that is the finding.
pub fn drive<G: Game>(table: &Table<G>, data: &[u8]) {
    let mut input = Input::new(data);
    let head = input.byte();
    let mode = head % 4;
    let limits = Limits {
        json: (head >> 2).is_multiple_of(4),
        ..table.limits
    };
    let Some(listed) = table.listed.get(input.below(table.listed.len())) else {
        return;
    };
    if mode == 3 {
        let Some(config) = mutated_config::<G>(listed.game.config(), &mut input) else {
            return;
        };
        let Ok(game) = G::new(config.clone()) else {
            return;
        };
        assert!(game.config() == &config, "the game keeps its config");
        config_round_trip(&game);
        let start = Start::fresh(game.initial_state(), true);
        Walk::new(&game, start, limits).run(&mut input);
        return;
    }
    let Some(played) = listed.played.get(input.below(listed.played.len())) else {
        return;
    };
    let k = input.below(played.states.len());
    let start = Start {
        state: played.states[k].clone(),
        steps: &played.steps[..k],
        history: &played.states[..k],
        legal: Some(Cow::Borrowed(played.legal(&listed.game, k))),
        from_start: true,
        checked: true,
    };
    Walk::new(&listed.game, start, limits).run(&mut input);
}

/// A listed config with one to four JSON edits, if it still reads as a
/// config (`G::new` must then refuse it cleanly or play it).
fn mutated_config<G: Game>(base: &G::Config, input: &mut Input<'_>) -> Option<G::Config> {
    let mut v = serde_json::to_value(base).expect("a config serializes");
    for _ in 0..=input.byte() % 4 {
        json::mutate(&mut v, input);
    }
    serde_json::from_value(v).ok()
}

/// A config survives JSON, and the copy builds the same game.
fn config_round_trip<G: Game>(game: &G) {
    let text = serde_json::to_string(game.config()).expect("a config serializes");
    let back: G::Config = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("config does not read back: {e} in {text}"));
    assert!(
        &back == game.config(),
        "config changed through JSON: {text}"
    );
    if let Err(e) = G::new(back) {
        panic!("config refused after a round trip: {e} in {text}");
    }
}

/// Adds `x` to a bounded pool, replacing an entry chosen by `slot` when full.
fn remember<T: PartialEq + Clone>(pool: &mut Vec<T>, x: &T, slot: usize) {
    if pool.contains(x) {
        return;
    }
    if pool.len() < POOL_LIMIT {
        pool.push(x.clone());
    } else {
        pool[slot % POOL_LIMIT] = x.clone();
    }
}

/// Where a walk begins.
pub(crate) struct Start<'t, G: Game> {
    /// The state.
    pub(crate) state: G::State,
    /// The steps from the initial state to it (empty unless `from_start`).
    pub(crate) steps: &'t [Step<G::Action, G::Chance>],
    /// The state before each of those steps.
    pub(crate) history: &'t [G::State],
    /// Its legal actions, when already known.
    pub(crate) legal: Option<Cow<'t, [G::Action]>>,
    /// Whether the steps lead from the initial state (so replay and undo apply).
    pub(crate) from_start: bool,
    /// Whether `check_state` already accepted it.
    pub(crate) checked: bool,
}

impl<G: Game> Start<'_, G> {
    /// A walk from `state` with nothing known about it yet.
    pub(crate) fn fresh(state: G::State, from_start: bool) -> Self {
        Start {
            state,
            steps: &[],
            history: &[],
            legal: None,
            from_start,
            checked: false,
        }
    }
}

/// One walk through a game.
pub(crate) struct Walk<'t, G: Game> {
    game: &'t G,
    state: G::State,
    from_start: bool,
    prefix_steps: &'t [Step<G::Action, G::Chance>],
    prefix_states: &'t [G::State],
    steps: Vec<Step<G::Action, G::Chance>>,
    /// The state before each of `steps`.
    history: Vec<G::State>,
    /// Whether `state` changed since the per-state checks last ran.
    changed: bool,
    /// Whether `check_state` must still judge `state`.
    unchecked: bool,
    /// Whether a state went through JSON (once per input: a state with a
    /// ledger and decks is long text).
    round_tripped: bool,
    /// Whether the walk was played back as a replay (once per input: it
    /// replays every step).
    replayed: bool,
    to_act: ToAct,
    /// Legal actions of the seat to act in `state`, when known.
    legal: Option<Cow<'t, [G::Action]>>,
    /// Legal-action lists this walk may still compute.
    fresh_lists: usize,
    /// `check_state` runs on every this-many-th state.
    check_state_every: usize,
    /// Whether the ops through JSON run.
    json: bool,
    outcomes: Vec<(G::Chance, u32)>,
    actions: Vec<G::Action>,
    chances: Vec<G::Chance>,
    scratch: Vec<G::Action>,
}

impl<'t, G: Game> Walk<'t, G> {
    /// A walk from `start`.
    pub(crate) fn new(game: &'t G, start: Start<'t, G>, limits: Limits) -> Self {
        Walk {
            game,
            state: start.state,
            from_start: start.from_start,
            prefix_steps: start.steps,
            prefix_states: start.history,
            steps: Vec::new(),
            history: Vec::new(),
            changed: true,
            unchecked: !start.checked,
            round_tripped: false,
            replayed: false,
            to_act: ToAct::Over,
            legal: start.legal,
            fresh_lists: limits.fresh_lists,
            check_state_every: limits.check_state_every,
            json: limits.json,
            outcomes: Vec::new(),
            actions: Vec::new(),
            chances: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Runs ops from the bytes until they run out, checking every state.
    pub(crate) fn run(&mut self, input: &mut Input<'_>) {
        for _ in 0..MAX_OPS {
            if input.is_empty() {
                break;
            }
            self.refresh();
            self.op(input);
        }
        self.refresh();
        if self.unchecked {
            self.check_state();
        }
    }

    fn check_state(&mut self) {
        if let Err(e) = self.game.check_state(&self.state) {
            panic!(
                "check_state refuses a reachable state: {e}\n{:?}\nconfig: {}\nsteps: {:?}",
                self.state,
                serde_json::to_string(self.game.config()).unwrap_or_default(),
                self.steps
            );
        }
        self.unchecked = false;
    }

    fn seats(&self) -> usize {
        self.game.seats()
    }

    fn step_count(&self) -> usize {
        self.prefix_steps.len() + self.steps.len()
    }

    /// The per-state invariants, once per new state; refreshes `to_act`,
    /// `legal` and `outcomes`.
    fn refresh(&mut self) {
        if !self.changed {
            return;
        }
        self.changed = false;
        if self.unchecked && self.step_count().is_multiple_of(self.check_state_every) {
            self.check_state();
        }
        let game = self.game;
        let s = &self.state;
        self.to_act = game.to_act(s);
        let limit = game.max_steps();
        assert!(
            self.step_count() <= limit,
            "still playing after max_steps = {limit}"
        );
        match (game.outcome(s), self.to_act) {
            (Some(o), ToAct::Over) => {
                let n = self.seats();
                assert!(
                    o.scores.len() == n && o.places.len() == n,
                    "outcome shape {o:?} for {n} seats"
                );
                assert!(
                    o.places.iter().all(|&p| p >= 1 && usize::from(p) <= n),
                    "outcome places {:?}",
                    o.places
                );
            }
            (None, ToAct::Seat(_) | ToAct::Chance) => {}
            (o, t) => panic!("outcome iff over: {o:?} while {t:?}"),
        }
        // Every seat, one past the table, and the largest seat number.
        let all = Seat::all(self.seats() + 1).chain(std::iter::once(Seat(u8::MAX)));
        for seat in all {
            if self.to_act == ToAct::Seat(seat) {
                continue;
            }
            game.legal_actions(s, seat, &mut self.scratch);
            assert!(
                self.scratch.is_empty(),
                "{seat} has {} legal actions while {:?} is to act",
                self.scratch.len(),
                self.to_act
            );
        }
        if let ToAct::Seat(seat) = self.to_act {
            if self.legal.is_none() && self.fresh_lists > 0 {
                self.fresh_lists -= 1;
                let mut list = Vec::new();
                game.legal_actions(s, seat, &mut list);
                self.legal = Some(Cow::Owned(list));
            }
            if let Some(legal) = &self.legal {
                assert!(!legal.is_empty(), "{seat} is to act with no legal action");
                if let Some(p) = legal.windows(2).find(|p| p[0] >= p[1]) {
                    panic!(
                        "legal actions not sorted and unique: {:?} then {:?}",
                        p[0], p[1]
                    );
                }
            }
        } else {
            self.legal = Some(Cow::Borrowed(&[]));
        }
        game.chance_outcomes(s, &mut self.outcomes);
        if self.to_act == ToAct::Chance {
            assert!(!self.outcomes.is_empty(), "chance to act with no outcome");
            if let Some((c, _)) = self.outcomes.iter().find(|(_, w)| *w == 0) {
                panic!("chance outcome {c:?} has weight 0");
            }
            if let Some(p) = self.outcomes.windows(2).find(|p| p[0].0 >= p[1].0) {
                panic!(
                    "chance outcomes not sorted and unique: {:?} then {:?}",
                    p[0].0, p[1].0
                );
            }
        } else {
            assert!(
                self.outcomes.is_empty(),
                "{} chance outcomes while {:?} is to act",
                self.outcomes.len(),
                self.to_act
            );
        }
        // Pool a few legal actions and outcomes to try in later states.
        let slot = self.steps.len();
        if let Some(legal) = &self.legal {
            for pick in [0, legal.len() / 2, legal.len().saturating_sub(1)] {
                if let Some(a) = legal.get(pick) {
                    remember(&mut self.actions, a, slot + pick);
                }
            }
        }
        if let Some((c, _)) = self.outcomes.get(slot % self.outcomes.len().max(1)) {
            remember(&mut self.chances, c, slot);
        }
    }

    /// The state changed: the per-state checks run again before the next op.
    fn stepped(&mut self, before: G::State, step: Step<G::Action, G::Chance>) {
        self.history.push(before);
        self.steps.push(step);
        self.changed = true;
        self.unchecked = true;
        self.legal = None;
    }

    /// One op chosen by the bytes.
    fn op(&mut self, input: &mut Input<'_>) {
        match input.byte() % 16 {
            // Mostly legal steps, so walks get deep into games.
            0..=6 => self.legal_step(input),
            7 | 8 => {
                let seat = self.seat(input);
                if let Some(a) = self.actions.get(input.below(self.actions.len())).cloned() {
                    self.try_action(seat, &a);
                }
            }
            9 => {
                let seat = self.seat(input);
                if let Some(a) = self.edited(input) {
                    self.try_action(seat, &a);
                }
            }
            10 => {
                let seat = self.seat(input);
                let n = usize::from(input.byte() % 64);
                if let Ok(a) = serde_json::from_slice::<G::Action>(input.take(n)) {
                    self.try_action(seat, &a);
                }
            }
            11 => {
                if let Some(c) = self.chances.get(input.below(self.chances.len())).cloned() {
                    self.try_chance(&c);
                }
            }
            12 => {
                let base = self.chances.get(input.below(self.chances.len())).cloned();
                if let Some(c) = base.and_then(|c| edit::<G::Chance>(&c, input)) {
                    self.try_chance(&c);
                }
            }
            13 => self.leak(input),
            14 => self.state_round_trip(input),
            _ => self.replay_and_undo(input),
        }
    }

    /// Mostly the seat to act, sometimes any seat number.
    fn seat(&self, input: &mut Input<'_>) -> Seat {
        let b = input.byte();
        match (b >> 6, self.to_act) {
            (0 | 1, ToAct::Seat(seat)) => seat,
            (0..=2, ToAct::Seat(_) | ToAct::Chance | ToAct::Over) => {
                Seat((usize::from(b) % (self.seats() + 1)) as u8)
            }
            _ => Seat(b),
        }
    }

    /// A seat's view or the spectator's.
    fn viewer(&self, input: &mut Input<'_>) -> Viewer {
        match input.below(self.seats() + 1) {
            i if i < self.seats() => Viewer::Seat(Seat(i as u8)),
            _ => Viewer::Spectator,
        }
    }

    /// A pooled or legal action with one JSON edit, if it still reads.
    fn edited(&self, input: &mut Input<'_>) -> Option<G::Action> {
        let legal: &[G::Action] = self.legal.as_deref().unwrap_or(&[]);
        let i = input.below(self.actions.len() + legal.len());
        let base = match self.actions.get(i) {
            Some(a) => a,
            None => legal.get(i - self.actions.len())?,
        };
        edit::<G::Action>(base, input)
    }

    /// A legal step: from the list when it is known, else the first pooled
    /// action `check` accepts (the walk is past its budget of lists).
    fn legal_step(&mut self, input: &mut Input<'_>) {
        match self.to_act {
            ToAct::Over => {}
            ToAct::Chance => {
                let c = self.outcomes[input.below(self.outcomes.len())].0.clone();
                self.try_chance(&c);
            }
            ToAct::Seat(seat) => {
                let a = match &self.legal {
                    Some(legal) => legal[input.below(legal.len())].clone(),
                    None => {
                        let from = input.below(self.actions.len());
                        let accepted = self
                            .actions
                            .iter()
                            .cycle()
                            .skip(from)
                            .take(self.actions.len())
                            .find(|a| self.game.check(&self.state, seat, a).is_ok());
                        match accepted {
                            Some(a) => a.clone(),
                            None => return,
                        }
                    }
                };
                self.try_action(seat, &a);
            }
        }
    }

    /// `check` and `apply` agree with each other and with the legal list
    /// (when known); refusals change nothing; the shared errors come first.
    fn try_action(&mut self, seat: Seat, a: &G::Action) {
        let game = self.game;
        let is_legal = if self.to_act == ToAct::Seat(seat) {
            self.legal.as_ref().map(|l| l.binary_search(a).is_ok())
        } else {
            Some(false)
        };
        let checked = game.check(&self.state, seat, a);
        if let Some(is_legal) = is_legal {
            assert!(
                checked.is_ok() == is_legal,
                "check disagrees with legal_actions: {seat} {a:?}: legal = {is_legal}, check = {checked:?}"
            );
        }
        // The shared errors come first, in their order (DESIGN.md, Errors).
        if let Err(shared) = self.to_act.check_seat(seat, self.seats()) {
            let want = G::Error::from(shared);
            assert!(
                checked.as_ref().err() == Some(&want),
                "{seat} {a:?} while {:?}: check says {checked:?}, not {want:?}",
                self.to_act
            );
        }
        let before = self.state.clone();
        match game.apply(&mut self.state, seat, a) {
            Ok(()) => {
                assert!(
                    checked.is_ok(),
                    "apply took an action check refuses: {seat} {a:?}: {checked:?}"
                );
                remember(&mut self.actions, a, self.steps.len());
                self.stepped(
                    before,
                    Step::Action {
                        seat,
                        action: a.clone(),
                    },
                );
            }
            Err(e) => {
                assert!(
                    checked.as_ref().err() == Some(&e),
                    "apply and check disagree on {seat} {a:?}: apply says {e:?}, check {checked:?}"
                );
                assert!(
                    self.state == before,
                    "a refused action changed the state: {seat} {a:?}: {e}"
                );
            }
        }
    }

    /// `apply_chance` takes exactly the listed outcomes; refusals change nothing.
    fn try_chance(&mut self, c: &G::Chance) {
        let listed = self.outcomes.iter().any(|(o, _)| o == c);
        let before = self.state.clone();
        match self.game.apply_chance(&mut self.state, c) {
            Ok(()) => {
                assert!(
                    listed,
                    "apply_chance took an unlisted outcome {c:?} while {:?}",
                    self.to_act
                );
                self.stepped(before, Step::Chance(c.clone()));
            }
            Err(e) => {
                assert!(!listed, "apply_chance refused listed outcome {c:?}: {e}");
                if let Err(shared) = self.to_act.check_chance() {
                    assert!(
                        e == G::Error::from(shared),
                        "chance {c:?} while {:?}: {e:?}",
                        self.to_act
                    );
                }
                assert!(
                    self.state == before,
                    "a refused chance {c:?} changed the state: {e}"
                );
            }
        }
    }

    /// Two steps a viewer may not tell apart leave its observation the same.
    fn leak(&mut self, input: &mut Input<'_>) {
        let game = self.game;
        let v = self.viewer(input);
        let s = &self.state;
        match (self.to_act, &self.legal) {
            (ToAct::Over, _) | (ToAct::Seat(_), None) => {}
            (ToAct::Chance, _) => {
                // Outcomes the log masks or hides for `v`, and one with the
                // same public form: the two must look the same to `v`.
                let masked: Vec<(&G::Chance, Option<G::Chance>)> = self
                    .outcomes
                    .iter()
                    .map(|(c, _)| (c, game.public_chance(s, c, v)))
                    .filter(|(c, public)| public.as_ref() != Some(*c))
                    .take(LEAK_SCAN)
                    .collect();
                if masked.len() < 2 {
                    return;
                }
                let (a, public) = &masked[input.below(masked.len())];
                let Some((b, _)) = masked.iter().find(|(b, p)| p == public && b != a) else {
                    return;
                };
                let obs = |c: &G::Chance| {
                    let mut t = s.clone();
                    game.apply_chance(&mut t, c)
                        .expect("a listed outcome applies");
                    game.observe(&t, v)
                };
                let (oa, ob) = (obs(a), obs(b));
                assert!(
                    oa == ob,
                    "observation leak: {v:?} tells chance {a:?} from {b:?} (public form {public:?}):\n{oa:?}\nversus\n{ob:?}"
                );
            }
            (ToAct::Seat(seat), Some(legal)) => {
                let i = input.below(legal.len());
                let a = &legal[i];
                let public = game.public_action(s, seat, a, v);
                if public.as_ref() == Some(a) {
                    return;
                }
                let twin = legal
                    .iter()
                    .cycle()
                    .skip(i + 1)
                    .take(LEAK_SCAN.min(legal.len() - 1))
                    .find(|b| game.public_action(s, seat, b, v) == public);
                let Some(b) = twin else { return };
                let obs = |x: &G::Action| {
                    let mut t = s.clone();
                    game.apply(&mut t, seat, x).expect("a legal action applies");
                    game.observe(&t, v)
                };
                let (oa, ob) = (obs(a), obs(b));
                assert!(
                    oa == ob,
                    "observation leak: {v:?} tells {a:?} from {b:?} (public form {public:?})"
                );
            }
        }
    }

    /// The state reads back from JSON as itself and valid; one viewer's
    /// observation (chosen by the bytes) serializes.
    fn state_round_trip(&mut self, input: &mut Input<'_>) {
        let v = self.viewer(input);
        if !self.json || std::mem::replace(&mut self.round_tripped, true) {
            return;
        }
        let game = self.game;
        let text = serde_json::to_string(&self.state).expect("a state serializes");
        let back: G::State = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("state does not read back: {e}\n{text}"));
        assert!(back == self.state, "state changed through JSON");
        if let Err(e) = game.check_state(&back) {
            panic!("a state read back is refused: {e}");
        }
        serde_json::to_string(&game.observe(&back, v)).expect("an observation serializes");
    }

    /// The steps so far play back as a replay (through JSON), and undo
    /// returns to an earlier state chosen by the bytes.
    fn replay_and_undo(&mut self, input: &mut Input<'_>) {
        if !self.json || !self.from_start || std::mem::replace(&mut self.replayed, true) {
            return;
        }
        let mut steps = self.prefix_steps.to_vec();
        steps.extend_from_slice(&self.steps);
        let replay = Replay::<G> {
            game: G::NAME.to_owned(),
            format: REPLAY_FORMAT,
            rules_version: G::RULES_VERSION,
            seed: 0,
            config: self.game.config().clone(),
            steps,
        };
        let text = serde_json::to_string(&replay).expect("a replay serializes");
        let back: Replay<G> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("replay does not read back: {e}\n{text}"));
        assert!(back == replay, "replay changed through JSON");
        let mut session = Session::from_replay(&back)
            .unwrap_or_else(|e| panic!("the walk does not play back: {e}\n{text}"));
        // A replay ending on a chance event resolves it from the seed.
        if self.to_act != ToAct::Chance {
            assert!(
                session.state() == &self.state,
                "the replay ends elsewhere\n{text}"
            );
        }
        let k = input.below(replay.steps.len() + 1);
        let then = match self.prefix_states.get(k) {
            Some(then) => then,
            None => match self.history.get(k - self.prefix_states.len()) {
                Some(then) => then,
                None => return,
            },
        };
        if self.game.to_act(then) == ToAct::Chance {
            return;
        }
        if let Err(e) = session.undo_to(k) {
            panic!("undo_to({k}) refused: {e}");
        }
        assert!(
            session.state() == then,
            "undo_to({k}) did not restore step {k}"
        );
        assert!(
            session.steps() == &replay.steps[..k],
            "undo_to({k}) kept other steps"
        );
    }
}

/// `x` with one JSON edit, if it still reads as a `T`.
fn edit<T: Serialize + DeserializeOwned + Debug>(x: &T, input: &mut Input<'_>) -> Option<T> {
    let mut v: Value = serde_json::to_value(x).expect("serializes");
    json::mutate(&mut v, input);
    serde_json::from_value(v).ok()
}
