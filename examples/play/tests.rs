//! Tests of the terminal game (run by `cargo test`: `test = true` on the example).
