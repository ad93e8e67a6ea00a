//! A match socket: `GET /api/matches/{id}/ws`. The first message is
//! `{"cmd":"hello","token":T}` (no token: a spectator); the socket is then
//! one viewer's, sent an update built from that viewer's view after every
//! change, and takes `act`, `check`, `legal`, `hint` and `ping`
//! (docs/server.md).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::{LegalQuery, LegalSort};
use tokio::sync::OwnedSemaphorePermit;

use crate::app::App;
use crate::clock::now_ms;
use crate::error::MatchError;
use crate::frame::{FrameWants, legal, update, viewer_of};
use crate::hub::Hub;
use crate::live::{LiveMatch, PLAYING};
use crate::origin::same_origin;
use crate::rate::Bucket;

/// The first message a socket must send.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Hello {
    cmd: String,
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    picture: bool,
    #[serde(default)]
    legal_limit: Option<usize>,
}

/// A later message.
#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Command {
    Act {
        #[serde(default)]
        id: Value,
        version: u64,
        #[serde(flatten)]
        chosen: Chosen,
    },
    Check {
        #[serde(default)]
        id: Value,
        #[serde(flatten)]
        chosen: Chosen,
    },
    Legal {
        #[serde(default)]
        id: Value,
        #[serde(default)]
        offset: usize,
        #[serde(default)]
        limit: Option<usize>,
        #[serde(default)]
        filter: String,
        #[serde(default)]
        sort: Option<String>,
    },
    Hint {
        #[serde(default)]
        id: Value,
    },
    Ping {
        #[serde(default)]
        id: Value,
    },
}

/// A move, by its JSON, its notation, or its place in the game's list.
#[derive(Deserialize, Default)]
struct Chosen {
    #[serde(default)]
    action: Option<Value>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    index: Option<usize>,
}

/// The longest a socket may wait before saying hello.
const HELLO_WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// Upgrades to a match socket after checking the page's origin, the
/// instance's socket limit and that the match exists.
pub async fn upgrade(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "cross-origin WebSocket refused").into_response();
    }
    let Ok(permit) = Arc::clone(&app.sockets).try_acquire_owned() else {
        return MatchError::RateLimited(format!(
            "this server serves at most {} match sockets at once",
            app.hub.limits.max_sockets
        ))
        .into_response();
    };
    let m = match app.hub.get(&id).await {
        Ok(m) => m,
        Err(e) => return e.into_response(),
    };
    let max = app.hub.limits.max_message_bytes;
    let hub = Arc::clone(&app.hub);
    ws.max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| serve_socket(socket, hub, m, permit))
}

async fn serve_socket(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    m: Arc<LiveMatch>,
    _permit: OwnedSemaphorePermit,
) {
    let hello = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<Hello>(&text).ok(),
        _ => None,
    };
    let Some(hello) = hello.filter(|h| h.cmd == "hello") else {
        refuse(
            &mut socket,
            &MatchError::BadRequest(
                "the first message must be {\"cmd\":\"hello\",\"token\":...}".into(),
            ),
        )
        .await;
        return;
    };
    let seat = match admit(&hub, &m, hello.token.as_deref()).await {
        Ok(seat) => seat,
        Err(e) => {
            refuse(&mut socket, &e).await;
            return;
        }
    };
    let wants = FrameWants {
        picture: hello.picture,
        legal_limit: hello.legal_limit.unwrap_or(200).clamp(1, 1000),
    };
    let viewer = viewer_of(seat);
    tracing::info!(id = %m.id, seat = ?seat, "socket joined");
    let welcome = json!({"type": "welcome", "match": m.id, "you": seat.map_or(json!("spectator"), |s| json!({"seat": s}))});
    let mut session = SocketSession {
        hub: &hub,
        m: &m,
        seat,
        viewer,
        wants,
        log_sent: 0,
        bucket: Bucket::full(hub.limits.socket_burst),
    };
    if send(&mut socket, &welcome).await.is_ok() {
        session.run(&mut socket).await;
    }
    leave(&hub, &m, seat).await;
    tracing::info!(id = %m.id, seat = ?seat, "socket left");
}

/// The seat of `token` (marked present; a bot that took it over gives it
/// back), or a spectator when there is no token and the match allows it.
async fn admit(
    hub: &Arc<Hub>,
    m: &Arc<LiveMatch>,
    token: Option<&str>,
) -> Result<Option<u8>, MatchError> {
    let mut live = m.state.lock().await;
    if hub.store.shared() {
        live.catch_up(&hub.store).await?;
    }
    let Some(token) = token else {
        return if live.settings.spectators {
            Ok(None)
        } else {
            Err(MatchError::Forbidden("this match has no spectators".into()))
        };
    };
    let seat = live.seat_of_token(token).ok_or(MatchError::BadToken)?;
    let now = now_ms();
    live.connected[seat as usize] += 1;
    live.present_ms[seat as usize] = now;
    hub.store.touch_seat(&live.row.id, seat, now).await?;
    let had_bot = live.bot_of(seat).is_some();
    crate::absent::seat_back(&hub.store, &mut live, seat).await?;
    drop(live);
    if had_bot {
        hub.store.announce(&m.id).await?;
        m.announce();
    }
    Ok(Some(seat))
}

