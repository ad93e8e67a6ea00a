//! Where the move generator's plays go (M-1): the public sinks a caller
//! may pass to [`crate::MoveGen::generate`], and the reports of the
//! generator's own entry points, which build no play they do not keep and
//! take the plays in `Ord` order as the search finds them.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::action::{Action, Play};

/// A play with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoredPlay {
    /// The play, in canonical form.
    pub play: Play,
    /// What it scores.
    pub score: i32,
}

/// Receives each legal play once, with its score, in no particular order.
pub trait PlaySink {
    /// One legal play.
    fn emit(&mut self, play: &Play, score: i32);

    /// True for a sink that only wants the best plays: the search then
    /// visits promising lines first and calls [`PlaySink::floor`].
    const PRUNES: bool = false;

    /// The lowest score still wanted: the search may skip plays that cannot
    /// reach it (branch and bound, M-4). `None` wants every play.
    fn floor(&self) -> Option<i32> {
        None
    }
}

/// Counts plays (M-1 c).
#[derive(Clone, Copy, Debug, Default)]
pub struct CountSink(pub usize);

impl PlaySink for CountSink {
    fn emit(&mut self, _play: &Play, _score: i32) {
        self.0 += 1;
    }
}

/// Keeps the best play: highest score, ties to the smallest `Ord` (M-1 b).
#[derive(Clone, Copy, Debug, Default)]
pub struct BestSink(pub Option<ScoredPlay>);

impl PlaySink for BestSink {
    fn emit(&mut self, play: &Play, score: i32) {
        let better = match &self.0 {
            None => true,
            Some(b) => score > b.score || (score == b.score && *play < b.play),
        };
        if better {
            self.0 = Some(ScoredPlay { play: *play, score });
        }
    }

    const PRUNES: bool = true;

    fn floor(&self) -> Option<i32> {
        // A play scoring the same may still win on `Ord`: keep ties.
        self.0.map(|b| b.score)
    }
}

impl PlaySink for Vec<ScoredPlay> {
    fn emit(&mut self, play: &Play, score: i32) {
        self.push(ScoredPlay { play: *play, score });
    }
}

impl PlaySink for Vec<Action> {
    fn emit(&mut self, play: &Play, _score: i32) {
        self.push(Action::Play(*play));
    }
}

/// What the search hands its plays to: a public [`PlaySink`] or one of
/// the fast paths below, which build no play they do not keep and take
/// the plays in `Ord` order, as the search finds them (see `Dfs::emit` in
/// the move generator).
pub(crate) trait Report {
    /// Branch and bound (M-4): only the best play is wanted.
    const PRUNES: bool;
    /// False when only the number of plays is wanted: no play is built.
    const BUILDS: bool = true;
    /// True when the plays must arrive in ascending `Ord`.
    const ORDERED: bool = false;

    /// One legal play (only when [`Report::BUILDS`]).
    fn report(&mut self, play: &Play, score: i32);

    /// `plays` legal plays, not built (only when not [`Report::BUILDS`]).
    fn tally(&mut self, _plays: usize) {}

    /// The lowest score still wanted (see [`PlaySink::floor`]).
    fn floor(&self) -> Option<i32> {
        None
    }

    /// The best play so far: a play scoring the same only wins if it is
    /// smaller (M-1 b).
    fn best(&self) -> Option<&Play> {
        None
    }
}

/// A caller's sink.
pub(crate) struct Public<'s, S>(pub(crate) &'s mut S);

impl<S: PlaySink> Report for Public<'_, S> {
    const PRUNES: bool = S::PRUNES;

    fn report(&mut self, play: &Play, score: i32) {
        self.0.emit(play, score);
    }

    fn floor(&self) -> Option<i32> {
        self.0.floor()
    }
}

/// Counts plays without building them (M-1 c).
pub(crate) struct Tally(pub(crate) usize);

impl Report for Tally {
    const PRUNES: bool = false;
    const BUILDS: bool = false;

