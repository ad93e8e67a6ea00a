//! Batch work spread over the machine's cores with results in input order,
//! so a tool's output does not depend on how many threads ran it.
//!
//! Each job is a pure function of its index (seeded games are: the seed is
//! derived from the index); workers take the next index from a shared
//! counter and the results are put back in index order. A worker may keep
//! a scratch value (a bot with a cache, buffers) across the jobs it runs,
//! as long as that value changes only speed, never a result.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The threads to use for `asked` (0: one per available core), never more
/// than `jobs` and at least one.
#[must_use]
pub fn thread_count(asked: usize, jobs: usize) -> usize {
    let threads = if asked == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        asked
    };
    threads.clamp(1, jobs.max(1))
}

/// Runs `work(&mut scratch, i)` for every `i` in `0..jobs` on
/// [`thread_count`]`(threads, jobs)` threads, each with its own scratch
/// value from `scratch`, and returns the results in index order.
/// `progress` is called once after each job ends (from any worker).
///
/// The results are the same for every thread count when `work` depends on
/// `i` alone. A panicking job propagates the panic to the caller once the
/// other workers stop.
pub fn map_in_order<S, R: Send>(
    jobs: usize,
    threads: usize,
    scratch: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    progress: impl Fn() + Sync,
) -> Vec<R> {
    let threads = thread_count(threads, jobs);
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(jobs));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut own = scratch();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs {
                        break;
                    }
                    let result = work(&mut own, i);
                    done.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((i, result));
                    progress();
                }
            });
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameRng, mix_seed};

    /// A seeded job whose cost varies, so workers finish out of order.
    fn job(scratch: &mut Vec<u64>, i: usize) -> u64 {
        let mut rng = GameRng::new(mix_seed(7, i as u64));
        let rounds = 1 + rng.below(2_000);
        scratch.clear();
        for _ in 0..rounds {
            scratch.push(u64::from(rng.below(1_000)));
        }
        scratch.iter().sum()
    }

    #[test]
    fn results_are_in_index_order_for_any_thread_count() {
        let one = map_in_order(200, 1, Vec::new, job, || {});
        assert_eq!(one.len(), 200);
        let serial: Vec<u64> = (0..200).map(|i| job(&mut Vec::new(), i)).collect();
        assert_eq!(one, serial);
        for threads in [2, 3, 8, 0] {
            assert_eq!(map_in_order(200, threads, Vec::new, job, || {}), one);
        }
    }

    #[test]
    fn progress_is_called_once_per_job() {
        let calls = AtomicUsize::new(0);
        let out = map_in_order(
            37,
            4,
            || (),
            |(), i| i * 2,
            || {
                calls.fetch_add(1, Ordering::Relaxed);
            },
        );
        assert_eq!(calls.load(Ordering::Relaxed), 37);
        assert_eq!(out, (0..37).map(|i| i * 2).collect::<Vec<_>>());
    }

    #[test]
    fn no_jobs_gives_no_results_and_one_thread() {
        assert!(map_in_order(0, 0, || (), |(), i| i, || {}).is_empty());
        assert_eq!(thread_count(0, 0), 1);
        assert_eq!(thread_count(16, 3), 3);
        assert_eq!(thread_count(2, 100), 2);
    }
}
