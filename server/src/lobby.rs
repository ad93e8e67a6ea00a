//! The lobby: HTTP and JSON under `/api` (docs/server.md has a curl
//! example for each route).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tabletop::game_core::ToAct;
use tabletop::registry;

use crate::app::App;
use crate::error::MatchError;
use crate::hub::{CreateRequest, Joined};
use crate::live::{OVER, free_seats, public_seats};

/// The client's address (unspecified when the server was not started with
/// connect info, as an app mounting the router might do).
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip()),
        ))
    }
}

fn rate_checked(app: &App, addr: IpAddr) -> Result<(), MatchError> {
    if app.hub.http_rates.allow(addr) {
        Ok(())
    } else {
        Err(MatchError::RateLimited(format!(
            "at most {} lobby requests a second per address",
            app.hub.limits.http_per_second
        )))
    }
}

/// A line for each game: what it teaches, for the lobby's cards.
fn teaches(game: &str) -> &'static str {
    match game {
        "moon" => "Binary numbers: be a tiny CPU and flip bits to reach goal values.",
        "binary-scrabble" => "Binary arithmetic: lay 0, 1 and operators to form true equations.",
        "market-island" => "Blockchains: mine blocks, pay fees and keep a shared ledger.",
        "moon-base" => "Planning: draft rings, stack them on craters and build a base.",
        _ => "",
    }
}

/// The game's name as the lobby's card writes it.
fn title(game: &str) -> String {
    match game {
        "moon" => "MOON".into(),
        "binary-scrabble" => "Binary Scrabble".into(),
        "market-island" => "Market Island".into(),
        "moon-base" => "Moon Base".into(),
        other => other.replace('-', " "),
    }
}

/// The bot for each level a player may choose (easy, normal, strong): the
/// first of each list the game has. The orders follow docs/strength.md.
fn levels(bots: &[&str]) -> Value {
    let first = |wanted: &[&str]| {
        wanted
            .iter()
            .find(|w| bots.contains(w))
            .or(bots.first())
            .map(|b| (*b).to_string())
    };
    json!({
        "easy": first(&["random"]),
        "normal": first(&["greedy", "heuristic", "ev", "solver", "mcts"]),
        "strong": first(&["leave-table", "rival", "mcts", "ismcts", "greedy"]),
    })
}

/// `GET /api/games`: every game, its default config, seats and bots.
pub async fn games(State(app): State<App>, ClientAddr(addr): ClientAddr) -> Response {
    if let Err(e) = rate_checked(&app, addr) {
        return e.into_response();
    }
    let list: Vec<Value> = registry::games()
        .iter()
        .map(|g| {
            let seats = g.open(&Value::Null, 0).map_or(0, |s| s.seats());
            json!({
                "name": g.name(),
                "title": title(g.name()),
                "teaches": teaches(g.name()),
                "levels": levels(&g.bot_names()),
                "default_config": g.default_config(),
                "seats": seats,
                "bots": g.bot_names(),
            })
        })
        .collect();
    Json(json!({ "games": list })).into_response()
}

/// `GET /api/games/{name}/picture`: the picture of a fresh game as a
/// spectator sees it (seed 0), for the lobby's card.
pub async fn picture(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Path(name): Path<String>,
) -> Response {
    if let Err(e) = rate_checked(&app, addr) {
        return e.into_response();
    }
    let drawn = registry::find(&name)
        .and_then(|g| g.open(&Value::Null, 0))
        .map(|session| session.picture(tabletop::game_core::Viewer::Spectator));
    match drawn {
        Ok(svg) => (
            [
                (axum::http::header::CONTENT_TYPE, "image/svg+xml"),
                (axum::http::header::CACHE_CONTROL, "max-age=3600"),
            ],
            svg,
        )
            .into_response(),
        Err(e) => MatchError::from(e).into_response(),
    }
}

/// `POST /api/matches`: a new match; answers its id and summary.
pub async fn create(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    body: Result<Json<CreateRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        let Json(request) = body.map_err(|e| MatchError::BadRequest(e.body_text()))?;
        let m = app.hub.create(&addr.to_string(), request, "").await?;
        let summary = m.state.lock().await.summary();
        Ok::<_, MatchError>(json!({ "match": m.id, "summary": summary }))
    }
    .await;
    answer(result)
}

/// The query of `GET /api/matches`.
#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    status: Option<String>,
}

