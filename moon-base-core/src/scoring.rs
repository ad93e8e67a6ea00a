//! Final scoring (§6.6, §9.7): base score, the three bonuses and the
//! tie-break, and the outcome they give.

use game_core::{Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::state::MAX_RINGS;
use crate::{Colour, ConnectedRule, Footing, Host, MoonBase, Phase, SUPPLY, State};

/// Points of a settlement (MB-27).
pub const SETTLEMENT_POINTS: i64 = 2;
/// Points of a resource base (MB-27).
pub const BASE_POINTS: i64 = 1;
/// Points of a retired ring (MB-27).
pub const UNPLACED_POINTS: i64 = -1;
/// The bonus for the most connected rings (MB-28).
pub const CONNECTED_BONUS: i64 = 2;
/// The bonus for the highest ring (MB-28).
pub const HIGHEST_BONUS: i64 = 2;
/// The bonus for the colour of the tower host ring (MB-28).
pub const TOWER_BONUS: i64 = 3;

/// Everything scoring reads, so it is a pure function testable without a
/// board (§9.7). Per-colour tables are indexed gold, silver, navy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tallies {
    /// The colour of each seat.
    pub colour_of: [Colour; 2],
    /// The first player; the other seat wins ties (MB-31).
    pub first_player: Seat,
    /// Settlements built per seat.
    pub settlements: [u8; 2],
    /// Resource bases built per seat.
    pub bases: [u8; 2],
    /// Retired rings per seat.
    pub unplaced: [u8; 2],
    /// Connection value per colour (B-12).
    pub connected: [u32; 3],
    /// Highest level per colour, 0 without rings (B-13).
    pub highest: [u32; 3],
    /// Colour of the ring carrying the tower; `None` on a crater (B-14).
    pub tower_colour: Option<Colour>,
}

/// One seat's score, part by part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatScore {
    /// 2 per settlement, 1 per base, −1 per retired ring (MB-27).
    pub base: i64,
    /// The connection bonus, 0 or 2.
    pub connected: i64,
    /// The height bonus, 0 or 2.
    pub highest: i64,
    /// The tower bonus, 0 or 3.
    pub tower: i64,
    /// The sum.
    pub total: i64,
}

/// Both seats' scores and the winner (MB-31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreBreakdown {
    /// The tallies scored.
    pub tallies: Tallies,
    /// Per seat.
    pub seats: [SeatScore; 2],
    /// The higher total; on equal totals, the second player.
    pub winner: Seat,
}

/// MB-30: `pts` to each seat whose colour has the best value, if it is
/// above 0; navy alone on top gives nobody anything.
fn award(values: &[u32; 3], colour_of: &[Colour; 2], pts: i64) -> [i64; 2] {
    let best = values.iter().copied().max().unwrap_or(0);
    let mut out = [0; 2];
    if best == 0 {
        return out;
    }
    for (seat, colour) in colour_of.iter().enumerate() {
        if values[colour.index()] == best {
            out[seat] = pts;
        }
    }
    out
}

/// Scores tallies (MB-27 to MB-31).
#[must_use]
pub fn score(t: &Tallies) -> ScoreBreakdown {
    let connected = award(&t.connected, &t.colour_of, CONNECTED_BONUS);
    let highest = award(&t.highest, &t.colour_of, HIGHEST_BONUS);
    let mut seats = [SeatScore::default(); 2];
    for (p, seat) in seats.iter_mut().enumerate() {
        seat.base = SETTLEMENT_POINTS * i64::from(t.settlements[p])
            + BASE_POINTS * i64::from(t.bases[p])
            + UNPLACED_POINTS * i64::from(t.unplaced[p]);
        seat.connected = connected[p];
        seat.highest = highest[p];
        // B-14: the host ring's colour; a crater or navy host gives nobody.
        seat.tower = if t.tower_colour == Some(t.colour_of[p]) {
            TOWER_BONUS
        } else {
            0
        };
        seat.total = seat.base + seat.connected + seat.highest + seat.tower;
    }
    // MB-31: the higher total wins; equal totals go to the second player.
    let second = Seat(1 - (t.first_player.0 & 1));
    let winner = match seats[0].total.cmp(&seats[1].total) {
        std::cmp::Ordering::Greater => Seat(0),
        std::cmp::Ordering::Less => Seat(1),
        std::cmp::Ordering::Equal => second,
    };
    ScoreBreakdown {
        tallies: *t,
        seats,
        winner,
    }
}

