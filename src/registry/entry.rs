//! The generic glue from a typed [`Game`] to the type-erased registry.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use game_core::{
    ArenaConfig, ArenaReport, Bot, BotFactory, BotView, Determinize, Game, GameRng, Learning,
    LogEntry, Narrate, Notation, Outcome, Picture, Preview, Render, Replay, RuleError, Seat,
    Session, ToAct, Viewer, run_arena,
};

use super::any::{AnyGame, AnySession};
use super::catalogue::{BotInfo, Catalogue};
use super::error::RegistryError;
use super::legal_page::{
    LegalPage, LegalQuery, LegalSort, PageWriter, filter_words, matches_words, page_order,
};
use super::limits::cap_quote;
use super::matches::{self, MatchRequest};
use super::seen::{CheckedMove, SeenMove};

/// The longest score-sorted page (offset plus limit) answered by the
/// game's search for its best moves rather than by sorting every move.
pub const FAST_BEST_MAX: usize = 1000;

/// The longest legal list a session keeps between calls (the pages of one
/// position are cut from it); a longer one is listed again for each page.
pub const LEGAL_CACHE_MAX: usize = 100_000;

/// A game's registration: the game type and its bot catalogue.
pub struct Entry<G: Game> {
    catalogue: Arc<Catalogue<G>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game + Render + Determinize + Learning + Picture + Notation + Preview + Narrate> Default
    for Entry<G>
{
    /// A game with only the shared bots.
    fn default() -> Self {
        Self::new(Catalogue::new())
    }
}

impl<G: Game + Render + Determinize + Learning + Picture + Notation + Preview + Narrate> Entry<G> {
    /// The registration of `G` with the bots of `catalogue`.
    #[must_use]
    pub fn new(catalogue: Catalogue<G>) -> Self {
        Entry {
            catalogue: Arc::new(catalogue),
            _game: PhantomData,
        }
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

fn from_json<T: DeserializeOwned>(what: &'static str, value: Value) -> Result<T, RegistryError> {
    serde_json::from_value(value).map_err(|e| RegistryError::BadJson {
        what,
        message: cap_quote(&e.to_string()),
    })
}

/// One line of a viewer's log in words.
fn log_line<G: Render>(game: &G, entry: &LogEntry<G::Action, G::Chance>) -> String {
    match entry {
        LogEntry::Action {
            seat,
            action: Some(a),
        } => format!("{seat}: {}", game.render_action(a)),
        LogEntry::Action { seat, action: None } => format!("{seat}: (hidden action)"),
        LogEntry::Chance(Some(c)) => format!("chance: {}", game.render_chance(c)),
        LogEntry::Chance(None) => "chance: (hidden)".to_owned(),
    }
}

fn to_json<T: Serialize>(value: &T) -> Value {
    // Game types serialize to JSON by construction (plain data, string keys).
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: Game + Render + Determinize + Learning + Picture + Notation + Preview + Narrate> AnyGame
    for Entry<G>
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn default_config(&self) -> Value {
        to_json(&G::Config::default())
    }

    fn bot_names(&self) -> Vec<&'static str> {
        self.catalogue.names()
    }

    fn open(&self, config: &Value, seed: u64) -> Result<Box<dyn AnySession>, RegistryError> {
        let game = self.build(config)?;
        Ok(SessionBox::boxed(
            Session::with_game(game, seed),
            Arc::clone(&self.catalogue),
        ))
    }

    fn load_replay(&self, replay: &str) -> Result<Box<dyn AnySession>, RegistryError> {
        let replay: Replay<G> =
            serde_json::from_str(replay).map_err(|e| RegistryError::BadJson {
                what: "replay",
                message: cap_quote(&e.to_string()),
            })?;
        let session = Session::from_replay(&replay).map_err(|e| RegistryError::replay(&e))?;
        Ok(SessionBox::boxed(session, Arc::clone(&self.catalogue)))
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
            .map(|n| self.catalogue.maker(n, false))
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
        self.catalogue.infos()
    }

    fn run_match(
        &self,
        request: &MatchRequest,
        resume: &[String],
        sink: &mut (dyn FnMut(String) + Send),
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Value, RegistryError> {
        let game = self.build(&request.config)?;
        matches::run(&game, &self.catalogue, request, resume, sink, progress)
    }
}

/// A bot seated in a session, with its own random stream.
type SeatedBot<G> = (Box<dyn Bot<G>>, GameRng);

/// A typed session with its bots, behind [`AnySession`].
struct SessionBox<G: Game> {
    session: Session<G>,
    /// Per seat: the bot there, if any.
    bots: Vec<Option<SeatedBot<G>>>,
    catalogue: Arc<Catalogue<G>>,
    /// Reused by `legal_action_indices`, the hot call of a Python loop.
    scratch: RefCell<Vec<G::Action>>,
    /// The state version `scratch` was listed for, with its actions'
    /// indices in the same order: `act_index` of a listed index takes the
    /// action from there instead of decoding it (Moon Base's stack indices
    /// decode by listing the moves again).
    listed: RefCell<Option<(u64, Vec<u64>)>>,
    /// The legal list of the state version it was made for: the pages of
    /// one long list (a rack with blanks) are cut from one move generation.
    legal_cache: RefCell<Option<(u64, Vec<G::Action>)>>,
}

impl<G: Game + Render + Determinize + Learning + Picture + Notation + Preview + Narrate>
    SessionBox<G>
{
    /// A session in a box with no bots seated, its bots from the registry
    /// entry's catalogue (or the session it came from).
    fn boxed(session: Session<G>, catalogue: Arc<Catalogue<G>>) -> Box<dyn AnySession> {
        Box::new(SessionBox {
            session,
            bots: Vec::new(),
            catalogue,
            scratch: RefCell::default(),
            listed: RefCell::default(),
            legal_cache: RefCell::default(),
        })
    }

    /// Runs `f` on the legal actions of the seat to act, generated once
    /// per state version when the list is at most [`LEGAL_CACHE_MAX`]
    /// moves long; a longer list is made for each call and dropped, so
    /// a server's open sessions never hold millions of moves each.
    fn with_legal<R>(&self, f: impl FnOnce(&[G::Action]) -> R) -> R {
        let version = self.session.state_version();
        let mut cache = self.legal_cache.borrow_mut();
        if let Some((v, legal)) = &*cache
            && *v == version
        {
            return f(legal);
        }
        let legal = self.session.legal_actions();
        if legal.len() > LEGAL_CACHE_MAX {
            *cache = None;
            return f(&legal);
        }
        f(&cache.insert((version, legal)).1)
    }

    /// A score-sorted page with no filter from the game's search for its
    /// best moves ([`Preview::best_scored`]), without listing every move:
    /// "the 20 best plays" of a rack with millions. `None` when the page
    /// reaches past [`FAST_BEST_MAX`] moves or past the moves that score,
    /// where the whole list is sorted instead.
    fn best_page(&self, seat: Seat, query: &LegalQuery, budget: usize) -> Option<LegalPage> {
        let want = query.offset.checked_add(query.limit?)?;
        if query.sort != LegalSort::Score || want > FAST_BEST_MAX {
            return None;
        }
        let game = self.session.game();
        let state = self.session.state();
        let mut best = Vec::with_capacity(want);
        game.best_scored(state, seat, want, &mut best);
        if best.len() < want {
            return None;
        }
        let total = game.legal_count(state, seat);
        // A list already made for this position gives each move's index.
        let cache = self.legal_cache.borrow();
        let listed = cache
            .as_ref()
            .filter(|(version, _)| *version == self.session.state_version())
            .map(|(_, legal)| legal);
        let mut page = PageWriter::new(total, true, query, budget);
        for (at, (action, points)) in best.iter().enumerate().skip(query.offset) {
            let index = listed.and_then(|legal| legal.binary_search(action).ok());
            let name = game.write_notation(state, action);
            if !page.push(at, to_json(action), name, index, Some(*points)) {
                break;
            }
        }
        Some(page.finish(want))
    }

    /// `action`'s JSON for `seat`, read as the game's action type.
    fn typed(action: &Value) -> Result<G::Action, RegistryError> {
        from_json("action", action.clone())
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
        let maker = self.catalogue.maker(spec, allow_exec)?;
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

impl<G: Game + Render + Determinize + Learning + Picture + Notation + Preview + Narrate> AnySession
    for SessionBox<G>
{
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
        let state = self.session.state();
        self.with_legal(|legal| {
            legal
                .iter()
                .map(|a| game.write_notation(state, a))
                .collect()
        })
    }

    fn parse_action(&self, text: &str) -> Option<Value> {
        let ToAct::Seat(seat) = self.session.to_act() else {
            return None;
        };
        let game = self.session.game();
        let state = self.session.state();
        let action = game.read_notation(state, seat, text).ok()?;
        game.check(state, seat, &action).ok()?;
        Some(to_json(&action))
    }

    fn legal_page(&self, viewer: Option<Viewer>, query: &LegalQuery, budget: usize) -> LegalPage {
        let ToAct::Seat(seat) = self.session.to_act() else {
            return LegalPage::default();
        };
        if viewer.is_some_and(|v| v != Viewer::Seat(seat)) {
            // Another seat's moves would spell out its hidden rack or hand.
            return LegalPage::default();
        }
        let words = filter_words(&query.filter);
        if words.is_empty() {
            if query.count_only {
                let total = self.session.game().legal_count(self.session.state(), seat);
                return LegalPage {
                    total,
                    ..LegalPage::default()
                };
            }
            if let Some(page) = self.best_page(seat, query, budget) {
                return page;
            }
        }
        let game = self.session.game();
        let state = self.session.state();
        self.with_legal(|legal| {
            let names: Option<Vec<String>> = (!words.is_empty()).then(|| {
                legal
                    .iter()
                    .map(|a| game.write_notation(state, a))
                    .collect()
            });
            let scores = (query.sort == LegalSort::Score).then(|| {
                let mut out = Vec::with_capacity(legal.len());
                game.scores(state, seat, legal, &mut out);
                out
            });
            let keep = |i: usize| names.as_ref().is_none_or(|n| matches_words(&n[i], &words));
            let order = page_order(legal.len(), keep, scores.as_deref());
            if query.count_only {
                return LegalPage {
                    total: order.len(),
                    ..LegalPage::default()
                };
            }
            let mut page = PageWriter::new(order.len(), scores.is_some(), query, budget);
            for (at, &i) in order.iter().enumerate().skip(query.offset) {
                let name = match &names {
                    Some(names) => names[i].clone(),
                    None => game.write_notation(state, &legal[i]),
                };
                let score = scores.as_ref().and_then(|all| all[i]);
                if !page.push(at, to_json(&legal[i]), name, Some(i), score) {
                    break;
                }
            }
            page.finish(order.len())
        })
    }

    fn read_notation(&self, seat: Seat, text: &str) -> Result<Value, RegistryError> {
        self.session
            .game()
            .read_notation(self.session.state(), seat, text)
            .map(|a| to_json(&a))
            .map_err(|e| RegistryError::BadNotation {
                text: cap_quote(text),
                message: e.to_string(),
            })
    }

    fn check_action(&self, seat: Seat, action: &Value) -> Result<CheckedMove, RegistryError> {
        let action = Self::typed(action)?;
        let game = self.session.game();
        let state = self.session.state();
        if self.session.to_act() == ToAct::Over {
            return Err(RegistryError::GameOver);
        }
        game.check(state, seat, &action)
            .map_err(|e| RegistryError::refused(&e))?;
        Ok(CheckedMove {
            text: game.write_notation(state, &action),
            preview: to_json(&game.preview(state, seat, &action)),
            action: to_json(&action),
        })
    }

    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), RegistryError> {
        let action = Self::typed(action)?;
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

    fn play_bot_seen(
        &mut self,
        stop: &dyn Fn() -> bool,
        viewer: Option<Viewer>,
    ) -> Result<SeenMove, RegistryError> {
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
        // A program bot that crashed or answered garbage says why here,
        // instead of unwinding through the front end (a terminal left raw).
        let action =
            bot.try_select_until(&view, rng, stop)
                .map_err(|why| RegistryError::Refused {
                    rule: None,
                    message: cap_quote(&format!("bot {} failed: {why}", bot.name())),
                })?;
        let game = self.session.game();
        let before = self.session.state();
        let seen = match viewer {
            None => Some(action.clone()),
            Some(v) => game.public_action(before, seat, &action, v),
        };
        let seen = SeenMove {
            text: seen.as_ref().map(|a| game.write_notation(before, a)),
            action: seen.as_ref().map_or(Value::Null, to_json),
        };
        self.session
            .act(seat, &action)
            .map_err(|e| match e.core() {
                Some(core) => RegistryError::from_core(core),
                None => RegistryError::Refused {
                    rule: e.rule(),
                    message: cap_quote(&format!("bot {}: {e}", bot.name())),
                },
            })?;
        Ok(seen)
    }

    fn observe(&self, viewer: Viewer) -> Value {
        to_json(&self.session.observe(viewer))
    }

    fn observation_json_and_text(&self, viewer: Viewer) -> (String, String) {
        let obs = self.session.observe(viewer);
        let json = serde_json::to_string(&obs).unwrap_or_else(|_| "null".to_owned());
        (json, self.session.game().render_obs(&obs))
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
            .map(|entry| log_line(game, entry))
            .collect()
    }

    fn log_since(&self, viewer: Viewer, from: usize) -> super::LogTail {
        let game = self.session.game();
        let log = self.session.log_for_since(viewer, from);
        super::LogTail {
            entries: log.iter().map(to_json).collect(),
            text: log.iter().map(|entry| log_line(game, entry)).collect(),
            narration: self.session.narration_since(viewer, from),
        }
    }

    fn narration(&self, viewer: Viewer) -> Vec<String> {
        self.session.narration(viewer)
    }

    fn narrate_end(&self, viewer: Viewer) -> Option<String> {
        self.session.narrate_end(viewer)
    }

    fn move_note(&self, seat: Seat, action: &Value) -> Option<String> {
        let action = Self::typed(action).ok()?;
        let (game, state) = (self.session.game(), self.session.state());
        game.check(state, seat, &action).ok()?;
        game.preview_note(&game.preview(state, seat, &action))
    }

    fn move_words(&self, action: &Value) -> Option<String> {
        let ToAct::Seat(seat) = self.session.to_act() else {
            return None;
        };
        let action = Self::typed(action).ok()?;
        let (game, state) = (self.session.game(), self.session.state());
        game.check(state, seat, &action).ok()?;
        let text = game.write_notation(state, &action);
        // The seat's own view before the move: nothing it would reveal.
        Some(game.describe(&game.observe(state, Viewer::Seat(seat)), &action, &text))
    }

    fn hint_bot(&self) -> super::catalogue::HintBot {
        self.catalogue.hint_bot(self.session.game())
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
        game.legal_indices(state, &legal, out);
        let mut listed = self.listed.borrow_mut();
        *listed = (out.len() == legal.len()).then(|| {
            let mut indices = listed.take().map(|(_, v)| v).unwrap_or_default();
            indices.clone_from(out);
            (self.session.state_version(), indices)
        });
    }

    fn act_index(&mut self, index: u64) -> Result<(), RegistryError> {
        let to_act = self.session.to_act();
        let ToAct::Seat(seat) = to_act else {
            return Err(RegistryError::NoSeatToAct(to_act));
        };
        let version = self.session.state_version();
        let listed = self
            .listed
            .borrow()
            .as_ref()
            .filter(|(v, _)| *v == version)
            .and_then(|(_, indices)| indices.iter().position(|&i| i == index))
            .and_then(|at| self.scratch.borrow().get(at).cloned());
        let action = listed
            .or_else(|| {
                self.session
                    .game()
                    .index_to_action(self.session.state(), seat, index)
            })
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
        SessionBox::boxed(self.session.clone(), Arc::clone(&self.catalogue))
    }

    fn restart(&self, seed: u64) -> Box<dyn AnySession> {
        SessionBox::boxed(
            Session::with_game(self.session.game().clone(), seed),
            Arc::clone(&self.catalogue),
        )
    }

    fn seed(&self) -> u64 {
        self.session.seed()
    }

    fn reseed(&mut self, seed: u64) {
        self.session.reseed(seed);
    }

    fn determinized(&self, seat: Seat, rng_seed: u64) -> Box<dyn AnySession> {
        let mut rng = GameRng::new(rng_seed);
        let session = self
            .session
            .determinized(seat, &mut rng, self.session.seed());
        SessionBox::boxed(session, Arc::clone(&self.catalogue))
    }
}
