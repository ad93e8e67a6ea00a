//! A listing of every play shared by two threads, for racks with a
//! blank: their plays may run to millions (2.7 M for one reachable
//! position with three), nearly all along a few open lines, and which
//! lines is not known before they are searched. Racks without a blank
//! list on the caller's thread: their listings are short, and most turns
//! of a game are theirs, so a caller running games on every core gets few
//! threads more than it asked for.
//!
//! Each thread takes the next line not started yet and claims its start
//! squares one at a time; once every line is started, a thread with
//! nothing left helps the line with the most start squares unclaimed. A
//! line's completion lists (see `Dfs::join`) are made by the thread that
//! searches it, and again only by a thread that helps it at the end. Each
//! thread keeps its plays per start square; they are then reported in the
//! order one thread meets them, with the single tiles merged into the
//! `Across` plays as it merges them.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::blank_choices::CHOICES_SLOTS;
use crate::board::Board;
use crate::play_sink::{Listed, Report, ScoredPlay, Tally};
use crate::square::{Dir, SIZE, SQUARES};
use crate::tile::KindCounts;

use super::MoveGen;
use super::line_view::LineView;
use super::search::{Frame, Mode};

/// True when this machine runs two threads at once (asked once: the
/// answer reads the scheduler's settings).
fn machine_has_two_cores() -> bool {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from)) >= 2
}

/// What a generator keeps for its listings on two threads: the second
/// thread's generator and each thread's play buffer (a listing of
/// millions of plays then writes to memory already mapped).
#[derive(Clone, Debug)]
pub(super) struct Shared<'g> {
    other: MoveGen<'g>,
    buffers: [Vec<ScoredPlay>; 2],
}

/// One thread's share: its plays, and for each start square it searched
/// (by index in the report's order) where that square's plays end.
struct Share {
    plays: Vec<ScoredPlay>,
    ends: Vec<(usize, usize)>,
}

/// One line to search: its view, its start squares (indices in the
/// report's order) and the next one not claimed yet.
struct LineWork {
    view: usize,
    starts: Vec<usize>,
    next: AtomicUsize,
}

impl LineWork {
    /// How many of its start squares are not claimed yet.
    fn unclaimed(&self) -> usize {
        self.starts
            .len()
            .saturating_sub(self.next.load(Ordering::Relaxed))
    }
}

