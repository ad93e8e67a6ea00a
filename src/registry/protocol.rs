//! The JSON-lines protocol of the `serve` example: one request object per
//! line in, one reply object per line out. See `docs/protocol.md`.
//!
//! A line that is not JSON, names an unknown command, or breaks a rule gets
//! an error reply (`"ok": false` with an `error` object: its
//! [`ErrorKind`], the `rule` id when a game rule refused, and a
//! `message`), and the server goes on serving: no input can stop or
//! corrupt it.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};

use game_core::{Seat, ToAct, Viewer};

use super::error::wire_json;
use super::{
    AnySession, ErrorKind, LegalQuery, LegalSort, RegistryError, cap_quote, find, games,
    replay_game_name,
};

/// Who a session command answers for: a seat number or `"spectator"`.
/// Without it, a command answers as the host, who sees everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
enum AsViewer {
    /// A seat of the table.
    Seat(u8),
    /// Someone watching, who sees what every seat may see.
    Named(ViewerName),
}

/// The named viewers of [`AsViewer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ViewerName {
    /// A spectator.
    Spectator,
}

impl AsViewer {
    fn viewer(self) -> Viewer {
        match self {
            AsViewer::Seat(seat) => Viewer::Seat(Seat(seat)),
            AsViewer::Named(ViewerName::Spectator) => Viewer::Spectator,
        }
    }
}

/// A request, without its optional `id` (echoed in the reply).
#[derive(Debug, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    /// The protocol version and the server's limits.
    Hello,
    /// The registered games, their default configs and bots.
    Games,
    /// Opens a session.
    New {
        game: String,
        #[serde(default)]
        config: Value,
        #[serde(default, with = "game_core::seed_as_string")]
        seed: u64,
    },
    /// Opens a session from a replay (object or JSON text).
    Load { replay: Value },
    /// Locks this connection to one session and one viewer for good.
    Scope {
        #[serde(default)]
        session: Option<u32>,
        #[serde(rename = "as")]
        viewer: AsViewer,
    },
    /// Who is to act and a page of their legal actions.
    Legal {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        #[serde(default)]
        offset: usize,
        #[serde(default)]
        limit: Option<usize>,
        #[serde(default)]
        filter: String,
        #[serde(default)]
        sort: LegalSort,
        #[serde(default)]
        count: bool,
    },
    /// Plays an action: `action` (JSON), `index` into the legal list, or `text`.
    Act {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        #[serde(default)]
        seat: Option<u8>,
        #[serde(default)]
        action: Option<Value>,
        #[serde(default)]
        index: Option<usize>,
        #[serde(default)]
        text: Option<String>,
    },
    /// Whether an action is legal, its notation and preview; plays nothing.
    Check {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        #[serde(default)]
        seat: Option<u8>,
        #[serde(default)]
        action: Option<Value>,
        #[serde(default)]
        index: Option<usize>,
        #[serde(default)]
        text: Option<String>,
    },
    /// Seats a named bot.
    Bot {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        seat: u8,
        bot: String,
        #[serde(default, with = "game_core::seed_as_string")]
        seed: u64,
    },
    /// Lets the bot at the seat to act play once.
    BotMove {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
    },
    /// What a viewer sees (`viewer`: a seat number, or omitted for a spectator).
    Observe {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        #[serde(default, rename = "viewer")]
        seat: Option<u8>,
    },
    /// What a viewer sees as an SVG picture (`viewer` as in `observe`).
    Picture {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        #[serde(default, rename = "viewer")]
        seat: Option<u8>,
    },
    /// How the game ended, or null.
    Outcome {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
    },
    /// The replay of the session.
    Replay {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
    },
    /// The log as a viewer may see it.
    Log {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        #[serde(default, rename = "viewer")]
        seat: Option<u8>,
    },
    /// Goes back to the position after `step` steps.
    Undo {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
        step: usize,
    },
    /// Closes a session.
    Close {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default, rename = "as")]
        viewer: Option<AsViewer>,
    },
}

