//! The serve target: the protocol's line handling, line by line.
//!
//! The bytes are split into lines (invalid UTF-8 replaced), each fed to one
//! [`Server`]. Every reply must be one line holding one JSON object with a
//! boolean `ok`, an error naming its `kind` and `message`, and the request's
//! `id` echoed; a refused request must leave the current session as it was
//! (its replay, step and version), and the server must still serve after.

use serde_json::Value;

use std::time::Duration;

use tabletop::registry::protocol::{Limits, Server};

/// Lines one input may send; each may open a session or move a bot.
const MAX_LINES: usize = 48;
/// The wall-clock time a bot move may take here: any `mcts:N` budget is
/// tried (up to the registry's ceiling, which refuses the rest), and a
/// search is cut short instead of costing the fuzzer seconds.
const BOT_MOVE_TIME: Duration = Duration::from_millis(20);

/// Runs one fuzz input (see the module docs).
///
/// # Panics
/// When a reply breaks the protocol or a refusal changed the session.
pub fn serve(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut server = Server::with_limits(Limits {
        bot_move_time: BOT_MOVE_TIME,
        ..Limits::default()
    });
    for line in text.split('\n').take(MAX_LINES) {
        let request: Option<Value> = serde_json::from_str(line).ok();
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
