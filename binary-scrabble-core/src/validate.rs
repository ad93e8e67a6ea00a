//! Validation of a state, so no file can load an impossible position:
//! [`State::check_structure`] (what needs no rules object, run on every
//! deserialization) and the full check against the config (E-1) behind
//! `Game::check_state`.

use game_core::{Game, Seat, StateError};

use crate::board::Board;
use crate::scrabble::{RACK_SIZE, Scrabble, is_numeral, read_run};
use crate::square::{Dir, SIZE, Square};
use crate::state::{EndReason, LastTurn, Pending, State};
use crate::tile::Face;

impl State {
    /// The checks that need no rules object, run on every deserialization.
    ///
    /// # Errors
    /// The first part that disagrees with the seat tables.
    pub fn check_structure(&self) -> Result<(), StateError> {
        if self.scores.len() != self.racks.len() {
            return Err(StateError::new("scores", "one score per rack"));
        }
        if self.to_move.index() >= self.racks.len() {
            return Err(StateError::new(
                "to_move",
                "a seat that is not at the table",
            ));
        }
        Ok(())
    }
}

impl Scrabble {
    /// Validation of a state (E-1), as a [`StateError`].
    pub(crate) fn validate(&self, s: &State) -> Result<(), StateError> {
        self.validate_seats(s)?;
        self.validate_tiles(s)?;
        self.validate_last_turn(s)?;
        self.validate_scoreless(s)?;
        self.validate_pending(s)?;
        self.validate_ending(s)
    }

    /// One rack and one score per seat, racks within R-3, the board itself valid.
    fn validate_seats(&self, s: &State) -> Result<(), StateError> {
        let n = self.seats();
        let bad = |part: &str, reason: String| Err(StateError::new(part, reason));
        if s.racks.len() != n {
            return bad("racks", format!("{} racks for {n} seats", s.racks.len()));
        }
        if s.scores.len() != n {
            return bad("scores", format!("{} scores for {n} seats", s.scores.len()));
        }
        if s.to_move.index() >= n {
            return bad("to_move", format!("{} is not at this table", s.to_move));
        }
        for (seat, rack) in s.racks.iter() {
            if rack.total() > u32::from(RACK_SIZE) {
                return bad("racks", format!("{seat} holds {} tiles", rack.total()));
            }
        }
        self.validate_board(&s.board)?;
        Ok(())
    }

    /// E-1: every tile is somewhere, exactly once.
    fn validate_tiles(&self, s: &State) -> Result<(), StateError> {
        let bad = |part: &str, reason: String| Err(StateError::new(part, reason));
        let overflow = || StateError::new("racks", "counts overflow");
        let mut all = s.bag;
        for (_, rack) in s.racks.iter() {
            all = all.checked_add(rack).ok_or_else(overflow)?;
        }
        if let Some(Pending::Exchange { set_aside, .. }) = s.pending {
            all = all.checked_add(&set_aside).ok_or_else(overflow)?;
        }
        for (_, tile) in s.board.tiles() {
            all.add_one(tile.kind())
                .ok_or_else(|| StateError::new("board", "counts overflow"))?;
        }
        if all != self.tileset {
            return bad(
                "bag",
                format!("board, racks, bag and set-aside tiles make {all}, not the tile set"),
            );
        }
        Ok(())
    }

    /// The last turn names a seat at the table and, for a play, is on the board.
    fn validate_last_turn(&self, s: &State) -> Result<(), StateError> {
        let n = self.seats();
        let bad = |part: &str, reason: String| Err(StateError::new(part, reason));
        if let Some(LastTurn::Play { seat, play, .. }) = s.last_turn {
            if seat.index() >= n {
                return bad("last_turn", format!("{seat} is not at this table"));
            }
            if play.tiles().is_empty()
                || play
                    .tiles()
                    .iter()
                    .any(|p| s.board.get(p.square) != Some(p.tile()))
            {
                return bad("last_turn", "the last play is not on the board".into());
            }
        }
        if let Some(LastTurn::Exchange { seat, count }) = s.last_turn
            && (seat.index() >= n || count == 0 || count > RACK_SIZE)
        {
            return bad("last_turn", format!("exchange of {count} by {seat}"));
        }
        if let Some(LastTurn::Pass { seat }) = s.last_turn
            && seat.index() >= n
        {
            return bad("last_turn", format!("{seat} is not at this table"));
        }
        Ok(())
    }

    /// The scoreless streak is within T-17.
    fn validate_scoreless(&self, s: &State) -> Result<(), StateError> {
        let bad = |part: &str, reason: String| Err(StateError::new(part, reason));
        let max = self.config.max_scoreless_turns;
        if s.scoreless > max
            || (s.scoreless == max
                && !matches!(s.ending.map(|e| e.reason), Some(EndReason::Scoreless))
                && !matches!(s.pending, Some(Pending::Exchange { .. })))
        {
            return bad(
                "scoreless",
                format!("{} scoreless turns with T-17 = {max}", s.scoreless),
            );
        }
        Ok(())
    }

