//! The notation kit: every legal action's notation reads back as that
//! action, and no two legal actions of a position share a notation.
//!
//! It plays seeded random games of each config (a [`Session`] draws chance
//! from the seed, seats pick uniformly with [`choice_rng`]) and, at every
//! decision, for every legal action `a` (up to a cap, see below):
//!
//! - `write_notation(s, a)` is one non-empty line without spaces around it;
//! - `read_notation(s, seat, text)` gives `a` back, and so do the text in
//!   upper case and in lower case with its spaces doubled and padded
//!   (reading ignores case and extra spaces);
//! - the texts of the actions checked are pairwise distinct.
//!
//! The action played is also written in its public form for every viewer
//! ([`Game::public_action`]): that text must be one line too, and when it
//! reads back at all (a log-only form may be refused) it reads as that form.
//!
//! **The cap.** A position with more legal actions than the cap (a Binary
//! Scrabble rack with blanks may list millions of plays) checks a seeded
//! sample of `cap` of them, and distinctness among that sample, instead of
//! all of them; [`NOTATION_CAP`] is the default.
//!
//! ```
//! use game_core::demo::{Pig, PigConfig};
//! game_core::testkit::notation_conformance::<Pig>(&[PigConfig::default()], 4);
//! ```

use std::collections::BTreeMap;

use super::{CHOICE_STREAM, Failure, choice_rng};
use crate::{Game, GameRng, Notation, Seat, Session, ToAct, Viewer};

/// Positions with at most this many legal actions check all of them; larger
/// ones check a seeded sample of this size.
pub const NOTATION_CAP: usize = 20_000;

/// The stream of a game's seed that samples draw from, apart from chance
/// (one stream per step) and choices ([`CHOICE_STREAM`]).
const SAMPLE_STREAM: u64 = CHOICE_STREAM + 1;

/// Runs the notation kit on `games` seeded games of each config (seeds 0
/// to `games - 1`), checking all legal actions of positions up to
/// [`NOTATION_CAP`] and a sample of larger ones.
///
/// # Errors
/// The first failing check, with the config, seed and steps to replay it.
pub fn check_notation<G: Notation>(configs: &[G::Config], games: u32) -> Result<(), Failure> {
    check_notation_capped::<G>(configs, games, NOTATION_CAP)
}

/// [`check_notation`] with another cap on the actions checked per position.
///
/// # Errors
/// The first failing check.
pub fn check_notation_capped<G: Notation>(
    configs: &[G::Config],
    games: u32,
    cap: usize,
) -> Result<(), Failure> {
    let fail = |check, detail: String| Failure {
        check,
        detail,
        config: String::new(),
        seed: 0,
        step: 0,
        steps: "[]".into(),
    };
    if configs.is_empty() || games == 0 || cap == 0 {
        // A kit run over nothing would pass without checking anything.
        return Err(fail(
            "configs given",
            "no config, game or action to check".into(),
        ));
    }
    for config in configs {
        for seed in 0..u64::from(games) {
            let session = Session::<G>::new(config.clone(), seed).map_err(|e| Failure {
                config: config_json::<G>(config),
                seed,
                ..fail(
                    "config accepted",
                    format!("G::new refused a config under test: {e}"),
                )
            })?;
            NotationWalk { session, cap }.run()?;
        }
    }
    Ok(())
}

/// [`check_notation`], panicking on failure, for use in `#[test]`s.
///
/// # Panics
/// When a check fails; the message names the check, seed and steps.
pub fn notation_conformance<G: Notation>(configs: &[G::Config], games: u32) {
    notation_conformance_capped::<G>(configs, games, NOTATION_CAP);
}

/// [`check_notation_capped`], panicking on failure.
///
/// # Panics
/// When a check fails.
pub fn notation_conformance_capped<G: Notation>(configs: &[G::Config], games: u32, cap: usize) {
    if let Err(f) = check_notation_capped::<G>(configs, games, cap) {
        panic!("{f}");
    }
}

fn config_json<G: Game>(config: &G::Config) -> String {
    serde_json::to_string(config).unwrap_or_else(|e| format!("<{e}>"))
}

/// One seeded game under the notation checks.
struct NotationWalk<G: Notation> {
    session: Session<G>,
    cap: usize,
}

impl<G: Notation> NotationWalk<G> {
    fn fail(&self, check: &'static str, detail: String) -> Failure {
        let steps =
            serde_json::to_string(self.session.steps()).unwrap_or_else(|e| format!("<{e}>"));
        Failure {
            check,
            detail,
            config: config_json::<G>(self.session.game().config()),
            seed: self.session.seed(),
            step: self.session.step_count(),
            steps,
        }
    }

