//! The rules object and its `game_core::Game` implementation (§9).

use game_core::{BySeat, Determinize, Error, Game, GameRng, Outcome, Seat, ToAct, Viewer};

use crate::state::{PILE_SIZE, PILES, RINGS_PER_PIECE, RINGS_PER_SIZE, SUPPLY};
use crate::{
    Action, BaseRule, Board, Chance, Colour, Config, CraterId, Hand, Host, MoonBaseError, PassRule,
    Phase, Pile, Size, StartPlayer, State,
};

/// Longest placement phase in turns: 8 placements and at most one pass before each (B-9).
const MAX_PLACE_TURNS: usize = 16;
/// Steps of one round at most: 4 takes, the placement turns and 2 bases.
const MAX_ROUND_STEPS: usize = 4 + MAX_PLACE_TURNS + 2;
/// The rules version that added S3b (rim contact) and the S4 exemption of
/// a ring inside the new ring's opening (revision of 2026-11-25).
const RIM_CONTACT_VERSION: u32 = 2;

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

    fn check_tower_crater(&self, k: CraterId) -> Result<(), MoonBaseError> {
        match self.board.crater(k) {
            None => Err(MoonBaseError::UnknownCrater { crater: k }),
            Some(c) if c.size != Size::Large => Err(MoonBaseError::NotALargeCrater { crater: k }),
            Some(_) => Ok(()),
        }
    }

    /// How many rings have been drawn into the piles so far (§9.3).
    fn drawn(s: &State) -> usize {
        s.piles.iter().flatten().map(|p| p.len()).sum()
    }

    /// The size a select step takes: large at steps 0 and 1 (MB-7).
    const fn step_size(step: u8) -> Size {
        if step < 2 { Size::Large } else { Size::Small }
    }

    /// The seat of select step `step`: the start player at even steps (MB-7).
    fn step_seat(s: &State, step: u8) -> Seat {
        let start = s.start_player().unwrap_or(Seat(0));
        if step.is_multiple_of(2) {
            start
        } else {
            State::other(start)
        }
    }

    /// The hand of `seat`, empty for a seat not at the table.
    fn hand(s: &State, seat: Seat) -> Hand {
        s.hands.get(seat).copied().unwrap_or_default()
    }

    /// MB-8 / §9.5: the check of a take.
    fn check_take(s: &State, step: u8, pile: u8) -> Result<(), MoonBaseError> {
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
    fn end_placement(&self, s: &mut State) {
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
    fn build_settlements(&self, s: &mut State, seat: Seat) -> u8 {
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
            && (0..self.board.len()).any(|k| self.free_for_base(s, CraterId(k as u16)))
    }

    /// §9.5 base step of `seat`, then the other seat's or the end of the round.
    fn base_step(&self, s: &mut State, seat: Seat) {
        if self.base_due(s, seat) {
            s.phase = Phase::Base { seat };
            return;
        }
        self.after_base(s, seat);
    }

    fn after_base(&self, s: &mut State, seat: Seat) {
        if Some(seat) == s.start_player() {
            self.base_step(s, State::other(seat));
        } else {
            self.end_round(s);
        }
    }

    /// MB-25, MB-26: the next round, or the end of the game.
    fn end_round(&self, s: &mut State) {
        if s.round >= self.config.rounds {
            s.phase = Phase::Over;
            return;
        }
        s.round += 1;
        s.built_this_round = pair(0, 0);
        s.phase = Phase::Select { step: 0 };
    }

    /// The phase-level checks of an action, after the shared ones (§8.4).
    fn check_action(&self, s: &State, seat: Seat, a: &Action) -> Result<(), MoonBaseError> {
        let wrong = || MoonBaseError::WrongPhase { phase: s.phase };
        match *a {
            Action::ChooseColour(colour) => {
                if s.phase != Phase::ChooseColour {
                    return Err(wrong());
                }
                // MB-3: gold or silver only; navy belongs to nobody.
                if !colour.is_player_colour() {
                    return Err(MoonBaseError::NotAPlayerColour { colour });
                }
                Ok(())
            }
            Action::PlaceTower(k) => {
                if s.phase != Phase::PlaceTower {
                    return Err(wrong());
                }
                // MB-4: any large crater.
                self.check_tower_crater(k)
            }
            Action::TakePair(pile) => {
                let Phase::Select { step } = s.phase else {
                    return Err(wrong());
                };
                Self::check_take(s, step, pile)
            }
            Action::PlaceOnCrater { piece, .. } | Action::Stack { piece, .. } => {
                if !matches!(s.phase, Phase::Place { .. }) {
                    return Err(wrong());
                }
                // MB-10: from the seat's own hand.
                if Self::hand(s, seat).count(piece) == 0 {
                    return Err(MoonBaseError::PieceNotInHand { piece });
                }
                self.check_placement(s, a)
            }
            Action::Pass => {
                if !matches!(s.phase, Phase::Place { .. }) {
                    return Err(wrong());
                }
                // B-10: no voluntary pass.
                if self.can_place(s, &Self::hand(s, seat)) {
                    return Err(MoonBaseError::MustPlace);
                }
                Ok(())
            }
            Action::PlaceResourceBase(k) => {
                if !matches!(s.phase, Phase::Base { .. }) {
                    return Err(wrong());
                }
                if self.board.crater(k).is_none() {
                    return Err(MoonBaseError::UnknownCrater { crater: k });
                }
                // B-17: a crater free for bases.
                if !self.free_for_base(s, k) {
                    return Err(MoonBaseError::CraterNotFree { crater: k });
                }
                Ok(())
            }
            Action::DeclineResourceBase => {
                if !matches!(s.phase, Phase::Base { .. }) {
                    return Err(wrong());
                }
                // MB-24, B-16: only an optional base may be declined.
                match self.config.base_rule {
                    BaseRule::Compulsory => Err(MoonBaseError::MustPlaceBase),
                    BaseRule::Optional => Ok(()),
                }
            }
        }
    }

    /// The effects of a checked action (§9.5).
    fn play(&self, s: &mut State, seat: Seat, a: &Action) {
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

impl Game for MoonBase {
    const NAME: &'static str = "moon-base";
    /// 2 since the revision of 2026-11-25: S3b and the S4 exemption change
    /// legality under the default config.
    const RULES_VERSION: u32 = 2;
    /// Version-1 replays still play as recorded (no S3b, the old S4).
    const OLDEST_RULES_VERSION: u32 = 1;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Obs = State;
    type Error = MoonBaseError;

    fn new(config: Config) -> Result<Self, MoonBaseError> {
        Self::with_rules_version(config, Self::RULES_VERSION)
    }

    fn with_rules_version(config: Config, version: u32) -> Result<Self, MoonBaseError> {
        if !(Self::OLDEST_RULES_VERSION..=Self::RULES_VERSION).contains(&version) {
            return Err(Error::config(
                "rules_version",
                version,
                format!("{} to {}", Self::OLDEST_RULES_VERSION, Self::RULES_VERSION),
            )
            .into());
        }
        config.validate_numbers()?;
        let board = Board::new(&config.board, &config.ring_dims)?;
        let dim = |size: Size| {
            let d = config.ring_dims.of(size);
            (i64::from(d.outer_mm), i64::from(d.inner_mm))
        };
        Ok(MoonBase {
            radii: [dim(Size::Large), dim(Size::Small)],
            step: i64::from(config.lattice_step_mm),
            rho: i64::from(config.tower_radius_mm),
            rules_version: version,
            board,
            config,
        })
    }

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> State {
        let zeros = pair(0, 0);
        let supply = pair(SUPPLY, SUPPLY);
        State {
            phase: Phase::Piles,
            round: 0,
            // MB-2, B-24: a Random start is drawn after the piles.
            first_player: match self.config.start_player {
                StartPlayer::Seat0 => Some(Seat(0)),
                StartPlayer::Seat1 => Some(Seat(1)),
                StartPlayer::Random => None,
            },
            colour_of: None,
            piles: [[Pile::new(); PILES]; 2],
            hands: pair(Hand::default(), Hand::default()),
            rings: Default::default(),
            tower: None,
            bases: Default::default(),
            settlements_left: supply,
            bases_left: supply,
            unplaced: zeros,
            built_this_round: zeros,
        }
    }

    fn to_act(&self, s: &State) -> ToAct {
        let second = s.second_player().unwrap_or(Seat(1));
        match s.phase {
            Phase::Piles | Phase::DrawStart => ToAct::Chance,
            Phase::ChooseColour | Phase::PlaceTower => ToAct::Seat(second),
            Phase::Select { step } => ToAct::Seat(Self::step_seat(s, step)),
            Phase::Place { to_move, .. } => ToAct::Seat(to_move),
            Phase::Base { seat } => ToAct::Seat(seat),
            Phase::Over => ToAct::Over,
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        match s.phase {
            Phase::Piles | Phase::DrawStart | Phase::Over => {}
            Phase::ChooseColour => {
                out.extend([
                    Action::ChooseColour(Colour::Gold),
                    Action::ChooseColour(Colour::Silver),
                ]);
            }
            Phase::PlaceTower => {
                for (i, c) in self.board.craters().iter().enumerate() {
                    if c.size == Size::Large {
                        out.push(Action::PlaceTower(CraterId(i as u16)));
                    }
                }
            }
            Phase::Select { step } => {
                for pile in 0..PILES as u8 {
                    if Self::check_take(s, step, pile).is_ok() {
                        out.push(Action::TakePair(pile));
                    }
                }
            }
            Phase::Place { .. } => {
                self.placements(s, &Self::hand(s, seat), out);
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Phase::Base { .. } => {
                for k in 0..self.board.len() {
                    let k = CraterId(k as u16);
                    if self.free_for_base(s, k) {
                        out.push(Action::PlaceResourceBase(k));
                    }
                }
                // B-16: an optional base may be declined; the last action (§9.4).
                if self.config.base_rule == BaseRule::Optional {
                    out.push(Action::DeclineResourceBase);
                }
            }
        }
    }

    fn check(&self, s: &State, seat: Seat, a: &Action) -> Result<(), MoonBaseError> {
        self.to_act(s).check_seat(seat, 2)?;
        self.check_action(s, seat, a)
    }

    fn apply(&self, s: &mut State, seat: Seat, a: &Action) -> Result<(), MoonBaseError> {
        self.check(s, seat, a)?;
        self.play(s, seat, a);
        Ok(())
    }

    fn apply_unchecked(&self, s: &mut State, seat: Seat, a: &Action) {
        debug_assert!(self.check(s, seat, a).is_ok(), "illegal action {a:?}");
        self.play(s, seat, a);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Chance, u32)>) {
        out.clear();
        match s.phase {
            Phase::Piles => {
                let n = Self::drawn(s);
                if n >= 2 * RINGS_PER_SIZE {
                    return;
                }
                // §9.3: draws 0..24 are large, 24..48 small.
                let size = if n < RINGS_PER_SIZE { 0 } else { 1 };
                for colour in Colour::ALL {
                    let drawn = s.piles[size]
                        .iter()
                        .flat_map(|p| p.iter())
                        .filter(|&&c| c == colour)
                        .count();
                    let left = usize::from(RINGS_PER_PIECE).saturating_sub(drawn);
                    if left > 0 {
                        out.push((Chance::Ring(colour), left as u32));
                    }
                }
            }
            Phase::DrawStart => {
                out.extend([(Chance::Start(Seat(0)), 1), (Chance::Start(Seat(1)), 1)])
            }
            Phase::ChooseColour
            | Phase::PlaceTower
            | Phase::Select { .. }
            | Phase::Place { .. }
            | Phase::Base { .. }
            | Phase::Over => {}
        }
    }

    fn apply_chance(&self, s: &mut State, c: &Chance) -> Result<(), MoonBaseError> {
        self.to_act(s).check_chance()?;
        // Only outcomes `chance_outcomes` lists (§9.3), without allocating.
        let listed = match (s.phase, *c) {
            (Phase::Piles, Chance::Ring(colour)) => {
                let n = Self::drawn(s);
                n < 2 * RINGS_PER_SIZE
                    && s.piles[n / RINGS_PER_SIZE]
                        .iter()
                        .flat_map(|p| p.iter())
                        .filter(|&&d| d == colour)
                        .count()
                        < usize::from(RINGS_PER_PIECE)
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
        };
        if !listed {
            return Err(Error::BadChance.into());
        }
        match *c {
            Chance::Ring(colour) => {
                // §9.3: draw n fills pile (n mod 24) / 6 of its size, top down.
                let n = Self::drawn(s);
                let size = n / RINGS_PER_SIZE;
                let pile = (n % RINGS_PER_SIZE) / PILE_SIZE;
                s.piles[size][pile].push(colour);
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
        Ok(())
    }

    fn observe(&self, s: &State, _v: Viewer) -> State {
        // B-11, §9.6: nothing is hidden.
        s.clone()
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        let b = self.score_breakdown(s)?;
        let scores = vec![b.seats[0].total, b.seats[1].total];
        let keys: Vec<(i64, bool)> = (0..2u8)
            .map(|i| (scores[usize::from(i)], Seat(i) == b.winner))
            .collect();
        Some(Outcome::from_scores_and_keys(scores, &keys))
    }

    fn max_steps(&self) -> usize {
        // 48 pile draws, the start draw, colour and tower, then each round.
        2 * RINGS_PER_SIZE + 1 + 2 + usize::from(self.config.rounds) * MAX_ROUND_STEPS
    }

    fn check_state(&self, s: &State) -> Result<(), MoonBaseError> {
        self.validate_state(s)
            .map_err(|e| Error::BadState(e).into())
    }
}

/// A two-seat table of values.
pub(crate) fn pair<T: Copy + Default>(a: T, b: T) -> BySeat<T, 2> {
    BySeat::from_array([a, b])
}

impl Determinize for MoonBase {
    fn determinize(&self, s: &State, _seat: Seat, _rng: &mut GameRng) -> State {
        // B-11: perfect information; nothing to redraw.
        s.clone()
    }
}
