//! The web servers of the tabletop workspace.
//!
//! **The match server** (`tabletop server`, [`run_server`]; docs/server.md):
//! people on different devices play one match. A lobby over HTTP and JSON
//! creates matches and hands out seat tokens; each seat's WebSocket is
//! sent, after every change, an update built from that seat's view alone;
//! every move is written to the database (one SQLite file, or PostgreSQL
//! shared by several instances) before any seat hears of it, so a killed
//! server resumes every match. An app mounts [`match_router`] after
//! [`start`].
//!
//! The pieces, one file each: [`Store`] (the database), `live` (a match in
//! memory and the one place a move is accepted), `hub` (the matches an
//! instance holds, and the lobby's operations), `socket` (a match
//! socket), `frame` (a viewer's update), `bots` (bot seats moving on the
//! server), `absent` and `sweeper` (absent seats, expiry), `follow`
//! (other instances' moves through PostgreSQL `LISTEN`), `rate` and
//! [`ServerLimits`] (abuse limits), `token` (seat tokens).
//!
//! Choices where the issue was silent: a match's version is the number of
//! moves accepted (the same on every instance and after a restart); a
//! seat taken over by a bot while its player was gone is given back when
//! the player reconnects with the token; a rematch is one per match, the
//! second seat asking joins the first one's; bot and hint moves are chosen
//! on a copy of the session, so a slow bot never holds the match's lock.
//!
//! **The operator page** (`tabletop web`, [`run`], and `/lab` of the match
//! server): every registered game in a browser, one page bundled into the
//! binary that speaks the `serve` protocol (docs/protocol.md) over a
//! WebSocket and sees every seat.
//!
//! ```text
//! tabletop web                                 # http://127.0.0.1:8080/
//! tabletop web --program-bot 'py=exec(cmd=python3 examples/bots/random_bot.py)'
//! ```
//!
//! Each operator-page connection gets its own protocol [`Server`] (its own
//! sessions), so one browser tab never sees another's games. Limits, all
//! enforced and documented in docs/web.md: message size, sessions per
//! connection, connections at once, idle time, and the bounded bot work of
//! the protocol (`bot_move` stops a search at `--bot-move-ms`). Protocol
//! work runs on tokio's blocking pool, so a long bot move never stalls the
//! other connections.
//!
//! [`Server`]: tabletop::registry::protocol::Server

mod absent;
mod app;
mod bots;
mod clock;
mod error;
mod follow;
mod frame;
mod hub;
mod lab;
#[cfg(test)]
mod lab_tests;
mod limits;
mod live;
mod lobby;
mod origin;
mod rate;
mod settings;
mod socket;
mod store;
mod sweeper;
mod token;

pub use app::{match_router, serve_router};
pub use error::MatchError;
pub use frame::{FrameWants, Update, update as viewer_update};
pub use hub::{CreateRequest, Hub, Joined, SeatRequest};
pub use lab::{DEFAULT_LIMITS, WebLimits, router, router_at, serve};
pub use limits::{DEFAULT_SERVER_LIMITS, ServerLimits};
pub use live::{Live, LiveMatch};
pub use settings::{Absent, Settings};
pub use store::{MatchRow, MoveRow, SeatRow, Store, StoreError, StoreKind};

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

