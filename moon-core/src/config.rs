//! Everything a table chooses before play (M-15, §12 of the rules), with
//! the presets, the V1 constructors and the validation `Game::new` runs
//! (`Config::validate`).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::cards::EventKind;
use crate::costs::{CostTable, Hacker, Mode};
use crate::energy::Energy;
use crate::error::MoonError;
use crate::limits::{self, check_range};
use crate::moon::{OLDEST_RULES_VERSION, RULES_VERSION};
use crate::ops::{BASE_OPS, OpKind};
use crate::register::mask;
use crate::state::MAX_SEATS;
use game_core::Error;

game_core::enum_table! {
    /// The difficulty preset (M-15).
    #[derive(
        Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
    )]
    #[serde(deny_unknown_fields)]
    pub enum Difficulty {
        /// Coop 3 energy, no BUG, B, C and D start from goal cards; competitive 4.
        Easy,
        /// Coop 2.5 energy, 1 BUG, B and C from goal cards; competitive 3.
        #[default]
        Normal,
        /// Coop 2 energy, 2 BUGs, B from a goal card; competitive 2.5.
        Hard,
        /// Coop 1.5 energy, 2 BUGs, A = 0…01; competitive 2.
        Master,
    }
}

impl Difficulty {
    /// The energy per round (coop) or per turn (competitive) (M-15).
    #[must_use]
    pub const fn energy(self, mode: Mode) -> Energy {
        match (mode, self) {
            (Mode::Cooperative, Difficulty::Easy) => Energy(6),
            (Mode::Cooperative, Difficulty::Normal) => Energy(5),
            (Mode::Cooperative, Difficulty::Hard) => Energy(4),
            (Mode::Cooperative, Difficulty::Master) => Energy(3),
            (Mode::Competitive, Difficulty::Easy) => Energy(8),
            (Mode::Competitive, Difficulty::Normal) => Energy(6),
            (Mode::Competitive, Difficulty::Hard) => Energy(5),
            (Mode::Competitive, Difficulty::Master) => Energy(4),
        }
    }

    /// The BUG cards in the deck (M-15; competitive play always 2).
    #[must_use]
    pub const fn bugs(self, mode: Mode) -> u8 {
        match (mode, self) {
            (Mode::Cooperative, Difficulty::Easy) => 0,
            (Mode::Cooperative, Difficulty::Normal) => 1,
            (Mode::Cooperative, Difficulty::Hard | Difficulty::Master) => 2,
            (Mode::Competitive, _) => 2,
        }
    }

    /// The register initialisation (M-15; competitive play: all zero).
    #[must_use]
    pub const fn init_registers(self, mode: Mode) -> InitRegisters {
        match (mode, self) {
            (Mode::Cooperative, Difficulty::Easy) => InitRegisters::CopyGoals(3),
            (Mode::Cooperative, Difficulty::Normal) => InitRegisters::CopyGoals(2),
            (Mode::Cooperative, Difficulty::Hard) => InitRegisters::CopyGoals(1),
            (Mode::Cooperative, Difficulty::Master) => InitRegisters::AOne,
            (Mode::Competitive, _) => InitRegisters::Fixed([0; 4]),
        }
    }
}

/// How the registers start (M-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum InitRegisters {
    /// Draw k goal cards (k in 0..=3, one per register B, C, D) and copy
    /// them into B, C, D (cooperative only).
    CopyGoals(u8),
    /// A = `0…01`, the rest 0.
    AOne,
    /// These values of A, B, C, D, each at most the width's mask.
    Fixed([u8; 4]),
}

/// When a goal equal to A may be solved in cooperative play (M-26).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum SolveCheck {
    /// Whenever A equals it, after anything.
    #[default]
    AnyChange,
    /// Only at the first check after an operation.
    AfterOperation,
    /// Like `AfterOperation`, only when the operation wrote A.
    AfterOpOnA,
}

