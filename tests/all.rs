//! Every integration test of this crate in one binary: one build of the
//! game's generic code and one link, where a binary per file made the
//! test build most of CI's time. One file's tests:
//! `cargo test -p <crate> --test all <file>::`.

#[path = "all_games.rs"]
mod all_games;
#[path = "damaged_states.rs"]
mod damaged_states;
#[path = "determinism.rs"]
mod determinism;
#[path = "external_bot.rs"]
mod external_bot;
#[path = "fuzz_regressions.rs"]
mod fuzz_regressions;
#[path = "learning.rs"]
mod learning;
#[path = "pictures.rs"]
mod pictures;
#[path = "protocol.rs"]
mod protocol;
#[path = "protocol_pages.rs"]
mod protocol_pages;
#[path = "protocol_viewers.rs"]
mod protocol_viewers;
#[path = "replay_files.rs"]
mod replay_files;
#[path = "repros.rs"]
mod repros;
