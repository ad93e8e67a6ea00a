//! Market Island: a config and a walk of legal and illegal steps from the bytes.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use market_island_core::MarketIsland;
use tabletop_fuzz::Table;

/// `check_state` verifies the whole ledger (hashes, balances) and every
/// card: it costs a hundred steps, so walks run it on every 4th state.
static TABLE: LazyLock<Table<MarketIsland>> =
    LazyLock::new(|| Table::new(tabletop_fuzz::market_island()).check_state_every(4));

fuzz_target!(|data: &[u8]| tabletop_fuzz::drive(&TABLE, data));
