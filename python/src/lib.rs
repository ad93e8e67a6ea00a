//! The native module of the `tabletop` Python package.
//!
//! A thin adapter over the facade's type-erased registry
//! (`tabletop::registry`), the same hub `serve` speaks to: every game, its
//! legality and its learning view stay in Rust; this file only converts
//! types at the edge (JSON values through Python's `json`, tensors as one
//! buffer handed to numpy) and releases the GIL around long work.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use game_core::{ArenaConfig, GameRng, Seat, ToAct, Viewer};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyInt, PyList, PyString, PyTuple};
use serde_json::Value;
use tabletop::registry::{
    self, AnyGame, AnySession, ErrorKind, LegalQuery, LegalSort, RegistryError,
};

/// OpenSpiel's id of the chance player (`pyspiel.PlayerId.CHANCE`).
const CHANCE_PLAYER: i64 = -1;
/// OpenSpiel's id returned once the game is over (`pyspiel.PlayerId.TERMINAL`).
const TERMINAL_PLAYER: i64 = -4;
/// Action spaces up to this size keep one Python int per index, shared by
/// every state of the game: `legal_actions` then builds its list without
/// allocating an int per entry (most of a Python loop's cost otherwise).
const SHARED_INTS: u64 = 1 << 16;

/// The Python ints `0..n` of a game's action space, built once per game.
type Ints = Option<Arc<Vec<Py<PyAny>>>>;

fn shared_ints(py: Python<'_>, n: u64) -> Ints {
    (n <= SHARED_INTS).then(|| {
        Arc::new(
            (0..n)
                .map(|i| PyInt::new(py, i).into_any().unbind())
                .collect(),
        )
    })
}

/// The Python exception class (in `tabletop.errors`) of an error kind.
/// No `_ =>`: a new kind does not compile until it has a class.
fn error_class(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::UnknownGame => "UnknownGameError",
        ErrorKind::UnknownBot => "UnknownBotError",
        ErrorKind::BotBudget => "BotBudgetError",
        ErrorKind::BotSpec => "BotSpecError",
        ErrorKind::BadJson => "BadJsonError",
        ErrorKind::Config => "ConfigError",
        ErrorKind::Refused
        | ErrorKind::NoActionAtIndex
        | ErrorKind::NotChance
        | ErrorKind::BadNotation => "IllegalActionError",
        ErrorKind::Replay => "ReplayError",
        ErrorKind::NoSeatToAct => "NoSeatToActError",
        ErrorKind::GameOver => "GameOverError",
        ErrorKind::ChancePending => "ChancePendingError",
        ErrorKind::NotYourTurn => "NotYourTurnError",
        ErrorKind::UnknownSeat => "SeatError",
        ErrorKind::NoBot => "NoBotError",
        // Undo and the protocol's own errors never come from this module.
        ErrorKind::NoSuchStep
        | ErrorKind::BadRequest
        | ErrorKind::NoSession
        | ErrorKind::Hidden
        | ErrorKind::Scoped
        | ErrorKind::TooLarge => "TabletopError",
    }
}

/// The typed Python exception of `kind`, carrying the kind's wire name,
/// the rule id and the message.
fn py_error(py: Python<'_>, kind: ErrorKind, rule: Option<&str>, message: String) -> PyErr {
    let made = py
        .import("tabletop.errors")
        .and_then(|m| m.getattr(error_class(kind)))
        .and_then(|cls| cls.call1((message, kind.name(), rule)));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(import_failed) => import_failed,
    }
}

/// The registry error as the typed Python exception: its kind, the rule
/// id the game named (never read out of the message) and its words.
fn to_py_err(py: Python<'_>, e: &RegistryError) -> PyErr {
    py_error(py, e.kind(), e.rule(), e.to_string())
}

/// A Python value (dict, list, str, number) as JSON, through `json.dumps`.
fn to_json(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(s) = value.cast::<PyString>() {
        // A JSON text, as `serve` accepts it, or a bare word: the unit
        // variants of actions are strings ("Check", "EndTurn").
        let s = s.to_string();
        return Ok(serde_json::from_str(&s).unwrap_or(Value::String(s)));
    }
    let json = value.py().import("json")?;
    let text: String = json.call_method1("dumps", (value,))?.extract()?;
    serde_json::from_str(&text)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("not JSON: {e}")))
}

