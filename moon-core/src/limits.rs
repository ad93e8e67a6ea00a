//! The range of every numeric config field (§12), kept in one place so
//! that validation, the doc comments of [`crate::Config`] and the table in
//! the rules page cite the same numbers.
//!
//! Where the specification gives a range it is used as is. Elsewhere the
//! range is the widest one under which a game stays well defined and its
//! step bound ([`game_core::Game::max_steps`]) stays modest: with every
//! field at the end that makes games longest, the bound is under 70 000
//! steps (about 36 000 cooperative, 65 000 competitive).

use std::fmt::Display;
use std::ops::RangeInclusive;

use crate::error::MoonError;
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
/// BUG cards in the deck (M-3): the box has two, a third is virtual.
pub const BUGS: RangeInclusive<u8> = 0..=3;
/// Goal cards drawn by `CopyGoals(k)` (M-16): one per register B, C, D.
pub const COPY_GOALS: RangeInclusive<u8> = 0..=3;
/// Permitted operation kinds (M-5). Every kind has a form that writes A,
/// so one kind is enough to move A; with none, no goal but the start
/// value could ever be reached.
pub const OPERATION_KINDS: RangeInclusive<usize> = 1..=17;
/// The cost of one kind in half-units (M-11). Zero would allow endless
/// free turns; above the largest budget the kind could never be paid.
pub const COST: RangeInclusive<u16> = 1..=40;
/// Event cards of one kind (M-4).
pub const EVENTS_PER_KIND: RangeInclusive<u8> = 0..=8;
/// Goal cards that enter the deck (M-6): at least one to play for, at
/// most the 16 cards of the box (larger numbers would only be capped).
pub const GOAL_DECK_SIZE: RangeInclusive<u8> = 1..=16;
/// Queue positions S (M-19): the state holds at most [`MAX_SLOTS`].
pub const SLOTS: RangeInclusive<u8> = 1..=MAX_SLOTS as u8;
/// The last competitive round (M-41, A-33): a game where nobody solves a
/// goal ends only here, so this bounds its length. 255 is about four times
/// the default 64; the longest cooperative game lasts about 140 rounds.
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
