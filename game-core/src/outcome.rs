//! How a finished game ended: scores, places and the team result.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// Whether the team won a cooperative or solo game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TeamResult {
    /// The players beat the game together.
    Won,
    /// The game beat the players.
    Lost,
}

/// The result of a finished game.
///
/// Scores are integers per seat. Places are 1-based and ties share a place
/// (two seats tied first and one behind give `1, 1, 3`). Cooperative games
/// set `team`; their places are all 1 (everyone shares the result).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Final score of each seat, in seat order.
    pub scores: Vec<i64>,
    /// Final place of each seat, in seat order; 1 is best.
    pub places: Vec<u8>,
    /// For cooperative and solo games: whether the team won.
    pub team: Option<TeamResult>,
}

impl Outcome {
    /// A competitive result where a higher score places better.
    #[must_use]
    pub fn from_scores(scores: Vec<i64>) -> Self {
        let places = places_by_key(&scores);
        Outcome {
            scores,
            places,
            team: None,
        }
    }

    /// A competitive result placed by `keys` (higher is better), for games
    /// whose tie-breaks go beyond the score. `keys` has one entry per seat.
    #[must_use]
    pub fn from_scores_and_keys<K: Ord>(scores: Vec<i64>, keys: &[K]) -> Self {
        let places = places_by_key(keys);
        Outcome {
            scores,
            places,
            team: None,
        }
    }

    /// A cooperative result: everyone shares place 1 and the team result.
    #[must_use]
    pub fn team(scores: Vec<i64>, result: TeamResult) -> Self {
        let places = vec![1; scores.len()];
        Outcome {
            scores,
            places,
            team: Some(result),
        }
    }

    /// True when `seat` won: the team won, or the seat holds (a share of) place 1.
    #[must_use]
    pub fn is_win(&self, seat: Seat) -> bool {
        match self.team {
            Some(TeamResult::Won) => true,
            Some(TeamResult::Lost) => false,
            None => self.places.get(seat.index()) == Some(&1),
        }
    }

    /// A reward in `[0, 1]` for search bots: 1 for a team win or first place,
    /// 0 for last place, linear between. A team loss earns less than 0.5,
    /// growing with the seat's score (0 at score 0), so a search can tell a
    /// near miss from a rout in a game it rarely wins by chance.
    #[must_use]
    pub fn reward(&self, seat: Seat) -> f64 {
        match self.team {
            Some(TeamResult::Won) => 1.0,
            Some(TeamResult::Lost) => {
                let score = self.scores.get(seat.index()).copied().unwrap_or(0).max(0);
                0.5 * (1.0 - 1.0 / (1.0 + score as f64))
            }
            None => {
                let n = self.places.len();
                let Some(&place) = self.places.get(seat.index()) else {
                    return 0.0;
                };
                if n <= 1 {
                    return 1.0;
                }
                (n - usize::from(place)) as f64 / (n - 1) as f64
            }
        }
    }
}

/// 1-based places from per-seat keys, higher key better, ties sharing a place.
#[must_use]
pub fn places_by_key<K: Ord>(keys: &[K]) -> Vec<u8> {
    keys.iter()
        .map(|k| {
            let better = keys.iter().filter(|other| *other > k).count();
            u8::try_from(better + 1).unwrap_or(u8::MAX)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_a_place_and_skip_the_next() {
        assert_eq!(places_by_key(&[10, 10, 3]), vec![1, 1, 3]);
        assert_eq!(places_by_key(&[1, 5, 5, 7]), vec![4, 2, 2, 1]);
    }

    #[test]
    fn keys_break_score_ties() {
        let o = Outcome::from_scores_and_keys(vec![4, 4], &[(4, 1), (4, 2)]);
        assert_eq!(o.places, vec![2, 1]);
        assert!(o.is_win(Seat(1)));
        assert!(!o.is_win(Seat(0)));
    }

    #[test]
    fn rewards_span_first_to_last() {
        let o = Outcome::from_scores(vec![3, 9, 5]);
        assert_eq!(o.reward(Seat(1)), 1.0);
        assert_eq!(o.reward(Seat(2)), 0.5);
        assert_eq!(o.reward(Seat(0)), 0.0);
        let t = Outcome::team(vec![0, 0], TeamResult::Won);
        assert_eq!(t.places, vec![1, 1]);
        assert!(t.is_win(Seat(1)));
        let rout = Outcome::team(vec![0], TeamResult::Lost);
        let near_miss = Outcome::team(vec![3], TeamResult::Lost);
        assert_eq!(rout.reward(Seat(0)), 0.0);
        assert_eq!(near_miss.reward(Seat(0)), 0.375);
    }
}