/// Where the second card of a 5- to 8-bit cooperative goal comes from (M-35, M-36).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum WideGoalModel {
    /// Drawn from the deck when the goal is revealed.
    #[default]
    DeckPartner,
    /// The next queue card (V1).
    QueuePairs,
}

/// How energy works with several cooperative players (M-33).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum CoopEnergy {
    /// One seat, one pool per round.
    #[default]
    SharedPool,
    /// Each player is a seat with its own turn and budget (V1).
    PerSeatTurns,
}

/// When a competitive game ends once the last goal card is drawn (M-41).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum CompetitiveEnd {
    /// At the end of that round.
    #[default]
    EndOfRound,
    /// Right after that draw.
    Immediate,
}

/// Who sees a goal revealed by a BUG (M-42).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum BugReveal {
    /// Only the seat using the BUG.
    #[default]
    ToUser,
    /// Everyone.
    ToAll,
}

/// The V1 extra-operation module (M-46).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ExtraOps {
    /// The token kind each goal card value earns.
    pub map: [OpKind; 16],
    /// What using a token costs: 0 to 40 half-units (above the largest
    /// budget no token could ever be used).
    pub cost: Energy,
    /// Tokens not used in the turn (SharedPool: round) they were gained are lost.
    pub expire_at_turn_end: bool,
}

impl Default for ExtraOps {
    fn default() -> Self {
        const CYCLE: [OpKind; 8] = [
            OpKind::Xchg,
            OpKind::Shl,
            OpKind::Shr,
            OpKind::Add,
            OpKind::Sub,
            OpKind::Nor,
            OpKind::Nand,
            OpKind::Xnor,
        ];
        let mut map = [OpKind::Xchg; 16];
        for (v, slot) in map.iter_mut().enumerate() {
            *slot = CYCLE[v % 8];
        }
        ExtraOps {
            map,
            cost: Energy::ZERO,
            expire_at_turn_end: false,
        }
    }
}

/// A V1 level (used by [`Config::v1_cooperative`] and [`Config::v1_competitive`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum V1Level {
    /// The easiest V1 level.
    Novice,
    /// The middle V1 level.
    Medium,
    /// The hardest V1 level.
    Hacker,
}

/// Which block of the V1 co-op table is the 4-bit one (A-23): the page
/// prints two blocks per level under one "4-BIT 6-BIT" heading.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub enum V1TableOrientation {
    /// The first block is 4-bit, so wider games get less energy (the
    /// reading this engine always had).
    #[default]
    FirstBlock4Bit,
    /// The first block is 6-bit, so wider games get more energy, as in
    /// V1's competitive table.
    FirstBlock6Bit,
}

