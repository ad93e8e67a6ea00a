//! The rules object and its [`Game`] implementation (MI-34..MI-42).

use std::fmt;

use serde::{Deserialize, Serialize};

use game_core::{BySeat, Deck, Error, Game, Outcome, Seat, ToAct, Viewer, places_by_key};

use crate::config::MAX_SEATS;
use crate::ledger::{Block, ChainRules, LedgerFault};
use crate::state::{Phase, Piles, SeatState, State};
use crate::{Card, Config, Effect, Elimination, Face, Ledger, MarketError, Obs};

/// A seat's decision (MI-39), ordered `Decline < Mine < Keep(0) < Keep(1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// Put every drawn card under the mining deck.
    Decline,
    /// Keep the one drawn card and pay the fee.
    Mine,
    /// Keep drawn card `i` (0 is the first drawn) of two and pay the fee.
    Keep(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Decline => f.write_str("decline"),
            Action::Mine => f.write_str("mine"),
            Action::Keep(i) => write!(f, "keep {i}"),
        }
    }
}

/// The outcome of a chance node (MI-38), listed in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Chance {
    /// The start seat (MI-6).
    StartSeat(Seat),
    /// A die face, 1..=`die_faces` (MI-9).
    Die(u8),
    /// An income, expense or action card drawn from an unseen part (MI-10).
    Card(Card),
    /// A mining face drawn from the unseen part (MI-7, MI-13).
    Mining(Face),
    /// The winner among tied miners (MI-17).
    TieBreak(Seat),
    /// Log only, never an outcome: an Axe drawn as a block card, as the
    /// other seats see it when the drawer's two mining draws follow at once
    /// (they learn it is an Axe, not which one; see
    /// [`Game::public_chance`]). `apply_chance` refuses it.
    AxeFaceDown,
}

/// Market Island: the validated config and the tables derived from it.
///
/// Built once by [`Game::new`]; every state operation borrows it.
#[derive(Clone, Debug)]
pub struct MarketIsland {
    pub(crate) config: Config,
    pub(crate) start_square: usize,
    initial: State,
}

/// Balances stay this far inside the `i32` range in any state the engine
/// plays on, so no turn (whose transfers are far smaller) can overflow.
pub(crate) const BALANCE_MARGIN: i32 = 100_000_000;

impl MarketIsland {
    /// The validated config.
    #[must_use]
    pub fn rules(&self) -> &Config {
        &self.config
    }

    /// The index of the Start square.
    #[must_use]
    pub fn start_square(&self) -> usize {
        self.start_square
    }

    /// Checks a chain against this game's rules (MI-32): every block from
    /// height 0 up, V1 to V8 in order, reporting the first failure.
    ///
    /// # Errors
    /// The lowest failing height and its first failing check.
    pub fn verify_ledger(&self, blocks: &[Block]) -> Result<(), LedgerFault> {
        crate::ledger::verify(&self.chain_rules(), blocks)
    }

    pub(crate) fn chain_rules(&self) -> ChainRules<'_> {
        ChainRules {
            seats: usize::from(self.config.seats),
            start_balance: i32::try_from(self.config.start_balance).unwrap_or(0),
            mining_fee: self.config.mining_fee,
            mining_reward: self.config.mining_reward,
            ace_high: self.config.ace_high,
            mining: &self.config.decks.mining,
        }
    }

    /// Refuses to play on balances near the `i32` limits (only a damaged or
    /// forged state has them), so arithmetic in a turn cannot overflow.
    fn guard(&self, s: &State) -> Result<(), MarketError> {
        if s.seats
            .as_slice()
            .iter()
            .any(|st| st.balance.unsigned_abs() > (i32::MAX - BALANCE_MARGIN) as u32)
        {
            return Err(MarketError::state(
                "seats.balance",
                "a balance too close to the i32 limits",
            ));
        }
        Ok(())
    }

    /// Whether `seat` may pay the mining fee to join: always under
    /// `EndOfTurn` (B-9); under `Immediate` only when its balance stays
    /// at 0 or above, so that joining never eliminates (MI-44, B-29).
    fn may_join(&self, s: &State, seat: Seat) -> bool {
        match self.config.elimination {
            Elimination::EndOfTurn => true,
            Elimination::Immediate => s
                .seats
                .get(seat)
                .is_some_and(|st| i64::from(st.balance) - i64::from(self.config.mining_fee) >= 0),
        }
    }

    /// Fills `out` with the legal decisions (MI-39), whoever is to act.
    fn decisions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        let drawn = s.seats.get(seat).map(SeatState::drawn_count);
        if matches!(drawn, Some(1 | 2)) {
            out.push(Action::Decline);
        }
        if !self.may_join(s, seat) {
            return;
        }
        match drawn {
            Some(1) => out.push(Action::Mine),
            Some(2) => out.extend([Action::Keep(0), Action::Keep(1)]),
            _ => {}
        }
    }

    /// The block card `c` about to be drawn by `seat` as another viewer
    /// sees it in the log (MI-41; see the crate docs, "Choices where the
    /// spec is silent").
    fn block_draw_public(&self, s: &State, seat: Seat, c: &Chance) -> Option<Chance> {
        let order = s.turn_order();
        if order.after(seat).is_some() {
            return None;
        }
        let eligible = order
            .as_slice()
            .iter()
            .filter(|p| self.is_eligible(s, **p))
            .count();
        if eligible == 0 {
            // Nobody may mine: the reveal follows at once (MI-15, B-8).
            return Some(*c);
        }
        // The last seat is the only one eligible and draws its mining cards
        // from the known queue at once: drawing two shows that it holds an
        // Axe, but not which one until the reveal (MI-14, MI-15).
        let shows_axe = eligible == 1
            && self.is_eligible(s, seat)
            && s.piles.mining.unseen_len() == 0
            && matches!(c, Chance::Card(card) if card.effect == Effect::Axe);
        shows_axe.then_some(Chance::AxeFaceDown)
    }
}

