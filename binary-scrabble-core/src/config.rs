//! The table's choices (section 9 of the rules: `players` and T-1 to T-18).

use serde::{Deserialize, Serialize};

use crate::equation::{EquationRules, LogicPrecedence, Precedence};
use crate::error::ScrabbleError;

/// The XOR tiles of T-7: how many go in the bag and what each is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XorTiles {
    /// Tiles in the bag, 1 to 20 (suggested: 4).
    pub count: u8,
    /// Points per tile, 0 to 10 (suggested: 1).
    pub points: u8,
}

impl Default for XorTiles {
    /// The suggested set: 4 tiles of 1 point.
    fn default() -> Self {
        XorTiles {
            count: 4,
            points: 1,
        }
    }
}

/// How racks left at the end change the scores (T-11, R-34).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EndgameRackRule {
    /// The seat going out gains the others' racks; the others lose theirs.
    #[default]
    Hasbro,
    /// The seat going out gains twice the others' racks; nobody loses.
    Tournament,
    /// The seat going out gains the others' racks; nobody loses anything.
    AddOnly,
    /// As Hasbro, but only `0` and `1` tiles count, one point each.
    DigitTilesOnly,
}

/// What happens to an illegal play (T-12, R-31).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ChallengeRule {
    /// The play is refused; the same seat moves again, without penalty.
    #[default]
    Void,
}

/// The value bonus of an equation (T-13, R-26).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ValueBonus {
    /// The value of the highest set bit of v (the spec's reading).
    #[default]
    HighestBit,
    /// ⌊log2 v⌋, the seed's literal wording.
    FloorLog2,
    /// No bonus.
    None,
}

/// Which scored equations add their old tiles' face points (T-14, R-26).
///
/// Serialized as a string; a config written before the 2026-11-25 revision
/// holds a bool, which still reads: `false` is `Never`, `true` is `Always`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum ScorePlayedThrough {
    /// Old tiles never add points (the only reading before the revision).
    Never,
    /// Old tiles add their points unless the equation extends an existing
    /// expression, where only new tiles count (the original's rule).
    #[default]
    NewEquations,
    /// Old tiles always add their points, as in ordinary Scrabble.
    Always,
}

impl ScorePlayedThrough {
    /// True when an equation's old tiles add their face points; `extends`
    /// says whether it extends an existing expression (R-26's ext(E)).
    #[must_use]
    pub const fn counts_old(self, extends: bool) -> bool {
        match self {
            ScorePlayedThrough::Never => false,
            ScorePlayedThrough::NewEquations => !extends,
            ScorePlayedThrough::Always => true,
        }
    }
}

impl<'de> Deserialize<'de> for ScorePlayedThrough {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// The named values, or the bool of configs before the revision.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Old(bool),
            Named(Named),
        }
        #[derive(Deserialize)]
        enum Named {
            Never,
            NewEquations,
            Always,
        }
        Ok(match Repr::deserialize(d)? {
            Repr::Old(false) | Repr::Named(Named::Never) => ScorePlayedThrough::Never,
            Repr::Old(true) | Repr::Named(Named::Always) => ScorePlayedThrough::Always,
            Repr::Named(Named::NewEquations) => ScorePlayedThrough::NewEquations,
        })
    }
}

