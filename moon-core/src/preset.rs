//! Presets named in a JSON config (§12 "Presets in JSON", W-6), so that a
//! front end that only speaks JSON (the `serve` protocol, Python) reaches
//! the same tables as the Rust constructors.
//!
//! `preset` is input only: reading a config resolves it into a plain
//! [`Config`], which is what the game validates, stores and serializes.

use std::collections::BTreeSet;

use serde::{Deserialize, Deserializer, Serialize};

use crate::cards::EventKind;
use crate::config::{
    BugReveal, CompetitiveEnd, Config, CoopEnergy, Difficulty, ExtraOps, InitRegisters, SolveCheck,
    V1Level, V1TableOrientation, WideGoalModel,
};
use crate::costs::{CostTable, Hacker, Mode};
use crate::energy::Energy;
use crate::ops::OpKind;

/// A preset a JSON config may name under `preset` (§12).
///
/// In JSON: `"V2Literal"`, `{"V1Cooperative": "Hacker"}` or
/// `{"V1Competitive": ["Novice", "Hacker"]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Preset {
    /// [`Config::v2_literal`]: four open slots.
    V2Literal,
    /// [`Config::v1_cooperative_oriented`] at this level; players, width and
    /// orientation come from the same JSON object.
    V1Cooperative(V1Level),
    /// [`Config::v1_competitive`], one level per seat; the width comes from
    /// the same JSON object.
    V1Competitive(Vec<V1Level>),
}

impl Preset {
    /// The preset's config for the `players`, `width` and `orientation` a
    /// JSON object names (or their defaults 1, 4, `FirstBlock4Bit`); each
    /// preset reads only the ones its constructor takes.
    #[must_use]
    pub fn config(&self, players: u8, width: u8, orientation: V1TableOrientation) -> Config {
        match self {
            Preset::V2Literal => Config::v2_literal(),
            Preset::V1Cooperative(level) => {
                Config::v1_cooperative_oriented(*level, players, width, orientation)
            }
            Preset::V1Competitive(levels) => Config::v1_competitive(levels, width),
        }
    }
}

/// Reads a present key as `Some`, so that an explicit `null` (an `Option`
/// field set to `None`) still overrides the preset.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Declares the JSON form of [`Config`] (every field optional, plus
/// `preset`) and its resolution. The struct literal in `From` names every
/// field without `..`, so a field added to `Config` but not here does not
/// compile.
macro_rules! config_json {
    ($($field:ident: $ty:ty,)*) => {
        /// A config as JSON gives it: any subset of the fields, and perhaps
        /// a preset (§12).
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        pub(crate) struct ConfigJson {
            #[serde(default)]
            preset: Option<Preset>,
            $(
                #[serde(default, deserialize_with = "present")]
                $field: Option<$ty>,
            )*
        }

        impl From<ConfigJson> for Config {
            /// §12: the preset is built first (or the default), then every
            /// other key overrides its field, even with the default value.
            fn from(json: ConfigJson) -> Config {
                let base = match &json.preset {
                    None => Config::default(),
                    Some(preset) => preset.config(
                        json.players.unwrap_or(1),
                        json.width.unwrap_or(4),
                        json.v1_table_orientation.unwrap_or_default(),
                    ),
                };
                Config {
                    $($field: json.$field.unwrap_or(base.$field),)*
                }
            }
        }
    };
}

config_json! {
    mode: Mode,
    players: u8,
    width: u8,
    difficulty: Difficulty,
    energy: Option<Energy>,
    seat_energy: Option<Vec<Energy>>,
    bugs: Option<u8>,
    init_registers: Option<InitRegisters>,
    operations: BTreeSet<OpKind>,
    costs: Option<CostTable>,
    events: Vec<EventKind>,
    include_zero_goal: bool,
    goal_deck_size: Option<u8>,
    slots: u8,
    solve_check: SolveCheck,
    events_occupy_slots: bool,
    ok_repairs_bug: bool,
    error_clears_register: bool,
    auto_end_when_idle: bool,
    forbid_self_mov: bool,
    wide_goal_model: WideGoalModel,
    wide_revealed_card_high: bool,
    coop_energy: CoopEnergy,
    coop_ram: bool,
    ram_hidden: bool,
    score_check_at_turn_start: bool,
    competitive_end: CompetitiveEnd,
    max_rounds: u16,
    hackers: Vec<Option<Hacker>>,
    purple_free_movs: u8,
    red_free_logic: u8,
    bug_reveal: BugReveal,
    extra_ops: Option<ExtraOps>,
    v1_table_orientation: V1TableOrientation,
}
