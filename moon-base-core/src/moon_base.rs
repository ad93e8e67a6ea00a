//! The rules object: a validated config with its board, and the steps
//! of play the `Game` impl calls (§9).

use game_core::{BySeat, Game, Seat};

use crate::lattice_window::LatticeDiscs;
use crate::pair_table::PairTable;
use crate::state::{PILE_SIZE, PILES, RINGS_PER_PIECE, RINGS_PER_SIZE};
use crate::survivor_cache::SurvivorCache;
use crate::{
    Action, Board, Chance, Colour, Config, CraterId, Hand, Host, MoonBaseError, PassRule, Phase,
    Pile, Size, State,
};

/// Longest placement phase in turns: 8 placements and at most one pass before each (B-9).
pub(crate) const MAX_PLACE_TURNS: usize = 16;
/// Steps of one round at most: 4 takes, the placement turns and 2 bases.
pub(crate) const MAX_ROUND_STEPS: usize = 4 + MAX_PLACE_TURNS + 2;
/// The rules version that added S3b (rim contact) and the S4 exemption of
/// a ring inside the new ring's opening (revision of 2026-11-25).
pub(crate) const RIM_CONTACT_VERSION: u32 = 2;

/// The Moon Base rules object: a validated config with its board.
///
/// Built once by [`Game::new`]; every call takes it by `&self`.
#[derive(Clone, Debug)]
pub struct MoonBase {
    pub(crate) config: Config,
    pub(crate) board: Board,
    /// `(R, r)` per size, in mm.
    pub(crate) radii: [(i64, i64); 2],
    /// The lattice step `g`, mm.
    pub(crate) step: i64,
    /// The tower radius `ρ`, mm.
    pub(crate) rho: i64,
    /// The rules version played: [`Game::RULES_VERSION`], or an older one
    /// for a replay recorded under it (see [`Game::with_rules_version`]).
    pub(crate) rules_version: u32,
    /// Stack candidates over pairs of craters (level-1 supports).
    pub(crate) pairs: PairTable,
    /// Discs around lattice points by column (stacks on stacked rings).
    pub(crate) discs: LatticeDiscs,
    /// The craters of each size, as bitsets (C1).
    pub(crate) craters_of_size: [[u64; 4]; 2],
    /// [`MoonBase::margin_box`], computed once.
    pub(crate) margin: crate::movegen::LatticeBox,
    /// The colour-free stack positions of the last board asked about.
    pub(crate) survivors: SurvivorCache,
}

impl MoonBase {
    /// True when S3b and the S4 exemption apply (rules version 2 on). A
    /// version-1 replay was recorded without them, so its rules object
    /// leaves them out and the replay plays as it was recorded.
    pub(crate) const fn rim_contact_rules(&self) -> bool {
        self.rules_version >= RIM_CONTACT_VERSION
    }

    /// The validated board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A state in round 1's placement phase with empty piles and hands:
    /// seat 0 plays `seat0_colour`, `first_player` starts, the tower stands
    /// on `tower`. Build positions on it with [`MoonBase::place_ring`] and by
    /// setting hands; it is how the worked examples are set up. Its piles
    /// are empty, so it is not a position of a real game and
    /// `check_state` refuses it; placement, building and move generation
    /// work on it all the same (a later selection finds the piles empty).
    ///
    /// # Errors
    /// [`MoonBaseError::NotAPlayerColour`], [`MoonBaseError::UnknownCrater`],
    /// [`MoonBaseError::NotALargeCrater`].
    pub fn sandbox(
        &self,
        first_player: Seat,
        seat0_colour: Colour,
        tower: CraterId,
    ) -> Result<State, MoonBaseError> {
        if !seat0_colour.is_player_colour() {
            return Err(MoonBaseError::NotAPlayerColour {
                colour: seat0_colour,
            });
        }
        self.check_tower_crater(tower)?;
        let other = match seat0_colour {
            Colour::Gold => Colour::Silver,
            Colour::Silver | Colour::Navy => Colour::Gold,
        };
        let mut s = self.initial_state();
        s.first_player = Some(Seat(first_player.0 & 1));
        s.colour_of = Some(pair(seat0_colour, other));
        s.tower = Some(Host::Crater(tower));
        s.round = 1;
        s.phase = Phase::Place {
            to_move: s.start_player().unwrap_or(Seat(0)),
            turns: 0,
        };
        Ok(s)
    }

