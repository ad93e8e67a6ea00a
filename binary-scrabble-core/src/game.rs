//! `game_core::Game` for [`Scrabble`]: turns, draws, the end of the game,
//! observations, state validation and determinization (E-1 to E-9).

use game_core::{
    BySeat, Determinize, Error, Game, GameRng, Outcome, Seat, StateError, ToAct, Viewer,
};

use crate::action::{Action, Play};
use crate::board::Board;
use crate::config::Config;
use crate::error::ScrabbleError;
use crate::movegen::MoveGen;
use crate::observe::{Drawing, Observation};
use crate::scrabble::{RACK_SIZE, Scrabble, is_numeral, read_run, zeros};
use crate::square::{Dir, SIZE, Square};
use crate::state::{EndReason, Ending, LastTurn, MAX_SEATS, Pending, State};
use crate::tile::{Face, Kind, KindCounts};

impl Scrabble {
    /// E-7 for an exchange after the shared checks.
    fn check_exchange(
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
    fn check_turn(&self, s: &State, seat: Seat) -> Result<(), ScrabbleError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        // Only a state that skipped `check_state` can lack these.
        if s.racks.get(seat).is_none() || s.scores.get(seat).is_none() {
            return Err(Error::state("racks", format!("no rack or score for {seat}")).into());
        }
        Ok(())
    }

    /// Ends the turn of `seat` once no draw is pending (E-2),
    /// then the next seat.
    fn finish_turn(&self, s: &mut State, seat: Seat, played: bool) {
        if played && s.racks.get(seat).is_some_and(KindCounts::is_empty) {
            // the rack is empty after the refill, so the bag is too.
            self.end_game(s, EndReason::WentOut { seat });
        } else if s.scoreless >= self.config.max_scoreless_turns {
            //
            self.end_game(s, EndReason::Scoreless);
        } else {
            s.to_move = seat.next(self.seats());
        }
    }

    /// R-34 applied at once, and the game marked over.
    fn end_game(&self, s: &mut State, reason: EndReason) {
        let adjustments = self.rack_adjustments(&s.racks, reason);
        for (seat, adj) in adjustments.iter() {
            if let Some(score) = s.scores.get_mut(seat) {
                *score = score.saturating_add(*adj);
            }
        }
        s.ending = Some(Ending {
            reason,
            adjustments,
        });
    }

