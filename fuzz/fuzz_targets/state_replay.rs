//! States and replays of every game, edited or raw, through `check_state`
//! and replay loading.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tabletop_fuzz::state_replay(data));
