//! Turn flow (E-2): who acts after a step, the draws of a deal, a refill
//! and an exchange, the end of a turn and of the game
//! with its rack adjustments applied.

use game_core::{Game, Seat};

use crate::action::Play;
use crate::scrabble::{RACK_SIZE, Scrabble};
use crate::state::{EndReason, Ending, LastTurn, Pending, State};
use crate::tile::KindCounts;

impl Scrabble {
    /// Puts a checked play with its score on the board.
    pub(crate) fn apply_play(&self, s: &mut State, seat: Seat, play: &Play, score: i32) {
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

    /// Sets a checked exchange aside and starts its draws.
    pub(crate) fn apply_exchange(&self, s: &mut State, seat: Seat, tiles: &KindCounts) {
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

    /// A pass: a scoreless turn.
    pub(crate) fn apply_pass(&self, s: &mut State, seat: Seat) {
        s.scoreless = s.scoreless.saturating_add(1);
        s.last_turn = Some(LastTurn::Pass { seat });
        self.finish_turn(s, seat, false);
    }

    /// What follows a tile drawn for `pending` (already on the rack): the
    /// next draw, or the next seat of the deal, or the end of the turn.
    pub(crate) fn drawn(&self, s: &mut State, pending: Pending) {
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
}
