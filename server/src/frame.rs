//! The update a socket is sent after each change, built from its viewer's
//! view alone: the viewer's observation, its log, and its own legal moves.
//! Nothing here reads the session as the host (the leak test in
//! tests/match_server.rs rebuilds every frame from the viewer's side).

use serde_json::{Value, json};
use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::{LegalQuery, LegalSort};

use crate::live::{Live, OVER, public_seats};

/// What a socket asked to be sent besides the essentials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameWants {
    /// The SVG picture (several KB a frame).
    pub picture: bool,
    /// How many of its legal moves a seat to act is sent at once (it asks
    /// `legal` for the others).
    pub legal_limit: usize,
}

impl Default for FrameWants {
    fn default() -> Self {
        FrameWants {
            picture: false,
            legal_limit: 200,
        }
    }
}

/// The longest reply a legal page may fill.
const LEGAL_BUDGET: usize = 512 * 1024;

/// The viewer behind a seat number, or a spectator.
#[must_use]
pub fn viewer_of(seat: Option<u8>) -> Viewer {
    seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s)))
}

/// `to_act` as the wire writes it.
#[must_use]
pub fn to_act_json(to_act: ToAct) -> Value {
    match to_act {
        ToAct::Seat(seat) => json!({ "seat": seat.index() }),
        ToAct::Chance => json!("chance"),
        ToAct::Over => json!("over"),
    }
}

/// The update for `viewer`, with its log from entry `log_from` on (the
/// entries it has not been sent yet).
#[must_use]
pub fn update(live: &Live, viewer: Viewer, log_from: usize, wants: FrameWants) -> Value {
    let session = live.session.as_ref();
    // Only the entries not sent yet: the log is the viewer's replay of the
    // whole game, and a long game's whole log in every frame was most of
    // the server's work.
    let from = log_from.min(session.step_count());
    let tail = session.log_since(viewer, from);
    let to_act = session.to_act();
    let mut frame = json!({
        "type": "update",
        "match": live.row.id,
        "version": live.version,
        "status": live.row.status,
        "you": match viewer {
            Viewer::Seat(seat) => json!({ "seat": seat.index() }),
            Viewer::Spectator => json!("spectator"),
        },
        "to_act": to_act_json(to_act),
        "seats": public_seats(&live.seats),
        "step": session.step_count(),
        "log_from": from,
        "log": tail.entries,
        "log_text": tail.text,
        "narration": tail.narration,
        "observation": session.observe(viewer),
        "text": session.render(viewer),
    });
    if wants.picture {
        frame["picture"] = json!(session.picture(viewer));
    }
    if live.row.status == OVER {
        frame["ended"] = json!(live.row.ended);
        frame["result"] = serde_json::from_str(&live.row.result).unwrap_or(Value::Null);
        // Who won and why, in words (a match ended by a forfeit or by
        // expiry has no outcome in its rules: `ended` says why).
        if let Some(end) = session.narrate_end(viewer) {
            frame["end_text"] = json!(end);
        }
    }
    if let (Viewer::Seat(seat), ToAct::Seat(acting)) = (viewer, to_act)
        && seat == acting
        && live.row.status == crate::live::PLAYING
    {
        frame["legal"] = legal(
            live,
            viewer,
            &LegalQuery {
                offset: 0,
                limit: Some(wants.legal_limit),
                filter: String::new(),
                // Best first: what a player wants on top, and for Binary
                // Scrabble the game's top-k search rather than every play.
                sort: LegalSort::Score,
                count_only: false,
            },
        );
    }
    frame
}

/// A page of the viewer's legal moves.
#[must_use]
pub fn legal(live: &Live, viewer: Viewer, query: &LegalQuery) -> Value {
    let page = live.session.legal_page(Some(viewer), query, LEGAL_BUDGET);
    // Each move in words and with its cost or score ("keep the 7 of
    // hearts", "12 pts"), for a player who does not read the notation.
    let seat = match viewer {
        Viewer::Seat(seat) => Some(seat),
        Viewer::Spectator => None,
    };
    let words: Vec<Option<String>> = page
        .actions
        .iter()
        .map(|action| live.session.move_words(action))
        .collect();
    let notes: Vec<Option<String>> = page
        .actions
        .iter()
        .map(|action| seat.and_then(|seat| live.session.move_note(seat, action)))
        .collect();
    let mut body = json!({
        "total": page.total,
        "next": page.next,
        "actions": page.actions,
        "names": page.names,
        "indices": page.indices,
        "words": words,
        "notes": notes,
    });
    if let Some(scores) = page.scores {
        body["scores"] = json!(scores);
    }
    body
}
