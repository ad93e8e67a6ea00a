//! The shared driving logic of the cargo-fuzz targets (see README.md).
//!
//! Each target in `fuzz_targets/` is a few lines that hand the fuzzer's
//! bytes to one function here: [`drive`] for a game (from a [`Table`] of
//! start positions built once per process), [`state_replay`] for
//! deserialized states and replays, [`serve`] for the protocol, [`kit`]
//! for the conformance kit's whole-game cases. They panic on a broken
//! invariant, which libFuzzer reports as a crash.

mod configs;
mod input;
pub mod json;
mod kit;
mod serve;
mod state_replay;
mod table;
mod walk;

pub use configs::{binary_scrabble, market_island, moon, moon_base};
pub use input::Input;
pub use kit::kit;
pub use serve::serve;
pub use state_replay::state_replay;
pub use table::Table;
pub use walk::drive;