    fn run(mut self) -> Result<(), Failure> {
        let seed = self.session.seed();
        let mut choices = choice_rng(seed);
        let mut sampler = GameRng::for_stream(seed, SAMPLE_STREAM);
        let limit = self.session.game().max_steps();
        while let ToAct::Seat(seat) = self.session.to_act() {
            if self.session.step_count() > limit {
                return Err(self.fail("game ends", "more steps than max_steps".into()));
            }
            let legal = self.session.legal_actions();
            if legal.is_empty() {
                return Err(self.fail("legal actions", format!("{seat} to act has none")));
            }
            self.check_position(seat, &legal, &mut sampler)?;
            let len = u32::try_from(legal.len()).unwrap_or(u32::MAX);
            let action = &legal[choices.below(len) as usize];
            self.check_public_forms(seat, action)?;
            if let Err(e) = self.session.act(seat, action) {
                return Err(self.fail("legal action applies", format!("{action:?}: {e}")));
            }
        }
        Ok(())
    }

    /// The indices of the legal actions to check: all, or a sample of `cap`.
    fn chosen(&self, len: usize, sampler: &mut GameRng) -> Vec<usize> {
        if len <= self.cap {
            return (0..len).collect();
        }
        let mut picked = std::collections::BTreeSet::new();
        // Draws until `cap` distinct indices (len > cap, so this ends; the
        // expected draws stay below 2·cap while cap ≤ len / 2).
        while picked.len() < self.cap {
            picked.insert(sampler.below_u64(len as u64) as usize);
        }
        picked.into_iter().collect()
    }

    fn check_position(
        &self,
        seat: Seat,
        legal: &[G::Action],
        sampler: &mut GameRng,
    ) -> Result<(), Failure> {
        let game = self.session.game();
        let state = self.session.state();
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for i in self.chosen(legal.len(), sampler) {
            let a = &legal[i];
            let text = game.write_notation(state, a);
            if let Some(why) = bad_line(&text) {
                return Err(self.fail(
                    "notation is one line",
                    format!("{a:?} written {text:?}: {why}"),
                ));
            }
            let variants = [
                text.clone(),
                text.to_uppercase(),
                format!("  {}  ", text.to_lowercase().replace(' ', "  ")),
            ];
            for variant in variants {
                match game.read_notation(state, seat, &variant) {
                    Ok(back) if back == *a => {}
                    Ok(back) => {
                        return Err(self.fail(
                            "notation reads back",
                            format!("{a:?} written {text:?}; {variant:?} reads as {back:?}"),
                        ));
                    }
                    Err(e) => {
                        return Err(self.fail(
                            "notation reads back",
                            format!("{a:?} written {text:?}; {variant:?} refused: {e}"),
                        ));
                    }
                }
            }
            if let Some(&j) = seen.get(&text) {
                return Err(self.fail(
                    "notations distinct",
                    format!("{:?} and {a:?} are both written {text:?}", legal[j]),
                ));
            }
            seen.insert(text, i);
        }
        Ok(())
    }

    /// The action played, as each viewer's log shows it, writes as one
    /// line, and reads back as itself when it reads at all.
    fn check_public_forms(&self, seat: Seat, action: &G::Action) -> Result<(), Failure> {
        let game = self.session.game();
        let state = self.session.state();
        let viewers = Seat::all(game.seats())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator]);
        for v in viewers {
            let Some(public) = game.public_action(state, seat, action, v) else {
                continue;
            };
            let text = game.write_notation(state, &public);
            if let Some(why) = bad_line(&text) {
                return Err(self.fail(
                    "notation is one line",
                    format!("public form {public:?} for {v:?} written {text:?}: {why}"),
                ));
            }
            if let Ok(back) = game.read_notation(state, seat, &text)
                && back != public
            {
                return Err(self.fail(
                    "notation reads back",
                    format!("public form {public:?} for {v:?} written {text:?} reads as {back:?}"),
                ));
            }
        }
        Ok(())
    }
}

/// Why `text` is not a notation line, if it is not.
fn bad_line(text: &str) -> Option<&'static str> {
    if text.trim().is_empty() {
        Some("empty")
    } else if text.contains(['\n', '\r']) {
        Some("more than one line")
    } else if text.trim() != text {
        Some("spaces around it")
    } else {
        None
    }
}
