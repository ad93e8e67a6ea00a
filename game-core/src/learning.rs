//! The learning view of a game: actions as numbers and observations as a
//! fixed-size tensor, the form reinforcement-learning agents consume.
//!
//! Agents (OpenSpiel's, PettingZoo's) pick an integer from a fixed range
//! and read a flat array of `f32`. [`Learning`] gives every game both,
//! fixed per config: a network built for one config keeps its input and
//! output sizes for every position of that config. The tensor is written
//! from the observation ([`Game::Obs`]) alone, so it can never show a
//! viewer more than [`Game::observe`] does.

use crate::{Game, Seat};

/// A fixed action index space and an observation tensor per viewer.
///
/// # Contract (checked by `testkit::learning_conformance`)
///
/// - every legal action has an index below [`Learning::num_distinct_actions`],
///   the indices of one position's legal actions are unique, and
///   [`Learning::index_to_action`] turns each back into its action;
/// - [`Learning::encode_observation`] writes exactly
///   [`Learning::observation_len`] numbers, all finite, for every
///   observation of the config;
/// - two states a viewer cannot tell apart give that viewer the same tensor
///   (it holds by construction: the tensor is a function of the observation).
pub trait Learning: Game {
    /// How many action indices this config uses: every index is below it.
    fn num_distinct_actions(&self) -> u64;

    /// The index of `a` played in `s`; `None` for an action outside the
    /// space (log-only forms that are never legal).
    ///
    /// The index names the same move in every position where it is legal;
    /// `s` is there for games whose actions carry coordinates that the
    /// index names more compactly (which of two stacking points).
    fn action_to_index(&self, s: &Self::State, a: &Self::Action) -> Option<u64>;

    /// Fills `out` (cleared first) with the indices of `legal`, a list of
    /// legal actions in `s`, in order, skipping any without one: exactly
    /// what [`Learning::action_to_index`] gives each. Games whose index
    /// reads the legal list (Moon Base's second-support rank) override it
    /// to read that list once, not once per action; the binding's
    /// `legal_actions()` calls it every ply.
    fn legal_indices(&self, s: &Self::State, legal: &[Self::Action], out: &mut Vec<u64>) {
        out.clear();
        out.extend(legal.iter().filter_map(|a| self.action_to_index(s, a)));
    }

    /// The legal action of `seat` in `s` whose index is `index`, or `None`.
    ///
    /// The default searches the legal actions; games whose index decodes
    /// without the position override it with a direct decoding.
    fn index_to_action(&self, s: &Self::State, seat: Seat, index: u64) -> Option<Self::Action> {
        let mut legal = Vec::new();
        self.legal_actions(s, seat, &mut legal);
        legal
            .into_iter()
            .find(|a| self.action_to_index(s, a) == Some(index))
    }

    /// The tensor's shape, fixed per config (row-major).
    fn observation_shape(&self) -> Vec<usize>;

    /// How many numbers the tensor holds: the product of the shape.
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Writes the tensor of `obs` into `out` (cleared first), row-major.
    ///
    /// Written from the observation only, so it shows what the viewer may
    /// see and nothing more; the layout of each game is documented in its
    /// `RULES.md`.
    fn encode_observation(&self, obs: &Self::Obs, out: &mut Vec<f32>);
}

/// Pushes a one-hot block of `n` numbers with a 1 at `i` (all zero when
/// `i` is `None` or not below `n`).
pub fn push_one_hot(out: &mut Vec<f32>, i: Option<usize>, n: usize) {
    out.extend((0..n).map(|k| if Some(k) == i { 1.0 } else { 0.0 }));
}

/// Pushes the low `n` bits of `value`, least significant first, as 0/1.
pub fn push_bits(out: &mut Vec<f32>, value: u64, n: usize) {
    out.extend((0..n).map(|k| {
        if k < 64 && value >> k & 1 == 1 {
            1.0
        } else {
            0.0
        }
    }));
}

/// Pushes 1 for true, 0 for false.
pub fn push_flag(out: &mut Vec<f32>, flag: bool) {
    out.push(if flag { 1.0 } else { 0.0 });
}

/// Pushes `value / scale` (0 when `scale` is 0), keeping inputs near 0..1.
// Scales are small config numbers; f32 holds them exactly enough for a
// network input.
#[allow(clippy::cast_precision_loss)]
pub fn push_scaled(out: &mut Vec<f32>, value: i64, scale: i64) {
    out.push(if scale == 0 {
        0.0
    } else {
        value as f32 / scale as f32
    });
}
