//! The rules object: config, tile set, premium layout and the equation
//! checker, plus the legality and scoring of one play.

use game_core::{BySeat, Error, Game, Seat};

use crate::action::{Placed, Play};
use crate::board::Board;
use crate::config::{Config, EndgameRackRule};
use crate::equation::{Checker, value_bonus};
use crate::error::ScrabbleError;
use crate::square::{Dir, Layout, SIZE, Square};
use crate::state::{EndReason, MAX_SEATS, State};
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

    /// The value bonus B(v) of R-26 under T-13.
    pub(crate) fn bonus(&self, v: u64) -> i32 {
        i32::try_from(value_bonus(v, self.config.value_bonus)).unwrap_or(i32::MAX)
    }

    /// Checks a play on `board` for a seat holding `rack` and returns its
    /// score. Runs the play checks of E-7 (steps 2 to 8) in order.
    ///
    /// # Errors
    /// The first rule the play breaks.
    pub fn check_play(
        &self,
        board: &Board,
        rack: &KindCounts,
        play: &Play,
    ) -> Result<i32, ScrabbleError> {
        let tiles = play.tiles();
        // E-7 step 2: the form of the play.
        let Some(first) = tiles.first() else {
            return Err(ScrabbleError::EmptyPlay);
        };
        if tiles.windows(2).any(|w| w[0].square >= w[1].square)
            || (tiles.len() == 1 && play.dir == Dir::Down)
        {
            return Err(ScrabbleError::NotCanonical);
        }
        if let Some(p) = tiles.iter().find(|p| !self.face_in_play(p.face)) {
            return Err(ScrabbleError::FaceNotInPlay { face: p.face });
        }
        // one row or one column.
        let (line, first_pos) = play.dir.line_pos(first.square);
        if tiles.iter().any(|p| play.dir.line_pos(p.square).0 != line) {
            return Err(ScrabbleError::NotInLine);
        }
        // Step 3: empty squares only.
        if let Some(p) = tiles.iter().find(|p| board.is_occupied(p.square)) {
            return Err(ScrabbleError::SquareOccupied { square: p.square });
        }
        // Step 4: the tiles come from the rack.
        if let Some((kind, needed, held)) = rack.first_missing(&play.rack_use()) {
            return Err(ScrabbleError::TilesNotOnRack { kind, needed, held });
        }
        // Step 5: R-6, no gap between the first and the last new tile.
        let last_pos = play.dir.line_pos(tiles[tiles.len() - 1].square).1;
        for pos in first_pos..=last_pos {
            let i = play.dir.square(line, pos);
            if board.cell(i) == 0 && !tiles.iter().any(|p| p.square.index() == i) {
                let square = Square::new(i).unwrap_or(Square::CENTRE);
                return Err(ScrabbleError::Gap { square });
            }
        }
        // Step 6: R-7 on the empty board, R-8 otherwise.
        if board.is_empty() {
            if !tiles.iter().any(|p| p.square == Square::CENTRE) {
                return Err(ScrabbleError::MissesCentre);
            }
        } else if !tiles.iter().any(|p| board.has_neighbour(p.square)) {
            return Err(ScrabbleError::NotConnected);
        }
        // Step 7: R-22, one new '=' per play (a blank showing '=' counts).
        let count = tiles.iter().filter(|p| p.face == Face::Equals).count();
        if count > 1 {
            return Err(ScrabbleError::TooManyEquals { count });
        }
        // Step 8: the runs, read on the board as it will be.
        let mut after = board.clone();
        for p in tiles {
            after.set(p.square, p.tile());
        }
        let mut score: i64 = if tiles.len() == 1 {
            self.single_tile_runs(&after, *first)?
        } else {
            self.multi_tile_runs(&after, play)?
        };
        // the whole of a full rack.
        if tiles.len() == usize::from(RACK_SIZE) {
            score += i64::from(self.config.full_rack_bonus);
        }
        Ok(i32::try_from(score).unwrap_or(i32::MAX))
    }

    /// the main run, then each new tile's cross run.
    fn multi_tile_runs(&self, after: &Board, play: &Play) -> Result<i64, ScrabbleError> {
        let tiles = play.tiles();
        let mut buf = [Face::Zero; SIZE];
        let mut score = 0i64;
        let (line, first, last) = run_of(after, tiles[0].square, play.dir);
        let tokens = read_run(after, play.dir, line, first, last, &mut buf);
        let v = self
            .checker
            .check(tokens)
            .map_err(|error| ScrabbleError::MainRun { error })?;
        score += self.equation_score(after, tiles, play.dir, line, first, last, v);
        let cross = play.dir.cross();
        for p in tiles {
            let (line, first, last) = run_of(after, p.square, cross);
            if first == last {
                continue;
            }
            let tokens = read_run(after, cross, line, first, last, &mut buf);
            match self.checker.check(tokens) {
                Ok(v) => score += self.equation_score(after, tiles, cross, line, first, last, v),
                Err(error) => {
                    if !(self.config.number_cross_runs && is_numeral(tokens)) {
                        return Err(ScrabbleError::CrossRun {
                            square: p.square,
                            error,
                        });
                    }
                }
            }
        }
        Ok(score)
    }

    /// both runs of a single tile; at least one is an equation.
    fn single_tile_runs(&self, after: &Board, tile: Placed) -> Result<i64, ScrabbleError> {
        let mut buf = [Face::Zero; SIZE];
        let mut score = 0i64;
        let mut equations = 0;
        for dir in [Dir::Across, Dir::Down] {
            let (line, first, last) = run_of(after, tile.square, dir);
            if first == last {
                continue;
            }
            let tokens = read_run(after, dir, line, first, last, &mut buf);
            match self.checker.check(tokens) {
                Ok(v) => {
                    equations += 1;
                    score += self.equation_score(after, &[tile], dir, line, first, last, v);
                }
                Err(error) => {
                    if !(self.config.number_cross_runs && is_numeral(tokens)) {
                        return Err(ScrabbleError::Run { dir, error });
                    }
                }
            }
        }
        if equations == 0 {
            return Err(ScrabbleError::NoEquation);
        }
        Ok(score)
    }

    /// S(E) of R-26 for the run `first..=last` of `line` along `dir`.
    #[allow(clippy::too_many_arguments)]
    fn equation_score(
        &self,
        after: &Board,
        new: &[Placed],
        dir: Dir,
        line: usize,
        first: usize,
        last: usize,
        v: u64,
    ) -> i64 {
        let mut sum = 0i64;
        let mut old = 0i64;
        let mut word = 1i64;
        // ext(E): two old tiles on consecutive squares of E, that is, E
        // extends an existing expression.
        let mut extends = false;
        let mut previous_old = false;
        for pos in first..=last {
            let i = dir.square(line, pos);
            let cell = after.cell(i);
            let points =
                i64::from(self.tile_points(Board::cell_face(cell), Board::cell_blank(cell)));
            let is_new = new.iter().any(|p| p.square.index() == i);
            if is_new {
                // Premiums count only under tiles placed in this play.
                let premium = self.layout.at(i);
                sum += points * i64::from(premium.letter());
                word *= i64::from(premium.word());
            } else {
                // Old tiles add their face value, no premium, if T-14 says so.
                old += points;
                extends |= previous_old;
            }
            previous_old = !is_new;
        }
        if self.config.score_played_through.counts_old(extends) {
            sum += old;
        }
        (sum + i64::from(self.bonus(v))) * word
    }

    /// what each seat's score changes by when the game ends.
    #[must_use]
    pub fn rack_adjustments(
        &self,
        racks: &BySeat<KindCounts, MAX_SEATS>,
        reason: EndReason,
    ) -> BySeat<i32, MAX_SEATS> {
        let rule = self.config.endgame_rack_rule;
        let value = |rack: &KindCounts| -> i32 {
            match rule {
                EndgameRackRule::DigitTilesOnly => {
                    i32::from(rack.get(Kind::Zero)) + i32::from(rack.get(Kind::One))
                }
                EndgameRackRule::Hasbro
                | EndgameRackRule::Tournament
                | EndgameRackRule::AddOnly => rack.tiles().map(|k| self.points(k)).sum(),
            }
        };
        let mut adj = zeros(racks.len());
        match reason {
            EndReason::WentOut { seat } => {
                let others: i32 = racks
                    .iter()
                    .filter(|(s, _)| *s != seat)
                    .map(|(_, r)| value(r))
                    .sum();
                let (gain, others_lose) = match rule {
                    EndgameRackRule::Hasbro | EndgameRackRule::DigitTilesOnly => (others, true),
                    EndgameRackRule::Tournament => (2 * others, false),
                    EndgameRackRule::AddOnly => (others, false),
                };
                for (s, rack) in racks.iter() {
                    if s == seat {
                        adj[s] = gain;
                    } else if others_lose {
                        adj[s] = -value(rack);
                    }
                }
            }
            EndReason::Scoreless => {
                if rule != EndgameRackRule::AddOnly {
                    for (s, rack) in racks.iter() {
                        adj[s] = -value(rack);
                    }
                }
            }
        }
        adj
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
