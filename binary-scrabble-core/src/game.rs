//! The `game_core::Game` implementation of [`Scrabble`] (E-1 to E-9).

use game_core::{BySeat, Error, Game, Outcome, Seat, ToAct, Viewer};

use crate::action::Action;
use crate::board::Board;
use crate::config::Config;
use crate::error::ScrabbleError;
use crate::movegen::MoveGen;
use crate::observe::{Drawing, Obs};
use crate::scrabble::{RACK_SIZE, Scrabble, zeros};
use crate::state::{Pending, State};
use crate::tile::{Kind, KindCounts};

impl Game for Scrabble {
    const NAME: &'static str = "binary-scrabble";
    const RULES_VERSION: u32 = 1;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Kind;
    type Obs = Obs;
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

    /// E-5 counted without the list: the plays by the counting search
    /// (M-1 c, no play built), the exchanges by size and the pass
    /// . A rack with blanks has millions of plays, which this counts
    /// in the time of a fraction of the listing.
    fn legal_count(&self, s: &State, seat: Seat) -> usize {
        if self.to_act(s) != ToAct::Seat(seat) {
            return 0;
        }
        let Some(&rack) = s.racks.get(seat) else {
            return 0;
        };
        let plays = MoveGen::new(self).count(&s.board, &rack);
        let bag = s.bag.total();
        let exchanges = if bag >= u32::from(self.config.exchange_min_bag) {
            Self::exchange_count(&rack, bag)
        } else {
            0
        };
        plays + exchanges + 1
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
                self.apply_exchange(s, seat, tiles);
            }
            Action::Pass => self.apply_pass(s, seat),
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
        self.drawn(s, pending);
        Ok(())
    }

    fn observe(&self, s: &State, v: Viewer) -> Obs {
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
        Obs {
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
        self.final_outcome(s)
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
