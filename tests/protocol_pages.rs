//! Bounded replies: `legal` in pages (`offset`, `limit`, `filter`,
//! `sort: "score"`, `count`), `check` without playing, moves by notation,
//! and no reply past the size limit, on the Binary Scrabble three-blank
//! repro (`tests/repros/binary-scrabble-three-blanks.jsonl`), whose
//! unpaged list was a 53.5 MB reply.

use serde_json::{Value, json};
use tabletop::registry::protocol::{Limits, Server};

/// The repro's `load` line: seat 1 to act on an empty board, three blanks
/// on its rack.
fn three_blanks() -> Server {
    let text = include_str!("repros/binary-scrabble-three-blanks.jsonl");
    let mut server = Server::new();
    let load = text.lines().next().unwrap();
    let reply: Value = serde_json::from_str(&server.handle_line(load)).unwrap();
    assert_eq!(reply["ok"], true, "{reply}");
    server
}

/// Sends one request and returns the reply line, checking its size.
fn line(server: &mut Server, request: &Value) -> String {
    let reply = server.handle_line(&request.to_string());
    assert!(
        reply.len() <= server.limits().max_reply_bytes,
        "{request}: {} bytes",
        reply.len()
    );
    reply
}

/// Sends one request that must succeed.
fn ok(server: &mut Server, request: &Value) -> Value {
    let reply: Value = serde_json::from_str(&line(server, request)).unwrap();
    assert_eq!(reply["ok"], true, "{request} -> {reply}");
    reply
}

