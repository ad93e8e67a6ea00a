//! The bot catalogue: every bot a registry game can seat, by spec name,
//! with its parameters, their defaults and budgets, and how a spec builds
//! it. Names, `--list-bots` entries and the list an unknown name is
//! answered with all come from here.
//!
//! Every game has `random` and the shared search bots ([`SHARED`]: `mcts`,
//! `ismcts`, `pimc`, and `exec` where programs are allowed); a game adds
//! its own with [`Catalogue::bot`] and [`Catalogue::bot_with_params`]. The
//! games' own bots are at the end of this file, one function per game.
//! Every budget is capped: `serve` takes specs from the wire.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use binary_scrabble_core::{
    EndgameBot, LeaveTable, LeaveTableBot, MAX_ENDGAME_NODES, MAX_SIM_CANDIDATES,
    MAX_SIM_ITERATIONS, MAX_SIM_PLIES, Scrabble, SimBot,
};
use game_core::{
    Bot, Determinize, IsMcts, IsMctsConfig, MctsBot, MctsConfig, Pimc, PimcConfig, Playout,
    RandomBot, Seat, UniformPlayout,
};

use super::error::RegistryError;
use super::exec_bot::{DEFAULT_MOVE_MS, ExecBot};
use super::limits::{MAX_MCTS_ITERATIONS, cap_quote};
use super::spec::{BotSpec, SpecError};

/// Builds a bot of a game for a seat.
pub type BotMaker<G> = Arc<dyn Fn(&G, Seat) -> Box<dyn Bot<G>> + Send + Sync>;

/// Builds a game's own bot from its spec (parameters checked, budgets
/// capped: `serve` takes specs from the wire).
pub type SpecMaker<G> = Arc<dyn Fn(&BotSpec) -> Result<BotMaker<G>, RegistryError> + Send + Sync>;

/// Builds a fresh playout policy of a game.
pub type PlayoutMaker<G> = Arc<dyn Fn() -> Box<dyn Playout<G>> + Send + Sync>;

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

/// A bot the registry can build, for `--list-bots`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BotInfo {
    /// Its spec name.
    pub name: String,
    /// Its parameters, `key=meaning` (empty for none).
    pub params: Vec<String>,
}

/// What a game's search bots start from: the plain `mcts` budget and the
/// game's informed playout policy, if it has one.
pub struct SearchDefaults<G> {
    /// Iterations per move of `mcts` (and the default of `ismcts`).
    pub mcts_iterations: u32,
    /// The game's informed playout policy (`playout=informed`).
    pub playout: Option<PlayoutMaker<G>>,
}

impl<G> Clone for SearchDefaults<G> {
    fn clone(&self) -> Self {
        SearchDefaults {
            mcts_iterations: self.mcts_iterations,
            playout: self.playout.clone(),
        }
    }
}

impl<G> SearchDefaults<G> {
    /// The default worlds of `pimc`.
    const PIMC_WORLDS: u32 = 20;

    /// The default iterations per world of `pimc`: a tenth of `mcts`'s, so
    /// a move costs twice a default `mcts` move.
    fn pimc_iterations(&self) -> u32 {
        (self.mcts_iterations / 10).max(1)
    }
}

/// A shared bot: one every game has besides `random` and its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// Plain UCT search on the true state (`mcts`, `mcts:N`).
    Mcts,
    /// Information-set search (`ismcts`).
    Ismcts,
    /// Determinized search over sampled worlds (`pimc`).
    Pimc,
    /// A program speaking the bot protocol (`exec`): trusted specs only.
    Exec,
}

/// The shared bots, in the order lists show them.
pub const SHARED: [Shared; 4] = [Shared::Mcts, Shared::Ismcts, Shared::Pimc, Shared::Exec];