    /// An ending follows from the racks and the streak, with R-34's adjustments.
    fn validate_ending(&self, s: &State) -> Result<(), StateError> {
        let n = self.seats();
        let bad = |part: &str, reason: String| Err(StateError::new(part, reason));
        let max = self.config.max_scoreless_turns;
        if let Some(ending) = s.ending {
            if s.pending.is_some() {
                return bad("ending", "the game ended with draws pending".into());
            }
            match ending.reason {
                EndReason::WentOut { seat } => {
                    if seat.index() >= n || !s.racks[seat].is_empty() || !s.bag.is_empty() {
                        return bad("ending", format!("{seat} did not go out"));
                    }
                }
                EndReason::Scoreless => {
                    if s.scoreless != max {
                        return bad("ending", "not enough scoreless turns".into());
                    }
                }
            }
            if ending.adjustments != self.rack_adjustments(&s.racks, ending.reason) {
                return bad("ending", "adjustments do not follow R-34".into());
            }
        }
        Ok(())
    }

    /// The draws of a state are possible (E-2).
    pub(crate) fn validate_pending(&self, s: &State) -> Result<(), StateError> {
        let n = self.seats();
        let Some(p) = s.pending else { return Ok(()) };
        let seat = p.seat();
        let bad = |reason: String| Err(StateError::new("pending", reason));
        if seat.index() >= n {
            return bad(format!("{seat} is not at this table"));
        }
        let rack = s.racks[seat].total();
        let bag = s.bag.total();
        match p {
            Pending::Deal { .. } => {
                if !s.board.is_empty() || s.last_turn.is_some() || s.to_move != Seat(0) {
                    return bad("a deal after play began".into());
                }
                let mut needed = 0;
                for (other, r) in s.racks.iter() {
                    let size = r.total();
                    let ok = match other.cmp(&seat) {
                        std::cmp::Ordering::Less => size == u32::from(RACK_SIZE),
                        std::cmp::Ordering::Equal => size < u32::from(RACK_SIZE),
                        std::cmp::Ordering::Greater => size == 0,
                    };
                    if !ok {
                        return bad(format!("{other} holds {size} tiles during the deal"));
                    }
                    needed += u32::from(RACK_SIZE) - size.min(u32::from(RACK_SIZE));
                }
                if needed > bag {
                    return bad("the bag cannot complete the deal".into());
                }
            }
            Pending::Refill { left, .. } => {
                if left == 0
                    || u32::from(left) > bag
                    || rack + u32::from(left) > u32::from(RACK_SIZE)
                {
                    return bad(format!("{left} draws left"));
                }
                if s.to_move != seat
                    || !matches!(s.last_turn, Some(LastTurn::Play { seat: by, .. }) if by == seat)
                {
                    return bad("a refill not after the mover's play".into());
                }
            }
            Pending::Exchange {
                left, set_aside, ..
            } => {
                if left == 0
                    || u32::from(left) > bag
                    || u32::from(left) > set_aside.total()
                    || rack + u32::from(left) > u32::from(RACK_SIZE)
                {
                    return bad(format!("{left} draws left"));
                }
                let count = u8::try_from(set_aside.total()).unwrap_or(u8::MAX);
                if s.to_move != seat || s.last_turn != Some(LastTurn::Exchange { seat, count }) {
                    return bad("exchange draws not after the mover's exchange".into());
                }
            }
        }
        Ok(())
    }

    /// The board can arise in play: faces in play, every run of two or more
    /// tiles correct (or a T-6 numeral), H8 covered, all tiles connected.
    pub(crate) fn validate_board(&self, board: &Board) -> Result<(), StateError> {
        let bad = |reason: String| Err(StateError::new("board", reason));
        let count = board.len();
        if count == 0 {
            return Ok(());
        }
        if let Some((sq, t)) = board.tiles().find(|(_, t)| !self.face_in_play(t.face)) {
            return bad(format!("{sq} shows {}, not in play", t.face));
        }
        if count < 3 || !board.is_occupied(Square::CENTRE) {
            return bad("the tiles do not include a first play through H8".into());
        }
        // Connected: a flood from H8 reaches every tile.
        let mut seen = [false; crate::square::SQUARES];
        let mut stack = vec![Square::CENTRE];
        seen[Square::CENTRE.index()] = true;
        let mut reached = 0;
        while let Some(sq) = stack.pop() {
            reached += 1;
            for nb in sq.neighbours() {
                if board.is_occupied(nb) && !seen[nb.index()] {
                    seen[nb.index()] = true;
                    stack.push(nb);
                }
            }
        }
        if reached != count {
            return bad("the tiles are not all connected".into());
        }
        let mut buf = [Face::Zero; SIZE];
        for dir in [Dir::Across, Dir::Down] {
            for line in 0..SIZE {
                let mut pos = 0;
                while pos < SIZE {
                    if board.cell(dir.square(line, pos)) == 0 {
                        pos += 1;
                        continue;
                    }
                    let first = pos;
                    while pos + 1 < SIZE && board.cell(dir.square(line, pos + 1)) != 0 {
                        pos += 1;
                    }
                    let last = pos;
                    pos += 1;
                    if first == last {
                        continue;
                    }
                    let tokens = read_run(board, dir, line, first, last, &mut buf);
                    if let Err(e) = self.checker.check(tokens)
                        && !(self.config.number_cross_runs && is_numeral(tokens))
                    {
                        let at = Square::new(dir.square(line, first)).unwrap_or(Square::CENTRE);
                        return bad(format!("the {dir} run from {at} is wrong: {}", e.code()));
                    }
                }
            }
        }
        Ok(())
    }
}
