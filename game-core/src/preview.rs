//! What a move would do, told before it is played: the points it scores
//! and what it costs the mover.
//!
//! A front end shows it beside a move ("`H8 across 1+1=10`: 12 points"), a
//! protocol's `check` answers it for a move a client is building, and a
//! list of moves sorts by it ("the 20 best plays"). It is the mover's own
//! view: the mover may see what it costs, so only the seat to act (or the
//! host) is told.

use serde::Serialize;

use crate::{Game, Seat};

/// A game's preview of a move's immediate effect on its mover.
///
/// Both methods are called only on actions legal for `seat` in `s`; what
/// they answer for another action is unspecified (but never a panic).
pub trait Preview: Game {
    /// What `a` would score and cost `seat` if played now in `s`.
    /// Default: nothing to tell (a game whose moves neither score nor cost).
    fn preview(&self, s: &Self::State, seat: Seat, a: &Self::Action) -> MovePreview {
        let _ = (s, seat, a);
        MovePreview::default()
    }

    /// The points each of `actions` would score, in order, into `out`
    /// (cleared first): `None` where a move does not score when played.
    /// The sort key of a long list, so a game whose move generator knows
    /// the scores already can answer faster than one [`Preview::preview`]
    /// a move. Default: `preview(..).score` of each.
    fn scores(
        &self,
        s: &Self::State,
        seat: Seat,
        actions: &[Self::Action],
        out: &mut Vec<Option<i64>>,
    ) {
        out.clear();
        out.extend(actions.iter().map(|a| self.preview(s, seat, a).score));
    }

    /// The `k` legal moves of `seat` that score the most, best first (ties
    /// in the game's order), into `out` (cleared first); only moves that
    /// score, so fewer than `k` when fewer do. A game that can find its
    /// best moves without listing all (a bounded search) answers "the 20
    /// best plays" of a rack with millions in milliseconds. Default: every
    /// legal move scored by [`Preview::scores`], then sorted.
    fn best_scored(
        &self,
        s: &Self::State,
        seat: Seat,
        k: usize,
        out: &mut Vec<(Self::Action, i64)>,
    ) {
        out.clear();
        let mut legal = Vec::new();
        self.legal_actions(s, seat, &mut legal);
        let mut scores = Vec::with_capacity(legal.len());
        self.scores(s, seat, &legal, &mut scores);
        let mut scored: Vec<(i64, usize)> = scores
            .iter()
            .enumerate()
            .filter_map(|(i, score)| score.map(|points| (points, i)))
            .collect();
        // Best first, ties in the game's order.
        scored.sort_by_key(|&(points, i)| (std::cmp::Reverse(points), i));
        out.extend(
            scored
                .into_iter()
                .take(k)
                .map(|(points, i)| (legal[i].clone(), points)),
        );
    }
}

/// What a legal move would do for its mover: see [`Preview`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MovePreview {
    /// Points the move scores when played, by the game's scoring rules
    /// (a Binary Scrabble play's score); `None` for a move that does not
    /// score at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    /// What the move costs the mover, each a resource and an amount, in
    /// the game's order (`energy` 2); empty for a free move.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<Cost>,
}

/// An amount of one resource a move costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cost {
    /// The resource, as the game's rules name it (`"energy"`, `"coins"`).
    pub resource: &'static str,
    /// How much of it.
    pub amount: i64,
}

impl MovePreview {
    /// A move that scores `points` and costs nothing.
    #[must_use]
    pub fn scoring(points: i64) -> Self {
        MovePreview {
            score: Some(points),
            costs: Vec::new(),
        }
    }

    /// A move that costs `amount` of `resource` and scores nothing at once.
    #[must_use]
    pub fn costing(resource: &'static str, amount: i64) -> Self {
        MovePreview {
            score: None,
            costs: vec![Cost { resource, amount }],
        }
    }
}
