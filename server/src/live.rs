//! A match held in memory: its session rebuilt from the stored moves, the
//! seats, and the one place a move is accepted (written, then applied and
//! announced).

use serde_json::{Value, json};
use tabletop::game_core::{Outcome, Seat, TeamResult, ToAct};
use tabletop::registry::{self, AnySession, RegistryError};
use tokio::sync::{Mutex, watch};

use crate::error::MatchError;
use crate::settings::Settings;
use crate::store::{MatchRow, MoveRow, SeatRow, Store};

/// `status` of a match waiting for its human seats.
pub const OPEN: &str = "open";
/// `status` of a match being played.
pub const PLAYING: &str = "playing";
/// `status` of a match that ended (finished, forfeit or expired).
pub const OVER: &str = "over";

/// A match in memory, shared by its sockets, the lobby and the bot driver.
pub struct LiveMatch {
    /// The match id.
    pub id: String,
    /// Everything that changes, behind one lock: a move is checked,
    /// written and applied while it is held, so no socket ever builds a
    /// frame from a move the database does not have.
    pub state: Mutex<Live>,
    /// Bumped after every change; each socket wakes and builds its own
    /// frame.
    changed: watch::Sender<u64>,
}

impl LiveMatch {
    pub(crate) fn new(id: String, live: Live) -> Self {
        LiveMatch {
            id,
            state: Mutex::new(live),
            changed: watch::channel(0).0,
        }
    }

    /// Wakes every socket of this match.
    pub fn announce(&self) {
        self.changed.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// A receiver that wakes on each change.
    pub fn watch(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }
}

/// The mutable part of a match.
pub struct Live {
    /// The stored row (status, result, settings text, seed).
    pub row: MatchRow,
    /// Its settings, read from the row.
    pub settings: Settings,
    /// The seats, in order.
    pub seats: Vec<SeatRow>,
    /// The game, rebuilt from the stored moves.
    pub session: Box<dyn AnySession>,
    /// Moves accepted so far: the version a client's `act` must name.
    pub version: u64,
    /// Sockets open on this instance, per seat.
    pub connected: Vec<u32>,
    /// Unix ms each seat was last known present (a socket open here, or
    /// `seen_ms` written by another instance).
    pub present_ms: Vec<i64>,
    /// Whether a bot driver task is running for this match.
    pub driving: bool,
}

impl Live {
    /// Rebuilds a match from its stored rows: the session is opened with
    /// the stored config and seed and every move replayed through the
    /// rules, each checked against the step count written with it.
    ///
    /// # Errors
    /// A config, move or step count the rules do not reproduce.
    pub fn rebuild(
        row: MatchRow,
        seats: Vec<SeatRow>,
        moves: &[MoveRow],
    ) -> Result<Live, MatchError> {
        let settings: Settings = serde_json::from_str(&row.settings)
            .map_err(|e| MatchError::BadRequest(format!("stored settings: {e}")))?;
        let config: Value = serde_json::from_str(&row.config)
            .map_err(|e| MatchError::BadRequest(format!("stored config: {e}")))?;
        let session = registry::find(&row.game)?.open(&config, row.seed)?;
        let now = crate::clock::now_ms();
        let present_ms = seats.iter().map(|s| s.seen_ms.max(now)).collect();
        let mut live = Live {
            connected: vec![0; seats.len()],
            present_ms,
            row,
            settings,
            seats,
            session,
            version: 0,
            driving: false,
        };
        live.replay(moves)?;
        Ok(live)
    }

    /// Applies stored moves from `self.version` on.
    ///
    /// # Errors
    /// A move out of order, refused by the rules, or leaving another step
    /// count than the one stored: the stored match does not replay.
    pub fn replay(&mut self, moves: &[MoveRow]) -> Result<(), MatchError> {
        let from = self.version;
        for m in moves.iter().filter(|m| m.n >= from) {
            if m.n != self.version {
                return Err(broken(&self.row.id, m.n, "a move is missing before it"));
            }
            let action: Value = serde_json::from_str(&m.action)
                .map_err(|_| broken(&self.row.id, m.n, "its action is not JSON"))?;
            self.session
                .act(Seat(m.seat), &action)
                .map_err(|e| broken(&self.row.id, m.n, &e.to_string()))?;
            if self.session.step_count() as u64 != m.steps_after {
                return Err(broken(&self.row.id, m.n, "the step count differs"));
            }
            self.version += 1;
        }
        Ok(())
    }