    pub(crate) fn check_tower_crater(&self, k: CraterId) -> Result<(), MoonBaseError> {
        match self.board.crater(k) {
            None => Err(MoonBaseError::UnknownCrater { crater: k }),
            Some(c) if c.size != Size::Large => Err(MoonBaseError::NotALargeCrater { crater: k }),
            Some(_) => Ok(()),
        }
    }

    /// The rings of each colour (by colour index) still to draw into the
    /// piles of the size of draw `n` (§9.3: draws 0..24 are large, 24..48
    /// small), counted in one pass.
    pub(crate) fn colours_left(s: &State, n: usize) -> [u32; 3] {
        let mut left = [u32::from(RINGS_PER_PIECE); 3];
        if let Some(piles) = s.piles.get(n / RINGS_PER_SIZE) {
            for &c in piles.iter().flat_map(|p| p.iter()) {
                left[c.index()] = left[c.index()].saturating_sub(1);
            }
        }
        left
    }

    /// True when `chance_outcomes` lists `c` in `s` (§9.3).
    pub(crate) fn chance_listed(&self, s: &State, c: &Chance) -> bool {
        match (s.phase, *c) {
            (Phase::Piles, Chance::Ring(colour)) => {
                let n = Self::drawn(s);
                n < 2 * RINGS_PER_SIZE && Self::colours_left(s, n)[colour.index()] > 0
            }
            (Phase::DrawStart, Chance::Start(seat)) => seat.0 < 2,
            (
                Phase::Piles
                | Phase::DrawStart
                | Phase::ChooseColour
                | Phase::PlaceTower
                | Phase::Select { .. }
                | Phase::Place { .. }
                | Phase::Base { .. }
                | Phase::Over,
                Chance::Ring(_) | Chance::Start(_),
            ) => false,
        }
    }

    /// The effects of a listed chance outcome (§9.3).
    pub(crate) fn resolve_chance(&self, s: &mut State, c: &Chance) {
        match *c {
            Chance::Ring(colour) => {
                // §9.3: draw n fills pile (n mod 24) / 6 of its size, top down.
                let n = Self::drawn(s);
                let size = n / RINGS_PER_SIZE;
                let pile = (n % RINGS_PER_SIZE) / PILE_SIZE;
                if let Some(p) = s.piles.get_mut(size).and_then(|p| p.get_mut(pile)) {
                    p.push(colour);
                }
                if n + 1 == 2 * RINGS_PER_SIZE {
                    s.phase = if s.first_player.is_some() {
                        Phase::ChooseColour
                    } else {
                        Phase::DrawStart
                    };
                }
            }
            Chance::Start(seat) => {
                s.first_player = Some(seat);
                s.phase = Phase::ChooseColour;
            }
        }
    }

    /// How many rings have been drawn into the piles so far (§9.3).
    pub(crate) fn drawn(s: &State) -> usize {
        s.piles.iter().flatten().map(|p| p.len()).sum()
    }

    /// The size a select step takes: large at steps 0 and 1 (MB-7).
    const fn step_size(step: u8) -> Size {
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

    /// The hand of `seat`, empty for a seat not at the table.
    pub(crate) fn hand(s: &State, seat: Seat) -> Hand {
        s.hands.get(seat).copied().unwrap_or_default()
    }

    /// MB-8 / §9.5: the check of a take.
    pub(crate) fn check_take(s: &State, step: u8, pile: u8) -> Result<(), MoonBaseError> {
        let size = Self::step_size(step);
        let Some(p) = s.piles[size.index()].get(usize::from(pile)) else {
            return Err(MoonBaseError::BadPile { pile });
        };
        if p.is_empty() {
            return Err(MoonBaseError::EmptyPile { pile });
        }
        Ok(())
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
}

/// A two-seat table of values.
pub(crate) fn pair<T: Copy + Default>(a: T, b: T) -> BySeat<T, 2> {
    BySeat::from_array([a, b])
}