/// Every choice of a MOON table (§12 of the rules). Fields left out of
/// JSON take their defaults; unknown fields are an error. JSON may also
/// name a [`Preset`](crate::Preset) under the key `preset`, which is
/// resolved on reading (§12) and never written back. Each number has a
/// range ([`crate::limits`]); `Moon::new` refuses a value outside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "crate::preset::ConfigJson")]
pub struct Config {
    /// Cooperative (default) or competitive.
    pub mode: Mode,
    /// Players: coop 1..=4, competitive 2..=4.
    pub players: u8,
    /// Register width n in bits, 4..=8.
    pub width: u8,
    /// The preset behind every `None` below (M-15).
    pub difficulty: Difficulty,
    /// Every seat's budget, overriding the preset: 1..=40 half-units (M-9).
    pub energy: Option<Energy>,
    /// Seat i's budget, exactly one per seat, each 1..=40 half-units (M-9).
    pub seat_energy: Option<Vec<Energy>>,
    /// BUG cards: 0..=3 at widths 4–6, 0..=4 at widths 7–8, which play
    /// with two boxes (M-3).
    pub bugs: Option<u8>,
    /// How the registers start (M-16): `CopyGoals` 0..=3 and cooperative
    /// only, `Fixed` values within the width.
    pub init_registers: Option<InitRegisters>,
    /// The permitted kinds (M-5): at least one, so that A can move.
    pub operations: BTreeSet<OpKind>,
    /// Replaces the mode's cost column (M-11); every kind 1..=40 half-units.
    pub costs: Option<CostTable>,
    /// The event cards in the deck (M-4), 0..=8 per kind.
    pub events: Vec<EventKind>,
    /// Whether `0000` is a goal card (M-2).
    pub include_zero_goal: bool,
    /// Only this many goal cards enter the deck (M-6): 1..=16 (one box),
    /// 1..=32 at widths 7–8 (two boxes).
    pub goal_deck_size: Option<u8>,
    /// Queue positions S, 1..=8 (M-19).
    pub slots: u8,
    /// When goals may be solved in coop play (M-26).
    pub solve_check: SolveCheck,
    /// Whether an event holds a queue position until revealed (M-29).
    pub events_occupy_slots: bool,
    /// Whether OK can remove a Bug from the queue (M-27).
    pub ok_repairs_bug: bool,
    /// Whether ERROR on a register also sets it to 0 (M-27).
    pub error_clears_register: bool,
    /// Whether a round with nothing pending ends by itself (M-22, A-27).
    /// Off by default and in every preset: no rulebook ends a round before
    /// the players do.
    pub auto_end_when_idle: bool,
    /// Whether `MOV r,r` and `XCHG r,r` are illegal (M-12).
    pub forbid_self_mov: bool,
    /// Where wide goals get their second card (M-35, M-36).
    pub wide_goal_model: WideGoalModel,
    /// Whether the revealed (older, first drawn) card is the high half (M-35..M-37).
    pub wide_revealed_card_high: bool,
    /// The cooperative energy model (M-33).
    pub coop_energy: CoopEnergy,
    /// Whether cooperative seats own a RAM (M-33).
    pub coop_ram: bool,
    /// Whether RAM values are hidden from other seats (M-8).
    pub ram_hidden: bool,
    /// Whether the competitive goal check runs at turn start (M-39).
    pub score_check_at_turn_start: bool,
    /// When the competitive game ends (M-41).
    pub competitive_end: CompetitiveEnd,
    /// The last competitive round, 1..=255 (M-41): it bounds a game in
    /// which nobody solves a goal.
    pub max_rounds: u16,
    /// One hacker (or none) per seat, no colour twice, or empty (M-44).
    pub hackers: Vec<Option<Hacker>>,
    /// Purple's free MOVs per turn, 0..=8 (M-45).
    pub purple_free_movs: u8,
    /// Red's free OR/AND/XOR per turn, 0..=8 (M-45).
    pub red_free_logic: u8,
    /// Who sees a goal shown by a BUG (M-42).
    pub bug_reveal: BugReveal,
    /// The V1 extra-operation tokens, off by default (M-46); a token costs
    /// 0..=40 half-units.
    pub extra_ops: Option<ExtraOps>,
    /// The reading of the V1 co-op table that [`Config::v1_cooperative`]
    /// used (A-23). It has no other effect: elsewhere it only records a choice.
    pub v1_table_orientation: V1TableOrientation,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: Mode::Cooperative,
            players: 1,
            width: 4,
            difficulty: Difficulty::Normal,
            energy: None,
            seat_energy: None,
            bugs: None,
            init_registers: None,
            operations: BASE_OPS.into_iter().collect(),
            costs: None,
            events: Vec::new(),
            include_zero_goal: true,
            goal_deck_size: None,
            slots: 5,
            solve_check: SolveCheck::AnyChange,
            events_occupy_slots: true,
            ok_repairs_bug: false,
            error_clears_register: false,
            auto_end_when_idle: false,
            forbid_self_mov: false,
            wide_goal_model: WideGoalModel::DeckPartner,
            wide_revealed_card_high: true,
            coop_energy: CoopEnergy::SharedPool,
            coop_ram: false,
            ram_hidden: false,
            score_check_at_turn_start: true,
            competitive_end: CompetitiveEnd::EndOfRound,
            max_rounds: 64,
            hackers: Vec::new(),
            purple_free_movs: 2,
            red_free_logic: 2,
            bug_reveal: BugReveal::ToUser,
            extra_ops: None,
            v1_table_orientation: V1TableOrientation::FirstBlock4Bit,
        }
    }
}

