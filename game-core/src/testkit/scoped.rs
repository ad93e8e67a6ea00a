//! The scoped-view checks of the kit: what a protocol tells one viewer
//! (a seat, or a spectator) never says more than that viewer's observation.
//!
//! A protocol answering "as seat 1" builds every reply from a few game
//! functions: the observation, the seat's own legal moves with their
//! notation and preview when it is to act, the outcome, and another
//! seat's move in its public form ([`Game::public_action`]). This check
//! holds each of them to the observation:
//!
//! - **Twins answer alike**: for every seat, a state drawn by
//!   [`Determinize::determinize`] (the same to that seat, its hidden parts
//!   redrawn) gives the same observation, turn, outcome, own legal moves,
//!   their notation and their previews.
//! - **A move shows no more than its effect**: two moves of the seat to act
//!   that a game shows a viewer in full, and that leave different states
//!   the viewer cannot tell apart, are a leak: a bot's move (shown in its
//!   public form) would tell the viewer what the observation hides, such
//!   as which tiles an exchange gave back or which register a hidden write
//!   read. Moves that leave the same state may be told apart (which of two
//!   equivalent moves was played is no secret), and a move the game masks
//!   for the viewer is the rules' choice, held by the log checks of the
//!   kit's walk (the same public form leaves the same observation).

use std::collections::BTreeMap;

use super::{Failure, check_with};
use crate::{Determinize, Game, GameRng, Notation, Preview, Seat, ToAct, Viewer};

/// At most this many of a position's legal moves are compared, evenly
/// spread over the list (a Binary Scrabble rack with blanks has tens of
/// thousands).
pub const SCOPED_CAP: usize = 256;

/// What a seat is told about its own turn: its legal moves' notation and
/// previews (empty when another seat is to act).
fn own_moves<G: Notation + Preview>(game: &G, state: &G::State, seat: Seat) -> Vec<String> {
    if game.to_act(state) != ToAct::Seat(seat) {
        return Vec::new();
    }
    let mut legal = Vec::new();
    game.legal_actions(state, seat, &mut legal);
    legal
        .iter()
        .map(|a| {
            let preview = serde_json::to_string(&game.preview(state, seat, a)).unwrap_or_default();
            format!("{} {preview}", game.write_notation(state, a))
        })
        .collect()
}

/// The scoped contract on one state (see the module docs).
///
/// # Errors
/// The name of the failed check and what differed.
pub fn scoped_check<G: Determinize + Notation + Preview>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    for seat in Seat::all(game.seats()) {
        let viewer = Viewer::Seat(seat);
        let twin = game.determinize(state, seat, rng);
        if game.observe(&twin, viewer) != game.observe(state, viewer)
            || game.to_act(&twin) != game.to_act(state)
            || game.outcome(&twin) != game.outcome(state)
        {
            return Err((
                "a scoped status shows only what the viewer may see",
                format!("{seat} tells a state from its twin by observation, turn or outcome"),
            ));
        }
        if own_moves(game, &twin, seat) != own_moves(game, state, seat) {
            return Err((
                "a scoped move list shows only what the viewer may see",
                format!("{seat}'s own moves (notation, preview) differ in a twin"),
            ));
        }
    }
    let ToAct::Seat(mover) = game.to_act(state) else {
        return Ok(());
    };
    let mut legal = Vec::new();
    game.legal_actions(state, mover, &mut legal);
    let stride = legal.len().div_ceil(SCOPED_CAP).max(1);
    let viewers = Seat::all(game.seats())
        .filter(|&s| s != mover)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        // The observation after each move -> the moves that leave it, with
        // the state after them and their public form.
        type Seen<'a, G> = Vec<(
            &'a <G as Game>::Action,
            <G as Game>::State,
            Option<<G as Game>::Action>,
        )>;
        let mut seen: BTreeMap<String, Seen<'_, G>> = BTreeMap::new();
        for action in legal.iter().step_by(stride) {
            let mut after = state.clone();
            game.apply_unchecked(&mut after, mover, action);
            let key = serde_json::to_string(&game.observe(&after, viewer)).unwrap_or_default();
            let public = game.public_action(state, mover, action, viewer);
            let group = seen.entry(key).or_default();
            // Only moves the game shows in full are compared: a move it
            // masks (an exchange's count, a hidden RAM write) is a choice of
            // the rules, held by the kit's log checks. Two moves shown in
            // full that leave different states, which the viewer cannot
            // tell apart, tell it which hidden outcome happened. Moves that
            // leave the same state are one move in effect (a rotation of
            // 0000 either way): naming which was played hides nothing.
            let shown = public.as_ref() == Some(action);
            if let Some((first, _, first_public)) =
                group.iter().find(|(first, other, other_public)| {
                    shown && other_public.as_ref() == Some(*first) && *other != after
                })
            {
                return Err((
                    "a move's public form shows no more than its effect",
                    format!(
                        "{mover}'s moves {first:?} and {action:?} look the same to \
                         {viewer:?} afterwards, but their public forms {first_public:?} \
                         and {public:?} tell them apart"
                    ),
                ));
            }
            group.push((action, after, public));
        }
    }
    Ok(())
}

/// Runs the kit with [`scoped_check`] on every state.
///
/// # Errors
/// The first failing check.
pub fn check_scoped<G: Determinize + Notation + Preview>(
    configs: &[<G as Game>::Config],
    cases: u32,
) -> Result<(), Failure> {
    check_with::<G>(configs, cases, &scoped_check::<G>)
}

/// [`check_scoped`], panicking on failure.
///
/// # Panics
/// When a check fails; the message names the check, seed and steps.
pub fn scoped_conformance<G: Determinize + Notation + Preview>(
    configs: &[<G as Game>::Config],
    cases: u32,
) {
    if let Err(f) = check_scoped::<G>(configs, cases) {
        panic!("{f}");
    }
}
