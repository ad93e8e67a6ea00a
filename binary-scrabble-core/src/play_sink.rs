//! Where the move generator's plays go (M-1): the public sinks a caller
//! may pass to [`crate::MoveGen::generate`], and the reports of the
//! generator's own entry points, which build no play they do not keep and
//! take the plays in `Ord` order as the search finds them.

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

    /// How many plays an ordered report holds (after
    /// [`Report::begin_down`], how many `Down` plays).
    fn len(&self) -> usize {
        0
    }

    /// The `Down` plays begin: an ordered report keeps them apart until
    /// [`Report::order_down`].
    fn begin_down(&mut self) {}

    /// Appends an ordered report's `Down` plays in `Ord` order: `blocks`
    /// lists where each start square's plays begin among them, in the
    /// order searched, with the square of their first tile (see
    /// `MoveGen::run`).
    fn order_down(&mut self, _blocks: &[(usize, usize)]) {}
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

/// The plays as actions, in `Ord` order (E-5). The `Down` plays go to
/// `spare` first, a buffer the generator keeps (its capacity is reused),
/// and are appended from there in order.
pub(crate) struct Actions<'o> {
    pub(crate) out: &'o mut Vec<Action>,
    pub(crate) spare: &'o mut Vec<Action>,
    pub(crate) down: bool,
}

impl Report for Actions<'_> {
    const PRUNES: bool = false;
    const ORDERED: bool = true;

    fn report(&mut self, play: &Play, _score: i32) {
        let to = if self.down {
            &mut *self.spare
        } else {
            &mut *self.out
        };
        to.push(Action::Play(*play));
    }

    fn len(&self) -> usize {
        if self.down {
            self.spare.len()
        } else {
            self.out.len()
        }
    }

    fn begin_down(&mut self) {
        self.spare.clear();
        self.down = true;
    }

    fn order_down(&mut self, blocks: &[(usize, usize)]) {
        append_blocks(self.out, self.spare, blocks);
    }
}

/// The plays with their scores, in `Ord` order (M-1 a), the `Down` ones
/// kept apart as in [`Actions`].
pub(crate) struct Listed<'o> {
    pub(crate) out: Vec<ScoredPlay>,
    pub(crate) spare: &'o mut Vec<ScoredPlay>,
    pub(crate) down: bool,
}

impl Report for Listed<'_> {
    const PRUNES: bool = false;
    const ORDERED: bool = true;

    fn report(&mut self, play: &Play, score: i32) {
        let to = if self.down {
            &mut *self.spare
        } else {
            &mut self.out
        };
        to.push(ScoredPlay { play: *play, score });
    }

    fn len(&self) -> usize {
        if self.down {
            self.spare.len()
        } else {
            self.out.len()
        }
    }

    fn begin_down(&mut self) {
        self.spare.clear();
        self.down = true;
    }

    fn order_down(&mut self, blocks: &[(usize, usize)]) {
        append_blocks(&mut self.out, self.spare, blocks);
    }
}

/// Appends the blocks of `from` to `list` in the order of their first
/// squares (see [`Report::order_down`]); a block ends where the next
/// begins, and non-empty blocks have distinct first squares. The blocks
/// of one column come in order already: a merge of the columns would do,
/// but their number is small and a sort of it is cheap; only the plays
/// themselves are worth copying once.
fn append_blocks<T: Copy>(list: &mut Vec<T>, from: &[T], blocks: &[(usize, usize)]) {
    let end = from.len();
    let mut spans: Vec<(usize, usize, usize)> = blocks
        .iter()
        .enumerate()
        .map(|(i, &(square, begin))| (square, begin, blocks.get(i + 1).map_or(end, |b| b.1)))
        .filter(|&(_, begin, stop)| begin < stop)
        .collect();
    spans.sort_unstable();
    list.reserve(end);
    for (_, begin, stop) in spans {
        list.extend_from_slice(&from[begin..stop]);
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
