//! What a viewer sees of Moon Base: everything (B-11, §9.6).

use crate::State;

/// An observation: the whole state, since nothing is hidden (B-11), so
/// every viewer's observation is the same.
pub type Obs = State;
