//! Scoring: a miner's score and the block's winner (MI-16, MI-17), and the
//! final places (MI-26).

use game_core::{Outcome, Seat, SeatSet, places_by_key};

use crate::state::{Phase, State};
use crate::{Face, MarketIsland};

/// A miner's score (MI-16): match points of its kept face against the WC
/// and against every present block card of the turn, its own included.
#[must_use]
pub fn score(kept: Face, wc: Face, block_faces: impl IntoIterator<Item = Face>) -> u32 {
    block_faces
        .into_iter()
        .fold(kept.points_against(wc), |acc, c| {
            acc + kept.points_against(c)
        })
}

/// Who wins a block, before any chance node (MI-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Nobody kept a card.
    Nobody,
    /// This seat wins outright.
    Seat(Seat),
    /// These seats tie on score and rank; a uniform chance node decides (B-21).
    Tie(SeatSet),
}

/// A miner's key in MI-17: score first, then the kept rank in tie-break
/// order (suits never break a tie).
#[must_use]
pub fn miner_key(kept: Face, wc: Face, block_faces: &[Face], ace_high: bool) -> (u32, u8) {
    let rank = kept.rank().map_or(0, |r| r.tie_break(ace_high));
    (score(kept, wc, block_faces.iter().copied()), rank)
}

/// The winner of a block (MI-17): a single miner wins whatever its score
/// (B-26); otherwise the best (score, rank); seats still tied go to chance.
#[must_use]
pub fn winner(miners: &[(Seat, Face)], wc: Face, block_faces: &[Face], ace_high: bool) -> Winner {
    match miners {
        [] => Winner::Nobody,
        [(seat, _)] => Winner::Seat(*seat),
        _ => {
            let keys = miners
                .iter()
                .map(|(seat, face)| (*seat, miner_key(*face, wc, block_faces, ace_high)));
            let best = keys.clone().map(|(_, k)| k).max().unwrap_or_default();
            let tied: SeatSet = keys.filter(|(_, k)| *k == best).map(|(s, _)| s).collect();
            match tied.len() {
                1 => Winner::Seat(tied.iter().next().unwrap_or(Seat(0))),
                _ => Winner::Tie(tied),
            }
        }
    }
}

impl MarketIsland {
    /// The outcome once the game is over (MI-26): what
    /// [`game_core::Game::outcome`] reports.
    pub(crate) fn final_outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        // MI-26: active seats above eliminated ones, later eliminations
        // above earlier ones, then the balance (so when all are out at
        // once, the last ones out compete by balance, B-25).
        let keys: Vec<(bool, u32, i32)> = s
            .seats
            .as_slice()
            .iter()
            .map(|st| {
                if st.active {
                    (true, 0, st.balance)
                } else {
                    (false, st.eliminated_in.unwrap_or(0), st.balance)
                }
            })
            .collect();
        let scores = s
            .seats
            .as_slice()
            .iter()
            .map(|st| i64::from(st.balance))
            .collect();
        Some(Outcome {
            scores,
            places: places_by_key(&keys),
            team: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(t: &str) -> Face {
        t.parse().unwrap()
    }

    fn faces(ts: &[&str]) -> Vec<Face> {
        ts.iter().map(|t| f(t)).collect()
    }

    fn scores(wc: &str, block: &[&str], kept: &[&str]) -> Vec<u32> {
        let block = faces(block);
        kept.iter()
            .map(|k| score(f(k), f(wc), block.iter().copied()))
            .collect()
    }

    fn win(wc: &str, block: &[&str], kept: &[&str], ace_high: bool) -> Winner {
        let miners: Vec<(Seat, Face)> = kept
            .iter()
            .enumerate()
            .map(|(i, k)| (Seat(i as u8), f(k)))
            .collect();
        winner(&miners, f(wc), &faces(block), ace_high)
    }

    #[test]
    fn ex1_2p_1() {
        assert_eq!(scores("9C", &["9H", "KH"], &["9D", "AC"]), [2, 1]);
        assert_eq!(
            win("9C", &["9H", "KH"], &["9D", "AC"], true),
            Winner::Seat(Seat(0))
        );
    }

    #[test]
    fn ex1_2p_2() {
        assert_eq!(scores("9C", &["9H", "KH"], &["9H", "AC"]), [4, 1]);
        assert_eq!(
            win("9C", &["9H", "KH"], &["9H", "AC"], true),
            Winner::Seat(Seat(0))
        );
    }

    #[test]
    fn ex1_3p_1() {
        let kept = ["9H", "AC", "KH"];
        assert_eq!(scores("9C", &["9H", "KH", "9D"], &kept), [5, 1, 3]);
        assert_eq!(
            win("9C", &["9H", "KH", "9D"], &kept, true),
            Winner::Seat(Seat(0))
        );
    }

    #[test]
    fn ex1_3p_2_rank_breaks_the_tie_without_chance() {
        let kept = ["AC", "KH", "9H"];
        assert_eq!(scores("9C", &["KH", "KH", "9D"], &kept), [1, 4, 4]);
        // B-6: K beats 9 on rank; no die is rolled.
        assert_eq!(
            win("9C", &["KH", "KH", "9D"], &kept, true),
            Winner::Seat(Seat(1))
        );
    }

    #[test]
    fn ex1_manual_5_11() {
        assert_eq!(scores("7D", &["3H", "5S"], &["7H", "JS"]), [2, 1]);
        assert_eq!(
            win("7D", &["3H", "5S"], &["7H", "JS"], true),
            Winner::Seat(Seat(0))
        );
    }

    #[test]
    fn ex1_manual_5_8_reading_swaps_the_kept_cards() {
        // The manual's 5.8 caption gives the 7H to the second player: the
        // same scoring then makes seat 1 the winner, with next WC 7H.
        assert_eq!(scores("7D", &["3H", "5S"], &["JS", "7H"]), [1, 2]);
        assert_eq!(
            win("7D", &["3H", "5S"], &["JS", "7H"], true),
            Winner::Seat(Seat(1))
        );
    }

    #[test]
    fn ex1_ace_high_and_low() {
        assert_eq!(scores("2C", &["3D", "4D"], &["AS", "KS"]), [0, 0]);
        assert_eq!(
            win("2C", &["3D", "4D"], &["AS", "KS"], true),
            Winner::Seat(Seat(0))
        );
        assert_eq!(
            win("2C", &["3D", "4D"], &["AS", "KS"], false),
            Winner::Seat(Seat(1))
        );
    }

    #[test]
    fn ex1_same_rank_goes_to_a_tie_break() {
        let tied: SeatSet = [Seat(0), Seat(1)].into_iter().collect();
        assert_eq!(
            win("2C", &["3D", "4D"], &["QH", "QS"], true),
            Winner::Tie(tied)
        );
    }

    #[test]
    fn b26_a_single_miner_wins_with_zero() {
        assert_eq!(win("2C", &["3D"], &["KS"], true), Winner::Seat(Seat(0)));
        assert_eq!(win("2C", &["3D"], &[], true), Winner::Nobody);
    }
}
