//! The `game_core::Game` implementation of [`MoonBase`] (§9).

use game_core::{Error, Game, GameRng, Outcome, Seat, ToAct, Viewer};

use crate::state::{PILES, RINGS_PER_SIZE, SUPPLY};
use crate::{
    Action, BaseRule, Chance, Colour, Config, CraterId, Hand, MoonBase, MoonBaseError, Obs, Phase,
    Pile, Size, StartPlayer, State,
};

use crate::moon_base::{MAX_ROUND_STEPS, pair};

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
    type Obs = Obs;
    type Error = MoonBaseError;

    fn new(config: Config) -> Result<Self, MoonBaseError> {
        MoonBase::build(config, Self::RULES_VERSION)
    }

    fn with_rules_version(config: Config, version: u32) -> Result<Self, MoonBaseError> {
        MoonBase::build(config, version)
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
                let free = self.base_free_craters(s);
                for k in 0..self.board.len() {
                    if crate::board::has_bit(&free, k) {
                        out.push(Action::PlaceResourceBase(CraterId(k as u16)));
                    }
                }
                // B-16: an optional base may be declined; the last action (§9.4).
                if self.config.base_rule == BaseRule::Optional {
                    out.push(Action::DeclineResourceBase);
                }
            }
        }
    }

    fn random_action(
        &self,
        s: &State,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        // Placements are counted, not listed; other phases list few actions.
        match s.phase {
            Phase::Place { .. } if self.to_act(s) == ToAct::Seat(seat) => {
                Some(self.random_placement(s, seat, rng))
            }
            Phase::Piles
            | Phase::DrawStart
            | Phase::ChooseColour
            | Phase::PlaceTower
            | Phase::Select { .. }
            | Phase::Place { .. }
            | Phase::Base { .. }
            | Phase::Over => game_core::listed_random_action(self, s, seat, rng, scratch),
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
                let left = Self::colours_left(s, n);
                for colour in Colour::ALL {
                    if left[colour.index()] > 0 {
                        out.push((Chance::Ring(colour), left[colour.index()]));
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

    fn random_chance(
        &self,
        s: &State,
        rng: &mut GameRng,
        scratch: &mut Vec<(Chance, u32)>,
    ) -> Option<Chance> {
        match s.phase {
            // The pick of `rng.pick` from `chance_outcomes`, counted in one
            // pass: the same weights in the same order.
            Phase::Piles => {
                let n = Self::drawn(s);
                if n >= 2 * RINGS_PER_SIZE {
                    return None;
                }
                // A colour with none left weighs 0: it moves no draw.
                let left = Self::colours_left(s, n);
                let i = rng.pick_weighted(left.iter().copied())?;
                Colour::ALL.get(i).copied().map(Chance::Ring)
            }
            Phase::DrawStart
            | Phase::ChooseColour
            | Phase::PlaceTower
            | Phase::Select { .. }
            | Phase::Place { .. }
            | Phase::Base { .. }
            | Phase::Over => {
                self.chance_outcomes(s, scratch);
                rng.pick(scratch).cloned()
            }
        }
    }

    fn apply_chance(&self, s: &mut State, c: &Chance) -> Result<(), MoonBaseError> {
        self.to_act(s).check_chance()?;
        if !self.chance_listed(s, c) {
            return Err(Error::BadChance.into());
        }
        self.resolve_chance(s, c);
        Ok(())
    }

    fn apply_chance_unchecked(&self, s: &mut State, c: &Chance) {
        debug_assert!(
            self.to_act(s) == ToAct::Chance && self.chance_listed(s, c),
            "apply_chance_unchecked on an unlisted outcome: {c:?}"
        );
        self.resolve_chance(s, c);
    }

    fn observe(&self, s: &State, _v: Viewer) -> Obs {
        // B-11, §9.6: nothing is hidden.
        s.clone()
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        self.final_outcome(s)
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
