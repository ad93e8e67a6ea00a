//! A client of the match server for the tests: a little HTTP for the lobby,
//! WebSockets for the seats, and a local replay to hold every frame
//! against the viewer's own view.

#![allow(dead_code)] // Each test file uses its own part.

use std::net::SocketAddr;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::{self, AnySession};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for any one message before failing.
pub const WAIT: Duration = Duration::from_secs(30);

/// One HTTP request; answers the status and the JSON body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .expect("read");
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// Creates a match with every seat human; answers its id.
pub async fn create(addr: SocketAddr, game: &str, config: &Value, seats: usize) -> String {
    let seats: Vec<Value> = (0..seats).map(|_| json!({"human": true})).collect();
    let (status, body) = http(
        addr,
        "POST",
        "/api/matches",
        Some(&json!({"game": game, "config": config, "seats": seats})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["match"].as_str().expect("an id").to_string()
}

/// Joins seat `seat`; answers its token.
pub async fn join(addr: SocketAddr, id: &str, seat: u8) -> String {
    let (status, body) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/join"),
        Some(&json!({"name": format!("player {seat}"), "seat": seat})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["seat"], seat);
    body["token"].as_str().expect("a token").to_string()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// One socket of a match: a seat (with its token) or a spectator.
pub struct Client {
    ws: Ws,
    /// The seat, or `None` for a spectator.
    pub seat: Option<u8>,
    /// Every update received, in order.
    pub updates: Vec<Value>,
    /// Every other message received (acks, errors, ...), in order.
    pub replies: Vec<Value>,
}

impl Client {
    /// Opens a socket and says hello; `token` `None` watches.
    pub async fn connect(
        addr: SocketAddr,
        id: &str,
        token: Option<&str>,
        seat: Option<u8>,
    ) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/api/matches/{id}/ws"),
            None,
            true,
        )
        .await
        .expect("a socket");
        let mut client = Client {
            ws,
            seat,
            updates: Vec::new(),
            replies: Vec::new(),
        };
        let hello = match token {
            Some(t) => json!({"cmd": "hello", "token": t}),
            None => json!({"cmd": "hello"}),
        };
        client.send(&hello).await;
        let welcome = client.next().await.expect("a welcome");
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        client
    }

    /// Sends one message.
    pub async fn send(&mut self, value: &Value) {
        self.ws
            .send(Message::Text(value.to_string().into()))
            .await
            .expect("send");
    }

    /// The next message (recorded), or `None` once the socket closes.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time")?;
            match message.ok()? {
                Message::Text(text) => {
                    let value: Value = serde_json::from_str(&text).expect("JSON");
                    if value["type"] == "update" {
                        self.updates.push(value.clone());
                    } else {
                        self.replies.push(value.clone());
                    }
                    return Some(value);
                }
                Message::Close(_) => return None,
                Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }

    /// Reads until an update of at least `version` (and matching `until`).
    pub async fn update_at(&mut self, version: u64) -> Value {
        loop {
            let value = self.next().await.expect("the socket stays open");
            if value["type"] == "update" && value["version"].as_u64() >= Some(version) {
                return value;
            }
        }
    }

    /// Reads until a reply (not an update) with this id.
    pub async fn reply(&mut self, id: &str) -> Value {
        loop {
            let value = self.next().await.expect("the socket stays open");
            if value["type"] != "update" && value["id"] == id {
                return value;
            }
        }
    }

    /// The last update received.
    pub fn last(&self) -> &Value {
        self.updates.last().expect("an update")
    }

    /// The log this socket has been sent, put together from its updates.
    pub fn log(&self) -> Vec<Value> {
        let mut log: Vec<Value> = Vec::new();
        for u in &self.updates {
            let from = u["log_from"].as_u64().expect("log_from") as usize;
            assert!(from <= log.len(), "an update skipped log entries");
            log.truncate(from);
            log.extend(u["log"].as_array().expect("log").iter().cloned());
        }
        log
    }
}

/// The keys an update may carry: anything else would be news to check.
pub const UPDATE_KEYS: [&str; 19] = [
    "type",
    "match",
    "version",
    "status",
    "you",
    "to_act",
    "seats",
    "step",
    "log_from",
    "log",
    "log_text",
    "narration",
    "observation",
    "text",
    "picture",
    "ended",
    "result",
    "end_text",
    "legal",
];

/// Holds every update a client received against that viewer's own view
/// of the game at that version, rebuilt from the finished match's replay:
/// the observation, text, log entries and legal moves must be the
/// viewer's, the seed must not appear before the end, and nothing else
/// may be in the frame. Answers how many frames were checked.
pub fn check_frames_against_replay(client: &Client, replay: &Value) -> usize {
    let viewer = client
        .seat
        .map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s)));
    let game = registry::find(replay["game"].as_str().expect("game")).expect("a game");
    let seed: u64 = replay["seed"]
        .as_str()
        .expect("seed")
        .parse()
        .expect("a seed");
    let config = replay["config"].clone();
    let actions: Vec<(u8, Value)> = replay["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s.get("Action"))
        .map(|a| (a["seat"].as_u64().expect("seat") as u8, a["action"].clone()))
        .collect();
    let mut session = game.open(&config, seed).expect("the config opens");
    let mut version = 0u64;
    for frame in &client.updates {
        let at = frame["version"].as_u64().expect("version");
        while version < at {
            let (seat, action) = &actions[version as usize];
            session.act(Seat(*seat), action).expect("the replay's move");
            version += 1;
        }
        check_frame(frame, session.as_ref(), viewer, seed);
    }
    client.updates.len()
}

