//! Whether an action may be played, beyond the checks every game shares
//! (MI-39, MI-44).

use game_core::Seat;

use crate::MarketIsland;
use crate::market_island::BALANCE_MARGIN;
use crate::state::State;
use crate::{Elimination, MarketError};

impl MarketIsland {
    /// Refuses to play on balances near the `i32` limits (only a damaged or
    /// forged state has them), so arithmetic in a turn cannot overflow.
    pub(crate) fn guard(&self, s: &State) -> Result<(), MarketError> {
        if s.seats
            .as_slice()
            .iter()
            .any(|st| st.balance.unsigned_abs() > (i32::MAX - BALANCE_MARGIN) as u32)
        {
            return Err(MarketError::state(
                "seats.balance",
                "a balance too close to the i32 limits",
            ));
        }
        Ok(())
    }

    /// Whether `seat` may pay the mining fee to join: always under
    /// `EndOfTurn` (B-9); under `Immediate` only when its balance stays
    /// at 0 or above, so that joining never eliminates (MI-44, B-29).
    pub(crate) fn may_join(&self, s: &State, seat: Seat) -> bool {
        match self.config.elimination {
            Elimination::EndOfTurn => true,
            Elimination::Immediate => s
                .seats
                .get(seat)
                .is_some_and(|st| i64::from(st.balance) - i64::from(self.config.mining_fee) >= 0),
        }
    }
}
