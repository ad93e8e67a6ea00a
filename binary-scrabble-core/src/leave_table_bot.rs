//! The static bot of the leave table: each turn is worth its score plus
//! the value of the tiles it keeps ([`LeaveTable`]); the best few turns by
//! that equity are also the candidates the simulating bot plays out.

use game_core::{Bot, BotView, Game, GameRng};

use crate::action::{Action, Play};
use crate::board::Board;
use crate::leaves::LeaveTable;
use crate::movegen::MoveGen;
use crate::play_sink::PlaySink;
use crate::scrabble::Scrabble;
use crate::tile::KindCounts;

/// A turn with its static equity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The turn.
    pub action: Action,
    /// What it scores now.
    pub score: i32,
    /// Score plus the weighted value of the leave.
    pub equity: f32,
}

/// True when `a` ranks before `b`: higher equity, ties to the smaller action.
fn ranks_before(a: &Candidate, b: &Candidate) -> bool {
    a.equity > b.equity || (a.equity == b.equity && a.action < b.action)
}

/// Keeps the `k` plays of highest equity, and tells the generator which
/// scores can no longer make the list (branch and bound, M-4).
struct TopEquity<'t> {
    rack: KindCounts,
    table: &'t LeaveTable,
    weight: f32,
    k: usize,
    /// Best first.
    best: Vec<Candidate>,
}

impl TopEquity<'_> {
    fn offer(&mut self, c: Candidate) {
        if self.best.len() == self.k && self.best.last().is_some_and(|last| !ranks_before(&c, last))
        {
            return;
        }
        let at = self.best.partition_point(|b| ranks_before(b, &c));
        self.best.insert(at, c);
        self.best.truncate(self.k);
    }
}

impl PlaySink for TopEquity<'_> {
    fn emit(&mut self, play: &Play, score: i32) {
        let keep = self.rack.checked_sub(&play.rack_use()).unwrap_or_default();
        #[allow(clippy::cast_precision_loss)]
        let equity = score as f32 + self.weight * self.table.value(&keep);
        self.offer(Candidate {
            action: Action::Play(*play),
            score,
            equity,
        });
    }

    const PRUNES: bool = true;

    fn floor(&self) -> Option<i32> {
        // A play scoring s has equity at most s + weight × the best leave:
        // below the k-th equity minus that it cannot enter the list.
        if self.best.len() < self.k {
            return None;
        }
        let last = self.best.last()?;
        let bound = last.equity - self.weight * self.table.max_value().max(0.0);
        #[allow(clippy::cast_possible_truncation)]
        Some(bound.floor() as i32)
    }
}

/// The `k` best turns of `rack` on `board` by equity, best first: plays,
/// and exchanges when `exchanges` (R-29 allows them), each exchange worth
/// its leave alone. With no play and no exchange, the list is a pass.
///
/// `weight` scales the leave values (0 plays for score alone).
#[must_use]
pub fn top_candidates(
    mg: &mut MoveGen<'_>,
    board: &Board,
    rack: &KindCounts,
    exchanges: &[Action],
    table: &LeaveTable,
    weight: f32,
    k: usize,
) -> Vec<Candidate> {
    let mut sink = TopEquity {
        rack: *rack,
        table,
        weight,
        k: k.max(1),
        best: Vec::with_capacity(k.max(1) + 1),
    };
    mg.generate(board, rack, &mut sink);
    for a in exchanges {
        if let Action::Exchange(tiles) = a {
            let keep = rack.checked_sub(tiles).unwrap_or_default();
            sink.offer(Candidate {
                action: *a,
                score: 0,
                equity: weight * table.value(&keep),
            });
        }
    }
    if sink.best.is_empty() {
        sink.best.push(Candidate {
            action: Action::Pass,
            score: 0,
            equity: 0.0,
        });
    }
    sink.best
}

/// The exchanges R-29 allows a rack with `bag` tiles in the bag, in `Ord`
/// order (as in the legal actions).
#[must_use]
pub fn exchanges(game: &Scrabble, rack: &KindCounts, bag: u32) -> Vec<Action> {
    let mut out = Vec::new();
    if bag >= u32::from(game.config().exchange_min_bag) {
        game.push_exchanges(rack, bag, &mut out);
    }
    out
}

/// Plays the turn of highest score plus leave value ([`LeaveTable`]);
/// once the bag is empty the leave no longer matters and it plays for
/// score alone.
#[derive(Clone, Copy, Debug)]
pub struct LeaveTableBot {
    /// The leave values used.
    pub table: &'static LeaveTable,
    /// How much a leave point counts against a score point.
    pub weight: f32,
}

impl Default for LeaveTableBot {
    /// The shipped table at weight 1.
    fn default() -> Self {
        LeaveTableBot {
            table: LeaveTable::shipped(),
            weight: 1.0,
        }
    }
}

impl LeaveTableBot {
    /// The turn this bot takes for `rack` on `board` with `bag` tiles in
    /// the bag (the legal list is not needed: it builds the exchanges).
    #[must_use]
    pub fn choose(
        &self,
        game: &Scrabble,
        mg: &mut MoveGen<'_>,
        board: &Board,
        rack: &KindCounts,
        bag: u32,
    ) -> Action {
        let weight = if bag == 0 { 0.0 } else { self.weight };
        let ex = exchanges(game, rack, bag);
        top_candidates(mg, board, rack, &ex, self.table, weight, 1)
            .first()
            .map_or(Action::Pass, |c| c.action)
    }
}

impl Bot<Scrabble> for LeaveTableBot {
    fn name(&self) -> String {
        "leave-table".into()
    }

    fn select(&mut self, view: &BotView<'_, Scrabble>, _rng: &mut GameRng) -> Action {
        let legal = view.legal();
        let obs = view.observation();
        let Some(rack) = obs.rack else {
            return fallback(legal);
        };
        let mut mg = MoveGen::new(view.game());
        let a = self.choose(view.game(), &mut mg, &obs.board, &rack, obs.bag_size);
        if legal.binary_search(&a).is_ok() {
            a
        } else {
            fallback(legal)
        }
    }
}

/// Pass if listed, else the last legal action.
pub(crate) fn fallback(legal: &[Action]) -> Action {
    match legal.last() {
        Some(a) => *a,
        None => Action::Pass,
    }
}