/// One frame against the viewer's view of `session`.
pub fn check_frame(frame: &Value, session: &dyn AnySession, viewer: Viewer, seed: u64) {
    for key in frame.as_object().expect("an object").keys() {
        assert!(
            UPDATE_KEYS.contains(&key.as_str()),
            "an unexpected key {key} in {frame}"
        );
    }
    assert_eq!(
        frame["observation"],
        session.observe(viewer),
        "the observation is the viewer's"
    );
    assert_eq!(
        frame["text"],
        session.render(viewer),
        "the text is the viewer's"
    );
    let log = session.log_for(viewer);
    let from = frame["log_from"].as_u64().expect("log_from") as usize;
    assert_eq!(
        frame["log"].as_array().expect("log")[..],
        log.as_array().expect("log")[from..],
        "the log entries are the viewer's"
    );
    assert_eq!(
        frame["narration"].as_array().expect("narration")[..],
        json!(session.narration(viewer))
            .as_array()
            .expect("sentences")[from..],
        "the sentences are the viewer's"
    );
    if let Some(end) = frame.get("end_text") {
        assert_eq!(
            Some(end.as_str().expect("words")),
            session.narrate_end(viewer).as_deref()
        );
    }
    if let (Some(legal), Viewer::Seat(seat)) = (frame.get("legal"), viewer) {
        // Words and notes come from the seat's own view of its own moves.
        for (i, action) in legal["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .enumerate()
        {
            assert_eq!(
                legal["words"][i],
                json!(session.move_words(action)),
                "{action}"
            );
            assert_eq!(
                legal["notes"][i],
                json!(session.move_note(seat, action)),
                "{action}"
            );
        }
    }
    let to_act = session.to_act();
    let own_turn = matches!((viewer, to_act), (Viewer::Seat(v), ToAct::Seat(s)) if v == s);
    assert_eq!(
        frame.get("legal").is_some(),
        own_turn && frame["status"] == "playing",
        "legal moves go only to the seat to act"
    );
    if frame["status"] != "over" {
        let text = frame.to_string();
        assert!(
            !text.contains(&seed.to_string()),
            "the seed must not reach a seat before the end"
        );
    }
}

/// The match's replay, once it is over.
pub async fn replay(addr: SocketAddr, id: &str) -> Value {
    let (status, body) = http(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// A move for the seat to act: the update's legal move number
/// `pick % len`, as JSON.
pub fn pick(update: &Value, pick: usize) -> Value {
    let actions = update["legal"]["actions"].as_array().expect("legal moves");
    actions[pick % actions.len()].clone()
}

/// MOON's competitive game for two, RAM hidden: the hidden-information
/// configuration the match server must keep apart.
pub fn moon_competitive() -> Value {
    let mut config = serde_json::to_value(tabletop::moon::Config::competitive(
        2,
        tabletop::moon::Difficulty::Normal,
    ))
    .expect("config");
    config["ram_hidden"] = json!(true);
    // Random moves rarely reach a goal: a short game keeps the tests quick.
    config["max_rounds"] = json!(12);
    config
}

/// A session of `game` (to learn its seat count).
pub fn seats_of(game: &str, config: &Value) -> usize {
    registry::find(game)
        .expect("game")
        .open(config, 0)
        .expect("config")
        .seats()
}

/// A free port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Starts `tabletop server` on `addr` with `db`, and waits until it answers.
pub async fn start_server(addr: SocketAddr, db: &str, log: &Path) -> Child {
    let log = std::fs::File::create(log).expect("a log file");
    let child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "server",
            "--addr",
            &addr.to_string(),
            "--db",
            db,
            "--log",
            "warn",
            // The test clients move as fast as they can; a person's pace
            // stays far under the default (20 messages a second).
            "--socket-rate",
            "10000",
            "--socket-burst",
            "10000",
        ])
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .expect("the server starts");
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            return child;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("tabletop server did not listen on {addr}");
}
