//! A scripted-chance driver: worked examples give every chance outcome by
//! hand, and each step is checked against the game's contract.

use std::collections::VecDeque;

use crate::{Game, Seat, ToAct};

/// Resolves chance nodes from the front of `script` until a seat is to
/// act, the game is over, or the script runs out.
///
/// # Panics
/// When a scripted outcome is not a listed outcome of positive weight, is
/// refused, or leaves a state that fails `check_state`: the example and
/// the engine disagree.
pub fn feed_chance<G: Game>(game: &G, s: &mut G::State, script: &mut VecDeque<G::Chance>) {
    let mut outcomes = Vec::new();
    while game.to_act(s) == ToAct::Chance {
        let Some(c) = script.pop_front() else {
            return;
        };
        outcomes.clear();
        game.chance_outcomes(s, &mut outcomes);
        assert!(
            outcomes.iter().any(|(o, w)| *o == c && *w > 0),
            "{c:?} is not an outcome here: {outcomes:?}"
        );
        if let Err(e) = game.apply_chance(s, &c) {
            panic!("{c:?} refused: {e}");
        }
        if let Err(e) = game.check_state(s) {
            panic!("after {c:?} the state fails its check: {e}");
        }
    }
}

/// The seat to act.
///
/// # Panics
/// At a chance node or the end of the game.
pub fn seat_to_act<G: Game>(game: &G, s: &G::State) -> Seat {
    match game.to_act(s) {
        ToAct::Seat(seat) => seat,
        other @ (ToAct::Chance | ToAct::Over) => panic!("no seat to act: {other:?}"),
    }
}

/// Applies `a` for the seat to act and feeds chance from `script`.
///
/// # Errors
/// The game's refusal, after checking that it left the state unchanged.
///
/// # Panics
/// When no seat is to act, or a refusal changed the state.
pub fn try_act<G: Game>(
    game: &G,
    s: &mut G::State,
    script: &mut VecDeque<G::Chance>,
    a: &G::Action,
) -> Result<(), G::Error> {
    let seat = seat_to_act(game, s);
    let before = s.clone();
    match game.apply(s, seat, a) {
        Ok(()) => {
            feed_chance(game, s, script);
            Ok(())
        }
        Err(e) => {
            assert!(*s == before, "a refused action changed the state");
            Err(e)
        }
    }
}

/// Applies `a`, which must be legal for the seat to act, and feeds chance
/// from `script`.
///
/// # Panics
/// When `a` is not legal or is refused.
pub fn act<G: Game>(game: &G, s: &mut G::State, script: &mut VecDeque<G::Chance>, a: &G::Action) {
    let seat = seat_to_act(game, s);
    let mut legal = Vec::new();
    game.legal_actions(s, seat, &mut legal);
    assert!(legal.contains(a), "{a:?} should be legal for {seat}");
    if let Err(e) = try_act(game, s, script, a) {
        panic!("legal action {a:?} refused: {e}");
    }
}

/// A whole game of `G` from its default config and `seed`, where the seat
/// to act plays legal move number `7n mod len` at the game's `n`-th move
/// (chance from the seed): a fixed, varied game for tests that pin exact
/// sentences or screens.
///
/// # Panics
/// When the default config is refused or a listed move is refused: the
/// engine and its own legal list disagree.
pub fn scripted_session<G: Game>(seed: u64) -> crate::Session<G> {
    let mut s = crate::Session::<G>::new(G::Config::default(), seed)
        .unwrap_or_else(|_| panic!("{} refuses its default config", G::NAME));
    let mut n = 0;
    while let ToAct::Seat(seat) = s.to_act() {
        let legal = s.legal_actions();
        let a = &legal[(n * 7) % legal.len()];
        if let Err(e) = s.act(seat, a) {
            panic!("{}: listed move {a:?} refused: {e}", G::NAME);
        }
        n += 1;
    }
    s
}
