//! The update a socket is sent after each change, built from its viewer's
//! view alone: the viewer's observation, its log, and its own legal moves.
//! Nothing here reads the session as the host (the leak test in
//! tests/match_server.rs rebuilds every frame from the viewer's side).

use serde::Serialize;
use serde_json::value::RawValue;
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

/// An update as sent: the frame's JSON text, and how far into the
/// viewer's log it reaches (where the next update's log starts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    /// The frame, JSON.
    pub json: String,
    /// The viewer's log entries sent once this frame is.
    pub log_end: usize,
}

/// The update's fields in the order they are written. The observation is
/// serialized straight from the game's types: a frame goes out to every
/// seat and spectator after every move, and building it through a JSON
/// tree was most of the server's work under load.
#[derive(Serialize)]
struct Frame<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(rename = "match")]
    id: &'a str,
    version: u64,
    status: &'a str,
    you: Value,
    to_act: Value,
    seats: Value,
    step: usize,
    log_from: usize,
    log: Vec<Value>,
    log_text: Vec<String>,
    narration: Vec<String>,
    observation: Box<RawValue>,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    picture: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ended: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    legal: Option<Value>,
}

/// The update for `viewer`, with its log from entry `log_from` on (the
/// entries it has not been sent yet).
#[must_use]
pub fn update(live: &Live, viewer: Viewer, log_from: usize, wants: FrameWants) -> Update {
    let session = live.session.as_ref();
    // Only the entries not sent yet, read from where the last read ended
    // (the session remembers that state): a long game's whole log in every
    // frame was most of the server's work.
    let from = log_from.min(session.step_count());
    let tail = session.log_since(viewer, from);
    let log_end = from + tail.entries.len();
    let to_act = session.to_act();
    let over = live.row.status == OVER;
    let (observation, text) = session.observation_json_and_text(viewer);
    // The game's own serializer writes valid JSON; null is what a client
    // would see of a bug there, never a panic.
    let observation =
        RawValue::from_string(observation).unwrap_or_else(|_| RawValue::NULL.to_owned());
    let own_turn =
        matches!((viewer, to_act), (Viewer::Seat(seat), ToAct::Seat(acting)) if seat == acting);
    let frame = Frame {
        kind: "update",
        id: &live.row.id,
        version: live.version,
        status: &live.row.status,
        you: match viewer {
            Viewer::Seat(seat) => json!({ "seat": seat.index() }),
            Viewer::Spectator => json!("spectator"),
        },
        to_act: to_act_json(to_act),
        seats: public_seats(&live.seats),
        step: session.step_count(),
        log_from: from,
        log: tail.entries,
        log_text: tail.text,
        narration: tail.narration,
        observation,
        text,
        picture: wants.picture.then(|| session.picture(viewer)),
        ended: over.then_some(live.row.ended.as_str()),
        result: over.then(|| serde_json::from_str(&live.row.result).unwrap_or(Value::Null)),
        // Who won and why, in words (a match ended by a forfeit or by
        // expiry has no outcome in its rules: `ended` says why).
        end_text: if over {
            session.narrate_end(viewer)
        } else {
            None
        },
        legal: (own_turn && live.row.status == crate::live::PLAYING).then(|| {
            legal(
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
            )
        }),
    };
    Update {
        json: serde_json::to_string(&frame).unwrap_or_else(|_| "{}".to_owned()),
        log_end,
    }
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
