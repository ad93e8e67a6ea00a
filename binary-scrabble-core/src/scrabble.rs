//! The rules object: config, tile set, premium layout and the equation
//! checker, built once by `Game::new` ([`Scrabble::with_config`]), and the
//! set-up of checked positions.

use game_core::{BySeat, Error, Game, Seat};

use crate::action::Action;
use crate::board::Board;
use crate::config::Config;
use crate::equation::Checker;
use crate::error::ScrabbleError;
use crate::square::{Dir, Layout, SIZE, Square};
use crate::state::{MAX_SEATS, State};
use crate::tile::{Face, Kind, KindCounts};

/// Tiles a rack holds when full.
pub const RACK_SIZE: u8 = 9;

/// Binary Scrabble: the rules object built once from a validated [`Config`].
///
/// It holds the immutable tables (tile set and points, premium layout, the
/// equation checker with its syntax table) and is passed by reference; the
/// changing position is a [`State`].
#[derive(Clone, Debug)]
pub struct Scrabble {
    pub(crate) config: Config,
    pub(crate) checker: Checker,
    pub(crate) layout: Layout,
    pub(crate) tileset: KindCounts,
    /// Points per kind; the blank is 0.
    pub(crate) points: [i32; 12],
    /// Faces in play as a bitmask (XOR only with T-7).
    pub(crate) faces: u16,
}

/// A rack, or the tiles of a play as they are read for the runs.
pub(crate) fn is_numeral(tokens: &[Face]) -> bool {
    // R-23 / T-6: digits only, a single digit or starting with 1.
    tokens.iter().all(|t| t.is_digit()) && (tokens.len() == 1 || tokens.first() == Some(&Face::One))
}

impl Scrabble {
    /// Builds the rules object (the same as [`Game::new`]).
    ///
    /// # Errors
    /// A config field out of range (section 9), as `Core(Config(..))`.
    pub fn with_config(config: Config) -> Result<Scrabble, ScrabbleError> {
        config.validate()?;
        // the default tile set; T-7 adds the XOR tiles.
        let mut tileset = KindCounts([28, 28, 14, 5, 5, 3, 2, 4, 4, 0, 4, 3]);
        let mut points = [1, 1, 1, 1, 1, 2, 4, 1, 1, 0, 1, 0];
        let mut faces: u16 = 0;
        for f in Face::ALL {
            faces |= f.bit();
        }
        match config.xor_tiles {
            Some(x) => {
                tileset.set(Kind::Xor, x.count);
                points[Kind::Xor.index()] = i32::from(x.points);
            }
            None => faces &= !Face::Xor.bit(),
        }
        Ok(Scrabble {
            checker: Checker::new(config.equation_rules()),
            layout: Layout::standard(),
            config,
            tileset,
            points,
            faces,
        })
    }

    /// The equation checker of this config.
    #[must_use]
    pub fn checker(&self) -> &Checker {
        &self.checker
    }

    /// The premium layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The full tile set (R-2, T-7).
    #[must_use]
    pub fn tile_set(&self) -> KindCounts {
        self.tileset
    }

    /// Points of a tile of `kind`; a blank is 0.
    #[must_use]
    pub fn points(&self, kind: Kind) -> i32 {
        self.points[kind.index()]
    }

    /// True when `face` is in play (XOR only with T-7).
    #[must_use]
    pub fn face_in_play(&self, face: Face) -> bool {
        self.faces & face.bit() != 0
    }

    /// Points of a tile on the board or about to be placed (blank: 0).
    pub(crate) fn tile_points(&self, face: Face, blank: bool) -> i32 {
        if blank { 0 } else { self.points[face.index()] }
    }

    /// A checked position: `board`, each seat's rack, `to_move` to play; the
    /// bag holds the rest of the tile set. Scores and the scoreless counter
    /// start at 0.
    ///
    /// # Errors
    /// `BadState` when the tiles exceed the tile set or the position is
    /// impossible (see [`Game::check_state`]).
    pub fn setup(
        &self,
        board: &Board,
        racks: &[KindCounts],
        to_move: Seat,
    ) -> Result<State, ScrabbleError> {
        let mut used = KindCounts::EMPTY;
        for (_, tile) in board.tiles() {
            used.add_one(tile.kind())
                .ok_or_else(|| Error::state("board", "too many tiles"))?;
        }
        for rack in racks {
            used = used
                .checked_add(rack)
                .ok_or_else(|| Error::state("racks", "too many tiles"))?;
        }
        let bag = self.tileset.checked_sub(&used).ok_or_else(|| {
            Error::state("racks", "board and racks hold more tiles than the tile set")
        })?;
        let racks = BySeat::from_slice(racks)
            .ok_or_else(|| Error::state("racks", "more racks than seats"))?;
        let scores = BySeat::new(racks.len(), 0)
            .ok_or_else(|| Error::state("scores", "more scores than seats"))?;
        let state = State {
            board: board.clone(),
            racks,
            bag,
            scores,
            to_move,
            scoreless: 0,
            pending: None,
            ending: None,
            last_turn: None,
        };
        self.check_state(&state)?;
        Ok(state)
    }

