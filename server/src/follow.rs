//! Several instances on one PostgreSQL database: each listens for the
//! others' moves (`NOTIFY` on [`MOVES_CHANNEL`]) and brings the matches it
//! holds up to date, so a seat on instance A sees a move made on B.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::hub::Hub;
use crate::store::{MOVES_CHANNEL, redact};

/// Listens until the process stops, reconnecting after a lost connection
/// (and then reading every held match again, for what it missed).
pub async fn run(hub: Arc<Hub>) {
    loop {
        if let Err(e) = listen(&hub).await {
            tracing::warn!(db = %redact(hub.store.url()), error = %e, "lost the move listener; reconnecting");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        for m in hub.all_loaded() {
            let caught = m.state.lock().await.catch_up(&hub.store).await;
            if caught.is_ok() {
                m.announce();
            }
        }
    }
}

async fn listen(hub: &Arc<Hub>) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect(hub.store.url()).await?;
    listener.listen(MOVES_CHANNEL).await?;
    loop {
        let note = listener.recv().await?;
        let Some((id, what)) = note.payload().split_once(':') else {
            continue;
        };
        if let Some(m) = hub.loaded(id) {
            let mut live = m.state.lock().await;
            // Every instance hears its own moves too; move n is held once
            // the version is past it (the writer holds the match's lock
            // from its insert until its version moves on).
            if what.parse::<u64>().is_ok_and(|n| n < live.version) {
                continue;
            }
            let before = (live.version, live.row.status.clone(), live.seats.clone());
            match live.catch_up(&hub.store).await {
                Ok(()) => {
                    let changed =
                        before != (live.version, live.row.status.clone(), live.seats.clone());
                    drop(live);
                    if changed {
                        m.announce();
                        tracing::debug!(%id, "caught up with another instance");
                    }
                }
                Err(e) => tracing::error!(%id, error = %e, "could not catch up"),
            }
        }
    }
}
