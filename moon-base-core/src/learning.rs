//! The learning view of Moon Base (see `RULES.md`, "Learning view"): an
//! action space and a tensor whose sizes depend only on the board's number
//! of craters.
//!
//! A stacking move names two supporting rings and a lattice point (§6). A
//! ring rests on its first support `a` only within reach of it, so the
//! index names the point by its lattice offset from `a`'s centre, and the
//! second support by its rank among the legal moves of that piece to that
//! point on `a` (almost always the only one). The offset is read from
//! `a`'s position, hence the state in `action_to_index`.

use game_core::learning::{push_flag, push_one_hot, push_scaled};
use game_core::{Game, Learning, Seat, ToAct};

use crate::{Action, Colour, MoonBase, Piece, RingId, Size};
use crate::{Footing, Host, MAX_RINGS, PILE_SIZE, PILES, Phase, State};

/// Pieces: two sizes x three colours.
const PIECES: u64 = 6;
/// Second supports told apart at one point on one first support.
const SECOND_SUPPORTS: u64 = 4;
/// Numbers per ring slot: present, size (2), colour (3), level / 8, x, y
/// (over the board's width and height), on a crater, settlement.
const RING_LEN: usize = 1 + 2 + 3 + 1 + 2 + 1 + 1;
/// The numbers before the per-crater blocks: phase (7) with its step,
/// seat, turns and base seat (6), round, first player (2), colours (6),
/// piles (2 x 4 x 6 x 3), hands (12), rings, tower kind (3) and ring,
/// counters (8).
const FIXED_LEN: usize =
    7 + 6 + 1 + 2 + 6 + 2 * PILES * PILE_SIZE * 3 + 12 + MAX_RINGS * RING_LEN + 3 + MAX_RINGS + 8;

/// A stack's piece, first support and point: the stacks that share one
/// are told apart by their second support's rank.
type StackPoint = (Piece, RingId, i32, i32);

const fn piece_index(p: Piece) -> u64 {
    (p.size.index() * 3 + p.colour.index()) as u64
}

fn piece_of(i: u64) -> Option<Piece> {
    let size = *Size::ALL.get(usize::try_from(i / 3).ok()?)?;
    let colour = *Colour::ALL.get(usize::try_from(i % 3).ok()?)?;
    Some(Piece::new(size, colour))
}

/// The offsets of each action kind, from the board's crater count `c`.
struct Layout {
    tower: u64,
    take: u64,
    crater: u64,
    stack: u64,
    pass: u64,
    base: u64,
    decline: u64,
}

impl Layout {
    fn new(c: u64, stacks: u64) -> Layout {
        let tower = 3;
        let take = tower + c;
        let crater = take + PILES as u64;
        let stack = crater + PIECES * c;
        let pass = stack + stacks;
        let base = pass + 1;
        let decline = base + c;
        Layout {
            tower,
            take,
            crater,
            stack,
            pass,
            base,
            decline,
        }
    }
}

impl MoonBase {
    fn layout(&self) -> Layout {
        let side = self.offset_side();
        let stacks = PIECES * MAX_RINGS as u64 * side * side * SECOND_SUPPORTS;
        Layout::new(self.board.len() as u64, stacks)
    }

    /// Lattice offsets per axis from a support's centre: a ring resting on
    /// it lies within the sum of two outer radii of it.
    fn offset_side(&self) -> u64 {
        let reach = self.radii.iter().map(|r| r.0).max().unwrap_or(0) * 2;
        let d = reach.div_euclid(self.step.max(1)) + 1;
        u64::try_from(2 * d + 1).unwrap_or(1)
    }

    /// The offset of `(x, y)` from ring `a`'s centre as one lattice cell
    /// number, or `None` out of reach.
    fn stack_cell(&self, s: &State, a: RingId, x: i32, y: i32) -> Option<u64> {
        let ra = s.ring(a)?;
        let side = i64::try_from(self.offset_side()).ok()?;
        let d = (side - 1) / 2;
        let g = self.step.max(1);
        // Lattice points are multiples of g: distinct points keep distinct cells.
        let ox = (i64::from(x) - i64::from(ra.x)).div_euclid(g) + d;
        let oy = (i64::from(y) - i64::from(ra.y)).div_euclid(g) + d;
        ((0..side).contains(&ox) && (0..side).contains(&oy))
            .then(|| u64::try_from(oy * side + ox).ok())
            .flatten()
    }

