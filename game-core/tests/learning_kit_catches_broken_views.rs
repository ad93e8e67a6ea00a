//! The learning checks must fail on broken learning views: each fault of
//! a Pig whose view is broken on purpose is caught by the check meant for it.

use game_core::demo::{Die, Pig, PigAction, PigConfig, PigError, PigState};
use game_core::testkit::check_learning;
use game_core::{Determinize, Game, GameRng, Learning, Outcome, Seat, ToAct, Viewer};

const SHARED_INDEX: u8 = 0;
const NO_ROUND_TRIP: u8 = 1;
const OUT_OF_RANGE: u8 = 2;
const SHAPE_DRIFTS: u8 = 3;
const SOUND: u8 = 4;

/// Pig with a learning view broken in way `F`; the rules are Pig's.
#[derive(Clone, Debug)]
struct BadView<const F: u8>(Pig);

impl<const F: u8> Game for BadView<F> {
    const NAME: &'static str = "bad-view-pig";
    const RULES_VERSION: u32 = 1;
    type Config = PigConfig;
    type State = PigState;
    type Action = PigAction;
    type Chance = Die;
    type Obs = PigState;
    type Error = PigError;

    fn new(config: PigConfig) -> Result<Self, PigError> {
        Pig::new(config).map(BadView)
    }
    fn config(&self) -> &PigConfig {
        self.0.config()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn initial_state(&self) -> PigState {
        self.0.initial_state()
    }
    fn to_act(&self, s: &PigState) -> ToAct {
        self.0.to_act(s)
    }
    fn legal_actions(&self, s: &PigState, seat: Seat, out: &mut Vec<PigAction>) {
        self.0.legal_actions(s, seat, out);
    }
    fn check(&self, s: &PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.0.check(s, seat, a)
    }
    fn apply(&self, s: &mut PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.0.apply(s, seat, a)
    }
    fn chance_outcomes(&self, s: &PigState, out: &mut Vec<(Die, u32)>) {
        self.0.chance_outcomes(s, out);
    }
    fn apply_chance(&self, s: &mut PigState, c: &Die) -> Result<(), PigError> {
        self.0.apply_chance(s, c)
    }
    fn observe(&self, s: &PigState, v: Viewer) -> PigState {
        self.0.observe(s, v)
    }
    fn outcome(&self, s: &PigState) -> Option<Outcome> {
        self.0.outcome(s)
    }
    fn max_steps(&self) -> usize {
        self.0.max_steps()
    }
    fn check_state(&self, s: &PigState) -> Result<(), PigError> {
        self.0.check_state(s)
    }
}

impl<const F: u8> Determinize for BadView<F> {
    fn determinize(&self, s: &PigState, seat: Seat, rng: &mut GameRng) -> PigState {
        self.0.determinize(s, seat, rng)
    }
}

impl<const F: u8> Learning for BadView<F> {
    fn num_distinct_actions(&self) -> u64 {
        if F == OUT_OF_RANGE { 1 } else { 2 }
    }
    fn action_to_index(&self, s: &PigState, a: &PigAction) -> Option<u64> {
        match (F, a) {
            (SHARED_INDEX, PigAction::Hold) => Some(0),
            _ => self.0.action_to_index(s, a),
        }
    }
    fn index_to_action(&self, s: &PigState, seat: Seat, index: u64) -> Option<PigAction> {
        if F == NO_ROUND_TRIP {
            return Some(PigAction::Roll);
        }
        self.0.index_to_action(s, seat, index)
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.0.observation_shape()
    }
    fn encode_observation(&self, obs: &PigState, out: &mut Vec<f32>) {
        self.0.encode_observation(obs, out);
        if F == SHAPE_DRIFTS && obs.turn_total > 0 {
            out.push(1.0);
        }
    }
}

fn failed_check<const F: u8>() -> Option<&'static str> {
    check_learning::<BadView<F>>(&[PigConfig::default()], 32)
        .err()
        .map(|f| f.check)
}

#[test]
fn two_actions_sharing_an_index_are_caught() {
    assert_eq!(
        failed_check::<SHARED_INDEX>(),
        Some("action indices unique")
    );
}

#[test]
fn an_index_that_decodes_to_another_action_is_caught() {
    assert_eq!(
        failed_check::<NO_ROUND_TRIP>(),
        Some("action index round trip")
    );
}

#[test]
fn an_index_outside_the_space_is_caught() {
    assert_eq!(
        failed_check::<OUT_OF_RANGE>(),
        Some("action index in range")
    );
}

#[test]
fn a_tensor_whose_length_drifts_is_caught() {
    assert_eq!(
        failed_check::<SHAPE_DRIFTS>(),
        Some("observation tensor has the config's shape")
    );
}

#[test]
fn the_sound_view_passes() {
    assert_eq!(failed_check::<SOUND>(), None);
}
