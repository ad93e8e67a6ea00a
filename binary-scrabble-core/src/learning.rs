//! The learning view of Binary Scrabble (see `RULES.md`, "Learning view").
//!
//! A play is up to nine tiles on one line, so no small table lists every
//! move; the index is a mixed-radix number instead (about 8.9e18 values,
//! within a signed 64-bit integer): first square, direction, which of the
//! next 14 squares of the line get a tile, and each tile's face and blank
//! flag. It names the same play in every position and decodes without one.

use game_core::learning::{push_flag, push_one_hot, push_scaled};
use game_core::{Learning, Seat, ToAct};

use crate::{
    Action, Dir, Face, KindCounts, MAX_SEATS, MAX_TILES, Obs, Placed, Play, RACK_SIZE, SIZE,
    SQUARES, Scrabble, Square, State,
};

/// Symbols per placed tile: 11 faces, each as itself or on a blank.
const TILE_SYMBOLS: u64 = 2 * Face::ALL.len() as u64;
/// Squares after the first one of a line that a play can reach.
const REACH: usize = SIZE - 1;
/// Exchanges: a count 0..=9 per kind, 12 kinds.
const EXCHANGES: u64 = 10u64.pow(12);
const EXCHANGE_BASE: u64 = 1;
const PLAY_BASE: u64 = EXCHANGE_BASE + EXCHANGES;
/// `TILE_SYMBOLS` to the power [`MAX_TILES`].
const TILE_CODES: u64 = TILE_SYMBOLS.pow(MAX_TILES as u32);
/// The size of Binary Scrabble's action space.
pub const SCRABBLE_ACTIONS: u64 = PLAY_BASE + (SQUARES as u64 * 2 * (1 << REACH)) * TILE_CODES;

/// Numbers per board square: empty, face one-hot (11), blank.
const SQUARE_LEN: usize = 1 + 11 + 1;
/// Kinds of tile (11 faces and the blank).
const KINDS: usize = 12;
/// The length of Binary Scrabble's observation tensor.
pub const SCRABBLE_TENSOR_LEN: usize = 5 + SQUARES * SQUARE_LEN
    + MAX_SEATS // scores
    + MAX_SEATS + 2 // to act
    + MAX_SEATS // to move
    + 2 // scoreless turns, bag
    + MAX_SEATS // rack sizes
    + 2 * (1 + KINDS) // rack, set aside
    + KINDS // unseen
    + 1 + MAX_SEATS + 1 // drawing
    + 1 + MAX_SEATS * KINDS; // revealed racks

const fn dir_index(d: Dir) -> u64 {
    match d {
        Dir::Across => 0,
        Dir::Down => 1,
    }
}

fn play_index(play: &Play) -> Option<u64> {
    let tiles = play.tiles();
    let first = *tiles.first()?;
    let (line, start) = play.dir.line_pos(first.square);
    let mut mask = 0u64;
    let mut code = 0u64;
    let mut weight = 1u64;
    let mut last = None;
    for p in tiles {
        let (l, pos) = play.dir.line_pos(p.square);
        // Tiles go along one line in order; anything else has no index.
        if l != line || last.is_some_and(|q| pos <= q) {
            return None;
        }
        if pos > start {
            mask |= 1 << (pos - start - 1);
        }
        last = Some(pos);
        code += weight * (p.face.index() as u64 * 2 + u64::from(p.blank));
        weight = weight.saturating_mul(TILE_SYMBOLS);
    }
    let head = first.square.index() as u64 * 2 + dir_index(play.dir);
    Some(PLAY_BASE + ((head << REACH) + mask) * TILE_CODES + code)
}

fn play_of(index: u64) -> Option<Play> {
    let i = index.checked_sub(PLAY_BASE)?;
    let mut code = i % TILE_CODES;
    let rest = i / TILE_CODES;
    let mask = rest % (1 << REACH);
    let head = rest >> REACH;
    let dir = if head.is_multiple_of(2) {
        Dir::Across
    } else {
        Dir::Down
    };
    let first = Square::new(usize::try_from(head / 2).ok()?)?;
    let (line, start) = dir.line_pos(first);
    let offsets =
        std::iter::once(0).chain((0..REACH).filter(|k| mask >> k & 1 == 1).map(|k| k + 1));
    let mut tiles = [Placed {
        square: first,
        face: Face::Zero,
        blank: false,
    }; MAX_TILES];
    let mut n = 0;
    for off in offsets {
        let pos = start + off;
        let square = match dir {
            Dir::Across => Square::at(pos, line),
            Dir::Down => Square::at(line, pos),
        }?;
        let symbol = usize::try_from(code % TILE_SYMBOLS).ok()?;
        code /= TILE_SYMBOLS;
        *tiles.get_mut(n)? = Placed {
            square,
            face: Face::from_index(symbol / 2)?,
            blank: symbol % 2 == 1,
        };
        n += 1;
    }
    // Digits past the last tile must be zero, so one play has one index.
    if code != 0 {
        return None;
    }
    Play::new(dir, &tiles[..n])
}

fn exchange_index(k: &KindCounts) -> Option<u64> {
    let mut index = 0;
    for (i, &n) in k.0.iter().enumerate() {
        if n > RACK_SIZE {
            return None;
        }
        index += u64::from(n) * 10u64.pow(i as u32);
    }
    Some(EXCHANGE_BASE + index)
}

