//! The range of every numeric config field (§12), kept in one place so
//! that validation, the doc comments of [`crate::Config`] and the table in
//! the rules page cite the same numbers.
//!
//! Where the specification gives a range it is used as is. Elsewhere the
//! range is the widest one under which a game stays well defined and its
//! step bound ([`game_core::Game::max_steps`]) stays modest: with every
//! field at the end that makes games longest, the bound is under 70 000
//! steps (about 41 000 cooperative, 67 000 competitive, with the 32 goal
//! cards and 4 BUGs of two boxes).

use std::fmt::Display;
use std::ops::RangeInclusive;

use crate::error::MoonError;
use crate::ops::OpKind;
use crate::state::{MAX_SEATS, MAX_SLOTS};
use game_core::Error;

/// Players at a cooperative table (M-33).
pub const COOP_PLAYERS: RangeInclusive<u8> = 1..=MAX_SEATS as u8;
/// Seats at a competitive table (M-38): a race needs two.
pub const COMPETITIVE_PLAYERS: RangeInclusive<u8> = 2..=MAX_SEATS as u8;
/// Register width n in bits (M-7).
pub const WIDTH: RangeInclusive<u8> = 4..=8;
/// A budget per round or turn, in half-units (M-9).
pub const BUDGET: RangeInclusive<u16> = 1..=40;
/// The first rules version in which widths 7 and 8 play with two boxes.
pub const TWO_BOXES_SINCE: u32 = 2;

/// The boxes of cards a game of `width` bits uses under rules
/// `rules_version`: two at widths 7–8 from version 2 on (V1 plays 8 bits by
/// "putting two MOON games together"; M-7, A-49), otherwise one.
#[must_use]
pub const fn boxes(width: u8, rules_version: u32) -> u8 {
    if width >= 7 && rules_version >= TWO_BOXES_SINCE {
        2
    } else {
        1
    }
}

/// BUG cards in the deck with one box (M-3): the box has two, a third is
/// virtual.
pub const BUGS_ONE_BOX: RangeInclusive<u8> = 0..=3;
/// BUG cards in the deck with two boxes (M-3): two boxes hold four.
pub const BUGS_TWO_BOXES: RangeInclusive<u8> = 0..=4;

/// BUG cards in a deck of `boxes` boxes (M-3).
#[must_use]
pub const fn bugs(boxes: u8) -> RangeInclusive<u8> {
    if boxes >= 2 {
        BUGS_TWO_BOXES
    } else {
        BUGS_ONE_BOX
    }
}
/// Goal cards drawn by `CopyGoals(k)` (M-16): one per register B, C, D.
pub const COPY_GOALS: RangeInclusive<u8> = 0..=3;
/// Permitted operation kinds (M-5). Every kind has a form that writes A,
/// so one kind is enough to move A; with none, no goal but the start
/// value could ever be reached.
pub const OPERATION_KINDS: RangeInclusive<usize> = 1..=OpKind::COUNT;
/// The cost of one kind in half-units (M-11). Zero would allow endless
/// free turns; above the largest budget the kind could never be paid.
pub const COST: RangeInclusive<u16> = 1..=40;
/// Event cards of one kind (M-4).
pub const EVENTS_PER_KIND: RangeInclusive<u8> = 0..=8;
/// Goal cards that enter the deck with one box (M-6): at least one to
/// play for, at most the 16 cards of the box (larger numbers would only be
/// capped).
pub const GOAL_DECK_SIZE_ONE_BOX: RangeInclusive<u8> = 1..=16;
/// Goal cards that enter the deck with two boxes (M-6): up to 32.
pub const GOAL_DECK_SIZE_TWO_BOXES: RangeInclusive<u8> = 1..=32;

/// Goal cards that enter a deck of `boxes` boxes (M-6).
#[must_use]
pub const fn goal_deck_size(boxes: u8) -> RangeInclusive<u8> {
    if boxes >= 2 {
        GOAL_DECK_SIZE_TWO_BOXES
    } else {
        GOAL_DECK_SIZE_ONE_BOX
    }
}
/// Queue positions S (M-19): the state holds at most [`MAX_SLOTS`].
pub const SLOTS: RangeInclusive<u8> = 1..=MAX_SLOTS as u8;
/// The last competitive round (M-41, A-33): a game where nobody solves a
/// goal ends only here, so this bounds its length. 255 is about four times
/// the default 64; the longest cooperative game lasts about 160 rounds.
pub const MAX_ROUNDS: RangeInclusive<u16> = 1..=255;
/// Purple's free MOVs and Red's free OR/AND/XOR per turn (M-45): four
/// times the rulebook's 2. Free uses cost nothing, so they lengthen every
/// turn; eight already make the hacker's kinds free in practice.
pub const FREE_USES: RangeInclusive<u8> = 0..=8;
/// What using an extra-operation token costs, in half-units (M-46): free
/// is the V1 default; above the largest budget no token could be used.
pub const TOKEN_COST: RangeInclusive<u16> = 0..=40;

/// Refuses `value` of `field` outside `range`, naming the range (and
/// `unit`) in the error so a caller can show what to enter instead.
pub(crate) fn check_range<T: PartialOrd + Display>(
    field: &str,
    value: T,
    range: &RangeInclusive<T>,
    unit: &str,
) -> Result<(), MoonError> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(Error::config(
            field,
            value,
            format!("{} to {}{unit}", range.start(), range.end()),
        )
        .into())
    }
}