/// A union-find over at most 48 rings.
struct Groups {
    parent: [u8; MAX_RINGS],
}

impl Groups {
    fn new() -> Groups {
        let mut parent = [0u8; MAX_RINGS];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u8;
        }
        Groups { parent }
    }

    fn find(&mut self, mut i: usize) -> usize {
        while usize::from(self.parent[i]) != i {
            let up = usize::from(self.parent[i]);
            self.parent[i] = self.parent[up];
            i = up;
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb) as u8;
        }
    }
}

impl MoonBase {
    /// Connection values per colour under the configured rule (B-12, MB-29).
    #[must_use]
    pub fn connected_values(&self, s: &State) -> [u32; 3] {
        connected_values(s, self.config.connected_rule)
    }

    /// The tallies of a state whose colours are chosen; `None` before.
    /// Mid-game they are what scoring would read if the game ended now.
    #[must_use]
    pub fn tallies(&self, s: &State) -> Option<Tallies> {
        let colours = s.colour_of.as_ref()?;
        let colour_of = [colours.as_slice()[0], colours.as_slice()[1]];
        let per_seat = |t: &game_core::BySeat<u8, 2>, f: fn(u8) -> u8| {
            [f(t.as_slice()[0]), f(t.as_slice()[1])]
        };
        if s.settlements_left.len() != 2 || s.bases_left.len() != 2 || s.unplaced.len() != 2 {
            return None;
        }
        let mut highest = [0u32; 3];
        for r in &s.rings {
            let h = &mut highest[r.piece.colour.index()];
            *h = (*h).max(u32::from(r.level));
        }
        let tower_colour = match s.tower {
            Some(Host::Ring(h)) => s.ring(h).map(|r| r.piece.colour),
            Some(Host::Crater(_)) | None => None,
        };
        Some(Tallies {
            colour_of,
            first_player: s.first_player?,
            settlements: per_seat(&s.settlements_left, |n| SUPPLY.saturating_sub(n)),
            bases: per_seat(&s.bases_left, |n| SUPPLY.saturating_sub(n)),
            unplaced: per_seat(&s.unplaced, |n| n),
            connected: self.connected_values(s),
            highest,
            tower_colour,
        })
    }

    /// The score of each seat, part by part, and the winner (§9.7); `None`
    /// before the colours are chosen. Mid-game, the score if play stopped now.
    #[must_use]
    pub fn score_breakdown(&self, s: &State) -> Option<ScoreBreakdown> {
        self.tallies(s).map(|t| score(&t))
    }
}

/// Connection values per colour (B-12): the largest same-colour group
/// (SameColour) or the most rings of the colour in one structure
/// (OwnRingsInStructure); groups of one ring count 0.
#[must_use]
pub fn connected_values(s: &State, rule: ConnectedRule) -> [u32; 3] {
    let rings = s.rings.as_slice();
    let mut groups = Groups::new();
    for (i, r) in rings.iter().enumerate() {
        if let Footing::Supports(a, b) = r.on {
            for sup in [a, b] {
                let j = sup.index();
                let Some(u) = rings.get(j) else { continue };
                // MB-29: only stacking links count; SameColour keeps them inside a colour.
                let linked = match rule {
                    ConnectedRule::SameColour => u.piece.colour == r.piece.colour,
                    ConnectedRule::OwnRingsInStructure => true,
                };
                if linked {
                    groups.join(i, j);
                }
            }
        }
    }
    // Per group root: ring count and count per colour.
    let mut size = [0u32; MAX_RINGS];
    let mut by_colour = [[0u32; 3]; MAX_RINGS];
    for (i, r) in rings.iter().enumerate() {
        let root = groups.find(i);
        size[root] += 1;
        by_colour[root][r.piece.colour.index()] += 1;
    }
    let mut out = [0u32; 3];
    for root in 0..rings.len() {
        if size[root] < 2 {
            continue;
        }
        // A SameColour group is all one colour; a structure counts each colour.
        for c in Colour::ALL {
            out[c.index()] = out[c.index()].max(by_colour[root][c.index()]);
        }
    }
    out
}