    /// The index of the stack of `piece` on `a` at `(x, y)` whose second
    /// support has rank `rank` among that point's legal stacks.
    fn stack_index(
        &self,
        s: &State,
        piece: Piece,
        a: RingId,
        (x, y): (i32, i32),
        rank: u64,
    ) -> Option<u64> {
        let ia = u64::from(a.0);
        if ia >= MAX_RINGS as u64 {
            return None;
        }
        let cells = self.offset_side() * self.offset_side();
        let cell = self.stack_cell(s, a, x, y)?;
        let on_a = (piece_index(piece) * MAX_RINGS as u64 + ia) * cells + cell;
        Some(self.layout().stack + on_a * SECOND_SUPPORTS + rank)
    }

    /// The rank of `b` among the legal stacks of `piece` on `a` at `(x, y)`.
    fn second_support_rank(
        &self,
        s: &State,
        (a, b): (RingId, RingId),
        piece: Piece,
        (x, y): (i32, i32),
    ) -> Option<u64> {
        let ToAct::Seat(seat) = self.to_act(s) else {
            return Some(0);
        };
        let mut legal = Vec::new();
        self.legal_actions(s, seat, &mut legal);
        let rank = legal
            .iter()
            .filter(|m| {
                matches!(**m, Action::Stack { piece: p, a: ma, b: mb, x: mx, y: my }
                    if p == piece && ma == a && mx == x && my == y && mb < b)
            })
            .count() as u64;
        (rank < SECOND_SUPPORTS).then_some(rank)
    }

    fn push_ring(&self, out: &mut Vec<f32>, s: &State, i: usize) {
        let ring = s.rings.as_slice().get(i);
        push_flag(out, ring.is_some());
        push_one_hot(out, ring.map(|r| r.piece.size.index()), 2);
        push_one_hot(out, ring.map(|r| r.piece.colour.index()), 3);
        push_scaled(out, ring.map_or(0, |r| i64::from(r.level)), 8);
        push_scaled(
            out,
            ring.map_or(0, |r| i64::from(r.x)),
            i64::from(self.board.width()),
        );
        push_scaled(
            out,
            ring.map_or(0, |r| i64::from(r.y)),
            i64::from(self.board.height()),
        );
        push_flag(
            out,
            ring.is_some_and(|r| matches!(r.on, Footing::Crater(_))),
        );
        push_flag(out, ring.is_some_and(|r| r.settlement));
    }
}

fn phase_parts(p: Phase) -> (usize, u8, Option<Seat>, u8, Option<Seat>) {
    match p {
        Phase::Piles => (0, 0, None, 0, None),
        Phase::DrawStart => (1, 0, None, 0, None),
        Phase::ChooseColour => (2, 0, None, 0, None),
        Phase::PlaceTower => (3, 0, None, 0, None),
        Phase::Select { step } => (4, step, None, 0, None),
        Phase::Place { to_move, turns } => (5, 0, Some(to_move), turns, None),
        Phase::Base { seat } => (6, 0, None, 0, Some(seat)),
        // The end is told by the counters and the phase one-hot all zero.
        Phase::Over => (7, 0, None, 0, None),
    }
}

impl Learning for MoonBase {
    fn num_distinct_actions(&self) -> u64 {
        self.layout().decline + 1
    }

    fn action_to_index(&self, s: &State, a: &Action) -> Option<u64> {
        let l = self.layout();
        let c = self.board.len() as u64;
        let crater = |k: crate::CraterId| (u64::from(k.0) < c).then_some(u64::from(k.0));
        match *a {
            Action::ChooseColour(colour) => Some(colour.index() as u64),
            Action::PlaceTower(k) => crater(k).map(|k| l.tower + k),
            Action::TakePair(p) => (usize::from(p) < PILES).then(|| l.take + u64::from(p)),
            Action::PlaceOnCrater { piece, crater: k } => {
                crater(k).map(|k| l.crater + piece_index(piece) * c + k)
            }
            Action::Stack { piece, a, b, x, y } => {
                let rank = self.second_support_rank(s, (a, b), piece, (x, y))?;
                self.stack_index(s, piece, a, (x, y), rank)
            }
            Action::Pass => Some(l.pass),
            Action::PlaceResourceBase(k) => crater(k).map(|k| l.base + k),
            Action::DeclineResourceBase => Some(l.decline),
        }
    }

