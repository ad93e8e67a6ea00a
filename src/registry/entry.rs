//! The generic glue from a typed [`Game`] to the type-erased registry.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use game_core::{
    ArenaConfig, ArenaReport, Bot, BotFactory, BotView, Determinize, Game, GameRng, Learning,
    LogEntry, MctsBot, MctsConfig, Outcome, Picture, Playout, RandomBot, Render, Replay, RuleError,
    Seat, Session, ToAct, Viewer, run_arena,
};

use super::exec_bot::{DEFAULT_MOVE_MS, ExecBot};
use super::matches::{self, BotInfo, MatchRequest, shared_bot_infos};
use super::search_bots::SearchDefaults;
use super::spec::{BotSpec, SpecError};
use super::{AnyGame, AnySession, MAX_MCTS_ITERATIONS, RegistryError, cap_quote};

/// Builds a bot of a game for a seat.
pub type BotMaker<G> = Arc<dyn Fn(&G, Seat) -> Box<dyn Bot<G>> + Send + Sync>;

/// Builds a game's own bot from its spec (parameters checked, budgets
/// capped: `serve` takes specs from the wire).
pub type SpecMaker<G> = Arc<dyn Fn(&BotSpec) -> Result<BotMaker<G>, RegistryError> + Send + Sync>;

/// A game's own bot: its spec name, its parameters as `--list-bots` shows
/// them (`key=meaning`), and how a spec builds it.
pub struct GameBot<G> {
    /// The spec name.
    pub name: &'static str,
    /// `key=meaning` per parameter (empty for none).
    pub params: Vec<String>,
    /// Reads the spec's parameters.
    pub build: SpecMaker<G>,
}

impl<G> Clone for GameBot<G> {
    fn clone(&self) -> Self {
        GameBot {
            name: self.name,
            params: self.params.clone(),
            build: Arc::clone(&self.build),
        }
    }
}