    /// The exchanges of E-5 into `out`: every non-empty sub-multiset of the
    /// rack no larger than the bag, ascending.
    fn push_exchanges(&self, rack: &KindCounts, bag: u32, out: &mut Vec<Action>) {
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

    /// Validation of a state (E-1), as a [`StateError`].
    fn validate(&self, s: &State) -> Result<(), StateError> {
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
        // E-1: every tile is somewhere, exactly once.
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
        self.validate_pending(s)?;
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
    fn validate_pending(&self, s: &State) -> Result<(), StateError> {
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
    fn validate_board(&self, board: &Board) -> Result<(), StateError> {
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

    /// Every seat's rack size, for observations.
    fn rack_sizes(s: &State) -> BySeat<u8, MAX_SEATS> {
        let mut sizes = BySeat::filled(s.racks.len(), 0);
        for (seat, rack) in s.racks.iter() {
            sizes[seat] = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        }
        sizes
    }
}

impl Game for Scrabble {
    const NAME: &'static str = "binary-scrabble";
    const RULES_VERSION: u32 = 1;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Kind;
    type Obs = Observation;
    type Error = ScrabbleError;

    fn new(config: Config) -> Result<Self, ScrabbleError> {
        Scrabble::with_config(config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        usize::from(self.config.players)
    }

    fn initial_state(&self) -> State {
        let n = self.seats();
        State {
            board: Board::new(),
            racks: BySeat::filled(n, KindCounts::EMPTY),
            bag: self.tileset,
            scores: zeros(n),
            to_move: Seat(0),
            scoreless: 0,
            // seat 0 draws 9, then seat 1, ... one chance event per tile.
            pending: Some(Pending::Deal { seat: Seat(0) }),
            ending: None,
            last_turn: None,
        }
    }

    fn to_act(&self, s: &State) -> ToAct {
        // E-2.
        if s.ending.is_some() {
            ToAct::Over
        } else if s.pending.is_some() {
            ToAct::Chance
        } else {
            ToAct::Seat(s.to_move)
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        let Some(&rack) = s.racks.get(seat) else {
            return;
        };
        // E-5: plays (M-1), then exchanges, then Pass, in Ord order.
        MoveGen::new(self).legal_plays(&s.board, &rack, out);
        let bag = s.bag.total();
        if bag >= u32::from(self.config.exchange_min_bag) {
            self.push_exchanges(&rack, bag, out);
        }
        out.push(Action::Pass);
    }

    fn check(&self, s: &State, seat: Seat, a: &Action) -> Result<(), ScrabbleError> {
        self.check_turn(s, seat)?;
        match a {
            Action::Play(play) => self.check_play(&s.board, &s.racks[seat], play).map(|_| ()),
            Action::Exchange(tiles) => self.check_exchange(s, seat, tiles),
            // a pass is always allowed.
            Action::Pass => Ok(()),
            Action::HiddenExchange(_) => Err(ScrabbleError::LogOnly),
        }
    }

    fn apply(&self, s: &mut State, seat: Seat, a: &Action) -> Result<(), ScrabbleError> {
        self.check_turn(s, seat)?;
        match a {
            Action::Play(play) => {
                let score = self.check_play(&s.board, &s.racks[seat], play)?;
                self.apply_play(s, seat, play, score);
            }
            Action::Exchange(tiles) => {
                self.check_exchange(s, seat, tiles)?;
                let rack = &mut s.racks[seat];
                *rack = rack.checked_sub(tiles).unwrap_or(*rack);
                let count = u8::try_from(tiles.total()).unwrap_or(u8::MAX);
                s.scoreless = s.scoreless.saturating_add(1);
                s.last_turn = Some(LastTurn::Exchange { seat, count });
                // set aside, draw as many, then return them.
                s.pending = Some(Pending::Exchange {
                    seat,
                    left: count,
                    set_aside: *tiles,
                });
            }
            Action::Pass => {
                s.scoreless = s.scoreless.saturating_add(1);
                s.last_turn = Some(LastTurn::Pass { seat });
                self.finish_turn(s, seat, false);
            }
            Action::HiddenExchange(_) => return Err(ScrabbleError::LogOnly),
        }
        Ok(())
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Kind, u32)>) {
        out.clear();
        if self.to_act(s) != ToAct::Chance {
            return;
        }
        // E-3: the kinds in the bag, in kind order, weighted by count.
        for kind in Kind::ALL {
            let n = s.bag.get(kind);
            if n > 0 {
                out.push((kind, u32::from(n)));
            }
        }
    }

    fn apply_chance(&self, s: &mut State, c: &Kind) -> Result<(), ScrabbleError> {
        self.to_act(s).check_chance()?;
        let Some(pending) = s.pending else {
            return Err(Error::NotChance.into());
        };
        let seat = pending.seat();
        let Some(&held) = s.racks.get(seat) else {
            return Err(Error::state("pending", format!("{seat} has no rack")).into());
        };
        if s.bag.get(*c) == 0 || held.total() >= u32::from(RACK_SIZE) {
            return Err(Error::BadChance.into());
        }
        let mut rack = held;
        if rack.add_one(*c).is_none() {
            return Err(Error::BadChance.into());
        }
        let _ = s.bag.remove_one(*c);
        s.racks[seat] = rack;
        match pending {
            Pending::Deal { seat } => {
                if s.racks[seat].total() >= u32::from(RACK_SIZE) {
                    let next = seat.index() + 1;
                    s.pending = if next < self.seats() {
                        Some(Pending::Deal {
                            seat: Seat(next as u8),
                        })
                    } else {
                        None
                    };
                }
            }
            Pending::Refill { seat, left } => {
                if left <= 1 {
                    s.pending = None;
                    self.finish_turn(s, seat, true);
                } else {
                    s.pending = Some(Pending::Refill {
                        seat,
                        left: left - 1,
                    });
                }
            }
            Pending::Exchange {
                seat,
                left,
                set_aside,
            } => {
                if left <= 1 {
                    s.pending = None;
                    s.bag = s.bag.checked_add(&set_aside).unwrap_or(s.bag);
                    self.finish_turn(s, seat, false);
                } else {
                    s.pending = Some(Pending::Exchange {
                        seat,
                        left: left - 1,
                        set_aside,
                    });
                }
            }
        }
        Ok(())
    }

    fn observe(&self, s: &State, v: Viewer) -> Observation {
        let seat = v.seat().filter(|seat| seat.index() < s.racks.len());
        let rack = seat.map(|seat| s.racks[seat]);
        let set_aside = match (seat, s.pending) {
            (
                Some(me),
                Some(Pending::Exchange {
                    seat, set_aside, ..
                }),
            ) if seat == me => Some(set_aside),
            _ => None,
        };
        // E-6: the tile set minus what the viewer holds and the board.
        let mut unseen = self.tileset;
        for (_, t) in s.board.tiles() {
            let _ = unseen.remove_one(t.kind());
        }
        for own in [rack, set_aside].into_iter().flatten() {
            unseen = unseen.checked_sub(&own).unwrap_or(unseen);
        }
        let drawing = s.pending.map(|p| Drawing {
            seat: p.seat(),
            left: match p {
                Pending::Deal { seat } => RACK_SIZE
                    .saturating_sub(s.racks.get(seat).map_or(RACK_SIZE, |r| r.total() as u8)),
                Pending::Refill { left, .. } | Pending::Exchange { left, .. } => left,
            },
        });
        Observation {
            viewer: v,
            board: s.board.clone(),
            scores: s.scores,
            to_act: self.to_act(s),
            to_move: s.to_move,
            scoreless: s.scoreless,
            bag_size: s.bag.total(),
            rack_sizes: Self::rack_sizes(s),
            rack,
            set_aside,
            unseen,
            drawing,
            last_turn: s.last_turn,
            ending: s.ending,
            revealed_racks: s.ending.map(|_| s.racks),
        }
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.ending?;
        // E-8, R-35: final scores after R-34; ties share a place.
        let scores = s.scores.as_slice().iter().map(|&x| i64::from(x)).collect();
        Some(Outcome::from_scores(scores))
    }

    fn max_steps(&self) -> usize {
        // E-9: at most (T + 1)·T-17 turns, each one action and at most 9
        // draws, plus the opening deal.
        let tiles = self.tileset.total() as usize;
        let turns = (tiles + 1) * usize::from(self.config.max_scoreless_turns);
        turns * (1 + usize::from(RACK_SIZE)) + usize::from(RACK_SIZE) * self.seats()
    }

    fn check_state(&self, s: &State) -> Result<(), ScrabbleError> {
        self.validate(s)
            .map_err(|e| ScrabbleError::Core(Error::BadState(e)))
    }

    fn public_action(&self, _s: &State, seat: Seat, a: &Action, v: Viewer) -> Option<Action> {
        match a {
            // R-29, E-6: the others see how many tiles were exchanged, not which.
            Action::Exchange(tiles) if v != Viewer::Seat(seat) => Some(Action::HiddenExchange(
                u8::try_from(tiles.total()).unwrap_or(u8::MAX),
            )),
            Action::Play(_) | Action::Exchange(_) | Action::Pass | Action::HiddenExchange(_) => {
                Some(*a)
            }
        }
    }

    fn public_chance(&self, s: &State, c: &Kind, v: Viewer) -> Option<Kind> {
        // Only the drawer sees the tile it draws, unless the draw ends the
        // game: then every rack is shown (R-34 needs their values).
        let last_exchange_draw = matches!(s.pending, Some(Pending::Exchange { left: 1, .. }))
            && s.scoreless >= self.config.max_scoreless_turns;
        let drawer = matches!((s.pending, v.seat()), (Some(p), Some(seat)) if p.seat() == seat);
        (last_exchange_draw || drawer).then_some(*c)
    }

    fn apply_unchecked(&self, s: &mut State, seat: Seat, a: &Action) {
        // The play's score is still needed, so plays keep their check; the
        // others are cheap.
        let result = self.apply(s, seat, a);
        debug_assert!(
            result.is_ok(),
            "apply_unchecked on an illegal action: {result:?}"
        );
    }
}

impl Scrabble {
    /// Puts a checked play with its score on the board.
    fn apply_play(&self, s: &mut State, seat: Seat, play: &Play, score: i32) {
        for p in play.tiles() {
            s.board.set(p.square, p.tile());
        }
        let rack = &mut s.racks[seat];
        *rack = rack.checked_sub(&play.rack_use()).unwrap_or(*rack);
        let total = &mut s.scores[seat];
        *total = total.saturating_add(score);
        // any play resets the counter, even one scoring 0.
        s.scoreless = 0;
        s.last_turn = Some(LastTurn::Play {
            seat,
            play: *play,
            score,
        });
        // refill to 9 while the bag allows.
        let want = u32::from(RACK_SIZE).saturating_sub(s.racks[seat].total());
        let left = want.min(s.bag.total());
        if left > 0 {
            s.pending = Some(Pending::Refill {
                seat,
                left: left as u8,
            });
        } else {
            self.finish_turn(s, seat, true);
        }
    }
}

impl Determinize for Scrabble {
    fn determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        // Pool what `seat` cannot see: the bag, the other racks and the
        // tiles others set aside; redeal the same sizes from it.
        let mut out = s.clone();
        if s.ending.is_some() {
            // Once the game is over nothing is left to search, and the
            // end-of-game adjustments already tell the racks' worth.
            return out;
        }
        let mut pool: Vec<Kind> = s.bag.tiles().collect();
        for (other, rack) in s.racks.iter() {
            if other != seat {
                pool.extend(rack.tiles());
            }
        }
        let other_aside = match s.pending {
            Some(Pending::Exchange {
                seat: by,
                set_aside,
                ..
            }) if by != seat => {
                pool.extend(set_aside.tiles());
                Some(set_aside.total())
            }
            _ => None,
        };
        rng.shuffle(&mut pool);
        for other in Seat::all(s.racks.len()) {
            if other != seat {
                out.racks[other] = take(&mut pool, s.racks[other].total());
            }
        }
        if let (Some(n), Some(Pending::Exchange { seat: by, left, .. })) = (other_aside, s.pending)
        {
            out.pending = Some(Pending::Exchange {
                seat: by,
                left,
                set_aside: take(&mut pool, n),
            });
        }
        let rest = pool.len() as u32;
        out.bag = take(&mut pool, rest);
        out
    }
}

/// `n` tiles from the end of a shuffled pool.
fn take(pool: &mut Vec<Kind>, n: u32) -> KindCounts {
    let mut k = KindCounts::EMPTY;
    for _ in 0..n {
        if let Some(t) = pool.pop() {
            let _ = k.add_one(t);
        }
    }
    k
}
