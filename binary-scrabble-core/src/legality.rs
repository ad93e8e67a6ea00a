//! Legality of a turn (E-7) and of one play, adding up the
//! play's score as its runs are checked; the score of each
//! equation, S(E) of R-26, is in `scoring.rs`.

use game_core::{Error, Game, Seat};

use crate::action::Placed;
use crate::action::Play;
use crate::board::Board;
use crate::error::ScrabbleError;
use crate::scrabble::{RACK_SIZE, Scrabble, is_numeral, read_run, run_of};
use crate::square::{Dir, SIZE, Square};
use crate::state::State;
use crate::tile::{Face, KindCounts};

impl Scrabble {
    /// E-7 for an exchange after the shared checks.
    pub(crate) fn check_exchange(
        &self,
        s: &State,
        seat: Seat,
        tiles: &KindCounts,
    ) -> Result<(), ScrabbleError> {
        let bag = s.bag.total();
        let min = self.config.exchange_min_bag;
        if bag < u32::from(min) {
            return Err(ScrabbleError::ExchangeNotAllowed { bag, min });
        }
        if tiles.is_empty() {
            return Err(ScrabbleError::EmptyExchange);
        }
        if let Some((kind, needed, held)) = s.racks[seat].first_missing(tiles) {
            return Err(ScrabbleError::TilesNotOnRack { kind, needed, held });
        }
        let size = tiles.total();
        if size > bag {
            return Err(ScrabbleError::ExchangeTooLarge { size, bag });
        }
        Ok(())
    }

    /// The shared checks of E-7 step 1.
    pub(crate) fn check_turn(&self, s: &State, seat: Seat) -> Result<(), ScrabbleError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        // Only a state that skipped `check_state` can lack these.
        if s.racks.get(seat).is_none() || s.scores.get(seat).is_none() {
            return Err(Error::state("racks", format!("no rack or score for {seat}")).into());
        }
        Ok(())
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
}
