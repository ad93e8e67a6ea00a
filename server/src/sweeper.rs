//! The server's clock work, once a tick: matches that expire, seats gone
//! too long, bots to restart, and finished matches to drop from memory.

use std::sync::Arc;

use serde_json::json;

use crate::clock::now_ms;
use crate::error::MatchError;
use crate::hub::Hub;
use crate::live::{OPEN, OVER, PLAYING};

/// Runs until the process stops.
pub async fn run(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(hub.limits.sweep_every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if let Err(e) = sweep(&hub).await {
            tracing::warn!(error = %e, "sweep failed; trying again next tick");
        }
    }
}

/// One pass.
///
/// # Errors
/// A storage failure (the next pass tries again).
pub async fn sweep(hub: &Arc<Hub>) -> Result<(), MatchError> {
    let now = now_ms();
    let ttl = |d: std::time::Duration| now - i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
    for (status, before) in [
        (OPEN, ttl(hub.limits.open_ttl)),
        (PLAYING, ttl(hub.limits.idle_ttl)),
    ] {
        for id in hub.store.stale_ids(status, before).await? {
            let m = hub.get(&id).await?;
            let mut live = m.state.lock().await;
            if live.row.status == status && live.row.updated_ms < before {
                let words = format!(
                    "expired: no {} in time",
                    if status == OPEN { "players" } else { "move" }
                );
                live.end(
                    &hub.store,
                    "expired",
                    json!({"reason": "expired", "outcome": null, "words": words}),
                )
                .await?;
                drop(live);
                hub.store.announce(&id).await?;
                m.announce();
                tracing::info!(%id, "match expired");
            }
        }
    }
    for m in hub.all_loaded() {
        let mut live = m.state.lock().await;
        let mut changed = false;
        if live.row.status == PLAYING {
            if hub.store.shared() {
                // Tell the other instances who is connected here, and
                // hear who is connected there.
                for seat in 0..live.connected.len() {
                    if live.connected[seat] > 0 {
                        hub.store.touch_seat(&live.row.id, seat as u8, now).await?;
                    }
                }
                live.catch_up(&hub.store).await?;
            }
            let gone_ms =
                i64::try_from(live.settings.absent_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
            for seat in 0..live.seats.len() {
                if live.connected[seat] > 0 {
                    live.present_ms[seat] = now;
                    continue;
                }
                let human = live.seats[seat].kind == "human";
                if human
                    && live.bot_of(seat as u8).is_none()
                    && now - live.present_ms[seat] > gone_ms
                {
                    crate::absent::seat_gone(&hub.store, &mut live, seat as u8).await?;
                    changed = true;
                }
            }
        }
        let stuck_bot = !live.driving
            && live.bot_to_act().is_some()
            && now - live.row.updated_ms
                > i64::try_from(hub.limits.bot_move_time.as_millis().saturating_mul(2))
                    .unwrap_or(i64::MAX);
        let idle_over = live.row.status == OVER
            && live.connected.iter().all(|&c| c == 0)
            && now - live.row.updated_ms > 60_000;
        drop(live);
        if changed {
            hub.store.announce(&m.id).await?;
            m.announce();
        }
        if changed || stuck_bot {
            crate::bots::drive(hub, &m);
        }
        if idle_over {
            hub.unload(&m.id);
        }
    }
    Ok(())
}
