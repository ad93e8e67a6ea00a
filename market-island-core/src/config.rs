//! What a table chooses before play (§2), and its validation (D-1..D-6).

use serde::{Deserialize, Serialize};

use crate::board::{default_board, serde_board};
use crate::{Decks, MarketError, Pile, Square};
use game_core::{Error, Seat};

/// Most seats at a table (MI-1).
pub const MAX_SEATS: usize = 6;

/// What happens to the transactions of a block nobody mined (MI-18, B-7).
///
/// The default executes them: the manual's Phase 1 says a block card is
/// executed at the end of Phase 2 without condition, and voiding let a seat
/// escape its own expense card by declining to mine (spec §9.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum UnminedBlock {
    /// No Receive, Pay or Fire transfer is made (a literal reading of the
    /// manual's 2.5 and footnote 8, which tie execution to a mined block).
    VoidTransactions,
    /// The transfers are made, without a mining reward; their entries wait
    /// in `pending` for the next mined block (MI-29).
    #[default]
    ExecuteAnyway,
}

/// When a seat whose balance goes below zero is eliminated (MI-24, MI-44, B-9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Elimination {
    /// At the end of the turn (P7): a balance may dip below zero and
    /// recover within a turn, and a seat may mine at any balance, so a
    /// turn's arithmetic does not depend on the order of its payments.
    #[default]
    EndOfTurn,
    /// At the payment that takes the balance below zero, the literal
    /// reading of the manual's 4.3; a seat may not join the mining race
    /// with a fee it cannot pay (MI-44, B-29, B-30).
    Immediate,
}

/// Table choices; every variant of the spec is a field with its default.
///
/// In JSON every field may be omitted (it takes its default) and an
/// unknown field is an error. The board is written as a letter string
/// (`"SJAA"`); `board` and `decks` are left out when they are the defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Seats at the table, 2..=6 (MI-1).
    pub seats: u8,
    /// Istokens each seat starts with, 0..=999 (MI-3).
    pub start_balance: u32,
    /// Fee a miner pays the Bank, 0..=99 (MI-13).
    pub mining_fee: u32,
    /// Reward of the block's winner, 0..=99 (MI-18).
    pub mining_reward: u32,
    /// Bonus each time a pawn reaches or passes Start, 0..=99 (MI-11).
    pub lap_bonus: u32,
    /// Whether landing on Start pays the lap bonus (MI-11, B-10).
    pub lap_bonus_on_landing: bool,
    /// Paid to the Bank on landing on a Jellyfish square, 0..=99 (MI-11).
    pub jellyfish_square_fee: u32,
    /// Paid by the Bank on landing on a Fire square, 0..=99 (MI-11).
    pub fire_square_bonus: u32,
    /// Faces of the die, 2..=20 (MI-9).
    pub die_faces: u8,
    /// Whether the Ace is the highest rank in tie-breaks (MI-17, B-5).
    pub ace_high: bool,
    /// The seat that starts, or `None` for a uniform chance node (MI-6, B-20).
    pub start_seat: Option<Seat>,
    /// What an unmined block does with its transactions (MI-18, B-7).
    pub unmined_block: UnminedBlock,
    /// When a seat below zero is eliminated (MI-24, MI-44, B-9).
    pub elimination: Elimination,
    /// The last turn, 1..=1000: replaces the manual's agreed time (MI-4, MI-25, B-19).
    pub max_turns: u16,
    /// The board track, clockwise (B-1, D-1).
    #[serde(with = "serde_board", skip_serializing_if = "is_default_board")]
    pub board: Vec<Square>,
    /// The cards (B-2..B-4, D-2..D-5).
    #[serde(skip_serializing_if = "is_default_decks")]
    pub decks: Decks,
}

fn is_default_board(board: &[Square]) -> bool {
    board == default_board().as_slice()
}

