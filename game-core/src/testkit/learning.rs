//! The per-state checks of the [`Learning`] view.

use std::collections::BTreeMap;

use crate::{Determinize, GameRng, Learning, Seat, ToAct, Viewer};

/// The [`Learning`] contract on one state (see `check_learning`).
pub(super) fn learning_check<G: Learning + Determinize>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    check_action_indices(game, state)?;
    let len = game.observation_len();
    let mut tensor = Vec::new();
    let viewers = Seat::all(game.seats())
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        game.encode_observation(&game.observe(state, viewer), &mut tensor);
        if tensor.len() != len {
            return Err((
                "observation tensor has the config's shape",
                format!("{viewer:?}: {} numbers, shape says {len}", tensor.len()),
            ));
        }
        if let Some(i) = tensor.iter().position(|x| !x.is_finite()) {
            return Err((
                "observation tensor is finite",
                format!("{viewer:?}: entry {i} is {}", tensor[i]),
            ));
        }
    }
    // Two states the seat cannot tell apart: the tensor must not differ.
    let mut other = Vec::new();
    for seat in Seat::all(game.seats()) {
        let twin = game.determinize(state, seat, rng);
        game.encode_observation(&game.observe(state, seat.into()), &mut tensor);
        game.encode_observation(&game.observe(&twin, seat.into()), &mut other);
        if tensor != other {
            let at = tensor.iter().zip(&other).position(|(a, b)| a != b);
            return Err((
                "observation tensor shows only the observation",
                format!("{seat}: a state it cannot tell apart differs at entry {at:?}"),
            ));
        }
    }
    Ok(())
}

/// Unique, in-range indices that decode back, for every legal action.
fn check_action_indices<G: Learning>(
    game: &G,
    state: &G::State,
) -> Result<(), (&'static str, String)> {
    let ToAct::Seat(seat) = game.to_act(state) else {
        return Ok(());
    };
    let mut legal = Vec::new();
    game.legal_actions(state, seat, &mut legal);
    let space = game.num_distinct_actions();
    let mut seen: BTreeMap<u64, &G::Action> = BTreeMap::new();
    for a in &legal {
        let Some(index) = game.action_to_index(state, a) else {
            return Err(("legal actions have an index", format!("{a:?}")));
        };
        if index >= space {
            return Err((
                "action index in range",
                format!("{a:?} has index {index}, the space has {space}"),
            ));
        }
        if let Some(first) = seen.insert(index, a) {
            return Err((
                "action indices unique",
                format!("{first:?} and {a:?} share index {index}"),
            ));
        }
        match game.index_to_action(state, seat, index) {
            Some(back) if back == *a => {}
            back => {
                return Err((
                    "action index round trip",
                    format!("{a:?} -> {index} -> {back:?}"),
                ));
            }
        }
    }
    Ok(())
}
