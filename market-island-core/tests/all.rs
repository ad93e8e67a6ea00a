//! Every integration test of this crate in one binary: one build of the
//! game's generic code and one link, where a binary per file made the
//! test build most of CI's time. One file's tests:
//! `cargo test -p <crate> --test all <file>::`.

// Helpers the files share.
mod common;
mod configs;

#[path = "bots.rs"]
mod bots;
#[path = "config.rs"]
mod config;
#[path = "conformance.rs"]
mod conformance;
#[path = "examples.rs"]
mod examples;
#[path = "golden.rs"]
mod golden;
#[path = "hidden.rs"]
mod hidden;
#[path = "immediate.rs"]
mod immediate;
#[path = "ledger.rs"]
mod ledger;
#[path = "narration.rs"]
mod narration;
#[path = "notation.rs"]
mod notation;
#[path = "preview.rs"]
mod preview;
#[path = "provenance.rs"]
mod provenance;
#[path = "random_action.rs"]
mod random_action;
#[path = "robust.rs"]
mod robust;
#[path = "rules.rs"]
mod rules;
