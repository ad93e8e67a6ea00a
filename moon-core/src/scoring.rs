//! Scoring (M-52): how a game ended, the team's result or the seats'
//! places, and the shared [`Outcome`] made from it.

use crate::moon::Moon;
use crate::state::{Phase, State};
use game_core::{Outcome, Seat, TeamResult};

impl Moon {
    /// The shared outcome (M-52) that `Game::outcome` reports: every seat
    /// gets the team's score in cooperative play; competitive places follow
    /// the goals solved.
    pub(crate) fn final_outcome(&self, s: &State) -> Option<Outcome> {
        match self.moon_outcome(s)? {
            MoonOutcome::Cooperative { result, score, .. } => Some(Outcome::team(
                vec![i64::from(score); usize::from(self.seats)],
                result,
            )),
            MoonOutcome::Competitive { solved, .. } => Some(Outcome::from_scores(
                solved.into_iter().map(i64::from).collect(),
            )),
        }
    }

    /// The game-specific outcome (M-52), `None` until the game is over.
    #[must_use]
    pub fn moon_outcome(&self, s: &State) -> Option<MoonOutcome> {
        match s.phase {
            Phase::Won | Phase::Lost => Some(MoonOutcome::Cooperative {
                result: if s.phase == Phase::Won {
                    TeamResult::Won
                } else {
                    TeamResult::Lost
                },
                score: u32::from(s.scores.get(Seat(0)).copied().unwrap_or(0)),
                rounds: s.round,
            }),
            Phase::Ended => {
                let solved: Vec<u32> = s.scores.as_slice().iter().map(|&x| u32::from(x)).collect();
                let places = game_core::places_by_key(&solved);
                Some(MoonOutcome::Competitive { solved, places })
            }
            Phase::Copying(_) | Phase::Setup | Phase::Play => None,
        }
    }
}

/// How a MOON game ended (M-52).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MoonOutcome {
    /// The team's result, its score and the round the game ended in.
    Cooperative {
        /// Won or lost.
        result: TeamResult,
        /// Goals solved.
        score: u32,
        /// The round in which the game ended.
        rounds: u16,
    },
    /// Goals solved and places per seat (ties share a place).
    Competitive {
        /// Goals solved per seat.
        solved: Vec<u32>,
        /// Places per seat, 1 best.
        places: Vec<u8>,
    },
}