impl Config {
    /// A cooperative game at `difficulty`, everything else default.
    #[must_use]
    pub fn cooperative(difficulty: Difficulty) -> Config {
        Config {
            difficulty,
            ..Config::default()
        }
    }

    /// A competitive game of `players` seats at `difficulty`.
    #[must_use]
    pub fn competitive(players: u8, difficulty: Difficulty) -> Config {
        Config {
            mode: Mode::Competitive,
            players,
            difficulty,
            ..Config::default()
        }
    }

    /// The literal reading of V2's loss sentence (A-1): the default config
    /// with `slots = 4`, so a card is lost when it reaches position 5 and
    /// each goal has one round less than by default.
    #[must_use]
    pub fn v2_literal() -> Config {
        Config {
            slots: 4,
            ..Config::default()
        }
    }

    /// The V1 cooperative game (§12), reading the V1 table with the
    /// default orientation (`FirstBlock4Bit`); see
    /// [`Config::v1_cooperative_oriented`].
    #[must_use]
    pub fn v1_cooperative(level: V1Level, players: u8, width: u8) -> Config {
        Config::v1_cooperative_oriented(level, players, width, V1TableOrientation::default())
    }

    /// The V1 cooperative game (§12): a seat per player with its own turn
    /// and RAM, queue pairs for wide goals, 2 BUGs, one Purple free MOV,
    /// and energy and deck size from the V1 table read with `orientation`
    /// (A-23), which the config records.
    #[must_use]
    pub fn v1_cooperative_oriented(
        level: V1Level,
        players: u8,
        width: u8,
        orientation: V1TableOrientation,
    ) -> Config {
        let col = usize::from(players.clamp(1, 4) - 1);
        // Energy per player count 1..=4, first block then second block, in
        // half-units (V1 l.331–389; "19" read as 10, A-23).
        let table: [[(u16, u16); 4]; 3] = [
            [(10, 8), (10, 8), (8, 6), (8, 6)],
            [(8, 6), (8, 6), (6, 4), (6, 4)],
            [(6, 3), (6, 3), (4, 2), (4, 2)],
        ];
        let row = match level {
            V1Level::Novice => 0,
            V1Level::Medium => 1,
            V1Level::Hacker => 2,
        };
        let (first, second) = table[row][col];
        // A-23: which block a width reads depends on the orientation.
        let first_block = match orientation {
            V1TableOrientation::FirstBlock4Bit => width <= 4,
            V1TableOrientation::FirstBlock6Bit => width > 4,
        };
        let deck = [8u8, 10, 12, 16][col];
        Config {
            players,
            width,
            energy: Some(Energy(if first_block { first } else { second })),
            bugs: Some(2),
            init_registers: Some(match level {
                V1Level::Novice => InitRegisters::CopyGoals(3),
                V1Level::Medium => InitRegisters::CopyGoals(2),
                V1Level::Hacker => InitRegisters::AOne,
            }),
            goal_deck_size: Some(deck),
            coop_energy: CoopEnergy::PerSeatTurns,
            coop_ram: true,
            wide_goal_model: WideGoalModel::QueuePairs,
            purple_free_movs: 1,
            v1_table_orientation: orientation,
            ..Config::default()
        }
    }

    /// The V1 competitive game (§12): one level per seat sets its budget
    /// (Novice 4/5, Medium 3/4, Hacker 2/3 at 4/6 bits), one Purple free MOV.
    #[must_use]
    pub fn v1_competitive(levels: &[V1Level], width: u8) -> Config {
        let wide = width > 4;
        let seat_energy = levels
            .iter()
            .map(|l| {
                let (narrow, wide_e) = match l {
                    V1Level::Novice => (4, 5),
                    V1Level::Medium => (3, 4),
                    V1Level::Hacker => (2, 3),
                };
                Energy::units(if wide { wide_e } else { narrow })
            })
            .collect();
        Config {
            mode: Mode::Competitive,
            players: u8::try_from(levels.len()).unwrap_or(u8::MAX),
            width,
            seat_energy: Some(seat_energy),
            purple_free_movs: 1,
            ..Config::default()
        }
    }