fn exchange_of(index: u64) -> Option<KindCounts> {
    let mut rest = index.checked_sub(EXCHANGE_BASE)?;
    let mut counts = [0u8; KINDS];
    for c in &mut counts {
        *c = u8::try_from(rest % 10).ok()?;
        rest /= 10;
    }
    (rest == 0).then_some(KindCounts(counts))
}

fn push_counts(out: &mut Vec<f32>, counts: Option<&KindCounts>, scale: i64) {
    for i in 0..KINDS {
        push_scaled(out, counts.map_or(0, |k| i64::from(k.0[i])), scale);
    }
}

impl Learning for Scrabble {
    fn num_distinct_actions(&self) -> u64 {
        SCRABBLE_ACTIONS
    }

    fn action_to_index(&self, _s: &State, a: &Action) -> Option<u64> {
        match a {
            Action::Pass => Some(0),
            Action::Exchange(k) => exchange_index(k),
            Action::Play(p) => play_index(p),
            // A log-only form: never legal.
            Action::HiddenExchange(_) => None,
        }
    }

    fn index_to_action(&self, _s: &State, _seat: Seat, index: u64) -> Option<Action> {
        if index == 0 {
            Some(Action::Pass)
        } else if index < PLAY_BASE {
            exchange_of(index).map(Action::Exchange)
        } else if index < SCRABBLE_ACTIONS {
            play_of(index).map(Action::Play)
        } else {
            None
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![SCRABBLE_TENSOR_LEN]
    }

    fn encode_observation(&self, obs: &Obs, out: &mut Vec<f32>) {
        out.clear();
        push_flag(out, obs.viewer.seat().is_some());
        push_one_hot(out, obs.viewer.seat().map(Seat::index), MAX_SEATS);
        for i in 0..SQUARES {
            let tile = Square::new(i).and_then(|sq| obs.board.get(sq));
            push_flag(out, tile.is_none());
            push_one_hot(out, tile.map(|t| t.face.index()), 11);
            push_flag(out, tile.is_some_and(|t| t.blank));
        }
        for i in 0..MAX_SEATS {
            let score = obs.scores.as_slice().get(i).copied().unwrap_or(0);
            push_scaled(out, i64::from(score), 100);
        }
        let to_act = match obs.to_act {
            ToAct::Seat(s) => s.index(),
            ToAct::Chance => MAX_SEATS,
            ToAct::Over => MAX_SEATS + 1,
        };
        push_one_hot(out, Some(to_act), MAX_SEATS + 2);
        push_one_hot(out, Some(obs.to_move.index()), MAX_SEATS);
        push_scaled(
            out,
            i64::from(obs.scoreless),
            i64::from(self.config.max_scoreless_turns),
        );
        push_scaled(out, i64::from(obs.bag_size), 100);
        for i in 0..MAX_SEATS {
            let n = obs.rack_sizes.as_slice().get(i).copied().unwrap_or(0);
            push_scaled(out, i64::from(n), i64::from(RACK_SIZE));
        }
        push_flag(out, obs.rack.is_some());
        push_counts(out, obs.rack.as_ref(), i64::from(RACK_SIZE));
        push_flag(out, obs.set_aside.is_some());
        push_counts(out, obs.set_aside.as_ref(), i64::from(RACK_SIZE));
        push_counts(out, Some(&obs.unseen), 10);
        push_flag(out, obs.drawing.is_some());
        push_one_hot(out, obs.drawing.map(|d| d.seat.index()), MAX_SEATS);
        push_scaled(
            out,
            obs.drawing.map_or(0, |d| i64::from(d.left)),
            i64::from(RACK_SIZE),
        );
        push_flag(out, obs.revealed_racks.is_some());
        for i in 0..MAX_SEATS {
            let rack = obs
                .revealed_racks
                .as_ref()
                .and_then(|r| r.as_slice().get(i));
            push_counts(out, rack, i64::from(RACK_SIZE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_space_fits_a_signed_64_bit_integer() {
        assert!(SCRABBLE_ACTIONS < i64::MAX as u64);
        // RULES.md, "Learning view".
        assert_eq!(SCRABBLE_ACTIONS, 8_900_955_488_936_857_601);
        assert_eq!(SCRABBLE_TENSOR_LEN, 3_043);
    }

    #[test]
    fn a_play_with_a_gap_round_trips() {
        let sq = |c, r| Square::at(c, r).unwrap();
        let play = Play::new(
            Dir::Down,
            &[
                Placed {
                    square: sq(7, 5),
                    face: Face::One,
                    blank: false,
                },
                Placed {
                    square: sq(7, 6),
                    face: Face::Plus,
                    blank: true,
                },
                Placed {
                    square: sq(7, 9),
                    face: Face::Zero,
                    blank: false,
                },
            ],
        )
        .unwrap();
        let i = play_index(&play).unwrap();
        assert_eq!(play_of(i), Some(play));
        // Out of order along the line: no index.
        let backwards = Play::new(Dir::Down, &[play.tiles()[1], play.tiles()[0]]).unwrap();
        assert_eq!(play_index(&backwards), None);
    }

    #[test]
    fn exchanges_round_trip() {
        let mut k = KindCounts::EMPTY;
        k.0[0] = 2;
        k.0[11] = 9;
        let i = exchange_index(&k).unwrap();
        assert_eq!(exchange_of(i), Some(k));
    }
}
