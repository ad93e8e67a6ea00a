//! Where matches live: one SQLite file (the embedded default) or a
//! PostgreSQL database shared by several server instances. Plain portable
//! SQL through sqlx's `Any` driver, so both run the same statements; the
//! one PostgreSQL-only part, telling other instances of a new move, is a
//! `NOTIFY` sent in the move's own transaction.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, ConnectOptions, Row};

use crate::live::PLAYING;

/// The channel a PostgreSQL instance announces each move on; the payload
/// is `match_id:n`.
pub const MOVES_CHANNEL: &str = "tabletop_moves";

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// A storage failure (the database is unreachable, refused a statement, or
/// holds a row this server cannot read).
#[derive(Debug, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(String);

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError(e.to_string())
    }
}

/// Which database a [`Store`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreKind {
    /// One file, one server instance.
    Sqlite,
    /// A database several instances share.
    Postgres,
}

/// A match as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    /// The match id (32 hex digits).
    pub id: String,
    /// The game's registry name.
    pub game: String,
    /// The game config, JSON text.
    pub config: String,
    /// The session seed.
    pub seed: u64,
    /// The match settings, JSON text.
    pub settings: String,
    /// `open`, `playing` or `over`.
    pub status: String,
    /// Why it is over (`finished`, `forfeit`, `expired`), or empty.
    pub ended: String,
    /// The result shown once over, JSON text (`null` before).
    pub result: String,
    /// The address that created it.
    pub creator: String,
    /// Unix milliseconds of creation.
    pub created_ms: i64,
    /// Unix milliseconds of the last change.
    pub updated_ms: i64,
    /// The match this one replays the seating of, or empty.
    pub rematch_of: String,
}

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// The seat number.
    pub seat: u8,
    /// `human` or `bot`.
    pub kind: String,
    /// The bot spec (a bot seat, or the bot that took an absent seat over).
    pub bot: String,
    /// The player's name, empty while free.
    pub name: String,
    /// The token's SHA-256, hex; empty while free.
    pub token_hash: String,
    /// When a socket of this seat was last seen.
    pub seen_ms: i64,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// Its number: the match's version before it.
    pub n: u64,
    /// The seat that played it.
    pub seat: u8,
    /// The game's JSON action, as text.
    pub action: String,
    /// The session's step count after it.
    pub steps_after: u64,
}

/// The database of matches.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    kind: StoreKind,
    url: String,
}

