//! The matches this instance holds in memory, loaded from the store on
//! first use (every move replayed through the rules), and the lobby's
//! operations on them: create, join, leave, rematch.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as SyncMutex};

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop::game_core::Seat;
use tabletop::registry;

use crate::clock::now_ms;
use crate::error::MatchError;
use crate::limits::ServerLimits;
use crate::live::{Live, LiveMatch, OPEN, OVER, PLAYING, free_seats};
use crate::rate::RateTable;
use crate::settings::Settings;
use crate::store::{MatchRow, SeatRow, Store};
use crate::token::{is_match_id, new_match_id, new_seed, new_token, token_hash};

/// A seat as `POST /api/matches` asks for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// A bot spec of the game (`"random"`, `"mcts(iters=200)"`).
    #[serde(default)]
    pub bot: Option<String>,
    /// A seat for a person, who joins with `join`.
    #[serde(default)]
    pub human: bool,
}

/// The body of `POST /api/matches`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game's registry name.
    pub game: String,
    /// The game's config (`null` or missing: the default).
    #[serde(default)]
    pub config: Value,
    /// One entry per seat (missing: every seat human).
    #[serde(default)]
    pub seats: Option<Vec<SeatRequest>>,
    /// The match settings.
    #[serde(default)]
    pub settings: Settings,
}

/// A seat given to a player: its number and its token (shown once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The match id.
    pub match_id: String,
    /// The seat number.
    pub seat: u8,
    /// The seat's token.
    pub token: String,
}

/// Everything one server instance shares between its requests.
pub struct Hub {
    /// The database.
    pub store: Store,
    /// The limits it enforces.
    pub limits: ServerLimits,
    /// Requests per address to the lobby.
    pub http_rates: RateTable,
    matches: SyncMutex<HashMap<String, Arc<LiveMatch>>>,
    /// Loads one match at a time, so two requests never build it twice.
    loading: tokio::sync::Mutex<()>,
    /// One rematch at a time, so two seats asking at once share one.
    rematching: tokio::sync::Mutex<()>,
}

impl Hub {
    /// A hub over `store`.
    #[must_use]
    pub fn new(store: Store, limits: ServerLimits) -> Arc<Hub> {
        Arc::new(Hub {
            http_rates: RateTable::new(limits.http_per_second, limits.http_burst),
            store,
            limits,
            matches: SyncMutex::new(HashMap::new()),
            loading: tokio::sync::Mutex::new(()),
            rematching: tokio::sync::Mutex::new(()),
        })
    }

    /// The match `id` if this instance holds it already.
    pub fn loaded(&self, id: &str) -> Option<Arc<LiveMatch>> {
        self.lock_map().get(id).cloned()
    }

    /// Every match this instance holds.
    pub fn all_loaded(&self) -> Vec<Arc<LiveMatch>> {
        self.lock_map().values().cloned().collect()
    }

    /// Drops a match from memory (it is still stored).
    pub fn unload(&self, id: &str) {
        self.lock_map().remove(id);
    }

    fn lock_map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<LiveMatch>>> {
        // A panic while holding the map cannot leave it half-written (each
        // use is one insert, get or remove), so a poisoned lock is usable.
        self.matches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The match `id`, loaded from the store when this instance does not
    /// hold it (its moves replayed and verified).
    ///
    /// # Errors
    /// No such match, a storage failure, or a stored match that does not
    /// replay.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<LiveMatch>, MatchError> {
        if !is_match_id(id) {
            return Err(MatchError::NoMatch(registry::cap_quote(id)));
        }
        if let Some(m) = self.loaded(id) {
            return Ok(m);
        }
        let _one_at_a_time = self.loading.lock().await;
        if let Some(m) = self.loaded(id) {
            return Ok(m);
        }
        let row = self
            .store
            .match_row(id)
            .await?
            .ok_or_else(|| MatchError::NoMatch(id.to_string()))?;
        let seats = self.store.seats(id).await?;
        let moves = self.store.moves_from(id, 0).await?;
        let live = Live::rebuild(row, seats, &moves)?;
        let m = Arc::new(LiveMatch::new(id.to_string(), live));
        self.lock_map().insert(id.to_string(), Arc::clone(&m));
        crate::bots::drive(self, &m);
        Ok(m)
    }

    /// The match `id`, brought up to date with what other instances wrote
    /// (on PostgreSQL; one instance on SQLite is always up to date).
    ///
    /// # Errors
    /// As [`Hub::get`].
    pub async fn fresh(self: &Arc<Self>, id: &str) -> Result<Arc<LiveMatch>, MatchError> {
        let m = self.get(id).await?;
        if self.store.shared() {
            m.state.lock().await.catch_up(&self.store).await?;
        }
        Ok(m)
    }

