//! Wall-clock time as the database stores it.

use std::time::{SystemTime, UNIX_EPOCH};

/// Unix milliseconds now (0 on a clock set before 1970).
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
