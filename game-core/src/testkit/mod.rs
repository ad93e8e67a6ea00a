//! The conformance kit: the checks every game passes, driven by proptest.
//!
//! One call per game runs random seeded playouts and, at every step, checks
//! the [`Game`](crate::Game) contract:
//!
//! - the state passes `check_state`; `outcome` is `Some` exactly when over;
//! - legal actions are sorted, unique, non-empty for the seat to act and
//!   empty for everyone else, and each one applies;
//! - `check` accepts exactly the legal actions (tried against a pool of
//!   actions seen anywhere, for every seat and an unknown one);
//! - refused actions and chance outcomes leave the state unchanged;
//! - chance outcomes are sorted, unique, positively weighted, non-empty
//!   exactly at chance nodes, and each one applies;
//! - a viewer's log shows no more than its observation, and the other way
//!   round: two chance outcomes or actions with the same public form for it
//!   leave its observation the same (nothing hidden leaks into `observe`),
//!   and two that the log names in full and that leave different states
//!   but the same observation are a leak into `log_for` (a card's face
//!   logged while the observation hides it);
//! - state, action, chance and replay survive a JSON round trip, and the
//!   bytes are stable;
//! - the game ends within `max_steps`;
//! - a [`Session`](crate::Session) with the same seed and actions gives the
//!   same steps and state; its replay plays back; undo returns to the
//!   recorded state; per-viewer logs redact what the viewer did not see.
//!
//! [`narration_conformance`] holds each game's sentences ([`crate::Narrate`])
//! to the viewer's log.
//!
//! A second kit, [`notation_conformance`], checks a game's
//! [`Notation`](crate::Notation): every legal action reads back from its
//! text, and no two share one.
//!
//! A case is `(config, seed, picks)`: chance is drawn as a session draws it
//! from the seed, and the seat to act plays `legal[pick % len]` (a seeded
//! stream after the picks run out). A failure names the check, the seed and
//! the step list as JSON, enough to replay it.
//!
//! ```
//! use game_core::demo::{Pig, PigConfig};
//! game_core::testkit::conformance::<Pig>(&[PigConfig::default()], 8);
//! ```
//!
//! Beside the kit: golden playthroughs ([`check_golden`], one seeding rule
//! for their choices, [`ChoiceStream`]), [`perft`], pictures, a bot's
//! blindness ([`check_bot_is_blind`]), and [`check_worked_examples`], which
//! checks that the "Worked examples" table of a crate's `RULES.md` names
//! tests that exist.

mod blind;
mod decisions;
mod golden;
mod learning;
mod narration;
mod notation;
mod perft;
mod picture;
mod rule_errors;
mod scoped;
pub mod script;
mod walk;
mod worked_examples;

use std::fmt;

use proptest::prelude::*;
use proptest::test_runner::{Config as RunnerConfig, TestError, TestRunner};

use crate::{Determinize, Game};

pub use blind::check_bot_is_blind;
pub use decisions::{any_move, walk_decisions};
pub use golden::{
    BLESS_VAR, CHOICE_STREAM, ChoiceStream, check_golden, choice_rng, play_random, play_seeded,
    random_game, random_game_with, replay_text,
};
pub use narration::{NARRATION_CAP, check_narration, narration_check, narration_conformance};
pub use notation::{
    NOTATION_CAP, check_notation, check_notation_capped, notation_conformance,
    notation_conformance_capped,
};
pub use perft::perft;
pub use picture::{check_pictures, picture_check, picture_conformance};
pub use rule_errors::{check_rule_errors, every_core_error};
pub use scoped::{SCOPED_CAP, check_scoped, scoped_check, scoped_conformance};
pub use walk::{CaseCheck, run_case};
pub use worked_examples::check_worked_examples;

/// A conformance check that failed, with all it takes to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The check that failed (`"legal actions sorted"`, `"observation leak"`, ...).
    pub check: &'static str,
    /// What was wrong.
    pub detail: String,
    /// The config, as JSON.
    pub config: String,
    /// The session seed.
    pub seed: u64,
    /// The step at which it failed.
    pub step: usize,
    /// The steps played before the failure, as JSON (a replay's `steps`).
    pub steps: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "conformance check failed: {}", self.check)?;
        writeln!(f, "  {}", self.detail)?;
        writeln!(f, "  config: {}", self.config)?;
        writeln!(f, "  seed: {}", self.seed)?;
        writeln!(f, "  at step {} after steps: {}", self.step, self.steps)
    }
}

