//! The deterministic, seeded state machine that apps embed.

use crate::checkpoints::Checkpoints;
use crate::{
    Determinize, Error, Game, GameRng, LogEntry, Outcome, REPLAY_FORMAT, Replay, ReplayError, Seat,
    Step, ToAct, Viewer,
};

/// A game in progress: rules, state, seed and the full step log.
///
/// Chance events are resolved automatically from the seed: the outcome of
/// step `i` is drawn from [`GameRng::for_stream`]`(seed, i)`, so the same
/// config, seed and actions give the same game on every machine, and undo
/// or replay reproduce it exactly. Turn automatic chance off
/// ([`Session::set_auto_chance`]) to steer luck by hand in tests.
///
/// ```
/// use game_core::demo::{Pig, PigAction};
/// use game_core::{Seat, Session, ToAct};
///
/// let mut session = Session::<Pig>::new(Default::default(), 7).unwrap();
/// assert_eq!(session.to_act(), ToAct::Seat(Seat(0)));
/// session.act(Seat(0), &PigAction::Roll).unwrap();
/// let replay = session.to_replay();
/// let again = Session::<Pig>::from_replay(&replay).unwrap();
/// assert_eq!(again.state(), session.state());
/// ```
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    seed: u64,
    initial: G::State,
    state: G::State,
    steps: Vec<Step<G::Action, G::Chance>>,
    version: u64,
    auto_chance: bool,
    chance_buf: Vec<(G::Chance, u32)>,
    /// States at a few step counts, so a log read from step `n` replays
    /// only the steps after `n` (a server's per-viewer updates).
    checkpoints: Checkpoints<G::State>,
}

impl<G: Game> Session<G> {
    /// A new game from `config`, with chance drawn from `seed`.
    ///
    /// # Errors
    /// The config's error from [`Game::new`].
    pub fn new(config: G::Config, seed: u64) -> Result<Self, G::Error> {
        Ok(Self::with_game(G::new(config)?, seed))
    }

    /// A new game on an already built rules object.
    #[must_use]
    pub fn with_game(game: G, seed: u64) -> Self {
        let initial = game.initial_state();
        let mut session = Session {
            state: initial.clone(),
            initial,
            game,
            seed,
            steps: Vec::new(),
            version: 0,
            auto_chance: true,
            chance_buf: Vec::new(),
            checkpoints: Checkpoints::new(),
        };
        session.resolve_chance();
        session
    }

    /// A session at a state that `seat` cannot tell from this one, its
    /// hidden parts (other seats' secrets, the order of what is unseen)
    /// redrawn from `rng` ([`Determinize::determinize`]): the world a
    /// search bot samples. It starts at that state with no steps, chance
    /// from `seed` as set by [`Session::set_auto_chance`]; its replay
    /// records only the steps played on it, so it is for search, not for
    /// keeping.
    #[must_use]
    pub fn determinized(&self, seat: Seat, rng: &mut GameRng, seed: u64) -> Self
    where
        G: Determinize,
    {
        let state = self.game.determinize(&self.state, seat, rng);
        Session {
            game: self.game.clone(),
            seed,
            initial: state.clone(),
            state,
            steps: Vec::new(),
            version: 0,
            auto_chance: self.auto_chance,
            chance_buf: Vec::new(),
            checkpoints: Checkpoints::new(),
        }
    }

    /// The rules object.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The seed chance is drawn from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The current full state (hidden information included).
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Every step so far.
    pub fn steps(&self) -> &[Step<G::Action, G::Chance>] {
        &self.steps
    }

    /// How many steps have been played.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// A counter bumped by every change of state (act, chance, undo), so an
    /// app can tell cheaply whether its view is stale.
    pub fn state_version(&self) -> u64 {
        self.version
    }

    /// Who moves next.
    pub fn to_act(&self) -> ToAct {
        self.game.to_act(&self.state)
    }