impl Store {
    /// Opens (creating a missing SQLite file) and migrates the database at
    /// `url`: `sqlite://FILE`, `sqlite::memory:` or `postgres://...`.
    ///
    /// # Errors
    /// An unknown scheme, an unreachable database, or a failed migration.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let (kind, url) = if url.starts_with("sqlite:") {
            (StoreKind::Sqlite, sqlite_url(url))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (StoreKind::Postgres, url.to_string())
        } else {
            return Err(StoreError(format!(
                "unknown database url (want sqlite://FILE or postgres://...): {}",
                redact(url)
            )));
        };
        let options = AnyConnectOptions::from_str(&url)?.disable_statement_logging();
        let pool = match kind {
            // One writer at a time is SQLite's nature; a small pool of
            // readers beside it. WAL lets readers go on while a move is
            // written, and NORMAL sync is durable at each commit in WAL.
            StoreKind::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(if url.contains(":memory:") { 1 } else { 4 })
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            for pragma in [
                                "PRAGMA journal_mode = WAL",
                                "PRAGMA synchronous = NORMAL",
                                "PRAGMA busy_timeout = 5000",
                                "PRAGMA foreign_keys = ON",
                            ] {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
            StoreKind::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(options)
                    .await?
            }
        };
        MIGRATOR.run(&pool).await?;
        Ok(Store { pool, kind, url })
    }

    /// Which database this is.
    pub fn kind(&self) -> StoreKind {
        self.kind
    }

    /// The url it was opened with (for a PostgreSQL listener).
    pub(crate) fn url(&self) -> &str {
        &self.url
    }

    /// Whether other server instances may write to the same matches.
    pub fn shared(&self) -> bool {
        self.kind == StoreKind::Postgres
    }

    /// Stores a new match and its seats, in one transaction.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn create_match(&self, m: &MatchRow, seats: &[SeatRow]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO matches (id, game, config, seed, settings, status, ended, result, creator, created_ms, updated_ms, rematch_of)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&m.id)
        .bind(&m.game)
        .bind(&m.config)
        .bind(m.seed.to_string())
        .bind(&m.settings)
        .bind(&m.status)
        .bind(&m.ended)
        .bind(&m.result)
        .bind(&m.creator)
        .bind(m.created_ms)
        .bind(m.updated_ms)
        .bind(&m.rematch_of)
        .execute(&mut *tx)
        .await?;
        for s in seats {
            sqlx::query(
                "INSERT INTO seats (match_id, seat, kind, bot, name, token_hash, seen_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&m.id)
            .bind(i64::from(s.seat))
            .bind(&s.kind)
            .bind(&s.bot)
            .bind(&s.name)
            .bind(&s.token_hash)
            .bind(s.seen_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The match `id`, if stored.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn match_row(&self, id: &str) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| match_from(&r)).transpose()
    }

    /// Matches by status and game, newest first, at most `limit`.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn list_matches(
        &self,
        game: Option<&str>,
        status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {MATCH_COLUMNS} FROM matches
             WHERE ($1 = '' OR game = $1) AND ($2 = '' OR status = $2)
             ORDER BY created_ms DESC, id LIMIT $3"
        )))
        .bind(game.unwrap_or(""))
        .bind(status.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(match_from).collect()
    }

    /// The ids of every match in `status`.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn ids_with_status(&self, status: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM matches WHERE status = $1 ORDER BY created_ms")
            .bind(status)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(StoreError::from))
            .collect()
    }

    /// The rematch of match `id`, if one was made.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn rematch_of(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT id FROM matches WHERE rematch_of = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<String, _>("id").map_err(StoreError::from))
            .transpose()
    }

    /// Matches in `status` not changed since `before_ms`.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn stale_ids(&self, status: &str, before_ms: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM matches WHERE status = $1 AND updated_ms < $2")
            .bind(status)
            .bind(before_ms)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(StoreError::from))
            .collect()
    }

    /// How many matches `creator` has that are not over.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn live_matches_of(&self, creator: &str) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM matches WHERE creator = $1 AND status <> 'over'",
        )
        .bind(creator)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")?)
    }

    /// The seats of match `id`, in seat order.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, kind, bot, name, token_hash, seen_ms FROM seats WHERE match_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    seat: u8::try_from(r.try_get::<i64, _>("seat")?)
                        .map_err(|e| StoreError(e.to_string()))?,
                    kind: r.try_get("kind")?,
                    bot: r.try_get("bot")?,
                    name: r.try_get("name")?,
                    token_hash: r.try_get("token_hash")?,
                    seen_ms: r.try_get("seen_ms")?,
                })
            })
            .collect()
    }

    /// Gives the free human seat `seat` to `name`; false when it was taken
    /// meanwhile (by this or another instance).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn claim_seat(
        &self,
        id: &str,
        seat: u8,
        name: &str,
        token_hash: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE seats SET name = $1, token_hash = $2, seen_ms = $3
             WHERE match_id = $4 AND seat = $5 AND kind = 'human' AND token_hash = ''",
        )
        .bind(name)
        .bind(token_hash)
        .bind(now)
        .bind(id)
        .bind(i64::from(seat))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Frees a seat of a match that has not started.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn free_seat(&self, id: &str, seat: u8) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE seats SET name = '', token_hash = '' WHERE match_id = $1 AND seat = $2",
        )
        .bind(id)
        .bind(i64::from(seat))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Hands seat `seat` to the bot `bot` (an absent player's seat).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn set_seat_bot(&self, id: &str, seat: u8, bot: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE seats SET bot = $1 WHERE match_id = $2 AND seat = $3")
            .bind(bot)
            .bind(id)
            .bind(i64::from(seat))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records that the seats' sockets are connected now.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn touch_seat(&self, id: &str, seat: u8, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE seats SET seen_ms = $1 WHERE match_id = $2 AND seat = $3")
            .bind(now)
            .bind(id)
            .bind(i64::from(seat))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Sets a match's status, why it ended and its result.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn set_status(
        &self,
        id: &str,
        status: &str,
        ended: &str,
        result: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE matches SET status = $1, ended = $2, result = $3, updated_ms = $4 WHERE id = $5",
        )
        .bind(status)
        .bind(ended)
        .bind(result)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The moves of match `id` from number `from` on, in order.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn moves_from(&self, id: &str, from: u64) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT n, seat, action, steps_after FROM moves WHERE match_id = $1 AND n >= $2 ORDER BY n",
        )
        .bind(id)
        .bind(i64::try_from(from).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let number = |name: &str| -> Result<u64, StoreError> {
                    u64::try_from(r.try_get::<i64, _>(name)?).map_err(|e| StoreError(e.to_string()))
                };
                Ok(MoveRow {
                    n: number("n")?,
                    seat: u8::try_from(number("seat")?).map_err(|e| StoreError(e.to_string()))?,
                    action: r.try_get("action")?,
                    steps_after: number("steps_after")?,
                })
            })
            .collect()
    }

    /// Writes move `m.n` of match `id` (and, on PostgreSQL, tells the
    /// other instances); false when a move `m.n` is already stored, by
    /// this instance or another: the caller's view was stale.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn insert_move(&self, id: &str, m: &MoveRow, now: i64) -> Result<bool, StoreError> {
        let n = i64::try_from(m.n).unwrap_or(i64::MAX);
        let steps_after = i64::try_from(m.steps_after).unwrap_or(i64::MAX);
        if self.shared() {
            // One statement, so one round trip and one commit: the insert
            // (only while the match is being played: another instance may
            // have ended it), the match's time, and the NOTIFY, sent only
            // when the row went in and delivered at commit (a listener
            // never reads ahead).
            let inserted: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "WITH ins AS (
                   INSERT INTO moves (match_id, n, seat, action, steps_after, at_ms)
                   SELECT $1, $2, $3, $4, $5, $6
                   WHERE EXISTS (SELECT 1 FROM matches WHERE id = $1 AND status = '{PLAYING}')
                   ON CONFLICT (match_id, n) DO NOTHING
                   RETURNING match_id, n
                 ), touched AS (
                   UPDATE matches SET updated_ms = $6 WHERE id IN (SELECT match_id FROM ins)
                 )
                 SELECT count(*) FROM (
                   SELECT pg_notify('{MOVES_CHANNEL}', match_id || ':' || n) FROM ins
                 ) AS sent"
            )))
            .bind(id)
            .bind(n)
            .bind(i64::from(m.seat))
            .bind(&m.action)
            .bind(steps_after)
            .bind(now)
            .fetch_one(&self.pool)
            .await?;
            return Ok(inserted == 1);
        }
        // SQLite: one transaction of two statements, one commit.
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "INSERT INTO moves (match_id, n, seat, action, steps_after, at_ms)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (match_id, n) DO NOTHING",
        )
        .bind(id)
        .bind(n)
        .bind(i64::from(m.seat))
        .bind(&m.action)
        .bind(steps_after)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("UPDATE matches SET updated_ms = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Tells the other instances that match `id` changed outside its moves
    /// (a seat joined, left or went to a bot, or the match ended).
    ///
    /// # Errors
    /// A storage failure.
    pub async fn announce(&self, id: &str) -> Result<(), StoreError> {
        if self.shared() {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "NOTIFY {MOVES_CHANNEL}, '{}:-'",
                hex_only(id)
            )))
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }
}