    fn legal_indices(&self, s: &State, legal: &[Action], out: &mut Vec<u64>) {
        out.clear();
        // The second supports' ranks from this one list: sorted by point
        // and then by `b`, a stack's rank is its place in its point's run.
        let mut stacks: Vec<(StackPoint, RingId, usize)> = legal
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match *m {
                Action::Stack { piece, a, b, x, y } => Some(((piece, a, x, y), b, i)),
                Action::ChooseColour(_)
                | Action::PlaceTower(_)
                | Action::TakePair(_)
                | Action::PlaceOnCrater { .. }
                | Action::Pass
                | Action::PlaceResourceBase(_)
                | Action::DeclineResourceBase => None,
            })
            .collect();
        stacks.sort_unstable();
        let mut rank = vec![0u64; legal.len()];
        for w in stacks.windows(2) {
            if w[0].0 == w[1].0 {
                rank[w[1].2] = rank[w[0].2] + 1;
            }
        }
        out.extend(legal.iter().enumerate().filter_map(|(i, m)| match *m {
            Action::Stack { piece, a, x, y, .. } => {
                (rank[i] < SECOND_SUPPORTS).then_some(())?;
                self.stack_index(s, piece, a, (x, y), rank[i])
            }
            Action::ChooseColour(_)
            | Action::PlaceTower(_)
            | Action::TakePair(_)
            | Action::PlaceOnCrater { .. }
            | Action::Pass
            | Action::PlaceResourceBase(_)
            | Action::DeclineResourceBase => self.action_to_index(s, m),
        }));
    }

    fn index_to_action(&self, s: &State, seat: Seat, index: u64) -> Option<Action> {
        let l = self.layout();
        let c = self.board.len() as u64;
        let crater = |k: u64| u16::try_from(k).ok().map(crate::CraterId);
        let action = if index < l.tower {
            Action::ChooseColour(*Colour::ALL.get(usize::try_from(index).ok()?)?)
        } else if index < l.take {
            Action::PlaceTower(crater(index - l.tower)?)
        } else if index < l.crater {
            Action::TakePair(u8::try_from(index - l.take).ok()?)
        } else if index < l.stack {
            let j = index - l.crater;
            Action::PlaceOnCrater {
                piece: piece_of(j / c)?,
                crater: crater(j % c)?,
            }
        } else if index < l.pass {
            // The point is the legal one on that side: search the moves,
            // their indices read from one listing.
            let mut legal = Vec::new();
            self.legal_actions(s, seat, &mut legal);
            let mut indices = Vec::new();
            self.legal_indices(s, &legal, &mut indices);
            // Every legal stack has an index (the kit checks), so the two
            // lists run in step.
            return indices
                .iter()
                .position(|&i| i == index)
                .and_then(|at| legal.get(at).cloned());
        } else if index == l.pass {
            Action::Pass
        } else if index < l.decline {
            Action::PlaceResourceBase(crater(index - l.base)?)
        } else if index == l.decline {
            Action::DeclineResourceBase
        } else {
            return None;
        };
        Some(action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![FIXED_LEN + 3 * self.board.len()]
    }

    fn encode_observation(&self, s: &State, out: &mut Vec<f32>) {
        out.clear();
        let (phase, step, to_move, turns, base_seat) = phase_parts(s.phase);
        push_one_hot(out, Some(phase), 7);
        push_scaled(out, i64::from(step), 4);
        push_one_hot(out, to_move.map(Seat::index), 2);
        push_scaled(out, i64::from(turns), 8);
        push_one_hot(out, base_seat.map(Seat::index), 2);
        push_scaled(out, i64::from(s.round), i64::from(crate::MAX_ROUNDS));
        push_one_hot(out, s.first_player.map(Seat::index), 2);
        for seat in [Seat(0), Seat(1)] {
            let colour = s.colour_of.as_ref().and_then(|c| c.get(seat)).copied();
            push_one_hot(out, colour.map(Colour::index), 3);
        }
        for size in &s.piles {
            for pile in size {
                for i in 0..PILE_SIZE {
                    push_one_hot(out, pile.as_slice().get(i).map(|c| c.index()), 3);
                }
            }
        }
        for (_, hand) in s.hands.iter() {
            for piece in Piece::ALL {
                push_scaled(out, i64::from(hand.count(piece)), 6);
            }
        }
        for i in 0..MAX_RINGS {
            self.push_ring(out, s, i);
        }
        let (tower, tower_crater, tower_ring) = match s.tower {
            None => (0, None, None),
            Some(Host::Crater(k)) => (1, Some(k.index()), None),
            Some(Host::Ring(r)) => (2, None, Some(r.index())),
        };
        push_one_hot(out, Some(tower), 3);
        push_one_hot(out, tower_ring, MAX_RINGS);
        for counts in [
            &s.settlements_left,
            &s.bases_left,
            &s.unplaced,
            &s.built_this_round,
        ] {
            for (_, n) in counts.iter() {
                push_scaled(out, i64::from(*n), 8);
            }
        }
        let craters = self.board.len();
        push_one_hot(out, tower_crater, craters);
        for k in 0..craters {
            let owner = s
                .bases
                .as_slice()
                .iter()
                .find(|b| b.crater.index() == k)
                .map(|b| b.seat.index());
            push_one_hot(out, owner, 2);
        }
    }
}