    /// The legal actions of the seat to act (empty at chance nodes and at the end).
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        if let ToAct::Seat(seat) = self.to_act() {
            self.game.legal_actions(&self.state, seat, &mut out);
        }
        out
    }

    /// Why `seat` may not play `action` now, or `Ok`.
    ///
    /// # Errors
    /// As [`Game::check`].
    pub fn check(&self, seat: Seat, action: &G::Action) -> Result<(), G::Error> {
        self.game.check(&self.state, seat, action)
    }

    /// Plays `action` for `seat`, then resolves chance events (when automatic).
    ///
    /// # Errors
    /// As [`Game::check`]; on error nothing changes.
    pub fn act(&mut self, seat: Seat, action: &G::Action) -> Result<(), G::Error> {
        self.game.apply(&mut self.state, seat, action)?;
        self.steps.push(Step::Action {
            seat,
            action: action.clone(),
        });
        self.version += 1;
        self.resolve_chance();
        Ok(())
    }

    /// Plays uniformly random legal actions (and, with automatic chance
    /// off, chance outcomes by weight) from `rng` until the game ends or
    /// `limit` steps have been played; returns the steps played. Every step
    /// is recorded, as with [`Session::act`]. The actions drawn are those
    /// of listing the legal actions and drawing `rng.below(len)`
    /// ([`Game::random_action`]), so a seed plays the same game as that
    /// loop would, at the speed of [`crate::random_playout`]: the actions
    /// are legal by construction, so they skip the check.
    pub fn random_playout(&mut self, rng: &mut GameRng, limit: usize) -> usize {
        let mut actions = Vec::new();
        let start = self.steps.len();
        while self.steps.len() - start < limit {
            match self.game.to_act(&self.state) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let Some(c) = self
                        .game
                        .random_chance(&self.state, rng, &mut self.chance_buf)
                    else {
                        break;
                    };
                    self.game.apply_chance_unchecked(&mut self.state, &c);
                    self.steps.push(Step::Chance(c));
                    self.version += 1;
                    self.resolve_chance();
                }
                ToAct::Seat(seat) => {
                    let Some(a) = self
                        .game
                        .random_action(&self.state, seat, rng, &mut actions)
                    else {
                        break;
                    };
                    self.game.apply_unchecked(&mut self.state, seat, &a);
                    self.steps.push(Step::Action { seat, action: a });
                    self.version += 1;
                    self.resolve_chance();
                }
            }
        }
        self.steps.len() - start
    }

    /// Resolves the pending chance event with `outcome`, chosen by the caller.
    ///
    /// # Errors
    /// [`Error::NotChance`], [`Error::GameOver`] or [`Error::BadChance`]
    /// (wrapped); on error nothing changes.
    pub fn apply_chance(&mut self, outcome: &G::Chance) -> Result<(), G::Error> {
        self.game.to_act(&self.state).check_chance()?;
        self.game.chance_outcomes(&self.state, &mut self.chance_buf);
        if !self.chance_buf.iter().any(|(c, w)| c == outcome && *w > 0) {
            return Err(Error::BadChance.into());
        }
        self.game.apply_chance(&mut self.state, outcome)?;
        self.steps.push(Step::Chance(outcome.clone()));
        self.version += 1;
        if self.auto_chance {
            self.resolve_chance();
        }
        Ok(())
    }

    /// Draws the chance events still to come from `seed` instead; the steps
    /// played stay as they are. A copy made for search calls it so that it
    /// does not share its original's future draws (dice, bag, deck): with
    /// the same seed, two copies that play the same moves draw the same
    /// luck. The replay records the new seed, and still plays back the
    /// same game, since every chance step is recorded.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Whether chance events are resolved from the seed as soon as they come up.
    pub fn auto_chance(&self) -> bool {
        self.auto_chance
    }

    /// Turns automatic chance on (the default) or off. Turning it on resolves
    /// any pending event at once.
    pub fn set_auto_chance(&mut self, on: bool) {
        self.auto_chance = on;
        self.resolve_chance();
    }

    /// The outcomes of the pending chance event, with weights.
    pub fn chance_outcomes(&self) -> Vec<(G::Chance, u32)> {
        let mut out = Vec::new();
        self.game.chance_outcomes(&self.state, &mut out);
        out
    }

    /// What `viewer` may see now.
    pub fn observe(&self, viewer: Viewer) -> G::Obs {
        self.game.observe(&self.state, viewer)
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.state)
    }

    /// The record of this game, to save or to play back.
    pub fn to_replay(&self) -> Replay<G> {
        Replay {
            game: G::NAME.to_owned(),
            format: REPLAY_FORMAT,
            rules_version: self.game.rules_version(),
            seed: self.seed,
            config: self.game.config().clone(),
            steps: self.steps.clone(),
        }
    }

    /// Plays a replay back, checking every step, then resolves any chance
    /// event left pending (when the replay ends on one). A replay of an
    /// older rules version the game still plays ([`Game::with_rules_version`])
    /// plays by the rules it was recorded under, and keeps its version.
    ///
    /// # Errors
    /// Another game, format or rules version; a bad config; or the first
    /// step that is not legal, by index.
    pub fn from_replay(replay: &Replay<G>) -> Result<Self, ReplayError<G::Error>> {
        if replay.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: replay.game.clone(),
            });
        }
        if replay.format != REPLAY_FORMAT {
            return Err(ReplayError::WrongFormat {
                expected: REPLAY_FORMAT,
                found: replay.format,
            });
        }
        if !(G::OLDEST_RULES_VERSION..=G::RULES_VERSION).contains(&replay.rules_version) {
            return Err(ReplayError::WrongRulesVersion {
                oldest: G::OLDEST_RULES_VERSION,
                newest: G::RULES_VERSION,
                found: replay.rules_version,
            });
        }
        let game = G::with_rules_version(replay.config.clone(), replay.rules_version)
            .map_err(ReplayError::Config)?;
        let mut session = Session::with_game_manual(game, replay.seed);
        for (i, step) in replay.steps.iter().enumerate() {
            session
                .push_step(step)
                .map_err(|error| ReplayError::IllegalStep { step: i, error })?;
        }
        session.set_auto_chance(true);
        Ok(session)
    }

    /// Goes back to the position after the first `step` steps, dropping the
    /// later ones.
    ///
    /// Recorded chance outcomes are kept: when a chance event is pending at
    /// `step` and the log recorded its outcome, that outcome is played again
    /// (not a fresh draw from the seed), so undo never changes the luck of a
    /// loaded replay whose chance was forced. Only events the log never
    /// reached are drawn from the seed. The step count afterwards can thus be
    /// above `step`. Undo to the current position changes nothing, not even
    /// [`Session::state_version`].
    ///
    /// # Errors
    /// [`Error::BadState`] (wrapped) when `step` is beyond the log, or the
    /// log no longer replays (a bug in the game); nothing changes then.
    pub fn undo_to(&mut self, step: usize) -> Result<(), G::Error> {
        if step > self.steps.len() {
            return Err(Error::BadState(crate::StateError::new(
                "step",
                format!(
                    "cannot undo to step {step}: only {} played",
                    self.steps.len()
                ),
            ))
            .into());
        }
        if step == self.steps.len() {
            return Ok(());
        }
        let mut rebuilt = Session::with_game_manual(self.game.clone(), self.seed);
        for s in &self.steps[..step] {
            rebuilt.push_step(s)?;
        }
        if self.auto_chance {
            // The chance events pending at `step` keep their recorded outcomes.
            for s in &self.steps[step..] {
                let Step::Chance(c) = s else { break };
                rebuilt.apply_chance(c)?;
            }
        }
        if rebuilt.steps.len() == self.steps.len() {
            // The same prefix of the same log: nothing to change.
            return Ok(());
        }
        self.state = rebuilt.state;
        self.steps.truncate(rebuilt.steps.len());
        self.checkpoints.cut_to(self.steps.len());
        self.version += 1;
        self.resolve_chance();
        Ok(())
    }

    /// The log as `viewer` may see it: actions and chance outcomes hidden
    /// from the viewer are `None`.
    pub fn log_for(&self, viewer: Viewer) -> Vec<LogEntry<G::Action, G::Chance>> {
        self.log_for_since(viewer, 0)
    }

    /// The entries of [`Session::log_for`] from step `from` on (none when
    /// `from` is past the end), for a server that sends each viewer only
    /// what it has not been sent. It replays the steps before `from` only
    /// when no remembered state is at or before it: reading from where the
    /// last read ended costs the new steps alone.
    pub fn log_for_since(
        &self,
        viewer: Viewer,
        from: usize,
    ) -> Vec<LogEntry<G::Action, G::Chance>> {
        let mut log = Vec::with_capacity(self.steps.len().saturating_sub(from));
        if from >= self.steps.len() {
            return log;
        }
        let mut state = self.state_after(from);
        for step in &self.steps[from..] {
            match step {
                Step::Action { seat, action } => {
                    log.push(LogEntry::Action {
                        seat: *seat,
                        action: self.game.public_action(&state, *seat, action, viewer),
                    });
                    // Steps in the log were legal when played; a failure here
                    // would be a bug in the game's determinism.
                    let _ = self.game.apply(&mut state, *seat, action);
                }
                Step::Chance(c) => {
                    log.push(LogEntry::Chance(self.game.public_chance(&state, c, viewer)));
                    let _ = self.game.apply_chance(&mut state, c);
                }
            }
        }
        self.checkpoints.keep(self.steps.len(), &self.state);
        log
    }

    /// The state after the first `step` steps (the current state past the
    /// end), replayed from the latest remembered state at or before it.
    fn state_after(&self, step: usize) -> G::State {
        if step >= self.steps.len() {
            return self.state.clone();
        }
        let (at, mut state) = self
            .checkpoints
            .at_or_before(step)
            .unwrap_or_else(|| (0, self.initial.clone()));
        for s in &self.steps[at..step] {
            // As in `log_for_since`: the recorded steps replay.
            let _ = match s {
                Step::Action { seat, action } => self.game.apply(&mut state, *seat, action),
                Step::Chance(c) => self.game.apply_chance(&mut state, c),
            };
        }
        if at != step {
            self.checkpoints.keep(step, &state);
        }
        state
    }

    fn with_game_manual(game: G, seed: u64) -> Self {
        Session {
            state: game.initial_state(),
            initial: game.initial_state(),
            game,
            seed,
            steps: Vec::new(),
            version: 0,
            auto_chance: false,
            chance_buf: Vec::new(),
            checkpoints: Checkpoints::new(),
        }
    }

    fn push_step(&mut self, step: &Step<G::Action, G::Chance>) -> Result<(), G::Error> {
        match step {
            Step::Action { seat, action } => self.act(*seat, action),
            Step::Chance(c) => self.apply_chance(c),
        }
    }

    /// Resolves chance events from the seed while automatic chance is on.
    /// A game that offers no outcome with positive weight leaves the event
    /// pending (the conformance kit reports such a game).
    fn resolve_chance(&mut self) {
        if !self.auto_chance {
            return;
        }
        let limit = self.game.max_steps();
        while self.game.to_act(&self.state) == ToAct::Chance && self.steps.len() < limit {
            self.game.chance_outcomes(&self.state, &mut self.chance_buf);
            let mut rng = GameRng::for_stream(self.seed, self.steps.len() as u64);
            let Some(outcome) = rng.pick(&self.chance_buf).cloned() else {
                return;
            };
            if self.game.apply_chance(&mut self.state, &outcome).is_err() {
                return;
            }
            self.steps.push(Step::Chance(outcome));
            self.version += 1;
        }
    }
}

