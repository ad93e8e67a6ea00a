//! Which games a match plays: every deal once per line-up and seat rotation.

use serde::{Deserialize, Serialize};

use crate::mix_seed;

/// One game of a schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSlot {
    /// Position in the schedule; results are merged in this order.
    pub index: u64,
    /// The deal: every game of a deal shares its session seed, so the
    /// cards cancel out between the bots that play them.
    pub deal: u64,
    /// Which line-up plays.
    pub lineup: usize,
    /// The seat rotation: seat `s` holds the line-up's bot `(s + rotation) % seats`.
    pub rotation: usize,
    /// The session seed, `mix_seed(master seed, deal)`.
    #[serde(with = "crate::seed_as_string")]
    pub seed: u64,
    /// The entrant at each seat.
    pub seating: Vec<usize>,
}

/// Deal-major order: deal 0 in every line-up and rotation, then deal 1...,
/// so a run cut short (a cap, an SPRT verdict) covers every line-up evenly
/// and ends on whole pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Entrants per seat of each line-up (each as long as the seats).
    pub lineups: Vec<Vec<usize>>,
    /// Deals per line-up.
    pub deals: u64,
    /// Seats (rotations per deal).
    pub seats: usize,
    /// Master seed.
    pub seed: u64,
}

impl Schedule {
    /// Games per deal: line-ups × rotations.
    #[must_use]
    pub fn games_per_deal(&self) -> u64 {
        (self.lineups.len() * self.seats.max(1)) as u64
    }

    /// Games in all.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.deals * self.games_per_deal()
    }

    /// True when no game is scheduled.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game `index`.
    #[must_use]
    pub fn slot(&self, index: u64) -> GameSlot {
        let seats = self.seats.max(1);
        let per_deal = self.games_per_deal().max(1);
        let deal = index / per_deal;
        let within = (index % per_deal) as usize;
        let (lineup, rotation) = (within / seats, within % seats);
        let bots = &self.lineups[lineup];
        let seating = (0..seats)
            .map(|s| bots[(s + rotation) % seats % bots.len().max(1)])
            .collect();
        GameSlot {
            index,
            deal,
            lineup,
            rotation,
            seed: mix_seed(self.seed, deal),
            seating,
        }
    }

    /// Every pair of `entrants` bots once (a round robin on two seats).
    #[must_use]
    pub fn round_robin(entrants: usize) -> Vec<Vec<usize>> {
        (0..entrants)
            .flat_map(|a| (a + 1..entrants).map(move |b| vec![a, b]))
            .collect()
    }

    /// Bot 0 against each other bot (a gauntlet on two seats).
    #[must_use]
    pub fn gauntlet(entrants: usize) -> Vec<Vec<usize>> {
        (1..entrants).map(|b| vec![0, b]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_deal_is_played_once_per_rotation() {
        let s = Schedule {
            lineups: vec![vec![0, 1]],
            deals: 3,
            seats: 2,
            seed: 9,
        };
        assert_eq!(s.len(), 6);
        let slots: Vec<GameSlot> = (0..6).map(|i| s.slot(i)).collect();
        assert_eq!(slots[0].seating, vec![0, 1]);
        assert_eq!(slots[1].seating, vec![1, 0]);
        assert_eq!(slots[0].seed, slots[1].seed);
        assert_ne!(slots[0].seed, slots[2].seed);
        assert_eq!(slots[5].deal, 2);
    }

    #[test]
    fn three_seats_rotate_cyclically() {
        let s = Schedule {
            lineups: vec![vec![0, 1, 2]],
            deals: 1,
            seats: 3,
            seed: 0,
        };
        let seatings: Vec<Vec<usize>> = (0..3).map(|i| s.slot(i).seating).collect();
        assert_eq!(seatings, vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
    }

    #[test]
    fn round_robin_and_gauntlet_line_ups() {
        assert_eq!(
            Schedule::round_robin(3),
            vec![vec![0, 1], vec![0, 2], vec![1, 2]]
        );
        assert_eq!(Schedule::gauntlet(3), vec![vec![0, 1], vec![0, 2]]);
    }
}