    fn report(&mut self, _play: &Play, _score: i32) {
        self.0 += 1;
    }

    fn tally(&mut self, plays: usize) {
        self.0 += plays;
    }
}

/// The plays as actions, in `Ord` order (E-5).
pub(crate) struct Actions<'o>(pub(crate) &'o mut Vec<Action>);

impl Report for Actions<'_> {
    const PRUNES: bool = false;
    const ORDERED: bool = true;

    fn report(&mut self, play: &Play, _score: i32) {
        self.0.push(Action::Play(*play));
    }
}

/// The plays with their scores, in `Ord` order (M-1 a).
pub(crate) struct Listed(pub(crate) Vec<ScoredPlay>);

impl Report for Listed {
    const PRUNES: bool = false;
    const ORDERED: bool = true;

    fn report(&mut self, play: &Play, score: i32) {
        self.0.push(ScoredPlay { play: *play, score });
    }
}

/// The best play (M-1 b), with what branch and bound needs to cut ties.
pub(crate) struct Best(pub(crate) BestSink);

impl Report for Best {
    const PRUNES: bool = true;

    fn report(&mut self, play: &Play, score: i32) {
        self.0.emit(play, score);
    }

    fn floor(&self) -> Option<i32> {
        self.0.floor()
    }

    fn best(&self) -> Option<&Play> {
        self.0.0.as_ref().map(|b| &b.play)
    }
}

/// The `k` best plays (M-1 b generalised): highest score first, ties in
/// `Ord` order, as the best-play search finds them (M-4).
///
/// Branch and bound cuts against the `k`-th best play kept: once `k` are
/// kept, a node whose bound is below its score cannot enter, nor one
/// whose bound equals it when every play below sorts after it in `Ord`
/// (the tie-break of [`Report::best`], with the `k`-th play in place of
/// the best one). Until `k` are kept nothing is cut.
pub(crate) struct TopK {
    /// How many plays are wanted (at least one).
    k: usize,
    /// The best plays so far, at most `k`, keyed so that the heap's top is
    /// the worst of them (lowest score, then last in `Ord`): the one a
    /// better play evicts, in `O(log k)` whatever `k` is.
    kept: BinaryHeap<(Reverse<i32>, Play)>,
}

impl TopK {
    /// Wants the `k` best plays (at least one: for none the caller need
    /// not search).
    pub(crate) fn new(k: usize) -> TopK {
        TopK {
            k: k.max(1),
            kept: BinaryHeap::new(),
        }
    }

    /// The plays kept, best first, ties in `Ord` order.
    pub(crate) fn into_plays(self) -> Vec<ScoredPlay> {
        self.kept
            .into_sorted_vec()
            .into_iter()
            .map(|(Reverse(score), play)| ScoredPlay { play, score })
            .collect()
    }

    /// The `k`-th best play, once `k` are kept.
    fn kth(&self) -> Option<&(Reverse<i32>, Play)> {
        if self.kept.len() == self.k {
            self.kept.peek()
        } else {
            None
        }
    }
}

impl Report for TopK {
    const PRUNES: bool = true;

    fn report(&mut self, play: &Play, score: i32) {
        let new = (Reverse(score), *play);
        match self.kth() {
            None => self.kept.push(new),
            // Better than the k-th (a higher score, or the same and first
            // in `Ord`): it takes the k-th's place.
            Some(kth) if new < *kth => {
                let _ = self.kept.pop();
                self.kept.push(new);
            }
            Some(_) => {}
        }
    }

    fn floor(&self) -> Option<i32> {
        // Until k are kept every play is wanted; then only those that can
        // beat the k-th or tie it (a tie may still win on `Ord`).
        self.kth().map(|&(Reverse(score), _)| score)
    }

    fn best(&self) -> Option<&Play> {
        // The play a tie must come before in `Ord` to enter: the k-th.
        self.kth().map(|(_, play)| play)
    }
}