impl std::error::Error for Failure {}

/// How many proptest cases to run: `cases`, unless the `PROPTEST_CASES`
/// environment variable says otherwise.
fn case_count(cases: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases)
}

/// Runs the kit over `configs`, `cases` playouts in all.
///
/// # Errors
/// The first failing check (shrunk by proptest to a small case).
pub fn check_conformance<G: Game>(configs: &[G::Config], cases: u32) -> Result<(), Failure> {
    check_with::<G>(configs, cases, &|_, _, _| Ok(()))
}

/// Runs the kit with an extra per-state check (see [`CaseCheck`]).
///
/// # Errors
/// The first failing check.
pub fn check_with<G: Game>(
    configs: &[G::Config],
    cases: u32,
    extra: &CaseCheck<G>,
) -> Result<(), Failure> {
    if configs.is_empty() {
        // A kit run over nothing would pass without checking anything.
        return Err(Failure {
            check: "configs given",
            detail: "no config to check: pass at least one".into(),
            config: String::new(),
            seed: 0,
            step: 0,
            steps: "[]".into(),
        });
    }
    let mut runner = TestRunner::new(RunnerConfig {
        cases: case_count(cases),
        failure_persistence: None,
        max_shrink_iters: 256,
        ..RunnerConfig::default()
    });
    let strategy = (
        0..configs.len(),
        any::<u64>(),
        proptest::collection::vec(any::<u32>(), 0..48),
    );
    let result = runner.run(&strategy, |(ci, seed, picks)| {
        run_case::<G>(&configs[ci], seed, &picks, extra)
            .map_err(|f| TestCaseError::fail(f.to_string()))
    });
    match result {
        Ok(()) => Ok(()),
        Err(TestError::Fail(_, (ci, seed, picks))) => {
            run_case::<G>(&configs[ci], seed, &picks, extra)
                .err()
                .map_or(Ok(()), Err)
        }
        Err(TestError::Abort(reason)) => Err(Failure {
            check: "proptest",
            detail: reason.to_string(),
            config: String::new(),
            seed: 0,
            step: 0,
            steps: "[]".into(),
        }),
    }
}

/// Runs the kit and panics with the failure, for use in `#[test]`s.
///
/// # Panics
/// When a check fails; the message names the check, seed and steps.
pub fn conformance<G: Game>(configs: &[G::Config], cases: u32) {
    if let Err(f) = check_conformance::<G>(configs, cases) {
        panic!("{f}");
    }
}

/// The kit plus the [`Determinize`] contract: a determinized state looks
/// the same to the seat (observation, turn, legal actions) and is valid.
///
/// # Errors
/// The first failing check.
pub fn check_determinize<G: Determinize>(configs: &[G::Config], cases: u32) -> Result<(), Failure> {
    check_with::<G>(configs, cases, &walk::determinize_check::<G>)
}

/// [`check_determinize`], panicking on failure.
///
/// # Panics
/// When a check fails.
pub fn determinize_conformance<G: Determinize>(configs: &[G::Config], cases: u32) {
    if let Err(f) = check_determinize::<G>(configs, cases) {
        panic!("{f}");
    }
}

/// The kit plus the [`Learning`](crate::Learning) contract on every state
/// of every case: legal actions have unique indices in range that decode
/// back to them, the tensor has the config's length and finite entries,
/// and a determinized state (one the seat cannot tell apart) gives the
/// seat the same tensor.
///
/// # Errors
/// The first failing check.
pub fn check_learning<G: crate::Learning + Determinize>(
    configs: &[G::Config],
    cases: u32,
) -> Result<(), Failure> {
    check_with::<G>(configs, cases, &learning::learning_check::<G>)
}

/// [`check_learning`], panicking on failure.
///
/// # Panics
/// When a check fails.
pub fn learning_conformance<G: crate::Learning + Determinize>(configs: &[G::Config], cases: u32) {
    if let Err(f) = check_learning::<G>(configs, cases) {
        panic!("{f}");
    }
}
