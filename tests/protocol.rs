//! The serve protocol: the documented transcript holds, and no line —
//! however mangled — panics the server or stops it serving.

use proptest::prelude::*;
use serde_json::Value;
use tabletop::registry::protocol::Server;

/// The transcripts of docs/protocol.md: one per fenced block (each block
/// is one connection), as `> request` / `< reply` pairs.
fn transcripts() -> Vec<Vec<(String, String)>> {
    let doc = include_str!("../docs/protocol.md");
    let mut blocks = Vec::new();
    let mut pairs = Vec::new();
    let mut request = None;
    for line in doc.lines() {
        if line.starts_with("```") && !pairs.is_empty() {
            blocks.push(std::mem::take(&mut pairs));
        } else if let Some(r) = line.strip_prefix("> ") {
            request = Some(r.to_owned());
        } else if let Some(reply) = line.strip_prefix("< ") {
            pairs.push((
                request.take().expect("a reply follows a request"),
                reply.to_owned(),
            ));
        }
    }
    blocks
}

#[test]
fn the_documented_transcripts_are_what_the_server_says() {
    let blocks = transcripts();
    assert!(blocks.len() >= 2, "the host's and a scoped transcript");
    let commands: Vec<String> = blocks
        .iter()
        .flatten()
        .filter_map(|(request, _)| serde_json::from_str::<Value>(request).ok())
        .filter_map(|v| v["cmd"].as_str().map(str::to_owned))
        .collect();
    for cmd in [
        "hello", "games", "new", "load", "scope", "legal", "act", "check", "bot", "bot_move",
        "observe", "picture", "outcome", "replay", "log", "undo", "close",
    ] {
        assert!(
            commands.iter().any(|c| c == cmd),
            "the transcripts show {cmd}"
        );
    }
    for pairs in blocks {
        let mut server = Server::new();
        for (request, reply) in pairs {
            let said = server.handle_line(&request);
            match reply.strip_suffix('…') {
                Some(start) => assert!(said.starts_with(start), "reply to {request}: {said}"),
                None => assert_eq!(said, reply, "reply to {request}"),
            }
        }
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
        "NoSuchStep"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"act","seat":1,"action":"Roll"}"#)),
        "NotYourTurn"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"act","seat":7,"action":"Roll"}"#)),
        "UnknownSeat"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"bot","seat":7,"bot":"random"}"#)),
        "UnknownSeat"
    );
    assert_eq!(
        kind(server.handle_line(r#"{"cmd":"observe","viewer":2}"#)),
        "UnknownSeat"
    );
    assert_eq!(kind(server.handle_line(r#"{"cmd":"bot_move"}"#)), "NoBot");
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
    r#"{"cmd":"new","game":"moon","config":{"preset":{"V1Cooperative":"Hacker"},"players":2,"width":6},"seed":"9"}"#,
    r#"{"cmd":"new","game":"moon","config":{"preset":"V2Literal","width":8,"bugs":4},"seed":"5"}"#,
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

fn reply(server: &mut Server, line: &str) -> Value {
    serde_json::from_str(&server.handle_line(line)).expect("a reply is JSON")
}

/// MOON presets are reachable over `serve` (revision of 2026-11-25): the session plays
/// the resolved config, which its replay stores without `preset`.
#[test]
fn moon_takes_a_preset_in_its_config() {
    let mut server = Server::new();
    let new = reply(
        &mut server,
        r#"{"cmd":"new","game":"moon","config":{"preset":"V2Literal","difficulty":"Master"},"seed":"4"}"#,
    );
    assert_eq!(new["ok"], true, "{new}");
    let replay = reply(&mut server, r#"{"cmd":"replay"}"#);
    let config = &replay["replay"]["config"];
    assert_eq!(
        (&config["slots"], &config["difficulty"]),
        (&Value::from(4), &Value::from("Master"))
    );
    assert!(config.get("preset").is_none(), "{config}");
    let bad = reply(
        &mut server,
        r#"{"cmd":"new","game":"moon","config":{"preset":"V1Literal"}}"#,
    );
    assert_eq!(bad["error"]["kind"], "BadJson", "{bad}");
}

#[test]
fn a_bot_budget_above_the_ceiling_is_refused_with_the_ceiling_named() {
    let mut server = Server::new();
    reply(&mut server, r#"{"cmd":"new","game":"pig","seed":"1"}"#);
    let max = tabletop::registry::MAX_MCTS_ITERATIONS;
    let ok = reply(
        &mut server,
        &format!(r#"{{"cmd":"bot","seat":0,"bot":"mcts:{max}"}}"#),
    );
    assert_eq!(ok["ok"], true, "{ok}");
    for asked in [u64::from(max) + 1, u64::MAX] {
        let refused = reply(
            &mut server,
            &format!(r#"{{"cmd":"bot","seat":0,"bot":"mcts:{asked}"}}"#),
        );
        assert_eq!(refused["error"]["kind"], "BotBudget", "{refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(&max.to_string()), "{message}");
    }
    let past_u64 = reply(
        &mut server,
        r#"{"cmd":"bot","seat":0,"bot":"mcts:99999999999999999999999"}"#,
    );
    assert_eq!(past_u64["error"]["kind"], "BotBudget", "{past_u64}");
}

#[test]
fn a_bot_move_past_its_time_plays_its_best_so_far_and_says_so() {
    use std::time::Duration;
    use tabletop::registry::protocol::Limits;
    // With no time at all, the search stops after its first iteration.
    let mut server = Server::with_limits(Limits {
        bot_move_time: Duration::ZERO,
        ..Limits::default()
    });
    reply(
        &mut server,
        r#"{"cmd":"new","game":"high-card","seed":"42"}"#,
    );
    reply(&mut server, r#"{"cmd":"bot","seat":0,"bot":"mcts:100000"}"#);
    let moved = reply(&mut server, r#"{"cmd":"bot_move"}"#);
    assert_eq!(moved["ok"], true, "{moved}");
    assert_eq!(moved["cut_short"], true);
    assert_eq!(moved["to_act"], 1, "the move was played");
    // A bot within its time is not marked.
    let mut server = Server::new();
    reply(
        &mut server,
        r#"{"cmd":"new","game":"high-card","seed":"42"}"#,
    );
    reply(&mut server, r#"{"cmd":"bot","seat":0,"bot":"mcts:50"}"#);
    let moved = reply(&mut server, r#"{"cmd":"bot_move"}"#);
    assert_eq!(moved["ok"], true, "{moved}");
    assert!(moved.get("cut_short").is_none(), "{moved}");
}

#[test]
fn error_messages_quote_at_most_a_few_hundred_bytes_of_the_input() {
    let mut server = Server::new();
    let huge = "x".repeat(2 << 20);
    let lines = [
        format!(r#"{{"cmd":"new","game":"{huge}"}}"#),
        format!(r#"{{"cmd":"new","game":"pig","config":{{"seats":"{huge}"}}}}"#),
        format!(r#"{{"cmd":"bot","seat":0,"bot":"{huge}"}}"#),
        format!(r#"{{"cmd":"act","seat":0,"text":"{huge}"}}"#),
        format!(r#"{{"cmd":"act","seat":0,"action":{{"{huge}":1}}}}"#),
        format!(r#"{{"cmd":"{huge}"}}"#),
        format!(r#"{{"cmd":"load","replay":{{"game":"pig","format":"{huge}"}}}}"#),
    ];
    reply(&mut server, r#"{"cmd":"new","game":"pig","seed":"1"}"#);
    for line in &lines {
        let r = reply(&mut server, line);
        assert_eq!(r["ok"], false);
        let message = r["error"]["message"].as_str().unwrap();
        assert!(
            message.len() <= 400,
            "{} bytes: {}",
            message.len(),
            &message[..80]
        );
        assert!(message.contains("bytes cut"), "{message}");
    }
}

#[test]
fn a_line_over_the_limit_is_refused_unread() {
    use tabletop::registry::protocol::Limits;
    let mut server = Server::with_limits(Limits {
        max_line_bytes: 64,
        ..Limits::default()
    });
    let long = format!(
        r#"{{"cmd":"new","game":"pig","seed":"1","id":"{}"}}"#,
        "7".repeat(64)
    );
    let r = reply(&mut server, &long);
    assert_eq!(r["error"]["kind"], "BadRequest", "{r}");
    assert_eq!(
        r["id"],
        Value::Null,
        "the line was not read, so not its id either"
    );
    let r = reply(&mut server, r#"{"cmd":"new","game":"pig","seed":"1"}"#);
    assert_eq!(r["ok"], true, "a line within the limit is served");
}

/// Adds `"z": 0` to the innermost first object of `value`; false if it has none.
fn add_unknown_field(value: &mut Value) -> bool {
    match value {
        Value::Object(map) => {
            let inner = map.values_mut().any(add_unknown_field);
            if !inner {
                map.insert("z".into(), Value::from(0));
            }
            true
        }
        Value::Array(items) => items.iter_mut().any(add_unknown_field),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => false,
    }
}

#[test]
fn an_action_with_an_unknown_field_is_refused_in_every_game() {
    let mut tested = Vec::new();
    for game in tabletop::registry::games() {
        let mut session = game.open(&Value::Null, 1).unwrap();
        let legal = session.legal_actions();
        let Some((original, forged)) = legal.iter().find_map(|a| {
            let mut forged = a.clone();
            add_unknown_field(&mut forged).then_some((a, forged))
        }) else {
            continue;
        };
        let game_core::ToAct::Seat(seat) = session.to_act() else {
            panic!("{}: no seat to act at the start", game.name());
        };
        let before = session.state_version();
        let refused = session.act(seat, &forged);
        assert!(
            matches!(
                refused,
                Err(tabletop::registry::RegistryError::BadJson { .. })
            ),
            "{}: {forged} gave {refused:?}",
            game.name()
        );
        assert_eq!(session.state_version(), before, "nothing changed");
        // The same action without the extra field plays.
        session.act(seat, original).unwrap();
        tested.push(game.name());
    }
    assert!(
        ["moon", "binary-scrabble", "moon-base"]
            .iter()
            .all(|g| tested.contains(g)),
        "{tested:?}"
    );
}

#[test]
fn market_island_options_reach_the_wire() {
    // A front end learns the options from `games` and may set them in `new`.
    let mut server = Server::new();
    let games = reply(&mut server, r#"{"cmd":"games"}"#);
    let market = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "market-island")
        .unwrap();
    assert_eq!(market["default_config"]["unmined_block"], "ExecuteAnyway");
    assert_eq!(market["default_config"]["elimination"], "EndOfTurn");
    let new = reply(
        &mut server,
        r#"{"cmd":"new","game":"market-island","config":{"seats":3,"elimination":"Immediate","unmined_block":"VoidTransactions"},"seed":"5"}"#,
    );
    assert_eq!(new["ok"], true, "{new}");
    let replay = reply(&mut server, r#"{"cmd":"replay"}"#);
    assert_eq!(replay["replay"]["config"]["elimination"], "Immediate");
    assert_eq!(
        replay["replay"]["config"]["unmined_block"],
        "VoidTransactions"
    );
    let bad = reply(
        &mut server,
        r#"{"cmd":"new","game":"market-island","config":{"elimination":"Sometimes"}}"#,
    );
    assert_eq!(bad["ok"], false, "{bad}");
}

/// Found by the `serve` fuzz target: an `id` past the precision of a
/// double came back as a number one step away from what the client sent,
/// so a client matching replies by `id` lost the reply. Numbers are read
/// correctly rounded (serde_json's `float_roundtrip`), so the echoed `id`
/// reads back as the very number the request's did.
#[test]
fn a_huge_numeric_id_is_echoed_as_the_same_number() {
    let mut server = Server::new();
    for id in [
        "1".repeat(127),
        "9007199254740993".to_owned(),
        "0.30000000000000004".to_owned(),
        "-1e300".to_owned(),
        "123456789012345678901234567890.5e-3".to_owned(),
    ] {
        let line = format!(r#"{{"id":{id},"cmd":"games"}}"#);
        let sent: Value = serde_json::from_str(&line).unwrap();
        let got = reply(&mut server, &line);
        assert_eq!(got["id"], sent["id"], "{id}");
    }
}

/// docs/protocol.md's table of error kinds lists every kind, once.
#[test]
fn the_documented_error_kinds_are_every_kind() {
    use tabletop::registry::ErrorKind;
    let doc = include_str!("../docs/protocol.md");
    let table = doc
        .split("| `kind` | when |")
        .nth(1)
        .expect("the kinds table is in the doc");
    let documented: Vec<&str> = table
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('`').nth(1))
        .collect();
    let mut names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.name()).collect();
    let mut sorted = documented.clone();
    sorted.sort_unstable();
    names.sort_unstable();
    assert_eq!(sorted, names, "documented: {documented:?}");
}

/// A refusal by a rule of the game carries the rule's id in `rule`, as the
/// game names it, and the message cites it; other errors carry `null`.
#[test]
fn a_refusal_by_a_rule_names_the_rule_on_the_wire() {
    use tabletop::registry::{ErrorKind, find};
    // MOON's learning view indexes every operation (0..197, RULES.md
    // "Learning view"): play until one is not legal, then try it.
    let mut session = find("moon")
        .unwrap()
        .open(&serde_json::json!({"players": 2}), 1)
        .unwrap();
    let refused = loop {
        let legal = session.legal_action_indices();
        if let Some(i) = (0..197).find(|i| !legal.contains(i)) {
            break i;
        }
        session.act_index(*legal.iter().max().unwrap()).unwrap();
    };
    let before = session.replay_json();
    let e = session.act_index(refused).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused, "{e:?}");
    let rule = e.rule().expect("a MOON refusal names its rule");
    assert!(rule.starts_with("M-"), "{rule}");
    let wire = e.to_json();
    assert_eq!(wire["kind"], "Refused");
    assert_eq!(wire["rule"], rule);
    assert!(wire["message"].as_str().unwrap().contains(rule), "{wire}");
    assert_eq!(session.replay_json(), before);

    let mut server = Server::new();
    server.handle_line(r#"{"cmd":"new","game":"pig","seed":"5"}"#);
    let reply: Value =
        serde_json::from_str(&server.handle_line(r#"{"cmd":"act","seat":1,"action":"Roll"}"#))
            .unwrap();
    assert_eq!(reply["error"]["kind"], "NotYourTurn", "{reply}");
    assert_eq!(reply["error"]["rule"], Value::Null, "{reply}");
}