/// JSON as a Python value, through `json.loads`.
fn from_json<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    let json = py.import("json")?;
    json.call_method1("loads", (value.to_string(),))
}

/// Player `player` as a seat of a table of `seats`, or `SeatError`.
fn seat_of(py: Python<'_>, player: i64, seats: usize) -> PyResult<Seat> {
    u8::try_from(player)
        .ok()
        .filter(|&p| usize::from(p) < seats)
        .map(Seat)
        .ok_or_else(|| {
            py_error(
                py,
                ErrorKind::UnknownSeat,
                None,
                format!("player {player} is not at this table of {seats} seats"),
            )
        })
}

/// A seed from the operating system's randomness (Python's `os.urandom`):
/// what a game without a caller's seed starts from, so two unseeded games
/// are not the same game.
fn fresh_seed(py: Python<'_>) -> PyResult<u64> {
    let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes);
    Ok(u64::from_le_bytes(word))
}

/// SplitMix64's finaliser: spreads a seed and a counter into a new seed.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An action index as Python gave it (any int), or `IllegalActionError`
/// (kind `NoActionAtIndex`) for a negative or too large one: no index
/// outside `0..2^64` names an action, so none raises `OverflowError`.
fn index_of(py: Python<'_>, index: &Bound<'_, PyAny>, space: u64) -> PyResult<u64> {
    if let Ok(i) = index.extract::<u64>() {
        return Ok(i);
    }
    // Any int (`operator.index`: numpy's too, a TypeError for others).
    let int = py.import("operator")?.call_method1("index", (index,))?;
    int.extract::<u64>().map_err(|_| {
        py_error(
            py,
            ErrorKind::NoActionAtIndex,
            None,
            format!("no action has index {int}: indices are 0..{space}"),
        )
    })
}

/// A game and its config, as `pyspiel.Game`: a factory of states.
#[pyclass(module = "tabletop", name = "Game", frozen)]
struct PyGame {
    game: Box<dyn AnyGame>,
    /// A fresh session of this config: new states restart it (a copy of
    /// the rules object), so a reset does not read the config again.
    prototype: Mutex<Box<dyn AnySession>>,
    config: Value,
    seats: usize,
    actions: u64,
    shape: Vec<usize>,
    ints: Ints,
}

#[pymethods]
impl PyGame {
    /// The game's registered name.
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The config this game was loaded with (missing fields take defaults).
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &self.config)
    }

    /// How many seats play.
    fn num_players(&self) -> usize {
        self.seats
    }

    /// The size of the action index space: every index is below it.
    fn num_distinct_actions(&self) -> u64 {
        self.actions
    }

    /// The observation tensor's shape (fixed for this config).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.shape.clone()
    }

    /// The most steps (actions and chance events) any game of this config
    /// can take: OpenSpiel's `max_game_length` bound.
    fn max_game_length(&self) -> usize {
        self.prototype
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .max_steps()
    }

    /// The bots that can play this game (`random`, `mcts`, `mcts:N`, its own).
    fn bots(&self) -> Vec<&'static str> {
        self.game.bot_names()
    }

    /// A new game from `seed`; chance is drawn from the seed as it comes
    /// up unless `auto_chance` is false (then the caller plays chance
    /// nodes with `apply_action`). Without a seed, a fresh one from the
    /// operating system's randomness (`state.seed()` tells it): pass a
    /// seed for a game to replay, none for a new game each call.
    #[pyo3(signature = (seed = None, auto_chance = true))]
    fn new_initial_state(
        &self,
        py: Python<'_>,
        seed: Option<u64>,
        auto_chance: bool,
    ) -> PyResult<PyState> {
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed(py)?,
        };
        let mut session = self
            .prototype
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .restart(seed);
        session.set_auto_chance(auto_chance);
        if !auto_chance && session.step_count() > 0 {
            // A new session draws the chance events of its set-up (a start
            // seat, the first racks) at once; with chance manual they wait
            // for the caller instead (undo to the start draws nothing).
            session.undo_to(0).map_err(|e| to_py_err(py, &e))?;
        }
        Ok(PyState::new(session, self.ints.clone(), auto_chance))
    }

    fn __repr__(&self) -> String {
        format!(
            "tabletop.load_game({:?}, {})",
            self.game.name(),
            self.config
        )
    }
}