    /// The seat whose token this is, compared in constant time.
    #[must_use]
    pub fn seat_of_token(&self, token: &str) -> Option<u8> {
        // Every seat is compared, whichever matches, so the time taken
        // does not tell which seat a token belongs to.
        self.seats.iter().fold(None, |found, s| {
            if crate::token::token_matches(token, &s.token_hash) {
                Some(s.seat)
            } else {
                found
            }
        })
    }

    /// The bot that moves for `seat`, if a bot does (a bot seat, or a
    /// human seat taken over while its player was gone).
    #[must_use]
    pub fn bot_of(&self, seat: u8) -> Option<&str> {
        self.seats
            .get(seat as usize)
            .filter(|s| !s.bot.is_empty())
            .map(|s| s.bot.as_str())
    }

    /// The seat to act when a bot plays it.
    #[must_use]
    pub fn bot_to_act(&self) -> Option<(u8, String)> {
        if self.row.status != PLAYING {
            return None;
        }
        let ToAct::Seat(seat) = self.session.to_act() else {
            return None;
        };
        let seat = u8::try_from(seat.index()).ok()?;
        self.bot_of(seat).map(|bot| (seat, bot.to_string()))
    }

    /// Checks `action` for `seat` at `version`, writes it, then plays it.
    /// Nothing changes when any of it fails; a write refused because
    /// another instance wrote that move first answers [`MatchError::Stale`]
    /// after reading the other instance's moves.
    ///
    /// # Errors
    /// Not playing, not the seat's turn, a stale version, a move the rules
    /// refuse, or a storage failure.
    pub async fn commit(
        &mut self,
        store: &Store,
        seat: u8,
        version: u64,
        action: &Value,
    ) -> Result<(), MatchError> {
        if self.row.status != PLAYING {
            return Err(MatchError::NotPlaying(format!(
                "the match is {}",
                self.row.status
            )));
        }
        if version != self.version {
            return Err(MatchError::Stale {
                now: self.version,
                sent: version,
            });
        }
        let to_act = self.session.to_act();
        if to_act != ToAct::Seat(Seat(seat)) {
            return Err(MatchError::NotYourTurn(format!(
                "seat {seat} is not to act ({})",
                to_act_words(to_act)
            )));
        }
        let checked = self.session.check_action(Seat(seat), action)?;
        let mut next = self.session.clone_box();
        next.act(Seat(seat), &checked.action)?;
        let row = MoveRow {
            n: self.version,
            seat,
            action: checked.action.to_string(),
            steps_after: next.step_count() as u64,
        };
        let now = crate::clock::now_ms();
        if !store.insert_move(&self.row.id, &row, now).await? {
            let moves = store.moves_from(&self.row.id, self.version).await?;
            self.replay(&moves)?;
            return Err(MatchError::Stale {
                now: self.version,
                sent: version,
            });
        }
        self.session = next;
        self.version += 1;
        self.row.updated_ms = now;
        if self.session.to_act() == ToAct::Over {
            let outcome = self.session.outcome();
            self.end(
                store,
                "finished",
                finished_result(outcome.as_ref(), &self.seats),
            )
            .await?;
        }
        Ok(())
    }

    /// Reads what other instances wrote: moves, seats and status.
    ///
    /// # Errors
    /// A storage failure, or stored moves that do not replay.
    pub async fn catch_up(&mut self, store: &Store) -> Result<(), MatchError> {
        let moves = store.moves_from(&self.row.id, self.version).await?;
        self.replay(&moves)?;
        if let Some(row) = store.match_row(&self.row.id).await? {
            self.row = row;
        }
        let seats = store.seats(&self.row.id).await?;
        if seats.len() == self.seats.len() {
            for (mine, stored) in self.present_ms.iter_mut().zip(&seats) {
                *mine = (*mine).max(stored.seen_ms);
            }
            self.seats = seats;
        }
        // The instance that wrote the last move marks the match over just
        // after the move's commit (and its NOTIFY): a reader that came in
        // between derives the same end from the rules rather than show a
        // finished game as still playing.
        if self.row.status == PLAYING && self.session.to_act() == ToAct::Over {
            let outcome = self.session.outcome();
            self.row.status = OVER.into();
            self.row.ended = "finished".into();
            self.row.result = finished_result(outcome.as_ref(), &self.seats).to_string();
        }
        Ok(())
    }

