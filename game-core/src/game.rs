//! The contract every rules engine implements.

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Error, GameRng, Outcome, RuleError, Seat, ToAct, Viewer};

/// A rules engine: an immutable rules object built from a validated config,
/// operating on plain, cloneable states.
///
/// The rules object (`self`) holds tables that never change during a game
/// (costs, board layout, tile set); the state holds everything that does.
/// Chance is explicit: when [`Game::to_act`] is [`ToAct::Chance`], the
/// possible outcomes and their integer weights come from
/// [`Game::chance_outcomes`], and the caller picks one (usually a
/// [`crate::Session`] from its seeded stream).
///
/// # Contract (checked by the conformance kit)
///
/// - `legal_actions` is sorted ascending by `Ord`, without duplicates, and
///   empty unless `seat` is to act; a seat to act always has at least one.
/// - `check(a)` is `Ok` exactly for the actions in `legal_actions`.
/// - `apply` and `apply_chance` are atomic: on `Err` the state is unchanged.
/// - The shared [`Error`]s come first, in declaration order (see
///   [`ToAct::check_seat`]).
/// - `chance_outcomes` is sorted, without duplicates, every weight positive,
///   non-empty exactly when chance is to act.
/// - `observe` shows only what the viewer may know.
/// - `outcome` is `Some` exactly when the game is over.
/// - Every game ends within `max_steps` steps (actions plus chance events).
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The game's name in replays and the registry (`"moon"`, `"binary-scrabble"`).
    const NAME: &'static str;
    /// Bumped whenever a rule change could make an old replay play differently.
    const RULES_VERSION: u32;
    /// The oldest rules version whose replays this engine still plays as
    /// recorded (see [`Game::with_rules_version`]).
    const OLDEST_RULES_VERSION: u32 = Self::RULES_VERSION;

    /// Everything a table chooses before play; validated by [`Game::new`].
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The full position, hidden information included.
    type State: Clone + Debug + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// A seat's move.
    type Action: Clone + Debug + Ord + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// The result of a chance event (a die face, a drawn card).
    type Chance: Clone + Debug + Ord + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see of a state.
    type Obs: Clone + Debug + Eq + Serialize + Send + Sync;
    /// The game's error; wraps the shared [`Error`] and names its rule
    /// and its shared error through [`RuleError`].
    type Error: std::error::Error
        + RuleError
        + Clone
        + PartialEq
        + Send
        + Sync
        + From<Error>
        + 'static;

    /// Builds the rules object.
    ///
    /// # Errors
    /// A config that breaks a rule, as [`Error::Config`] (wrapped).
    fn new(config: Self::Config) -> Result<Self, Self::Error>;

    /// Builds the rules object a game recorded under rules `version`
    /// (from [`Game::OLDEST_RULES_VERSION`] to [`Game::RULES_VERSION`])
    /// played by, so an old replay plays as it was recorded. The default
    /// serves games whose versions differ only in config defaults (a replay
    /// stores its whole config): it is [`Game::new`].
    ///
    /// # Errors
    /// As [`Game::new`].
    fn with_rules_version(config: Self::Config, version: u32) -> Result<Self, Self::Error> {
        let _ = version;
        Self::new(config)
    }

    /// The rules version this rules object plays: [`Game::RULES_VERSION`]
    /// unless it was built for an older replay.
    fn rules_version(&self) -> u32 {
        Self::RULES_VERSION
    }

    /// The validated config this rules object was built from.
    fn config(&self) -> &Self::Config;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// The state before the first step (often a chance node: shuffles, deals).
    fn initial_state(&self) -> Self::State;

    /// Who moves next.
    fn to_act(&self, s: &Self::State) -> ToAct;

    /// Fills `out` (cleared first) with the legal actions of `seat`, sorted
    /// ascending, without duplicates; empty unless `seat` is to act.
    fn legal_actions(&self, s: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// How many legal actions `seat` has: `legal_actions(..).len()`, which
    /// the default lists. A game whose lists run to millions (a Binary
    /// Scrabble rack with blanks) counts without building them; the
    /// conformance kit checks the two agree.
    fn legal_count(&self, s: &Self::State, seat: Seat) -> usize {
        let mut out = Vec::new();
        self.legal_actions(s, seat, &mut out);
        out.len()
    }

    /// Why `seat` may not play `a` now, or `Ok` if it may.
    ///
    /// # Errors
    /// The first rule the action breaks, shared checks first.
    fn check(&self, s: &Self::State, seat: Seat, a: &Self::Action) -> Result<(), Self::Error>;

    /// Plays `a` for `seat`. Atomic: on `Err` the state is unchanged.
    ///
    /// # Errors
    /// As [`Game::check`].
    fn apply(&self, s: &mut Self::State, seat: Seat, a: &Self::Action) -> Result<(), Self::Error>;

    /// Fills `out` (cleared first) with the outcomes of the pending chance
    /// event and their weights: sorted, unique, all weights positive; empty
    /// unless chance is to act.
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Chance, u32)>);

    /// Resolves the pending chance event with `c`. Atomic.
    ///
    /// # Errors
    /// [`Error::GameOver`], [`Error::NotChance`], or [`Error::BadChance`] for
    /// an outcome the event cannot produce.
    fn apply_chance(&self, s: &mut Self::State, c: &Self::Chance) -> Result<(), Self::Error>;

    /// What `v` may see: never unseen cards, deck order, or other seats' secrets.
    fn observe(&self, s: &Self::State, v: Viewer) -> Self::Obs;

    /// `Some` exactly when the game is over.
    fn outcome(&self, s: &Self::State) -> Option<Outcome>;

    /// An upper bound on the steps (actions and chance events) of any game.
    fn max_steps(&self) -> usize;

    /// Checks that a state (usually deserialized) is possible under this
    /// config, so no file can smuggle in an impossible position.
    ///
    /// # Errors
    /// [`Error::BadState`] (wrapped) naming the part that is wrong.
    fn check_state(&self, s: &Self::State) -> Result<(), Self::Error>;

    /// The action `seat` played in `s` (the state before it) as `v` sees it
    /// in a log: `Some(a)` for a public action, `None` when `v` sees only
    /// that `seat` acted, or a masked action that keeps only what `v` may
    /// know (an exchange of three tiles, not which three). Two actions with
    /// the same public form must leave `v`'s observation the same; the
    /// conformance kit checks it. Default: every action is public.
    fn public_action(
        &self,
        s: &Self::State,
        seat: Seat,
        a: &Self::Action,
        v: Viewer,
    ) -> Option<Self::Action> {
        let _ = (s, seat, v);
        Some(a.clone())
    }

    /// Outcome `c` of the chance event pending in `s` as `v` sees it in a
    /// log: `Some(c)` when public, `None` when hidden (a card drawn into
    /// another seat's hand), or a masked outcome that keeps only what `v`
    /// learns (a card known to be an Axe, not which one). Like
    /// [`Game::public_action`], two outcomes with the same public form must
    /// leave `v`'s observation the same, and two outcomes that `v`'s
    /// observation cannot tell apart must have the same public form; the
    /// conformance kit checks both. Default: every outcome is public.
    fn public_chance(&self, s: &Self::State, c: &Self::Chance, v: Viewer) -> Option<Self::Chance> {
        let _ = (s, v);
        Some(c.clone())
    }

    /// A uniformly random legal action of `seat`, or `None` when it has
    /// none: exactly the action that listing [`Game::legal_actions`] into
    /// `scratch` and drawing `rng.below(len)` picks, with the same use of
    /// `rng`, so seeded playouts stay the same game for game. Games
    /// override it to pick without building the whole list (count, then
    /// take the i-th); random playouts call it every ply.
    fn random_action(
        &self,
        s: &Self::State,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        crate::bot::listed_random_action(self, s, seat, rng, scratch)
    }

    /// An outcome of the pending chance event drawn by weight, or `None`
    /// when chance is not to act: exactly the outcome that listing
    /// [`Game::chance_outcomes`] into `scratch` and `rng.pick` draw, with
    /// the same use of `rng`. Games override it to draw without the list.
    fn random_chance(
        &self,
        s: &Self::State,
        rng: &mut GameRng,
        scratch: &mut Vec<(Self::Chance, u32)>,
    ) -> Option<Self::Chance> {
        self.chance_outcomes(s, scratch);
        rng.pick(scratch).cloned()
    }

    /// Resolves the pending chance event with `c`, an outcome
    /// [`Game::chance_outcomes`] lists, without checking it: the fast path
    /// of playouts. The default still checks in release builds.
    fn apply_chance_unchecked(&self, s: &mut Self::State, c: &Self::Chance) {
        let result = self.apply_chance(s, c);
        debug_assert!(
            result.is_ok(),
            "apply_chance_unchecked on an unlisted outcome: {result:?}"
        );
    }

    /// Plays `a` without the legality check: the fast path for bots and
    /// playouts that took `a` from `legal_actions`. Games may override it
    /// with a cheaper path; the default still checks in release builds.
    fn apply_unchecked(&self, s: &mut Self::State, seat: Seat, a: &Self::Action) {
        let result = self.apply(s, seat, a);
        debug_assert!(
            result.is_ok(),
            "apply_unchecked on an illegal action: {result:?}"
        );
    }
}

