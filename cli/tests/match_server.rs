//! The match server over real sockets, in this process on SQLite: every
//! game played to the end by its seats and a spectator, the refusals that
//! change nothing, and every frame held against its viewer's own view.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use common::{Client, check_frames_against_replay, create, http, join, pick, replay};
use serde_json::{Value, json};
use tabletop_server::{DEFAULT_LIMITS, DEFAULT_SERVER_LIMITS, Hub, ServerLimits};

/// A server on a fresh SQLite file; answers its address and hub. Its
/// sockets take messages as fast as the test clients send them (a
/// person's pace stays far under the default limit).
async fn server(name: &str) -> (SocketAddr, Arc<Hub>, std::path::PathBuf) {
    let fast = ServerLimits {
        socket_per_second: 10_000,
        socket_burst: 10_000,
        ..DEFAULT_SERVER_LIMITS
    };
    server_with(name, fast).await
}

/// A server on a fresh SQLite file with `limits`.
async fn server_with(
    name: &str,
    limits: ServerLimits,
) -> (SocketAddr, Arc<Hub>, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("tabletop-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let db = format!("sqlite://{}", dir.join("matches.db").display());
    let hub = tabletop_server::start(&db, limits)
        .await
        .expect("the store opens");
    let router = tabletop_server::match_router(Arc::clone(&hub), DEFAULT_LIMITS, None);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(tabletop_server::serve_router(
        listener,
        router,
        std::future::pending(),
    ));
    (addr, hub, dir)
}

/// Both seats of a two-seat match on their sockets, each with its first
/// update; answers them and the seat to act (the server draws the seed,
/// so either may start).
async fn seated(addr: SocketAddr, id: &str, tokens: [&str; 2]) -> ([Client; 2], usize) {
    let mut seats = [
        Client::connect(addr, id, Some(tokens[0]), Some(0)).await,
        Client::connect(addr, id, Some(tokens[1]), Some(1)).await,
    ];
    for s in &mut seats {
        s.update_at(0).await;
    }
    let acting = seats[0].last()["to_act"]["seat"].as_u64().unwrap() as usize;
    (seats, acting)
}

/// Plays match `id` to its end with one client per seat, each choosing a
/// legal move from its own update; answers the clients, spectator last.
async fn play_out(addr: SocketAddr, id: &str, tokens: &[String]) -> Vec<Client> {
    let mut clients = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        clients.push(Client::connect(addr, id, Some(token), Some(seat as u8)).await);
    }
    clients.push(Client::connect(addr, id, None, None).await);
    let mut version = 0;
    for c in &mut clients {
        c.update_at(0).await;
    }
    for turn in 0..5000usize {
        let last = clients[0].last().clone();
        if last["status"] == "over" {
            break;
        }
        let seat = last["to_act"]["seat"].as_u64().expect("a seat to act") as usize;
        let mover = &mut clients[seat];
        let action = pick(mover.last(), turn * 7 + 3);
        let tag = format!("t{turn}");
        mover
            .send(&json!({"cmd": "act", "id": tag, "version": version, "action": action}))
            .await;
        let ack = mover.reply(&tag).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        version += 1;
        assert_eq!(ack["version"], version);
        for c in &mut clients {
            c.update_at(version).await;
        }
    }
    assert_eq!(clients[0].last()["status"], "over", "the game ended");
    clients
}

