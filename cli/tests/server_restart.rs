//! `tabletop server` killed mid-match (SIGKILL) and started again on the
//! same SQLite file: the seats reconnect with their tokens and finish, and
//! the final replay verifies and equals what the seats were shown.

mod common;

use std::net::SocketAddr;

use common::{
    Client, check_frames_against_replay, create, free_port, http, join, pick, replay, start_server,
};
use serde_json::{Value, json};
use tabletop::game_core::{Seat, Viewer};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_nothing_and_its_seats_finish_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("tabletop-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("matches.db").display());
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();

    let mut server = start_server(addr, &db, &dir.join("first.log")).await;
    // Half a dozen moves, then the kill. The server draws each match's
    // seed, and a two-seat Market Island can end within six moves (nobody
    // able to mine, MI-25): such a match is finished, and another started.
    let (id, tokens, first, mut version) = loop {
        let id = create(addr, "market-island", &json!({"seats": 2}), 2).await;
        let tokens = [join(addr, &id, 0).await, join(addr, &id, 1).await];
        let mut first: Vec<Client> = Vec::new();
        for (seat, token) in tokens.iter().enumerate() {
            first.push(Client::connect(addr, &id, Some(token), Some(seat as u8)).await);
        }
        for c in &mut first {
            c.update_at(0).await;
        }
        let mut version = 0u64;
        for turn in 0..6 {
            if first[0].last()["status"] == "over" {
                break;
            }
            version = play_one(&mut first, version, turn).await;
        }
        if first[0].last()["status"] != "over" {
            break (id, tokens, first, version);
        }
    };
    server.start_kill().expect("SIGKILL");
    server.wait().await.expect("the server died");

    let _server = start_server(addr, &db, &dir.join("second.log")).await;
    let mut second: Vec<Client> = Vec::new();
    for (seat, token) in tokens.iter().enumerate() {
        let mut c = Client::connect(addr, &id, Some(token), Some(seat as u8)).await;
        let resumed = c.update_at(0).await;
        assert_eq!(
            resumed["version"], version,
            "every acknowledged move survived"
        );
        second.push(c);
    }
    for turn in 6..5000 {
        if second[0].last()["status"] == "over" {
            break;
        }
        version = play_one(&mut second, version, turn).await;
    }
    assert_eq!(second[0].last()["status"], "over");

    let replay = replay(addr, &id).await;
    let loaded = tabletop::registry::find("market-island")
        .unwrap()
        .load_replay(&replay.to_string())
        .expect("the replay verifies");
    for seat in 0..2 {
        // What the seat was shown before and after the restart, together,
        // is its log of the whole match.
        let mut shown = first[seat].log();
        let after = &second[seat];
        let from = after.updates[0]["log_from"].as_u64().unwrap() as usize;
        assert_eq!(from, 0, "a reconnected socket is sent the whole log");
        let whole = after.log();
        assert_eq!(
            whole[..shown.len()],
            shown[..],
            "the log before the kill is kept"
        );
        shown = whole;
        assert_eq!(
            Value::Array(shown),
            loaded.log_for(Viewer::Seat(Seat(seat as u8))),
            "seat {seat} was shown the replay's steps"
        );
        check_frames_against_replay(&first[seat], &replay);
        check_frames_against_replay(&second[seat], &replay);
    }
    let (status, listed) = http(addr, "GET", "/api/matches?status=over", None).await;
    assert_eq!(status, 200);
    assert!(
        listed["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["match"] == id)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The seat to act plays one move; every seat waits for the update.
async fn play_one(clients: &mut [Client], version: u64, turn: usize) -> u64 {
    let last = clients[0].last().clone();
    let seat = last["to_act"]["seat"]
        .as_u64()
        .unwrap_or_else(|| panic!("a seat to act: {last}")) as usize;
    let action = pick(clients[seat].last(), turn * 5 + 1);
    let tag = format!("t{turn}");
    clients[seat]
        .send(&json!({"cmd": "act", "id": tag, "version": version, "action": action}))
        .await;
    let ack = clients[seat].reply(&tag).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    for c in clients.iter_mut() {
        c.update_at(version + 1).await;
    }
    version + 1
}
