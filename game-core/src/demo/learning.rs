//! The learning view of the demo games, the smallest examples of
//! [`Learning`]: an action space of two or four indices and a flat tensor.
//!
//! Pig's tensor: per seat slot (up to 4) its score / target; the turn total
//! / target; the current seat one-hot (4); turns played / max turns;
//! rolling; over. 12 numbers.
//!
//! High card's tensor: whether the viewer is a seat (1), its seat one-hot
//! (2), its card one-hot (deck size), both shown cards one-hot (2 x deck
//! size), the betting history as three one-hot steps of the four actions
//! (12), and the count of each unseen card value (deck size).

use crate::learning::{push_flag, push_one_hot, push_scaled};
use crate::{Game, Learning, Seat};

use super::high_card::HighCardObs;
use super::pig::{MAX_PIG_SEATS, PigState};
use super::{HighCard, HighCardAction, Pig, PigAction};

/// Actions of a High card betting round at most: check, bet, call or fold.
const HIGH_CARD_HISTORY: usize = 3;

impl Learning for Pig {
    fn num_distinct_actions(&self) -> u64 {
        2
    }

    fn action_to_index(&self, _s: &PigState, a: &PigAction) -> Option<u64> {
        Some(match a {
            PigAction::Roll => 0,
            PigAction::Hold => 1,
        })
    }

    fn index_to_action(&self, _s: &PigState, _seat: Seat, index: u64) -> Option<PigAction> {
        match index {
            0 => Some(PigAction::Roll),
            1 => Some(PigAction::Hold),
            _ => None,
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![MAX_PIG_SEATS + 1 + MAX_PIG_SEATS + 3]
    }

    fn encode_observation(&self, obs: &PigState, out: &mut Vec<f32>) {
        out.clear();
        let target = i64::from(self.config().target);
        for i in 0..MAX_PIG_SEATS {
            let score = obs.scores.as_slice().get(i).copied().unwrap_or(0);
            push_scaled(out, i64::from(score), target);
        }
        push_scaled(out, i64::from(obs.turn_total), target);
        push_one_hot(out, Some(obs.current.index()), MAX_PIG_SEATS);
        push_scaled(
            out,
            i64::from(obs.turns),
            i64::from(self.config().max_turns),
        );
        push_flag(out, obs.rolling);
        push_flag(out, obs.over);
    }
}

fn high_card_action_index(a: HighCardAction) -> usize {
    match a {
        HighCardAction::Check => 0,
        HighCardAction::Bet => 1,
        HighCardAction::Call => 2,
        HighCardAction::Fold => 3,
    }
}

impl Learning for HighCard {
    fn num_distinct_actions(&self) -> u64 {
        4
    }

    fn action_to_index(&self, _s: &super::HighCardState, a: &HighCardAction) -> Option<u64> {
        Some(high_card_action_index(*a) as u64)
    }

    fn index_to_action(
        &self,
        _s: &super::HighCardState,
        _seat: Seat,
        index: u64,
    ) -> Option<HighCardAction> {
        match index {
            0 => Some(HighCardAction::Check),
            1 => Some(HighCardAction::Bet),
            2 => Some(HighCardAction::Call),
            3 => Some(HighCardAction::Fold),
            _ => None,
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        let deck = usize::from(self.config().deck_size);
        vec![1 + 2 + deck + 2 * deck + HIGH_CARD_HISTORY * 4 + deck]
    }

    fn encode_observation(&self, obs: &HighCardObs, out: &mut Vec<f32>) {
        out.clear();
        let deck = usize::from(self.config().deck_size);
        // Cards are 1..=deck_size.
        let card = |c: u8| usize::from(c).checked_sub(1);
        push_flag(out, obs.seat.is_some());
        push_one_hot(out, obs.seat.map(Seat::index), 2);
        push_one_hot(out, obs.own_card.and_then(card), deck);
        for i in 0..2 {
            push_one_hot(out, obs.shown.and_then(|s| card(s[i])), deck);
        }
        for i in 0..HIGH_CARD_HISTORY {
            let step = obs.history.get(i).map(|a| high_card_action_index(*a));
            push_one_hot(out, step, 4);
        }
        for value in 1..=deck {
            let n = obs
                .unseen
                .iter()
                .filter(|&&c| usize::from(c) == value)
                .count();
            push_scaled(out, n as i64, 1);
        }
    }
}