const MATCH_COLUMNS: &str = "id, game, config, seed, settings, status, ended, result, creator, created_ms, updated_ms, rematch_of";

fn match_from(r: &AnyRow) -> Result<MatchRow, StoreError> {
    let seed: String = r.try_get("seed")?;
    Ok(MatchRow {
        id: r.try_get("id")?,
        game: r.try_get("game")?,
        config: r.try_get("config")?,
        seed: seed
            .parse()
            .map_err(|_| StoreError(format!("a stored seed is not a number: {seed:?}")))?,
        settings: r.try_get("settings")?,
        status: r.try_get("status")?,
        ended: r.try_get("ended")?,
        result: r.try_get("result")?,
        creator: r.try_get("creator")?,
        created_ms: r.try_get("created_ms")?,
        updated_ms: r.try_get("updated_ms")?,
        rematch_of: r.try_get("rematch_of")?,
    })
}

/// `sqlite://FILE` with `mode=rwc` (create when missing) unless the url
/// names its own options.
fn sqlite_url(url: &str) -> String {
    if url.contains('?') || url.contains(":memory:") {
        url.to_string()
    } else {
        format!("{url}?mode=rwc")
    }
}

/// The url without a password, for messages and logs.
pub(crate) fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://…@{}", &url[..scheme], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

/// Keeps only hex digits (ids are made of them; anything else would be a
/// bug, and must never reach a NOTIFY statement).
fn hex_only(id: &str) -> String {
    id.chars().filter(char::is_ascii_hexdigit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_reaches_a_message() {
        assert_eq!(
            redact("postgres://user:secret@db.example/tabletop"),
            "postgres://…@db.example/tabletop"
        );
        assert_eq!(redact("sqlite://t.db"), "sqlite://t.db");
    }

    #[test]
    fn a_sqlite_file_is_created_when_missing_unless_the_url_says_otherwise() {
        assert_eq!(sqlite_url("sqlite://t.db"), "sqlite://t.db?mode=rwc");
        assert_eq!(sqlite_url("sqlite://t.db?mode=ro"), "sqlite://t.db?mode=ro");
    }
}
