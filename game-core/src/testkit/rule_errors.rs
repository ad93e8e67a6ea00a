//! The check of a game's [`RuleError`]: every variant names the rule its
//! words cite, and a wrapped shared error is reported as such.

use std::fmt::Debug;

use crate::{Error, RuleError, Seat};

/// Checks one error per variant against the rule id it must name.
///
/// For each `(error, rule)`: [`RuleError::rule`] is `rule`; when it is
/// `Some(id)`, the error's `Display` text cites `id` as a whole token (not
/// `"M-1"` inside `"M-12"`); and [`RuleError::core`] is `Some` exactly for
/// a wrapped shared error, whose words are the error's own.
///
/// # Panics
/// On the first error that breaks one of these, naming it.
pub fn check_rule_errors<E: RuleError + Debug>(cases: &[(E, Option<&str>)]) {
    for (error, expected) in cases {
        let text = error.to_string();
        assert_eq!(
            error.rule(),
            *expected,
            "{error:?} names the wrong rule (its text: {text:?})"
        );
        if let Some(id) = expected {
            assert!(
                cites(&text, id),
                "{error:?} names rule {id} but its text does not cite it: {text:?}"
            );
        }
        if let Some(core) = error.core() {
            assert_eq!(
                text,
                core.to_string(),
                "{error:?} wraps {core:?} but reads otherwise"
            );
        }
    }
}

/// One shared [`Error`] of every variant, for a game's error test to wrap
/// (`MoonError::Core(e)`) and check with [`check_rule_errors`].
#[must_use]
pub fn every_core_error() -> Vec<Error> {
    vec![
        Error::GameOver,
        Error::ChancePending,
        Error::NotChance,
        Error::UnknownSeat {
            seat: Seat(5),
            seats: 2,
        },
        Error::NotYourTurn {
            seat: Seat(1),
            to_act: Seat(0),
        },
        Error::BadChance,
        Error::config("seats", 9, "2 to 4"),
        Error::state("scores", "one score per seat"),
    ]
}

/// Whether `text` holds `id` with no letter, digit or `-` either side.
fn cites(text: &str, id: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-';
    text.match_indices(id).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + id.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{check_rule_errors, cites, every_core_error};
    use crate::Error;

    /// The variant's place in [`Error`]: no `_ =>`, so a new variant
    /// does not compile until it is numbered here and sampled above.
    fn variant(e: &Error) -> usize {
        match e {
            Error::GameOver => 0,
            Error::ChancePending => 1,
            Error::NotChance => 2,
            Error::UnknownSeat { .. } => 3,
            Error::NotYourTurn { .. } => 4,
            Error::BadChance => 5,
            Error::Config(_) => 6,
            Error::BadState(_) => 7,
        }
    }

    #[test]
    fn every_shared_error_is_sampled_names_no_rule_and_is_its_own_core() {
        let all = every_core_error();
        let seen: BTreeSet<usize> = all.iter().map(variant).collect();
        assert_eq!(seen, (0..8).collect());
        let cases: Vec<(Error, Option<&str>)> = all.into_iter().map(|e| (e, None)).collect();
        check_rule_errors(&cases);
        for (e, _) in &cases {
            assert_eq!(crate::RuleError::core(e), Some(e));
        }
    }

    #[test]
    fn a_rule_id_is_cited_only_as_a_whole_token() {
        assert!(cites("costs 3 (M-12 rule 8)", "M-12"));
        assert!(cites("C5/S7: the ring would touch the tower", "C5"));
        assert!(cites("S3b: no rim contact", "S3b"));
        assert!(!cites("see M-120", "M-12"));
        assert!(!cites("S3b: no rim contact", "S3"));
        assert!(!cites("XM-12", "M-12"));
    }
}
