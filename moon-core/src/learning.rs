//! The learning view of MOON (see `RULES.md`, "Learning view"): every move
//! as one of 428 indices, every observation as 507 numbers.
//!
//! The index space is the same for every config, so one network serves
//! every table; moves a config does not allow are simply never legal.

use game_core::learning::{push_bits, push_flag, push_one_hot, push_scaled};
use game_core::{Game, Learning, Seat, ToAct, Viewer};

// Seat and queue bounds are the state module's (not re-exported at the root).
use crate::state::{MAX_SEATS, MAX_SLOTS};
use crate::{
    ALL_EVENTS, Action, BinaryOp, ErrorTarget, GoalView, Half, Loc, Moon, Obs, OpKind, Operation,
    Phase, Reg, Slot, State, UnaryOp,
};

/// Operations: 7 unary x 4 registers, 9 binary x 4 x 4, MOV 5 x 5 (M-9..M-11).
const OPERATIONS: u64 = 7 * 4 + 9 * 4 * 4 + 5 * 5;
/// OK targets: 4 registers, 17 kinds, a Bug at queue positions 1..=8 (M-28).
const OK_TARGETS: u64 = 4 + 17 + MAX_SLOTS as u64;
const TOKEN_BASE: u64 = OPERATIONS;
const OK_BASE: u64 = 2 * OPERATIONS;
const USE_BUG_BASE: u64 = OK_BASE + OK_TARGETS;
const END_TURN: u64 = USE_BUG_BASE + MAX_SEATS as u64;
/// The size of MOON's action space.
pub const MOON_ACTIONS: u64 = END_TURN + 1;

/// Goal cards are 4-bit values (M-15): one bin per value.
const CARD_VALUES: usize = 16;
/// Numbers per queue slot: kind one-hot (4), card bits (4), partner one-hot
/// (none, card, virtual) (3), partner bits (4).
const SLOT_LEN: usize = 4 + 4 + 3 + 4;
/// Numbers per competitive goal view: kind one-hot (3), cards held (1),
/// first card bits (4), second half one-hot (none, card, virtual) (3) and
/// bits (4), value known (1) and bits (8).
const GOAL_LEN: usize = 3 + 1 + 4 + 3 + 4 + 1 + 8;
/// The length of MOON's observation tensor.
pub const MOON_TENSOR_LEN: usize = 5 // viewer
    + 2 + 1 // mode, width
    + 6 + 1 // phase, copying count
    + 1 // round
    + MAX_SEATS // turn
    + MAX_SEATS + 2 // to act
    + 4 * 8 // registers
    + 4 + 17 // disabled registers and kinds
    + 2 + 2 // energy, budget, free MOVs, free logic
    + 1 + MAX_SEATS + OK_TARGETS as usize // OK choice
    + MAX_SEATS * 9 // RAMs
    + MAX_SLOTS * SLOT_LEN // queue
    + 9 // current goal
    + MAX_SEATS // scores
    + MAX_SEATS * 17 // tokens
    + MAX_SEATS // BUGs held
    + MAX_SEATS * GOAL_LEN // goals
    + CARD_VALUES // discard
    + 3 + CARD_VALUES + 17 // unseen: deck, goal cards, bugs, goal values, events
    + 1; // end triggered

const fn reg_index(r: Reg) -> u64 {
    r.index() as u64
}

const fn loc_index(l: Loc) -> u64 {
    match l {
        Loc::Reg(r) => reg_index(r),
        Loc::Ram => 4,
    }
}

fn loc_of(i: u64) -> Option<Loc> {
    match i {
        4 => Some(Loc::Ram),
        _ => Reg::ALL
            .get(usize::try_from(i).ok()?)
            .copied()
            .map(Loc::Reg),
    }
}

fn reg_of(i: u64) -> Option<Reg> {
    Reg::ALL.get(usize::try_from(i).ok()?).copied()
}

/// The index of an operation, below [`OPERATIONS`].
#[inline]
fn operation_index(op: Operation) -> u64 {
    match op {
        Operation::Unary { op, reg } => (op as u64) * 4 + reg_index(reg),
        Operation::Binary { op, dst, src } => {
            28 + ((op as u64) * 4 + reg_index(dst)) * 4 + reg_index(src)
        }
        Operation::Mov { dst, src } => 28 + 144 + loc_index(dst) * 5 + loc_index(src),
    }
}

fn operation_of(i: u64) -> Option<Operation> {
    if i < 28 {
        let op = *UnaryOp::ALL.get(usize::try_from(i / 4).ok()?)?;
        Some(Operation::Unary {
            op,
            reg: reg_of(i % 4)?,
        })
    } else if i < 28 + 144 {
        let j = i - 28;
        let op = *BinaryOp::ALL.get(usize::try_from(j / 16).ok()?)?;
        Some(Operation::Binary {
            op,
            dst: reg_of(j / 4 % 4)?,
            src: reg_of(j % 4)?,
        })
    } else if i < OPERATIONS {
        let j = i - 28 - 144;
        Some(Operation::Mov {
            dst: loc_of(j / 5)?,
            src: loc_of(j % 5)?,
        })
    } else {
        None
    }
}

