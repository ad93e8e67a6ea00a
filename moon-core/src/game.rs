//! The `game_core::Game` implementation of [`Moon`].

use crate::action::Action;
use crate::cards::Card;
use crate::config::{Config, SolveCheck};
use crate::costs::Mode;
use crate::error::MoonError;
use crate::moon::Moon;
use crate::observe::Obs;
use crate::ops::{OpKind, Operation};
use crate::register::Loc;
use crate::state::{Draw, State};
use game_core::{Error, Game, GameRng, Outcome, Seat, ToAct, Viewer};

impl Game for Moon {
    const NAME: &'static str = "moon";
    const RULES_VERSION: u32 = crate::moon::RULES_VERSION;
    const OLDEST_RULES_VERSION: u32 = crate::moon::OLDEST_RULES_VERSION;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Card;
    type Obs = Obs;
    type Error = MoonError;

    fn new(config: Config) -> Result<Self, MoonError> {
        Moon::build(config, Self::RULES_VERSION)
    }

    fn with_rules_version(config: Config, version: u32) -> Result<Self, MoonError> {
        // Version 1 plays widths 7–8 with one box; nothing else differs
        // (changed defaults live in the config a replay stores).
        Moon::build(config, version)
    }

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn initial_state(&self) -> State {
        let mut s = self.fresh_state();
        self.advance(&mut s);
        s
    }

    fn to_act(&self, s: &State) -> ToAct {
        // M-49: chance while a draw is pending, then an OK chooser, then
        // the end, then the seat whose turn it is.
        if s.pending.is_some() {
            ToAct::Chance
        } else if let Some(c) = s.ok_chooser {
            ToAct::Seat(c)
        } else if s.phase.is_over() {
            ToAct::Over
        } else {
            ToAct::Seat(s.turn)
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        self.legal(s, seat, out);
    }

    fn check(&self, s: &State, seat: Seat, a: &Action) -> Result<(), MoonError> {
        self.check_action(s, seat, a)
    }

    fn apply(&self, s: &mut State, seat: Seat, a: &Action) -> Result<(), MoonError> {
        self.check_action(s, seat, a)?;
        self.play(s, seat, a);
        Ok(())
    }

    fn apply_unchecked(&self, s: &mut State, seat: Seat, a: &Action) {
        debug_assert!(
            self.check_action(s, seat, a).is_ok(),
            "apply_unchecked on an illegal {a:?}"
        );
        self.play(s, seat, a);
    }

    fn random_action(
        &self,
        s: &State,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        self.random_legal(s, seat, rng, scratch)
    }

    fn random_chance(
        &self,
        s: &State,
        rng: &mut GameRng,
        _scratch: &mut Vec<(Card, u32)>,
    ) -> Option<Card> {
        let draw = s.pending?;
        s.pool.random_outcome(draw == Draw::Copy, rng)
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Card, u32)>) {
        match s.pending {
            Some(d) => s.pool.outcomes(d == Draw::Copy, out),
            None => out.clear(),
        }
    }

    fn apply_chance(&self, s: &mut State, c: &Card) -> Result<(), MoonError> {
        self.to_act(s).check_chance()?;
        let Some(draw) = s.pending else {
            return Err(Error::BadChance.into());
        };
        if !s.pool.can_draw(*c, draw == Draw::Copy) {
            return Err(Error::BadChance.into());
        }
        match draw {
            Draw::Seat(seat) => self.draw_comp(s, seat, *c),
            Draw::Copy | Draw::Reveal(_) | Draw::Partner(_) => self.draw_coop(s, draw, *c),
        }
        self.advance(s);
        Ok(())
    }

    fn observe(&self, s: &State, v: Viewer) -> Obs {
        self.observation(s, v)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        self.final_outcome(s)
    }

    fn max_steps(&self) -> usize {
        self.max_steps
    }

    fn check_state(&self, s: &State) -> Result<(), MoonError> {
        self.validate(s)
    }

    fn public_action(&self, _: &State, seat: Seat, a: &Action, v: Viewer) -> Option<Action> {
        // M-8, M-51: with `ram_hidden` only the owner sees its RAM, so the
        // others' logs must not say what a MOV wrote there.
        let hidden_ram = self.config.ram_hidden && v != Viewer::Seat(seat);
        match *a {
            Action::Op(Operation::Mov { dst: Loc::Ram, .. }) if hidden_ram => {
                Some(Action::HiddenRamWrite { token: false })
            }
            Action::Token(Operation::Mov { dst: Loc::Ram, .. }) if hidden_ram => {
                Some(Action::HiddenRamWrite { token: true })
            }
            Action::Op(_)
            | Action::Token(_)
            | Action::ChooseOk(_)
            | Action::UseBug(_)
            | Action::EndTurn
            | Action::HiddenRamWrite { .. } => Some(*a),
        }
    }

    fn public_chance(&self, s: &State, c: &Card, v: Viewer) -> Option<Card> {
        // Coop draws are all public; a competitive goal card is seen only
        // by its drawer, unless it is shown at once (solved on the spot).
        let Some(Draw::Seat(drawer)) = s.pending else {
            return Some(*c);
        };
        let Card::Goal(_) = *c else {
            return Some(*c);
        };
        if v == Viewer::Seat(drawer) {
            return Some(*c);
        }
        let mut after = *s;
        if self.apply_chance(&mut after, c).is_err() {
            return Some(*c);
        }
        // M-40: the card is shown only when the goal check solves the
        // drawer's goal at once. A solve of another seat's goal in the same
        // step (seat 0's turn start after the last setup draw) shows that
        // seat's cards, which with two boxes may share this card's value.
        let solved = |st: &State| st.scores.get(drawer).copied().unwrap_or(0);
        (solved(&after) > solved(s)).then_some(*c)
    }
}

impl Moon {
    /// The effects of an action already checked (M-13, M-25, M-28, M-42):
    /// what `apply` does after `check`, and all `apply_unchecked` does.
    pub(crate) fn play(&self, s: &mut State, seat: Seat, a: &Action) {
        match *a {
            Action::Op(op) | Action::Token(op) => {
                let token = matches!(a, Action::Token(_));
                let (cost, free) = self.op_price(s, op.kind(), token);
                s.energy = s.energy.checked_sub(cost).unwrap_or_default();
                if free {
                    if op.kind() == OpKind::Mov {
                        s.free_movs = s.free_movs.saturating_add(1);
                    } else {
                        s.free_logic = s.free_logic.saturating_add(1);
                    }
                }
                if token && let Some(t) = s.tokens.get_mut(self.holder(seat)) {
                    let c = &mut t.0[op.kind().index()];
                    *c = c.saturating_sub(1);
                }
                let ram = s.rams.get_mut(seat);
                op.apply(&mut s.regs, ram, self.width);
                match self.mode {
                    Mode::Cooperative => {
                        s.armed = match self.config.solve_check {
                            SolveCheck::AnyChange => false,
                            SolveCheck::AfterOperation => true,
                            SolveCheck::AfterOpOnA => op.writes_a(),
                        };
                    }
                    Mode::Competitive => s.checking = true,
                }
            }
            Action::ChooseOk(t) => {
                self.repair(s, t);
                s.ok_chooser = None;
            }
            Action::UseBug(target) => self.use_bug(s, seat, target),
            Action::EndTurn => self.end_turn(s),
            // Log only: `check` refuses it, so nothing is played.
            Action::HiddenRamWrite { .. } => return,
        }
        self.advance(s);
    }
}
