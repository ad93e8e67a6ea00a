//! Exact endgame search for two seats once the bag is empty.
//!
//! With the bag empty a seat knows the other rack: it is exactly the tiles
//! the seat has not seen (E-6, `Obs::unseen`). The game is then one of
//! perfect information, and an alpha-beta search over plays and passes
//! (negamax on the score difference, R-32 to R-34 applied by the rules at
//! the end) finds the best line. Iterative deepening stops as soon as a
//! depth is searched with every line reaching the end of the game (the
//! answer is then exact), or when the node budget runs out: then the
//! answer is the deepest completed depth's best, or none.
//!
//! A pass that answers a pass is scored as the end of the game (R-33 and
//! R-34 as if the scoreless turns had run out): it only hands back the
//! same position, so the first pass's seat could as well have played then
//! what it plays later. Without this every line could be drawn out by
//! passes and no depth would ever finish.

use game_core::{Game, Seat, ToAct};

use crate::action::Action;
use crate::movegen::MoveGen;
use crate::scrabble::Scrabble;
use crate::state::{EndReason, LastTurn, State};

/// What an endgame search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndgameResult {
    /// The best turn found.
    pub action: Action,
    /// Its value: the mover's final score lead (exact when `exact`), or
    /// the lead at the search horizon.
    pub value: i32,
    /// True when every line was searched to the end of the game.
    pub exact: bool,
    /// Nodes visited.
    pub nodes: u64,
}

/// The search's running state.
struct Search<'g> {
    game: &'g Scrabble,
    mg: MoveGen<'g>,
    nodes: u64,
    budget: u64,
    /// Asked at every node: the caller's clock (`Bot::select_until`).
    stop: &'g dyn Fn() -> bool,
    /// Set when some line stopped at the horizon, not at the end.
    cut: bool,
    /// Set when the node budget ran out or `stop` said so.
    out_of_budget: bool,
}

impl Search<'_> {
    /// The turns of the seat to move, most promising first: plays that go
    /// out, then by score, then the pass.
    fn moves(&mut self, s: &State, seat: Seat) -> Vec<Action> {
        let rack = s.racks[seat];
        let mut plays = self.mg.plays(&s.board, &rack);
        let total = rack.total();
        plays.sort_by_key(|p| {
            let out = p.play.tiles().len() as u32 == total;
            (std::cmp::Reverse(out), std::cmp::Reverse(p.score))
        });
        let mut moves: Vec<Action> = plays.into_iter().map(|p| Action::Play(p.play)).collect();
        moves.push(Action::Pass);
        moves
    }

    /// Negamax value of `s` for the seat to move, searched `depth` turns.
    fn value(&mut self, s: &State, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let seat = match self.game.to_act(s) {
            ToAct::Seat(seat) => seat,
            ToAct::Over | ToAct::Chance => return lead(s, s.to_move),
        };
        if !self.out_of_budget && (self.nodes >= self.budget || (self.stop)()) {
            self.out_of_budget = true;
        }
        if depth == 0 || self.out_of_budget {
            self.cut = true;
            return lead(s, seat);
        }
        let mut best = i32::MIN + 1;
        for a in self.moves(s, seat) {
            if let Some(v) = self.passes_out(s, seat, &a) {
                best = best.max(v);
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
                continue;
            }
            let mut child = s.clone();
            if self.game.apply(&mut child, seat, &a).is_err() {
                continue;
            }
            let v = match self.game.to_act(&child) {
                ToAct::Over | ToAct::Chance => lead(&child, seat),
                ToAct::Seat(next) if next == seat => self.value(&child, depth - 1, alpha, beta),
                ToAct::Seat(_) => -self.value(&child, depth - 1, -beta, -alpha),
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta || self.out_of_budget {
                break;
            }
        }
        best
    }
}

