//! Move-tree counts (perft, as chess engines call it) for reference positions.

use crate::{Game, ToAct};

/// The number of leaves of the tree of seat actions `depth` plies deep
/// from `s`: at depth 1 the number of legal actions.
///
/// A chance node or the end of the game is a leaf (counted once): the
/// count is of decisions, so it does not depend on chance weights.
/// Reference-position tests pin these numbers, as chess engines pin
/// perft counts, to catch a move generator that gains or loses a move.
///
/// # Panics
/// When a legal action is refused: the game broke its contract.
pub fn perft<G: Game>(game: &G, s: &G::State, depth: u32) -> u64 {
    let ToAct::Seat(seat) = game.to_act(s) else {
        return 1;
    };
    if depth == 0 {
        return 1;
    }
    let mut legal = Vec::new();
    game.legal_actions(s, seat, &mut legal);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|a| {
            let mut t = s.clone();
            if let Err(e) = game.apply(&mut t, seat, a) {
                panic!("legal action {a:?} refused: {e}");
            }
            perft(game, &t, depth - 1)
        })
        .sum()
}
