//! The move notation of the demo games: one word per action.
//!
//! Pig: `roll` | `hold`. High card: `check` | `bet` | `call` | `fold`.
//! Reading ignores case and spaces around the word; each game also takes
//! its first letter (`r`, `h`; `k` for check, `b`, `c`, `f`).

use crate::notation::{NotationError, Scanner};
use crate::{Notation, Seat};

use super::{HighCard, HighCardAction, HighCardState, Pig, PigAction, PigState};

/// Reads one word of `words` (full word, then its short form).
fn read_word<A: Copy>(
    text: &str,
    words: &[(&str, &str, A)],
    expected: &'static str,
) -> Result<A, NotationError> {
    let mut s = Scanner::new(text, &[]);
    s.non_empty()?;
    let w = s.expect(expected)?;
    let a = words
        .iter()
        .find(|(long, short, _)| w.is(long) || w.is(short))
        .map(|(_, _, a)| *a)
        .ok_or_else(|| w.unexpected(expected))?;
    s.end()?;
    Ok(a)
}

impl Notation for Pig {
    fn write_notation(&self, _state: &PigState, action: &PigAction) -> String {
        match action {
            PigAction::Roll => "roll",
            PigAction::Hold => "hold",
        }
        .to_owned()
    }

    fn read_notation(
        &self,
        _state: &PigState,
        _seat: Seat,
        text: &str,
    ) -> Result<PigAction, NotationError> {
        read_word(
            text,
            &[
                ("roll", "r", PigAction::Roll),
                ("hold", "h", PigAction::Hold),
            ],
            "roll or hold",
        )
    }
}

impl Notation for HighCard {
    fn write_notation(&self, _state: &HighCardState, action: &HighCardAction) -> String {
        match action {
            HighCardAction::Check => "check",
            HighCardAction::Bet => "bet",
            HighCardAction::Call => "call",
            HighCardAction::Fold => "fold",
        }
        .to_owned()
    }

    fn read_notation(
        &self,
        _state: &HighCardState,
        _seat: Seat,
        text: &str,
    ) -> Result<HighCardAction, NotationError> {
        read_word(
            text,
            &[
                ("check", "k", HighCardAction::Check),
                ("bet", "b", HighCardAction::Bet),
                ("call", "c", HighCardAction::Call),
                ("fold", "f", HighCardAction::Fold),
            ],
            "check, bet, call or fold",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, NotationReason};

    #[test]
    fn pig_words_read_in_any_case_and_short() {
        let g = Pig::new(Default::default()).unwrap();
        let s = g.initial_state();
        for (text, a) in [
            ("roll", PigAction::Roll),
            (" HOLD ", PigAction::Hold),
            ("r", PigAction::Roll),
            ("H", PigAction::Hold),
        ] {
            assert_eq!(g.read_notation(&s, Seat(0), text), Ok(a));
        }
        let err = g.read_notation(&s, Seat(0), "roll twice").unwrap_err();
        assert_eq!(err.at, 5);
        assert!(matches!(err.reason, NotationReason::Trailing { .. }));
        assert_eq!(
            g.read_notation(&s, Seat(0), "").unwrap_err().reason,
            NotationReason::Empty
        );
    }

    #[test]
    fn high_card_words_name_the_four_actions() {
        let g = HighCard::new(Default::default()).unwrap();
        let s = g.initial_state();
        for a in [
            HighCardAction::Check,
            HighCardAction::Bet,
            HighCardAction::Call,
            HighCardAction::Fold,
        ] {
            let text = g.write_notation(&s, &a);
            assert_eq!(g.read_notation(&s, Seat(0), &text), Ok(a));
        }
        assert_eq!(g.read_notation(&s, Seat(1), "k"), Ok(HighCardAction::Check));
        let err = g.read_notation(&s, Seat(0), "raise").unwrap_err();
        assert_eq!(
            err.reason,
            NotationReason::Unexpected {
                found: "raise".into(),
                expected: "check, bet, call or fold"
            }
        );
    }
}
