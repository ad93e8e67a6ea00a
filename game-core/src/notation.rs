//! Move notation: each game's short text for a move, written and read by
//! the game itself (as chess has SAN).
//!
//! [`Render::render_action`](crate::Render::render_action) names an action
//! for a log line, and `Render::parse_action` finds a legal action by that
//! name, which lists every legal action. A [`Notation`] is read directly
//! from the text, with the position at hand, so reading costs the same in a
//! position with three moves as in one with millions (a Binary Scrabble
//! rack with blanks). Each game documents its notation in its rules
//! document, in a section "Move notation" with a grammar line and examples.
//!
//! Every game's notation follows the same habits:
//!
//! - **Unique**: the legal actions of a position have pairwise different
//!   texts, and reading a text back gives the action written
//!   (`read_notation(s, seat, &write_notation(s, a)) == a`); the kit
//!   `testkit::notation_conformance` checks both on seeded games.
//! - **Forgiving**: reading ignores ASCII case and extra spaces.
//! - **Total**: every action has a text, even one that is never legal (a
//!   log-only action, a malformed one), so logs and bug reports can always
//!   be written. Reading such a text may refuse it ([`NotationReason::LogOnly`]).
//! - **Not a legality check**: reading gives the action the text names;
//!   whether it may be played is [`Game::check`]'s answer.
//!
//! ```
//! use game_core::demo::{Pig, PigAction};
//! use game_core::{Game, Notation, Seat};
//!
//! let pig = Pig::new(Default::default()).unwrap();
//! let s = pig.initial_state();
//! assert_eq!(pig.write_notation(&s, &PigAction::Roll), "roll");
//! assert_eq!(pig.read_notation(&s, Seat(0), "  HOLD "), Ok(PigAction::Hold));
//! let err = pig.read_notation(&s, Seat(0), "jump").unwrap_err();
//! assert_eq!(err.at, 0);
//! ```

use std::fmt;

use crate::{Game, Seat};

/// A game's move notation: actions written as short text and read back
/// from it without listing the legal actions.
///
/// Both methods take the position by reference and nothing generic, so a
/// type-erased registry can wrap them like the rest of [`Game`].
pub trait Notation: Game {
    /// The move `action` in this game's notation, as the seat to act would
    /// write it in `state` (the position before it is played).
    ///
    /// The text is the mover's: it may name what only the mover sees (a
    /// card it drew). For other viewers, write the action's public form
    /// ([`Game::public_action`]) in the same position.
    fn write_notation(&self, state: &Self::State, action: &Self::Action) -> String;

    /// The action that `text` names for `seat` in `state`, read from the
    /// text alone (ASCII case and extra spaces ignored), without listing
    /// the legal actions. The action need not be legal: [`Game::check`]
    /// says whether it is.
    ///
    /// # Errors
    /// Where the text stops being notation of this game, and why.
    fn read_notation(
        &self,
        state: &Self::State,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Action, NotationError>;
}

/// Text that is not a move in a game's notation: where reading stopped and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at character {at}: {reason}")]
pub struct NotationError {
    /// The 0-based index, in characters, of the first character not
    /// understood (the text's length when more was needed).
    pub at: usize,
    /// What was wrong there.
    pub reason: NotationReason,
}

impl NotationError {
    /// An error at character `at`.
    #[must_use]
    pub const fn new(at: usize, reason: NotationReason) -> NotationError {
        NotationError { at, reason }
    }
}

/// Why a text is not a move in a game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationReason {
    /// The text is empty or only spaces.
    #[error("no move written")]
    Empty,
    /// A word the notation does not have at this place.
    #[error("{found:?} is not {expected}")]
    Unexpected {
        /// The word read.
        found: String,
        /// What the notation allows here.
        expected: &'static str,
    },
    /// The text ends where more is needed.
    #[error("the move is cut short: {expected} should follow")]
    Missing {
        /// What should follow.
        expected: &'static str,
    },
    /// Text after a complete move.
    #[error("{found:?} follows a complete move")]
    Trailing {
        /// The first word after the move.
        found: String,
    },
    /// A move that only logs show (another seat's hidden move): it is
    /// written, but never played, so it is not read.
    #[error("{found:?} is only written in logs, never played")]
    LogOnly {
        /// The text of the move.
        found: String,
    },
    /// Well-formed text that does not fit the position (a played-through
    /// tile that is not on the board, a card the seat did not draw).
    #[error("{found:?} does not fit the position: {expected}")]
    Mismatch {
        /// The part that does not fit.
        found: String,
        /// What the position has there.
        expected: String,
    },
}