#[test]
fn the_repro_answers_the_best_plays_the_count_and_pages_under_the_size_limit() {
    let mut server = three_blanks();
    let count = ok(&mut server, &json!({"cmd": "legal", "count": true}));
    let total = count["total"].as_u64().unwrap();
    assert!(total > 100_000, "{count}");
    assert!(count.get("actions").is_none(), "count answers no moves");

    let best = ok(
        &mut server,
        &json!({"cmd": "legal", "limit": 20, "sort": "score"}),
    );
    assert_eq!(best["total"], total);
    assert_eq!(best["next"], 20);
    let scores: Vec<i64> = best["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(scores.len(), 20);
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // The page came from the game's search for its best plays; sorting the
    // whole list (a page past that search's reach) agrees.
    let sorted = ok(
        &mut server,
        &json!({"cmd": "legal", "limit": 1001, "sort": "score"}),
    );
    assert_eq!(
        sorted["actions"].as_array().unwrap()[..20],
        best["actions"].as_array().unwrap()[..]
    );
    assert_eq!(
        sorted["scores"].as_array().unwrap()[..20],
        best["scores"].as_array().unwrap()[..]
    );
    // The best play's preview, asked with `check`, is the page's score.
    let top = &best["actions"][0];
    let checked = ok(&mut server, &json!({"cmd": "check", "action": top}));
    assert_eq!(checked["preview"]["score"], scores[0]);
    assert_eq!(checked["text"], best["names"][0]);
    // Nothing played in the whole page is better than the best on it.
    let second_page = ok(
        &mut server,
        &json!({"cmd": "legal", "offset": 20, "limit": 20, "sort": "score"}),
    );
    assert!(second_page["scores"][0].as_i64().unwrap() <= scores[19]);

    // Unpaged: the first page that fits the limit, and where to go on.
    let unpaged = ok(&mut server, &json!({"cmd": "legal"}));
    let shown = unpaged["actions"].as_array().unwrap().len();
    assert!(shown > 100 && (shown as u64) < total, "{shown}");
    assert_eq!(unpaged["next"], shown);
    assert_eq!(unpaged["names"].as_array().unwrap().len(), shown);
}

#[test]
fn a_filter_keeps_the_plays_whose_notation_holds_every_word() {
    let mut server = three_blanks();
    let page = ok(
        &mut server,
        &json!({"cmd": "legal", "filter": "h8 ACROSS", "limit": 50}),
    );
    let names = page["names"].as_array().unwrap();
    assert_eq!(names.len(), 50);
    for name in names {
        let name = name.as_str().unwrap().to_lowercase();
        assert!(name.contains("h8") && name.contains("across"), "{name}");
    }
    let down = ok(
        &mut server,
        &json!({"cmd": "legal", "filter": "h8 down", "count": true}),
    );
    let all = ok(
        &mut server,
        &json!({"cmd": "legal", "filter": "h8", "count": true}),
    );
    assert_eq!(
        page["total"].as_u64().unwrap() + down["total"].as_u64().unwrap(),
        all["total"].as_u64().unwrap()
    );
}

#[test]
fn pages_walked_by_next_cover_the_list_once() {
    let mut server = Server::new();
    ok(
        &mut server,
        &json!({"cmd": "new", "game": "moon", "config": {"preset": {"V1Competitive": ["Novice", "Novice"]}}, "seed": "3"}),
    );
    let everything = ok(&mut server, &json!({"cmd": "legal"}));
    let total = everything["total"].as_u64().unwrap() as usize;
    assert_eq!(everything["next"], Value::Null);
    let mut offset = Some(0);
    let mut seen = Vec::new();
    while let Some(at) = offset {
        let page = ok(
            &mut server,
            &json!({"cmd": "legal", "offset": at, "limit": 7}),
        );
        seen.extend(
            page["indices"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i.as_u64().unwrap() as usize),
        );
        offset = page["next"].as_u64().map(|n| n as usize);
    }
    assert_eq!(seen, (0..total).collect::<Vec<_>>());
    let past = ok(&mut server, &json!({"cmd": "legal", "offset": total + 5}));
    assert_eq!(
        (past["actions"].clone(), past["next"].clone()),
        (json!([]), Value::Null)
    );
}

#[test]
fn check_previews_a_move_or_refuses_it_with_its_rule_and_changes_nothing() {
    let mut server = three_blanks();
    let before = ok(&mut server, &json!({"cmd": "outcome"}));
    let bad = ok_or_error(
        &mut server,
        &json!({"cmd": "check", "text": "A1 across 1=1"}),
    );
    assert_eq!(bad["error"]["kind"], "Refused");
    assert_eq!(bad["error"]["rule"], "R-6", "{bad}");
    let typo = ok_or_error(
        &mut server,
        &json!({"cmd": "check", "text": "Z99 across 1"}),
    );
    assert_eq!(typo["error"]["kind"], "BadNotation", "{typo}");
    let good = ok(
        &mut server,
        &json!({"cmd": "check", "text": "h8 ACROSS 0?=?0"}),
    );
    assert_eq!(
        (good["legal"].clone(), good["seat"].clone()),
        (json!(true), json!(1))
    );
    assert_eq!(good["text"], "H8 across 0?=?0");
    assert!(good["preview"]["score"].as_i64().unwrap() > 0, "{good}");
    let after = ok(&mut server, &json!({"cmd": "outcome"}));
    assert_eq!(before["version"], after["version"], "check plays nothing");
    // The same text plays the move.
    let played = ok(
        &mut server,
        &json!({"cmd": "act", "text": "h8 across 0?=?0"}),
    );
    // The server draws seat 1's new tiles, and seat 0 is to act.
    assert_eq!(played["to_act"], 0, "{played}");
    assert!(played["version"].as_u64() > after["version"].as_u64());
}

/// Sends a request and returns the reply, success or not.
fn ok_or_error(server: &mut Server, request: &Value) -> Value {
    serde_json::from_str(&line(server, request)).unwrap()
}

#[test]
fn a_reply_past_the_limit_is_paged_or_refused() {
    let limits = Limits {
        max_reply_bytes: 16 << 10,
        ..Limits::default()
    };
    let mut server = Server::with_limits(limits);
    let load = include_str!("repros/binary-scrabble-three-blanks.jsonl")
        .lines()
        .next()
        .unwrap();
    server.handle_line(load);
    let page = ok(&mut server, &json!({"cmd": "legal"}));
    assert!(page["next"].as_u64().unwrap() > 0);
    let picture = ok_or_error(&mut server, &json!({"cmd": "picture"}));
    assert_eq!(
        picture["error"]["kind"],
        "TooLarge",
        "{}",
        &picture.to_string()[..200]
    );
    let hello = ok(&mut server, &json!({"cmd": "hello", "id": "h"}));
    assert_eq!(hello["limits"]["max_reply_bytes"], 16 << 10);
    assert_eq!(hello["id"], "h");
}