    /// How many boxes of cards the game uses under the current rules: two
    /// at widths 7 and 8 (two copies of every goal card, up to 4 BUGs;
    /// M-2, M-3, M-7), one otherwise.
    #[must_use]
    pub const fn boxes(&self) -> u8 {
        limits::boxes(self.width, RULES_VERSION)
    }
}

/// What validating a config yields (§12): the numbers the rules object
/// ([`crate::Moon`]) is built from.
pub(crate) struct Checked {
    /// Seats holding their own energy and turns (one team seat under `SharedPool`).
    pub seats: u8,
    /// Boxes of cards (M-2, M-3).
    pub boxes: u8,
    /// Each seat's energy per turn or round (M-9).
    pub budgets: [Energy; MAX_SEATS],
    /// BUG cards in the deck (M-3).
    pub bugs: u8,
    /// How the registers start (M-16).
    pub init: InitRegisters,
    /// Goal cards copied into the registers at set-up.
    pub copies: u8,
    /// The base cost table in force (M-11).
    pub costs: CostTable,
    /// Event cards per kind (M-4).
    pub events: [u8; EventKind::COUNT],
    /// Each seat's hacker (M-44).
    pub hackers: [Option<Hacker>; MAX_SEATS],
    /// Bit v set when goal value v is a card of this game (M-2).
    pub goal_values: u16,
    /// Goal cards in the deck after the copies (M-6).
    pub in_deck: u8,
    /// Goal cards set aside unseen (M-6).
    pub aside: u8,
}

impl Config {
    /// Checks every field against §12 and the rules `version`, in a fixed
    /// order (the first error found is reported), and returns what the rules
    /// object is built from.
    pub(crate) fn validate(&self, version: u32) -> Result<Checked, MoonError> {
        if !(OLDEST_RULES_VERSION..=RULES_VERSION).contains(&version) {
            return Err(cfg_err(
                "rules_version",
                version,
                &format!("{OLDEST_RULES_VERSION} to {RULES_VERSION}"),
            ));
        }
        let mode = self.mode;
        let seats = seat_count(self)?;
        let width = self.width;
        check_range("width", width, &limits::WIDTH, " bits")?;
        let m = mask(width);
        let boxes = limits::boxes(width, version);
        let budgets = seat_budgets(self, seats)?;
        let bugs = self.bugs.unwrap_or(self.difficulty.bugs(mode));
        check_range("bugs", bugs, &limits::bugs(boxes), box_note(boxes, width))?;
        let init = self
            .init_registers
            .unwrap_or(self.difficulty.init_registers(mode));
        let copies = register_copies(self, init, m)?;
        let costs = checked_costs(self)?;
        let events = event_counts(self)?;
        check_limits(self, boxes)?;
        let hackers = seat_hackers(self, seats)?;
        let goal_values: u16 = if self.include_zero_goal {
            0xFFFF
        } else {
            0xFFFE
        };
        // M-2: every value once per box.
        let available = (goal_values.count_ones() as u8 * boxes).saturating_sub(copies);
        let in_deck = self.goal_deck_size.map_or(available, |n| n.min(available));
        if in_deck == 0 {
            return Err(cfg_err(
                "goal_deck_size",
                in_deck,
                "at least one goal card in the deck",
            ));
        }
        let aside = available - in_deck;
        Ok(Checked {
            seats,
            boxes,
            budgets,
            bugs,
            init,
            copies,
            costs,
            events,
            hackers,
            goal_values,
            in_deck,
            aside,
        })
    }
}

fn cfg_err(field: &str, value: impl std::fmt::Display, expected: &str) -> MoonError {
    Error::config(field, value, expected).into()
}

