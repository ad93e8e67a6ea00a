//! Every integration test of this crate in one binary: one build of the
//! game's generic code and one link, where a binary per file made the
//! test build most of CI's time. One file's tests:
//! `cargo test -p <crate> --test all <file>::`.

// Helpers the files share.
mod common;

#[path = "bots_and_arena.rs"]
mod bots_and_arena;
#[path = "kit_catches_broken_games.rs"]
mod kit_catches_broken_games;
#[path = "kit_on_demo_games.rs"]
mod kit_on_demo_games;
#[path = "learning_kit_catches_broken_views.rs"]
mod learning_kit_catches_broken_views;
#[path = "match_runner.rs"]
mod match_runner;
#[path = "notation.rs"]
mod notation;
#[path = "scoped_kit_catches_a_leak.rs"]
mod scoped_kit_catches_a_leak;
#[path = "search_bots.rs"]
mod search_bots;
#[path = "session.rs"]
mod session;
