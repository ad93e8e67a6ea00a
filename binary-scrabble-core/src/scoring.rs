//! Scoring: the score S(E) of an equation that a play adds up
//! the rack adjustments at the end and the final outcome
//! (E-8, R-35).

use game_core::{BySeat, Outcome};

use crate::action::Placed;
use crate::board::Board;
use crate::config::EndgameRackRule;
use crate::equation::value_bonus;
use crate::scrabble::{Scrabble, zeros};
use crate::square::Dir;
use crate::state::{EndReason, MAX_SEATS, State};
use crate::tile::{Kind, KindCounts};

impl Scrabble {
    /// The value bonus B(v) of R-26 under T-13.
    pub(crate) fn bonus(&self, v: u64) -> i32 {
        i32::try_from(value_bonus(v, self.config.value_bonus)).unwrap_or(i32::MAX)
    }

    /// S(E) of R-26 for the run `first..=last` of `line` along `dir`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn equation_score(
        &self,
        after: &Board,
        new: &[Placed],
        dir: Dir,
        line: usize,
        first: usize,
        last: usize,
        v: u64,
    ) -> i64 {
        let mut sum = 0i64;
        let mut old = 0i64;
        let mut word = 1i64;
        // ext(E): two old tiles on consecutive squares of E, that is, E
        // extends an existing expression.
        let mut extends = false;
        let mut previous_old = false;
        for pos in first..=last {
            let i = dir.square(line, pos);
            let cell = after.cell(i);
            let points =
                i64::from(self.tile_points(Board::cell_face(cell), Board::cell_blank(cell)));
            let is_new = new.iter().any(|p| p.square.index() == i);
            if is_new {
                // Premiums count only under tiles placed in this play.
                let premium = self.layout.at(i);
                sum += points * i64::from(premium.letter());
                word *= i64::from(premium.word());
            } else {
                // Old tiles add their face value, no premium, if T-14 says so.
                old += points;
                extends |= previous_old;
            }
            previous_old = !is_new;
        }
        if self.config.score_played_through.counts_old(extends) {
            sum += old;
        }
        (sum + i64::from(self.bonus(v))) * word
    }

    /// what each seat's score changes by when the game ends.
    #[must_use]
    pub fn rack_adjustments(
        &self,
        racks: &BySeat<KindCounts, MAX_SEATS>,
        reason: EndReason,
    ) -> BySeat<i32, MAX_SEATS> {
        let rule = self.config.endgame_rack_rule;
        let value = |rack: &KindCounts| -> i32 {
            match rule {
                EndgameRackRule::DigitTilesOnly => {
                    i32::from(rack.get(Kind::Zero)) + i32::from(rack.get(Kind::One))
                }
                EndgameRackRule::Hasbro
                | EndgameRackRule::Tournament
                | EndgameRackRule::AddOnly => rack.tiles().map(|k| self.points(k)).sum(),
            }
        };
        let mut adj = zeros(racks.len());
        match reason {
            EndReason::WentOut { seat } => {
                let others: i32 = racks
                    .iter()
                    .filter(|(s, _)| *s != seat)
                    .map(|(_, r)| value(r))
                    .sum();
                let (gain, others_lose) = match rule {
                    EndgameRackRule::Hasbro | EndgameRackRule::DigitTilesOnly => (others, true),
                    EndgameRackRule::Tournament => (2 * others, false),
                    EndgameRackRule::AddOnly => (others, false),
                };
                for (s, rack) in racks.iter() {
                    if s == seat {
                        adj[s] = gain;
                    } else if others_lose {
                        adj[s] = -value(rack);
                    }
                }
            }
            EndReason::Scoreless => {
                if rule != EndgameRackRule::AddOnly {
                    for (s, rack) in racks.iter() {
                        adj[s] = -value(rack);
                    }
                }
            }
        }
        adj
    }

    /// The outcome once the game is over (E-8, R-35): the final scores,
    /// after R-34; ties share a place.
    pub(crate) fn final_outcome(&self, s: &State) -> Option<Outcome> {
        s.ending?;
        let scores = s.scores.as_slice().iter().map(|&x| i64::from(x)).collect();
        Some(Outcome::from_scores(scores))
    }
}
