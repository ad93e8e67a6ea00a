//! Determinization for search bots: redraw the racks a seat cannot see
//! from the unseen tiles.

use game_core::{Determinize, GameRng, Seat};

use crate::scrabble::Scrabble;
use crate::state::{Pending, State};
use crate::tile::{Kind, KindCounts};

impl Determinize for Scrabble {
    fn determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        // Pool what `seat` cannot see: the bag, the other racks and the
        // tiles others set aside; redeal the same sizes from it.
        let mut out = s.clone();
        if s.ending.is_some() {
            // Once the game is over nothing is left to search, and the
            // end-of-game adjustments already tell the racks' worth.
            return out;
        }
        let mut pool: Vec<Kind> = s.bag.tiles().collect();
        for (other, rack) in s.racks.iter() {
            if other != seat {
                pool.extend(rack.tiles());
            }
        }
        let other_aside = match s.pending {
            Some(Pending::Exchange {
                seat: by,
                set_aside,
                ..
            }) if by != seat => {
                pool.extend(set_aside.tiles());
                Some(set_aside.total())
            }
            _ => None,
        };
        rng.shuffle(&mut pool);
        for other in Seat::all(s.racks.len()) {
            if other != seat {
                out.racks[other] = take(&mut pool, s.racks[other].total());
            }
        }
        if let (Some(n), Some(Pending::Exchange { seat: by, left, .. })) = (other_aside, s.pending)
        {
            out.pending = Some(Pending::Exchange {
                seat: by,
                left,
                set_aside: take(&mut pool, n),
            });
        }
        let rest = pool.len() as u32;
        out.bag = take(&mut pool, rest);
        out
    }
}

/// `n` tiles from the end of a shuffled pool.
fn take(pool: &mut Vec<Kind>, n: u32) -> KindCounts {
    let mut k = KindCounts::EMPTY;
    for _ in 0..n {
        if let Some(t) = pool.pop() {
            let _ = k.add_one(t);
        }
    }
    k
}