#[inline]
fn ok_target_index(t: ErrorTarget) -> Option<u64> {
    match t {
        ErrorTarget::Register(r) => Some(reg_index(r)),
        ErrorTarget::Operation(k) => Some(4 + k.index() as u64),
        ErrorTarget::Bug(p) => {
            // Queue positions are 1..=S (M-19).
            let p = u64::from(p);
            (1..=MAX_SLOTS as u64).contains(&p).then(|| 4 + 17 + p - 1)
        }
    }
}

fn ok_target_of(i: u64) -> Option<ErrorTarget> {
    if i < 4 {
        reg_of(i).map(ErrorTarget::Register)
    } else if i < 4 + 17 {
        OpKind::ALL
            .get(usize::try_from(i - 4).ok()?)
            .copied()
            .map(ErrorTarget::Operation)
    } else if i < OK_TARGETS {
        u8::try_from(i - 4 - 17 + 1).ok().map(ErrorTarget::Bug)
    } else {
        None
    }
}

#[inline]
fn action_index(a: &Action) -> Option<u64> {
    match *a {
        Action::Op(op) => Some(operation_index(op)),
        Action::Token(op) => Some(TOKEN_BASE + operation_index(op)),
        Action::ChooseOk(t) => ok_target_index(t).map(|i| OK_BASE + i),
        Action::UseBug(seat) => {
            (seat.index() < MAX_SEATS).then(|| USE_BUG_BASE + seat.index() as u64)
        }
        Action::EndTurn => Some(END_TURN),
        // M-51: a log-only form, never legal, so outside the space.
        Action::HiddenRamWrite { .. } => None,
    }
}

fn action_of(i: u64) -> Option<Action> {
    if i < TOKEN_BASE {
        operation_of(i).map(Action::Op)
    } else if i < OK_BASE {
        operation_of(i - TOKEN_BASE).map(Action::Token)
    } else if i < USE_BUG_BASE {
        ok_target_of(i - OK_BASE).map(Action::ChooseOk)
    } else if i < END_TURN {
        u8::try_from(i - USE_BUG_BASE)
            .ok()
            .map(|s| Action::UseBug(Seat(s)))
    } else if i == END_TURN {
        Some(Action::EndTurn)
    } else {
        None
    }
}

/// Pushes a 4-bit card value or a half of a wide goal (M-15, M-16).
fn push_half(out: &mut Vec<f32>, half: Option<Half>) {
    let (kind, bits) = match half {
        None => (0, 0),
        Some(Half::Card(v)) => (1, u64::from(v)),
        Some(Half::Virtual) => (2, 0),
    };
    push_one_hot(out, Some(kind), 3);
    push_bits(out, bits, 4);
}

/// Pushes how many of `values` fall in each of the 16 card values.
fn push_value_counts(out: &mut Vec<f32>, values: &[u8]) {
    let mut counts = [0i64; CARD_VALUES];
    for &v in values {
        counts[usize::from(v).min(CARD_VALUES - 1)] += 1;
    }
    for n in counts {
        push_scaled(out, n, 2);
    }
}

fn push_slot(out: &mut Vec<f32>, slot: Option<Slot>) {
    let (kind, card, partner) = match slot {
        None | Some(Slot::Empty) => (Some(0), None, None),
        Some(Slot::FaceDown) => (Some(1), None, None),
        Some(Slot::Goal { card, partner }) => (Some(2), Some(card), partner),
        Some(Slot::Bug) => (Some(3), None, None),
    };
    push_one_hot(out, kind, 4);
    push_bits(out, card.map_or(0, u64::from), 4);
    push_half(out, partner);
}

fn push_goal(out: &mut Vec<f32>, goal: Option<&GoalView>) {
    let (kind, cards, first, second, value) = match goal {
        None | Some(GoalView::None) => (0, 0, None, None, None),
        Some(GoalView::Hidden { cards }) => (1, *cards, None, None, None),
        Some(GoalView::Known {
            first,
            second,
            value,
        }) => (
            2,
            1 + u8::from(second.is_some()),
            Some(*first),
            *second,
            *value,
        ),
    };
    push_one_hot(out, Some(kind), 3);
    push_scaled(out, i64::from(cards), 2);
    push_bits(out, first.map_or(0, u64::from), 4);
    push_half(out, second);
    push_flag(out, value.is_some());
    push_bits(out, value.map_or(0, u64::from), 8);
}

fn phase_index(p: Phase) -> (usize, u8) {
    match p {
        Phase::Copying(n) => (0, n),
        Phase::Setup => (1, 0),
        Phase::Play => (2, 0),
        Phase::Won => (3, 0),
        Phase::Lost => (4, 0),
        Phase::Ended => (5, 0),
    }
}

impl Learning for Moon {
    fn num_distinct_actions(&self) -> u64 {
        MOON_ACTIONS
    }