/// Command line of `tabletop server`.
#[derive(Parser, Debug, Clone)]
#[command(
    about = "Run the match server: a lobby, seat tokens, stored matches (docs/server.md)",
    after_help = "Examples:\n  tabletop server                                   # sqlite://tabletop.db, http://127.0.0.1:8080/\n  tabletop server --addr 0.0.0.0:8080 --db postgres://tabletop@db/tabletop"
)]
pub struct ServerArgs {
    /// Address to listen on; only this machine by default.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Where matches are stored: `sqlite://FILE` (created when missing) or
    /// `postgres://...` (several instances may share it).
    #[arg(long, default_value = "sqlite://tabletop.db")]
    pub db: String,
    /// Opens the operator page `/lab` to other machines to whoever gives
    /// this token once as `?lab_token=`; without it `/lab` is loopback only.
    #[arg(long)]
    pub lab_token: Option<String>,
    /// The longest socket message or request body, in bytes.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.max_message_bytes)]
    pub max_message_bytes: usize,
    /// Lobby requests per second one address may make, sustained.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.http_per_second)]
    pub http_rate: u32,
    /// Lobby requests one address may make in a burst.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.http_burst)]
    pub http_burst: u32,
    /// Messages per second one socket may send, sustained.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.socket_per_second)]
    pub socket_rate: u32,
    /// Messages one socket may send in a burst.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.socket_burst)]
    pub socket_burst: u32,
    /// Matches not over one address may have created.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.matches_per_address)]
    pub matches_per_address: u32,
    /// Match sockets served at once; more are refused.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.max_sockets)]
    pub max_sockets: usize,
    /// Seconds a socket may stay silent before it is closed.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.socket_idle.as_secs())]
    pub socket_idle_secs: u64,
    /// Seconds an open match waits for its players before it expires.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.open_ttl.as_secs())]
    pub open_ttl_secs: u64,
    /// Seconds a playing match may go without a move before it expires.
    #[arg(long, default_value_t = DEFAULT_SERVER_LIMITS.idle_ttl.as_secs())]
    pub idle_ttl_secs: u64,
    /// Wall-clock limit of one bot move or hint, in milliseconds.
    #[arg(long, default_value_t = 2_000)]
    pub bot_move_ms: u64,
    /// Milliseconds between two checks of expiry and absent seats.
    #[arg(long, default_value_t = 1_000)]
    pub sweep_ms: u64,
    /// Log level: error, warn, info, debug or trace.
    #[arg(long, default_value = "info")]
    pub log: tracing::Level,
}

impl ServerArgs {
    /// The limits these flags set.
    #[must_use]
    pub fn limits(&self) -> ServerLimits {
        use std::time::Duration;
        ServerLimits {
            max_message_bytes: self.max_message_bytes,
            http_per_second: self.http_rate,
            http_burst: self.http_burst,
            socket_per_second: self.socket_rate,
            socket_burst: self.socket_burst,
            matches_per_address: self.matches_per_address,
            max_sockets: self.max_sockets,
            socket_idle: Duration::from_secs(self.socket_idle_secs),
            open_ttl: Duration::from_secs(self.open_ttl_secs),
            idle_ttl: Duration::from_secs(self.idle_ttl_secs),
            bot_move_time: Duration::from_millis(self.bot_move_ms),
            sweep_every: Duration::from_millis(self.sweep_ms.max(10)),
        }
    }
}

/// Opens the store, resumes its matches and starts the clock work (and,
/// on PostgreSQL, the listener for other instances' moves): what
/// `tabletop server` does before it serves, for an app that mounts
/// [`match_router`] itself. Call it inside a tokio runtime.
///
/// # Errors
/// The database cannot be opened or migrated.
pub async fn start(db: &str, limits: ServerLimits) -> Result<std::sync::Arc<Hub>, StoreError> {
    let store = Store::open(db).await?;
    let hub = Hub::new(store, limits);
    match hub.resume_all().await {
        Ok(n) => tracing::info!(matches = n, "resumed the matches being played"),
        Err(e) => tracing::error!(error = %e, "could not list the matches to resume"),
    }
    tokio::spawn(sweeper::run(std::sync::Arc::clone(&hub)));
    if hub.store.shared() {
        tokio::spawn(follow::run(std::sync::Arc::clone(&hub)));
    }
    Ok(hub)
}

/// Runs `tabletop server` until Ctrl-C or SIGTERM.
///
/// # Errors
/// The address cannot be bound, the database cannot be opened, or the
/// runtime cannot start.
pub fn run_server(args: ServerArgs) -> std::io::Result<()> {
    let _ = tracing_subscriber::fmt()
        .with_max_level(args.log)
        .with_target(false)
        .with_ansi(false)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let hub = start(&args.db, args.limits())
            .await
            .map_err(std::io::Error::other)?;
        let lab = WebLimits {
            bot_move_time: std::time::Duration::from_millis(args.bot_move_ms),
            ..DEFAULT_LIMITS
        };
        let router = match_router(hub, lab, args.lab_token.clone());
        let listener = tokio::net::TcpListener::bind(&args.addr).await?;
        let addr = listener.local_addr()?;
        tracing::info!(%addr, db = %store::redact(&args.db), "serving");
        println!("tabletop server: open http://{addr}/ (Ctrl-C to stop)");
        serve_router(listener, router, shutdown_signal()).await
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
