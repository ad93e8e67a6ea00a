//! Bot seats move on the server: the bot chooses on a copy of the session
//! off the async threads, within the move time limit, then its move is
//! committed like a player's (written first, then announced).

use std::sync::Arc;
use std::time::Instant;

use tabletop::game_core::Seat;

use crate::error::MatchError;
use crate::hub::Hub;
use crate::live::LiveMatch;
use crate::token::new_seed;

/// Starts moving the bots of match `m` if a bot is to act and no driver
/// runs yet; the driver stops when a person is to act or the match ends.
pub fn drive(hub: &Arc<Hub>, m: &Arc<LiveMatch>) {
    let (hub, m) = (Arc::clone(hub), Arc::clone(m));
    tokio::spawn(async move {
        {
            let mut live = m.state.lock().await;
            if live.driving || live.bot_to_act().is_none() {
                return;
            }
            live.driving = true;
        }
        let stopped = drive_loop(&hub, &m).await;
        m.state.lock().await.driving = false;
        if let Err(e) = stopped {
            tracing::error!(id = %m.id, error = %e, "a bot could not move");
        }
    });
}

async fn drive_loop(hub: &Arc<Hub>, m: &Arc<LiveMatch>) -> Result<(), MatchError> {
    loop {
        let (seat, bot, version, mut scratch) = {
            let live = m.state.lock().await;
            let Some((seat, bot)) = live.bot_to_act() else {
                return Ok(());
            };
            (seat, bot, live.version, live.session.clone_box())
        };
        let seed = new_seed().unwrap_or(u64::from(seat));
        let limit = hub.limits.bot_move_time;
        let chosen = tokio::task::spawn_blocking(move || {
            scratch.set_bot(Seat(seat), &bot, seed)?;
            let until = Instant::now() + limit;
            scratch.play_bot_seen(&|| Instant::now() >= until, None)
        })
        .await
        .map_err(|e| MatchError::Forbidden(format!("the bot stopped: {e}")))??;
        let mut live = m.state.lock().await;
        if hub.store.shared() {
            live.catch_up(&hub.store).await?;
        }
        let before = live.version;
        let committed = live.commit(&hub.store, seat, version, &chosen.action).await;
        let moved = live.version != before;
        drop(live);
        if moved {
            // The bot's move, or another instance's moves read by the
            // refusal below (their notices will be skipped as held).
            m.announce();
        }
        match committed {
            // Someone (another instance's driver) moved first: look again.
            Ok(()) | Err(MatchError::Stale { .. } | MatchError::NotYourTurn(_)) => {}
            Err(e) => return Err(e),
        }
    }
}
