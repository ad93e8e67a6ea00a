//! What the match server allows, each a `tabletop server` flag
//! (docs/server.md lists them).

use std::time::Duration;

/// The match server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// The longest socket message or request body, in bytes.
    pub max_message_bytes: usize,
    /// Lobby requests one address may make per second, sustained.
    pub http_per_second: u32,
    /// Lobby requests one address may make at once before the rate applies.
    pub http_burst: u32,
    /// Messages one socket may send per second, sustained.
    pub socket_per_second: u32,
    /// Messages one socket may send at once before the rate applies.
    pub socket_burst: u32,
    /// Matches not over that one address may have created.
    pub matches_per_address: u32,
    /// Match sockets served at once on this instance.
    pub max_sockets: usize,
    /// A socket that sends nothing this long is closed.
    pub socket_idle: Duration,
    /// An open match no one completes this long expires.
    pub open_ttl: Duration,
    /// A playing match with no move this long expires.
    pub idle_ttl: Duration,
    /// The wall-clock limit of one bot move (and one hint).
    pub bot_move_time: Duration,
    /// How often expiry and absent seats are checked.
    pub sweep_every: Duration,
}

/// The limits `tabletop server` runs with unless told otherwise.
pub const DEFAULT_SERVER_LIMITS: ServerLimits = ServerLimits {
    max_message_bytes: 16 * 1024,
    http_per_second: 20,
    http_burst: 60,
    socket_per_second: 20,
    socket_burst: 60,
    matches_per_address: 20,
    max_sockets: 4096,
    socket_idle: Duration::from_secs(600),
    open_ttl: Duration::from_secs(3600),
    idle_ttl: Duration::from_secs(24 * 3600),
    bot_move_time: Duration::from_secs(2),
    sweep_every: Duration::from_secs(1),
};
