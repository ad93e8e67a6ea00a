//! The rules object: a validated config turned into the tables play needs.

use crate::cards::EventKind;
use crate::config::{Checked, Config, ExtraOps, InitRegisters};
use crate::costs::{CostTable, Hacker, Mode};
use crate::energy::Energy;
use crate::error::MoonError;
use crate::form_table::FormTable;
use crate::goal_cards::GoalCards;
use crate::ops::{BinaryOp, OpKind, OpSet, Operation};
use crate::register::{Loc, RegSet, mask};
use crate::state::{Held, MAX_SEATS, MAX_SLOTS, Phase, Slot, State, Tokens};
use game_core::{BySeat, Seat};

/// The rules version this crate plays (`Game::RULES_VERSION`): 2 since
/// widths 7–8 play with two boxes (revision of 2026-11-25).
pub(crate) const RULES_VERSION: u32 = 2;
/// The oldest rules version whose replays still play as recorded: version 1
/// plays widths 7–8 with one box.
pub(crate) const OLDEST_RULES_VERSION: u32 = 1;

/// What the move generator needs of one operation, computed once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpInfo {
    pub op: Operation,
    pub kind: OpKind,
    pub regs: RegSet,
}

/// The MOON rules engine: build it once from a [`Config`] with
/// [`game_core::Game::new`], then play on [`crate::State`]s.
#[derive(Clone, Debug)]
pub struct Moon {
    pub(crate) config: Config,
    /// The rules version played: older ones only for old replays.
    pub(crate) rules_version: u32,
    /// Boxes of cards: 2 at widths 7–8 from rules version 2 (M-2, M-3).
    pub(crate) boxes: u8,
    pub(crate) mode: Mode,
    pub(crate) seats: u8,
    pub(crate) width: u8,
    pub(crate) mask: u8,
    pub(crate) costs: CostTable,
    pub(crate) budgets: [Energy; MAX_SEATS],
    pub(crate) ops: OpSet,
    pub(crate) bugs: u8,
    pub(crate) events: [u8; EventKind::COUNT],
    pub(crate) init: InitRegisters,
    /// Bit v set when goal value v is a card of this game (M-2); each has
    /// `boxes` copies.
    pub(crate) goal_values: u16,
    /// Goal cards set aside unseen by `goal_deck_size` (M-6).
    pub(crate) aside: u8,
    pub(crate) copies: u8,
    pub(crate) slots: u8,
    pub(crate) hackers: [Option<Hacker>; MAX_SEATS],
    /// RAM owners: 0 without RAM.
    pub(crate) ram_owners: u8,
    pub(crate) extra: Option<ExtraOps>,
    /// Every operation that can ever be legal by form (M-12 rules 5–7
    /// met), ascending, sorted by the registers they use for fast move
    /// generation.
    pub(crate) form_table: FormTable,
    /// Each seat's costs before free uses (M-44) as steps: ascending
    /// distinct costs, each with the set of kinds costing at most it.
    pub(crate) seat_costs: [Vec<(Energy, OpSet)>; MAX_SEATS],
    pub(crate) max_steps: usize,
}

/// M-10: the operation forms this config plays: no backwards XCHG, no RAM
/// to RAM, no self-MOV when forbidden, no RAM without RAM owners.
fn playable_forms(config: &Config, ram_owners: u8) -> Vec<OpInfo> {
    Operation::all()
        .into_iter()
        .filter(|op| {
            let xchg_backwards =
                matches!(op, Operation::Binary { op: BinaryOp::Xchg, dst, src } if dst > src);
            let ram_ram = matches!(
                op,
                Operation::Mov {
                    dst: Loc::Ram,
                    src: Loc::Ram
                }
            );
            let self_move = config.forbid_self_mov && op.is_self_move();
            let ram_less = op.uses_ram() && ram_owners == 0;
            !(xchg_backwards || ram_ram || self_move || ram_less)
        })
        .map(|op| OpInfo {
            op,
            kind: op.kind(),
            regs: op.registers(),
        })
        .collect()
}

impl Moon {
    /// Builds the tables of rules `version` from `config`, validated first
    /// by [`Config::validate`] (§12).
    pub(crate) fn build(config: Config, version: u32) -> Result<Moon, MoonError> {
        let Checked {
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
        } = config.validate(version)?;
        let mode = config.mode;
        let width = config.width;
        let m = mask(width);
        let ram_owners = match mode {
            Mode::Competitive => seats,
            Mode::Cooperative if config.coop_ram => seats,
            Mode::Cooperative => 0,
        };
        let ops = OpSet::of(config.operations.iter().copied());
        let forms = playable_forms(&config, ram_owners);
        let mut moon = Moon {
            rules_version: version,
            boxes,
            mode,
            seats,
            width,
            mask: m,
            costs,
            budgets,
            ops,
            bugs,
            events,
            init,
            goal_values,
            aside,
            copies,
            slots: config.slots,
            hackers,
            ram_owners,
            extra: config.extra_ops,
            form_table: FormTable::new(&forms),
            seat_costs: std::array::from_fn(|seat| cost_steps(&costs, hackers[seat])),
            max_steps: 0,
            config,
        };
        moon.max_steps = moon.step_bound(in_deck);
        Ok(moon)
    }