    /// Loads every match being played, so bots move again and absent
    /// seats are watched after a restart.
    ///
    /// # Errors
    /// A storage failure; a match that does not replay is logged and
    /// skipped (it stays stored for an operator to look at).
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, MatchError> {
        let mut resumed = 0;
        for id in self.store.ids_with_status(PLAYING).await? {
            match self.get(&id).await {
                Ok(_) => resumed += 1,
                Err(e) => tracing::error!(%id, error = %e, "a stored match does not load"),
            }
        }
        Ok(resumed)
    }

    /// Stores a new match for `creator` (an address).
    ///
    /// # Errors
    /// An unknown game, a bad config, seat list or setting, too many live
    /// matches from `creator`, or a storage failure.
    pub async fn create(
        self: &Arc<Self>,
        creator: &str,
        request: CreateRequest,
        rematch_of: &str,
    ) -> Result<Arc<LiveMatch>, MatchError> {
        let game = registry::find(&request.game)?;
        let seed = new_seed().map_err(no_randomness)?;
        let mut scratch = game.open(&request.config, seed)?;
        let seat_count = scratch.seats();
        let asked = request.seats.unwrap_or_else(|| {
            vec![
                SeatRequest {
                    bot: None,
                    human: true
                };
                seat_count
            ]
        });
        if asked.len() != seat_count {
            return Err(MatchError::BadRequest(format!(
                "this config has {seat_count} seats; {} were given",
                asked.len()
            )));
        }
        check_settings(&request.settings, scratch.as_mut(), seat_count)?;
        let now = now_ms();
        let mut seats = Vec::with_capacity(seat_count);
        for (i, s) in asked.iter().enumerate() {
            let seat = u8::try_from(i).unwrap_or(u8::MAX);
            let kind = match (&s.bot, s.human) {
                (Some(bot), false) => {
                    // Checks the spec now, as the lobby's error, not at the
                    // bot's first move.
                    scratch.set_bot(Seat(seat), bot, 0)?;
                    "bot"
                }
                (None, true) => "human",
                _ => {
                    return Err(MatchError::BadRequest(format!(
                        "seat {i}: give either {{\"bot\": SPEC}} or {{\"human\": true}}"
                    )));
                }
            };
            seats.push(SeatRow {
                seat,
                kind: kind.into(),
                bot: s.bot.clone().unwrap_or_default(),
                name: String::new(),
                token_hash: String::new(),
                seen_ms: now,
            });
        }
        if self.store.live_matches_of(creator).await? >= i64::from(self.limits.matches_per_address)
        {
            return Err(MatchError::RateLimited(format!(
                "at most {} matches not over per address",
                self.limits.matches_per_address
            )));
        }
        let status = if free_seats(&seats).is_empty() {
            PLAYING
        } else {
            OPEN
        };
        let row = MatchRow {
            id: new_match_id().map_err(no_randomness)?,
            game: request.game.clone(),
            config: if request.config.is_null() {
                game.default_config().to_string()
            } else {
                request.config.to_string()
            },
            seed,
            settings: serde_json::to_string(&request.settings).unwrap_or_default(),
            status: status.into(),
            ended: String::new(),
            result: "null".into(),
            creator: creator.into(),
            created_ms: now,
            updated_ms: now,
            rematch_of: rematch_of.into(),
        };
        self.store.create_match(&row, &seats).await?;
        tracing::info!(id = %row.id, game = %row.game, %status, "match created");
        self.get(&row.id).await
    }

