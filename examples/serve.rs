//! Serve any registered game over a JSON-lines protocol on stdin/stdout,
//! so an app in any language can embed an engine. See `docs/protocol.md`.
//!
//! ```text
//! echo '{"cmd":"new","game":"pig","seed":"7"}' | cargo run --release --example serve
//! ```

use std::io::{BufRead, Write};

use tabletop::registry::protocol::Server;

fn main() {
    let mut server = Server::new();
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become U+FFFD and get an error reply.
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let reply = server.handle_line(text.trim_end());
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