/// Says in a range error which deck the range belongs to (M-3, M-6).
fn box_note(boxes: u8, width: u8) -> &'static str {
    match (boxes, width) {
        (2, _) => " with two boxes (widths 7–8)",
        (_, 0..=6) => " with one box (widths 4–6)",
        _ => " with one box (rules version 1)",
    }
}

/// M-33, M-38: the player count of the mode, and the seats that hold their own
/// energy and turns (one team seat under `SharedPool`).
fn seat_count(config: &Config) -> Result<u8, MoonError> {
    let mode = config.mode;
    let players = config.players;
    match mode {
        Mode::Cooperative => {
            check_range(
                "players",
                players,
                &limits::COOP_PLAYERS,
                " in cooperative play",
            )?;
        }
        Mode::Competitive => {
            check_range(
                "players",
                players,
                &limits::COMPETITIVE_PLAYERS,
                " in competitive play",
            )?;
        }
    }
    Ok(match (mode, config.coop_energy) {
        (Mode::Cooperative, CoopEnergy::SharedPool) => 1,
        (Mode::Cooperative, CoopEnergy::PerSeatTurns) | (Mode::Competitive, _) => players,
    })
}

/// M-9, M-15: each seat's energy per turn or round, from the preset unless set.
fn seat_budgets(config: &Config, seats: u8) -> Result<[Energy; MAX_SEATS], MoonError> {
    let mode = config.mode;
    if let Some(e) = config.energy {
        check_range("energy", e.0, &limits::BUDGET, " half-units")?;
    }
    let preset = config.difficulty.energy(mode);
    let mut budgets = [config.energy.unwrap_or(preset); MAX_SEATS];
    if let Some(list) = &config.seat_energy {
        if list.len() != usize::from(seats) {
            return Err(cfg_err(
                "seat_energy",
                format!("{} entries", list.len()),
                &format!("one entry per seat ({seats})"),
            ));
        }
        for (i, e) in list.iter().enumerate() {
            check_range(
                &format!("seat_energy[{i}]"),
                e.0,
                &limits::BUDGET,
                " half-units",
            )?;
            budgets[i] = *e;
        }
    }
    Ok(budgets)
}

/// M-16, M-18: goal cards copied into the registers at set-up (CopyGoals), after
/// checking the initial register values fit the width.
fn register_copies(config: &Config, init: InitRegisters, m: u8) -> Result<u8, MoonError> {
    let coop = config.mode == Mode::Cooperative;
    let width = config.width;
    Ok(match init {
        InitRegisters::CopyGoals(k) => {
            if !limits::COPY_GOALS.contains(&k) {
                return Err(cfg_err(
                    "init_registers",
                    format!("CopyGoals({k})"),
                    "CopyGoals(0..=3)",
                ));
            }
            if !coop {
                return Err(cfg_err(
                    "init_registers",
                    format!("CopyGoals({k})"),
                    "AOne or Fixed in competitive play",
                ));
            }
            k
        }
        InitRegisters::AOne => 0,
        InitRegisters::Fixed(values) => {
            if let Some(v) = values.iter().find(|&&v| v > m) {
                return Err(cfg_err(
                    "init_registers",
                    v,
                    &format!("values of at most {width} bits"),
                ));
            }
            0
        }
    })
}

/// M-5: at least one kind of operation, and a cost in range for each (§12).
fn checked_costs(config: &Config) -> Result<CostTable, MoonError> {
    let mode = config.mode;
    if !limits::OPERATION_KINDS.contains(&config.operations.len()) {
        return Err(cfg_err(
            "operations",
            format!("{} kinds", config.operations.len()),
            "at least one kind (M-5)",
        ));
    }
    let costs = config.costs.unwrap_or(CostTable::for_mode(mode));
    for k in OpKind::ALL {
        check_range(
            &format!("costs.{k:?}"),
            costs.get(k).0,
            &limits::COST,
            " half-units",
        )?;
    }
    Ok(costs)
}

