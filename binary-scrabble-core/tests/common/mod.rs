//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod brute;
pub mod replays;

use binary_scrabble_core::{Action, Board, Config, KindCounts, Play, ScoredPlay, Scrabble};
use game_core::Game;

/// The rules object of `config`.
pub fn game(config: Config) -> Scrabble {
    Scrabble::new(config).expect("test config is valid")
}

/// A board from a list such as `C8 1, D8 +`.
pub fn board(list: &str) -> Board {
    list.parse().expect("test board list")
}

/// A rack such as `0 1 = ?`.
pub fn rack(tiles: &str) -> KindCounts {
    tiles.parse().expect("test rack")
}

/// A play such as `Across H8 1, I8 =`.
pub fn play(text: &str) -> Play {
    match text.parse::<Action>().expect("test play") {
        Action::Play(p) => p,
        other @ (Action::Exchange(_) | Action::Pass | Action::HiddenExchange(_)) => {
            panic!("not a play: {other}")
        }
    }
}

/// The highest score and every play reaching it, in `Ord` order.
pub fn best_of(plays: &[ScoredPlay]) -> (i32, Vec<Play>) {
    let top = plays.iter().map(|p| p.score).max().unwrap_or(i32::MIN);
    let best = plays
        .iter()
        .filter(|p| p.score == top)
        .map(|p| p.play)
        .collect();
    (top, best)
}

/// Counts of plays by number of tiles (index = tiles).
pub fn by_tiles(plays: &[ScoredPlay]) -> [usize; 10] {
    let mut out = [0; 10];
    for p in plays {
        out[p.play.tiles().len()] += 1;
    }
    out
}