/// A game's registration: the game type and its named bots.
///
/// Every game gets `random` and `mcts` (also `mcts:N` for N iterations per
/// move); [`Entry::bot`] adds the game's own.
pub struct Entry<G: Game> {
    bots: Vec<GameBot<G>>,
    search: SearchDefaults<G>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game + Render + Determinize + Learning + Picture> Default for Entry<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game + Render + Determinize + Learning + Picture> Entry<G> {
    /// The registration with the shared bots.
    #[must_use]
    pub fn new() -> Self {
        Entry {
            bots: Vec::new(),
            search: SearchDefaults {
                mcts_iterations: MctsConfig::default().iterations,
                playout: None,
            },
            _game: PhantomData,
        }
        .bot("random", |_: &G, _| Box::new(RandomBot) as Box<dyn Bot<G>>)
    }

    /// Sets the iterations per move of the plain `mcts` bot, for games whose
    /// playouts are long (a Binary Scrabble playout generates every move).
    #[must_use]
    pub fn mcts_iterations(mut self, iterations: u32) -> Self {
        self.search.mcts_iterations = iterations;
        self
    }

    /// Sets the game's informed playout policy, which `ismcts` and `pimc`
    /// use unless a spec asks for `playout=random`.
    #[must_use]
    pub fn playout(
        mut self,
        make: impl Fn() -> Box<dyn Playout<G>> + Send + Sync + 'static,
    ) -> Self {
        self.search.playout = Some(Arc::new(make));
        self
    }

    /// Adds a bot of the game's own under `name`.
    #[must_use]
    pub fn bot(
        mut self,
        name: &'static str,
        make: impl Fn(&G, Seat) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> Self {
        let make: BotMaker<G> = Arc::new(make);
        self.bots.push(GameBot {
            name,
            params: Vec::new(),
            build: Arc::new(move |spec: &BotSpec| {
                spec.only(&[])?;
                Ok(Arc::clone(&make))
            }),
        });
        self
    }

    /// Adds a bot of the game's own that takes parameters: `params` lists
    /// them for `--list-bots` (`key=meaning`), `build` reads a spec (it
    /// must refuse unknown keys and cap budgets).
    #[must_use]
    pub fn bot_with_params(
        mut self,
        name: &'static str,
        params: &[&str],
        build: impl Fn(&BotSpec) -> Result<BotMaker<G>, RegistryError> + Send + Sync + 'static,
    ) -> Self {
        self.bots.push(GameBot {
            name,
            params: params.iter().map(|p| (*p).to_owned()).collect(),
            build: Arc::new(build),
        });
        self
    }

    fn maker(&self, name: &str) -> Result<BotMaker<G>, RegistryError> {
        find_maker(&self.bots, &self.search, name, false)
    }

    fn build(&self, config: &Value) -> Result<G, RegistryError> {
        let config: G::Config = if config.is_null() {
            G::Config::default()
        } else {
            from_json("config", config.clone())?
        };
        G::new(config).map_err(|e| RegistryError::config(&e))
    }
}

/// The bot a spec names: `mcts`, `mcts:N`, `mcts(iters=N,c=X)`, `exec(...)`
/// when `allow_exec` (the arena; never the serve protocol, where a client
/// could start programs), or one of `bots`.
pub(super) fn find_maker<G: Determinize>(
    bots: &[GameBot<G>],
    search: &SearchDefaults<G>,
    name: &str,
    allow_exec: bool,
) -> Result<BotMaker<G>, RegistryError> {
    let mcts_iterations = search.mcts_iterations;
    let iterations = match name.strip_prefix("mcts") {
        Some("") => Some(mcts_iterations),
        Some(rest) => match rest.strip_prefix(':') {
            Some(digits) => mcts_budget(name, digits)?,
            None => None,
        },
        None => None,
    };
    if let Some(iterations) = iterations {
        let config = MctsConfig {
            iterations,
            ..MctsConfig::default()
        };
        return Ok(Arc::new(move |_: &G, _| {
            Box::new(MctsBot::new(config)) as Box<dyn Bot<G>>
        }));
    }
    let spec = BotSpec::parse(name)?;
    if let Some(maker) = search.maker(&spec, name)? {
        return Ok(maker);
    }
    match spec.name.as_str() {
        "mcts" => {
            spec.only(&["iters", "c"])?;
            let mut config = MctsConfig {
                iterations: mcts_iterations,
                ..MctsConfig::default()
            };
            if let Some(asked) = spec.parsed::<u64>("iters", "a whole number")? {
                config.iterations = u32::try_from(asked)
                    .ok()
                    .filter(|&n| n <= MAX_MCTS_ITERATIONS)
                    .ok_or_else(|| RegistryError::BotBudget {
                        name: cap_quote(name),
                        asked,
                        max: MAX_MCTS_ITERATIONS,
                    })?;
            }
            if let Some(c) = spec.parsed::<f64>("c", "a number")? {
                if !(c.is_finite() && c >= 0.0) {
                    return Err(SpecError::BadValue {
                        bot: "mcts".into(),
                        param: "c".into(),
                        value: c.to_string(),
                        expected: "a finite number at least 0",
                    }
                    .into());
                }
                config.exploration = c;
            }
            return Ok(Arc::new(move |_: &G, _| {
                Box::new(MctsBot::new(config)) as Box<dyn Bot<G>>
            }));
        }
        "exec" => {
            if !allow_exec {
                return Err(SpecError::ExecNotAllowed {
                    bot: cap_quote(name),
                }
                .into());
            }
            spec.only(&["cmd", "ms"])?;
            let command = spec
                .get("cmd")
                .filter(|c| !c.trim().is_empty())
                .ok_or(SpecError::Missing {
                    bot: "exec".into(),
                    param: "cmd",
                })?
                .to_owned();
            let ms = spec
                .parsed::<u64>("ms", "milliseconds")?
                .unwrap_or(DEFAULT_MOVE_MS);
            return Ok(Arc::new(move |_: &G, _| {
                Box::new(ExecBot::new(&command, Duration::from_millis(ms))) as Box<dyn Bot<G>>
            }));
        }
        _ => {}
    }
    if let Some(found) = bots.iter().find(|b| b.name == spec.name) {
        return (found.build)(&spec);
    }
    Err(RegistryError::UnknownBot {
        name: cap_quote(name),
        known: bots
            .iter()
            .map(|b| b.name)
            .chain([
                "mcts",
                "mcts:N",
                "mcts(iters=N,c=X)",
                "ismcts(iters=N,c=X,playout=P)",
                "pimc(worlds=W,iters=N,c=X,playout=P)",
                "exec(cmd=...,ms=N)",
            ])
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// The iterations `mcts:DIGITS` asks for; `None` when `digits` is not a
/// number (then `name` is no MCTS bot).
///
/// # Errors
/// [`RegistryError::BotBudget`] above [`MAX_MCTS_ITERATIONS`], however many
/// digits.
fn mcts_budget(name: &str, digits: &str) -> Result<Option<u32>, RegistryError> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let asked = digits.parse::<u64>().unwrap_or(u64::MAX);
    match u32::try_from(asked) {
        Ok(n) if n <= MAX_MCTS_ITERATIONS => Ok(Some(n)),
        Ok(_) | Err(_) => Err(RegistryError::BotBudget {
            name: cap_quote(name),
            asked,
            max: MAX_MCTS_ITERATIONS,
        }),
    }
}

fn from_json<T: DeserializeOwned>(what: &'static str, value: Value) -> Result<T, RegistryError> {
    serde_json::from_value(value).map_err(|e| RegistryError::BadJson {
        what,
        message: cap_quote(&e.to_string()),
    })
}

fn to_json<T: Serialize>(value: &T) -> Value {
    // Game types serialize to JSON by construction (plain data, string keys).
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: Game + Render + Determinize + Learning + Picture> AnyGame for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn default_config(&self) -> Value {
        to_json(&G::Config::default())
    }

    fn bot_names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.bots.iter().map(|b| b.name).collect();
        names.insert(1, "mcts");
        names
    }

    fn open(&self, config: &Value, seed: u64) -> Result<Box<dyn AnySession>, RegistryError> {
        let game = self.build(config)?;
        Ok(SessionBox::boxed(
            Session::with_game(game, seed),
            self.bots.clone(),
            self.search.clone(),
        ))
    }

    fn load_replay(&self, replay: &str) -> Result<Box<dyn AnySession>, RegistryError> {
        let replay: Replay<G> =
            serde_json::from_str(replay).map_err(|e| RegistryError::BadJson {
                what: "replay",
                message: cap_quote(&e.to_string()),
            })?;
        let session = Session::from_replay(&replay).map_err(|e| RegistryError::replay(&e))?;
        Ok(SessionBox::boxed(
            session,
            self.bots.clone(),
            self.search.clone(),
        ))
    }

    fn arena(
        &self,
        config: &Value,
        bots: &[String],
        arena: ArenaConfig,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<ArenaReport, RegistryError> {
        let game = self.build(config)?;
        let names: Vec<String> = if bots.is_empty() {
            vec!["random".to_owned()]
        } else {
            bots.to_vec()
        };
        let makers = names
            .iter()
            .map(|n| self.maker(n))
            .collect::<Result<Vec<_>, _>>()?;
        let factories: Vec<Box<BotFactory<'_, G>>> = (0..game.seats())
            .map(|seat| {
                let maker = Arc::clone(&makers[seat % makers.len()]);
                let game = game.clone();
                Box::new(move |s: Seat| maker(&game, s)) as Box<BotFactory<'_, G>>
            })
            .collect();
        let refs: Vec<&BotFactory<'_, G>> = factories.iter().map(AsRef::as_ref).collect();
        Ok(run_arena(&game, &refs, arena, progress))
    }

    fn bot_list(&self) -> Vec<BotInfo> {
        let mut list: Vec<BotInfo> = self
            .bots
            .iter()
            .map(|b| BotInfo {
                name: b.name.to_owned(),
                params: b.params.clone(),
            })
            .collect();
        list.extend(shared_bot_infos(self.search.mcts_iterations));
        list.extend(self.search.infos());
        list
    }

    fn run_match(
        &self,
        request: &MatchRequest,
        resume: &[String],
        sink: &mut (dyn FnMut(String) + Send),
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Value, RegistryError> {
        let game = self.build(&request.config)?;
        matches::run(
            &game,
            &self.bots,
            &self.search,
            request,
            resume,
            sink,
            progress,
        )
    }
}

/// A bot seated in a session, with its own random stream.
type SeatedBot<G> = (Box<dyn Bot<G>>, GameRng);

/// A typed session with its bots, behind [`AnySession`].
struct SessionBox<G: Game> {
    session: Session<G>,
    /// Per seat: the bot there, if any.
    bots: Vec<Option<SeatedBot<G>>>,
    makers: Vec<GameBot<G>>,
    search: SearchDefaults<G>,
    /// Reused by `legal_action_indices`, the hot call of a Python loop.
    scratch: RefCell<Vec<G::Action>>,
}

impl<G: Game + Render + Determinize + Learning + Picture> SessionBox<G> {
    /// A session in a box with no bots seated, its bot makers and search
    /// defaults taken from the registry entry (or the session it came from).
    fn boxed(
        session: Session<G>,
        makers: Vec<GameBot<G>>,
        search: SearchDefaults<G>,
    ) -> Box<dyn AnySession> {
        Box::new(SessionBox {
            session,
            bots: Vec::new(),
            makers,
            search,
            scratch: RefCell::default(),
        })
    }

    /// Seats the bot `spec` names at `seat`; program bots only when
    /// `allow_exec` (the caller trusts the spec).
    fn seat_bot(
        &mut self,
        seat: Seat,
        spec: &str,
        seed: u64,
        allow_exec: bool,
    ) -> Result<(), RegistryError> {
        let maker = find_maker(&self.makers, &self.search, spec, allow_exec)?;
        if seat.index() >= self.seats() {
            return Err(RegistryError::UnknownSeat {
                seat,
                seats: self.seats(),
            });
        }
        if self.bots.len() < self.seats() {
            self.bots.resize_with(self.seats(), || None);
        }
        let bot = maker(self.session.game(), seat);
        self.bots[seat.index()] = Some((bot, GameRng::new(seed)));
        Ok(())
    }
}

impl<G: Game + Render + Determinize + Learning + Picture> AnySession for SessionBox<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.session.game().seats()
    }

    fn to_act(&self) -> ToAct {
        self.session.to_act()
    }

    fn step_count(&self) -> usize {
        self.session.step_count()
    }

    fn state_version(&self) -> u64 {
        self.session.state_version()
    }

    fn legal_actions(&self) -> Vec<Value> {
        self.session.legal_actions().iter().map(to_json).collect()
    }

    fn legal_action_names(&self) -> Vec<String> {
        let game = self.session.game();
        self.session
            .legal_actions()
            .iter()
            .map(|a| game.render_action(a))
            .collect()
    }

    fn parse_action(&self, text: &str) -> Option<Value> {
        let legal = self.session.legal_actions();
        self.session
            .game()
            .parse_action(text, &legal)
            .map(|a| to_json(&a))
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), RegistryError> {
        let action: G::Action = from_json("action", action.clone())?;
        self.session
            .act(seat, &action)
            .map_err(|e| RegistryError::refused(&e))
    }

    fn set_bot(&mut self, seat: Seat, name: &str, seed: u64) -> Result<(), RegistryError> {
        self.seat_bot(seat, name, seed, false)
    }

    fn set_trusted_bot(&mut self, seat: Seat, spec: &str, seed: u64) -> Result<(), RegistryError> {
        self.seat_bot(seat, spec, seed, true)
    }

    fn play_bot_until(&mut self, stop: &dyn Fn() -> bool) -> Result<Value, RegistryError> {
        let to_act = self.session.to_act();
        let ToAct::Seat(seat) = to_act else {
            return Err(RegistryError::NoSeatToAct(to_act));
        };
        let Some(Some((bot, rng))) = self.bots.get_mut(seat.index()) else {
            return Err(RegistryError::NoBot { seat });
        };
        let legal = self.session.legal_actions();
        let view = BotView::new(
            self.session.game(),
            self.session.state(),
            seat,
            &legal,
            bot.is_omniscient(),
        );
        let action = bot.select_until(&view, rng, stop);
        self.session.act(seat, &action).map_err(|e| match e.core() {
            Some(core) => RegistryError::from_core(core),
            None => RegistryError::Refused {
                rule: e.rule(),
                message: cap_quote(&format!("bot {}: {e}", bot.name())),
            },
        })?;
        Ok(to_json(&action))
    }

    fn observe(&self, viewer: Viewer) -> Value {
        to_json(&self.session.observe(viewer))
    }

    fn render(&self, viewer: Viewer) -> String {
        self.session
            .game()
            .render_obs(&self.session.observe(viewer))
    }

    fn picture(&self, viewer: Viewer) -> String {
        self.session.game().picture(&self.session.observe(viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.session.outcome()
    }

    fn replay_json(&self) -> String {
        serde_json::to_string(&self.session.to_replay()).unwrap_or_default()
    }

    fn log_for(&self, viewer: Viewer) -> Value {
        to_json(&self.session.log_for(viewer))
    }

    fn log_text(&self, viewer: Viewer) -> Vec<String> {
        let game = self.session.game();
        self.session
            .log_for(viewer)
            .iter()
            .map(|entry| match entry {
                LogEntry::Action {
                    seat,
                    action: Some(a),
                } => format!("{seat}: {}", game.render_action(a)),
                LogEntry::Action { seat, action: None } => format!("{seat}: (hidden action)"),
                LogEntry::Chance(Some(c)) => format!("chance: {}", game.render_chance(c)),
                LogEntry::Chance(None) => "chance: (hidden)".to_owned(),
            })
            .collect()
    }

    fn undo_to(&mut self, step: usize) -> Result<(), RegistryError> {
        let steps = self.session.step_count();
        if step > steps {
            return Err(RegistryError::NoSuchStep { step, steps });
        }
        self.session
            .undo_to(step)
            .map_err(|e| RegistryError::refused(&e))
    }

    fn set_auto_chance(&mut self, on: bool) {
        self.session.set_auto_chance(on);
    }

    fn num_distinct_actions(&self) -> u64 {
        self.session.game().num_distinct_actions()
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.session.game().observation_shape()
    }

    fn legal_action_indices(&self) -> Vec<u64> {
        let mut out = Vec::new();
        self.legal_action_indices_into(&mut out);
        out
    }

    fn legal_action_indices_into(&self, out: &mut Vec<u64>) {
        out.clear();
        let ToAct::Seat(seat) = self.session.to_act() else {
            return;
        };
        let game = self.session.game();
        let state = self.session.state();
        let mut legal = self.scratch.borrow_mut();
        game.legal_actions(state, seat, &mut legal);
        // The kit checks every legal action has an index.
        out.extend(legal.iter().filter_map(|a| game.action_to_index(state, a)));
    }

    fn act_index(&mut self, index: u64) -> Result<(), RegistryError> {
        let to_act = self.session.to_act();
        let ToAct::Seat(seat) = to_act else {
            return Err(RegistryError::NoSeatToAct(to_act));
        };
        let action = self
            .session
            .game()
            .index_to_action(self.session.state(), seat, index)
            .ok_or(RegistryError::NoActionAtIndex {
                index,
                space: self.num_distinct_actions(),
            })?;
        self.session
            .act(seat, &action)
            .map_err(|e| RegistryError::refused(&e))
    }

    fn observation_tensor(&self, viewer: Viewer, out: &mut Vec<f32>) {
        let game = self.session.game();
        game.encode_observation(&self.session.observe(viewer), out);
    }

    fn chance_outcomes(&self) -> Vec<(Value, u32)> {
        self.session
            .chance_outcomes()
            .iter()
            .map(|(c, w)| (to_json(c), *w))
            .collect()
    }

    fn apply_chance(&mut self, outcome: &Value) -> Result<(), RegistryError> {
        let outcome: G::Chance = from_json("chance outcome", outcome.clone())?;
        self.session
            .apply_chance(&outcome)
            .map_err(|e| RegistryError::refused(&e))
    }

    fn random_playout(&mut self, seed: u64) -> usize {
        let limit = self.session.game().max_steps();
        self.session.random_playout(&mut GameRng::new(seed), limit)
    }

    fn max_steps(&self) -> usize {
        self.session.game().max_steps()
    }

    fn clone_box(&self) -> Box<dyn AnySession> {
        // Bots hold their own search state; the copy gets fresh bots of the
        // same names only through `set_bot`, so it starts without any.
        SessionBox::boxed(
            self.session.clone(),
            self.makers.clone(),
            self.search.clone(),
        )
    }

    fn restart(&self, seed: u64) -> Box<dyn AnySession> {
        SessionBox::boxed(
            Session::with_game(self.session.game().clone(), seed),
            self.makers.clone(),
            self.search.clone(),
        )
    }
}