async fn leave(hub: &Arc<Hub>, m: &Arc<LiveMatch>, seat: Option<u8>) {
    let Some(seat) = seat else { return };
    let mut live = m.state.lock().await;
    let now = now_ms();
    if let Some(c) = live.connected.get_mut(seat as usize) {
        *c = c.saturating_sub(1);
    }
    if let Some(p) = live.present_ms.get_mut(seat as usize) {
        *p = now;
    }
    if let Err(e) = hub.store.touch_seat(&live.row.id, seat, now).await {
        tracing::warn!(id = %m.id, error = %e, "could not record a seat leaving");
    }
}

async fn refuse(socket: &mut WebSocket, error: &MatchError) {
    let _ = send(
        socket,
        &json!({"type": "error", "id": null, "error": error.to_json()}),
    )
    .await;
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code: 1008,
            reason: error.kind().into(),
        })))
        .await;
}

async fn send(socket: &mut WebSocket, value: &Value) -> Result<(), axum::Error> {
    socket.send(Message::Text(value.to_string().into())).await
}

struct SocketSession<'a> {
    hub: &'a Arc<Hub>,
    m: &'a Arc<LiveMatch>,
    seat: Option<u8>,
    viewer: Viewer,
    wants: FrameWants,
    /// Log entries this socket has been sent.
    log_sent: usize,
    bucket: Bucket,
}

impl SocketSession<'_> {
    async fn run(&mut self, socket: &mut WebSocket) {
        let mut changes = self.m.watch();
        changes.mark_changed();
        let idle = self.hub.limits.socket_idle;
        loop {
            tokio::select! {
                changed = changes.changed() => {
                    if changed.is_err() || self.push_update(socket).await.is_err() {
                        return;
                    }
                }
                message = tokio::time::timeout(idle, socket.recv()) => {
                    let text = match message {
                        Err(_) => {
                            let _ = socket.send(Message::Close(Some(CloseFrame { code: 1001, reason: "idle too long".into() }))).await;
                            return;
                        }
                        Ok(None | Some(Err(_) | Ok(Message::Close(_)))) => return,
                        Ok(Some(Ok(Message::Text(text)))) => text.to_string(),
                        Ok(Some(Ok(Message::Binary(bytes)))) => String::from_utf8_lossy(&bytes).into_owned(),
                        Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
                    };
                    let reply = self.answer(&text).await;
                    if send(socket, &reply).await.is_err() {
                        return;
                    }
                }
            }
        }
    }

    async fn push_update(&mut self, socket: &mut WebSocket) -> Result<(), axum::Error> {
        let frame = {
            let live = self.m.state.lock().await;
            let frame = update(&live, self.viewer, self.log_sent, self.wants);
            self.log_sent = frame.log_end;
            frame.json
        };
        socket.send(Message::Text(frame.into())).await
    }

    async fn answer(&mut self, text: &str) -> Value {
        let limits = self.hub.limits;
        if !self
            .bucket
            .take(limits.socket_per_second, limits.socket_burst)
        {
            // The id, when the message has one, so the client knows which
            // of its requests was refused.
            let id = serde_json::from_str::<Value>(text)
                .ok()
                .and_then(|v| v.get("id").cloned())
                .unwrap_or(Value::Null);
            return error_reply(
                &id,
                &MatchError::RateLimited(format!(
                    "at most {} messages a second on one socket",
                    limits.socket_per_second
                )),
            );
        }
        let command = match serde_json::from_str::<Command>(text) {
            Ok(c) => c,
            Err(e) => {
                let id = serde_json::from_str::<Value>(text)
                    .ok()
                    .and_then(|v| v.get("id").cloned())
                    .unwrap_or(Value::Null);
                return error_reply(
                    &id,
                    &MatchError::BadRequest(tabletop::registry::cap_quote(&e.to_string())),
                );
            }
        };
        match command {
            Command::Act {
                id,
                version,
                chosen,
            } => match self.act(version, chosen).await {
                Ok(version) => json!({"type": "ack", "id": id, "version": version}),
                Err(e) => error_reply(&id, &e),
            },
            Command::Check { id, chosen } => match self.check(chosen).await {
                Ok(mut body) => {
                    body["type"] = json!("check");
                    body["id"] = id;
                    body
                }
                Err(e) => error_reply(&id, &e),
            },
            Command::Legal {
                id,
                offset,
                limit,
                filter,
                sort,
            } => {
                let sort = match sort.as_deref() {
                    None | Some("game") => LegalSort::Game,
                    Some("score") => LegalSort::Score,
                    Some(other) => {
                        return error_reply(
                            &id,
                            &MatchError::BadRequest(format!(
                                "sort is \"game\" or \"score\", not {other:?}"
                            )),
                        );
                    }
                };
                let live = self.m.state.lock().await;
                let mut body = legal(
                    &live,
                    self.viewer,
                    &LegalQuery {
                        offset,
                        limit: Some(limit.unwrap_or(self.wants.legal_limit).min(1000)),
                        filter,
                        sort,
                        count_only: false,
                    },
                );
                body["type"] = json!("legal");
                body["id"] = id;
                body["version"] = json!(live.version);
                body
            }
            Command::Hint { id } => match self.hint().await {
                Ok(mut body) => {
                    body["type"] = json!("hint");
                    body["id"] = id;
                    body
                }
                Err(e) => error_reply(&id, &e),
            },
            Command::Ping { id } => json!({"type": "pong", "id": id}),
        }
    }

    fn acting_seat(&self) -> Result<u8, MatchError> {
        self.seat
            .ok_or_else(|| MatchError::NotYourTurn("a spectator does not move".into()))
    }

    async fn act(&mut self, version: u64, chosen: Chosen) -> Result<u64, MatchError> {
        let seat = self.acting_seat()?;
        let mut live = self.m.state.lock().await;
        // A move chosen at a version this instance has not reached yet was
        // made after another instance's move: catch up first. Otherwise
        // the move's unique key and the insert's status check refuse what
        // another instance got to first, without a read on every move.
        if self.hub.store.shared() && version > live.version {
            live.catch_up(&self.hub.store).await?;
        }
        // The version first: a stale or doubled click is refused as stale
        // whatever it names.
        if version != live.version {
            return Err(MatchError::Stale {
                now: live.version,
                sent: version,
            });
        }
        let action = read_chosen(live.session.as_ref(), seat, chosen)?;
        let before = live.version;
        let committed = live.commit(&self.hub.store, seat, version, &action).await;
        let now = live.version;
        drop(live);
        if now != before {
            // This move, or (refused as stale) another instance's moves
            // that the refusal read: the sockets here have news either way,
            // and the notices of those moves will be skipped as held.
            self.m.announce();
            crate::bots::drive(self.hub, self.m);
        }
        committed?;
        Ok(now)
    }

    async fn check(&self, chosen: Chosen) -> Result<Value, MatchError> {
        let seat = self.acting_seat()?;
        let live = self.m.state.lock().await;
        let action = read_chosen(live.session.as_ref(), seat, chosen)?;
        let checked = live.session.check_action(Seat(seat), &action)?;
        Ok(json!({
            "legal": true,
            "version": live.version,
            "action": checked.action,
            "text": checked.text,
            "preview": checked.preview,
        }))
    }

    async fn hint(&self) -> Result<Value, MatchError> {
        let seat = self.acting_seat()?;
        let (mut scratch, bot, version) = {
            let live = self.m.state.lock().await;
            if !live.settings.hints {
                return Err(MatchError::Forbidden("this match gives no hints".into()));
            }
            if live.row.status != PLAYING || live.session.to_act() != ToAct::Seat(Seat(seat)) {
                return Err(MatchError::NotYourTurn(
                    "a hint is for the seat to act".into(),
                ));
            }
            let game = tabletop::registry::find(&live.row.game)?;
            (
                live.session.clone_box(),
                hint_bot(game.bot_names()),
                live.version,
            )
        };
        let limit = self.hub.limits.bot_move_time;
        let seen = tokio::task::spawn_blocking(move || {
            // A hint sees only what the seat sees: the bot is not
            // omniscient, and its own determinizations are its own.
            scratch.set_bot(Seat(seat), &bot, crate::token::new_seed().unwrap_or(0))?;
            let until = Instant::now() + limit;
            scratch.play_bot_seen(&|| Instant::now() >= until, Some(Viewer::Seat(Seat(seat))))
        })
        .await
        .map_err(|e| MatchError::Forbidden(format!("the hint stopped: {e}")))??;
        Ok(json!({"version": version, "action": seen.action, "text": seen.text}))
    }
}

