//! Market Island's move notation (see "Move notation" in [`crate::rules`]):
//! `decline`, `mine`, and `keep` naming the drawn card kept.
//!
//! ```text
//! move = "decline" | "mine" | "keep" FACE | "keep" ("0" | "1")
//! ```

use game_core::notation::Scanner;
use game_core::{Notation, NotationError, Seat};

use crate::state::Phase;
use crate::{Action, Face, MarketIsland, State};

/// The faces of `seat`'s two drawn cards (MI-13, MI-14), when it holds two.
fn drawn_pair(state: &State, seat: Seat) -> Option<[Face; 2]> {
    let st = state.seat(seat)?;
    match st.drawn {
        [Some((a, _)), Some((b, _))] => Some([a, b]),
        [_, _] => None,
    }
}

/// The face that names drawn card `i`: `None` when the seat does not hold
/// two cards or both show the same face (then the index names it).
fn keep_face(state: &State, seat: Seat, i: u8) -> Option<Face> {
    let pair = drawn_pair(state, seat)?;
    let face = *pair.get(usize::from(i))?;
    (pair[0] != pair[1]).then_some(face)
}

const MOVES: &str = "decline, mine or keep";
const KEPT: &str = "a drawn card (such as 8S) or 0 or 1";

impl Notation for MarketIsland {
    fn write_notation(&self, state: &State, action: &Action) -> String {
        match *action {
            Action::Decline => "decline".into(),
            Action::Mine => "mine".into(),
            Action::Keep(i) => {
                let face = match state.phase() {
                    Phase::Decide { seat } => keep_face(state, seat, i),
                    Phase::StartSeat
                    | Phase::FirstWc
                    | Phase::Roll { .. }
                    | Phase::BlockDraw { .. }
                    | Phase::MiningDraw { .. }
                    | Phase::TieBreak { .. }
                    | Phase::Over => None,
                };
                match face {
                    Some(f) => format!("keep {f}"),
                    None => format!("keep {i}"),
                }
            }
        }
    }

    fn read_notation(
        &self,
        state: &State,
        seat: Seat,
        text: &str,
    ) -> Result<Action, NotationError> {
        let mut s = Scanner::new(text, &[]);
        s.non_empty()?;
        let head = s.expect(MOVES)?;
        let action = if head.is("decline") {
            Action::Decline
        } else if head.is("mine") {
            Action::Mine
        } else if head.is("keep") {
            let w = s.expect(KEPT)?;
            if w.is("0") || w.is("1") {
                Action::Keep(w.number(0..=1, KEPT)?)
            } else {
                let face: Face = w.text.parse().map_err(|_| w.unexpected(KEPT))?;
                let Some(pair) = drawn_pair(state, seat) else {
                    return Err(
                        w.mismatch("no two drawn cards to choose from: write keep 0 or keep 1")
                    );
                };
                match pair.iter().position(|f| *f == face) {
                    Some(_) if pair[0] == pair[1] => {
                        return Err(w.mismatch(format!(
                            "both drawn cards are {face}: write keep 0 or keep 1"
                        )));
                    }
                    Some(i) => Action::Keep(i as u8),
                    None => {
                        return Err(
                            w.mismatch(format!("the drawn cards are {} and {}", pair[0], pair[1]))
                        );
                    }
                }
            }
        } else {
            return Err(head.unexpected(MOVES));
        };
        s.end()?;
        Ok(action)
    }
}
