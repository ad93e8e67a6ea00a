//! What a seat can do (M-49).

use serde::{Deserialize, Serialize};

use crate::ops::{OpKind, Operation};
use crate::register::Reg;
use game_core::Seat;

/// An active error an OK card can repair (M-27, M-28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ErrorTarget {
    /// A disabled register (B, C or D).
    Register(Reg),
    /// A disabled kind (ROL, NOT or XOR).
    Operation(OpKind),
    /// A Bug in the cooperative queue, by position 1..=S (`ok_repairs_bug`).
    Bug(u8),
}

/// A seat's move (M-49), in the order the rules list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Action {
    /// Play an operation, paying its cost (M-12, M-13).
    Op(Operation),
    /// Play an operation with an extra-operation token (M-48).
    Token(Operation),
    /// Repair one of the errors offered by a pending OK (M-28).
    ChooseOk(ErrorTarget),
    /// Use a BUG card on another seat (competitive, M-42).
    UseBug(Seat),
    /// End the turn (under SharedPool: the round) (M-25, M-33, M-38).
    EndTurn,
    /// Log only, never legal: a MOV into the mover's own RAM as the other
    /// viewers see it when `ram_hidden` (M-8, M-51): that the seat wrote
    /// its RAM, paid with energy or a token (`token`), but not from where,
    /// which would tell them the hidden value. `check` refuses it.
    HiddenRamWrite {
        /// Paid with an extra-operation token (M-48) rather than energy.
        token: bool,
    },
}
