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
use super::{AnySession, ErrorKind, RegistryError, cap_quote, find, games, replay_game_name};

/// A request, without its optional `id` (echoed in the reply).
#[derive(Debug, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
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
    /// Who is to act and their legal actions.
    Legal {
        #[serde(default)]
        session: Option<u32>,
    },
    /// Plays an action: `action` (JSON), `index` into the legal list, or `text`.
    Act {
        #[serde(default)]
        session: Option<u32>,
        seat: u8,
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
        seat: u8,
        bot: String,
        #[serde(default, with = "game_core::seed_as_string")]
        seed: u64,
    },
    /// Lets the bot at the seat to act play once.
    BotMove {
        #[serde(default)]
        session: Option<u32>,
    },
    /// What a viewer sees (`viewer`: a seat number, or omitted for a spectator).
    Observe {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default)]
        viewer: Option<u8>,
    },
    /// What a viewer sees as an SVG picture (`viewer` as in `observe`).
    Picture {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default)]
        viewer: Option<u8>,
    },
    /// How the game ended, or null.
    Outcome {
        #[serde(default)]
        session: Option<u32>,
    },
    /// The replay of the session.
    Replay {
        #[serde(default)]
        session: Option<u32>,
    },
    /// The log as a viewer may see it.
    Log {
        #[serde(default)]
        session: Option<u32>,
        #[serde(default)]
        viewer: Option<u8>,
    },
    /// Goes back to the position after `step` steps.
    Undo {
        #[serde(default)]
        session: Option<u32>,
        step: usize,
    },
    /// Closes a session.
    Close {
        #[serde(default)]
        session: Option<u32>,
    },
}

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
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            bot_move_time: Duration::from_secs(10),
            max_line_bytes: 8 << 20,
            max_sessions: MAX_SESSIONS,
        }
    }
}

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

    /// Answers one request line with one reply line (no newline).
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
            o.insert("id".into(), id);
        }
        out.to_string()
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

    fn handle(&mut self, request: Request) -> Result<Value, ProtocolError> {
        match request {
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
            Request::Legal { session } => {
                let (id, s) = self.session(session)?;
                let mut body = status(id, s.as_ref());
                body["actions"] = Value::Array(s.legal_actions());
                body["names"] = json!(s.legal_action_names());
                Ok(body)
            }
            Request::Act {
                session,
                seat,
                action,
                index,
                text,
            } => {
                let (id, s) = self.session(session)?;
                let action = match (action, index, text) {
                    (Some(a), None, None) => a,
                    (None, Some(i), None) => {
                        s.legal_actions().get(i).cloned().ok_or_else(|| {
                            ProtocolError::BadRequest(format!("no legal action {i}"))
                        })?
                    }
                    (None, None, Some(t)) => s.parse_action(&t).ok_or_else(|| {
                        ProtocolError::BadRequest(format!("no legal action reads {t:?}"))
                    })?,
                    _ => {
                        return Err(ProtocolError::BadRequest(
                            "give exactly one of action, index, text".into(),
                        ));
                    }
                };
                s.act(Seat(seat), &action)?;
                Ok(status(id, s.as_ref()))
            }
            Request::Bot {
                session,
                seat,
                bot,
                seed,
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
            Request::BotMove { session } => {
                let deadline = Instant::now() + self.limits.bot_move_time;
                let (id, s) = self.session(session)?;
                let cut_short = Cell::new(false);
                let action = s.play_bot_until(&|| {
                    let late = Instant::now() >= deadline;
                    cut_short.set(cut_short.get() || late);
                    late
                })?;
                let mut body = status(id, s.as_ref());
                body["action"] = action;
                if cut_short.get() {
                    body["cut_short"] = Value::Bool(true);
                }
                Ok(body)
            }
            Request::Observe { session, viewer } => {
                let (id, s) = self.session(session)?;
                let viewer = viewer_of(viewer, s.seats())?;
                let mut body = status(id, s.as_ref());
                body["observation"] = s.observe(viewer);
                body["text"] = Value::String(s.render(viewer));
                Ok(body)
            }
            Request::Picture { session, viewer } => {
                let (id, s) = self.session(session)?;
                let viewer = viewer_of(viewer, s.seats())?;
                let mut body = status(id, s.as_ref());
                body["svg"] = Value::String(s.picture(viewer));
                Ok(body)
            }
            Request::Outcome { session } => {
                let (id, s) = self.session(session)?;
                let mut body = status(id, s.as_ref());
                body["outcome"] = serde_json::to_value(s.outcome()).unwrap_or(Value::Null);
                Ok(body)
            }
            Request::Replay { session } => {
                let (id, s) = self.session(session)?;
                let mut body = status(id, s.as_ref());
                body["replay"] = serde_json::from_str(&s.replay_json()).unwrap_or(Value::Null);
                Ok(body)
            }
            Request::Log { session, viewer } => {
                let (id, s) = self.session(session)?;
                let viewer = viewer_of(viewer, s.seats())?;
                let mut body = status(id, s.as_ref());
                body["log"] = s.log_for(viewer);
                Ok(body)
            }
            Request::Undo { session, step } => {
                let (id, s) = self.session(session)?;
                s.undo_to(step)?;
                Ok(status(id, s.as_ref()))
            }
            Request::Close { session } => {
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

fn viewer_of(viewer: Option<u8>, seats: usize) -> Result<Viewer, ProtocolError> {
    match viewer {
        None => Ok(Viewer::Spectator),
        Some(v) if usize::from(v) < seats => Ok(Viewer::Seat(Seat(v))),
        Some(v) => Err(ProtocolError::Registry(RegistryError::UnknownSeat {
            seat: Seat(v),
            seats,
        })),
    }
}

/// Why a request failed.
#[derive(Debug)]
enum ProtocolError {
    /// The line is not a well-formed request.
    BadRequest(String),
    /// No such session (or none open).
    NoSession(Option<u32>),
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