/// The protocol's version, answered by `hello`. Version 1 was the
/// protocol before `hello` existed; 2 added viewers (`as`, `scope`),
/// pages of legal moves, `check` and move notation.
pub const PROTOCOL_VERSION: u32 = 2;

/// A protocol server: sessions by number, one line in, one line out.
#[derive(Default)]
pub struct Server {
    sessions: BTreeMap<u32, Box<dyn AnySession>>,
    next: u32,
    /// The session used when a request names none: the last one opened.
    current: Option<u32>,
    limits: Limits,
    /// Program bots the operator allows, by the name clients use.
    program_bots: Vec<(String, String)>,
    /// Set by `scope`: the one session and viewer this connection serves.
    scope: Option<(u32, Viewer)>,
}

/// At most this many sessions are open at once; more is refused.
pub const MAX_SESSIONS: usize = 1024;

/// What one request may cost a server (documented in docs/protocol.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The wall-clock time a `bot_move` may search: a search bot then plays
    /// its best so far and the reply says `"cut_short": true`.
    pub bot_move_time: Duration,
    /// The longest request line read; a longer one is refused unread.
    pub max_line_bytes: usize,
    /// The most sessions open at once ([`MAX_SESSIONS`] by default; the
    /// web server allows fewer per connection).
    pub max_sessions: usize,
    /// The longest reply line: a legal list that would pass it comes as
    /// pages (`total`, `next`); any other reply that would is refused as
    /// `TooLarge`.
    pub max_reply_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            bot_move_time: Duration::from_secs(10),
            max_line_bytes: 8 << 20,
            max_sessions: MAX_SESSIONS,
            max_reply_bytes: 1 << 20,
        }
    }
}

/// Room kept in a reply for its fields besides the moves of a legal page.
const REPLY_SLACK: usize = 4096;

impl Server {
    /// A server with no session open and the default [`Limits`].
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A server with these limits.
    #[must_use]
    pub fn with_limits(limits: Limits) -> Self {
        Server {
            limits,
            ..Self::default()
        }
    }

    /// This server with program bots (docs/bot-protocol.md) that clients
    /// may seat by name: each `(name, spec)` pairs a name, listed with the
    /// games' own bots, with an `exec(cmd=..)` spec chosen by the operator.
    /// A client never names a program itself: `exec(...)` from the wire is
    /// refused, as a client could start anything on the server.
    #[must_use]
    pub fn with_program_bots(mut self, bots: Vec<(String, String)>) -> Self {
        self.program_bots = bots;
        self
    }

    /// The limits this server enforces.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Answers one request line with one reply line (no newline), never
    /// longer than [`Limits::max_reply_bytes`].
    pub fn handle_line(&mut self, line: &str) -> String {
        let parsed = if line.len() > self.limits.max_line_bytes {
            Err(ProtocolError::BadRequest(format!(
                "the line has {} bytes; at most {} are read",
                line.len(),
                self.limits.max_line_bytes
            )))
        } else {
            serde_json::from_str::<Value>(line)
                .map_err(|e| ProtocolError::BadRequest(format!("not JSON: {e}")))
        };
        let (id, reply) = match parsed {
            Err(e) => (Value::Null, Err(e)),
            Ok(mut value) => {
                let id = value
                    .as_object_mut()
                    .and_then(|o| o.remove("id"))
                    .unwrap_or(Value::Null);
                let reply = serde_json::from_value::<Request>(value)
                    .map_err(|e| ProtocolError::BadRequest(e.to_string()))
                    .and_then(|request| self.handle(request));
                (id, reply)
            }
        };
        let id = if id.to_string().len() > REPLY_SLACK / 4 {
            // An id is echoed; one too long to echo is replaced.
            Value::Null
        } else {
            id
        };
        let text = reply_line(reply, &id);
        if text.len() <= self.limits.max_reply_bytes {
            return text;
        }
        reply_line(
            Err(ProtocolError::TooLarge(
                text.len(),
                self.limits.max_reply_bytes,
            )),
            &id,
        )
    }