impl Game for MarketIsland {
    const NAME: &'static str = "market-island";
    const RULES_VERSION: u32 = 1;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Obs = Obs;
    type Error = MarketError;

    fn new(config: Config) -> Result<Self, MarketError> {
        let start_square = config.validate()?;
        let n = usize::from(config.seats);
        // MI-3, MI-5: start balance, pawn on Start.
        let seat = SeatState {
            balance: i32::try_from(config.start_balance).unwrap_or(0),
            position: u8::try_from(start_square).unwrap_or(0),
            active: true,
            ..SeatState::default()
        };
        let seats: BySeat<SeatState, MAX_SEATS> = BySeat::new(n, seat)
            .ok_or_else(|| Error::config("seats", n, format!("2..={MAX_SEATS}")))?;
        let initial = State {
            // MI-6, MI-37: the start seat is a chance node unless configured.
            phase: if config.start_seat.is_some() {
                Phase::FirstWc
            } else {
                Phase::StartSeat
            },
            turn: 0,
            start: config.start_seat,
            seats,
            wc: None,
            // MI-2: every pile starts shuffled: all unseen.
            piles: Piles {
                income: Deck::new(config.decks.income.iter().copied()),
                expense: Deck::new(config.decks.expense.iter().copied()),
                action: Deck::new(config.decks.action.iter().copied()),
                mining: Deck::new(config.decks.mining.iter().copied()),
            },
            held: Vec::new(),
            no_eligible: false,
            end: None,
            ledger: Ledger::default(),
            pending: Vec::new(),
        };
        Ok(MarketIsland {
            config,
            start_square,
            initial,
        })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        usize::from(self.config.seats)
    }

    fn initial_state(&self) -> State {
        self.initial.clone()
    }

    fn to_act(&self, s: &State) -> ToAct {
        match s.phase {
            Phase::StartSeat
            | Phase::FirstWc
            | Phase::Roll { .. }
            | Phase::BlockDraw { .. }
            | Phase::MiningDraw { .. }
            | Phase::TieBreak { .. } => ToAct::Chance,
            Phase::Decide { seat } => ToAct::Seat(seat),
            Phase::Over => ToAct::Over,
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if s.phase == (Phase::Decide { seat }) {
            self.decisions(s, seat, out);
        }
    }

    fn check(&self, s: &State, seat: Seat, a: &Action) -> Result<(), MarketError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        let legal = match (s.seats.get(seat).map(SeatState::drawn_count), a) {
            (Some(1 | 2), Action::Decline) => true,
            (Some(1), Action::Mine) | (Some(2), Action::Keep(0 | 1)) => self.may_join(s, seat),
            (Some(_) | None, Action::Decline | Action::Mine | Action::Keep(_)) => false,
        };
        if legal {
            Ok(())
        } else {
            Err(MarketError::IllegalAction { action: *a })
        }
    }

    fn apply(&self, s: &mut State, seat: Seat, a: &Action) -> Result<(), MarketError> {
        self.check(s, seat, a)?;
        self.guard(s)?;
        self.decide(s, seat, *a);
        Ok(())
    }

