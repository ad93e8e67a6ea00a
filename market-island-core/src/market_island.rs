//! The rules object: the validated config and the tables derived from it,
//! built once by `Game::new` ([`MarketIsland::build`]).

use game_core::{BySeat, Deck, Error, Seat};

use crate::Chance;
use crate::config::MAX_SEATS;
use crate::ledger::{Block, ChainRules, LedgerFault};
use crate::state::{Phase, Piles, SeatState, State};
use crate::{Config, Effect, Ledger, MarketError};

/// Market Island: the validated config and the tables derived from it.
///
/// Built once by [`game_core::Game::new`]; every state operation borrows it.
#[derive(Clone, Debug)]
pub struct MarketIsland {
    pub(crate) config: Config,
    pub(crate) start_square: usize,
    pub(crate) initial: State,
}

/// Balances stay this far inside the `i32` range in any state the engine
/// plays on, so no turn (whose transfers are far smaller) can overflow.
pub(crate) const BALANCE_MARGIN: i32 = 100_000_000;

impl MarketIsland {
    /// Validates `config` ([`Config::validate`]) and builds the rules object
    /// with its initial state: what [`game_core::Game::new`] does.
    pub(crate) fn build(config: Config) -> Result<MarketIsland, MarketError> {
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

    /// The block card `c` about to be drawn by `seat` as another viewer
    /// sees it in the log (MI-41; see the crate docs, "Choices where the
    /// spec is silent").
    pub(crate) fn block_draw_public(&self, s: &State, seat: Seat, c: &Chance) -> Option<Chance> {
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
