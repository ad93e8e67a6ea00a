//! The type-erased faces of a game and a session: what every front end
//! (serve, the match server, Python, the terminal game) calls.

use serde_json::Value;

use game_core::{ArenaConfig, ArenaReport, Outcome, Seat, ToAct, Viewer};

use super::catalogue::{BotInfo, HintBot};
use super::error::RegistryError;
use super::legal_page::{LegalPage, LegalQuery};
use super::matches::MatchRequest;
use super::seen::{CheckedMove, SeenMove};

/// A registered game, its type erased.
pub trait AnyGame: Send + Sync {
    /// `Game::NAME`.
    fn name(&self) -> &'static str;
    /// The default config, as JSON.
    fn default_config(&self) -> Value;
    /// Names of the bots that can play this game.
    fn bot_names(&self) -> Vec<&'static str>;
    /// A new session from a JSON config (`null` for the default) and a seed.
    ///
    /// # Errors
    /// Bad JSON or a config the game refuses.
    fn open(&self, config: &Value, seed: u64) -> Result<Box<dyn AnySession>, RegistryError>;
    /// A session from a replay's JSON text, every step verified.
    ///
    /// # Errors
    /// Bad JSON, another game, or the first illegal step.
    fn load_replay(&self, replay: &str) -> Result<Box<dyn AnySession>, RegistryError>;
    /// Plays an arena between the named bots (one per seat, cycled if fewer).
    ///
    /// # Errors
    /// A bad config or an unknown bot name.
    fn arena(
        &self,
        config: &Value,
        bots: &[String],
        arena: ArenaConfig,
        progress: &(dyn Fn(u32) + Sync),
    ) -> Result<ArenaReport, RegistryError>;
    /// The bots a spec may name, with their parameters.
    fn bot_list(&self) -> Vec<BotInfo>;
    /// Plays a strength match (paired deals, forfeits, SPRT): each new game
    /// goes to `sink` as one JSON line in schedule order; returns the JSON
    /// summary. `resume` is an earlier run's lines, whose games are kept.
    ///
    /// # Errors
    /// A bad config, bot spec or resume line.
    fn run_match(
        &self,
        request: &MatchRequest,
        resume: &[String],
        sink: &mut (dyn FnMut(String) + Send),
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Value, RegistryError>;
}

/// A game in progress, its type erased: JSON in, JSON or text out.
pub trait AnySession: Send {
    /// `Game::NAME` of the game.
    fn game_name(&self) -> &'static str;
    /// How many seats play.
    fn seats(&self) -> usize;
    /// Who moves next.
    fn to_act(&self) -> ToAct;
    /// Steps played so far.
    fn step_count(&self) -> usize;
    /// Bumped by every change (see `Session::state_version`).
    fn state_version(&self) -> u64;
    /// Legal actions of the seat to act, as JSON, in the game's order.
    fn legal_actions(&self) -> Vec<Value>;
    /// The same actions in the game's notation ([`game_core::Notation`]).
    fn legal_action_names(&self) -> Vec<String>;
    /// The legal action a human typed in the game's notation (case and
    /// spaces ignored), as JSON; `None` when the text names no legal
    /// action of the seat to act.
    fn parse_action(&self, text: &str) -> Option<Value>;
    /// One page of the legal moves as `viewer` may know them (`None`:
    /// the host, who sees all): a seat is told its own moves when it is to
    /// act and none otherwise, a spectator none. The page stops before its
    /// moves' JSON passes `budget` bytes, with `next` where it stopped.
    fn legal_page(&self, viewer: Option<Viewer>, query: &LegalQuery, budget: usize) -> LegalPage;
    /// The action `text` names for `seat` in the game's notation, as
    /// JSON; read from the text alone, not checked for legality.
    ///
    /// # Errors
    /// [`RegistryError::BadNotation`]: where reading stopped and why.
    fn read_notation(&self, seat: Seat, text: &str) -> Result<Value, RegistryError>;
    /// Whether `seat` may play `action` now, without playing it: the
    /// move's notation and what it would score and cost.
    ///
    /// # Errors
    /// As [`AnySession::act`]; nothing changes either way.
    fn check_action(&self, seat: Seat, action: &Value) -> Result<CheckedMove, RegistryError>;
    /// Plays a JSON action for `seat`.
    ///
    /// # Errors
    /// Bad JSON, or the game's refusal: [`RegistryError::Refused`] with
    /// the rule's id, or the shared checks' own kinds
    /// ([`RegistryError::UnknownSeat`], [`RegistryError::NotYourTurn`],
    /// [`RegistryError::GameOver`], [`RegistryError::ChancePending`]);
    /// nothing changes then.
    fn act(&mut self, seat: Seat, action: &Value) -> Result<(), RegistryError>;
    /// Seats bot `name` (seeded with `seed`) at `seat`, replacing any bot there.
    ///
    /// # Errors
    /// An unknown bot name, a bad spec or budget, or a seat not at the
    /// table ([`RegistryError::UnknownSeat`]).
    fn set_bot(&mut self, seat: Seat, name: &str, seed: u64) -> Result<(), RegistryError>;
    /// As [`AnySession::set_bot`], and a program bot (`exec(cmd=..)`, see
    /// docs/bot-protocol.md) is allowed too: for specs the person running
    /// the program chose (`play`'s command line, a server operator's
    /// `--program-bot` list), never for a spec from the wire, where a
    /// client could start programs on the server.
    ///
    /// # Errors
    /// An unknown bot name or a bad spec.
    fn set_trusted_bot(&mut self, seat: Seat, spec: &str, seed: u64) -> Result<(), RegistryError>;
    /// Lets the bot at the seat to act choose and play; returns its action.
    ///
    /// # Errors
    /// No seat to act ([`RegistryError::NoSeatToAct`]), no bot at that
    /// seat ([`RegistryError::NoBot`]), or the bot's action was refused.
    fn play_bot(&mut self) -> Result<Value, RegistryError> {
        self.play_bot_until(&|| false)
    }
    /// As [`AnySession::play_bot`], with a search bot asking `stop` between
    /// iterations and playing its best so far once it says yes (see
    /// [`game_core::Bot::select_until`]): how a server bounds a bot move's
    /// wall-clock time.
    ///
    /// # Errors
    /// As [`AnySession::play_bot`].
    fn play_bot_until(&mut self, stop: &dyn Fn() -> bool) -> Result<Value, RegistryError> {
        self.play_bot_seen(stop, None).map(|seen| seen.action)
    }
    /// As [`AnySession::play_bot_until`], answering the move as `viewer`
    /// sees it in its log (`None`: the host, who sees the whole move).
    ///
    /// # Errors
    /// As [`AnySession::play_bot`].
    fn play_bot_seen(
        &mut self,
        stop: &dyn Fn() -> bool,
        viewer: Option<Viewer>,
    ) -> Result<SeenMove, RegistryError>;
    /// What `viewer` sees, as JSON.
    fn observe(&self, viewer: Viewer) -> Value;
    /// What `viewer` sees, as text for a terminal.
    fn render(&self, viewer: Viewer) -> String;
    /// What `viewer` sees, as an SVG picture drawn from the observation.
    fn picture(&self, viewer: Viewer) -> String;
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;
    /// The replay, as JSON text (stable bytes for the same game).
    fn replay_json(&self) -> String;
    /// The log as `viewer` may see it, as JSON.
    fn log_for(&self, viewer: Viewer) -> Value;
    /// The observation of [`AnySession::observe`] as JSON text, written
    /// straight from the game's types, and the text of
    /// [`AnySession::render`], from one observation: what a server sends
    /// every viewer after every move.
    fn observation_json_and_text(&self, viewer: Viewer) -> (String, String);
    /// The log as `viewer` may see it, one line of text per step.
    fn log_text(&self, viewer: Viewer) -> Vec<String>;
    /// The viewer's log from entry `from` on, as JSON entries, as the
    /// lines of [`AnySession::log_text`] and as the sentences of
    /// [`AnySession::narration`]: what a server has not sent yet. Reading
    /// from where the last read ended costs only the new steps.
    fn log_since(&self, viewer: Viewer, from: usize) -> super::LogTail;
    /// The log as `viewer` may see it, one plain-English sentence per
    /// step ([`game_core::Narrate`]): what happened and why.
    fn narration(&self, viewer: Viewer) -> Vec<String>;
    /// Who won and why, in words, as `viewer` sees it; `None` while the
    /// game goes on.
    fn narrate_end(&self, viewer: Viewer) -> Option<String>;
    /// What legal `action` would do for `seat`, as a short note for a move
    /// list ("12 pts", "-1.5 energy"): the game's preview in its own
    /// units; `None` when the move neither scores nor costs, or is not
    /// legal for `seat` now.
    fn move_note(&self, seat: Seat, action: &Value) -> Option<String>;
    /// The move `action` of the seat to act in words, for move lists
    /// where the notation is terse (Moon Base names the rings a stack
    /// rests on, Market Island the card a choice keeps), from the seat's
    /// observation before it ([`game_core::Narrate::describe`]); `None`
    /// when it is not legal now.
    fn move_words(&self, action: &Value) -> Option<String>;
    /// The bot that gives hints in this game, and why its move is good.
    fn hint_bot(&self) -> HintBot;
    /// Goes back to the position after `step` steps.
    ///
    /// # Errors
    /// A step beyond the log ([`RegistryError::NoSuchStep`]).
    fn undo_to(&mut self, step: usize) -> Result<(), RegistryError>;
    /// Turns automatic chance resolution on or off (off to step through a
    /// replay one chance event at a time).
    fn set_auto_chance(&mut self, on: bool);
    /// The size of the learning view's action index space (fixed per config).
    fn num_distinct_actions(&self) -> u64;
    /// The shape of the observation tensor (fixed per config).
    fn observation_shape(&self) -> Vec<usize>;
    /// The indices of the legal actions, in the order of [`AnySession::legal_actions`].
    fn legal_action_indices(&self) -> Vec<u64>;
    /// As [`AnySession::legal_action_indices`], into `out` (cleared
    /// first), allocating nothing once warm: the hot call of a Python loop.
    fn legal_action_indices_into(&self, out: &mut Vec<u64>);
    /// Plays the legal action with learning index `index` for the seat to act.
    ///
    /// # Errors
    /// No seat to act, or no legal action with that index; nothing changes.
    fn act_index(&mut self, index: u64) -> Result<(), RegistryError>;
    /// Writes `viewer`'s observation tensor into `out` (cleared first).
    fn observation_tensor(&self, viewer: Viewer, out: &mut Vec<f32>);
    /// The outcomes of the pending chance event with their weights, as JSON.
    fn chance_outcomes(&self) -> Vec<(Value, u32)>;
    /// Resolves the pending chance event with `outcome` (JSON).
    ///
    /// # Errors
    /// Bad JSON, no chance pending, or an outcome that cannot happen.
    fn apply_chance(&mut self, outcome: &Value) -> Result<(), RegistryError>;
    /// Plays uniformly random legal actions (and chance by weight when it
    /// is not automatic) from `seed` to the end, at most
    /// [`AnySession::max_steps`] steps; returns the steps played.
    fn random_playout(&mut self, seed: u64) -> usize;
    /// The most steps a game of these rules can take (`Game::max_steps`):
    /// the bound of a playout loop.
    fn max_steps(&self) -> usize;
    /// A copy of this session without its bots, e.g. to look at an earlier step.
    fn clone_box(&self) -> Box<dyn AnySession>;
    /// A new game under the same rules object (config and rules version)
    /// from `seed`: what [`AnyGame::open`] gives for the same config, with
    /// no bots and chance automatic, without reading and checking the
    /// config again (a reset of a learning loop costs a copy, not a build).
    fn restart(&self, seed: u64) -> Box<dyn AnySession>;
    /// The seed the chance events still to come are drawn from.
    fn seed(&self) -> u64;
    /// Draws the chance events still to come from `seed` (`Session::reseed`):
    /// a copy for search then does not share its original's future luck.
    fn reseed(&mut self, seed: u64);
    /// A session at a state `seat` cannot tell from this one, its hidden
    /// parts redrawn from `rng_seed` (`Session::determinized`), with no
    /// steps and no bots: for search on imperfect information.
    fn determinized(&self, seat: Seat, rng_seed: u64) -> Box<dyn AnySession>;
}