    /// A position where seat 0 holds `rack` and moves; every other seat holds
    /// up to 9 of the remaining tiles, taken in kind order; the bag holds the
    /// rest. Handy for analysis and tests (the spec's reference positions).
    ///
    /// # Errors
    /// As [`Scrabble::setup`].
    pub fn position(&self, board: &Board, rack: &KindCounts) -> Result<State, ScrabbleError> {
        let mut left = self.tileset;
        for (_, tile) in board.tiles() {
            left.remove_one(tile.kind())
                .ok_or_else(|| Error::state("board", "more tiles than the tile set"))?;
        }
        left = left
            .checked_sub(rack)
            .ok_or_else(|| Error::state("racks[0]", "more tiles than the tile set"))?;
        let mut racks = vec![*rack];
        for _ in 1..self.seats() {
            let mut other = KindCounts::EMPTY;
            for kind in Kind::ALL {
                while other.total() < u32::from(RACK_SIZE) && left.get(kind) > 0 {
                    let _ = left.remove_one(kind);
                    let _ = other.add_one(kind);
                }
            }
            racks.push(other);
        }
        self.setup(board, &racks, Seat(0))
    }
}

/// `len` zeros, one per seat (`len` is a validated seat count).
pub(crate) fn zeros(len: usize) -> BySeat<i32, MAX_SEATS> {
    BySeat::filled(len, 0)
}

/// The run through `sq` along `dir` on `board` (which holds the new tiles):
/// `(line, first, last)` positions.
pub(crate) fn run_of(board: &Board, sq: Square, dir: Dir) -> (usize, usize, usize) {
    let (line, _) = dir.line_pos(sq);
    let (first, last) = board.run_bounds(sq, dir);
    (line, first, last)
}

/// The faces of positions `first..=last` of a line, into `buf`.
pub(crate) fn read_run<'b>(
    board: &Board,
    dir: Dir,
    line: usize,
    first: usize,
    last: usize,
    buf: &'b mut [Face; SIZE],
) -> &'b [Face] {
    let n = last + 1 - first;
    for (k, pos) in (first..=last).enumerate() {
        buf[k] = Board::cell_face(board.cell(dir.square(line, pos)));
    }
    &buf[..n]
}

impl Scrabble {
    /// The exchanges of E-5 into `out`: every non-empty sub-multiset of the
    /// rack no larger than the bag, ascending.
    pub(crate) fn push_exchanges(&self, rack: &KindCounts, bag: u32, out: &mut Vec<Action>) {
        // Odometer over the count vector, last kind fastest: lexicographic order.
        let mut cur = KindCounts::EMPTY;
        loop {
            let mut k = 11;
            loop {
                if cur.0[k] < rack.0[k] {
                    cur.0[k] += 1;
                    break;
                }
                cur.0[k] = 0;
                if k == 0 {
                    return;
                }
                k -= 1;
            }
            if cur.total() <= bag {
                out.push(Action::Exchange(cur));
            }
        }
    }

    /// How many exchanges [`Scrabble::push_exchanges`] lists (E-5, R-29):
    /// the non-empty sub-multisets of the rack no larger than the bag,
    /// counted by size kind by kind instead of listed.
    pub(crate) fn exchange_count(rack: &KindCounts, bag: u32) -> usize {
        // ways[n]: the sub-multisets of the kinds so far with n tiles.
        let mut ways = vec![0usize; rack.total() as usize + 1];
        ways[0] = 1;
        let mut size = 0;
        for &c in &rack.0 {
            let c = usize::from(c);
            size += c;
            for n in (1..=size).rev() {
                ways[n] = (1..=c.min(n)).fold(ways[n], |sum, j| sum + ways[n - j]);
            }
        }
        let most = usize::try_from(bag).unwrap_or(usize::MAX).min(size);
        ways[1..=most].iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counted exchanges are the listed ones, for racks with repeated
    /// kinds and bags smaller than the rack.
    #[test]
    fn exchange_count_agrees_with_the_list() {
        let game = Scrabble::new(crate::Config::default()).unwrap();
        for tiles in [
            "",
            "1",
            "0 0 1 1 = AND ? ? ?",
            "1 1 1 1 1 1 1 1 1",
            "0 1 = + - x / NOT ?",
        ] {
            let rack: KindCounts = tiles.parse().unwrap();
            for bag in 0..=10 {
                let mut listed = Vec::new();
                game.push_exchanges(&rack, bag, &mut listed);
                assert_eq!(
                    Scrabble::exchange_count(&rack, bag),
                    listed.len(),
                    "{tiles} / bag {bag}"
                );
            }
        }
    }
}
