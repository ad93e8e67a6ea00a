//! Block cards: a face and an effect (§3.2), and the piles they live in.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Face;

/// A neighbour: the next active seat clockwise (Left) or anticlockwise (Right), B-12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Side {
    /// The next active seat clockwise.
    Left,
    /// The next active seat anticlockwise.
    Right,
}

impl Side {
    /// The byte of the canonical encoding (MI-30).
    #[must_use]
    pub const fn byte(self) -> u8 {
        match self {
            Side::Left => 0,
            Side::Right => 1,
        }
    }
}

/// What a block card does when its block is executed (MI-18) or held (MI-21, MI-22).
///
/// Ordered as the effect bytes of MI-30 compare (tag, side, amount), so
/// cards sort as the chance outcomes of MI-38 must.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Effect {
    /// The seat on `from` pays `amount` to the holder (income cards).
    Receive {
        /// Istokens received.
        amount: u32,
        /// Which neighbour pays.
        from: Side,
    },
    /// The holder pays `amount` to the seat on `to` (expense cards).
    Pay {
        /// Istokens paid.
        amount: u32,
        /// Which neighbour is paid.
        to: Side,
    },
    /// Every other active seat pays `amount` to the holder (B-13).
    Fire {
        /// Istokens each other seat pays.
        amount: u32,
    },
    /// The holder may not mine next turn (MI-21).
    Jellyfish,
    /// This turn the holder draws two mining cards and keeps at most one (MI-14).
    Axe,
    /// The holder may not mine in any later turn (MI-22).
    Totem,
}

impl Effect {
    /// The effect's tag byte in the canonical encoding (MI-30).
    #[must_use]
    pub const fn tag(self) -> u8 {
        match self {
            Effect::Receive { .. } => 1,
            Effect::Pay { .. } => 2,
            Effect::Fire { .. } => 3,
            Effect::Jellyfish => 4,
            Effect::Axe => 5,
            Effect::Totem => 6,
        }
    }

    /// The amount of a Receive, Pay or Fire effect.
    #[must_use]
    pub const fn amount(self) -> Option<u32> {
        match self {
            Effect::Receive { amount, .. }
            | Effect::Pay { amount, .. }
            | Effect::Fire { amount } => Some(amount),
            Effect::Jellyfish | Effect::Axe | Effect::Totem => None,
        }
    }

    /// The pile a card with this effect belongs to (D-2).
    #[must_use]
    pub const fn pile(self) -> Pile {
        match self {
            Effect::Receive { .. } => Pile::Income,
            Effect::Pay { .. } => Pile::Expense,
            Effect::Fire { .. } | Effect::Jellyfish | Effect::Axe | Effect::Totem => Pile::Action,
        }
    }

    /// Tag, side and amount packed high to low, so that comparing keys
    /// compares the encoded bytes (one integer comparison, as the deck's
    /// binary search on every draw wants).
    const fn key(self) -> u64 {
        let (tag, side, amount) = match self {
            Effect::Receive { amount, from } => (1, from.byte(), amount),
            Effect::Pay { amount, to } => (2, to.byte(), amount),
            Effect::Fire { amount } => (3, 0, amount),
            Effect::Jellyfish | Effect::Axe | Effect::Totem => (self.tag(), 0, 0),
        };
        ((tag as u64) << 40) | ((side as u64) << 32) | amount as u64
    }
}

impl PartialOrd for Effect {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Effect {
    fn cmp(&self, other: &Self) -> Ordering {
        // Amounts are at most 99 (D-3), one little-endian byte, so numeric
        // order is the order of the encoded bytes.
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Receive { amount, from } => write!(f, "receive {amount} from {from:?}"),
            Effect::Pay { amount, to } => write!(f, "pay {amount} to {to:?}"),
            Effect::Fire { amount } => write!(f, "fire: each other seat pays {amount}"),
            Effect::Jellyfish => f.write_str("jellyfish: no mining next turn"),
            Effect::Axe => f.write_str("axe: draw two mining cards"),
            Effect::Totem => f.write_str("totem: no mining from next turn on"),
        }
    }
}