/// M-4: the event cards of the deck, counted per kind.
fn event_counts(config: &Config) -> Result<[u8; EventKind::COUNT], MoonError> {
    let mut events = [0u8; EventKind::COUNT];
    for e in &config.events {
        let c = &mut events[e.index()];
        *c = c.saturating_add(1);
        if !limits::EVENTS_PER_KIND.contains(&*c) {
            return Err(cfg_err(
                "events",
                format!("{} × {e:?}", *c),
                "at most 8 cards per kind",
            ));
        }
    }
    Ok(events)
}

/// §12: the ranges of the deck, queue, round and hacker settings.
fn check_limits(config: &Config, boxes: u8) -> Result<(), MoonError> {
    let width = config.width;
    if let Some(n) = config.goal_deck_size {
        check_range(
            "goal_deck_size",
            n,
            &limits::goal_deck_size(boxes),
            box_note(boxes, width),
        )?;
    }
    check_range("slots", config.slots, &limits::SLOTS, "")?;
    check_range("max_rounds", config.max_rounds, &limits::MAX_ROUNDS, "")?;
    check_range(
        "purple_free_movs",
        config.purple_free_movs,
        &limits::FREE_USES,
        "",
    )?;
    check_range(
        "red_free_logic",
        config.red_free_logic,
        &limits::FREE_USES,
        "",
    )?;
    if let Some(extra) = &config.extra_ops {
        check_range(
            "extra_ops.cost",
            extra.cost.0,
            &limits::TOKEN_COST,
            " half-units",
        )?;
    }
    Ok(())
}

/// M-44: each seat's hacker, no colour twice.
fn seat_hackers(config: &Config, seats: u8) -> Result<[Option<Hacker>; MAX_SEATS], MoonError> {
    let mut hackers = [None; MAX_SEATS];
    if !config.hackers.is_empty() {
        if config.hackers.len() != usize::from(seats) {
            return Err(cfg_err(
                "hackers",
                format!("{} entries", config.hackers.len()),
                &format!("empty or one entry per seat ({seats})"),
            ));
        }
        for (i, h) in config.hackers.iter().enumerate() {
            if h.is_some() && config.hackers[..i].contains(h) {
                return Err(cfg_err(
                    "hackers",
                    format!("{h:?} twice"),
                    "no colour twice",
                ));
            }
            hackers[i] = *h;
        }
    }
    Ok(hackers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_json_takes_defaults_and_refuses_unknown_fields() {
        let c: Config = serde_json::from_str(r#"{"difficulty":"Easy"}"#).unwrap();
        assert_eq!(c, Config::cooperative(Difficulty::Easy));
        assert!(serde_json::from_str::<Config>(r#"{"colour":"red"}"#).is_err());
        let json = serde_json::to_string(&Config::competitive(3, Difficulty::Hard)).unwrap();
        assert_eq!(
            serde_json::from_str::<Config>(&json).unwrap(),
            Config::competitive(3, Difficulty::Hard)
        );
    }

    #[test]
    fn m46_default_map() {
        let e = ExtraOps::default();
        assert_eq!(e.map[0b0110], OpKind::Nand);
        assert_eq!(e.map[0b1100], OpKind::Sub);
        assert_eq!(e.map[8], OpKind::Xchg);
    }

    #[test]
    fn v1_constructors_follow_the_table() {
        let c = Config::v1_cooperative(V1Level::Hacker, 1, 6);
        assert_eq!(c.energy, Some(Energy(3)));
        assert_eq!(c.goal_deck_size, Some(8));
        assert_eq!(c.coop_energy, CoopEnergy::PerSeatTurns);
        let c = Config::v1_cooperative(V1Level::Novice, 4, 4);
        assert_eq!(c.energy, Some(Energy(8)));
        assert_eq!(c.goal_deck_size, Some(16));
        let k = Config::v1_competitive(&[V1Level::Novice, V1Level::Hacker], 6);
        assert_eq!(k.seat_energy, Some(vec![Energy(10), Energy(6)]));
        assert_eq!(k.players, 2);
    }
}