    fn apply_unchecked(&self, s: &mut State, seat: Seat, a: &Action) {
        debug_assert!(self.check(s, seat, a).is_ok(), "illegal {a:?} for {seat}");
        self.decide(s, seat, *a);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Chance, u32)>) {
        out.clear();
        match s.phase {
            Phase::StartSeat => {
                out.extend(Seat::all(s.seats.len()).map(|p| (Chance::StartSeat(p), 1)))
            }
            Phase::FirstWc | Phase::MiningDraw { .. } => out.extend(
                s.piles
                    .mining
                    .unseen()
                    .iter()
                    .map(|(f, n)| (Chance::Mining(*f), *n)),
            ),
            Phase::Roll { .. } => {
                out.extend((1..=self.config.die_faces).map(|d| (Chance::Die(d), 1)))
            }
            Phase::BlockDraw { seat } => {
                let pile = self.square_of(s, seat).pile();
                out.extend(
                    s.piles
                        .cards(pile)
                        .unseen()
                        .iter()
                        .map(|(c, n)| (Chance::Card(*c), *n)),
                );
            }
            Phase::TieBreak { tied } => out.extend(tied.iter().map(|p| (Chance::TieBreak(p), 1))),
            Phase::Decide { .. } | Phase::Over => {}
        }
    }

    fn apply_chance(&self, s: &mut State, c: &Chance) -> Result<(), MarketError> {
        self.to_act(s).check_chance()?;
        // MI-38: only a listed outcome; nothing changes otherwise.
        let listed = match (s.phase, c) {
            (Phase::StartSeat, Chance::StartSeat(p)) => p.index() < s.seats.len(),
            (Phase::FirstWc | Phase::MiningDraw { .. }, Chance::Mining(f)) => {
                s.piles.mining.unseen_count(f) > 0
            }
            (Phase::Roll { .. }, Chance::Die(d)) => (1..=self.config.die_faces).contains(d),
            (Phase::BlockDraw { seat }, Chance::Card(card)) => {
                let pile = self.square_of(s, seat).pile();
                s.piles.cards(pile).unseen_count(card) > 0
            }
            (Phase::TieBreak { tied }, Chance::TieBreak(p)) => tied.contains(*p),
            _ => false,
        };
        if !listed {
            return Err(Error::BadChance.into());
        }
        self.guard(s)?;
        match (s.phase, *c) {
            (Phase::StartSeat, Chance::StartSeat(p)) => {
                s.start = Some(p);
                s.phase = Phase::FirstWc;
            }
            (Phase::FirstWc, Chance::Mining(f)) => {
                let _ = s.piles.mining.take_unseen(&f);
                self.set_first_wc(s, f);
            }
            (Phase::Roll { seat }, Chance::Die(d)) => self.roll(s, seat, d),
            (Phase::BlockDraw { seat }, Chance::Card(card)) => {
                let pile = self.square_of(s, seat).pile();
                let _ = s.piles.cards_mut(pile).take_unseen(&card);
                self.block_drawn(s, seat, card);
            }
            (Phase::MiningDraw { seat }, Chance::Mining(f)) => {
                let _ = s.piles.mining.take_unseen(&f);
                self.put_drawn(s, seat, f, crate::Knowledge::seat(seat));
                self.draw_mining(s, seat);
            }
            (Phase::TieBreak { .. }, Chance::TieBreak(p)) => self.finish_mined(s, p),
            _ => return Err(Error::BadChance.into()),
        }
        Ok(())
    }

    fn observe(&self, s: &State, v: Viewer) -> Obs {
        Obs::new(s, v)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        // MI-26: active seats above eliminated ones, later eliminations
        // above earlier ones, then the balance (so when all are out at
        // once, the last ones out compete by balance, B-25).
        let keys: Vec<(bool, u32, i32)> = s
            .seats
            .as_slice()
            .iter()
            .map(|st| {
                if st.active {
                    (true, 0, st.balance)
                } else {
                    (false, st.eliminated_in.unwrap_or(0), st.balance)
                }
            })
            .collect();
        let scores = s
            .seats
            .as_slice()
            .iter()
            .map(|st| i64::from(st.balance))
            .collect();
        Some(Outcome {
            scores,
            places: places_by_key(&keys),
            team: None,
        })
    }

    fn max_steps(&self) -> usize {
        // Set-up: start seat and first WC. Per turn and seat: a roll, a block
        // draw, at most two mining draws and a decision; one tie-break.
        let n = self.seats();
        2 + usize::from(self.config.max_turns) * (5 * n + 1)
    }

    fn check_state(&self, s: &State) -> Result<(), MarketError> {
        crate::check::check_state(self, s)
    }

    fn public_chance(&self, s: &State, c: &Chance, v: Viewer) -> Option<Chance> {
        match s.phase {
            // MI-41: a drawn card is seen by its drawer only, unless the
            // automatic steps after the draw show it (or that it is an Axe).
            Phase::BlockDraw { seat } if v == Viewer::Seat(seat) => Some(*c),
            Phase::BlockDraw { seat } => self.block_draw_public(s, seat, c),
            Phase::MiningDraw { seat } => (v == Viewer::Seat(seat)).then_some(*c),
            Phase::StartSeat
            | Phase::FirstWc
            | Phase::Roll { .. }
            | Phase::Decide { .. }
            | Phase::TieBreak { .. }
            | Phase::Over => Some(*c),
        }
    }

    fn public_action(&self, s: &State, seat: Seat, a: &Action, v: Viewer) -> Option<Action> {
        match a {
            // Which of two drawn cards was kept means nothing to a viewer who
            // saw neither and for whom the kept card stays face down (MI-41):
            // the log then says only that the seat acted. When the viewer
            // saw a drawn card, or the reveal follows at once (MI-15), the
            // choice shows in its observation and the log names it.
            Action::Keep(_) => {
                let mut first = s.clone();
                let mut second = s.clone();
                let tells = self.apply(&mut first, seat, &Action::Keep(0)).is_ok()
                    && self.apply(&mut second, seat, &Action::Keep(1)).is_ok()
                    && self.observe(&first, v) != self.observe(&second, v);
                tells.then_some(*a)
            }
            Action::Decline | Action::Mine => Some(*a),
        }
    }
}