impl Shared {
    /// The spec name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Shared::Mcts => "mcts",
            Shared::Ismcts => "ismcts",
            Shared::Pimc => "pimc",
            Shared::Exec => "exec",
        }
    }

    /// How a spec is written, for the answer to an unknown name.
    const fn forms(self) -> &'static [&'static str] {
        match self {
            Shared::Mcts => &["mcts", "mcts:N", "mcts(iters=N,c=X)"],
            Shared::Ismcts => &["ismcts(iters=N,c=X,playout=P)"],
            Shared::Pimc => &["pimc(worlds=W,iters=N,c=X,playout=P)"],
            Shared::Exec => &["exec(cmd=...,ms=N)"],
        }
    }

    /// `key=meaning (default ...)` per parameter, under `search`'s defaults.
    fn params<G>(self, search: &SearchDefaults<G>) -> Vec<String> {
        let playout = if search.playout.is_some() {
            "playout=informed (default: the game's heuristic policy) or random"
        } else {
            "playout=random (the only policy of this game)"
        };
        let bias = format!(
            "bias=progressive bias toward the informed policy's move (default {})",
            IsMctsConfig::default().bias
        );
        match self {
            Shared::Mcts => vec![
                format!(
                    "iters=iterations per move (default {}; also written mcts:N)",
                    search.mcts_iterations
                ),
                "c=UCT exploration constant (default 1.414)".into(),
            ],
            Shared::Ismcts => vec![
                format!(
                    "iters=iterations per move (default {}; at most {MAX_MCTS_ITERATIONS})",
                    search.mcts_iterations
                ),
                format!(
                    "c=UCB exploration constant (default {})",
                    IsMctsConfig::default().exploration
                ),
                bias,
                playout.into(),
            ],
            Shared::Pimc => vec![
                format!(
                    "worlds=determinizations per move (default {})",
                    SearchDefaults::<G>::PIMC_WORLDS
                ),
                format!(
                    "iters=MCTS iterations per world (default {}; worlds × iters at most {MAX_MCTS_ITERATIONS})",
                    search.pimc_iterations()
                ),
                format!(
                    "c=UCB exploration constant (default {})",
                    PimcConfig::default().exploration
                ),
                bias,
                playout.into(),
            ],
            Shared::Exec => vec![
                "cmd=program and arguments, split at spaces (docs/bot-protocol.md)".into(),
                format!("ms=time per move in milliseconds (default {DEFAULT_MOVE_MS})"),
            ],
        }
    }

    /// The bot `spec` (written `text`) names, its parameters read.
    fn build<G: Determinize>(
        self,
        spec: &BotSpec,
        text: &str,
        search: &SearchDefaults<G>,
        allow_exec: bool,
    ) -> Result<BotMaker<G>, RegistryError> {
        match self {
            Shared::Mcts => {
                spec.only(&["iters", "c"])?;
                let mut config = MctsConfig {
                    iterations: search.mcts_iterations,
                    ..MctsConfig::default()
                };
                if let Some(n) = budget(spec, text, "iters")? {
                    config.iterations = n;
                }
                if let Some(c) = non_negative(spec, "c")? {
                    config.exploration = c;
                }
                Ok(mcts(config))
            }
            Shared::Ismcts => {
                spec.only(&["iters", "c", "bias", "playout"])?;
                let mut config = IsMctsConfig {
                    iterations: search.mcts_iterations,
                    ..IsMctsConfig::default()
                };
                if let Some(n) = budget(spec, text, "iters")? {
                    config.iterations = n;
                }
                if let Some(c) = non_negative(spec, "c")? {
                    config.exploration = c;
                }
                if let Some(b) = non_negative(spec, "bias")? {
                    config.bias = b;
                }
                let playout = playout_for(search, spec)?;
                Ok(Arc::new(move |_: &G, _: Seat| match &playout {
                    Some(p) => Box::new(IsMcts::with_playout(config, p())) as Box<dyn Bot<G>>,
                    None => Box::new(IsMcts::with_playout(config, UniformPlayout)),
                }))
            }
            Shared::Pimc => {
                spec.only(&["worlds", "iters", "c", "bias", "playout"])?;
                let mut config = PimcConfig {
                    worlds: SearchDefaults::<G>::PIMC_WORLDS,
                    iterations: search.pimc_iterations(),
                    ..PimcConfig::default()
                };
                if let Some(w) = spec.parsed::<u32>("worlds", "a whole number")? {
                    config.worlds = w;
                }
                if let Some(n) = spec.parsed::<u32>("iters", "a whole number")? {
                    config.iterations = n;
                }
                let asked = u64::from(config.worlds) * u64::from(config.iterations);
                if asked > u64::from(MAX_MCTS_ITERATIONS) {
                    return Err(RegistryError::BotBudget {
                        name: cap_quote(text),
                        asked,
                        max: MAX_MCTS_ITERATIONS,
                    });
                }
                if let Some(c) = non_negative(spec, "c")? {
                    config.exploration = c;
                }
                if let Some(b) = non_negative(spec, "bias")? {
                    config.bias = b;
                }
                let playout = playout_for(search, spec)?;
                Ok(Arc::new(move |_: &G, _: Seat| match &playout {
                    Some(p) => Box::new(Pimc::with_playout(config, p())) as Box<dyn Bot<G>>,
                    None => Box::new(Pimc::with_playout(config, UniformPlayout)),
                }))
            }
            Shared::Exec => {
                if !allow_exec {
                    return Err(SpecError::ExecNotAllowed {
                        bot: cap_quote(text),
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
                Ok(Arc::new(move |_: &G, _| {
                    Box::new(ExecBot::new(&command, Duration::from_millis(ms))) as Box<dyn Bot<G>>
                }))
            }
        }
    }
}

/// A game's bots: `random` and its own, and the defaults of the shared ones.
pub struct Catalogue<G> {
    own: Vec<GameBot<G>>,
    search: SearchDefaults<G>,
    hint: HintPolicy<G>,
}

/// Which bot gives a game's hints, and why its choice is good, for the
/// rules object at hand (a config can change it: MOON's solver cannot
/// see a competitive seat's secret goal).
pub type HintPolicy<G> = Arc<dyn Fn(&G) -> HintBot + Send + Sync>;

/// The bot a front end asks for a hint (the terminal's Ctrl-T, the
/// browser's hint button), and what its choice means in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintBot {
    /// The bot's name in the catalogue.
    pub bot: &'static str,
    /// Why its move is a good one, in a sentence.
    pub why: &'static str,
}

/// The hint of a game that names none: MCTS.
pub const MCTS_HINT: HintBot = HintBot {
    bot: "mcts",
    why: "MCTS picks the move that won most often in its simulated games",
};

impl<G> Clone for Catalogue<G> {
    fn clone(&self) -> Self {
        Catalogue {
            own: self.own.clone(),
            search: self.search.clone(),
            hint: Arc::clone(&self.hint),
        }
    }
}

impl<G: Determinize> Default for Catalogue<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Determinize> Catalogue<G> {
    /// `random` and the shared bots, at their default budgets.
    #[must_use]
    pub fn new() -> Self {
        Catalogue {
            own: Vec::new(),
            search: SearchDefaults {
                mcts_iterations: MctsConfig::default().iterations,
                playout: None,
            },
            hint: Arc::new(|_: &G| MCTS_HINT),
        }
        .bot("random", |_: &G, _| Box::new(RandomBot) as Box<dyn Bot<G>>)
    }

    /// Sets the iterations per move of the plain `mcts` bot (and the
    /// defaults of `ismcts` and `pimc` that follow from it), for games
    /// whose playouts are long.
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

    /// Sets the game's hint policy: the bot whose move a player is
    /// shown as a hint, and why.
    #[must_use]
    pub fn hint(mut self, policy: impl Fn(&G) -> HintBot + Send + Sync + 'static) -> Self {
        self.hint = Arc::new(policy);
        self
    }

    /// The hint bot for `game` (see [`Catalogue::hint`]).
    pub fn hint_bot(&self, game: &G) -> HintBot {
        (self.hint)(game)
    }

    /// Adds a bot of the game's own under `name`, without parameters.
    #[must_use]
    pub fn bot(
        mut self,
        name: &'static str,
        make: impl Fn(&G, Seat) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> Self {
        let make: BotMaker<G> = Arc::new(make);
        self.own.push(GameBot {
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
        self.own.push(GameBot {
            name,
            params: params.iter().map(|p| (*p).to_owned()).collect(),
            build: Arc::new(build),
        });
        self
    }

    /// The defaults of the shared search bots.
    #[must_use]
    pub fn search(&self) -> &SearchDefaults<G> {
        &self.search
    }

    /// The names a front end offers: `random`, `mcts`, then the game's own.
    #[must_use]
    pub fn names(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.own.iter().map(|b| b.name).collect();
        names.insert(names.len().min(1), Shared::Mcts.name());
        names
    }

    /// Every bot with its parameters: `random` and the game's own, then
    /// the shared ones.
    #[must_use]
    pub fn infos(&self) -> Vec<BotInfo> {
        let own = self.own.iter().map(|b| BotInfo {
            name: b.name.to_owned(),
            params: b.params.clone(),
        });
        let shared = SHARED.iter().map(|s| BotInfo {
            name: s.name().to_owned(),
            params: s.params(&self.search),
        });
        own.chain(shared).collect()
    }

    /// The bot `text` names: `mcts:N`, a shared bot's spec, `exec(...)`
    /// when `allow_exec` (the arena and operators' lists; never a spec
    /// from the wire, where a client could start programs), or one of the
    /// game's own.
    ///
    /// # Errors
    /// A spec that does not parse, a bad parameter, a budget above its
    /// cap, `exec` where it is not allowed, or an unknown name (answered
    /// with the known ones).
    pub fn maker(&self, text: &str, allow_exec: bool) -> Result<BotMaker<G>, RegistryError> {
        if let Some(iterations) = colon_budget(text)? {
            return Ok(mcts(MctsConfig {
                iterations: iterations.unwrap_or(self.search.mcts_iterations),
                ..MctsConfig::default()
            }));
        }
        let spec = BotSpec::parse(text)?;
        if let Some(shared) = SHARED.iter().find(|s| s.name() == spec.name) {
            return shared.build(&spec, text, &self.search, allow_exec);
        }
        if let Some(own) = self.own.iter().find(|b| b.name == spec.name) {
            return (own.build)(&spec);
        }
        Err(RegistryError::UnknownBot {
            name: cap_quote(text),
            known: self
                .own
                .iter()
                .map(|b| b.name)
                .chain(SHARED.iter().flat_map(|s| s.forms().iter().copied()))
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}

/// A plain MCTS bot of `config`.
fn mcts<G: Determinize>(config: MctsConfig) -> BotMaker<G> {
    Arc::new(move |_: &G, _| Box::new(MctsBot::new(config)) as Box<dyn Bot<G>>)
}

/// `mcts` (`Some(None)`: the default budget) or `mcts:DIGITS`
/// (`Some(Some(n))`); `None` for any other text, which is read as a spec.
///
/// # Errors
/// [`RegistryError::BotBudget`] above [`MAX_MCTS_ITERATIONS`], however many
/// digits.
fn colon_budget(text: &str) -> Result<Option<Option<u32>>, RegistryError> {
    let Some(rest) = text.strip_prefix("mcts") else {
        return Ok(None);
    };
    if rest.is_empty() {
        return Ok(Some(None));
    }
    let Some(digits) = rest.strip_prefix(':') else {
        return Ok(None);
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let asked = digits.parse::<u64>().unwrap_or(u64::MAX);
    match u32::try_from(asked) {
        Ok(n) if n <= MAX_MCTS_ITERATIONS => Ok(Some(Some(n))),
        Ok(_) | Err(_) => Err(RegistryError::BotBudget {
            name: cap_quote(text),
            asked,
            max: MAX_MCTS_ITERATIONS,
        }),
    }
}

/// `key` as an iteration budget, at most [`MAX_MCTS_ITERATIONS`].
fn budget(spec: &BotSpec, text: &str, key: &str) -> Result<Option<u32>, RegistryError> {
    let Some(asked) = spec.parsed::<u64>(key, "a whole number")? else {
        return Ok(None);
    };
    let n = u32::try_from(asked)
        .ok()
        .filter(|&n| n <= MAX_MCTS_ITERATIONS)
        .ok_or_else(|| RegistryError::BotBudget {
            name: cap_quote(text),
            asked,
            max: MAX_MCTS_ITERATIONS,
        })?;
    Ok(Some(n))
}

/// `key=`: a finite number at least 0.
fn non_negative(spec: &BotSpec, key: &str) -> Result<Option<f64>, SpecError> {
    let Some(c) = spec.parsed::<f64>(key, "a number")? else {
        return Ok(None);
    };
    if c.is_finite() && c >= 0.0 {
        Ok(Some(c))
    } else {
        Err(SpecError::BadValue {
            bot: cap_quote(&spec.name),
            param: key.into(),
            value: c.to_string(),
            expected: "a finite number at least 0",
        })
    }
}

/// The policy `playout=` asks for: `informed` (the default when the game
/// has one) or `random`.
fn playout_for<G>(
    search: &SearchDefaults<G>,
    spec: &BotSpec,
) -> Result<Option<PlayoutMaker<G>>, SpecError> {
    match spec.get("playout") {
        None => Ok(search.playout.clone()),
        Some("random") => Ok(None),
        Some("informed") if search.playout.is_some() => Ok(search.playout.clone()),
        Some(other) => Err(SpecError::BadValue {
            bot: cap_quote(&spec.name),
            param: "playout".into(),
            value: cap_quote(other),
            expected: if search.playout.is_some() {
                "random or informed"
            } else {
                "random (this game has no informed playout)"
            },
        }),
    }
}

// --- the games' own bots ---

/// MOON: the solver's plan and the competitive rival; the solver's
/// playout informs `ismcts` and `pimc`.
#[must_use]
pub fn moon() -> Catalogue<moon_core::Moon> {
    Catalogue::new()
        .bot("solver", |_, _| {
            Box::new(moon_core::SolverBot::new()) as Box<dyn Bot<_>>
        })
        .bot("rival", |_, _| {
            Box::new(moon_core::RivalBot::new()) as Box<dyn Bot<_>>
        })
        .playout(|| Box::new(moon_core::SolverPlayout::default()))
        // M-54: the solver finds the cheapest plan in solo and co-op play;
        // a competitive seat's goal is secret from it, so MCTS advises there.
        .hint(|game| match game.mode() {
            moon_core::Mode::Cooperative => HintBot {
                bot: "solver",
                why: "the solver plays the cheapest plan to the goal (M-54)",
            },
            moon_core::Mode::Competitive => MCTS_HINT,
        })
}

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

/// A maker that hands out copies of `bot`.
fn copies(bot: impl Bot<Scrabble> + Clone + Sync + 'static) -> BotMaker<Scrabble> {
    Arc::new(move |_: &Scrabble, _| Box::new(bot.clone()) as Box<dyn Bot<Scrabble>>)
}

/// Binary Scrabble: `greedy`, `leave`, and `leave-table`, `sim(...)` and
/// `endgame(...)` with their parameters; a lower `mcts` budget, since a
/// playout generates every legal play at every turn.
#[must_use]
pub fn binary_scrabble() -> Catalogue<Scrabble> {
    let defaults = SimBot::default();
    Catalogue::new()
        .mcts_iterations(40)
        .bot("greedy", |_, _| {
            Box::new(binary_scrabble_core::GreedyBot) as Box<dyn Bot<_>>
        })
        .hint(|_| HintBot {
            bot: "greedy",
            why: "greedy picks the highest-scoring play (R-28)",
        })
        .bot("leave", |_, _| {
            Box::new(binary_scrabble_core::LeaveBot::default()) as Box<dyn Bot<_>>
        })
        .bot_with_params(
            "leave-table",
            &["weight=leave points per score point, 0 to 4 (default 1)"],
            |spec| {
                spec.only(&["weight"])?;
                Ok(copies(LeaveTableBot {
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
                Ok(copies(SimBot {
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
                Ok(copies(EndgameBot {
                    nodes,
                    inner: LeaveTableBot::default(),
                }))
            },
        )
}

/// Market Island: the expected-value bot.
#[must_use]
pub fn market_island() -> Catalogue<market_island_core::MarketIsland> {
    Catalogue::new()
        .bot("ev", |_, _| {
            Box::new(market_island_core::ExpectedValueBot) as Box<dyn Bot<_>>
        })
        .hint(|_| HintBot {
            bot: "ev",
            why: "ev picks the decision with the best expected balance",
        })
}

/// Moon Base: the heuristic bot.
#[must_use]
pub fn moon_base() -> Catalogue<moon_base_core::MoonBase> {
    Catalogue::new()
        .bot("heuristic", |_, _| {
            Box::new(moon_base_core::HeuristicBot) as Box<dyn Bot<_>>
        })
        .hint(|_| HintBot {
            bot: "heuristic",
            why: "heuristic weighs settlements, bases and bonuses (MB-27, MB-28)",
        })
}

#[cfg(test)]
mod tests {
    use game_core::Seat;
    use serde_json::Value;

    use super::super::find;
    use super::*;

    fn seat_bot(game: &str, spec: &str) -> Result<(), RegistryError> {
        let game = find(game).unwrap();
        let mut session = game.open(&Value::Null, 1).unwrap();
        let seat = session.to_act().seat().unwrap_or(Seat(0));
        session.set_bot(seat, spec, 2)?;
        if game.name() != "binary-scrabble" && session.to_act().seat().is_some() {
            session.play_bot()?;
        }
        Ok(())
    }

    #[test]
    fn search_bot_specs_play_and_their_budgets_are_capped() {
        seat_bot("pig", "ismcts(iters=20,c=0.5,bias=2)").unwrap();
        seat_bot("pig", "pimc(worlds=3,iters=5)").unwrap();
        seat_bot("moon", "ismcts(iters=5,playout=informed)").unwrap();
        seat_bot("moon", "pimc(worlds=2,iters=3,playout=random)").unwrap();
        assert!(matches!(
            seat_bot("pig", "ismcts(iters=100001)"),
            Err(RegistryError::BotBudget { asked: 100_001, .. })
        ));
        assert!(matches!(
            seat_bot("pig", "pimc(worlds=1000,iters=101)"),
            Err(RegistryError::BotBudget { asked: 101_000, .. })
        ));
        assert!(matches!(
            seat_bot("pig", "ismcts(playout=informed)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
        assert!(matches!(
            seat_bot("pig", "pimc(depth=2)"),
            Err(RegistryError::BotSpec(SpecError::UnknownParam { .. }))
        ));
        assert!(matches!(
            seat_bot("pig", "ismcts(c=-1)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
    }

    #[test]
    fn mcts_specs_and_budgets() {
        for ok in ["mcts", "mcts:3", "mcts(iters=3,c=0.5)"] {
            assert!(seat_bot("pig", ok).is_ok(), "{ok}");
        }
        for too_much in [
            "mcts:100001",
            "mcts:99999999999999999999999",
            "mcts(iters=100001)",
        ] {
            assert!(
                matches!(
                    seat_bot("pig", too_much),
                    Err(RegistryError::BotBudget { .. })
                ),
                "{too_much}"
            );
        }
        assert!(matches!(
            seat_bot("pig", "mcts(c=-1)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
        // `mcts:x` is no budget: it is read as a spec, and names no bot.
        assert!(matches!(
            seat_bot("pig", "mcts:x"),
            Err(RegistryError::UnknownBot { .. })
        ));
    }

    #[test]
    fn binary_scrabble_parameters_are_read_and_budgets_capped() {
        for ok in [
            "leave-table",
            "leave-table(weight=0.5)",
            "sim",
            "sim(cands=4,plies=1,iters=20,endgame=0)",
            "endgame(nodes=1000)",
        ] {
            assert!(seat_bot("binary-scrabble", ok).is_ok(), "{ok}");
        }
        assert!(matches!(
            seat_bot("binary-scrabble", "sim(iters=10001)"),
            Err(RegistryError::BotBudget { asked: 10001, .. })
        ));
        assert!(matches!(
            seat_bot("binary-scrabble", "endgame(nodes=99999999999)"),
            Err(RegistryError::BotBudget { .. })
        ));
        assert!(matches!(
            seat_bot("binary-scrabble", "sim(depth=3)"),
            Err(RegistryError::BotSpec(SpecError::UnknownParam { .. }))
        ));
        assert!(matches!(
            seat_bot("binary-scrabble", "leave-table(weight=9)"),
            Err(RegistryError::BotSpec(SpecError::BadValue { .. }))
        ));
        assert!(matches!(
            seat_bot("binary-scrabble", "greedy(weight=1)"),
            Err(RegistryError::BotSpec(SpecError::UnknownParam { .. }))
        ));
    }

    #[test]
    fn names_lists_and_the_unknown_answer_come_from_one_catalogue() {
        let game = find("binary-scrabble").unwrap();
        assert_eq!(
            game.bot_names(),
            [
                "random",
                "mcts",
                "greedy",
                "leave",
                "leave-table",
                "sim",
                "endgame"
            ]
        );
        let list = game.bot_list();
        let names: Vec<&str> = list.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "random",
                "greedy",
                "leave",
                "leave-table",
                "sim",
                "endgame",
                "mcts",
                "ismcts",
                "pimc",
                "exec"
            ]
        );
        let sim = list.iter().find(|b| b.name == "sim").unwrap();
        assert_eq!(sim.params.len(), 4);
        assert!(
            list.iter()
                .any(|b| b.name == "greedy" && b.params.is_empty())
        );
        let mcts = list.iter().find(|b| b.name == "mcts").unwrap();
        assert!(mcts.params[0].contains("default 40"), "{mcts:?}");
        let Err(RegistryError::UnknownBot { known, .. }) = seat_bot("binary-scrabble", "oracle")
        else {
            panic!("oracle is no bot");
        };
        for name in names {
            assert!(known.contains(name), "{name} missing from {known}");
        }
    }
}
