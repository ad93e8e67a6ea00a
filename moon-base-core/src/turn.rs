//! Turn flow (§9.5): the effects of an action and who acts next, the
//! select steps (MB-7), placement turns and passes (B-9), the end of
//! placement with its settlements and bases (MB-22 to MB-24), and the end
//! of a round and of the game (MB-25, MB-26).

use game_core::Seat;

use crate::moon_base::pair;
use crate::state::PILES;
use crate::{Action, Colour, Hand, Host, MoonBase, PassRule, Phase, Pile, Size, State};

impl MoonBase {
    /// The effects of a checked action (§9.5).
    pub(crate) fn play(&self, s: &mut State, seat: Seat, a: &Action) {
        match *a {
            Action::ChooseColour(colour) => {
                // MB-3: the second player chooses; the first gets the other colour.
                let other = match colour {
                    Colour::Gold => Colour::Silver,
                    Colour::Silver | Colour::Navy => Colour::Gold,
                };
                let mut by = [other, other];
                by[seat.index() & 1] = colour;
                s.colour_of = Some(pair(by[0], by[1]));
                s.phase = Phase::PlaceTower;
            }
            Action::PlaceTower(k) => {
                s.tower = Some(Host::Crater(k));
                s.round = 1;
                s.phase = Phase::Select { step: 0 };
            }
            Action::TakePair(pile) => {
                let Phase::Select { step } = s.phase else {
                    return;
                };
                let size = Self::step_size(step);
                let p: &mut Pile = &mut s.piles[size.index()][usize::from(pile) % PILES];
                let top = [p.first().copied(), p.get(1).copied()];
                p.remove_front(2);
                if let Some(h) = s.hands.get_mut(seat) {
                    for c in top.into_iter().flatten() {
                        h.add(crate::Piece::new(size, c));
                    }
                }
                if step < 3 {
                    s.phase = Phase::Select { step: step + 1 };
                } else {
                    let start = s.start_player().unwrap_or(Seat(0));
                    self.advance(s, start, 0);
                }
            }
            Action::PlaceOnCrater { piece, .. } | Action::Stack { piece, .. } => {
                let Phase::Place { turns, .. } = s.phase else {
                    return;
                };
                if let Some(h) = s.hands.get_mut(seat) {
                    h.remove(piece);
                }
                self.put_ring(s, a);
                self.advance(s, State::other(seat), turns.saturating_add(1));
            }
            Action::Pass => {
                let Phase::Place { turns, .. } = s.phase else {
                    return;
                };
                self.advance(s, State::other(seat), turns.saturating_add(1));
            }
            Action::PlaceResourceBase(k) => {
                s.bases.push(crate::ResourceBase { crater: k, seat });
                if let Some(n) = s.bases_left.get_mut(seat) {
                    *n = n.saturating_sub(1);
                }
                self.after_base(s, seat);
            }
            // B-16: nothing is placed and the base stays in supply.
            Action::DeclineResourceBase => self.after_base(s, seat),
        }
    }

    /// The size a select step takes: large at steps 0 and 1 (MB-7).
    pub(crate) const fn step_size(step: u8) -> Size {
        if step < 2 { Size::Large } else { Size::Small }
    }

    /// The seat of select step `step`: the start player at even steps (MB-7).
    pub(crate) fn step_seat(s: &State, step: u8) -> Seat {
        let start = s.start_player().unwrap_or(Seat(0));
        if step.is_multiple_of(2) {
            start
        } else {
            State::other(start)
        }
    }

    /// §9.5 `advance(t)`: who moves next in placement, or the end of it.
    pub(crate) fn advance(&self, s: &mut State, t: Seat, turns: u8) {
        // B-9: ForfeitTurn plays exactly eight turns.
        if self.config.pass_rule == PassRule::ForfeitTurn && usize::from(turns) >= 8 {
            return self.end_placement(s);
        }
        let can = |seat: Seat| self.can_place(s, &Self::hand(s, seat));
        if !can(t) && !can(State::other(t)) {
            return self.end_placement(s);
        }
        let mut to_move = t;
        // B-9: KeepTurning skips an empty hand.
        if self.config.pass_rule == PassRule::KeepTurning && Self::hand(s, t).is_empty() {
            to_move = State::other(t);
        }
        s.phase = Phase::Place { to_move, turns };
    }

    /// §9.5 end of placement: retire hands, build settlements, bases.
    pub(crate) fn end_placement(&self, s: &mut State) {
        // MB-22, B-23: rings left in hand are retired, one point each.
        for seat in Seat::all(2) {
            let left = Self::hand(s, seat).total();
            if let Some(u) = s.unplaced.get_mut(seat) {
                *u = u.saturating_add(u8::try_from(left).unwrap_or(u8::MAX));
            }
            if let Some(h) = s.hands.get_mut(seat) {
                *h = Hand::default();
            }
        }
        // MB-23, B-15: settlements, the start player first, ascending ring ids.
        let start = s.start_player().unwrap_or(Seat(0));
        for seat in [start, State::other(start)] {
            let built = self.build_settlements(s, seat);
            if let Some(b) = s.built_this_round.get_mut(seat) {
                *b = built;
            }
        }
        self.base_step(s, start);
    }

    /// MB-23: settles the eligible rings of `seat` while supply lasts.
    pub(crate) fn build_settlements(&self, s: &mut State, seat: Seat) -> u8 {
        let Some(colour) = s.colour(seat) else {
            return 0;
        };
        let mut eligible = self.settleable(s, colour);
        let mut built = 0u8;
        while eligible != 0 && s.settlements_left.get(seat).is_some_and(|&n| n > 0) {
            let i = eligible.trailing_zeros() as usize;
            eligible &= eligible - 1;
            if let Some(r) = s.rings.as_mut_slice().get_mut(i) {
                r.settlement = true;
            }
            s.settlements_left[seat] -= 1;
            built += 1;
        }
        built
    }

    /// True when a resource base is due for `seat` now (MB-24, B-16, B-17):
    /// it must place one, or under `base_rule = Optional` place or decline.
    pub(crate) fn base_due(&self, s: &State, seat: Seat) -> bool {
        s.built_this_round.get(seat) == Some(&0)
            && s.bases_left.get(seat).is_some_and(|&n| n > 0)
            && self.base_free_craters(s) != [0; 4]
    }

    /// §9.5 base step of `seat`, then the other seat's or the end of the round.
    pub(crate) fn base_step(&self, s: &mut State, seat: Seat) {
        if self.base_due(s, seat) {
            s.phase = Phase::Base { seat };
            return;
        }
        self.after_base(s, seat);
    }

    pub(crate) fn after_base(&self, s: &mut State, seat: Seat) {
        if Some(seat) == s.start_player() {
            self.base_step(s, State::other(seat));
        } else {
            self.end_round(s);
        }
    }

    /// MB-25, MB-26: the next round, or the end of the game.
    pub(crate) fn end_round(&self, s: &mut State) {
        if s.round >= self.config.rounds {
            s.phase = Phase::Over;
            return;
        }
        s.round += 1;
        s.built_this_round = pair(0, 0);
        s.phase = Phase::Select { step: 0 };
    }
}
