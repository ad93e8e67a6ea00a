//! Serve any registered game over a JSON-lines protocol on stdin/stdout,
//! so an app in any language can embed an engine. See `docs/protocol.md`.
//!
//! ```text
//! echo '{"cmd":"new","game":"pig","seed":"7"}' | tabletop serve
//! tabletop serve --bot-move-ms 2000
//! tabletop serve \
//!     --program-bot 'py=exec(cmd=python3 examples/bots/random_bot.py)'
//! ```
//!
//! `--program-bot NAME=exec(cmd=...)` lets clients seat that program
//! (docs/bot-protocol.md) by `NAME`; a client can never name a program
//! itself.

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::Parser;
use tabletop::registry::protocol::{Limits, Server, parse_program_bot};

/// The smallest reply limit accepted: room for any status reply and a
/// page of one move.
const MIN_REPLY_BYTES: usize = 16 << 10;

/// Command line of `serve`.
#[derive(Parser, Debug)]
#[command(about = "Serve every registered game as JSON lines on stdin/stdout")]
pub struct Args {
    /// Wall-clock limit of one `bot_move`, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    bot_move_ms: u64,
    /// The longest request line read, in bytes; a longer one is refused.
    #[arg(long, default_value_t = Limits::default().max_line_bytes)]
    max_line_bytes: usize,
    /// The longest reply line, in bytes: a longer legal list comes as
    /// pages (`total`, `next`), any other longer reply as a `TooLarge` error.
    #[arg(long, default_value_t = Limits::default().max_reply_bytes, value_parser = parse_reply_limit)]
    max_reply_bytes: usize,
    /// A program bot clients may seat by name: `NAME=exec(cmd=...)`
    /// (repeat for more).
    #[arg(long = "program-bot", value_parser = parse_program_bot)]
    program_bots: Vec<(String, String)>,
}

/// Reads `--max-reply-bytes`: a number of bytes, at least [`MIN_REPLY_BYTES`].
fn parse_reply_limit(text: &str) -> Result<usize, String> {
    let bytes: usize = text.parse().map_err(|e| format!("{text:?}: {e}"))?;
    if bytes < MIN_REPLY_BYTES {
        return Err(format!(
            "{bytes} bytes: a reply limit is at least {MIN_REPLY_BYTES}"
        ));
    }
    Ok(bytes)
}

/// Runs the command.
pub fn run(args: Args) {
    let limits = Limits {
        bot_move_time: Duration::from_millis(args.bot_move_ms),
        max_line_bytes: args.max_line_bytes,
        max_reply_bytes: args.max_reply_bytes,
        ..Limits::default()
    };
    let mut server = Server::with_limits(limits).with_program_bots(args.program_bots);
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        let Ok(more) = read_bounded_line(&mut input, &mut line, limits.max_line_bytes) else {
            return;
        };
        if !more {
            return;
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

/// Reads one line into `line`, keeping at most `max + 1` bytes of it (the
/// server refuses a line over `max`, so the rest is skipped unread into
/// memory). `Ok(false)` at the end of input.
fn read_bounded_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = (max + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        input.consume(used);
        if done {
            return Ok(true);
        }
    }
}
