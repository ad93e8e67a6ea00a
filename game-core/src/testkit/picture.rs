//! The picture checks of the kit: a picture is a function of what the
//! viewer may see, so two positions a viewer cannot tell apart draw the
//! same bytes (STYLE.md 14).

use super::{Failure, check_with};
use crate::{Determinize, Game, GameRng, Picture, Seat, Viewer};

/// The picture contract on one state: for every seat, a state drawn by
/// `determinize` (the same to that seat, its hidden parts redrawn) gives
/// the same picture bytes; every viewer's picture is the same when drawn
/// twice and looks like one SVG document.
///
/// # Errors
/// The name of the failed check and the viewer.
pub fn picture_check<G: Determinize + Picture>(
    game: &G,
    state: &G::State,
    rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    for seat in Seat::all(game.seats()) {
        let viewer = Viewer::Seat(seat);
        let picture = game.picture(&game.observe(state, viewer));
        let other = game.determinize(state, seat, rng);
        if game.picture(&game.observe(&other, viewer)) != picture {
            return Err((
                "a viewer's picture shows only what it may see",
                format!("{seat} tells two positions apart by their pictures"),
            ));
        }
    }
    let viewers = Seat::all(game.seats())
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        let obs = game.observe(state, viewer);
        let picture = game.picture(&obs);
        if game.picture(&obs) != picture {
            return Err(("pictures are deterministic", format!("{viewer:?}")));
        }
        if !picture.starts_with("<svg") || !picture.trim_end().ends_with("</svg>") {
            return Err(("a picture is one SVG document", format!("{viewer:?}")));
        }
    }
    Ok(())
}

/// Runs the kit with [`picture_check`] on every state.
///
/// # Errors
/// The first failing check.
pub fn check_pictures<G: Determinize + Picture>(
    configs: &[<G as Game>::Config],
    cases: u32,
) -> Result<(), Failure> {
    check_with::<G>(configs, cases, &picture_check::<G>)
}

/// [`check_pictures`], panicking on failure.
///
/// # Panics
/// When a check fails.
pub fn picture_conformance<G: Determinize + Picture>(configs: &[<G as Game>::Config], cases: u32) {
    if let Err(f) = check_pictures::<G>(configs, cases) {
        panic!("{f}");
    }
}