    /// Gives `name` a free human seat of match `id` (`seat`, or the first
    /// free one); the match starts when the last one is taken.
    ///
    /// # Errors
    /// No such match, not open, the seat taken or not a human seat, or a
    /// storage failure.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        name: &str,
        seat: Option<u8>,
    ) -> Result<Joined, MatchError> {
        let name = clean_name(name)?;
        let m = self.fresh(id).await?;
        let joined = {
            let mut live = m.state.lock().await;
            if live.row.status != OPEN {
                return Err(MatchError::NotPlaying(format!(
                    "the match is {}; only an open match takes players",
                    live.row.status
                )));
            }
            let free = free_seats(&live.seats);
            let seat = match seat {
                Some(s) if free.contains(&s) => s,
                Some(s) => {
                    return Err(MatchError::SeatTaken(format!(
                        "seat {s} is not a free human seat (free: {free:?})"
                    )));
                }
                None => *free
                    .first()
                    .ok_or_else(|| MatchError::SeatTaken("no seat is free".into()))?,
            };
            let token = new_token().map_err(no_randomness)?;
            let hash = token_hash(&token);
            let now = now_ms();
            if !self.store.claim_seat(id, seat, &name, &hash, now).await? {
                live.catch_up(&self.store).await?;
                return Err(MatchError::SeatTaken(format!(
                    "seat {seat} was taken meanwhile"
                )));
            }
            // Read back: another instance may have filled the other seats.
            live.seats = self.store.seats(id).await?;
            if free_seats(&live.seats).is_empty() {
                self.store.set_status(id, PLAYING, "", "null", now).await?;
                live.row.status = PLAYING.into();
                live.row.updated_ms = now;
            }
            if let Some(p) = live.present_ms.get_mut(seat as usize) {
                *p = now;
            }
            Joined {
                match_id: id.to_string(),
                seat,
                token,
            }
        };
        tracing::info!(%id, seat = joined.seat, "seat joined");
        self.store.announce(id).await?;
        m.announce();
        crate::bots::drive(self, &m);
        Ok(joined)
    }

    /// The seat holding `token` leaves match `id`: its seat is free again
    /// while the match is open; while it is played, the match's absent
    /// rule applies at once (a bot takes over, or the seat forfeits).
    ///
    /// # Errors
    /// No such match, a wrong token, or a storage failure.
    pub async fn leave(self: &Arc<Self>, id: &str, token: &str) -> Result<Value, MatchError> {
        let m = self.fresh(id).await?;
        let answer = {
            let mut live = m.state.lock().await;
            let seat = live.seat_of_token(token).ok_or(MatchError::BadToken)?;
            match live.row.status.as_str() {
                OPEN => {
                    self.store.free_seat(id, seat).await?;
                    if let Some(s) = live.seats.get_mut(seat as usize) {
                        s.name.clear();
                        s.token_hash.clear();
                    }
                    json!({"left": true, "seat": seat, "status": OPEN})
                }
                PLAYING => {
                    crate::absent::seat_gone(&self.store, &mut live, seat).await?;
                    json!({"left": true, "seat": seat, "status": live.row.status})
                }
                _ => json!({"left": false, "seat": seat, "status": OVER}),
            }
        };
        self.store.announce(id).await?;
        m.announce();
        crate::bots::drive(self, &m);
        Ok(answer)
    }

    /// A new match with the same game, config, seating and settings as the
    /// finished match `id`, the caller seated where they sat; a second
    /// call (from another seat) joins the same rematch.
    ///
    /// # Errors
    /// No such match, not over, a wrong token, or as [`Hub::create`].
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        creator: &str,
        name: &str,
    ) -> Result<Joined, MatchError> {
        let m = self.fresh(id).await?;
        let (seat, request) = {
            let live = m.state.lock().await;
            let seat = live.seat_of_token(token).ok_or(MatchError::BadToken)?;
            if live.row.status != OVER {
                return Err(MatchError::NotPlaying(
                    "a rematch follows a match that is over".into(),
                ));
            }
            let seats = live
                .seats
                .iter()
                .map(|s| SeatRequest {
                    bot: (s.kind == "bot").then(|| s.bot.clone()),
                    human: s.kind == "human",
                })
                .collect();
            let request = CreateRequest {
                game: live.row.game.clone(),
                config: serde_json::from_str(&live.row.config).unwrap_or(Value::Null),
                seats: Some(seats),
                settings: live.settings.clone(),
            };
            (seat, request)
        };
        let next = {
            let _one_rematch = self.rematching.lock().await;
            match self.store.rematch_of(id).await? {
                Some(next) => next,
                None => match self.create(creator, request, id).await {
                    Ok(created) => created.id.clone(),
                    // Another instance made it first (the unique index).
                    Err(MatchError::Storage(e)) => self
                        .store
                        .rematch_of(id)
                        .await?
                        .ok_or(MatchError::Storage(e))?,
                    Err(e) => return Err(e),
                },
            }
        };
        self.join(&next, name, Some(seat)).await
    }
}

fn check_settings(
    settings: &Settings,
    scratch: &mut dyn registry::AnySession,
    seats: usize,
) -> Result<(), MatchError> {
    if settings.absent_secs < 5 {
        return Err(MatchError::BadRequest(
            "settings.absent_secs must be at least 5".into(),
        ));
    }
    if seats > 0 {
        scratch.set_bot(Seat(0), &settings.absent_bot, 0)?;
    }
    Ok(())
}

/// A player's name: printable, 1 to 40 characters.
fn clean_name(name: &str) -> Result<String, MatchError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(MatchError::BadRequest(
            "a name has 1 to 40 printable characters".into(),
        ));
    }
    Ok(name.to_string())
}

fn no_randomness(e: getrandom::Error) -> MatchError {
    MatchError::Forbidden(format!("the system has no randomness to give: {e}"))
}
