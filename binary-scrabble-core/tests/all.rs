//! Every integration test of this crate in one binary: one build of the
//! game's generic code and one link, where a binary per file made the
//! test build most of CI's time. One file's tests:
//! `cargo test -p <crate> --test all <file>::`.

// Helpers the files share.
mod common;
mod configs;

#[path = "brute_force.rs"]
mod brute_force;
#[path = "conformance.rs"]
mod conformance;
#[path = "equations.rs"]
mod equations;
#[path = "fast_lists.rs"]
mod fast_lists;
#[path = "game_flow.rs"]
mod game_flow;
#[path = "golden.rs"]
mod golden;
#[path = "legality.rs"]
mod legality;
#[path = "narration.rs"]
mod narration;
#[path = "notation.rs"]
mod notation;
#[path = "old_replays.rs"]
mod old_replays;
#[path = "preview.rs"]
mod preview;
#[path = "reference_bots.rs"]
mod reference_bots;
#[path = "reference_positions.rs"]
mod reference_positions;
#[path = "scoring.rs"]
mod scoring;
#[path = "worst_cases.rs"]
mod worst_cases;
