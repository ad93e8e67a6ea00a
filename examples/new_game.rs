//! A new game on game-core, end to end in one file: Nim (take one to three
//! counters; whoever takes the last one wins), its `Game` impl, a seeded
//! session, and the conformance kit every game of the workspace passes.
//!
//! ```text
//! cargo run --example new_game
//! ```
//!
//! docs/adding-a-game.md walks through the same steps on the Pig demo
//! (`game_core::demo::Pig`), with chance, a registry entry, a picture and a
//! terminal screen. Nim has no chance and hides nothing, so it shows the
//! least a game must write.

use serde::{Deserialize, Serialize};
use tabletop::game_core::{self, Game, Outcome, RuleError, Seat, Session, ToAct, Viewer, testkit};

/// Table choices; a field left out of a JSON config takes its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct NimConfig {
    /// Counters on the table at the start, 1 to 100.
    counters: u8,
    /// The most counters one turn may take, 1 to 10.
    max_take: u8,
}

impl Default for NimConfig {
    fn default() -> Self {
        NimConfig {
            counters: 15,
            max_take: 3,
        }
    }
}

/// A position: plain data, no RNG, nothing hidden.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NimState {
    /// Counters left.
    left: u8,
    /// Whose turn it is (the last to move, once the game is over).
    current: Seat,
}

/// Take this many counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
struct Take(u8);

/// Why a move was refused: the shared checks first, then Nim's one rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum NimError {
    /// Game over, not your turn, bad config...
    #[error(transparent)]
    Core(#[from] game_core::Error),
    /// N-1: a turn takes 1 to `max_take` counters, and no more than are left.
    #[error("take 1 to {most} counters (N-1)")]
    BadTake {
        /// The most this turn may take.
        most: u8,
    },
}

impl RuleError for NimError {
    fn rule(&self) -> Option<&'static str> {
        match self {
            NimError::Core(e) => e.rule(),
            NimError::BadTake { .. } => Some("N-1"),
        }
    }

    fn core(&self) -> Option<&game_core::Error> {
        match self {
            NimError::Core(e) => Some(e),
            NimError::BadTake { .. } => None,
        }
    }
}

/// The rules object: the validated config.
#[derive(Clone, Debug)]
struct Nim {
    config: NimConfig,
}

impl Nim {
    fn most(&self, s: &NimState) -> u8 {
        self.config.max_take.min(s.left)
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const RULES_VERSION: u32 = 1;
    type Config = NimConfig;
    type State = NimState;
    type Action = Take;
    type Chance = ();
    type Obs = NimState;
    type Error = NimError;

    fn new(config: NimConfig) -> Result<Self, NimError> {
        if !(1..=100).contains(&config.counters) {
            return Err(game_core::Error::config("counters", config.counters, "1 to 100").into());
        }
        if !(1..=10).contains(&config.max_take) {
            return Err(game_core::Error::config("max_take", config.max_take, "1 to 10").into());
        }
        Ok(Nim { config })
    }

    fn config(&self) -> &NimConfig {
        &self.config
    }

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> NimState {
        NimState {
            left: self.config.counters,
            current: Seat(0),
        }
    }

    fn to_act(&self, s: &NimState) -> ToAct {
        if s.left == 0 {
            ToAct::Over
        } else {
            ToAct::Seat(s.current)
        }
    }

    fn legal_actions(&self, s: &NimState, seat: Seat, out: &mut Vec<Take>) {
        out.clear();
        if self.to_act(s) == ToAct::Seat(seat) {
            out.extend((1..=self.most(s)).map(Take));
        }
    }

    fn check(&self, s: &NimState, seat: Seat, a: &Take) -> Result<(), NimError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        if a.0 == 0 || a.0 > self.most(s) {
            return Err(NimError::BadTake { most: self.most(s) });
        }
        Ok(())
    }

    fn apply(&self, s: &mut NimState, seat: Seat, a: &Take) -> Result<(), NimError> {
        self.check(s, seat, a)?; // atomic: nothing changes before this passes
        s.left -= a.0;
        if s.left > 0 {
            s.current = s.current.next(self.seats());
        }
        Ok(())
    }

    fn chance_outcomes(&self, _s: &NimState, out: &mut Vec<((), u32)>) {
        out.clear();
    }

    fn apply_chance(&self, s: &mut NimState, _c: &()) -> Result<(), NimError> {
        self.to_act(s).check_chance()?; // never a chance node: always an error
        Ok(())
    }

    fn observe(&self, s: &NimState, _v: Viewer) -> NimState {
        s.clone()
    }

    fn outcome(&self, s: &NimState) -> Option<Outcome> {
        // N-2: whoever took the last counter wins.
        (s.left == 0).then(|| {
            let mut scores = vec![0; 2];
            scores[s.current.index()] = 1;
            Outcome::from_scores(scores)
        })
    }

    fn max_steps(&self) -> usize {
        usize::from(self.config.counters)
    }

    fn check_state(&self, s: &NimState) -> Result<(), NimError> {
        if s.left > self.config.counters {
            return Err(game_core::Error::state("left", "more than the game starts with").into());
        }
        if s.current.index() >= self.seats() {
            return Err(game_core::Error::state("current", "seat not at the table").into());
        }
        Ok(())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The kit: legal lists sorted and playable, check agrees with legal,
    // refused moves change nothing, replays and serde round-trip, bounds hold.
    testkit::conformance::<Nim>(
        &[
            NimConfig::default(),
            NimConfig {
                counters: 7,
                max_take: 1,
            },
        ],
        64,
    );

    // A game: always leave the other a multiple of (max_take + 1) when you can.
    let mut session = Session::<Nim>::new(NimConfig::default(), 1)?;
    while let ToAct::Seat(seat) = session.to_act() {
        let left = session.state().left;
        let take = (left % 4).max(1);
        session.act(seat, &Take(take))?;
        println!("{seat} takes {take}, {} left", session.state().left);
    }
    let bad = Session::<Nim>::new(NimConfig::default(), 1)?.act(Seat(0), &Take(4));
    if let Err(e) = bad {
        println!("refused with rule {:?}: {e}", e.rule());
    }
    println!("{:?}", session.outcome());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_passes_the_conformance_kit() {
        testkit::conformance::<Nim>(
            &[
                NimConfig::default(),
                NimConfig {
                    counters: 7,
                    max_take: 1,
                },
            ],
            64,
        );
    }

    #[test]
    fn n1_taking_more_than_allowed_is_refused_and_changes_nothing() {
        let mut session = Session::<Nim>::new(NimConfig::default(), 1).unwrap();
        let before = session.state().clone();
        let err = session.act(Seat(0), &Take(4)).unwrap_err();
        assert_eq!(err.rule(), Some("N-1"));
        assert_eq!(session.state(), &before);
    }
}
