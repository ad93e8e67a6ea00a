//! Reported problems, replayed through the `serve` protocol from the JSON
//! lines that reproduced them (`tests/repros/*.jsonl`), each with the
//! behaviour the fix promises.

use serde_json::Value;
use tabletop::registry::protocol::Server;

/// The replies of a fresh server to every line of a repro file.
fn replies(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/repros/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut server = Server::new();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| serde_json::from_str(&server.handle_line(line)).expect("a reply is JSON"))
        .collect()
}

#[test]
fn an_unbounded_mcts_budget_is_refused_and_the_server_answers_on() {
    let r = replies("serve-unbounded-mcts.jsonl");
    assert_eq!(r[0]["ok"], true);
    assert_eq!(r[1]["ok"], false);
    assert_eq!(r[1]["error"]["kind"], "BotBudget", "{}", r[1]);
    // No bot was seated, so there is no bot to move: an error, at once.
    assert_eq!(r[2]["ok"], false);
    assert_eq!(r[2]["error"]["kind"], "NoBot");
    assert_eq!(r[2]["error"]["rule"], Value::Null);
    assert_eq!(r[3]["ok"], true, "the server still serves");
}

#[test]
fn undo_to_the_current_step_keeps_the_version() {
    let r = replies("undo-to-current-step.jsonl");
    assert!(r.iter().all(|v| v["ok"] == true), "{r:?}");
    assert_eq!(r[1]["step"], r[0]["step"]);
    assert_eq!(r[1]["version"], r[0]["version"]);
    assert_eq!(r[2]["version"], r[0]["version"]);
}

#[test]
fn undo_in_a_loaded_replay_keeps_its_recorded_chance() {
    let r = replies("pig-replay-chance-then-undo.jsonl");
    assert!(r.iter().all(|v| v["ok"] == true), "{r:?}");
    let path = format!(
        "{}/tests/repros/pig-replay-chance-then-undo.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let load: Value = serde_json::from_str(
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(r[2]["replay"]["steps"], load["replay"]["steps"]);
    assert_eq!(r[1]["version"], r[0]["version"], "nothing changed");
}

#[test]
fn a_three_blank_rack_lists_its_plays_in_pages_under_the_reply_limit() {
    let path = format!(
        "{}/tests/repros/binary-scrabble-three-blanks.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut server = Server::new();
    let lines: Vec<String> = text.lines().map(|l| server.handle_line(l)).collect();
    let max = server.limits().max_reply_bytes;
    assert!(lines.iter().all(|l| l.len() <= max), "every reply fits");
    let legal: Value = serde_json::from_str(&lines[1]).unwrap();
    assert_eq!(legal["ok"], true);
    let shown = legal["actions"].as_array().unwrap().len();
    assert!(legal["total"].as_u64().unwrap() > shown as u64);
    assert_eq!(legal["next"], shown, "the next page starts after this one");
}