/// `GET /api/matches?game=&status=`: the newest 100 matches.
pub async fn list(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Query(query): Query<ListQuery>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        if let Some(status) = &query.status
            && !["open", "playing", "over"].contains(&status.as_str())
        {
            return Err(MatchError::BadRequest(
                "status is open, playing or over".into(),
            ));
        }
        let rows = app
            .hub
            .store
            .list_matches(query.game.as_deref(), query.status.as_deref(), 100)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let seats = app.hub.store.seats(&row.id).await?;
            out.push(json!({
                "match": row.id,
                "game": row.game,
                "status": row.status,
                "ended": if row.ended.is_empty() { Value::Null } else { json!(row.ended) },
                "seats": public_seats(&seats),
                "free_seats": free_seats(&seats),
                "created_ms": row.created_ms,
            }));
        }
        Ok(json!({ "matches": out }))
    }
    .await;
    answer(result)
}

/// `GET /api/matches/{id}`: seats, names, free seats, status, step.
pub async fn show(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        let m = app.hub.fresh(&id).await?;
        let live = m.state.lock().await;
        let mut summary = live.summary();
        summary["to_act"] = crate::frame::to_act_json(live.session.to_act());
        Ok(summary)
    }
    .await;
    answer(result)
}

/// The body of `join`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    name: String,
    #[serde(default)]
    seat: Option<u8>,
}

/// `POST /api/matches/{id}/join`: a seat and its token (shown once).
pub async fn join(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
    body: Result<Json<JoinRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        let Json(request) = body.map_err(|e| MatchError::BadRequest(e.body_text()))?;
        let joined = app.hub.join(&id, &request.name, request.seat).await?;
        Ok(joined_json(&joined))
    }
    .await;
    answer(result)
}

/// The body of `leave` and `rematch`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    token: String,
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/matches/{id}/leave`: the token's seat leaves.
pub async fn leave(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
    body: Result<Json<TokenRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        let Json(request) = body.map_err(|e| MatchError::BadRequest(e.body_text()))?;
        app.hub.leave(&id, &request.token).await
    }
    .await;
    answer(result)
}

/// `POST /api/matches/{id}/rematch`: the same table again, the caller in
/// the same seat (a second caller joins the same rematch).
pub async fn rematch(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
    body: Result<Json<TokenRequest>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        let Json(request) = body.map_err(|e| MatchError::BadRequest(e.body_text()))?;
        let name = {
            let m = app.hub.fresh(&id).await?;
            let live = m.state.lock().await;
            let seat = live
                .seat_of_token(&request.token)
                .ok_or(MatchError::BadToken)?;
            request
                .name
                .clone()
                .unwrap_or_else(|| live.seats[seat as usize].name.clone())
        };
        let joined = app
            .hub
            .rematch(&id, &request.token, &addr.to_string(), &name)
            .await?;
        Ok(joined_json(&joined))
    }
    .await;
    answer(result)
}

/// `GET /api/matches/{id}/replay`: the whole replay, seed included, once
/// the match is over (before, it would tell every future draw).
pub async fn replay(
    State(app): State<App>,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
) -> Response {
    let result = async {
        rate_checked(&app, addr)?;
        let m = app.hub.fresh(&id).await?;
        let live = m.state.lock().await;
        if live.row.status != OVER && live.session.to_act() != ToAct::Over {
            return Err(MatchError::Forbidden(
                "the replay of a match is shown once it is over: its seed tells every future draw"
                    .into(),
            ));
        }
        serde_json::from_str::<Value>(&live.session.replay_json())
            .map_err(|e| MatchError::BadRequest(e.to_string()))
    }
    .await;
    answer(result)
}

fn joined_json(joined: &Joined) -> Value {
    json!({"match": joined.match_id, "seat": joined.seat, "token": joined.token})
}

fn answer(result: Result<Value, MatchError>) -> Response {
    match result {
        Ok(body) => Json(body).into_response(),
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_names_a_bot_the_game_has() {
        // Binary Scrabble: leave-table over greedy over random (docs/strength.md).
        let levels = levels(&["random", "mcts", "greedy", "leave", "leave-table"]);
        assert_eq!(levels["easy"], "random");
        assert_eq!(levels["normal"], "greedy");
        assert_eq!(levels["strong"], "leave-table");
        // A game with one bot offers it at every level.
        let levels = super::levels(&["only"]);
        assert_eq!(levels["easy"], "only");
        assert_eq!(levels["strong"], "only");
    }

    #[test]
    fn every_registered_game_has_a_title_and_a_picture() {
        for game in registry::games() {
            assert!(!title(game.name()).is_empty());
            let svg = game
                .open(&Value::Null, 0)
                .expect("the default config opens")
                .picture(tabletop::game_core::Viewer::Spectator);
            assert!(svg.starts_with("<svg"), "{}", game.name());
        }
    }
}
