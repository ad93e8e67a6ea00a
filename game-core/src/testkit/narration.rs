//! The narration checks of the kit: a sentence never tells a viewer more
//! than its log (see [`crate::narrate`]).
//!
//! On every state of a playout, for every viewer (each seat and the
//! spectator):
//!
//! - **Twins narrate alike**: a state drawn by [`Determinize::determinize`]
//!   for a seat (the same to that seat, its hidden parts redrawn) gives
//!   that seat the same sentence for each move of the seat to act, as long
//!   as the move leaves the two worlds looking the same to it afterwards
//!   (a move that reveals a card may tell what it reveals), and the same
//!   end sentence.
//! - **Hidden draws stay hidden**: two outcomes of a chance event that the
//!   viewer's log does not tell apart (the same public form) and that
//!   leave the same observation give the same sentence, so a sentence
//!   about another seat's hidden draw cannot name the card drawn.
//! - Every sentence is one line of text, not empty.

use super::{Failure, check_with};
use crate::narrate::{narrate_end_of, narrate_step};
use crate::{Determinize, Game, GameRng, Narrate, Seat, Step, ToAct, Viewer};

/// At most this many moves or chance outcomes of one state are narrated,
/// evenly spread over the list.
pub const NARRATION_CAP: usize = 64;

/// A chance outcome narrated: its public form, the observation after it,
/// the sentence and the outcome.
type Heard<G> = (
    Option<<G as Game>::Chance>,
    <G as Game>::Obs,
    String,
    <G as Game>::Chance,
);

fn viewers(seats: usize) -> impl Iterator<Item = Viewer> {
    Seat::all(seats)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator))
}

fn sentence_ok(text: &str) -> Result<(), (&'static str, String)> {
    if text.trim().is_empty() || text.contains('\n') {
        return Err((
            "a narration is one line of text",
            format!("sentence {text:?}"),
        ));
    }
    Ok(())
}

/// The narration contract on one state (see the module docs).
///
/// # Errors
/// The name of the failed check and what differed.
pub fn narration_check<G: Determinize + Narrate>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    match game.to_act(state) {
        ToAct::Over => {
            for viewer in viewers(game.seats()) {
                let end = narrate_end_of(game, state, viewer).unwrap_or_default();
                sentence_ok(&end)?;
                if let Viewer::Seat(seat) = viewer {
                    let twin = game.determinize(state, seat, rng);
                    if narrate_end_of(game, &twin, viewer).unwrap_or_default() != end {
                        return Err((
                            "an end sentence tells only what the viewer may see",
                            format!("{seat}'s end sentence differs in a twin: {end:?}"),
                        ));
                    }
                }
            }
            Ok(())
        }
        ToAct::Seat(mover) => {
            let mut legal = Vec::new();
            game.legal_actions(state, mover, &mut legal);
            let stride = legal.len().div_ceil(NARRATION_CAP).max(1);
            for viewer in viewers(game.seats()) {
                let twin = match viewer {
                    Viewer::Seat(seat) => Some(game.determinize(state, seat, rng)),
                    Viewer::Spectator => None,
                };
                for action in legal.iter().step_by(stride) {
                    let step = Step::Action {
                        seat: mover,
                        action: action.clone(),
                    };
                    let mut after = state.clone();
                    game.apply_unchecked(&mut after, mover, action);
                    let said = narrate_step(game, state, &step, &after, viewer);
                    sentence_ok(&said)?;
                    let Some(twin) = &twin else { continue };
                    let mut twin_after = twin.clone();
                    if game.apply(&mut twin_after, mover, action).is_err()
                        || game.observe(&twin_after, viewer) != game.observe(&after, viewer)
                    {
                        continue;
                    }
                    let twin_said = narrate_step(game, twin, &step, &twin_after, viewer);
                    if twin_said != said {
                        return Err((
                            "a narration tells only what the viewer may see",
                            format!(
                                "{viewer:?} hears {said:?} for {mover}'s {action:?}, \
                                 but {twin_said:?} in a twin it cannot tell apart"
                            ),
                        ));
                    }
                }
            }
            Ok(())
        }
        ToAct::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            let stride = outcomes.len().div_ceil(NARRATION_CAP).max(1);
            for viewer in viewers(game.seats()) {
                // Public form and observation after -> the first sentence heard.
                let mut heard: Vec<Heard<G>> = Vec::new();
                for (c, _) in outcomes.iter().step_by(stride) {
                    let mut after = state.clone();
                    if game.apply_chance(&mut after, c).is_err() {
                        continue;
                    }
                    let said = narrate_step(game, state, &Step::Chance(c.clone()), &after, viewer);
                    sentence_ok(&said)?;
                    let public = game.public_chance(state, c, viewer);
                    let seen = game.observe(&after, viewer);
                    if let Some((_, _, first, first_c)) =
                        heard.iter().find(|(p, o, _, _)| *p == public && *o == seen)
                    {
                        if *first != said {
                            return Err((
                                "a narration of a hidden draw does not name it",
                                format!(
                                    "{viewer:?} cannot tell outcomes {first_c:?} and {c:?} \
                                     apart, but hears {first:?} and {said:?}"
                                ),
                            ));
                        }
                    } else {
                        heard.push((public, seen, said, c.clone()));
                    }
                }
            }
            Ok(())
        }
    }
}

/// Runs the kit with [`narration_check`] on every state.
///
/// # Errors
/// The first failing check.
pub fn check_narration<G: Determinize + Narrate>(
    configs: &[<G as Game>::Config],
    cases: u32,
) -> Result<(), Failure> {
    check_with::<G>(configs, cases, &narration_check::<G>)
}

/// [`check_narration`], panicking on failure.
///
/// # Panics
/// When a check fails; the message names the check, seed and steps.
pub fn narration_conformance<G: Determinize + Narrate>(
    configs: &[<G as Game>::Config],
    cases: u32,
) {
    if let Err(f) = check_narration::<G>(configs, cases) {
        panic!("{f}");
    }
}