/// One word of a notation text with its place: see [`Scanner`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    /// The word as written.
    pub text: &'a str,
    /// The 0-based index, in characters, of its first character.
    pub at: usize,
}

impl<'a> Word<'a> {
    /// True when the word is `keyword`, ignoring ASCII case.
    #[must_use]
    pub fn is(&self, keyword: &str) -> bool {
        self.text.eq_ignore_ascii_case(keyword)
    }

    /// True when the word is one of `keywords`, ignoring ASCII case.
    #[must_use]
    pub fn is_any(&self, keywords: &[&str]) -> bool {
        keywords.iter().any(|k| self.is(k))
    }

    /// [`NotationReason::Unexpected`] at this word.
    #[must_use]
    pub fn unexpected(&self, expected: &'static str) -> NotationError {
        NotationError::new(
            self.at,
            NotationReason::Unexpected {
                found: self.text.to_owned(),
                expected,
            },
        )
    }

    /// [`NotationReason::Mismatch`] at this word.
    #[must_use]
    pub fn mismatch(&self, expected: impl Into<String>) -> NotationError {
        NotationError::new(
            self.at,
            NotationReason::Mismatch {
                found: self.text.to_owned(),
                expected: expected.into(),
            },
        )
    }

    /// The word as a number in `range`, or [`NotationReason::Unexpected`].
    ///
    /// # Errors
    /// Not decimal digits (an optional `-` first), or out of range.
    pub fn number<T>(
        &self,
        range: std::ops::RangeInclusive<T>,
        expected: &'static str,
    ) -> Result<T, NotationError>
    where
        T: std::str::FromStr + PartialOrd,
    {
        let digits = self.text.strip_prefix('-').unwrap_or(self.text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.unexpected(expected));
        }
        self.text
            .parse::<T>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| self.unexpected(expected))
    }
}

impl fmt::Display for Word<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// Splits a notation text into words, keeping each word's place for errors.
///
/// A word is a run of characters that are neither whitespace nor one of
/// the scanner's punctuation characters; each punctuation character is a
/// word of its own. So with `,` and `+` as punctuation,
/// `xor a , c` and `XOR A,C` both read as `XOR`, `A`, `,`, `C`.
///
/// ```
/// use game_core::notation::Scanner;
///
/// let mut s = Scanner::new(" XOR a, C ", &[',']);
/// assert!(s.eat("xor"));
/// assert_eq!(s.word().unwrap().text, "a");
/// assert!(s.eat(","));
/// let c = s.word().unwrap();
/// assert_eq!((c.text, c.at), ("C", 8));
/// assert!(s.end().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    text: &'a str,
    /// Byte offset of the next character to read.
    pos: usize,
    punct: &'a [char],
}

