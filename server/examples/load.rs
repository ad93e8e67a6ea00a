//! The match server under load: N concurrent matches, two seats each, over
//! real WebSockets on loopback. First each match moves at a human pace
//! (one move a second per match) and the program reports the time from a
//! seat's `act` to every seat's update (p50, p99, max); then every match
//! moves as fast as its clients can and it reports steps a second. The
//! server runs in this process on the same two cores as the clients.
//!
//! ```text
//! cargo run --release -p tabletop-server --example load -- --matches 500
//! cargo run --release -p tabletop-server --example load -- --matches 500 --db postgres://tabletop@127.0.0.1:55432/tabletop
//! ```
//!
//! Figures are in docs/server.md.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_server::{
    CreateRequest, DEFAULT_LIMITS, DEFAULT_SERVER_LIMITS, Hub, SeatRequest, ServerLimits,
};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Options {
    matches: usize,
    db: String,
    game: String,
    pace: Duration,
    paced_for: Duration,
    fast_for: Duration,
}

fn options() -> Options {
    let mut o = Options {
        matches: 500,
        db: String::new(),
        game: "market-island".into(),
        pace: Duration::from_secs(1),
        paced_for: Duration::from_secs(30),
        fast_for: Duration::from_secs(10),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i + 1 < args.len() {
        let v = &args[i + 1];
        match args[i].as_str() {
            "--matches" => o.matches = v.parse().expect("--matches N"),
            "--db" => o.db.clone_from(v),
            "--game" => o.game.clone_from(v),
            "--pace-ms" => o.pace = Duration::from_millis(v.parse().expect("--pace-ms MS")),
            "--paced-secs" => o.paced_for = Duration::from_secs(v.parse().expect("--paced-secs S")),
            "--fast-secs" => o.fast_for = Duration::from_secs(v.parse().expect("--fast-secs S")),
            other => panic!("unknown flag {other}"),
        }
        i += 2;
    }
    if o.db.is_empty() {
        let file = std::env::temp_dir().join(format!("tabletop-load-{}.db", std::process::id()));
        o.db = format!("sqlite://{}", file.display());
    }
    o
}

/// One match's two seats.
struct Table {
    id: String,
    seats: [Ws; 2],
    /// The last update each seat received.
    last: [Seen; 2],
}

/// What a seat client reads of a message: a real client on another device
/// parses what it draws, but these clients share the server's two cores,
/// so they read only what choosing a move needs (serde skips the rest
/// without building it).
#[derive(Debug, Default, Deserialize)]
struct Seen {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    status: String,
    #[serde(default)]
    to_act: Value,
    #[serde(default)]
    legal: Option<SeenLegal>,
    #[serde(default)]
    error: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
struct SeenLegal {
    actions: Vec<Value>,
}

async fn open_table(hub: &Arc<Hub>, addr: SocketAddr, game: &str) -> Table {
    let request = CreateRequest {
        game: game.into(),
        config: json!({"seats": 2}),
        seats: Some(vec![
            SeatRequest {
                bot: None,
                human: true,
            },
            SeatRequest {
                bot: None,
                human: true,
            },
        ]),
        settings: tabletop_server::Settings::default(),
    };
    let m = hub.create("load", request, "").await.expect("a match");
    let mut seats = Vec::new();
    let mut last = Vec::new();
    for seat in 0..2 {
        let joined = hub.join(&m.id, "load", Some(seat)).await.expect("a seat");
        let (mut ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/api/matches/{}/ws", m.id),
            None,
            true,
        )
        .await
        .expect("a socket");
        ws.send(Message::Text(
            json!({"cmd": "hello", "token": joined.token})
                .to_string()
                .into(),
        ))
        .await
        .expect("hello");
        let mut update = Seen::default();
        while update.kind != "update" {
            update = read(&mut ws).await;
        }
        seats.push(ws);
        last.push(update);
    }
    let (b, a) = (seats.pop().expect("seat 1"), seats.pop().expect("seat 0"));
    let (lb, la) = (last.pop().expect("update 1"), last.pop().expect("update 0"));
    Table {
        id: m.id.clone(),
        seats: [a, b],
        last: [la, lb],
    }
}

async fn read(ws: &mut Ws) -> Seen {
    loop {
        match ws.next().await.expect("open").expect("a message") {
            Message::Text(t) => return serde_json::from_str(&t).expect("JSON"),
            Message::Close(_) => panic!("closed"),
            Message::Binary(_) | Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
        }
    }
}

/// Plays one move; answers the time from the act to the last seat's
/// update, or `None` when the match is over.
async fn one_move(table: &mut Table, turn: u64) -> Option<Duration> {
    if table.last[0].status == "over" {
        return None;
    }
    let seat = table.last[0].to_act["seat"].as_u64()? as usize;
    let version = table.last[0].version;
    let actions = &table.last[seat].legal.as_ref()?.actions;
    let action = actions[(turn as usize * 7 + 3) % actions.len()].clone();
    let start = Instant::now();
    table.seats[seat]
        .send(Message::Text(
            json!({"cmd": "act", "id": 1, "version": version, "action": action})
                .to_string()
                .into(),
        ))
        .await
        .ok()?;
    for s in 0..2 {
        loop {
            let v = read(&mut table.seats[s]).await;
            if v.kind == "error" {
                panic!("{}: {:?}", table.id, v.error);
            }
            if v.kind == "update" && v.version > version {
                table.last[s] = v;
                break;
            }
        }
    }
    Some(start.elapsed())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn main() {
    let o = options();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let limits = ServerLimits {
            matches_per_address: u32::MAX,
            max_sockets: 100_000,
            http_per_second: u32::MAX,
            http_burst: u32::MAX,
            ..DEFAULT_SERVER_LIMITS
        };
        let hub = tabletop_server::start(&o.db, limits).await.expect("the store opens");
        let router = tabletop_server::match_router(Arc::clone(&hub), DEFAULT_LIMITS, None);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(tabletop_server::serve_router(listener, router, std::future::pending()));

        let started = Instant::now();
        let mut tables = Vec::new();
        for _ in 0..o.matches {
            tables.push(Arc::new(Mutex::new(open_table(&hub, addr, &o.game).await)));
        }
        println!(
            "{} {} matches, {} sockets, on {} (set up in {:.1} s)",
            o.matches,
            o.game,
            o.matches * 2,
            if o.db.starts_with("postgres") { "PostgreSQL" } else { "SQLite" },
            started.elapsed().as_secs_f64()
        );

        // Human pace: each match moves once per `pace`, the matches spread
        // evenly over the interval.
        let latencies = Arc::new(Mutex::new(Vec::new()));
        let until = Instant::now() + o.paced_for;
        let mut tasks = Vec::new();
        for (i, table) in tables.iter().enumerate() {
            let (table, latencies, hub, game) = (Arc::clone(table), Arc::clone(&latencies), Arc::clone(&hub), o.game.clone());
            let offset = o.pace.mul_f64(i as f64 / o.matches as f64);
            let pace = o.pace;
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(offset).await;
                let mut tick = tokio::time::interval(pace);
                let mut turn = 0;
                while Instant::now() < until {
                    tick.tick().await;
                    let mut t = table.lock().await;
                    match one_move(&mut t, turn).await {
                        Some(d) => latencies.lock().await.push(d),
                        None => *t = open_table(&hub, addr, &game).await,
                    }
                    turn += 1;
                }
            }));
        }
        for t in tasks {
            t.await.expect("a paced match");
        }
        let mut l = latencies.lock().await.clone();
        l.sort();
        println!(
            "human pace ({} ms a move per match): {} moves, act→every seat's update p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            o.pace.as_millis(),
            l.len(),
            percentile(&l, 0.5).as_secs_f64() * 1e3,
            percentile(&l, 0.99).as_secs_f64() * 1e3,
            l.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );

        // As fast as the clients can.
        let steps = Arc::new(AtomicU64::new(0));
        let until = Instant::now() + o.fast_for;
        let started = Instant::now();
        let mut tasks = Vec::new();
        for table in &tables {
            let (table, steps, hub, game) = (Arc::clone(table), Arc::clone(&steps), Arc::clone(&hub), o.game.clone());
            tasks.push(tokio::spawn(async move {
                let mut turn = 1000;
                while Instant::now() < until {
                    let mut t = table.lock().await;
                    match one_move(&mut t, turn).await {
                        Some(_) => {
                            steps.fetch_add(1, Ordering::Relaxed);
                        }
                        None => *t = open_table(&hub, addr, &game).await,
                    }
                    turn += 1;
                }
            }));
        }
        for t in tasks {
            t.await.expect("a fast match");
        }
        let n = steps.load(Ordering::Relaxed);
        println!(
            "flat out: {n} moves in {:.1} s = {:.0} moves a second (each written, then sent to both seats)",
            started.elapsed().as_secs_f64(),
            n as f64 / started.elapsed().as_secs_f64()
        );
    });
}
