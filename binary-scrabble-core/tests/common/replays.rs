//! Positions stored as replays in `tests/data/` (shared with the benches).

use binary_scrabble_core::{Board, KindCounts, Scrabble};
use game_core::{Replay, Session, ToAct};

/// The rules, board and rack of the seat to move at the end of a replay.
///
/// # Panics
/// When the replay does not load or ends with no seat to move: a test
/// position must be a real one.
pub fn position_of_replay(json: &str) -> (Scrabble, Board, KindCounts) {
    let replay: Replay<Scrabble> = serde_json::from_str(json).expect("a replay");
    let session = Session::from_replay(&replay).expect("the replay plays back");
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("no seat to move at the end of the replay");
    };
    let state = session.state();
    (
        session.game().clone(),
        state.board.clone(),
        state.racks[seat],
    )
}
