//! States a session remembers at a few step counts, so that reading the
//! log from step `n` on replays only the steps after `n`.
//!
//! A server sends each viewer the log entries it has not been sent yet.
//! Without this, every such read replayed the whole game from its first
//! step, and a long match's frames cost time in proportion to its length.

use std::sync::Mutex;

/// How many states a session keeps: one per distinct "sent up to here"
/// position of its viewers is enough (viewers that are up to date all ask
/// from the same step).
const KEPT: usize = 4;

/// A few `(step count, state after that many steps)` pairs, newest last.
///
/// A cache, not part of the game: cloning a session clones it, printing a
/// session shows none of it, and undo drops the states past the steps it
/// keeps.
pub(crate) struct Checkpoints<S> {
    kept: Mutex<Vec<(usize, S)>>,
}

impl<S: Clone> Checkpoints<S> {
    pub(crate) fn new() -> Self {
        Checkpoints {
            kept: Mutex::new(Vec::new()),
        }
    }

    /// The latest kept state at or before `step`, with its step count.
    pub(crate) fn at_or_before(&self, step: usize) -> Option<(usize, S)> {
        let kept = self.lock();
        kept.iter()
            .filter(|(at, _)| *at <= step)
            .max_by_key(|(at, _)| *at)
            .map(|(at, state)| (*at, state.clone()))
    }

    /// Keeps `state` as the state after `step` steps (unless one is kept
    /// there already), forgetting the earliest kept one past [`KEPT`].
    pub(crate) fn keep(&self, step: usize, state: &S) {
        let mut kept = self.lock();
        if kept.iter().any(|(at, _)| *at == step) {
            return;
        }
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((step, state.clone()));
    }

    /// Forgets every state after more than `steps` steps (the log was cut
    /// back to `steps`).
    pub(crate) fn cut_to(&self, steps: usize) {
        self.lock().retain(|(at, _)| *at <= steps);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(usize, S)>> {
        // Nothing panics while the lock is held, so a poisoned lock still
        // holds valid states.
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<S: Clone> Clone for Checkpoints<S> {
    fn clone(&self) -> Self {
        Checkpoints {
            kept: Mutex::new(self.lock().clone()),
        }
    }
}

impl<S> std::fmt::Debug for Checkpoints<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Checkpoints")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_latest_state_at_or_before_a_step() {
        let kept = Checkpoints::new();
        kept.keep(3, &"three");
        kept.keep(7, &"seven");
        assert_eq!(kept.at_or_before(2), None);
        assert_eq!(kept.at_or_before(5), Some((3, "three")));
        assert_eq!(kept.at_or_before(9), Some((7, "seven")));
    }

    #[test]
    fn keeps_only_the_most_recent_few() {
        let kept = Checkpoints::new();
        for step in 0..=KEPT {
            kept.keep(step, &step);
        }
        // Step 0 was kept first and is gone; the others remain.
        assert_eq!(kept.at_or_before(0), None);
        assert_eq!(kept.at_or_before(KEPT), Some((KEPT, KEPT)));
    }

    #[test]
    fn cutting_the_log_forgets_the_states_past_the_cut() {
        let kept = Checkpoints::new();
        kept.keep(2, &2);
        kept.keep(6, &6);
        kept.cut_to(4);
        assert_eq!(kept.at_or_before(10), Some((2, 2)));
    }
}
