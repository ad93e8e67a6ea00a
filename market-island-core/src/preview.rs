//! What a decision would cost before it is made ([`game_core::Preview`]).
//!
//! Joining the mining (`Mine`, `Keep(i)`) costs `mining_fee` coins at once
//! (MI-13), paid to the Bank; declining is free. Nothing scores at once:
//! a miner's match points (MI-16) only rank the miners at the reveal, are
//! added to no total, and depend on the other block cards, which stay
//! secret until then (MI-15); the reward (MI-18) goes to the winner after
//! the reveal. So every preview's score is `None`, and a fee of 0 lists no
//! cost.

use game_core::{MovePreview, Preview, Seat};

use crate::action::Action;
use crate::market_island::MarketIsland;
use crate::state::State;

impl Preview for MarketIsland {
    fn preview(&self, _s: &State, _seat: Seat, a: &Action) -> MovePreview {
        match a {
            // MI-13: keeping a card costs the fee at once.
            Action::Mine | Action::Keep(_) if self.config.mining_fee > 0 => {
                MovePreview::costing("coins", i64::from(self.config.mining_fee))
            }
            Action::Mine | Action::Keep(_) | Action::Decline => MovePreview::default(),
        }
    }
}
