//! Moon Base: a config and a walk of legal and illegal steps from the bytes.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use moon_base_core::MoonBase;
use tabletop_fuzz::Table;

/// Its legal lists are cheap: every state of a walk gets its own.
static TABLE: LazyLock<Table<MoonBase>> = LazyLock::new(|| Table::new(tabletop_fuzz::moon_base()));

fuzz_target!(|data: &[u8]| tabletop_fuzz::drive(&TABLE, data));
