//! A human seat whose player is gone: a bot takes over, or the seat
//! forfeits, as the match's settings say.

use serde_json::json;

use crate::error::MatchError;
use crate::live::{Live, PLAYING, seat_name};
use crate::settings::Absent;
use crate::store::Store;

/// Applies the match's absent rule to `seat` (a playing match).
///
/// # Errors
/// A storage failure; nothing changes then.
pub async fn seat_gone(store: &Store, live: &mut Live, seat: u8) -> Result<(), MatchError> {
    if live.row.status != PLAYING || live.bot_of(seat).is_some() {
        return Ok(());
    }
    match live.settings.absent {
        Absent::Bot => {
            let bot = live.settings.absent_bot.clone();
            store.set_seat_bot(&live.row.id, seat, &bot).await?;
            if let Some(s) = live.seats.get_mut(seat as usize) {
                s.bot = bot;
            }
            tracing::info!(id = %live.row.id, seat, "a bot took over an absent seat");
        }
        Absent::Forfeit => {
            let words = format!(
                "{} forfeited: gone too long",
                seat_name(&live.seats, seat as usize)
            );
            live.end(
                store,
                "forfeit",
                json!({"reason": "forfeit", "forfeit": seat, "outcome": null, "words": words}),
            )
            .await?;
            tracing::info!(id = %live.row.id, seat, "an absent seat forfeited");
        }
    }
    Ok(())
}

/// The player of `seat` is back (a socket with its token): a bot that
/// took the seat over gives it back.
///
/// # Errors
/// A storage failure.
pub async fn seat_back(store: &Store, live: &mut Live, seat: u8) -> Result<(), MatchError> {
    let human_with_bot = live
        .seats
        .get(seat as usize)
        .is_some_and(|s| s.kind == "human" && !s.bot.is_empty());
    if human_with_bot {
        store.set_seat_bot(&live.row.id, seat, "").await?;
        if let Some(s) = live.seats.get_mut(seat as usize) {
            s.bot.clear();
        }
    }
    Ok(())
}
