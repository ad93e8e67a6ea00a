//! The rules object: a validated config with its board, built once by
//! `Game::new` ([`MoonBase::build`]), the set-up sandbox and the chance
//! draws of the piles (§9.3).

use game_core::{BySeat, Error, Game, Seat};

use crate::lattice_window::LatticeDiscs;
use crate::pair_table::PairTable;
use crate::state::{PILE_SIZE, RINGS_PER_PIECE, RINGS_PER_SIZE};
use crate::survivor_cache::SurvivorCache;
use crate::{
    Board, Chance, Colour, Config, CraterId, Hand, Host, MoonBaseError, Phase, Size, State,
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
    /// Validates `config` (`Config::validate_numbers`, then the board) and
    /// builds the rules object of rules `version`: what [`Game::new`] and
    /// [`Game::with_rules_version`] do.
    pub(crate) fn build(config: Config, version: u32) -> Result<MoonBase, MoonBaseError> {
        if !(<MoonBase as Game>::OLDEST_RULES_VERSION..=<MoonBase as Game>::RULES_VERSION)
            .contains(&version)
        {
            return Err(Error::config(
                "rules_version",
                version,
                format!(
                    "{} to {}",
                    <MoonBase as Game>::OLDEST_RULES_VERSION,
                    <MoonBase as Game>::RULES_VERSION
                ),
            )
            .into());
        }
        config.validate_numbers()?;
        let board = Board::new(&config.board, &config.ring_dims)?;
        let dim = |size: Size| {
            let d = config.ring_dims.of(size);
            (i64::from(d.outer_mm), i64::from(d.inner_mm))
        };
        let mut game = MoonBase {
            radii: [dim(Size::Large), dim(Size::Small)],
            step: i64::from(config.lattice_step_mm),
            rho: i64::from(config.tower_radius_mm),
            rules_version: version,
            board,
            config,
            pairs: PairTable::default(),
            discs: LatticeDiscs::default(),
            margin: Default::default(),
            survivors: Default::default(),
            craters_of_size: [[0; 4]; 2],
        };
        for (i, c) in game.board.craters().iter().enumerate() {
            crate::board::set_bit(&mut game.craters_of_size[c.size.index()], i);
        }
        game.margin = game.margin_box();
        game.pairs = PairTable::new(&game);
        game.discs = LatticeDiscs::new(&game);
        Ok(game)
    }

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
}

/// A two-seat table of values.
pub(crate) fn pair<T: Copy + Default>(a: T, b: T) -> BySeat<T, 2> {
    BySeat::from_array([a, b])
}
