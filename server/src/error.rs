//! What the lobby and the match sockets refuse, and why.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tabletop::registry::RegistryError;

use crate::store::StoreError;

/// A refused request. On the wire: `{"kind", "rule", "message"}`, as the
/// serve protocol's errors (docs/server.md lists the kinds).
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// No match has this id.
    #[error("no match {0}")]
    NoMatch(String),
    /// The request is malformed (bad JSON, a missing or wrong field).
    #[error("{0}")]
    BadRequest(String),
    /// The token is no seat's of this match.
    #[error("the token is no seat's of this match")]
    BadToken,
    /// The seat asked for is taken, or none is free.
    #[error("{0}")]
    SeatTaken(String),
    /// The move was chosen at another version of the match.
    #[error("the match is at version {now}; the move was chosen at {sent}")]
    Stale {
        /// The match's version now.
        now: u64,
        /// The version the client sent.
        sent: u64,
    },
    /// It is not this socket's seat's turn (or it is a spectator).
    #[error("{0}")]
    NotYourTurn(String),
    /// The match has not started or is over.
    #[error("{0}")]
    NotPlaying(String),
    /// This is not allowed by the match's settings or the server's limits.
    #[error("{0}")]
    Forbidden(String),
    /// Too many requests or matches from one address or connection.
    #[error("{0}")]
    RateLimited(String),
    /// The rules or the registry refused (the game's own error).
    #[error(transparent)]
    Game(#[from] RegistryError),
    /// The database failed; nothing was changed.
    #[error(transparent)]
    Storage(#[from] StoreError),
}

impl MatchError {
    /// The kind's name on the wire.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            MatchError::NoMatch(_) => "NoMatch",
            MatchError::BadRequest(_) => "BadRequest",
            MatchError::BadToken => "BadToken",
            MatchError::SeatTaken(_) => "SeatTaken",
            MatchError::Stale { .. } => "Stale",
            MatchError::NotYourTurn(_) => "NotYourTurn",
            MatchError::NotPlaying(_) => "NotPlaying",
            MatchError::Forbidden(_) => "Forbidden",
            MatchError::RateLimited(_) => "RateLimited",
            MatchError::Game(e) => e.kind().name(),
            MatchError::Storage(_) => "Storage",
        }
    }

    /// The error as the wire sends it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        if let MatchError::Game(e) = self {
            e.to_json()
        } else {
            json!({"kind": self.kind(), "rule": null, "message": self.to_string()})
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            MatchError::NoMatch(_) => StatusCode::NOT_FOUND,
            MatchError::BadRequest(_) | MatchError::Game(_) => StatusCode::BAD_REQUEST,
            MatchError::BadToken => StatusCode::UNAUTHORIZED,
            MatchError::SeatTaken(_)
            | MatchError::Stale { .. }
            | MatchError::NotYourTurn(_)
            | MatchError::NotPlaying(_) => StatusCode::CONFLICT,
            MatchError::Forbidden(_) => StatusCode::FORBIDDEN,
            MatchError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            MatchError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl IntoResponse for MatchError {
    fn into_response(self) -> Response {
        if let MatchError::Storage(e) = &self {
            tracing::error!(error = %e, "storage failed");
        }
        (self.status(), Json(json!({ "error": self.to_json() }))).into_response()
    }
}