impl MoonBase {
    /// The outcome once the game is over (§9.7): the final scores, places
    /// by score and then the tie-break (MB-31).
    pub(crate) fn final_outcome(&self, s: &State) -> Option<Outcome> {
        if s.phase != Phase::Over {
            return None;
        }
        let b = self.score_breakdown(s)?;
        let scores = vec![b.seats[0].total, b.seats[1].total];
        let keys: Vec<(i64, bool)> = (0..2u8)
            .map(|i| (scores[usize::from(i)], Seat(i) == b.winner))
            .collect();
        Some(Outcome::from_scores_and_keys(scores, &keys))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tallies(colour_of: [Colour; 2], first: u8) -> Tallies {
        Tallies {
            colour_of,
            first_player: Seat(first),
            settlements: [0; 2],
            bases: [0; 2],
            unplaced: [0; 2],
            connected: [0; 3],
            highest: [0; 3],
            tower_colour: None,
        }
    }

    #[test]
    fn w8_rulebook_example() {
        let t = Tallies {
            settlements: [3, 2],
            bases: [2, 2],
            connected: [4, 6, 3],
            highest: [4, 3, 3],
            tower_colour: Some(Colour::Silver),
            ..tallies([Colour::Gold, Colour::Silver], 0)
        };
        let b = score(&t);
        assert_eq!(b.seats[0].base, 8);
        assert_eq!(b.seats[0].highest, 2);
        assert_eq!(b.seats[0].total, 10);
        assert_eq!(b.seats[1].base, 6);
        assert_eq!(b.seats[1].connected, 2);
        assert_eq!(b.seats[1].tower, 3);
        assert_eq!(b.seats[1].total, 11);
        assert_eq!(b.winner, Seat(1));
    }

    #[test]
    fn w9_tie_goes_to_the_second_player() {
        let t = Tallies {
            settlements: [2, 2],
            bases: [3, 1],
            unplaced: [1, 0],
            connected: [4, 4, 2],
            highest: [2, 3, 3],
            tower_colour: Some(Colour::Gold),
            ..tallies([Colour::Silver, Colour::Gold], 0)
        };
        let b = score(&t);
        assert_eq!(b.seats[0].base, 6);
        assert_eq!((b.seats[0].connected, b.seats[0].highest), (2, 2));
        assert_eq!(b.seats[0].total, 10);
        assert_eq!(b.seats[1].base, 5);
        assert_eq!((b.seats[1].connected, b.seats[1].tower), (2, 3));
        assert_eq!(b.seats[1].total, 10);
        assert_eq!(b.winner, Seat(1));
        // Had seat 1 been the first player, seat 0 would win.
        let b = score(&Tallies {
            first_player: Seat(1),
            ..t
        });
        assert_eq!(b.winner, Seat(0));
    }

    #[test]
    fn w10_navy_cases() {
        let base = tallies([Colour::Gold, Colour::Silver], 0);
        let bonus = |b: ScoreBreakdown| [b.seats[0].total, b.seats[1].total];
        let a = Tallies {
            connected: [3, 2, 7],
            highest: [2, 2, 5],
            tower_colour: Some(Colour::Navy),
            ..base
        };
        assert_eq!(bonus(score(&a)), [0, 0]);
        let b = Tallies {
            connected: [7, 2, 7],
            highest: [5, 5, 5],
            ..base
        };
        assert_eq!(bonus(score(&b)), [4, 2]);
        assert_eq!(bonus(score(&base)), [0, 0]);
    }
}
