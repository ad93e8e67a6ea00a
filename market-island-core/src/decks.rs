//! The four decks as data, with the project's defaults (§3.2, B-2..B-4).

use serde::{Deserialize, Serialize};

use crate::{Card, Effect, Face, Pile, Rank, Side, Suit};

/// The cards of a game, as data the official printables can replace.
///
/// Validated by [`crate::MarketIsland`]'s constructor (D-2..D-5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Decks {
    /// Income cards: every one a `Receive`.
    pub income: Vec<Card>,
    /// Expense cards: every one a `Pay`.
    pub expense: Vec<Card>,
    /// Action cards: `Fire`, `Jellyfish`, `Axe` or `Totem`.
    pub action: Vec<Card>,
    /// Mining faces: no Joker, no repeat, at least `seats + 2`.
    pub mining: Vec<Face>,
}

/// The default amount of an income or expense card: `((value − 1) mod 5) + 1`.
#[must_use]
pub const fn amount_by_rank(rank: Rank) -> u32 {
    ((rank.value() as u32 - 1) % 5) + 1
}

impl Default for Decks {
    fn default() -> Self {
        let by_suit = |suit: Suit, effect: fn(u32) -> Effect| -> Vec<Card> {
            Rank::ALL
                .into_iter()
                .map(|r| Card::new(Face::new(r, suit), effect(amount_by_rank(r))))
                .collect()
        };
        // B-2, B-3, B-4: red income, black expense, every face once on an
        // action card plus two Jokers; B-28: amounts are paid as positive sums.
        let mut income = by_suit(Suit::Hearts, |amount| Effect::Receive {
            amount,
            from: Side::Left,
        });
        income.extend(by_suit(Suit::Diamonds, |amount| Effect::Receive {
            amount,
            from: Side::Right,
        }));
        let mut expense = by_suit(Suit::Clubs, |amount| Effect::Pay {
            amount,
            to: Side::Left,
        });
        expense.extend(by_suit(Suit::Spades, |amount| Effect::Pay {
            amount,
            to: Side::Right,
        }));
        let mut action = by_suit(Suit::Hearts, |_| Effect::Fire { amount: 1 });
        action.push(Card::new(Face::JOKER, Effect::Fire { amount: 1 }));
        action.push(Card::new(Face::JOKER, Effect::Fire { amount: 1 }));
        action.extend(by_suit(Suit::Clubs, |_| Effect::Jellyfish));
        action.extend(by_suit(Suit::Diamonds, |_| Effect::Axe));
        action.extend(by_suit(Suit::Spades, |_| Effect::Totem));
        Decks {
            income,
            expense,
            action,
            mining: Face::standard().collect(),
        }
    }
}

impl Decks {
    /// The cards of an income, expense or action pile (empty for Mining).
    #[must_use]
    pub fn cards(&self, pile: Pile) -> &[Card] {
        match pile {
            Pile::Income => &self.income,
            Pile::Expense => &self.expense,
            Pile::Action => &self.action,
            Pile::Mining => &[],
        }
    }

    /// The first card of its pile with the id `I-4H`, `E-10C`, `A-JK`
    /// (pile letter, dash, face), for tests, docs and tools.
    #[must_use]
    pub fn card(&self, id: &str) -> Option<Card> {
        let (letter, face) = id.trim().split_once('-')?;
        let mut letters = letter.chars();
        let pile = Pile::from_letter(letters.next()?)?;
        if letters.next().is_some() {
            return None;
        }
        let face: Face = face.parse().ok()?;
        self.cards(pile).iter().find(|c| c.face == face).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ex10_default_deck_sizes_and_mix() {
        let d = Decks::default();
        assert_eq!(d.income.len(), 26);
        assert_eq!(d.expense.len(), 26);
        assert_eq!(d.action.len(), 54);
        assert_eq!(d.mining.len(), 52);
        let count = |f: fn(&Effect) -> bool| d.action.iter().filter(|c| f(&c.effect)).count();
        assert_eq!(count(|e| matches!(e, Effect::Fire { .. })), 15);
        assert_eq!(count(|e| matches!(e, Effect::Jellyfish)), 13);
        assert_eq!(count(|e| matches!(e, Effect::Axe)), 13);
        assert_eq!(count(|e| matches!(e, Effect::Totem)), 13);
    }

    #[test]
    fn ex10_manual_card_texts() {
        let d = Decks::default();
        let receive4 = Effect::Receive {
            amount: 4,
            from: Side::Left,
        };
        assert_eq!(d.card("I-9H").unwrap().effect, receive4);
        assert_eq!(d.card("I-4H").unwrap().effect, receive4);
        let pay5 = Effect::Pay {
            amount: 5,
            to: Side::Left,
        };
        assert_eq!(d.card("E-10C").unwrap().effect, pay5);
        assert_eq!(d.card("E-5C").unwrap().effect, pay5);
        assert_eq!(d.card("A-JK").unwrap().effect, Effect::Fire { amount: 1 });
        assert_eq!(d.card("A-KS").unwrap().effect, Effect::Totem);
        assert_eq!(d.card("I-4C"), None, "clubs are not income cards");
        assert_eq!(d.card("X-4C"), None);
        assert_eq!(d.card("4C"), None);
    }

    #[test]
    fn amounts_cycle_one_to_five_by_rank() {
        let amounts: Vec<u32> = Rank::ALL.into_iter().map(amount_by_rank).collect();
        assert_eq!(amounts, [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3]);
    }
}