    /// Ends the match: stored first, then kept.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn end(&mut self, store: &Store, why: &str, result: Value) -> Result<(), MatchError> {
        let now = crate::clock::now_ms();
        let text = result.to_string();
        store
            .set_status(&self.row.id, OVER, why, &text, now)
            .await?;
        self.row.status = OVER.into();
        self.row.ended = why.into();
        self.row.result = text;
        self.row.updated_ms = now;
        Ok(())
    }

    /// The lobby's public view of the match: no token, no seed.
    #[must_use]
    pub fn summary(&self) -> Value {
        json!({
            "match": self.row.id,
            "game": self.row.game,
            "config": serde_json::from_str::<Value>(&self.row.config).unwrap_or(Value::Null),
            "settings": self.settings,
            "status": self.row.status,
            "ended": if self.row.ended.is_empty() { Value::Null } else { json!(self.row.ended) },
            "result": serde_json::from_str::<Value>(&self.row.result).unwrap_or(Value::Null),
            "version": self.version,
            "step": self.session.step_count(),
            "seats": public_seats(&self.seats),
            "free_seats": free_seats(&self.seats),
            "rematch_of": if self.row.rematch_of.is_empty() { Value::Null } else { json!(self.row.rematch_of) },
        })
    }
}

fn broken(id: &str, n: u64, why: &str) -> MatchError {
    MatchError::Game(RegistryError::Replay {
        rule: None,
        message: format!("stored match {id} does not replay at move {n}: {why}"),
    })
}

/// The seats as anyone may see them: names and kinds, never a token.
#[must_use]
pub fn public_seats(seats: &[SeatRow]) -> Value {
    Value::Array(
        seats
            .iter()
            .map(|s| {
                json!({
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": if s.kind == "bot" { json!(s.bot) } else if s.name.is_empty() { Value::Null } else { json!(s.name) },
                    "bot": if s.bot.is_empty() { Value::Null } else { json!(s.bot) },
                    "free": s.kind == "human" && s.token_hash.is_empty(),
                })
            })
            .collect(),
    )
}

/// The human seats no one has joined.
#[must_use]
pub fn free_seats(seats: &[SeatRow]) -> Vec<u8> {
    seats
        .iter()
        .filter(|s| s.kind == "human" && s.token_hash.is_empty())
        .map(|s| s.seat)
        .collect()
}

/// `to_act` in words, for messages.
#[must_use]
pub fn to_act_words(to_act: ToAct) -> String {
    match to_act {
        ToAct::Seat(seat) => format!("seat {} is", seat.index()),
        ToAct::Chance => "chance is".into(),
        ToAct::Over => "the game is over".into(),
    }
}

/// The result of a game played to its end.
#[must_use]
pub fn finished_result(outcome: Option<&Outcome>, seats: &[SeatRow]) -> Value {
    let Some(outcome) = outcome else {
        return json!({"reason": "finished", "outcome": null, "words": "the game ended"});
    };
    let winners: Vec<String> = outcome
        .places
        .iter()
        .enumerate()
        .filter(|(_, place)| **place == 1)
        .map(|(seat, _)| seat_name(seats, seat))
        .collect();
    let words = match &outcome.team {
        Some(TeamResult::Won) => "the players won together".to_string(),
        Some(TeamResult::Lost) => "the game beat the players".to_string(),
        None if winners.len() == 1 => format!("{} won", winners[0]),
        None => format!("{} tied for first", winners.join(" and ")),
    };
    json!({
        "reason": "finished",
        "outcome": serde_json::to_value(outcome).unwrap_or(Value::Null),
        "words": words,
    })
}

/// A seat's name for sentences: its player, its bot, or its number.
#[must_use]
pub fn seat_name(seats: &[SeatRow], seat: usize) -> String {
    match seats.get(seat) {
        Some(s) if s.kind == "human" && !s.name.is_empty() => {
            format!("{} (seat {seat})", s.name)
        }
        Some(s) if s.kind == "bot" => format!("{} (seat {seat})", s.bot),
        _ => format!("seat {seat}"),
    }
}