fn is_default_decks(decks: &Decks) -> bool {
    *decks == Decks::default()
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seats: 4,
            start_balance: 50,
            mining_fee: 1,
            mining_reward: 5,
            lap_bonus: 4,
            lap_bonus_on_landing: true,
            jellyfish_square_fee: 1,
            fire_square_bonus: 1,
            die_faces: 6,
            ace_high: true,
            start_seat: None,
            unmined_block: UnminedBlock::ExecuteAnyway,
            elimination: Elimination::EndOfTurn,
            max_turns: 20,
            board: default_board(),
            decks: Decks::default(),
        }
    }
}

impl Config {
    /// The default config for `seats` seats.
    #[must_use]
    pub fn with_seats(seats: u8) -> Config {
        Config {
            seats,
            ..Config::default()
        }
    }

    /// Checks every rule of §3.4 and returns the index of the Start square.
    ///
    /// Scalars (D-6) come first because D-5's minimum depends on `seats`;
    /// then D-1 to D-5 in order.
    ///
    /// # Errors
    /// The first broken rule.
    pub fn validate(&self) -> Result<usize, MarketError> {
        self.validate_scalars()?;
        // D-1: 1..=255 squares, exactly one Start.
        let starts = self.board.iter().filter(|s| **s == Square::Start).count();
        if self.board.is_empty() || self.board.len() > 255 || starts != 1 {
            return Err(MarketError::BadBoard {
                len: self.board.len(),
                starts,
            });
        }
        let start = self
            .board
            .iter()
            .position(|s| *s == Square::Start)
            .unwrap_or(0);
        let piles = [Pile::Income, Pile::Expense, Pile::Action];
        // D-2: each card belongs to its pile.
        for pile in piles {
            for (index, card) in self.decks.cards(pile).iter().enumerate() {
                if card.effect.pile() != pile {
                    return Err(MarketError::WrongCardForPile { pile, index });
                }
            }
        }
        // D-3: amounts in 1..=99.
        for pile in piles {
            for (index, card) in self.decks.cards(pile).iter().enumerate() {
                if let Some(amount) = card.effect.amount()
                    && !(1..=99).contains(&amount)
                {
                    return Err(MarketError::BadCardAmount {
                        pile,
                        index,
                        amount,
                    });
                }
            }
        }
        // D-4: at most 255 cards per pile (empty is fine, MI-10).
        for pile in piles {
            let len = self.decks.cards(pile).len();
            if len > 255 {
                return Err(MarketError::PileTooLarge { pile, len });
            }
        }
        // D-5: the mining deck.
        let mut seen = [false; 53];
        for (index, face) in self.decks.mining.iter().enumerate() {
            if face.is_joker() {
                return Err(MarketError::JokerInMiningDeck { index });
            }
            let slot = &mut seen[usize::from(face.code())];
            if *slot {
                return Err(MarketError::DuplicateMiningFace { face: *face });
            }
            *slot = true;
        }
        let min = usize::from(self.seats) + 2;
        if self.decks.mining.len() < min {
            return Err(MarketError::MiningDeckTooSmall {
                len: self.decks.mining.len(),
                min,
            });
        }
        Ok(start)
    }

    fn validate_scalars(&self) -> Result<(), MarketError> {
        fn range(field: &str, value: u32, lo: u32, hi: u32) -> Result<(), MarketError> {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(Error::config(field, value, format!("{lo}..={hi}")).into())
            }
        }
        range("seats", self.seats.into(), 2, MAX_SEATS as u32)?;
        range("start_balance", self.start_balance, 0, 999)?;
        range("mining_fee", self.mining_fee, 0, 99)?;
        range("mining_reward", self.mining_reward, 0, 99)?;
        range("lap_bonus", self.lap_bonus, 0, 99)?;
        range("jellyfish_square_fee", self.jellyfish_square_fee, 0, 99)?;
        range("fire_square_bonus", self.fire_square_bonus, 0, 99)?;
        range("die_faces", self.die_faces.into(), 2, 20)?;
        if let Some(seat) = self.start_seat
            && seat.index() >= usize::from(self.seats)
        {
            return Err(Error::config(
                "start_seat",
                seat.0,
                format!("a seat below {}", self.seats),
            )
            .into());
        }
        range("max_turns", self.max_turns.into(), 1, 1000)?;
        Ok(())
    }
}