/// A game in progress, as `pyspiel.State`.
#[pyclass(module = "tabletop", name = "State", frozen)]
struct PyState {
    session: Mutex<Box<dyn AnySession>>,
    shape: Vec<usize>,
    /// Reused by `legal_actions`, the hot call of a Python loop.
    indices: Mutex<Vec<u64>>,
    /// The game's shared index ints (see [`SHARED_INTS`]).
    ints: Ints,
    /// Whether chance is drawn from the seed (else the caller plays it).
    auto_chance: bool,
    /// Copies made so far: each copy's seed mixes in the next count.
    copies: AtomicU64,
}

impl PyState {
    fn new(session: Box<dyn AnySession>, ints: Ints, auto_chance: bool) -> PyState {
        let shape = session.observation_shape();
        PyState {
            session: Mutex::new(session),
            shape,
            indices: Mutex::default(),
            ints,
            auto_chance,
            copies: AtomicU64::new(0),
        }
    }

    /// A copy; with `same_chance` false it draws its future chance from a
    /// seed of its own (see `clone`).
    fn copy(&self, same_chance: bool) -> PyState {
        let mut session = self.lock().clone_box();
        if !same_chance {
            let n = self.copies.fetch_add(1, Ordering::Relaxed);
            let step = session.step_count() as u64;
            session.reseed(mix(session.seed() ^ mix(n.wrapping_add(1) ^ mix(step))));
        }
        PyState::new(session, self.ints.clone(), self.auto_chance)
    }

    fn lock(&self) -> MutexGuard<'_, Box<dyn AnySession>> {
        // A panic cannot leave a session half-changed (every change is
        // atomic), so a poisoned lock still guards a whole session.
        self.session
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn viewer(py: Python<'_>, session: &dyn AnySession, player: Option<i64>) -> PyResult<Viewer> {
        match player {
            None => Ok(match session.to_act() {
                ToAct::Seat(s) => Viewer::Seat(s),
                ToAct::Chance | ToAct::Over => Viewer::Spectator,
            }),
            Some(p) if p < 0 => Ok(Viewer::Spectator),
            Some(p) => seat_of(py, p, session.seats()).map(Viewer::Seat),
        }
    }
}