    fn session(
        &mut self,
        id: Option<u32>,
    ) -> Result<(u32, &mut Box<dyn AnySession>), ProtocolError> {
        let id = id.or(self.current).ok_or(ProtocolError::NoSession(None))?;
        self.sessions
            .get_mut(&id)
            .map(|s| (id, s))
            .ok_or(ProtocolError::NoSession(Some(id)))
    }

    fn open(&mut self, session: Box<dyn AnySession>) -> Result<Value, ProtocolError> {
        let max = self.limits.max_sessions;
        if self.sessions.len() >= max {
            return Err(ProtocolError::BadRequest(format!(
                "at most {max} sessions may be open; close one"
            )));
        }
        let id = self.next;
        self.next = self.next.wrapping_add(1);
        let body = status(id, session.as_ref());
        self.sessions.insert(id, session);
        self.current = Some(id);
        Ok(body)
    }

    /// The session and viewer a session command answers for, after the
    /// scope (if any) has had its say: a scoped connection may name only
    /// its own session and viewer, and only the commands a viewer may send.
    fn target(&self, request: &Request) -> Result<(Option<u32>, Option<Viewer>), ProtocolError> {
        let (session, viewer) = request.target();
        let viewer = viewer.map(AsViewer::viewer);
        let Some((scoped_session, scoped_viewer)) = self.scope else {
            return Ok((session, viewer));
        };
        if !request.viewer_may_send() {
            return Err(ProtocolError::Scoped(format!(
                "this connection is scoped to session {scoped_session}; only the host may send `{}`",
                request.name()
            )));
        }
        if session.is_some_and(|s| s != scoped_session) {
            return Err(ProtocolError::Scoped(format!(
                "this connection is scoped to session {scoped_session}"
            )));
        }
        if viewer.is_some_and(|v| v != scoped_viewer) {
            return Err(ProtocolError::Scoped(format!(
                "this connection is scoped to {}",
                viewer_name(scoped_viewer)
            )));
        }
        Ok((Some(scoped_session), Some(scoped_viewer)))
    }

