//! Token buckets: a burst is allowed, then a steady rate.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// One client's bucket.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    #[must_use]
    pub fn full(burst: u32) -> Self {
        Bucket {
            tokens: f64::from(burst),
            at: Instant::now(),
        }
    }

    /// Takes one token if there is one, refilling at `per_second` up to
    /// `burst` first.
    pub fn take(&mut self, per_second: u32, burst: u32) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * f64::from(per_second);
        self.tokens = (self.tokens + refill).min(f64::from(burst));
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A bucket per address.
pub struct RateTable {
    per_second: u32,
    burst: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Addresses remembered before the table forgets the full ones (whose
/// owners are at rest).
const FORGET_ABOVE: usize = 100_000;

impl RateTable {
    /// A table giving each address `burst` at once and `per_second` after.
    #[must_use]
    pub fn new(per_second: u32, burst: u32) -> Self {
        RateTable {
            per_second,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `address` may make one more request now.
    pub fn allow(&self, address: IpAddr) -> bool {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() > FORGET_ABOVE {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, b| {
                let mut probe = *b;
                probe.take(rate, burst);
                probe.tokens < f64::from(burst) - 1.0
            });
        }
        buckets
            .entry(address)
            .or_insert_with(|| Bucket::full(self.burst))
            .take(self.per_second, self.burst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let table = RateTable::new(1, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!((0..3).all(|_| table.allow(a)));
        assert!(!table.allow(a), "the fourth at once is refused");
        assert!(table.allow(b), "another address has its own bucket");
    }
}
