//! The match server's routes: the players' page at `/`, the lobby under
//! `/api`, the match sockets, and the operator's page under `/lab`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::serve::ListenerExt as _;
use tokio::sync::Semaphore;

use crate::hub::Hub;
use crate::lab::{self, WebLimits, asset};
use crate::lobby::{self, ClientAddr};

/// What every route shares.
#[derive(Clone)]
pub struct App {
    /// The matches and their store.
    pub hub: Arc<Hub>,
    /// One permit per match socket open.
    pub sockets: Arc<Semaphore>,
    /// The token that opens `/lab` to other machines (`None`: loopback only).
    lab_token: Option<Arc<str>>,
}

/// The players' page, bundled into the binary.
const PLAY_HTML: &str = include_str!("../../web/play/index.html");
const PLAY_JS: &str = include_str!("../../web/play/play.js");
const PLAY_CSS: &str = include_str!("../../web/play/play.css");

/// The routes of `tabletop server` over `hub`; `lab` are the operator
/// page's limits, `lab_token` what opens it beyond this machine.
///
/// An app mounting this router should serve it with
/// `into_make_service_with_connect_info::<SocketAddr>()`, so limits per
/// address see each client's address (without it, all clients share one).
pub fn match_router(hub: Arc<Hub>, lab: WebLimits, lab_token: Option<String>) -> Router {
    let app = App {
        sockets: Arc::new(Semaphore::new(hub.limits.max_sockets)),
        lab_token: lab_token.map(Into::into),
        hub: Arc::clone(&hub),
    };
    let body_limit = hub.limits.max_message_bytes;
    let lab_routes = lab::router_at("/lab", lab, Vec::new())
        .layer(middleware::from_fn_with_state(app.clone(), lab_guard));
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PLAY_HTML) }),
        )
        .route(
            "/play.js",
            get(|| async { asset("text/javascript; charset=utf-8", PLAY_JS) }),
        )
        .route(
            "/play.css",
            get(|| async { asset("text/css; charset=utf-8", PLAY_CSS) }),
        )
        .route("/api/games", get(lobby::games))
        .route("/api/games/{name}/picture", get(lobby::picture))
        .route("/api/matches", get(lobby::list).post(lobby::create))
        .route("/api/matches/{id}", get(lobby::show))
        .route("/api/matches/{id}/join", post(lobby::join))
        .route("/api/matches/{id}/leave", post(lobby::leave))
        .route("/api/matches/{id}/rematch", post(lobby::rematch))
        .route("/api/matches/{id}/replay", get(lobby::replay))
        .route("/api/matches/{id}/ws", get(crate::socket::upgrade))
        .with_state(app)
        .route("/lab", get(|| async { Redirect::permanent("/lab/") }))
        .merge(lab_routes)
        .layer(DefaultBodyLimit::max(body_limit))
}

/// The operator page sees every seat: only this machine may open it,
/// unless the operator set a token, given once as `?lab_token=` (then
/// kept in a cookie for the page's own requests).
async fn lab_guard(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    request: Request,
    next: Next,
) -> Response {
    if addr.is_loopback() {
        return next.run(request).await;
    }
    let Some(expected) = app.lab_token.as_deref() else {
        return (
            StatusCode::FORBIDDEN,
            "the lab page is served to this machine only",
        )
            .into_response();
    };
    let from_query = request
        .uri()
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("lab_token=")))
        .map(str::to_string);
    let from_cookie = request
        .headers()
        .get(header::COOKIE)
        .and_then(|c| c.to_str().ok())
        .and_then(|c| {
            c.split(';')
                .find_map(|kv| kv.trim().strip_prefix("lab_token="))
        })
        .map(str::to_string);
    let set_cookie = from_query.is_some();
    let given = from_query.or(from_cookie).unwrap_or_default();
    if !same_secret(&given, expected) {
        return (StatusCode::FORBIDDEN, "the lab page needs its token").into_response();
    }
    let mut response = next.run(request).await;
    if set_cookie
        && let Ok(cookie) =
            format!("lab_token={given}; Path=/lab; HttpOnly; SameSite=Strict").parse()
    {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// Compares two secrets in time that does not depend on where they differ.
fn same_secret(given: &str, expected: &str) -> bool {
    crate::token::token_hash(given) == crate::token::token_hash(expected)
}

/// Serves `router` on `listener`, with each client's address, until
/// `shutdown` resolves.
///
/// # Errors
/// When accepting connections fails.
pub async fn serve_router(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    // Updates are small writes that must leave at once: with Nagle's
    // algorithm on, a second small frame waits for the first one's
    // delayed acknowledgement (up to 40 ms on Linux).
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY not set");
        }
    });
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}