    /// M-52: a true bound on steps. Rounds: coop at most (cards) + S + 1,
    /// since every end of round with a non-empty deck uses a card and
    /// S + 1 more push every pending card out; competitive `max_rounds`.
    /// A turn: paid operations (≥ 1 half-unit each), free uses, BUG uses
    /// (each BUG twice at most: it may come back by a draw), EndTurn.
    /// Plus every chance step (one per card), OK choices and tokens.
    fn step_bound(&self, goals_in_deck: u8) -> usize {
        let events: usize = self.events.iter().map(|&c| usize::from(c)).sum();
        let cards = usize::from(goals_in_deck) + usize::from(self.bugs) + events;
        let rounds = match self.mode {
            Mode::Cooperative => cards + usize::from(self.slots) + 2,
            Mode::Competitive => usize::from(self.config.max_rounds) + 1,
        };
        let budget = self
            .budgets
            .iter()
            .map(|e| usize::from(e.0))
            .max()
            .unwrap_or(0);
        let per_turn = budget
            + usize::from(self.config.purple_free_movs)
            + usize::from(self.config.red_free_logic)
            + 2 * usize::from(self.bugs)
            + 1;
        let turns = rounds * usize::from(self.seats);
        let oks = usize::from(self.events[EventKind::Ok.index()]);
        turns * per_turn + cards + usize::from(self.copies) + oks + 16 + 1
    }

    /// The validated config.
    #[must_use]
    pub fn rules_config(&self) -> &Config {
        &self.config
    }

    /// Boxes of cards in play: 2 at widths 7–8 (M-2, M-3), else 1.
    #[must_use]
    pub const fn boxes(&self) -> u8 {
        self.boxes
    }

    /// Goal cards of the game before any is drawn: 16 per box, one fewer
    /// per box without `0000` (M-2).
    #[must_use]
    pub const fn goal_cards(&self) -> u8 {
        self.goal_values.count_ones() as u8 * self.boxes
    }

    /// The register width n.
    #[must_use]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Cooperative or competitive.
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The base cost table in force (custom or the mode's column).
    #[must_use]
    pub const fn cost_table(&self) -> &CostTable {
        &self.costs
    }

    /// The permitted kinds.
    #[must_use]
    pub const fn operations(&self) -> OpSet {
        self.ops
    }

    /// The budget of `seat` per turn or round (M-9).
    #[must_use]
    pub fn budget(&self, seat: Seat) -> Energy {
        self.budgets
            .get(seat.index())
            .copied()
            .unwrap_or(Energy::ZERO)
    }

    /// The hacker of `seat`, if any (M-44).
    #[must_use]
    pub fn hacker(&self, seat: Seat) -> Option<Hacker> {
        self.hackers.get(seat.index()).copied().flatten()
    }

    /// True when seats own a RAM (M-8, M-33).
    #[must_use]
    pub const fn has_ram(&self) -> bool {
        self.ram_owners > 0
    }

    /// Queue positions S.
    #[must_use]
    pub const fn slots(&self) -> u8 {
        self.slots
    }

    /// Who holds tokens and score for `seat`: the team (entry 0) in
    /// cooperative play (M-33, M-47), else the seat.
    #[must_use]
    pub(crate) fn holder(&self, seat: Seat) -> Seat {
        match self.mode {
            Mode::Cooperative => Seat(0),
            Mode::Competitive => seat,
        }
    }
}

impl Moon {
    pub(crate) fn holders(&self) -> usize {
        match self.mode {
            Mode::Cooperative => 1,
            Mode::Competitive => usize::from(self.seats),
        }
    }

    pub(crate) fn fresh_state(&self) -> State {
        let comp = self.mode == Mode::Competitive;
        let seats = usize::from(self.seats);
        let regs = match self.init {
            crate::config::InitRegisters::CopyGoals(_) => [0; 4],
            crate::config::InitRegisters::AOne => [1, 0, 0, 0],
            crate::config::InitRegisters::Fixed(v) => v,
        };
        let per_seat = if comp { seats } else { 0 };
        let mut s = State {
            phase: Phase::Setup,
            round: 1,
            turn: Seat(0),
            regs,
            rams: by_seat(usize::from(self.ram_owners), 0),
            disabled_regs: RegSet::EMPTY,
            disabled_ops: OpSet::EMPTY,
            energy: self.budget(Seat(0)),
            free_movs: 0,
            free_logic: 0,
            tokens: by_seat(self.holders(), Tokens::default()),
            scores: by_seat(self.holders(), 0),
            pool: crate::cards::Pool {
                goals: self.goal_cards(),
                ..Default::default()
            },
            discard: 0,
            discard_second: 0,
            pending: None,
            ok_chooser: None,
            armed: false,
            checking: false,
            queue: [Slot::Empty; MAX_SLOTS],
            goals: by_seat(per_seat, Held::default()),
            bugs_held: by_seat(per_seat, 0),
            end_triggered: false,
        };
        // M-2, M-6: every value once per box, all unseen.
        s.pool
            .set_unseen(GoalCards::each(self.goal_values, self.boxes));
        if self.copies > 0 {
            s.phase = Phase::Copying(self.copies);
        } else {
            self.fill_deck(&mut s);
        }
        s
    }
}

/// The steps of `Moon::seat_costs` for a seat with `hacker`.
fn cost_steps(costs: &CostTable, hacker: Option<Hacker>) -> Vec<(Energy, OpSet)> {
    let cost = |k: OpKind| hacker.map_or(costs.get(k), |h| h.discounted(k, costs.get(k)));
    let mut levels: Vec<Energy> = OpKind::ALL.into_iter().map(cost).collect();
    levels.sort_unstable();
    levels.dedup();
    levels
        .into_iter()
        .map(|c| {
            let kinds = OpSet::of(OpKind::ALL.into_iter().filter(|&k| cost(k) <= c));
            (c, kinds)
        })
        .collect()
}

/// A per-seat table of `len` copies of `value`; `len` is a seat count
/// validated to at most [`MAX_SEATS`] by `Moon::new`.
pub(crate) fn by_seat<T: Copy + Default>(len: usize, value: T) -> BySeat<T, MAX_SEATS> {
    BySeat::filled(len, value)
}
