//! The web server: the bundled page, and the `serve` protocol over a
//! WebSocket at `/ws`, one protocol [`Server`] per connection.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};

use crate::origin::same_origin;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tabletop::registry::protocol::{Limits, Server};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// What one client may ask of the server (docs/web.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebLimits {
    /// The longest message answered; a longer one gets a `BadRequest`
    /// reply, and one over four times this closes the socket (code 1009).
    pub max_message_bytes: usize,
    /// Sessions one connection may have open at once.
    pub max_sessions: usize,
    /// Connections served at once; more are refused with 503.
    pub max_connections: usize,
    /// Silence after which a connection is closed.
    pub idle: Duration,
    /// Wall-clock limit of one `bot_move` (the protocol's limit).
    pub bot_move_time: Duration,
}

/// The limits `web` runs with unless told otherwise.
pub const DEFAULT_LIMITS: WebLimits = WebLimits {
    max_message_bytes: 2 << 20,
    max_sessions: 16,
    max_connections: 64,
    idle: Duration::from_secs(900),
    bot_move_time: Duration::from_secs(2),
};

/// The page and its scripts, bundled into the binary.
const INDEX_HTML: &str = include_str!("../../web/static/index.html");
const APP_JS: &str = include_str!("../../web/static/app.js");
const VIEWER_JS: &str = include_str!("../../web/static/viewer.js");
const STYLE_CSS: &str = include_str!("../../web/static/style.css");
/// Browsers ask for it whatever the page says; a missing one is a 404 in
/// the console.
const FAVICON_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#1f3a7a"/></svg>"##;

/// Pictures are inline SVG written by the game crates; scripts come only
/// from this server.
pub(crate) const CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'";

#[derive(Clone)]
struct LabApp {
    limits: WebLimits,
    /// One permit per connection being served.
    slots: Arc<Semaphore>,
    /// The operator's program bots, `(name, exec spec)`.
    program_bots: Arc<[(String, String)]>,
}

/// The routes: `/` (the page), its scripts and style, and `/ws`.
pub fn router(limits: WebLimits, program_bots: Vec<(String, String)>) -> Router {
    router_at("", limits, program_bots)
}

/// The same routes under `prefix` (`/lab` in `tabletop server`): the page
/// at `{prefix}/`, which names its scripts and socket relative to itself.
pub fn router_at(prefix: &str, limits: WebLimits, program_bots: Vec<(String, String)>) -> Router {
    let at = |path: &str| format!("{prefix}{path}");
    let app = LabApp {
        limits,
        slots: Arc::new(Semaphore::new(limits.max_connections)),
        program_bots: program_bots.into(),
    };
    Router::new()
        .route(
            &at("/"),
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            &at("/app.js"),
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            &at("/viewer.js"),
            get(|| async { asset("text/javascript; charset=utf-8", VIEWER_JS) }),
        )
        .route(
            &at("/style.css"),
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route(
            &at("/favicon.ico"),
            get(|| async { asset("image/svg+xml", FAVICON_SVG) }),
        )
        .route(&at("/ws"), get(upgrade))
        .with_state(app)
}

/// Serves the router on `listener` until the process stops.
///
/// # Errors
/// When accepting connections fails.
pub async fn serve(
    listener: TcpListener,
    limits: WebLimits,
    program_bots: Vec<(String, String)>,
) -> std::io::Result<()> {
    axum::serve(listener, router(limits, program_bots)).await
}

pub(crate) fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn upgrade(State(app): State<LabApp>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "cross-origin WebSocket refused").into_response();
    }
    let Ok(permit) = Arc::clone(&app.slots).try_acquire_owned() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "at most {} connections are served at once",
                app.limits.max_connections
            ),
        )
            .into_response();
    };
    let hard = app.limits.max_message_bytes.saturating_mul(4);
    ws.max_message_size(hard)
        .max_frame_size(hard)
        .on_upgrade(move |socket| async move {
            connection(socket, app.limits, &app.program_bots).await;
            drop(permit);
        })
}

/// Answers one connection's messages, one reply per message, in order.
async fn connection(mut socket: WebSocket, limits: WebLimits, program_bots: &[(String, String)]) {
    let mut server = Some(
        Server::with_limits(Limits {
            bot_move_time: limits.bot_move_time,
            max_line_bytes: limits.max_message_bytes,
            max_sessions: limits.max_sessions,
            ..Limits::default()
        })
        .with_program_bots(program_bots.to_vec()),
    );
    loop {
        let message = match tokio::time::timeout(limits.idle, socket.recv()).await {
            Err(_) => {
                let _ = socket
                    .send(Message::Close(Some(CloseFrame {
                        code: 1001,
                        reason: "idle too long".into(),
                    })))
                    .await;
                return;
            }
            // Closed, or a protocol error (an over-size message included:
            // the socket library closes with 1009).
            Ok(None | Some(Err(_))) => return,
            Ok(Some(Ok(message))) => message,
        };
        let text = match message {
            Message::Text(text) => text.to_string(),
            // As `serve` does with bytes that are not UTF-8: the protocol
            // answers what it can read of them (an error reply).
            Message::Binary(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Close(_) => return,
        };
        let Some(mut protocol) = server.take() else {
            return;
        };
        // Protocol work (a bot move above all) runs off the async threads.
        let answered = tokio::task::spawn_blocking(move || {
            let reply = protocol.handle_line(text.trim_end());
            (protocol, reply)
        })
        .await;
        let Ok((protocol, reply)) = answered else {
            return;
        };
        server = Some(protocol);
        if socket.send(Message::Text(reply.into())).await.is_err() {
            return;
        }
    }
}
