//! The kit's scoped check must catch a game whose bot move tells a viewer
//! more than its observation: "hidden pick", where seat 0 picks a number in
//! secret and seat 1 guesses it. The sound game shows seat 1 only that a
//! pick was made; the leaky one logs the pick itself, which a scoped
//! `bot_move` reply would hand to seat 1.

use serde::{Deserialize, Serialize};

use game_core::notation::{NotationError, NotationReason};
use game_core::testkit::check_scoped;
use game_core::{
    Determinize, Error, Game, GameRng, Notation, Outcome, Preview, RuleError, Seat, ToAct, Viewer,
};

/// The numbers seat 0 may pick and seat 1 may guess: 0 to 2.
const NUMBERS: u8 = 3;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PickConfig {}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PickState {
    secret: Option<u8>,
    guess: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum PickAction {
    Pick(u8),
    Guess(u8),
}

/// What a viewer sees: the secret only as its picker, or once guessed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct PickObs {
    picked: bool,
    secret: Option<u8>,
    guess: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum PickError {
    #[error(transparent)]
    Core(#[from] Error),
    #[error("{0:?} is not a move now")]
    Illegal(PickAction),
}

impl RuleError for PickError {
    fn rule(&self) -> Option<&'static str> {
        match self {
            PickError::Core(e) => e.rule(),
            PickError::Illegal(_) => None,
        }
    }
    fn core(&self) -> Option<&Error> {
        match self {
            PickError::Core(e) => Some(e),
            PickError::Illegal(_) => None,
        }
    }
}

/// Hidden pick; `LEAKY` logs the secret pick to every viewer.
#[derive(Clone, Debug)]
struct HiddenPick<const LEAKY: bool>;

impl<const LEAKY: bool> Game for HiddenPick<LEAKY> {
    const NAME: &'static str = "hidden-pick";
    const RULES_VERSION: u32 = 1;
    type Config = PickConfig;
    type State = PickState;
    type Action = PickAction;
    type Chance = ();
    type Obs = PickObs;
    type Error = PickError;

    fn new(_config: PickConfig) -> Result<Self, PickError> {
        Ok(HiddenPick)
    }
    fn config(&self) -> &PickConfig {
        const CONFIG: PickConfig = PickConfig {};
        &CONFIG
    }
    fn seats(&self) -> usize {
        2
    }
    fn initial_state(&self) -> PickState {
        PickState {
            secret: None,
            guess: None,
        }
    }
    fn to_act(&self, s: &PickState) -> ToAct {
        match (s.secret, s.guess) {
            (None, _) => ToAct::Seat(Seat(0)),
            (Some(_), None) => ToAct::Seat(Seat(1)),
            (Some(_), Some(_)) => ToAct::Over,
        }
    }
    fn legal_actions(&self, s: &PickState, seat: Seat, out: &mut Vec<PickAction>) {
        out.clear();
        match self.to_act(s) {
            ToAct::Seat(Seat(0)) if seat == Seat(0) => {
                out.extend((0..NUMBERS).map(PickAction::Pick))
            }
            ToAct::Seat(Seat(1)) if seat == Seat(1) => {
                out.extend((0..NUMBERS).map(PickAction::Guess));
            }
            ToAct::Seat(_) | ToAct::Chance | ToAct::Over => {}
        }
    }
    fn check(&self, s: &PickState, seat: Seat, a: &PickAction) -> Result<(), PickError> {
        self.to_act(s).check_seat(seat, 2)?;
        let mut legal = Vec::new();
        self.legal_actions(s, seat, &mut legal);
        if legal.contains(a) {
            Ok(())
        } else {
            Err(PickError::Illegal(*a))
        }
    }
    fn apply(&self, s: &mut PickState, seat: Seat, a: &PickAction) -> Result<(), PickError> {
        self.check(s, seat, a)?;
        match *a {
            PickAction::Pick(n) => s.secret = Some(n),
            PickAction::Guess(n) => s.guess = Some(n),
        }
        Ok(())
    }
    fn chance_outcomes(&self, _s: &PickState, out: &mut Vec<((), u32)>) {
        out.clear();
    }
    fn apply_chance(&self, _s: &mut PickState, _c: &()) -> Result<(), PickError> {
        Err(Error::NotChance.into())
    }
    fn observe(&self, s: &PickState, v: Viewer) -> PickObs {
        let sees_secret = v == Viewer::Seat(Seat(0)) || s.guess.is_some();
        PickObs {
            picked: s.secret.is_some(),
            secret: s.secret.filter(|_| sees_secret),
            guess: s.guess,
        }
    }
    fn outcome(&self, s: &PickState) -> Option<Outcome> {
        let (Some(secret), Some(guess)) = (s.secret, s.guess) else {
            return None;
        };
        let right = i64::from(secret == guess);
        Some(Outcome::from_scores(vec![1 - right, right]))
    }
    fn max_steps(&self) -> usize {
        2
    }
    fn check_state(&self, s: &PickState) -> Result<(), PickError> {
        let in_range = |n: Option<u8>| n.is_none_or(|n| n < NUMBERS);
        if in_range(s.secret) && in_range(s.guess) && (s.guess.is_none() || s.secret.is_some()) {
            Ok(())
        } else {
            Err(Error::state("numbers", "0 to 2, a guess after a pick").into())
        }
    }
    fn public_action(
        &self,
        _s: &PickState,
        seat: Seat,
        a: &PickAction,
        v: Viewer,
    ) -> Option<PickAction> {
        match a {
            PickAction::Pick(_) if !LEAKY && v != Viewer::Seat(seat) => None,
            PickAction::Pick(_) | PickAction::Guess(_) => Some(*a),
        }
    }
}

impl<const LEAKY: bool> Determinize for HiddenPick<LEAKY> {
    fn determinize(&self, s: &PickState, seat: Seat, rng: &mut GameRng) -> PickState {
        let mut out = s.clone();
        if seat != Seat(0) && s.guess.is_none() && s.secret.is_some() {
            out.secret = Some(u8::try_from(rng.below(u32::from(NUMBERS))).unwrap_or(0));
        }
        out
    }
}

impl<const LEAKY: bool> Notation for HiddenPick<LEAKY> {
    fn write_notation(&self, _s: &PickState, a: &PickAction) -> String {
        match a {
            PickAction::Pick(n) => format!("pick {n}"),
            PickAction::Guess(n) => format!("guess {n}"),
        }
    }
    fn read_notation(
        &self,
        _s: &PickState,
        _seat: Seat,
        text: &str,
    ) -> Result<PickAction, NotationError> {
        let mut words = text.split_whitespace();
        let unexpected = |found: &str| {
            NotationError::new(
                0,
                NotationReason::Unexpected {
                    found: found.to_owned(),
                    expected: "pick N or guess N",
                },
            )
        };
        let verb = words.next().unwrap_or_default().to_ascii_lowercase();
        let n = words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| unexpected(text))?;
        match verb.as_str() {
            "pick" => Ok(PickAction::Pick(n)),
            "guess" => Ok(PickAction::Guess(n)),
            _ => Err(unexpected(&verb)),
        }
    }
}

impl<const LEAKY: bool> Preview for HiddenPick<LEAKY> {}

#[test]
fn the_sound_game_passes_the_scoped_check() {
    check_scoped::<HiddenPick<false>>(&[PickConfig {}], 32).unwrap();
}

#[test]
fn a_bot_move_that_shows_a_secret_pick_is_caught() {
    let failure = check_scoped::<HiddenPick<true>>(&[PickConfig {}], 32).unwrap_err();
    assert_eq!(
        failure.check, "a move's public form shows no more than its effect",
        "{failure}"
    );
}
