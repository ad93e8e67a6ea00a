//! Determinization for search bots: redraw what a seat has not seen (M-50, M-51).

use crate::cards::Half;
use crate::costs::Mode;
use crate::goal_cards::GoalCards;
use crate::moon::Moon;
use crate::state::State;
use game_core::{Seat, Viewer};

impl game_core::Determinize for Moon {
    fn determinize(&self, s: &State, seat: Seat, rng: &mut game_core::GameRng) -> State {
        let mut out = *s;
        if self.mode == Mode::Cooperative {
            // The state never holds an unseen face: nothing to resample.
            return out;
        }
        // Other seats' goals the seat has not been shown, and the unseen
        // cards, are one exchangeable pool (M-50, M-51).
        let mut pool: Vec<u8> = s.pool.unseen().values();
        let mut slots: Vec<(Seat, bool)> = Vec::new();
        for (t, h) in s.goals.iter() {
            if self.sees_goal(h, t, Viewer::Seat(seat)) {
                continue;
            }
            if let Some(c) = h.first {
                pool.push(c);
                slots.push((t, false));
            }
            if let Some(Half::Card(c)) = h.second {
                pool.push(c);
                slots.push((t, true));
            }
        }
        // Sorted first, so the draw depends on what the seat knows (the
        // pool as a multiset) and the seed, never on where the hidden
        // cards really are: two states the seat cannot tell apart give
        // the same determinization.
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let mut unseen = GoalCards::EMPTY;
        for (i, v) in pool.iter().enumerate() {
            match slots.get(i) {
                Some((t, false)) => out.goals[*t].first = Some(*v),
                Some((t, true)) => out.goals[*t].second = Some(Half::Card(*v)),
                None => {
                    unseen.add(*v);
                }
            }
        }
        out.pool.set_unseen(unseen);
        out
    }
}
