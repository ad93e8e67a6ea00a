//! Binary Scrabble: a config and a walk of legal and illegal steps from the bytes.
#![no_main]

use std::sync::LazyLock;

use binary_scrabble_core::Scrabble;
use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::Table;

/// A Binary Scrabble list takes milliseconds (thousands of plays): walks
/// use the table's lists and step on with actions `check` accepts.
static TABLE: LazyLock<Table<Scrabble>> =
    LazyLock::new(|| Table::new(tabletop_fuzz::binary_scrabble()).fresh_lists(0));

fuzz_target!(|data: &[u8]| tabletop_fuzz::drive(&TABLE, data));
