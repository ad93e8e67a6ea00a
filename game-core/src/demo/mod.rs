//! Two tiny games that show how to implement [`crate::Game`], and that the
//! examples, bots and conformance kit run on from day one.
//!
//! - [`Pig`]: dice chance and scores. Roll to grow a turn total, hold to
//!   bank it, lose it on a 1.
//! - [`HighCard`]: hidden cards. Each of two seats is dealt one card from a
//!   small deck and a round of betting follows; the higher card wins a showdown.
//!
//! Both implement [`crate::Notation`] with one word per action (`roll`,
//! `hold`; `check`, `bet`, `call`, `fold`).

mod high_card;
mod learning;
mod narration;
mod notation;
mod pig;
mod preview;

pub use high_card::{
    HighCard, HighCardAction, HighCardConfig, HighCardError, HighCardObs, HighCardState,
};
pub use pig::{Die, Pig, PigAction, PigConfig, PigError, PigState};