impl<G: crate::Narrate> Session<G> {
    /// One sentence per step, as `viewer` knows it (see [`crate::Narrate`]):
    /// the log of [`Session::log_for`] in words.
    pub fn narration(&self, viewer: Viewer) -> Vec<String> {
        self.narration_since(viewer, 0)
    }

    /// The sentences of [`Session::narration`] from step `from` on, at the
    /// cost of the steps after `from` when a read ended there before (see
    /// [`Session::log_for_since`]).
    pub fn narration_since(&self, viewer: Viewer, from: usize) -> Vec<String> {
        if from >= self.steps.len() {
            return Vec::new();
        }
        let start = self.state_after(from);
        let sentences =
            crate::narrate::narrate_steps(&self.game, &start, &self.steps[from..], viewer);
        self.checkpoints.keep(self.steps.len(), &self.state);
        sentences
    }

    /// Who won and why, in words, as `viewer` sees it; `None` while the
    /// game goes on.
    pub fn narrate_end(&self, viewer: Viewer) -> Option<String> {
        crate::narrate::narrate_end_of(&self.game, &self.state, viewer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{Pig, PigAction};

    /// The state after each step count, replayed from the start by a
    /// session that remembers nothing.
    fn fresh_state_after(s: &Session<Pig>, step: usize) -> <Pig as Game>::State {
        let mut fresh = Session::with_game_manual(s.game.clone(), s.seed);
        for st in &s.steps[..step] {
            fresh.push_step(st).unwrap();
        }
        fresh.state
    }

    #[test]
    fn remembered_states_past_an_undo_are_forgotten() {
        let mut s = Session::<Pig>::new(Default::default(), 4).unwrap();
        for _ in 0..12 {
            let Some(seat) = s.to_act().seat() else { break };
            s.act(seat, &PigAction::Roll).unwrap();
        }
        assert!(s.step_count() > 8, "{:?}", s.to_act());
        // Remember states at every step, then go back and play otherwise.
        for step in 0..s.step_count() {
            let _ = s.state_after(step);
        }
        s.undo_to(4).unwrap();
        for _ in 0..12 {
            let Some(seat) = s.to_act().seat() else { break };
            let hold = s.check(seat, &PigAction::Hold).is_ok();
            let action = if hold {
                PigAction::Hold
            } else {
                PigAction::Roll
            };
            s.act(seat, &action).unwrap();
        }
        // From the end back, so no new state pushes an old one out first.
        for step in (0..=s.step_count()).rev() {
            assert_eq!(
                s.state_after(step),
                fresh_state_after(&s, step),
                "step {step}"
            );
        }
    }
}