impl Search<'_> {
    /// The value for `seat` of `a` when it is a pass answering a pass:
    /// the game ends as with no more scoring turns.
    fn passes_out(&self, s: &State, seat: Seat, a: &Action) -> Option<i32> {
        if *a != Action::Pass || !matches!(s.last_turn, Some(LastTurn::Pass { .. })) {
            return None;
        }
        let mut end = s.clone();
        let adjust = self.game.rack_adjustments(&s.racks, EndReason::Scoreless);
        for (other, score) in end.scores.as_mut_slice().iter_mut().enumerate() {
            *score = score.saturating_add(adjust.as_slice().get(other).copied().unwrap_or(0));
        }
        Some(lead(&end, seat))
    }
}

/// `seat`'s score minus the best other score.
fn lead(s: &State, seat: Seat) -> i32 {
    let mine = s.scores[seat];
    let other = s
        .scores
        .iter()
        .filter(|(o, _)| *o != seat)
        .map(|(_, v)| *v)
        .max()
        .unwrap_or(0);
    mine.saturating_sub(other)
}

/// The best turn of the seat to move in `s`, a two-seat state with an
/// empty bag and no draws pending, searching at most `budget` nodes.
/// `None` when `s` is no such state or no depth completed.
#[must_use]
pub fn solve_endgame(game: &Scrabble, s: &State, budget: u64) -> Option<EndgameResult> {
    solve_endgame_until(game, s, budget, &|| false)
}

/// [`solve_endgame`] that also gives up, as when the budget runs out, as
/// soon as `stop` returns true (asked at every node), so a bot's move keeps
/// to its clock.
#[must_use]
pub fn solve_endgame_until(
    game: &Scrabble,
    s: &State,
    budget: u64,
    stop: &dyn Fn() -> bool,
) -> Option<EndgameResult> {
    let ToAct::Seat(seat) = game.to_act(s) else {
        return None;
    };
    if s.racks.len() != 2 || !s.bag.is_empty() {
        return None;
    }
    let mut search = Search {
        game,
        mg: MoveGen::new(game),
        nodes: 0,
        budget,
        stop,
        cut: false,
        out_of_budget: false,
    };
    let root_moves = search.moves(s, seat);
    let mut found: Option<EndgameResult> = None;
    // Every play uses a tile and at most one pass comes between plays
    // (a second one ends the search's game): two turns per tile, and the
    // two passes that end it.
    let max_depth = 2 * s.racks.iter().map(|(_, r)| r.total()).sum::<u32>() + 2;
    for depth in 1..=max_depth {
        search.cut = false;
        let mut alpha = i32::MIN + 1;
        let mut best: Option<(i32, Action)> = None;
        // The previous depth's best first: alpha-beta cuts more.
        let mut order = root_moves.clone();
        if let Some(prev) = found
            && let Some(i) = order.iter().position(|a| *a == prev.action)
        {
            let a = order.remove(i);
            order.insert(0, a);
        }
        for a in order {
            if let Some(v) = search.passes_out(s, seat, &a) {
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, a));
                    alpha = alpha.max(v);
                }
                continue;
            }
            let mut child = s.clone();
            if game.apply(&mut child, seat, &a).is_err() {
                continue;
            }
            let v = match game.to_act(&child) {
                ToAct::Over | ToAct::Chance => lead(&child, seat),
                ToAct::Seat(next) if next == seat => {
                    search.value(&child, depth - 1, alpha, i32::MAX)
                }
                ToAct::Seat(_) => -search.value(&child, depth - 1, i32::MIN + 1, -alpha),
            };
            if search.out_of_budget {
                break;
            }
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, a));
                alpha = alpha.max(v);
            }
        }
        if search.out_of_budget {
            break;
        }
        let (value, action) = best?;
        found = Some(EndgameResult {
            action,
            value,
            exact: !search.cut,
            nodes: search.nodes,
        });
        if !search.cut {
            break;
        }
    }
    found.map(|f| EndgameResult {
        nodes: search.nodes,
        ..f
    })
}
