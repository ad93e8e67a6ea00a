//! The walk catches broken games: a demo game with one flaw planted is
//! driven with generated inputs until the walk panics naming the flaw.
//! (The real games pass; this shows a pass means something.)

use std::panic::{AssertUnwindSafe, catch_unwind};

use game_core::demo::{HighCard, Pig};
use game_core::{Game, Outcome, Seat, ToAct, Viewer};
use tabletop_fuzz::Table;

/// The flaw planted in [`Flawed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flaw {
    /// A refused action still changes the state.
    RefusalChangesState,
    /// `check` accepts any action of the seat to act.
    CheckTooLax,
    /// Every viewer is shown what seat 0 sees.
    Leak,
    /// No flaw: the demo game as it is.
    None,
}

/// A demo game with `FLAW` planted (an index into [`Flaw`]).
#[derive(Clone, Debug)]
struct Flawed<G, const FLAW: u8>(G);

impl<G, const FLAW: u8> Flawed<G, FLAW> {
    fn flaw() -> Flaw {
        match FLAW {
            0 => Flaw::RefusalChangesState,
            1 => Flaw::CheckTooLax,
            2 => Flaw::Leak,
            _ => Flaw::None,
        }
    }
}

impl<G: Game, const FLAW: u8> Game for Flawed<G, FLAW> {
    const NAME: &'static str = G::NAME;
    const RULES_VERSION: u32 = G::RULES_VERSION;
    type Config = G::Config;
    type State = G::State;
    type Action = G::Action;
    type Chance = G::Chance;
    type Obs = G::Obs;
    type Error = G::Error;

    fn new(config: G::Config) -> Result<Self, Self::Error> {
        G::new(config).map(Flawed)
    }
    fn config(&self) -> &G::Config {
        self.0.config()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn initial_state(&self) -> Self::State {
        self.0.initial_state()
    }
    fn to_act(&self, s: &Self::State) -> ToAct {
        self.0.to_act(s)
    }
    fn legal_actions(&self, s: &Self::State, seat: Seat, out: &mut Vec<Self::Action>) {
        self.0.legal_actions(s, seat, out);
    }
    fn check(&self, s: &Self::State, seat: Seat, a: &Self::Action) -> Result<(), Self::Error> {
        if Self::flaw() == Flaw::CheckTooLax && self.0.to_act(s) == ToAct::Seat(seat) {
            return Ok(());
        }
        self.0.check(s, seat, a)
    }
    fn apply(&self, s: &mut Self::State, seat: Seat, a: &Self::Action) -> Result<(), Self::Error> {
        let result = self.0.apply(s, seat, a);
        if result.is_err() && Self::flaw() == Flaw::RefusalChangesState {
            *s = self.0.initial_state();
        }
        result
    }
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Chance, u32)>) {
        self.0.chance_outcomes(s, out);
    }
    fn apply_chance(&self, s: &mut Self::State, c: &Self::Chance) -> Result<(), Self::Error> {
        self.0.apply_chance(s, c)
    }
    fn observe(&self, s: &Self::State, v: Viewer) -> Self::Obs {
        if Self::flaw() == Flaw::Leak {
            return self.0.observe(s, Viewer::Seat(Seat(0)));
        }
        self.0.observe(s, v)
    }
    fn public_action(
        &self,
        s: &Self::State,
        seat: Seat,
        a: &Self::Action,
        v: Viewer,
    ) -> Option<Self::Action> {
        self.0.public_action(s, seat, a, v)
    }
    fn public_chance(&self, s: &Self::State, c: &Self::Chance, v: Viewer) -> Option<Self::Chance> {
        self.0.public_chance(s, c, v)
    }
    fn outcome(&self, s: &Self::State) -> Option<Outcome> {
        self.0.outcome(s)
    }
    fn max_steps(&self) -> usize {
        self.0.max_steps()
    }
    fn check_state(&self, s: &Self::State) -> Result<(), Self::Error> {
        self.0.check_state(s)
    }
}

/// The first panic message of the walk over up to 2000 generated inputs.
fn first_finding<G: Game>() -> Option<String> {
    let table = Table::<G>::new(vec![G::Config::default()]);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut found = None;
    for _ in 0..2000 {
        let data: Vec<u8> = (0..64).map(|_| next() as u8).collect();
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| tabletop_fuzz::drive(&table, &data)))
        {
            found = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()));
            break;
        }
    }
    std::panic::set_hook(hook);
    found
}

#[test]
fn a_refusal_that_changes_the_state_is_found() {
    let message = first_finding::<Flawed<Pig, 0>>().expect("the flaw is found");
    assert!(
        message.contains("refused action changed the state"),
        "{message}"
    );
}

#[test]
fn a_check_that_accepts_illegal_actions_is_found() {
    let message = first_finding::<Flawed<Pig, 1>>().expect("the flaw is found");
    assert!(
        message.contains("check disagrees with legal_actions"),
        "{message}"
    );
}

#[test]
fn an_observation_that_shows_a_hidden_card_is_found() {
    let message = first_finding::<Flawed<HighCard, 2>>().expect("the flaw is found");
    assert!(message.contains("observation leak"), "{message}");
}

#[test]
fn the_games_without_a_flaw_pass() {
    assert_eq!(first_finding::<Flawed<Pig, 3>>(), None);
    assert_eq!(first_finding::<Flawed<HighCard, 3>>(), None);
}