impl<'a> Scanner<'a> {
    /// A scanner over `text`, with `punct` the characters that are words
    /// of their own.
    #[must_use]
    pub fn new(text: &'a str, punct: &'a [char]) -> Scanner<'a> {
        Scanner {
            text,
            pos: 0,
            punct,
        }
    }

    /// The character index of a byte offset of the text.
    fn char_at(&self, byte: usize) -> usize {
        self.text[..byte].chars().count()
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The next word and the byte offset after it, without moving.
    fn next_span(&self) -> Option<(usize, usize)> {
        let rest = &self.text[self.pos..];
        let start = self.pos + (rest.len() - rest.trim_start().len());
        let mut chars = self.text[start..].char_indices();
        let (_, first) = chars.next()?;
        if self.punct.contains(&first) {
            return Some((start, start + first.len_utf8()));
        }
        let end = chars
            .find(|(_, c)| c.is_whitespace() || self.punct.contains(c))
            .map_or(self.text.len(), |(i, _)| start + i);
        Some((start, end))
    }

    /// The next word, without moving past it.
    #[must_use]
    pub fn peek(&self) -> Option<Word<'a>> {
        let (start, end) = self.next_span()?;
        Some(Word {
            text: &self.text[start..end],
            at: self.char_at(start),
        })
    }

    /// The next word, moving past it; `None` at the end of the text.
    pub fn word(&mut self) -> Option<Word<'a>> {
        let (start, end) = self.next_span()?;
        self.pos = end;
        Some(Word {
            text: &self.text[start..end],
            at: self.char_at(start),
        })
    }

    /// The next word, or [`NotationReason::Missing`] naming `expected`.
    ///
    /// # Errors
    /// At the end of the text.
    pub fn expect(&mut self, expected: &'static str) -> Result<Word<'a>, NotationError> {
        self.word().ok_or_else(|| self.missing(expected))
    }

    /// Moves past the next word when it is `keyword` (ASCII case ignored).
    pub fn eat(&mut self, keyword: &str) -> bool {
        match self.peek() {
            Some(w) if w.is(keyword) => {
                self.word();
                true
            }
            Some(_) | None => false,
        }
    }

    /// Moves past `keyword`, or fails with [`NotationReason::Unexpected`] /
    /// [`NotationReason::Missing`] naming `expected`.
    ///
    /// # Errors
    /// The next word is something else, or the text ended.
    pub fn need(&mut self, keyword: &str, expected: &'static str) -> Result<(), NotationError> {
        let w = self.expect(expected)?;
        if w.is(keyword) {
            Ok(())
        } else {
            Err(w.unexpected(expected))
        }
    }

    /// The rest of the text, spaces around it trimmed, moving to the end.
    pub fn rest(&mut self) -> Word<'a> {
        self.skip_space();
        let start = self.pos;
        self.pos = self.text.len();
        Word {
            text: self.text[start..].trim_end(),
            at: self.char_at(start),
        }
    }

    /// True when only spaces are left.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.text[self.pos..].trim().is_empty()
    }

    /// [`NotationReason::Missing`] at the end of the text.
    #[must_use]
    pub fn missing(&self, expected: &'static str) -> NotationError {
        NotationError::new(
            self.text.chars().count(),
            NotationReason::Missing { expected },
        )
    }

    /// [`NotationReason::Empty`] when the text holds no word at all.
    ///
    /// # Errors
    /// An empty or blank text.
    pub fn non_empty(&self) -> Result<(), NotationError> {
        if self.text.trim().is_empty() {
            Err(NotationError::new(0, NotationReason::Empty))
        } else {
            Ok(())
        }
    }

    /// `Ok` when only spaces are left, else [`NotationReason::Trailing`].
    ///
    /// # Errors
    /// A word follows.
    pub fn end(&mut self) -> Result<(), NotationError> {
        match self.word() {
            None => Ok(()),
            Some(w) => Err(NotationError::new(
                w.at,
                NotationReason::Trailing {
                    found: w.text.to_owned(),
                },
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_on_spaces_and_punctuation_with_char_places() {
        let mut s = Scanner::new("  é #3+#8 at 210,180", &['+', ',']);
        let got: Vec<(&str, usize)> = std::iter::from_fn(|| s.word())
            .map(|w| (w.text, w.at))
            .collect();
        assert_eq!(
            got,
            [
                ("é", 2),
                ("#3", 4),
                ("+", 6),
                ("#8", 7),
                ("at", 10),
                ("210", 13),
                (",", 16),
                ("180", 17)
            ]
        );
    }

    #[test]
    fn errors_name_the_place_and_the_reason() {
        let mut s = Scanner::new("take  9 more", &[]);
        assert!(s.eat("TAKE"));
        let n = s.expect("a pile").unwrap();
        let err = n.number(0u8..=3, "a pile 0 to 3").unwrap_err();
        assert_eq!(err.at, 6);
        assert_eq!(
            err.to_string(),
            "at character 6: \"9\" is not a pile 0 to 3"
        );
        let trailing = s.end().unwrap_err();
        assert_eq!(
            trailing,
            NotationError::new(
                8,
                NotationReason::Trailing {
                    found: "more".into()
                }
            )
        );
        let mut short = Scanner::new("take", &[]);
        short.word();
        assert_eq!(short.expect("a pile").unwrap_err().at, 4);
        assert_eq!(
            Scanner::new("   ", &[]).non_empty().unwrap_err().reason,
            NotationReason::Empty
        );
    }

    #[test]
    fn numbers_take_a_sign_but_nothing_else() {
        let w = |text| Word { text, at: 0 };
        assert_eq!(w("-15").number(-20i32..=20, "x"), Ok(-15));
        assert!(w("+1").number(-20i32..=20, "x").is_err());
        assert!(w("1e3").number(0u32..=5000, "x").is_err());
        assert!(w("-").number(-20i32..=20, "x").is_err());
    }

    #[test]
    fn rest_keeps_inner_spaces() {
        let mut s = Scanner::new("H8 across  1 + 1 = 10  ", &[]);
        s.word();
        s.word();
        let rest = s.rest();
        assert_eq!((rest.text, rest.at), ("1 + 1 = 10", 11));
        assert!(s.is_done());
    }
}