#[pymethods]
impl PyState {
    /// The game's name.
    fn game_name(&self) -> &'static str {
        self.lock().game_name()
    }

    /// How many seats play.
    fn num_players(&self) -> usize {
        self.lock().seats()
    }

    /// The seat to act, -1 at a chance node, -4 once the game is over
    /// (OpenSpiel's player ids).
    fn current_player(&self) -> i64 {
        match self.lock().to_act() {
            ToAct::Seat(s) => i64::from(s.0),
            ToAct::Chance => CHANCE_PLAYER,
            ToAct::Over => TERMINAL_PLAYER,
        }
    }

    /// True at a chance node (only with `auto_chance=False`).
    fn is_chance_node(&self) -> bool {
        self.lock().to_act() == ToAct::Chance
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.lock().to_act() == ToAct::Over
    }

    /// Steps played so far (actions and chance events).
    fn step_count(&self) -> usize {
        self.lock().step_count()
    }

    /// The pending chance event's outcomes as `(index, probability)`; the
    /// index is what `apply_action` takes at this node.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let outcomes = self.lock().chance_outcomes();
        let total: f64 = outcomes.iter().map(|(_, w)| f64::from(*w)).sum();
        outcomes
            .iter()
            .enumerate()
            .map(|(i, (_, w))| (i, f64::from(*w) / total))
            .collect()
    }

    /// The pending chance event's outcomes as `(object, probability)`.
    fn chance_outcome_objects<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, f64)>> {
        let outcomes = self.lock().chance_outcomes();
        let total: f64 = outcomes.iter().map(|(_, w)| f64::from(*w)).sum();
        outcomes
            .iter()
            .map(|(c, w)| Ok((from_json(py, c)?, f64::from(*w) / total)))
            .collect()
    }

    /// The legal actions' indices (in the game's order, the order of
    /// `legal_action_objects`); at a chance node the outcomes' indices
    /// (`0..len(chance_outcomes())`), as in OpenSpiel; empty at the end.
    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let session = self.lock();
        let mut indices = self
            .indices
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match (player, session.to_act()) {
            (Some(p), ToAct::Seat(s)) if p != i64::from(s.0) => indices.clear(),
            // At a chance node the outcomes' indices, as OpenSpiel lists
            // them (for the chance player; none for a seat).
            (None | Some(CHANCE_PLAYER), ToAct::Chance) => {
                indices.clear();
                indices.extend(0..session.chance_outcomes().len() as u64);
            }
            (Some(_), ToAct::Chance) => indices.clear(),
            _ => session.legal_action_indices_into(&mut indices),
        }
        let int = |i: u64| match self
            .ints
            .as_deref()
            .and_then(|v| v.get(usize::try_from(i).ok()?))
        {
            Some(shared) => shared.bind(py).clone(),
            None => PyInt::new(py, i).into_any(),
        };
        PyList::new(py, indices.iter().map(|&i| int(i)))
    }

    /// The legal actions as objects, in the protocol's JSON form.
    fn legal_action_objects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_json(py, &Value::Array(self.lock().legal_actions()))
    }

    /// The legal actions in the game's move notation (its RULES.md,
    /// "Move notation"), in the game's order.
    fn legal_action_names(&self) -> Vec<String> {
        self.lock().legal_action_names()
    }

    /// One page of the legal moves, as the protocol's `legal` answers it
    /// (docs/protocol.md, "Legal moves"): a dict of `total`, `next` (the
    /// offset of the next page, or None), `actions` (objects), `names`
    /// (notation) and, sorted by score, `scores`. `filter` keeps the moves
    /// whose notation holds all its words; `sort` is `"game"` or
    /// `"score"` (best first); `count=True` answers only `total`.
    /// `player` answers as that seat (its own moves when it is to act,
    /// none otherwise; a negative player is a spectator, who has none).
    /// A count, and the best few moves by score, are found without
    /// building the whole list: a Binary Scrabble rack with blanks has
    /// millions, which `legal_actions()` builds in full.
    #[pyo3(signature = (offset = 0, limit = None, filter = "", sort = "game", count = false, player = None))]
    #[allow(clippy::too_many_arguments)]
    fn legal_page<'py>(
        &self,
        py: Python<'py>,
        offset: usize,
        limit: Option<usize>,
        filter: &str,
        sort: &str,
        count: bool,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let sort = match sort {
            "game" => LegalSort::Game,
            "score" => LegalSort::Score,
            other => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "sort is \"game\" or \"score\", not {other:?}"
                )));
            }
        };
        let session = self.lock();
        let viewer = match player {
            None => None,
            Some(_) => Some(Self::viewer(py, session.as_ref(), player)?),
        };
        let query = LegalQuery {
            offset,
            limit,
            filter: filter.to_owned(),
            sort,
            count_only: count,
        };
        let page = session.legal_page(viewer, &query, usize::MAX);
        drop(session);
        let mut out = serde_json::json!({ "total": page.total, "next": page.next });
        if !count {
            out["actions"] = Value::Array(page.actions);
            out["names"] = serde_json::json!(page.names);
            if let Some(scores) = page.scores {
                out["scores"] = serde_json::json!(scores);
            }
        }
        from_json(py, &out)
    }

    /// How many legal moves the seat to act has, counted without listing
    /// them where the game can.
    fn legal_count(&self) -> usize {
        let query = LegalQuery {
            count_only: true,
            ..LegalQuery::default()
        };
        self.lock().legal_page(None, &query, usize::MAX).total
    }

    /// Whether the seat to act may play the move written `text` in the
    /// game's notation, without playing it: a dict of `action`, `text`
    /// and `preview` (`score`, `costs`). Raises the refusal's error
    /// (`IllegalActionError` with the rule id, `BadNotation` text as
    /// `IllegalActionError` too) when it may not.
    fn check_action_text<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        let session = self.lock();
        let to_act = session.to_act();
        let ToAct::Seat(seat) = to_act else {
            return Err(to_py_err(py, &RegistryError::NoSeatToAct(to_act)));
        };
        let checked = session
            .read_notation(seat, text)
            .and_then(|action| session.check_action(seat, &action))
            .map_err(|e| to_py_err(py, &e))?;
        drop(session);
        from_json(
            py,
            &serde_json::json!({
                "action": checked.action,
                "text": checked.text,
                "preview": checked.preview,
            }),
        )
    }

    /// Plays the move written `text` in the game's notation for the seat
    /// to act; raises as `apply_action_object` does, nothing changed.
    fn apply_action_text(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        let mut session = self.lock();
        let to_act = session.to_act();
        let ToAct::Seat(seat) = to_act else {
            return Err(to_py_err(py, &RegistryError::NoSeatToAct(to_act)));
        };
        session
            .read_notation(seat, text)
            .and_then(|action| session.act(seat, &action))
            .map_err(|e| to_py_err(py, &e))
    }

    /// A 0/1 mask over every action index (only for spaces of at most
    /// 2^24 indices: Binary Scrabble's is far larger, use `legal_actions`);
    /// all zeros for a `player` who is not to act. A new writable array.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let session = self.lock();
        let other = match (player, session.to_act()) {
            (Some(p), ToAct::Seat(s)) => p != i64::from(s.0),
            (Some(_), ToAct::Chance | ToAct::Over) => true,
            (None, _) => false,
        };
        let space = session.num_distinct_actions();
        let n = usize::try_from(space)
            .ok()
            .filter(|&n| n <= 1 << 24)
            .ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "{} has {space} action indices: too many for a mask",
                    session.game_name()
                ))
            })?;
        let mut mask = vec![0u8; n];
        if !other {
            for i in session.legal_action_indices() {
                if let Some(m) = usize::try_from(i).ok().and_then(|i| mask.get_mut(i)) {
                    *m = 1;
                }
            }
        }
        drop(session);
        let numpy = py.import("numpy")?;
        numpy.call_method1("frombuffer", (PyByteArray::new(py, &mask), "int8"))
    }

    /// Plays action `index` for the seat to act; at a chance node, the
    /// outcome at that index of `chance_outcomes()`.
    ///
    /// Raises `IllegalActionError` (with the rule id when a rule refused)
    /// when no legal action has that index, `NoSeatToActError` once the
    /// game is over; nothing changes then.
    fn apply_action(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut session = self.lock();
        let space = if session.to_act() == ToAct::Chance {
            session.chance_outcomes().len() as u64
        } else {
            session.num_distinct_actions()
        };
        let index = index_of(py, index, space)?;
        let result = if session.to_act() == ToAct::Chance {
            let outcomes = session.chance_outcomes();
            match usize::try_from(index).ok().and_then(|i| outcomes.get(i)) {
                Some((c, _)) => session.apply_chance(c),
                None => Err(RegistryError::NoActionAtIndex {
                    index,
                    space: outcomes.len() as u64,
                }),
            }
        } else {
            session.act_index(index)
        };
        result.map_err(|e| to_py_err(py, &e))
    }

    /// Plays an action given as an object (as in `legal_action_objects`)
    /// for the seat to act.
    fn apply_action_object(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = to_json(action)?;
        let mut session = self.lock();
        let to_act = session.to_act();
        let ToAct::Seat(seat) = to_act else {
            return Err(to_py_err(py, &RegistryError::NoSeatToAct(to_act)));
        };
        session.act(seat, &action).map_err(|e| to_py_err(py, &e))
    }

    /// `player`'s observation tensor as a float32 numpy array of the
    /// game's shape (default: the seat to act; a negative player: a
    /// spectator). Written once into one buffer that numpy takes whole.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut tensor = Vec::new();
        {
            let session = self.lock();
            let viewer = Self::viewer(py, session.as_ref(), player)?;
            session.observation_tensor(viewer, &mut tensor);
        }
        let bytes: Vec<u8> = tensor.iter().flat_map(|x| x.to_le_bytes()).collect();
        let numpy = py.import("numpy")?;
        // A bytearray: numpy's array over it is writable, and the caller's own.
        let flat = numpy.call_method1("frombuffer", (PyByteArray::new(py, &bytes), "<f4"))?;
        flat.call_method1("reshape", (self.shape.clone(),))
    }

    /// `player`'s observation as text (default: the seat to act).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, py: Python<'_>, player: Option<i64>) -> PyResult<String> {
        let session = self.lock();
        let viewer = Self::viewer(py, session.as_ref(), player)?;
        Ok(session.render(viewer))
    }

    /// `player`'s observation as an object (the protocol's JSON).
    #[pyo3(signature = (player = None))]
    fn observation_object<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let value = {
            let session = self.lock();
            let viewer = Self::viewer(py, session.as_ref(), player)?;
            session.observe(viewer)
        };
        from_json(py, &value)
    }

    /// Each seat's final score (0 for all until the game is over).
    fn returns(&self) -> Vec<f64> {
        let session = self.lock();
        match session.outcome() {
            // Scores are small integers: f64 holds them exactly.
            #[allow(clippy::cast_precision_loss)]
            Some(o) => o.scores.iter().map(|&s| s as f64).collect(),
            None => vec![0.0; session.seats()],
        }
    }

    /// How the game ended (`scores`, `places`, `team`), or None.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let outcome = self.lock().outcome();
        let value = serde_json::to_value(outcome).unwrap_or(Value::Null);
        from_json(py, &value)
    }

    /// An independent copy (without seated bots). Its chance still to
    /// come is drawn from a seed of its own, mixed from this state's seed,
    /// its step and a count of the copies made, so a search on copies
    /// never sees the draws this game will make; `same_chance=True` keeps
    /// the seed (the copy then draws what this state will draw: for
    /// replaying a seeded game, never for search).
    #[pyo3(signature = (same_chance = false))]
    fn clone(&self, same_chance: bool) -> PyState {
        self.copy(same_chance)
    }

    fn __copy__(&self) -> PyState {
        self.copy(false)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.copy(false)
    }

    /// Pickles by replay: the game, its seed and every step, checked again
    /// when loaded (the same game, the same future chance).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("tabletop")?.getattr("from_replay")?;
        let args = PyTuple::new(
            py,
            [
                self.to_replay().into_pyobject(py)?.into_any(),
                self.auto_chance.into_pyobject(py)?.to_owned().into_any(),
            ],
        )?;
        PyTuple::new(py, [restore, args.into_any()])
    }

    /// The seed the chance still to come is drawn from.
    fn seed(&self) -> u64 {
        self.lock().seed()
    }

    /// Whether chance is drawn from the seed (else `apply_action` plays it).
    fn auto_chance(&self) -> bool {
        self.auto_chance
    }

    /// Each seat's utility in [-1, 1]: 2 x game-core's `Outcome::reward`
    /// - 1 (first place or a team win 1, last place -1, linear between by
    /// place; a team loss below 0, higher with the score). All 0 until the
    /// game is over. OpenSpiel's returns and the environments' rewards.
    fn utilities(&self) -> Vec<f64> {
        let session = self.lock();
        match session.outcome() {
            Some(o) => (0..session.seats())
                .map(|i| 2.0 * o.reward(Seat(u8::try_from(i).unwrap_or(u8::MAX))) - 1.0)
                .collect(),
            None => vec![0.0; session.seats()],
        }
    }

    /// The game so far as `player` may see it, one line per step (a
    /// negative player: a spectator); other seats' secrets are masked.
    #[pyo3(signature = (player = None))]
    fn log_text(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Vec<String>> {
        let session = self.lock();
        let viewer = Self::viewer(py, session.as_ref(), player)?;
        Ok(session.log_text(viewer))
    }

    /// The game so far as `player` may see it, one plain-English sentence
    /// per step ("seat 1 rolls 4 and lands on an Expense…"): what happened
    /// and why, telling no more than that player's log.
    #[pyo3(signature = (player = None))]
    fn narration(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Vec<String>> {
        let session = self.lock();
        let viewer = Self::viewer(py, session.as_ref(), player)?;
        Ok(session.narration(viewer))
    }

    /// Who won and why, in words, as `player` sees it; `None` while the
    /// game goes on.
    #[pyo3(signature = (player = None))]
    fn narrate_end(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Option<String>> {
        let session = self.lock();
        let viewer = Self::viewer(py, session.as_ref(), player)?;
        Ok(session.narrate_end(viewer))
    }

    /// The legal action with index `index`, in the game's notation; the
    /// outcome's JSON at a chance node. Raises `IllegalActionError` when
    /// no legal action (or outcome) has that index.
    fn action_to_string(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<String> {
        let session = self.lock();
        if session.to_act() == ToAct::Chance {
            let outcomes = session.chance_outcomes();
            let i = index_of(py, index, outcomes.len() as u64)?;
            return match usize::try_from(i).ok().and_then(|i| outcomes.get(i)) {
                Some((c, _)) => Ok(c.to_string()),
                None => Err(to_py_err(
                    py,
                    &RegistryError::NoActionAtIndex {
                        index: i,
                        space: outcomes.len() as u64,
                    },
                )),
            };
        }
        let space = session.num_distinct_actions();
        let i = index_of(py, index, space)?;
        let at = session.legal_action_indices().iter().position(|&x| x == i);
        match at {
            Some(at) => Ok(session.legal_action_names().swap_remove(at)),
            None => Err(to_py_err(
                py,
                &RegistryError::NoActionAtIndex { index: i, space },
            )),
        }
    }

    /// A state `player` cannot tell from this one: what it may not see
    /// (other seats' secrets, the order of what is unseen) redrawn from
    /// `seed` by the game's own determinization, the one its search bots
    /// use. It starts there with no steps (its replay is not this game's)
    /// and draws its own chance; for search, never for keeping.
    fn determinized(&self, py: Python<'_>, player: i64, seed: u64) -> PyResult<PyState> {
        let session = self.lock();
        let seat = seat_of(py, player, session.seats())?;
        let mut world = session.determinized(seat, seed);
        world.reseed(mix(seed ^ 0x5EED));
        Ok(PyState::new(world, self.ints.clone(), self.auto_chance))
    }

    /// The replay as JSON text: the same bytes Rust writes for this game.
    fn to_replay(&self) -> String {
        self.lock().replay_json()
    }

    /// Plays uniformly random moves from `seed` to the end, in Rust with
    /// the GIL released; returns the steps played.
    fn random_playout(&self, py: Python<'_>, seed: u64) -> usize {
        py.detach(|| self.lock().random_playout(seed))
    }

    /// Plays to the end, in Rust, by the calls a Python loop makes each
    /// ply: the legal action indices, one picked uniformly (`seed`'s rng),
    /// applied by index; chance nodes by weight. Returns the steps played
    /// (at most the game's step bound, as `random_playout`). The yardstick
    /// of the binding's own cost: `examples/speed.py` times a Python loop
    /// against it.
    fn index_playout(&self, py: Python<'_>, seed: u64) -> PyResult<usize> {
        py.detach(|| {
            let mut session = self.lock();
            let mut rng = GameRng::new(seed);
            let mut indices = Vec::new();
            let mut steps = 0;
            let limit = session.max_steps();
            while steps < limit {
                match session.to_act() {
                    ToAct::Over => return Ok(steps),
                    ToAct::Chance => {
                        let outcomes = session.chance_outcomes();
                        let Some(outcome) = rng.pick(&outcomes) else {
                            return Ok(steps);
                        };
                        session.apply_chance(outcome)?;
                    }
                    ToAct::Seat(_) => {
                        session.legal_action_indices_into(&mut indices);
                        let n = u32::try_from(indices.len()).unwrap_or(u32::MAX);
                        let Some(&index) = indices.get(rng.below(n) as usize) else {
                            return Ok(steps);
                        };
                        session.act_index(index)?;
                    }
                }
                steps += 1;
            }
            Ok(steps)
        })
        .map_err(|e: RegistryError| to_py_err(py, &e))
    }

    /// Seats bot `name` (see `Game.bots()`) at `player`, seeded.
    #[pyo3(signature = (player, name, seed = 0))]
    fn set_bot(&self, py: Python<'_>, player: i64, name: &str, seed: u64) -> PyResult<()> {
        let mut session = self.lock();
        let seat = seat_of(py, player, session.seats())?;
        session
            .set_bot(seat, name, seed)
            .map_err(|e| to_py_err(py, &e))
    }

    /// Lets the bot seated at the seat to act choose and play (GIL
    /// released while it thinks); returns the action it played.
    fn play_bot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let played = py.detach(|| self.lock().play_bot());
        match played {
            Ok(action) => from_json(py, &action),
            Err(e) => Err(to_py_err(py, &e)),
        }
    }

    fn __str__(&self) -> String {
        self.lock().render(Viewer::Spectator)
    }

    fn __repr__(&self) -> String {
        let session = self.lock();
        format!(
            "<tabletop.State {} step {} to act {:?}>",
            session.game_name(),
            session.step_count(),
            session.to_act()
        )
    }
}

/// The registered games' names.
#[pyfunction]
fn games() -> Vec<&'static str> {
    registry::games().iter().map(|g| g.name()).collect()
}

/// A registered game with `config` (a dict, a JSON text, or None for the
/// defaults; missing fields take their defaults, unknown fields raise).
#[pyfunction]
#[pyo3(signature = (name, config = None))]
fn load_game(py: Python<'_>, name: &str, config: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    let game = registry::find(name).map_err(|e| to_py_err(py, &e))?;
    let config = match config {
        Some(c) => to_json(c)?,
        None => Value::Null,
    };
    // Opening a session validates the config and tells the fixed sizes.
    let probe = game.open(&config, 0).map_err(|e| to_py_err(py, &e))?;
    // The config as the game holds it (every field the engine writes in a
    // replay), not as the caller wrote it: a partial dict comes back whole.
    let config = serde_json::from_str::<Value>(&probe.replay_json())
        .ok()
        .and_then(|mut replay| replay.get_mut("config").map(Value::take))
        .unwrap_or(if config.is_null() {
            game.default_config()
        } else {
            config
        });
    Ok(PyGame {
        ints: shared_ints(py, probe.num_distinct_actions()),
        seats: probe.seats(),
        actions: probe.num_distinct_actions(),
        shape: probe.observation_shape(),
        prototype: Mutex::new(probe),
        game,
        config,
    })
}

/// A state from a replay's JSON text (as `State.to_replay()` or the Rust
/// tools write it), every step checked; with `auto_chance=False` a chance
/// event left pending waits for `apply_action`.
#[pyfunction]
#[pyo3(signature = (replay, auto_chance = true))]
fn from_replay(py: Python<'_>, replay: &str, auto_chance: bool) -> PyResult<PyState> {
    let name = registry::replay_game_name(replay).map_err(|e| to_py_err(py, &e))?;
    let game = registry::find(&name).map_err(|e| to_py_err(py, &e))?;
    let mut session = py
        .detach(|| game.load_replay(replay))
        .map_err(|e| to_py_err(py, &e))?;
    session.set_auto_chance(auto_chance);
    if !auto_chance {
        // Loading resolves a chance event the replay left pending; with
        // chance manual it waits for the caller again (undo keeps the
        // recorded steps and, chance being manual, draws nothing).
        let recorded = serde_json::from_str::<Value>(replay)
            .ok()
            .and_then(|v| v.get("steps").and_then(Value::as_array).map(Vec::len));
        if let Some(n) = recorded.filter(|&n| n < session.step_count()) {
            session.undo_to(n).map_err(|e| to_py_err(py, &e))?;
        }
    }
    let ints = shared_ints(py, session.num_distinct_actions());
    Ok(PyState::new(session, ints, auto_chance))
}

/// Plays `games` seeded games of `name` between `bots` (one per seat,
/// cycled if fewer) with game-core's arena (`run_arena`, on the match
/// runner the `arena` example's matches use), the GIL released, and
/// returns a table: one row (a dict) per line-up position.
#[pyfunction]
#[pyo3(signature = (name, bots, games = 100, seed = 0, config = None, threads = 1, rotate_seats = true))]
#[allow(clippy::too_many_arguments)]
fn arena<'py>(
    py: Python<'py>,
    name: &str,
    bots: Vec<String>,
    games: u32,
    seed: u64,
    config: Option<&Bound<'_, PyAny>>,
    threads: usize,
    rotate_seats: bool,
) -> PyResult<Bound<'py, PyList>> {
    let game = registry::find(name).map_err(|e| to_py_err(py, &e))?;
    let config = match config {
        Some(c) => to_json(c)?,
        None => Value::Null,
    };
    let arena = ArenaConfig {
        games,
        seed,
        threads,
        rotate_seats,
    };
    let report = py
        .detach(|| game.arena(&config, &bots, arena, &|_| {}))
        .map_err(|e| to_py_err(py, &e))?;
    let rows = PyList::empty(py);
    for (i, e) in report.entrants.iter().enumerate() {
        let row = PyDict::new(py);
        row.set_item("entrant", i)?;
        row.set_item("bot", &e.name)?;
        row.set_item("games", e.games)?;
        row.set_item("wins", e.wins)?;
        row.set_item("win_rate", e.win_rate())?;
        row.set_item("mean_place", e.mean_place())?;
        row.set_item("mean_score", e.mean_score())?;
        row.set_item("score_min", e.score_min)?;
        row.set_item("score_max", e.score_max)?;
        row.set_item("team_wins", report.team_wins)?;
        row.set_item("finished", report.finished)?;
        rows.append(row)?;
    }
    Ok(rows)
}

/// The native module; `tabletop/__init__.py` re-exports it.
#[pymodule]
fn _tabletop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_replay, m)?)?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add("CHANCE_PLAYER", CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", TERMINAL_PLAYER)?;
    Ok(())
}
