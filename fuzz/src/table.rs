//! Start positions for the game walks, played once per fuzzing process.
//!
//! A walk that always began at the first move would spend most of its bytes
//! and time reaching the middle of a game. The table plays a few seeded
//! random games per listed config when the target starts; an input then
//! picks a config, a game and a step to start from, and finds there the
//! steps that led to it (for replay and undo) and the legal actions of the
//! seat to act, computed once per position (Binary Scrabble lists thousands
//! of plays in milliseconds).

use std::sync::OnceLock;

use game_core::{Game, GameRng, Step, ToAct};

/// Seeded random games played per listed config.
const GAMES_PER_CONFIG: u64 = 3;

/// The steps of a game.
pub(crate) type Steps<G> = Vec<Step<<G as Game>::Action, <G as Game>::Chance>>;

/// One seeded random game, every state kept.
pub(crate) struct Played<G: Game> {
    /// Its steps.
    pub(crate) steps: Steps<G>,
    /// `states[k]` is the state after `k` steps (one more than the steps).
    pub(crate) states: Vec<G::State>,
    /// The legal actions of the seat to act in `states[k]`, once asked for.
    lists: Vec<OnceLock<Vec<G::Action>>>,
}

impl<G: Game> Played<G> {
    /// The legal actions in `states[k]` (empty unless a seat is to act).
    pub(crate) fn legal(&self, game: &G, k: usize) -> &[G::Action] {
        self.lists[k].get_or_init(|| {
            let mut out = Vec::new();
            if let ToAct::Seat(seat) = game.to_act(&self.states[k]) {
                game.legal_actions(&self.states[k], seat, &mut out);
            }
            out
        })
    }
}

/// A listed config: its game and the games played on it.
pub(crate) struct Listed<G: Game> {
    /// The rules object, built once.
    pub(crate) game: G,
    /// The seeded games.
    pub(crate) played: Vec<Played<G>>,
}

/// Everything a game target needs before its first input.
pub struct Table<G: Game> {
    pub(crate) listed: Vec<Listed<G>>,
    pub(crate) limits: Limits,
}

/// How much a walk checks per input, for games where a check is slow next
/// to a step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Legal-action lists a walk may compute beyond the table's.
    pub(crate) fresh_lists: usize,
    /// A walk runs `check_state` on every this-many-th state it reaches
    /// (and its last).
    pub(crate) check_state_every: usize,
    /// Whether a walk runs the ops through JSON (state round trip, replay).
    pub(crate) json: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            fresh_lists: usize::MAX,
            check_state_every: 1,
            json: true,
        }
    }
}

impl<G: Game> Table<G> {
    /// Builds the games of `configs` and plays the seeded games on them.
    /// Walks compute the legal actions of every state they reach and run
    /// `check_state` on it, unless told otherwise.
    ///
    /// # Panics
    /// When a listed config is refused or a seeded game breaks a rule of
    /// the contract on the way (both are findings).
    #[must_use]
    pub fn new(configs: Vec<G::Config>) -> Self {
        let listed = configs
            .into_iter()
            .map(|config| {
                let game = G::new(config).unwrap_or_else(|e| panic!("a listed config: {e}"));
                let played = (0..GAMES_PER_CONFIG)
                    .map(|seed| play(&game, seed))
                    .collect();
                Listed { game, played }
            })
            .collect();
        Table {
            listed,
            limits: Limits::default(),
        }
    }

    /// At most `n` legal-action lists per input beyond the table's: past
    /// them a walk steps with actions that `check` accepts, for games whose
    /// lists are slow to generate.
    #[must_use]
    pub fn fresh_lists(mut self, n: usize) -> Self {
        self.limits.fresh_lists = n;
        self
    }

    /// `check_state` on every `n`-th state a walk reaches (and its last),
    /// for games whose check is slow next to a step.
    #[must_use]
    pub fn check_state_every(mut self, n: usize) -> Self {
        self.limits.check_state_every = n.max(1);
        self
    }
}

/// A random game: seats pick uniformly, chance by its weights.
fn play<G: Game>(game: &G, seed: u64) -> Played<G> {
    let mut rng = GameRng::new(seed);
    let mut state = game.initial_state();
    let mut steps = Vec::new();
    let mut states = vec![state.clone()];
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    while steps.len() < game.max_steps() {
        if let Err(e) = game.check_state(&state) {
            panic!("check_state refuses a reachable state: {e}\n{state:?}");
        }
        let step = match game.to_act(&state) {
            ToAct::Over => break,
            ToAct::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                let c = rng
                    .pick(&outcomes)
                    .expect("a chance node has outcomes")
                    .clone();
                game.apply_chance(&mut state, &c)
                    .unwrap_or_else(|e| panic!("a listed outcome {c:?} refused: {e}"));
                Step::Chance(c)
            }
            ToAct::Seat(seat) => {
                game.legal_actions(&state, seat, &mut legal);
                assert!(!legal.is_empty(), "{seat} is to act with no legal action");
                let a = legal[rng.below(legal.len() as u32) as usize].clone();
                game.apply(&mut state, seat, &a)
                    .unwrap_or_else(|e| panic!("a legal action {a:?} refused: {e}"));
                Step::Action { seat, action: a }
            }
        };
        steps.push(step);
        states.push(state.clone());
    }
    let lists = states.iter().map(|_| OnceLock::new()).collect();
    Played {
        steps,
        states,
        lists,
    }
}
