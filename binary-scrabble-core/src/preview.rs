//! What a turn would score before it is played ([`game_core::Preview`]).
//!
//! A play scores its R-28 score: the sum of its equation scores
//! plus the full-rack bonus, exactly the number `check_play`
//! returns and `apply` adds to the mover's score. An exchange and a
//! pass do not score: their preview is `None`, not `Some(0)`, so a
//! list sorted by score tells a play scoring 0 from a turn that cannot
//! score. No turn costs anything.
//!
//! The rack adjustments of R-34 are not a turn's score: they settle the
//! racks when the game ends, shown in the state's `ending`. A play that
//! goes out with the bag already empty or a pass that reaches T-17
//! ends the game within `apply`, so the mover's score then moves by
//! the preview plus its adjustment.

use game_core::{Game, MovePreview, Preview, Seat, ToAct};

use crate::action::{Action, Play};
use crate::movegen::MoveGen;
use crate::play_sink::ScoredPlay;
use crate::scrabble::Scrabble;
use crate::state::State;

/// From this many plays on, [`Preview::scores`] lists the position's
/// plays with their scores once (M-1 a) rather than checking each play.
/// A check costs about a microsecond; a listing, on a rack without blanks,
/// about a millisecond.
const LIST_FROM: usize = 1024;

impl Scrabble {
    /// the score of a legal play, `None` for one `check_play` refuses.
    fn play_score(&self, s: &State, seat: Seat, play: &Play) -> Option<i64> {
        let rack = s.racks.get(seat)?;
        self.check_play(&s.board, rack, play).ok().map(i64::from)
    }
}

impl Preview for Scrabble {
    fn preview(&self, s: &State, seat: Seat, a: &Action) -> MovePreview {
        match a {
            // R-28 (R-26 and R-27 included).
            Action::Play(play) => MovePreview {
                score: self.play_score(s, seat, play),
                costs: Vec::new(),
            },
            // scoreless turns; a hidden exchange is never legal.
            Action::Exchange(_) | Action::Pass | Action::HiddenExchange(_) => {
                MovePreview::default()
            }
        }
    }

    /// A long list (every play of a rack with blanks runs to tens of
    /// thousands) is scored from one listing of the position's plays with
    /// their scores, in `Ord` order: each play is then found where the
    /// list of legal actions has it (the plays come first, in that order,
    /// E-5), or by binary search. A play not in the listing (never legal)
    /// is checked on its own.
    fn scores(&self, s: &State, seat: Seat, actions: &[Action], out: &mut Vec<Option<i64>>) {
        out.clear();
        let plays = actions
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .count();
        let rack = match s.racks.get(seat) {
            Some(rack) if plays >= LIST_FROM => *rack,
            _ => {
                out.extend(actions.iter().map(|a| self.preview(s, seat, a).score));
                return;
            }
        };
        let listed: Vec<ScoredPlay> = MoveGen::new(self).plays(&s.board, &rack);
        out.extend(actions.iter().enumerate().map(|(i, a)| match a {
            Action::Play(play) => match listed.get(i) {
                Some(p) if p.play == *play => Some(i64::from(p.score)),
                _ => match listed.binary_search_by(|p| p.play.cmp(play)) {
                    Ok(at) => Some(i64::from(listed[at].score)),
                    Err(_) => self.play_score(s, seat, play),
                },
            },
            Action::Exchange(_) | Action::Pass | Action::HiddenExchange(_) => None,
        }));
    }

    /// The best-play search kept to the `k` best (`MoveGen::best_k`, M-4),
    /// not every play listed and scored: only plays score, so the
    /// exchanges and the pass never enter, and a play's `Ord` is its
    /// place in the legal actions (E-5), so ties come out in the game's
    /// order. Empty unless `seat` is to act (E-2), as its legal actions.
    fn best_scored(&self, s: &State, seat: Seat, k: usize, out: &mut Vec<(Action, i64)>) {
        out.clear();
        if k == 0 || self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        let Some(rack) = s.racks.get(seat) else {
            return;
        };
        let best = MoveGen::new(self).best_k(&s.board, rack, k);
        out.extend(
            best.into_iter()
                .map(|p| (Action::Play(p.play), i64::from(p.score))),
        );
    }
}