/// Resampling of hidden information, for search on imperfect information.
///
/// A bot that must not see the true state searches on states drawn from
/// `determinize`: the same as `s` in everything `seat` can observe, with
/// everything hidden from `seat` (others' cards, deck order) redrawn. A
/// perfect-information game returns `s.clone()`.
pub trait Determinize: Game {
    /// A state `seat` cannot tell from `s`, hidden parts drawn from `rng`.
    ///
    /// Must give `observe(result, seat) == observe(s, seat)`, the same
    /// `to_act`, and the same legal actions for every seat. The result
    /// should depend only on `observe(s, seat)` and `rng` (e.g. sort a pool
    /// of hidden cards before shuffling it), so a search bot's move cannot
    /// depend on what its seat does not see.
    fn determinize(&self, s: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;
}

/// Text for terminals and logs: how a game shows its observations and moves.
///
/// The default renders use `Debug`; games override them with a readable
/// board. `parse_action` lets a human type a move: by default it matches
/// the rendered text of a legal action, ignoring case and spaces.
pub trait Render: Game {
    /// A multi-line picture of what the viewer sees.
    fn render_obs(&self, obs: &Self::Obs) -> String {
        format!("{obs:#?}")
    }

    /// A one-line name of an action.
    fn render_action(&self, a: &Self::Action) -> String {
        format!("{a:?}")
    }

    /// A one-line name of a chance outcome.
    fn render_chance(&self, c: &Self::Chance) -> String {
        format!("{c:?}")
    }

    /// The legal action whose rendered text is `text` (case and spaces ignored).
    fn parse_action(&self, text: &str, legal: &[Self::Action]) -> Option<Self::Action> {
        let want = normalize(text);
        legal
            .iter()
            .find(|a| normalize(&self.render_action(a)) == want)
            .cloned()
    }
}

fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}