/// Everything a table chooses before play. Fields may be omitted in JSON
/// (they take the defaults below); an unknown field is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Seats at the table, 2 to 4. Default 2.
    pub players: u8,
    /// T-1: standard precedence or left to right. Default `Standard`.
    pub precedence: Precedence,
    /// T-2: ban `x`/`/` identities with the literal `1`. Default off.
    pub ban_identity_mul1: bool,
    /// T-3: ban `+`/`-` identities with the literal `0`. Default off.
    pub ban_identity_add0_sub0: bool,
    /// T-4: ban `AND` with `1` and `OR`/`XOR` with `0`. Default off.
    pub ban_identity_and1_or0: bool,
    /// T-5: negative intermediate values allowed. Default off.
    pub negative_intermediates: bool,
    /// T-6: numeral cross runs allowed (unscored). Default off.
    pub number_cross_runs: bool,
    /// T-7: XOR tiles in the bag and XOR in play. Default none.
    pub xor_tiles: Option<XorTiles>,
    /// T-8: reserved, must be false in rules version 1.
    pub rotated_equals: bool,
    /// T-9: bonus for a 9-tile play, 0 to 1000. Default 50.
    pub full_rack_bonus: u16,
    /// T-10: tiles the bag must hold for an exchange, 1 to 100. Default 9.
    pub exchange_min_bag: u8,
    /// T-11: end-of-game rack adjustment. Default `Hasbro`.
    pub endgame_rack_rule: EndgameRackRule,
    /// T-12: challenge rule; only `Void` exists.
    pub challenge_rule: ChallengeRule,
    /// T-13: value bonus. Default `HighestBit`.
    pub value_bonus: ValueBonus,
    /// T-14: which scored equations add their old tiles' points. Default
    /// `NewEquations` (before the 2026-11-25 revision: `false`, i.e. `Never`).
    pub score_played_through: ScorePlayedThrough,
    /// T-15: logic precedence in standard mode. Default `CLike`.
    pub logic_precedence: LogicPrecedence,
    /// T-16: NOT may follow a binary operator. Default off (before the
    /// 2026-11-25 revision: on).
    pub not_after_binop: bool,
    /// T-17: consecutive scoreless turns that end the game, 1 to 255. Default 6.
    pub max_scoreless_turns: u8,
    /// T-18: no operand may be its operation's identity by value (the
    /// original's house rule 4). Default off; configs written before the
    /// revision lack the field and read it as off.
    pub ban_neutral_terms: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            precedence: Precedence::Standard,
            ban_identity_mul1: false,
            ban_identity_add0_sub0: false,
            ban_identity_and1_or0: false,
            negative_intermediates: false,
            number_cross_runs: false,
            xor_tiles: None,
            rotated_equals: false,
            full_rack_bonus: 50,
            exchange_min_bag: 9,
            endgame_rack_rule: EndgameRackRule::Hasbro,
            challenge_rule: ChallengeRule::Void,
            value_bonus: ValueBonus::HighestBit,
            score_played_through: ScorePlayedThrough::NewEquations,
            logic_precedence: LogicPrecedence::CLike,
            not_after_binop: false,
            max_scoreless_turns: 6,
            ban_neutral_terms: false,
        }
    }
}

impl Config {
    /// The options of this config that decide what a correct equation is.
    #[must_use]
    pub fn equation_rules(&self) -> EquationRules {
        EquationRules {
            precedence: self.precedence,
            logic_precedence: self.logic_precedence,
            ban_identity_mul1: self.ban_identity_mul1,
            ban_identity_add0_sub0: self.ban_identity_add0_sub0,
            ban_identity_and1_or0: self.ban_identity_and1_or0,
            negative_intermediates: self.negative_intermediates,
            xor: self.xor_tiles.is_some(),
            not_after_binop: self.not_after_binop,
            ban_neutral_terms: self.ban_neutral_terms,
        }
    }

    /// Checks every range of section 9.
    ///
    /// # Errors
    /// The first field out of range, as a config error.
    pub fn validate(&self) -> Result<(), ScrabbleError> {
        use game_core::Error;
        if !(2..=4).contains(&self.players) {
            return Err(Error::config("players", self.players, "2 to 4").into());
        }
        if let Some(x) = self.xor_tiles {
            if !(1..=20).contains(&x.count) {
                return Err(Error::config("xor_tiles.count", x.count, "1 to 20").into());
            }
            if x.points > 10 {
                return Err(Error::config("xor_tiles.points", x.points, "0 to 10").into());
            }
        }
        if self.rotated_equals {
            return Err(Error::config(
                "rotated_equals",
                self.rotated_equals,
                "false (T-8 is reserved in rules version 1)",
            )
            .into());
        }
        if self.full_rack_bonus > 1000 {
            return Err(Error::config("full_rack_bonus", self.full_rack_bonus, "0 to 1000").into());
        }
        if !(1..=100).contains(&self.exchange_min_bag) {
            return Err(
                Error::config("exchange_min_bag", self.exchange_min_bag, "1 to 100").into(),
            );
        }
        if self.max_scoreless_turns == 0 {
            return Err(
                Error::config("max_scoreless_turns", self.max_scoreless_turns, "1 to 255").into(),
            );
        }
        Ok(())
    }
}
