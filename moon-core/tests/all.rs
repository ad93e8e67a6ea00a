//! Every integration test of this crate in one binary: one build of the
//! game's generic code and one link, where a binary per file made the
//! test build most of CI's time. One file's tests:
//! `cargo test -p <crate> --test all <file>::`.

// Helpers the files share.
mod common;
mod configs;

#[path = "bots.rs"]
mod bots;
#[path = "comp_scenarios.rs"]
mod comp_scenarios;
#[path = "config_ranges.rs"]
mod config_ranges;
#[path = "conformance.rs"]
mod conformance;
#[path = "coop_scenarios.rs"]
mod coop_scenarios;
#[path = "golden.rs"]
mod golden;
#[path = "narration.rs"]
mod narration;
#[path = "notation.rs"]
mod notation;
#[path = "old_replays.rs"]
mod old_replays;
#[path = "presets.rs"]
mod presets;
#[path = "preview.rs"]
mod preview;
#[path = "random_action.rs"]
mod random_action;
#[path = "rules.rs"]
mod rules;
#[path = "solver.rs"]
mod solver;
#[path = "vectors.rs"]
mod vectors;
