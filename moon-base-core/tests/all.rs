//! Every integration test of this crate in one binary: one build of the
//! game's generic code and one link, where a binary per file made the
//! test build most of CI's time. One file's tests:
//! `cargo test -p <crate> --test all <file>::`.

// Helpers the files share.
mod common;
mod configs;

#[path = "config_and_board.rs"]
mod config_and_board;
#[path = "conformance.rs"]
mod conformance;
#[path = "generation_matches_checks.rs"]
mod generation_matches_checks;
#[path = "golden.rs"]
mod golden;
#[path = "legal_indices.rs"]
mod legal_indices;
#[path = "move_counts.rs"]
mod move_counts;
#[path = "narration.rs"]
mod narration;
#[path = "no_panic.rs"]
mod no_panic;
#[path = "notation.rs"]
mod notation;
#[path = "play_flow.rs"]
mod play_flow;
#[path = "preview.rs"]
mod preview;
#[path = "random_action.rs"]
mod random_action;
#[path = "random_play_figures.rs"]
mod random_play_figures;
#[path = "rules_versions.rs"]
mod rules_versions;
#[path = "worked_examples.rs"]
mod worked_examples;