    fn handle(&mut self, request: Request) -> Result<Value, ProtocolError> {
        let (session, viewer) = self.target(&request)?;
        match request {
            Request::Hello => Ok(json!({
                "protocol": PROTOCOL_VERSION,
                "engine": env!("CARGO_PKG_VERSION"),
                "limits": {
                    "bot_move_ms": u64::try_from(self.limits.bot_move_time.as_millis()).unwrap_or(u64::MAX),
                    "max_line_bytes": self.limits.max_line_bytes,
                    "max_reply_bytes": self.limits.max_reply_bytes,
                    "max_sessions": self.limits.max_sessions,
                },
                "scope": self.scope.map(|(s, v)| json!({"session": s, "as": viewer_json(v)})),
            })),
            Request::Games => {
                let list: Vec<Value> = games()
                    .iter()
                    .map(|g| {
                        json!({
                            "name": g.name(),
                            "default_config": g.default_config(),
                            "bots": g
                                .bot_names()
                                .into_iter()
                                .chain(self.program_bots.iter().map(|(n, _)| n.as_str()))
                                .collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                Ok(json!({ "games": list }))
            }
            Request::New { game, config, seed } => {
                let session = find(&game)?.open(&config, seed)?;
                self.open(session)
            }
            Request::Load { replay } => {
                let text = if let Value::String(text) = replay {
                    text
                } else {
                    replay.to_string()
                };
                let name = replay_game_name(&text)?;
                let session = find(&name)?.load_replay(&text)?;
                self.open(session)
            }
            Request::Scope { .. } => {
                let viewer =
                    viewer.ok_or_else(|| ProtocolError::BadRequest("scope needs as".into()))?;
                let (id, s) = self.session(session)?;
                let viewer = known_viewer(viewer, s.seats())?;
                let body = scoped_status(id, s.as_ref(), viewer);
                self.scope = Some((id, viewer));
                Ok(body)
            }
            Request::Legal {
                offset,
                limit,
                filter,
                sort,
                count,
                ..
            } => {
                let budget = self.limits.max_reply_bytes.saturating_sub(REPLY_SLACK);
                let (id, s) = self.session(session)?;
                let viewer = viewer.map(|v| known_viewer(v, s.seats())).transpose()?;
                let query = LegalQuery {
                    offset,
                    limit,
                    filter,
                    sort,
                    count_only: count,
                };
                let page = s.legal_page(viewer, &query, budget);
                let mut body = status(id, s.as_ref());
                body["total"] = json!(page.total);
                body["next"] = json!(page.next);
                if !count {
                    body["actions"] = Value::Array(page.actions);
                    body["names"] = json!(page.names);
                    body["indices"] = json!(page.indices);
                    if let Some(scores) = page.scores {
                        body["scores"] = json!(scores);
                    }
                }
                Ok(body)
            }
            Request::Act {
                seat,
                action,
                index,
                text,
                ..
            } => {
                let (id, s) = self.session(session)?;
                let seat = acting_seat(seat, viewer, s.as_ref())?;
                let action = chosen_action(s.as_ref(), seat, action, index, text)?;
                s.act(seat, &action)?;
                Ok(status(id, s.as_ref()))
            }
            Request::Check {
                seat,
                action,
                index,
                text,
                ..
            } => {
                let (id, s) = self.session(session)?;
                let seat = acting_seat(seat, viewer, s.as_ref())?;
                let action = chosen_action(s.as_ref(), seat, action, index, text)?;
                let checked = s.check_action(seat, &action)?;
                let mut body = status(id, s.as_ref());
                body["legal"] = Value::Bool(true);
                body["seat"] = json!(seat.0);
                body["action"] = checked.action;
                body["text"] = Value::String(checked.text);
                body["preview"] = checked.preview;
                Ok(body)
            }
            Request::Bot {
                seat, bot, seed, ..
            } => {
                let program = self
                    .program_bots
                    .iter()
                    .find(|(name, _)| *name == bot)
                    .map(|(_, spec)| spec.clone());
                let (id, s) = self.session(session)?;
                match program {
                    Some(spec) => s.set_trusted_bot(Seat(seat), &spec, seed)?,
                    None => s.set_bot(Seat(seat), &bot, seed)?,
                }
                Ok(status(id, s.as_ref()))
            }
            Request::BotMove { .. } => {
                let deadline = Instant::now() + self.limits.bot_move_time;
                let (id, s) = self.session(session)?;
                let viewer = viewer.map(|v| known_viewer(v, s.seats())).transpose()?;
                let cut_short = Cell::new(false);
                let played = s.play_bot_seen(
                    &|| {
                        let late = Instant::now() >= deadline;
                        cut_short.set(cut_short.get() || late);
                        late
                    },
                    viewer,
                )?;
                let mut body = status(id, s.as_ref());
                body["action"] = played.action;
                body["text"] = json!(played.text);
                if cut_short.get() {
                    body["cut_short"] = Value::Bool(true);
                }
                Ok(body)
            }
            Request::Observe { seat, .. } => {
                let (id, s) = self.session(session)?;
                let viewer = read_viewer(viewer, seat, s.seats())?;
                let mut body = status(id, s.as_ref());
                body["observation"] = s.observe(viewer);
                body["text"] = Value::String(s.render(viewer));
                Ok(body)
            }
            Request::Picture { seat, .. } => {
                let (id, s) = self.session(session)?;
                let viewer = read_viewer(viewer, seat, s.seats())?;
                let mut body = status(id, s.as_ref());
                body["svg"] = Value::String(s.picture(viewer));
                Ok(body)
            }
            Request::Outcome { .. } => {
                let (id, s) = self.session(session)?;
                let mut body = status(id, s.as_ref());
                body["outcome"] = serde_json::to_value(s.outcome()).unwrap_or(Value::Null);
                Ok(body)
            }
            Request::Replay { .. } => {
                let (id, s) = self.session(session)?;
                if viewer.is_some() && s.to_act() != ToAct::Over {
                    return Err(ProtocolError::Hidden(
                        "the replay of a running game is the host's: its seed tells every future draw"
                            .into(),
                    ));
                }
                let mut body = status(id, s.as_ref());
                body["replay"] = serde_json::from_str(&s.replay_json()).unwrap_or(Value::Null);
                Ok(body)
            }
            Request::Log { seat, .. } => {
                let (id, s) = self.session(session)?;
                let viewer = read_viewer(viewer, seat, s.seats())?;
                let mut body = status(id, s.as_ref());
                body["log"] = s.log_for(viewer);
                // The same steps in words, and the end when there is one:
                // what a front end shows a player (game_core::Narrate).
                body["narration"] = json!(s.narration(viewer));
                if let Some(end) = s.narrate_end(viewer) {
                    body["end"] = json!(end);
                }
                Ok(body)
            }
            Request::Undo { step, .. } => {
                let (id, s) = self.session(session)?;
                s.undo_to(step)?;
                Ok(status(id, s.as_ref()))
            }
            Request::Close { .. } => {
                let (id, _) = self.session(session)?;
                self.sessions.remove(&id);
                if self.current == Some(id) {
                    self.current = None;
                }
                Ok(json!({ "session": id, "closed": true }))
            }
        }
    }
}

impl Request {
    /// The command's name, as the wire spells it.
    fn name(&self) -> &'static str {
        match self {
            Request::Hello => "hello",
            Request::Games => "games",
            Request::New { .. } => "new",
            Request::Load { .. } => "load",
            Request::Scope { .. } => "scope",
            Request::Legal { .. } => "legal",
            Request::Act { .. } => "act",
            Request::Check { .. } => "check",
            Request::Bot { .. } => "bot",
            Request::BotMove { .. } => "bot_move",
            Request::Observe { .. } => "observe",
            Request::Picture { .. } => "picture",
            Request::Outcome { .. } => "outcome",
            Request::Replay { .. } => "replay",
            Request::Log { .. } => "log",
            Request::Undo { .. } => "undo",
            Request::Close { .. } => "close",
        }
    }

    /// The session and `as` a command names (both `None` for the
    /// commands that name no session).
    fn target(&self) -> (Option<u32>, Option<AsViewer>) {
        match self {
            Request::Hello | Request::Games | Request::New { .. } | Request::Load { .. } => {
                (None, None)
            }
            Request::Scope { session, viewer } => (*session, Some(*viewer)),
            Request::Legal {
                session, viewer, ..
            }
            | Request::Act {
                session, viewer, ..
            }
            | Request::Check {
                session, viewer, ..
            }
            | Request::Bot {
                session, viewer, ..
            }
            | Request::BotMove { session, viewer }
            | Request::Observe {
                session, viewer, ..
            }
            | Request::Picture {
                session, viewer, ..
            }
            | Request::Outcome { session, viewer }
            | Request::Replay { session, viewer }
            | Request::Log {
                session, viewer, ..
            }
            | Request::Undo {
                session, viewer, ..
            }
            | Request::Close { session, viewer } => (*session, *viewer),
        }
    }

    /// Whether a scoped connection may send it: reading as its viewer and
    /// moving for its own seat, never opening, closing, seating bots,
    /// undoing or scoping again.
    fn viewer_may_send(&self) -> bool {
        match self {
            Request::Hello
            | Request::Games
            | Request::Legal { .. }
            | Request::Act { .. }
            | Request::Check { .. }
            | Request::BotMove { .. }
            | Request::Observe { .. }
            | Request::Picture { .. }
            | Request::Outcome { .. }
            | Request::Replay { .. }
            | Request::Log { .. } => true,
            Request::New { .. }
            | Request::Load { .. }
            | Request::Scope { .. }
            | Request::Bot { .. }
            | Request::Undo { .. }
            | Request::Close { .. } => false,
        }
    }
}

/// One reply line: the body with `"ok": true`, or the error object.
fn reply_line(reply: Result<Value, ProtocolError>, id: &Value) -> String {
    let mut out = match reply {
        Ok(mut body) => {
            if let Some(o) = body.as_object_mut() {
                o.insert("ok".into(), Value::Bool(true));
            }
            body
        }
        Err(e) => json!({"ok": false, "error": e.to_json()}),
    };
    if !id.is_null()
        && let Some(o) = out.as_object_mut()
    {
        o.insert("id".into(), id.clone());
    }
    out.to_string()
}

/// The fields every session reply carries.
fn status(id: u32, s: &dyn AnySession) -> Value {
    let to_act = match s.to_act() {
        ToAct::Seat(seat) => json!(seat.0),
        ToAct::Chance => json!("chance"),
        ToAct::Over => json!("over"),
    };
    json!({
        "session": id,
        "game": s.game_name(),
        "seats": s.seats(),
        "to_act": to_act,
        "step": s.step_count(),
        "version": s.state_version(),
    })
}

/// The status of a session a connection has just scoped itself to.
fn scoped_status(id: u32, s: &dyn AnySession, viewer: Viewer) -> Value {
    let mut body = status(id, s);
    body["as"] = viewer_json(viewer);
    body
}

/// A viewer as the wire names it: a seat number or `"spectator"`.
fn viewer_json(viewer: Viewer) -> Value {
    match viewer {
        Viewer::Seat(seat) => json!(seat.0),
        Viewer::Spectator => json!("spectator"),
    }
}

/// A viewer in words, for messages.
fn viewer_name(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(seat) => seat.to_string(),
        Viewer::Spectator => "a spectator".to_owned(),
    }
}

/// `viewer`, if it is a spectator or a seat at this table.
fn known_viewer(viewer: Viewer, seats: usize) -> Result<Viewer, ProtocolError> {
    match viewer {
        Viewer::Seat(seat) if seat.index() >= seats => {
            Err(ProtocolError::Registry(RegistryError::UnknownSeat {
                seat,
                seats,
            }))
        }
        Viewer::Seat(_) | Viewer::Spectator => Ok(viewer),
    }
}

/// The viewer `observe`, `picture` and `log` answer for: `as`, or the
/// older `viewer` field (a seat number, omitted for a spectator); both
/// must agree when both are given.
fn read_viewer(
    viewer: Option<Viewer>,
    seat: Option<u8>,
    seats: usize,
) -> Result<Viewer, ProtocolError> {
    let named = seat.map(|v| Viewer::Seat(Seat(v)));
    let viewer = match (viewer, named) {
        (Some(v), Some(n)) if v != n => {
            return Err(ProtocolError::Scoped(format!(
                "asked as {} for what {} sees",
                viewer_name(v),
                viewer_name(n)
            )));
        }
        (Some(v), _) => v,
        (None, n) => n.unwrap_or(Viewer::Spectator),
    };
    known_viewer(viewer, seats)
}

/// The seat an `act` or `check` moves for: `seat`, or the `as` seat, or
/// (for the host) the seat to act. A viewer moves only for itself.
fn acting_seat(
    seat: Option<u8>,
    viewer: Option<Viewer>,
    s: &dyn AnySession,
) -> Result<Seat, ProtocolError> {
    let seat = seat.map(Seat);
    match (viewer, seat) {
        (Some(Viewer::Spectator), _) => {
            Err(ProtocolError::Scoped("a spectator does not move".into()))
        }
        (Some(Viewer::Seat(own)), Some(seat)) if own != seat => Err(ProtocolError::Scoped(
            format!("as {own} one moves only for {own}, not {seat}"),
        )),
        (Some(Viewer::Seat(own)), _) => Ok(own),
        (None, Some(seat)) => Ok(seat),
        (None, None) => match s.to_act() {
            ToAct::Seat(seat) => Ok(seat),
            other @ (ToAct::Chance | ToAct::Over) => {
                Err(ProtocolError::Registry(RegistryError::NoSeatToAct(other)))
            }
        },
    }
}

/// The JSON action an `act` or `check` names by exactly one of its JSON,
/// its index in the legal list (the game's order) or its notation.
fn chosen_action(
    s: &dyn AnySession,
    seat: Seat,
    action: Option<Value>,
    index: Option<usize>,
    text: Option<String>,
) -> Result<Value, ProtocolError> {
    match (action, index, text) {
        (Some(a), None, None) => Ok(a),
        (None, Some(i), None) => {
            let query = LegalQuery {
                offset: i,
                limit: Some(1),
                ..LegalQuery::default()
            };
            s.legal_page(None, &query, usize::MAX)
                .actions
                .into_iter()
                .next()
                .ok_or_else(|| ProtocolError::BadRequest(format!("no legal action {i}")))
        }
        (None, None, Some(t)) => Ok(s.read_notation(seat, &t)?),
        _ => Err(ProtocolError::BadRequest(
            "give exactly one of action, index, text".into(),
        )),
    }
}

/// Why a request failed.
#[derive(Debug)]
enum ProtocolError {
    /// The line is not a well-formed request.
    BadRequest(String),
    /// No such session (or none open).
    NoSession(Option<u32>),
    /// The viewer may not be told this.
    Hidden(String),
    /// The connection's scope does not allow this.
    Scoped(String),
    /// The reply would have this many bytes, over the limit.
    TooLarge(usize, usize),
    /// The registry or the game refused.
    Registry(RegistryError),
}

impl From<RegistryError> for ProtocolError {
    fn from(e: RegistryError) -> Self {
        ProtocolError::Registry(e)
    }
}

impl ProtocolError {
    fn to_json(&self) -> Value {
        match self {
            ProtocolError::BadRequest(m) => wire_json(ErrorKind::BadRequest, None, &cap_quote(m)),
            ProtocolError::NoSession(None) => {
                wire_json(ErrorKind::NoSession, None, "no session is open")
            }
            ProtocolError::NoSession(Some(id)) => {
                wire_json(ErrorKind::NoSession, None, &format!("no session {id}"))
            }
            ProtocolError::Hidden(m) => wire_json(ErrorKind::Hidden, None, m),
            ProtocolError::Scoped(m) => wire_json(ErrorKind::Scoped, None, m),
            ProtocolError::TooLarge(bytes, max) => wire_json(
                ErrorKind::TooLarge,
                None,
                &format!("the reply would have {bytes} bytes; at most {max} are sent"),
            ),
            ProtocolError::Registry(e) => e.to_json(),
        }
    }
}

/// Reads a `--program-bot` argument, `NAME=exec(cmd=...,ms=...)`: the name
/// clients seat it by, and its spec, checked now so a typo stops the
/// server at start-up rather than at the first `bot` request.
///
/// # Errors
/// What is wrong with the argument, in words.
pub fn parse_program_bot(text: &str) -> Result<(String, String), String> {
    let (name, spec) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?}: expected NAME=exec(cmd=...)"))?;
    let name = name.trim();
    let named_well = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !named_well {
        return Err(format!(
            "{name:?}: a program bot's name is letters, digits, '-' and '_'"
        ));
    }
    let parsed = super::BotSpec::parse(spec).map_err(|e| e.to_string())?;
    if parsed.name != "exec" || parsed.get("cmd").is_none_or(|c| c.trim().is_empty()) {
        return Err(format!("{spec:?}: a program bot is exec(cmd=...)"));
    }
    Ok((name.to_owned(), spec.trim().to_owned()))
}
