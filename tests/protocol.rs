//! The serve protocol: the documented transcript holds, and no line —
//! however mangled — panics the server or stops it serving.

use proptest::prelude::*;
use serde_json::Value;
use tabletop::registry::protocol::Server;

/// The `> request` / `< reply` pairs of the transcript in docs/protocol.md.
fn transcript() -> Vec<(String, String)> {
    let doc = include_str!("../docs/protocol.md");
    let mut pairs = Vec::new();
    let mut request = None;
    for line in doc.lines() {
        if let Some(r) = line.strip_prefix("> ") {
            request = Some(r.to_owned());
        } else if let Some(reply) = line.strip_prefix("< ") {
            pairs.push((
                request.take().expect("a reply follows a request"),
                reply.to_owned(),
            ));
        }
    }
    pairs
}

#[test]
fn the_documented_transcript_is_what_the_server_says() {
    let pairs = transcript();
    assert!(pairs.len() >= 10, "the transcript is in the doc");
    let mut server = Server::new();
    for (request, reply) in pairs {
        assert_eq!(server.handle_line(&request), reply, "reply to {request}");
    }
}

#[test]
fn errors_name_their_kind_and_the_server_goes_on() {
    let mut server = Server::new();
    let kind = |reply: String| -> String {
        let v: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(v["ok"], Value::Bool(false), "{reply}");
        v["error"]["kind"].as_str().unwrap().to_owned()
    };
    assert_eq!(kind(server.handle_line(r#"{"cmd":"legal"}"#)), "NoSession");
    assert_eq!(kind(server.handle_line(r#"{"cmd":"fly"}"#)), "BadRequest");
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"new","game":"chess"}"#)),
        "UnknownGame"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"new","game":"pig","config":{"seats":9}}"#)),
        "Config"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"new","game":"pig","config":{"colour":1}}"#)),
        "BadJson"
    );
    let opened: Value =
        serde_json::from_str(&server.handle_line(r#"{"cmd":"new","game":"pig","seed":"5"}"#))
            .unwrap();
    assert_eq!(opened["ok"], Value::Bool(true));
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"act","seat":0,"action":"Hold"}"#)),
        "Refused"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"act","seat":0,"action":{"Jump":3}}"#)),
        "BadJson"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"bot","seat":1,"bot":"oracle"}"#)),
        "UnknownBot"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"undo","step":99}"#)),
        "Refused"
    );
    // A refused request changed nothing: the session still answers at step 0.
    let legal: Value = serde_json::from_str(&server.handle_line(r#"{"cmd":"legal"}"#)).unwrap();
    assert_eq!(legal["step"], Value::from(0));
    assert_eq!(legal["actions"], serde_json::json!(["Roll"]));
}

#[test]
fn a_replay_exported_loads_back_to_the_same_position() {
    let mut server = Server::new();
    server.handle_line(r#"{"cmd":"new","game":"pig","seed":"11"}"#);
    server.handle_line(r#"{"cmd":"bot","seat":0,"bot":"random","seed":"1"}"#);
    server.handle_line(r#"{"cmd":"bot","seat":1,"bot":"random","seed":"2"}"#);
    for _ in 0..20 {
        server.handle_line(r#"{"cmd":"bot_move"}"#);
    }
    let replay: Value = serde_json::from_str(&server.handle_line(r#"{"cmd":"replay"}"#)).unwrap();
    let observed = |server: &mut Server| -> Value {
        let v: Value = serde_json::from_str(&server.handle_line(r#"{"cmd":"observe"}"#)).unwrap();
        v["observation"].clone()
    };
    let before = observed(&mut server);
    let load = serde_json::json!({"cmd": "load", "replay": replay["replay"]});
    let loaded: Value = serde_json::from_str(&server.handle_line(&load.to_string())).unwrap();
    assert_eq!(loaded["session"], Value::from(1));
    assert_eq!(observed(&mut server), before);
}

/// Valid lines to mangle.
const SEEDS: &[&str] = &[
    r#"{"id":1,"cmd":"new","game":"high-card","seed":"42"}"#,
    r#"{"cmd":"act","seat":0,"action":"Bet"}"#,
    r#"{"cmd":"act","seat":0,"index":1}"#,
    r#"{"cmd":"observe","viewer":1}"#,
    r#"{"cmd":"load","replay":{"config":{"ante":1,"bet":1,"deck_size":3},"format":1,"game":"high-card","rules_version":1,"seed":"42","steps":[{"Chance":1},{"Chance":3},{"Action":{"action":"Bet","seat":0}}]}}"#,
    r#"{"cmd":"undo","step":1}"#,
    r#"{"cmd":"bot","seat":1,"bot":"mcts","seed":"3"}"#,
    r#"{"cmd":"bot_move"}"#,
    r#"{"cmd":"new","game":"pig","config":{"seats":3,"target":5}}"#,
    r#"{"cmd":"new","game":"moon","config":{"width":6},"seed":"9"}"#,
    r#"{"cmd":"new","game":"binary-scrabble","config":{"seats":3},"seed":"2"}"#,
    r#"{"cmd":"new","game":"market-island","config":{"seats":5},"seed":"4"}"#,
    r#"{"cmd":"new","game":"moon-base","seed":"8"}"#,
    r#"{"cmd":"legal"}"#,
    r#"{"cmd":"bot","seat":0,"bot":"random","seed":"1"}"#,
    r#"{"cmd":"log","viewer":0}"#,
];

/// A line with some bytes replaced, removed or inserted.
fn mangled() -> impl Strategy<Value = String> {
    (
        0..SEEDS.len(),
        proptest::collection::vec((any::<u16>(), 0u8..3, any::<u8>()), 0..6),
    )
        .prop_map(|(i, edits)| {
            let mut bytes = SEEDS[i].as_bytes().to_vec();
            for (at, kind, byte) in edits {
                let at = usize::from(at) % (bytes.len() + 1);
                match kind {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, byte),
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_line_panics_and_every_reply_is_json(lines in proptest::collection::vec(mangled(), 1..12)) {
        let mut server = Server::new();
        for line in &lines {
            let reply = server.handle_line(line);
            let v: Value = serde_json::from_str(&reply).expect("a reply is JSON");
            prop_assert!(v["ok"].is_boolean());
        }
        // The server still serves.
        let v: Value = serde_json::from_str(&server.handle_line(r#"{"cmd":"games"}"#)).unwrap();
        prop_assert_eq!(&v["ok"], &Value::Bool(true));
    }
}
