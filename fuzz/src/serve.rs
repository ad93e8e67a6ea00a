//! The serve target: the protocol's line handling, line by line.
//!
//! The bytes are split into lines (invalid UTF-8 replaced), each fed to one
//! [`Server`]. Every reply must be one line holding one JSON object with a
//! boolean `ok`, an error naming its `kind` and `message`, and the request's
//! `id` echoed; a refused request must leave the current session as it was
//! (its replay, step and version), and the server must still serve after.

use serde_json::Value;

use tabletop::registry::protocol::Server;

/// Lines one input may send; each may open a session or move a bot.
const MAX_LINES: usize = 48;
/// The largest MCTS budget a line may ask for (see [`too_slow`]).
const MAX_MCTS: u32 = 99;

/// Runs one fuzz input (see the module docs).
///
/// # Panics
/// When a reply breaks the protocol or a refusal changed the session.
pub fn serve(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut server = Server::new();
    for line in text.split('\n').take(MAX_LINES) {
        let request: Option<Value> = serde_json::from_str(line).ok();
        if request.as_ref().is_some_and(too_slow) {
            continue;
        }
        let before = snapshot(&mut server);
        let reply = server.handle_line(line);
        let v = reply_object(line, &reply);
        if v["ok"] == Value::Bool(false) {
            let error = &v["error"];
            assert!(
                error["kind"].is_string() && error["message"].is_string(),
                "an error without kind and message: {reply}"
            );
            assert!(
                snapshot(&mut server) == before,
                "a refused request changed the session: {line}\n{reply}"
            );
        }
        let id = request
            .as_ref()
            .and_then(|r| r.as_object())
            .and_then(|o| o.get("id"))
            .filter(|id| !id.is_null());
        if let Some(id) = id {
            assert!(&v["id"] == id, "id not echoed: {line}\n{reply}");
        }
    }
    let games = server.handle_line(r#"{"cmd":"games"}"#);
    assert!(
        reply_object("games", &games)["ok"] == Value::Bool(true),
        "the server stopped serving: {games}"
    );
}

/// The reply as a JSON object with a boolean `ok`, or a panic.
fn reply_object(line: &str, reply: &str) -> Value {
    assert!(
        !reply.contains('\n'),
        "a reply of several lines to {line}: {reply}"
    );
    let v: Value = serde_json::from_str(reply)
        .unwrap_or_else(|e| panic!("a reply that is not JSON ({e}) to {line}: {reply}"));
    assert!(
        v.is_object() && v["ok"].is_boolean(),
        "a reply without ok to {line}: {reply}"
    );
    v
}

/// The current session as the protocol shows it (its replay, with step,
/// version and who is to act), or the error when none is open.
fn snapshot(server: &mut Server) -> String {
    server.handle_line(r#"{"cmd":"replay"}"#)
}

/// Bots whose moves would take seconds: plain `mcts` (its default budget)
/// and `mcts:N` above [`MAX_MCTS`]. Slow inputs only cost the fuzzer time,
/// except `mcts:4294967295`, whose move never ends (the lead is fixing that
/// on main: when merged, allow larger budgets again and drop that reason).
fn too_slow(request: &Value) -> bool {
    let Some(bot) = request.get("bot").and_then(Value::as_str) else {
        return false;
    };
    match bot.strip_prefix("mcts") {
        None => false,
        Some("") => true,
        // Anything else that is not a number is an unknown bot, refused at once.
        Some(rest) => rest
            .strip_prefix(':')
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n > MAX_MCTS),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::too_slow;

    #[test]
    fn slow_bots_are_skipped() {
        assert!(too_slow(&json!({"cmd": "bot", "bot": "mcts"})));
        assert!(too_slow(&json!({"cmd": "bot", "bot": "mcts:4294967295"})));
        assert!(too_slow(&json!({"cmd": "bot", "bot": "mcts:+0100"})));
        assert!(!too_slow(&json!({"cmd": "bot", "bot": "mcts:99"})));
        assert!(!too_slow(&json!({"cmd": "bot", "bot": "random"})));
        assert!(!too_slow(&json!({"cmd": "bot", "bot": "mctsx"})));
    }
}
