//! Every registered game in a web browser: one page, bundled into the
//! binary, that speaks the `serve` protocol (docs/protocol.md) over a
//! WebSocket, answered by the same protocol code as `serve`.
//!
//! ```text
//! tabletop web                                 # http://127.0.0.1:8080/
//! tabletop web --addr 127.0.0.1:9000
//! tabletop web --program-bot 'py=exec(cmd=python3 examples/bots/random_bot.py)'
//! ```
//!
//! An app mounts [`router`] in its own axum server; the `tabletop web`
//! command ([`run`]) binds an address and serves it.
//!
//! `--program-bot NAME=exec(cmd=...)` adds a program bot
//! (docs/bot-protocol.md) to every game's bot menu under `NAME`; a page can
//! only seat the programs the operator listed.
//!
//! Each WebSocket connection gets its own protocol [`Server`] (its own
//! sessions), so one browser tab never sees another's games. Limits, all
//! enforced and documented in docs/web.md: message size, sessions per
//! connection, connections at once, idle time, and the bounded bot work of
//! the protocol (`bot_move` stops a search at `--bot-move-ms`). Protocol
//! work runs on tokio's blocking pool, so a long bot move never stalls the
//! other connections.
//!
//! [`Server`]: tabletop::registry::protocol::Server

mod server;
#[cfg(test)]
mod tests;

pub use server::{DEFAULT_LIMITS, WebLimits, router, serve};

use clap::Parser;

/// Command line of `tabletop web`.
#[derive(Parser, Debug, Clone)]
#[command(
    about = "Play every registered game in a browser",
    after_help = "Example:\n  tabletop web --addr 127.0.0.1:9000   # then open http://127.0.0.1:9000/"
)]
pub struct WebArgs {
    /// Address to listen on; only this machine by default.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The longest WebSocket message answered, in bytes; a longer one gets
    /// a `BadRequest` reply, and one over four times this closes the socket.
    #[arg(long, default_value_t = DEFAULT_LIMITS.max_message_bytes)]
    pub max_message_bytes: usize,
    /// Sessions one connection may have open at once.
    #[arg(long, default_value_t = DEFAULT_LIMITS.max_sessions)]
    pub max_sessions: usize,
    /// WebSocket connections served at once; more are refused (503).
    #[arg(long, default_value_t = DEFAULT_LIMITS.max_connections)]
    pub max_connections: usize,
    /// Seconds a connection may stay silent before it is closed.
    #[arg(long, default_value_t = DEFAULT_LIMITS.idle.as_secs())]
    pub idle_secs: u64,
    /// Wall-clock limit of one `bot_move`, in milliseconds.
    #[arg(long, default_value_t = 2_000)]
    pub bot_move_ms: u64,
    /// A program bot pages may seat by name: `NAME=exec(cmd=...)` (repeat
    /// for more).
    #[arg(long = "program-bot", value_parser = tabletop::registry::protocol::parse_program_bot)]
    pub program_bots: Vec<(String, String)>,
}

/// Serves the page on `args.addr` until the process is stopped.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn run(args: WebArgs) -> std::io::Result<()> {
    let limits = WebLimits {
        max_message_bytes: args.max_message_bytes,
        max_sessions: args.max_sessions,
        max_connections: args.max_connections,
        idle: std::time::Duration::from_secs(args.idle_secs),
        bot_move_time: std::time::Duration::from_millis(args.bot_move_ms),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&args.addr).await?;
        let addr = listener.local_addr()?;
        println!("tabletop web: open http://{addr}/ (Ctrl-C to stop)");
        serve(listener, limits, args.program_bots).await
    })
}