/// An income, expense or action card: a face and an effect.
///
/// Ordered by face code, then effect (MI-38). Its id is the pile letter, a
/// dash and the face: `I-4H`, `E-10C`, `A-JK`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// The printed face (scores in MI-16).
    pub face: Face,
    /// What the card does.
    pub effect: Effect,
}

impl Card {
    /// A card of `face` with `effect`.
    #[must_use]
    pub const fn new(face: Face, effect: Effect) -> Card {
        Card { face, effect }
    }

    /// The pile the card belongs to, from its effect (D-2).
    #[must_use]
    pub const fn pile(self) -> Pile {
        self.effect.pile()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.pile().letter(), self.face)
    }
}

/// The four piles of cards (MI-36).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Pile {
    /// Income cards (Receive).
    Income,
    /// Expense cards (Pay).
    Expense,
    /// Action cards (Fire, Jellyfish, Axe, Totem).
    Action,
    /// Mining cards (faces only).
    Mining,
}

impl Pile {
    /// The letter of card ids (`I`, `E`, `A`, `M`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Pile::Income => 'I',
            Pile::Expense => 'E',
            Pile::Action => 'A',
            Pile::Mining => 'M',
        }
    }

    /// The pile of a card-id letter.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Pile> {
        match letter.to_ascii_uppercase() {
            'I' => Some(Pile::Income),
            'E' => Some(Pile::Expense),
            'A' => Some(Pile::Action),
            'M' => Some(Pile::Mining),
            _ => None,
        }
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pile::Income => "income",
            Pile::Expense => "expense",
            Pile::Action => "action",
            Pile::Mining => "mining",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face(t: &str) -> Face {
        t.parse().unwrap()
    }

    #[test]
    fn cards_order_by_face_then_encoded_effect() {
        let a = Card::new(face("2C"), Effect::Fire { amount: 9 });
        let b = Card::new(face("2C"), Effect::Jellyfish);
        let c = Card::new(face("AD"), Effect::Totem);
        assert!(c < a, "AD (code 1) comes before 2C (code 4)");
        assert!(a < b, "Fire (tag 3) before Jellyfish (tag 4)");
        let left = Effect::Receive {
            amount: 9,
            from: Side::Left,
        };
        let right = Effect::Receive {
            amount: 1,
            from: Side::Right,
        };
        assert!(left < right, "the side byte comes before the amount");
    }

    /// The packed key orders cards as the bytes of MI-30 do: face code,
    /// effect tag, side byte, amount, compared in turn.
    #[test]
    fn card_order_is_the_order_of_face_tag_side_and_amount() {
        let decks = crate::Decks::default();
        let mut cards: Vec<Card> = [decks.income, decks.expense, decks.action].concat();
        for amount in [0, 1, 99, 255, 256, u32::MAX] {
            for effect in [
                Effect::Receive {
                    amount,
                    from: Side::Right,
                },
                Effect::Pay {
                    amount,
                    to: Side::Left,
                },
                Effect::Fire { amount },
            ] {
                cards.push(Card::new(Face::JOKER, effect));
            }
        }
        let bytes = |c: &Card| {
            let side = match c.effect {
                Effect::Receive { from: side, .. } | Effect::Pay { to: side, .. } => side.byte(),
                Effect::Fire { .. } | Effect::Jellyfish | Effect::Axe | Effect::Totem => 0,
            };
            (
                c.face.code(),
                c.effect.tag(),
                side,
                c.effect.amount().unwrap_or(0),
            )
        };
        for a in &cards {
            for b in &cards {
                assert_eq!(a.cmp(b), bytes(a).cmp(&bytes(b)), "{a:?} {b:?}");
                assert_eq!(a == b, a.cmp(b) == Ordering::Equal, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn card_ids_name_the_pile() {
        let c = Card::new(
            face("4H"),
            Effect::Receive {
                amount: 4,
                from: Side::Left,
            },
        );
        assert_eq!(c.to_string(), "I-4H");
        assert_eq!(
            Card::new(Face::JOKER, Effect::Fire { amount: 1 }).to_string(),
            "A-JK"
        );
    }
}