/// The hint bot: the strongest of the catalogue's usual bots the game has.
fn hint_bot(names: Vec<&'static str>) -> String {
    ["ismcts", "mcts", "greedy", "random"]
        .into_iter()
        .find(|n| names.contains(n))
        .unwrap_or("random")
        .to_string()
}

fn read_chosen(
    session: &dyn tabletop::registry::AnySession,
    seat: u8,
    chosen: Chosen,
) -> Result<Value, MatchError> {
    let to_act = session.to_act();
    if to_act != ToAct::Seat(Seat(seat)) {
        return Err(MatchError::NotYourTurn(format!(
            "seat {seat} is not to act ({} to act)",
            crate::live::to_act_words(to_act)
        )));
    }
    match chosen {
        Chosen {
            action: Some(action),
            text: None,
            index: None,
        } => Ok(action),
        Chosen {
            action: None,
            text: Some(text),
            index: None,
        } => Ok(session.read_notation(Seat(seat), &text)?),
        Chosen {
            action: None,
            text: None,
            index: Some(index),
        } => session
            .legal_actions()
            .into_iter()
            .nth(index)
            .ok_or_else(|| MatchError::BadRequest(format!("no legal move at index {index}"))),
        _ => Err(MatchError::BadRequest(
            "name the move by exactly one of action, text or index".into(),
        )),
    }
}

fn error_reply(id: &Value, e: &MatchError) -> Value {
    json!({"type": "error", "id": id, "error": e.to_json()})
}