async fn play_and_check(game: &str, config: Value) {
    let (addr, _hub, dir) = server(game).await;
    let seats = common::seats_of(game, &config);
    assert!((2..=4).contains(&seats), "{game}: {seats} seats");
    let id = create(addr, game, &config, seats).await;
    let mut tokens = Vec::new();
    for seat in 0..seats {
        tokens.push(join(addr, &id, seat as u8).await);
    }
    let clients = play_out(addr, &id, &tokens).await;
    let replay = replay(addr, &id).await;
    let loaded = tabletop::registry::find(game)
        .unwrap()
        .load_replay(&replay.to_string())
        .expect("the final replay verifies");
    let mut checked = 0;
    for c in &clients {
        checked += check_frames_against_replay(c, &replay);
        let viewer = c.seat.map_or(tabletop::game_core::Viewer::Spectator, |s| {
            tabletop::game_core::Viewer::Seat(tabletop::game_core::Seat(s))
        });
        assert_eq!(
            Value::Array(c.log()),
            loaded.log_for(viewer),
            "{game}: the log a socket was sent is the replay's, as its viewer sees it"
        );
    }
    assert!(
        checked > clients.len() * 3,
        "{game}: {checked} frames checked"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn market_island_is_played_to_the_end_by_its_seats_and_a_spectator() {
    play_and_check("market-island", Value::Null).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn competitive_moon_with_hidden_ram_is_played_to_the_end() {
    play_and_check("moon", common::moon_competitive()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binary_scrabble_is_played_to_the_end() {
    play_and_check("binary-scrabble", Value::Null).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moon_base_is_played_to_the_end() {
    play_and_check("moon-base", Value::Null).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_tokens_other_seats_stale_and_doubled_moves_change_nothing() {
    let (addr, hub, dir) = server("refusals").await;
    let id = create(addr, "market-island", &json!({"seats": 2}), 2).await;
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;

    // A wrong token: refused, and the socket closed.
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/matches/{id}/ws"))
        .await
        .unwrap();
    use futures_util::{SinkExt, StreamExt};
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        json!({"cmd": "hello", "token": "0".repeat(64)})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let refused = ws.next().await.unwrap().unwrap();
    let refused: Value = serde_json::from_str(refused.to_text().unwrap()).unwrap();
    assert_eq!(refused["error"]["kind"], "BadToken");

    let (mut seats, acting) = seated(addr, &id, [&t0, &t1]).await;
    let waiting = 1 - acting;
    let action = pick(seats[acting].last(), 0);
    let before = hub.store.moves_from(&id, 0).await.unwrap().len();

    // Another seat's move: refused.
    seats[waiting]
        .send(&json!({"cmd": "act", "id": "other", "version": 0, "action": action}))
        .await;
    let other = seats[waiting].reply("other").await;
    assert_eq!(other["error"]["kind"], "NotYourTurn", "{other}");

    // A stale version: refused.
    seats[acting]
        .send(&json!({"cmd": "act", "id": "stale", "version": 7, "action": action}))
        .await;
    assert_eq!(seats[acting].reply("stale").await["error"]["kind"], "Stale");
    assert_eq!(
        hub.store.moves_from(&id, 0).await.unwrap().len(),
        before,
        "nothing was written"
    );

    // A doubled click: two acts at version 0; one plays, one is stale.
    for tag in ["click1", "click2"] {
        seats[acting]
            .send(&json!({"cmd": "act", "id": tag, "version": 0, "action": action}))
            .await;
    }
    let one = seats[acting].reply("click1").await;
    let two = seats[acting].reply("click2").await;
    assert_eq!(one["type"], "ack", "{one}");
    assert_eq!(two["error"]["kind"], "Stale", "{two}");
    assert_eq!(
        hub.store.moves_from(&id, 0).await.unwrap().len(),
        before + 1,
        "one move was written"
    );

    // A spectator cannot move; bad JSON gets an error, not a closed socket.
    let mut watcher = Client::connect(addr, &id, None, None).await;
    watcher
        .send(&json!({"cmd": "act", "id": "w", "version": 1, "index": 0}))
        .await;
    assert_eq!(watcher.reply("w").await["error"]["kind"], "NotYourTurn");
    watcher.send(&json!({"cmd": "fly", "id": "x"})).await;
    assert_eq!(watcher.reply("x").await["error"]["kind"], "BadRequest");
    watcher.send(&json!({"cmd": "ping", "id": "p"})).await;
    assert_eq!(watcher.reply("p").await["type"], "pong");

    // The lobby never shows a token or the seed.
    let (status, shown) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(status, 200);
    let text = shown.to_string();
    assert!(!text.contains(&t0) && !text.contains(&t1));
    let (status, _) = http(addr, "GET", &format!("/api/matches/{id}/replay"), None).await;
    assert_eq!(status, 403, "no replay (no seed) while the match runs");
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_joins_leaves_and_rematches() {
    let (addr, _hub, dir) = server("lobby").await;
    let (status, games) = http(addr, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for game in ["moon", "binary-scrabble", "market-island", "moon-base"] {
        assert!(names.contains(&game), "{names:?}");
    }
    assert!(
        games["games"][0]["teaches"]
            .as_str()
            .unwrap()
            .contains("Binary")
    );

    let (status, bad) = http(
        addr,
        "POST",
        "/api/matches",
        Some(&json!({"game": "chess"})),
    )
    .await;
    assert_eq!(
        (status, bad["error"]["kind"].as_str()),
        (400, Some("UnknownGame"))
    );
    let (status, bad) = http(
        addr,
        "POST",
        "/api/matches",
        Some(&json!({"game": "moon-base", "seats": [{"human": true}, {"bot": "no-such-bot"}]})),
    )
    .await;
    assert_eq!(
        (status, bad["error"]["kind"].as_str()),
        (400, Some("UnknownBot"))
    );

    // One seat against a bot: open until the human joins, then playing.
    let (status, made) = http(
        addr,
        "POST",
        "/api/matches",
        Some(&json!({"game": "moon-base", "seats": [{"human": true}, {"bot": "random"}]})),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let id = made["match"].as_str().unwrap().to_string();
    let (_, open) = http(addr, "GET", "/api/matches?status=open&game=moon-base", None).await;
    assert!(
        open["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["match"] == id)
    );
    let token = join(addr, &id, 0).await;
    let (status, taken) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/join"),
        Some(&json!({"name": "late"})),
    )
    .await;
    assert_eq!(
        (status, taken["error"]["kind"].as_str()),
        (409, Some("NotPlaying"))
    );
    let (_, shown) = http(addr, "GET", &format!("/api/matches/{id}"), None).await;
    assert_eq!(shown["status"], "playing");
    assert_eq!(shown["seats"][0]["name"], "player 0");

    // Leaving a running match hands the seat to its bot (the default).
    let (status, left) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/leave"),
        Some(&json!({"token": token})),
    )
    .await;
    assert_eq!(status, 200, "{left}");
    let mut watcher = Client::connect(addr, &id, None, None).await;
    loop {
        let u = watcher.next().await.expect("updates");
        if u["status"] == "over" {
            break;
        }
    }
    // A rematch from the finished match: same seating, the caller seated.
    let (status, again) = http(
        addr,
        "POST",
        &format!("/api/matches/{id}/rematch"),
        Some(&json!({"token": token})),
    )
    .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["seat"], 0);
    assert_ne!(again["match"], json!(id));
    let (_, next) = http(
        addr,
        "GET",
        &format!("/api/matches/{}", again["match"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(next["rematch_of"], json!(id));
    assert_eq!(next["status"], "playing");
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_past_its_rate_is_refused_by_id_and_changes_nothing() {
    let slow = ServerLimits {
        socket_per_second: 1,
        socket_burst: 3,
        ..DEFAULT_SERVER_LIMITS
    };
    let (addr, hub, dir) = server_with("rate", slow).await;
    let id = create(addr, "market-island", &json!({"seats": 2}), 2).await;
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;
    let (mut seats, acting) = seated(addr, &id, [&t0, &t1]).await;
    let action = pick(seats[acting].last(), 0);
    // The burst of three goes through; the fourth message in the same
    // second is refused, named by its id, and its move is not played.
    for tag in ["p1", "p2", "p3"] {
        seats[acting].send(&json!({"cmd": "ping", "id": tag})).await;
        assert_eq!(seats[acting].reply(tag).await["type"], "pong");
    }
    seats[acting]
        .send(&json!({"cmd": "act", "id": "fast", "version": 0, "action": action}))
        .await;
    let refused = seats[acting].reply("fast").await;
    assert_eq!(refused["error"]["kind"], "RateLimited", "{refused}");
    assert!(hub.store.moves_from(&id, 0).await.unwrap().is_empty());
    let _ = std::fs::remove_dir_all(dir);
}