    // Inlined, with the functions it calls, into the registry's index
    // loop: one call per legal action per ply of a Python playout.
    #[inline]
    fn action_to_index(&self, _s: &State, a: &Action) -> Option<u64> {
        action_index(a)
    }

    fn index_to_action(&self, _s: &State, _seat: Seat, index: u64) -> Option<Action> {
        action_of(index)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![MOON_TENSOR_LEN]
    }

    fn encode_observation(&self, obs: &Obs, out: &mut Vec<f32>) {
        out.clear();
        let seat_of = |v: Viewer| v.seat().map(Seat::index);
        push_flag(out, obs.viewer.seat().is_some());
        push_one_hot(out, seat_of(obs.viewer), MAX_SEATS);
        push_one_hot(
            out,
            Some(match obs.mode {
                crate::Mode::Cooperative => 0,
                crate::Mode::Competitive => 1,
            }),
            2,
        );
        push_scaled(out, i64::from(obs.width), 8);
        let (phase, copying) = phase_index(obs.phase);
        push_one_hot(out, Some(phase), 6);
        push_scaled(out, i64::from(copying), 4);
        push_scaled(
            out,
            i64::from(obs.round),
            i64::from(self.config().max_rounds),
        );
        push_one_hot(out, Some(obs.turn.index()), MAX_SEATS);
        let to_act = match obs.to_act {
            ToAct::Seat(s) => s.index(),
            ToAct::Chance => MAX_SEATS,
            ToAct::Over => MAX_SEATS + 1,
        };
        push_one_hot(out, Some(to_act), MAX_SEATS + 2);
        for r in obs.regs {
            push_bits(out, u64::from(r), 8);
        }
        push_bits(out, u64::from(obs.disabled_regs.0), 4);
        push_bits(out, u64::from(obs.disabled_ops.0), 17);
        // Energy is in half units (M-12); budgets reach 40 units.
        push_scaled(out, i64::from(obs.energy.half_units()), 80);
        push_scaled(out, i64::from(obs.budget.half_units()), 80);
        push_scaled(out, i64::from(obs.free_movs), 8);
        push_scaled(out, i64::from(obs.free_logic), 8);
        push_flag(out, obs.ok_choice.is_some());
        push_one_hot(
            out,
            obs.ok_choice.as_ref().map(|c| c.chooser.index()),
            MAX_SEATS,
        );
        let mut targets = [0.0f32; OK_TARGETS as usize];
        for t in obs.ok_choice.iter().flat_map(|c| &c.targets) {
            if let Some(i) = ok_target_index(*t) {
                targets[i as usize] = 1.0;
            }
        }
        out.extend(targets);
        for i in 0..MAX_SEATS {
            let ram = obs.rams.get(i).copied().flatten();
            push_flag(out, ram.is_some());
            push_bits(out, ram.map_or(0, u64::from), 8);
        }
        for i in 0..MAX_SLOTS {
            push_slot(out, obs.queue.get(i).copied());
        }
        push_flag(out, obs.current_goal.is_some());
        push_bits(out, obs.current_goal.map_or(0, u64::from), 8);
        for i in 0..MAX_SEATS {
            push_scaled(out, obs.scores.get(i).map_or(0, |&n| i64::from(n)), 8);
        }
        for i in 0..MAX_SEATS {
            for kind in OpKind::ALL {
                let n = obs.tokens.get(i).map_or(0, |t| t.count(kind));
                push_scaled(out, i64::from(n), 4);
            }
        }
        for i in 0..MAX_SEATS {
            push_scaled(out, obs.bugs_held.get(i).map_or(0, |&n| i64::from(n)), 4);
        }
        for i in 0..MAX_SEATS {
            push_goal(out, obs.goals.get(i));
        }
        push_value_counts(out, &obs.discard);
        push_scaled(out, i64::from(obs.unseen.deck), 64);
        push_scaled(out, i64::from(obs.unseen.goal_cards), 32);
        push_scaled(out, i64::from(obs.unseen.bugs), 4);
        push_value_counts(out, &obs.unseen.goal_values);
        for kind in ALL_EVENTS {
            let n = obs
                .unseen
                .events
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(0, |(_, n)| *n);
            push_scaled(out, i64::from(n), 8);
        }
        push_flag(out, obs.end_triggered);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_decodes_to_an_action_that_encodes_back() {
        let mut decoded = 0;
        for i in 0..MOON_ACTIONS {
            let a = action_of(i).expect("every index names an action");
            assert_eq!(action_index(&a), Some(i), "{a:?}");
            decoded += 1;
        }
        assert_eq!(decoded, 428);
        assert_eq!(action_of(MOON_ACTIONS), None);
        // RULES.md documents the layout's length.
        assert_eq!(MOON_TENSOR_LEN, 507);
    }

    #[test]
    fn the_log_only_ram_write_has_no_index() {
        assert_eq!(action_index(&Action::HiddenRamWrite { token: true }), None);
    }
}