impl MoveGen<'_> {
    /// True when a listing may share its work with a second thread (see
    /// [`MoveGen::set_threads`]).
    pub(super) fn may_use_two_threads(&self) -> bool {
        match self.threads {
            0 => machine_has_two_cores(),
            n => n >= 2,
        }
    }

    /// Lists every play to the ordered `report` on two threads (see the
    /// module docs), the single tiles already found. False, with `report`
    /// untouched, when the second thread failed: the caller then lists
    /// alone. A second thread that cannot be started leaves every line to
    /// this one.
    pub(super) fn list_on_two_threads<R: Report>(
        &mut self,
        board: &Board,
        rack: &KindCounts,
        report: &mut R,
    ) -> bool {
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        let mut views: Vec<(Dir, LineView)> = Vec::new();
        for dir in [Dir::Across, Dir::Down] {
            for line in 0..SIZE {
                if let Some(view) = self.line_view(board, rack, dir, line) {
                    views.push((dir, view));
                }
            }
        }
        // The start squares in the order their plays are reported (view,
        // start): the rows in order, each's starts left to right, then
        // the columns' starts by their first empty squares (see
        // `MoveGen::search_down_in_order`).
        let mut starts: Vec<(usize, usize)> = Vec::new();
        let mut down: Vec<(usize, usize, usize)> = Vec::new();
        for (v, (dir, view)) in views.iter().enumerate() {
            for (_, start) in view.start_squares(total, None) {
                if *dir == Dir::Across {
                    starts.push((v, start));
                } else {
                    let first = view.empty_pos[usize::from(view.next_empty[start])];
                    let square = view
                        .sq
                        .get(usize::from(first))
                        .map_or(SQUARES, |&q| q.into());
                    down.push((square, v, start));
                }
            }
        }
        let across_starts = starts.len();
        down.sort_unstable();
        starts.extend(down.iter().map(|&(_, v, start)| (v, start)));
        let lines: Vec<LineWork> = (0..views.len())
            .map(|v| LineWork {
                view: v,
                starts: (0..starts.len()).filter(|&i| starts[i].0 == v).collect(),
                next: AtomicUsize::new(0),
            })
            .collect();
        let next_line = AtomicUsize::new(0);
        let work = |generator: &mut MoveGen<'_>, buffer: Vec<ScoredPlay>| -> Share {
            let mut plays = Listed(buffer);
            plays.0.clear();
            let mut ends = Vec::new();
            while let Some(line) = claim_line(&lines, &next_line) {
                let (dir, view) = &views[line.view];
                let claims = std::iter::from_fn(|| {
                    let k = line.next.fetch_add(1, Ordering::Relaxed);
                    line.starts.get(k).map(|&i| (i, starts[i].1))
                });
                generator.search_starts(*dir, view, rack, claims, &mut plays, |found, i| {
                    ends.push((i, found.0.len()));
                });
            }
            Share {
                plays: plays.0,
                ends,
            }
        };
        let mut shared = self.shared.take().unwrap_or_else(|| {
            Box::new(Shared {
                other: MoveGen::new(self.game),
                buffers: [Vec::new(), Vec::new()],
            })
        });
        shared.other.cross.clone_from(&self.cross);
        shared.other.memo_on = self.memo_on;
        let [mine, theirs] = std::mem::take(&mut shared.buffers);
        let other = &mut shared.other;
        let shares: Option<Vec<Share>> = std::thread::scope(|scope| {
            let helper = std::thread::Builder::new().spawn_scoped(scope, || work(other, theirs));
            let mine = work(self, mine);
            match helper {
                // It never ran: this thread took every line.
                Err(_) => Some(vec![mine]),
                Ok(helper) => helper.join().ok().map(|theirs| vec![mine, theirs]),
            }
        });
        let Some(mut shares) = shares else {
            self.shared = Some(shared);
            return false;
        };
        // Where each start square's plays are: (share, from, to).
        let mut parts = vec![(0, 0, 0); starts.len()];
        for (s, share) in shares.iter().enumerate() {
            let mut from = 0;
            for &(i, to) in &share.ends {
                parts[i] = (s, from, to);
                from = to;
            }
        }
        let mut next_single = 0;
        for (i, &(s, from, to)) in parts.iter().enumerate() {
            if i == across_starts {
                // Every single tile is written `Across` (E-4).
                next_single = self.report_singles(report, next_single, None);
            }
            for play in &shares[s].plays[from..to] {
                if i < across_starts {
                    let head = play.play.tiles().first().copied();
                    next_single = self.report_singles(report, next_single, head);
                }
                report.report(&play.play, play.score);
            }
        }
        self.report_singles(report, next_single, None);
        for (buffer, share) in shared.buffers.iter_mut().zip(shares.drain(..)) {
            *buffer = share.plays;
        }
        self.shared = Some(shared);
        true
    }

    /// Counts every play (M-1 c) on two threads, the single tiles already
    /// found: the lines' start squares shared as a listing shares them,
    /// each thread tallying its own (no order to keep, no play built).
    /// `None` when the second thread failed: the caller then counts alone.
    /// A rack with blanks has millions of plays whose search, not their
    /// building, is the cost of a count: it halves on two cores.
    pub(super) fn count_on_two_threads(
        &mut self,
        board: &Board,
        rack: &KindCounts,
    ) -> Option<usize> {
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        let mut views: Vec<(Dir, LineView)> = Vec::new();
        for dir in [Dir::Across, Dir::Down] {
            for line in 0..SIZE {
                if let Some(view) = self.line_view(board, rack, dir, line) {
                    views.push((dir, view));
                }
            }
        }
        let lines: Vec<LineWork> = views
            .iter()
            .enumerate()
            .map(|(v, (_, view))| LineWork {
                view: v,
                starts: view
                    .start_squares(total, None)
                    .into_iter()
                    .map(|(_, start)| start)
                    .collect(),
                next: AtomicUsize::new(0),
            })
            .collect();
        let next_line = AtomicUsize::new(0);
        let work = |generator: &mut MoveGen<'_>| -> usize {
            let mut tally = Tally(0);
            while let Some(line) = claim_line(&lines, &next_line) {
                let (dir, view) = &views[line.view];
                let claims = std::iter::from_fn(|| {
                    let k = line.next.fetch_add(1, Ordering::Relaxed);
                    line.starts.get(k).map(|&start| (k, start))
                });
                generator.search_starts(*dir, view, rack, claims, &mut tally, |_, _| {});
            }
            tally.0
        };
        let mut shared = self.shared.take().unwrap_or_else(|| {
            Box::new(Shared {
                other: MoveGen::new(self.game),
                buffers: [Vec::new(), Vec::new()],
            })
        });
        shared.other.cross.clone_from(&self.cross);
        shared.other.memo_on = self.memo_on;
        // The plays a run stands for are remembered per rack (see
        // `choices`): the other generator forgets its last rack's.
        shared.other.choices.clear();
        shared.other.choices.resize(CHOICES_SLOTS, (0, 0));
        let other = &mut shared.other;
        let counted: Option<usize> = std::thread::scope(|scope| {
            let helper = std::thread::Builder::new().spawn_scoped(scope, || work(other));
            let mine = work(self);
            match helper {
                // It never ran: this thread took every line.
                Err(_) => Some(mine),
                Ok(helper) => helper.join().ok().map(|theirs| mine + theirs),
            }
        });
        self.shared = Some(shared);
        counted.map(|plays| plays + self.singles.len())
    }

    /// Reports the single tiles from `next` on that come before a play
    /// beginning with `head` (a single tile equal to `head` is its
    /// beginning), or all of them for `None`; returns the next one left.
    fn report_singles<R: Report>(
        &self,
        report: &mut R,
        mut next: usize,
        head: Option<crate::action::Placed>,
    ) -> usize {
        while let Some(single) = self.singles.get(next) {
            if head.is_some_and(|head| single.play.tiles()[0] > head) {
                break;
            }
            report.report(&single.play, single.score);
            next += 1;
        }
        next
    }

    /// The search of the line `view` along `dir` from each start square
    /// `claims` gives (its index in the report's order, and its position),
    /// in turn, to `sink` (no single tile merged); `done(sink, index)` is
    /// called once each has been searched.
    fn search_starts<R: Report>(
        &mut self,
        dir: Dir,
        view: &LineView,
        rack: &KindCounts,
        claims: impl Iterator<Item = (usize, usize)>,
        sink: &mut R,
        mut done: impl FnMut(&R, usize),
    ) {
        let total = u8::try_from(rack.total()).unwrap_or(u8::MAX);
        let use_memo = self.memo_on && rack.total() <= u32::from(crate::RACK_SIZE);
        let (radix, shared_keys, _) = self.prepare_memo(rack, use_memo, 1);
        self.arena.clear();
        self.by_value.clear();
        let mut dfs = self.dfs(dir, view.clone(), rack, sink, (radix, shared_keys, 0), None);
        let root = Frame::start(total, false);
        let mode = if use_memo { Mode::Left } else { Mode::Plain };
        for (index, start) in claims {
            dfs.start = start;
            dfs.go(mode, start, &root);
            dfs.flush();
            done(dfs.sink, index);
        }
    }
}
/// The line a thread works on next: the next one nobody has started, then
/// the one with the most start squares left, shared square by square.
fn claim_line<'a>(lines: &'a [LineWork], next_line: &AtomicUsize) -> Option<&'a LineWork> {
    lines
        .get(next_line.fetch_add(1, Ordering::Relaxed))
        .or_else(|| {
            lines
                .iter()
                .filter(|l| l.unclaimed() > 0)
                .max_by_key(|l| l.unclaimed())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use crate::scrabble::Scrabble;
    use game_core::Game;

    /// Two threads list the same plays in the same order as one, with
    /// the single tiles merged in (the busy board has single tiles and
    /// plays along both directions), and the same scores.
    #[test]
    fn two_threads_list_what_one_lists() {
        let game = Scrabble::new(Config::default()).unwrap();
        let busy = "B3 0, C3 =, D3 0, D4 =, D5 0, D6 +, D7 1, A8 0, B8 x, C8 1, D8 0, E8 +, \
                    F8 1, G8 =, H8 1, D9 x, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, \
                    H11 0, I11 =, J11 1, K11 0, D12 1";
        let cases = [
            ("", "0 1 = + ? ?"),
            ("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0", "1 0 = x ? ?"),
            (busy, "0 1 1 = + NOT ? ? ?"),
            (busy, "1 ? ?"),
        ];
        for (list, tiles) in cases {
            let board: Board = list.parse().unwrap();
            let rack: KindCounts = tiles.parse().unwrap();
            let mut one = MoveGen::new(&game);
            one.set_threads(1);
            let mut two = MoveGen::new(&game);
            two.set_threads(2);
            let (mut alone, mut shared) = (Vec::new(), Vec::new());
            one.legal_plays(&board, &rack, &mut alone);
            two.legal_plays(&board, &rack, &mut shared);
            assert!(alone.len() > 100, "{list} / {tiles}");
            assert_eq!(alone, shared, "{list} / {tiles}");
            assert_eq!(one.plays(&board, &rack), two.plays(&board, &rack));
            assert_eq!(two.count(&board, &rack), alone.len());
            assert_eq!(one.count(&board, &rack), alone.len());
        }
    }
}
