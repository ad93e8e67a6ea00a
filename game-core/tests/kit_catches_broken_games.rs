//! A kit that cannot fail is worthless: each deliberately broken variant of
//! a demo game must be caught, by the check meant for it.

use game_core::demo::{
    Die, HighCard, HighCardAction, HighCardConfig, HighCardObs, HighCardState, Pig, PigAction,
    PigConfig, PigError, PigState,
};
use game_core::testkit::{check_conformance, check_determinize};
use game_core::{Determinize, Game, GameRng, Outcome, Seat, ToAct, Viewer};

/// The ways a broken Pig can be broken.
const UNSORTED: u8 = 0;
const MUTATES_ON_ERROR: u8 = 1;
const NEVER_ENDS: u8 = 2;
const ZERO_WEIGHT: u8 = 3;

/// Pig with one fault `F`, delegating everything else.
#[derive(Clone, Debug)]
struct BrokenPig<const F: u8>(Pig);

impl<const F: u8> Game for BrokenPig<F> {
    const NAME: &'static str = "broken-pig";
    const RULES_VERSION: u32 = 1;
    type Config = PigConfig;
    type State = PigState;
    type Action = PigAction;
    type Chance = Die;
    type Obs = PigState;
    type Error = PigError;

    fn new(config: PigConfig) -> Result<Self, PigError> {
        Pig::new(config).map(BrokenPig)
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
        if F == UNSORTED {
            out.reverse();
        }
    }
    fn check(&self, s: &PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.0.check(s, seat, a)
    }
    fn apply(&self, s: &mut PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        if F == MUTATES_ON_ERROR {
            // Bumps the turn counter before finding out the action is illegal.
            s.turns += 1;
            let result = self.0.check(s, seat, a);
            s.turns -= 1;
            if result.is_err() {
                s.turn_total += 1;
                return result;
            }
        }
        if F == NEVER_ENDS {
            self.0.check(s, seat, a)?;
            match a {
                PigAction::Roll => s.rolling = true,
                PigAction::Hold => {
                    s.turn_total = 0;
                    s.current = s.current.next(self.seats());
                }
            }
            return Ok(());
        }
        self.0.apply(s, seat, a)
    }
    fn chance_outcomes(&self, s: &PigState, out: &mut Vec<(Die, u32)>) {
        self.0.chance_outcomes(s, out);
        if F == ZERO_WEIGHT && !out.is_empty() {
            out.insert(0, (Die(0), 0));
        }
    }
    fn apply_chance(&self, s: &mut PigState, c: &Die) -> Result<(), PigError> {
        if F == NEVER_ENDS {
            self.to_act(s).check_chance()?;
            s.rolling = false;
            // Rolls only ever add a point: nobody reaches the target in time.
            s.turn_total = 1;
            let _ = c;
            return Ok(());
        }
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

/// High card whose observation shows the other seat's card.
#[derive(Clone, Debug)]
struct LeakyHighCard(HighCard);

/// High card whose determinization also redeals the seat's own card.
#[derive(Clone, Debug)]
struct ForgetfulHighCard(HighCard);

macro_rules! delegate_high_card {
    ($ty:ident, $name:literal, observe = $observe:expr, public_chance = $public:expr) => {
        impl Game for $ty {
            const NAME: &'static str = $name;
            const RULES_VERSION: u32 = 1;
            type Config = HighCardConfig;
            type State = HighCardState;
            type Action = HighCardAction;
            type Chance = u8;
            type Obs = HighCardObs;
            type Error = game_core::demo::HighCardError;

            fn new(config: HighCardConfig) -> Result<Self, Self::Error> {
                HighCard::new(config).map($ty)
            }
            fn config(&self) -> &HighCardConfig {
                self.0.config()
            }
            fn seats(&self) -> usize {
                2
            }
            fn initial_state(&self) -> HighCardState {
                self.0.initial_state()
            }
            fn to_act(&self, s: &HighCardState) -> ToAct {
                self.0.to_act(s)
            }
            fn legal_actions(&self, s: &HighCardState, seat: Seat, out: &mut Vec<HighCardAction>) {
                self.0.legal_actions(s, seat, out)
            }
            fn check(
                &self,
                s: &HighCardState,
                seat: Seat,
                a: &HighCardAction,
            ) -> Result<(), Self::Error> {
                self.0.check(s, seat, a)
            }
            fn apply(
                &self,
                s: &mut HighCardState,
                seat: Seat,
                a: &HighCardAction,
            ) -> Result<(), Self::Error> {
                self.0.apply(s, seat, a)
            }
            fn chance_outcomes(&self, s: &HighCardState, out: &mut Vec<(u8, u32)>) {
                self.0.chance_outcomes(s, out)
            }
            fn apply_chance(&self, s: &mut HighCardState, c: &u8) -> Result<(), Self::Error> {
                self.0.apply_chance(s, c)
            }
            fn observe(&self, s: &HighCardState, v: Viewer) -> HighCardObs {
                let observe: fn(&HighCard, &HighCardState, Viewer) -> HighCardObs = $observe;
                observe(&self.0, s, v)
            }
            fn outcome(&self, s: &HighCardState) -> Option<Outcome> {
                self.0.outcome(s)
            }
            fn max_steps(&self) -> usize {
                self.0.max_steps()
            }
            fn check_state(&self, s: &HighCardState) -> Result<(), Self::Error> {
                self.0.check_state(s)
            }
            fn public_chance(&self, s: &HighCardState, c: &u8, v: Viewer) -> Option<u8> {
                let public: fn(&HighCard, &HighCardState, &u8, Viewer) -> Option<u8> = $public;
                public(&self.0, s, c, v)
            }
        }
    };
}

delegate_high_card!(
    LeakyHighCard,
    "leaky-high-card",
    observe = |g, s, v| {
        let mut obs = g.observe(s, v);
        if let [Some(a), Some(b)] = s.hands {
            obs.shown = Some([a, b]);
        }
        obs
    },
    public_chance = |g, s, c, v| g.public_chance(s, c, v)
);

delegate_high_card!(
    ForgetfulHighCard,
    "forgetful-high-card",
    observe = |g, s, v| g.observe(s, v),
    public_chance = |g, s, c, v| g.public_chance(s, c, v)
);

/// High card whose log shows every deal to everyone, while the observation
/// rightly hides the other seat's card.
#[derive(Clone, Debug)]
struct TellingHighCard(HighCard);

delegate_high_card!(
    TellingHighCard,
    "telling-high-card",
    observe = |g, s, v| g.observe(s, v),
    public_chance = |_, _, c, _| Some(*c)
);

impl Determinize for ForgetfulHighCard {
    fn determinize(&self, s: &HighCardState, _seat: Seat, rng: &mut GameRng) -> HighCardState {
        // Swaps the two hands: a valid deal, but the seat's own card changes.
        let mut out = s.clone();
        let _ = rng;
        if out.hands.iter().all(Option::is_some) {
            out.hands.swap(0, 1);
        }
        out
    }
}

fn failed_check<G: Game>(configs: &[G::Config]) -> &'static str {
    match check_conformance::<G>(configs, 64) {
        Ok(()) => "(nothing caught)",
        Err(f) => {
            // The report must let a developer replay the case.
            let text = f.to_string();
            assert!(text.contains("seed:"), "{text}");
            assert!(text.contains("after steps: ["), "{text}");
            f.check
        }
    }
}

#[test]
fn catches_an_unsorted_legal_list() {
    assert_eq!(
        failed_check::<BrokenPig<UNSORTED>>(&[PigConfig::default()]),
        "legal actions sorted and unique"
    );
}

#[test]
fn catches_apply_that_mutates_on_error() {
    assert_eq!(
        failed_check::<BrokenPig<MUTATES_ON_ERROR>>(&[PigConfig::default()]),
        "refused action changes nothing"
    );
}

#[test]
fn catches_play_that_never_ends() {
    assert_eq!(
        failed_check::<BrokenPig<NEVER_ENDS>>(&[PigConfig {
            max_turns: 5,
            ..PigConfig::default()
        }]),
        "ends within max_steps"
    );
}

#[test]
fn catches_a_chance_outcome_with_zero_weight() {
    assert_eq!(
        failed_check::<BrokenPig<ZERO_WEIGHT>>(&[PigConfig::default()]),
        "chance weights positive"
    );
}

#[test]
fn catches_an_observation_that_leaks_a_hidden_card() {
    assert_eq!(
        failed_check::<LeakyHighCard>(&[HighCardConfig::default()]),
        "observation leak"
    );
}

#[test]
fn catches_a_log_that_shows_a_card_the_observation_hides() {
    assert_eq!(
        failed_check::<TellingHighCard>(&[HighCardConfig::default()]),
        "log leak"
    );
}

#[test]
fn catches_a_determinization_that_changes_what_the_seat_knows() {
    let result = check_determinize::<ForgetfulHighCard>(&[HighCardConfig::default()], 64);
    assert_eq!(
        result.map_err(|f| f.check),
        Err("determinize keeps the observation")
    );
}

#[test]
fn the_sound_games_pass_the_same_checks() {
    assert!(check_conformance::<Pig>(&[PigConfig::default()], 16).is_ok());
    assert!(check_conformance::<HighCard>(&[HighCardConfig::default()], 16).is_ok());
}
