//! Card faces: rank, suit, the Joker, face codes and match points (§3.1).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A rank, from Ace (value 1) to King (value 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Rank {
    /// Ace, value 1 (highest in tie-breaks when `ace_high`).
    Ace = 1,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten.
    Ten,
    /// Jack, value 11.
    Jack,
    /// Queen, value 12.
    Queen,
    /// King, value 13.
    King,
}

impl Rank {
    /// Every rank, Ace to King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank value: A = 1, 2..10 at face value, J = 11, Q = 12, K = 13.
    #[must_use]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank of a value 1..=13.
    #[must_use]
    pub fn from_value(value: u8) -> Option<Rank> {
        Rank::ALL.get(usize::from(value).checked_sub(1)?).copied()
    }

    /// The rank's key in tie-break order (MI-17, B-5): with `ace_high` the
    /// Ace is above the King, otherwise below the Two.
    #[must_use]
    pub const fn tie_break(self, ace_high: bool) -> u8 {
        if ace_high && matches!(self, Rank::Ace) {
            14
        } else {
            self as u8
        }
    }

    fn text(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
        }
    }
}

/// A suit; suits have no rank in play, their index only orders faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Suit {
    /// Clubs, index 0.
    Clubs,
    /// Diamonds, index 1.
    Diamonds,
    /// Hearts, index 2.
    Hearts,
    /// Spades, index 3.
    Spades,
}

impl Suit {
    /// Every suit in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index (C = 0, D = 1, H = 2, S = 3).
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }
}

/// A card face: a standard rank and suit, or the Joker.
///
/// Stored as its face code (§3.1): `4·(value − 1) + suit index` for a
/// standard face, 52 for the Joker, so faces order by code (the order of
/// chance outcomes, MI-38) and fit in one byte. Written `9C`, `10H`, `JK`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Face(u8);

impl Face {
    /// The Joker (code 52).
    pub const JOKER: Face = Face(52);

    /// The standard face of `rank` and `suit`.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Face {
        Face(4 * (rank as u8 - 1) + suit as u8)
    }

    /// The face of a code 0..=52.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Face> {
        if code <= 52 { Some(Face(code)) } else { None }
    }

    /// The face code: 0 (AC) to 51 (KS), 52 for the Joker.
    #[must_use]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// True for the Joker.
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// The rank, or `None` for the Joker.
    #[must_use]
    pub fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Rank::from_value(self.0 / 4 + 1)
        }
    }

    /// The suit, or `None` for the Joker.
    #[must_use]
    pub fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Suit::ALL.get(usize::from(self.0 % 4)).copied()
        }
    }

    /// Every standard face in code order (AC, AD, AH, AS, 2C, ... KS).
    pub fn standard() -> impl Iterator<Item = Face> + Clone {
        (0..52).map(Face)
    }

    /// Match points of this (mining) face against `other` (§3.1): one for
    /// the same rank, one for the same suit; a Joker on either side gives 0.
    #[must_use]
    pub fn points_against(self, other: Face) -> u32 {
        if self.is_joker() || other.is_joker() {
            return 0;
        }
        u32::from(self.0 / 4 == other.0 / 4) + u32::from(self.0 % 4 == other.0 % 4)
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.text(), suit.letter()),
            _ => f.write_str("JK"),
        }
    }
}

impl fmt::Debug for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not a face (`9C`, `10H`, `JK`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a card face: {0:?} (expected e.g. 9C, 10H, KS or JK)")]
pub struct ParseFaceError(pub String);

impl FromStr for Face {
    type Err = ParseFaceError;

    fn from_str(text: &str) -> Result<Face, ParseFaceError> {
        let bad = || ParseFaceError(text.to_owned());
        let t = text.trim().as_bytes();
        let (&suit_byte, rank_bytes) = t.split_last().ok_or_else(bad)?;
        if rank_bytes.eq_ignore_ascii_case(b"J") && suit_byte.eq_ignore_ascii_case(&b'K') {
            return Ok(Face::JOKER);
        }
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.letter() as u8 == suit_byte.to_ascii_uppercase())
            .ok_or_else(bad)?;
        let rank = Rank::ALL
            .into_iter()
            .find(|r| {
                r.text().as_bytes().eq_ignore_ascii_case(rank_bytes)
                    || (*r == Rank::Ten && rank_bytes.eq_ignore_ascii_case(b"T"))
            })
            .ok_or_else(bad)?;
        Ok(Face::new(rank, suit))
    }
}

impl Serialize for Face {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Face {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Face, D::Error> {
        struct FaceVisitor;
        impl serde::de::Visitor<'_> for FaceVisitor {
            type Value = Face;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card face such as \"9C\", \"10H\" or \"JK\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Face, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(FaceVisitor)
    }
}

/// Match points `pts(m, c)` of §3.1 for a face that may be missing.
#[must_use]
pub fn points(mining: Face, card: Option<Face>) -> u32 {
    card.map_or(0, |c| mining.points_against(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(t: &str) -> Face {
        t.parse().unwrap()
    }

    #[test]
    fn ex10_face_codes() {
        assert_eq!(f("9C").code(), 32);
        assert_eq!(f("KH").code(), 50);
        assert_eq!(f("AC").code(), 0);
        assert_eq!(f("KS").code(), 51);
        assert_eq!(Face::JOKER.code(), 52);
        assert_eq!(f("jk"), Face::JOKER);
    }

    #[test]
    fn faces_print_and_parse_back() {
        for face in Face::standard().chain([Face::JOKER]) {
            assert_eq!(face.to_string().parse::<Face>().unwrap(), face);
        }
        assert_eq!(f("10H").to_string(), "10H");
        assert!("1H".parse::<Face>().is_err());
        assert!("".parse::<Face>().is_err());
        assert!("KX".parse::<Face>().is_err());
        assert!("ÉH".parse::<Face>().is_err());
    }

    #[test]
    fn match_points_count_rank_and_suit() {
        assert_eq!(f("9H").points_against(f("9H")), 2);
        assert_eq!(f("9H").points_against(f("9C")), 1);
        assert_eq!(f("9H").points_against(f("KH")), 1);
        assert_eq!(f("9H").points_against(f("KS")), 0);
        // EX-1: pts(9H, JK) = 0.
        assert_eq!(f("9H").points_against(Face::JOKER), 0);
        assert_eq!(points(f("9H"), None), 0);
    }

    #[test]
    fn tie_break_order_puts_the_ace_on_top_when_ace_high() {
        assert!(Rank::Ace.tie_break(true) > Rank::King.tie_break(true));
        assert!(Rank::Ace.tie_break(false) < Rank::Two.tie_break(false));
    }

    #[test]
    fn faces_serialize_as_text() {
        assert_eq!(serde_json::to_string(&f("10H")).unwrap(), "\"10H\"");
        assert_eq!(serde_json::from_str::<Face>("\"JK\"").unwrap(), Face::JOKER);
        assert!(serde_json::from_str::<Face>("\"ZZ\"").is_err());
    }
}
