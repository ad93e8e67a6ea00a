//! The plays of one start square with blanks, put in `Ord` order by a
//! walk instead of a sort.
//!
//! The search chooses blanks last: it meets each run of faces once, in
//! `Ord` order of the faces (shorter first), and the plays that differ
//! only in which tiles are blanks must come out interleaved with the other
//! runs' plays: a play of `1 1 =` with a natural first `1` comes before
//! every play of `1 ?1 …`, whatever follows. The runs of a start square
//! are kept as a sorted list, which is a trie of their faces: walking it
//! depth first, at each depth a run that ends there first, then each face
//! in order, natural tile before blank, meets every choice of blanks in
//! `Ord` order, with no sort. Once the blanks are spent there is nothing
//! left to choose: the runs below are read in order, each kept when the
//! natural tiles left pay for the rest of it.

use crate::action::{MAX_TILES, Placed, PlacedTiles, Play};
use crate::play_sink::Report;
use crate::square::Square;
use crate::tile::{Face, Kind};

use super::search::{Dfs, fits};

/// One run of faces found from the start square.
#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    /// Face index of each new tile, 4 bits each, first tile lowest.
    pub(super) faces: u64,
    /// How many new tiles.
    pub(super) n: u8,
    /// The play's score with every tile natural.
    pub(super) natural: i32,
    /// The play's word multiplier (what a blank's lost points are
    /// multiplied by).
    pub(super) wm: i32,
    /// How many new tiles show each face, 5 bits a face.
    pub(super) counts: u64,
}

/// The runs of the start square being searched, in `Ord` order of their
/// faces, and where each group of runs sharing a beginning ends.
#[derive(Clone, Debug, Default)]
pub(crate) struct StartBlock {
    pub(super) runs: Vec<Run>,
    /// `ends[i * MAX_TILES + k]`: the index past the last run that shares
    /// the first `k + 1` faces of run `i` (for runs longer than `k`).
    ends: Vec<u32>,
}

/// The top bit of each 5-bit field of packed face counts.
const GUARDS: u64 = {
    let mut g = 0;
    let mut f = 0;
    while f < 12 {
        g |= 1 << (5 * f + 4);
        f += 1;
    }
    g
};

/// True when every face count of `used` is at most that of `have` (both
/// 5 bits a face, each count below 16): one subtraction, no field
/// borrowing from the next.
fn within(used: u64, have: u64) -> bool {
    ((have | GUARDS) - used) & GUARDS == GUARDS
}

/// Face `j` of packed faces (4 bits a face; the runs hold only faces).
fn face_at(faces: u64, j: usize) -> Face {
    FACE_OF_NIBBLE[((faces >> (4 * j)) & 15) as usize]
}

/// Faces by index, padded to the sixteen values of a nibble.
const FACE_OF_NIBBLE: [Face; 16] = {
    let mut table = [Face::Zero; 16];
    let mut i = 0;
    while i < Face::ALL.len() {
        table[i] = Face::ALL[i];
        i += 1;
    }
    table
};

/// How many leading faces two packed face lists share (at most 16).
fn shared_faces(a: u64, b: u64) -> usize {
    ((a ^ b).trailing_zeros() / 4) as usize
}

impl StartBlock {
    /// Adds a run; runs come in `Ord` order of their faces.
    pub(super) fn push(&mut self, run: Run) {
        debug_assert!(self.runs.last().is_none_or(|last| {
            let k = shared_faces(last.faces, run.faces).min(usize::from(last.n.min(run.n)));
            usize::from(last.n) == k && run.n > last.n
                || usize::from(run.n) > k
                    && (last.faces >> (4 * k)) & 15 < (run.faces >> (4 * k)) & 15
        }));
        self.runs.push(run);
    }

    /// Links the groups of runs sharing a beginning, from the end.
    fn link(&mut self) {
        let len = self.runs.len();
        self.ends.clear();
        self.ends.resize(len * MAX_TILES, len as u32);
        for i in (0..len.saturating_sub(1)).rev() {
            let (a, b) = (self.runs[i], self.runs[i + 1]);
            let same = shared_faces(a.faces, b.faces)
                .min(usize::from(a.n.min(b.n)))
                .min(MAX_TILES);
            for k in 0..MAX_TILES {
                self.ends[i * MAX_TILES + k] = if k < same {
                    self.ends[(i + 1) * MAX_TILES + k]
                } else {
                    i as u32 + 1
                };
            }
        }
    }
}

/// Where the walk stands: the tiles chosen so far and what the rack still
/// holds for the next ones.
struct Walk {
    squares: [Square; MAX_TILES],
    /// The line position of each tile's square.
    pos: [usize; MAX_TILES],
    /// The play so far, changed in place tile by tile.
    play: Play,
    /// Natural tiles left per face, 5 bits a face.
    naturals: u64,
    /// How many of the tiles chosen so far show each face, 5 bits a face.
    prefix: u64,
    blanks: u8,
}

impl<R: Report> Dfs<'_, R> {
    /// Reports the plays of the start square just searched, every choice
    /// of blanks of every run kept, in `Ord` order (see the module docs).
    pub(super) fn flush(&mut self) {
        if self.block.runs.is_empty() {
            return;
        }
        let mut block = std::mem::take(self.block);
        block.link();
        // The squares of the tiles: the empty ones from the start.
        let first = usize::from(self.view.next_empty[self.start]);
        let mut walk = Walk {
            squares: [Square::CENTRE; MAX_TILES],
            pos: [0; MAX_TILES],
            play: Play {
                dir: self.dir,
                tiles: PlacedTiles::new(),
            },
            naturals: self
                .full_rack
                .iter()
                .take(Face::ALL.len())
                .enumerate()
                .fold(0, |acc, (f, &c)| acc | u64::from(c) << (5 * f)),
            prefix: 0,
            blanks: self.full_rack[Kind::Blank.index()],
        };
        for (k, (square, at)) in walk.squares.iter_mut().zip(&mut walk.pos).enumerate() {
            let pos = usize::from(self.view.empty_pos[(first + k).min(crate::square::SIZE)]);
            if let Some(&sq) = self.view.sq.get(pos) {
                *square = Square::new(usize::from(sq)).unwrap_or(Square::CENTRE);
                *at = pos;
            }
        }
        let len = block.runs.len();
        self.walk(&block, &mut walk, 0, len, 0, (0, 0));
        block.runs.clear();
        *self.block = block;
    }

    /// Walks the runs `lo..hi`, which share their first `k` faces, chosen
    /// in `walk`; `loss` is what the blanks among them cost: their letter
    /// points (times the play's word multiplier) and their cross scores.
    fn walk(
        &mut self,
        block: &StartBlock,
        walk: &mut Walk,
        lo: usize,
        hi: usize,
        k: usize,
        loss: (i32, i32),
    ) {
        if walk.blanks == 0 {
            // Every tile left is natural: no choice, the runs in order.
            self.walk_naturals(block, walk, lo, hi, k, loss);
            return;
        }
        let mut i = lo;
        if let Some(run) = block.runs.get(i)
            && usize::from(run.n) == k
        {
            // A shorter play comes before those it begins.
            let score = run.natural - loss.0 * run.wm - loss.1;
            walk.play.tiles.truncate(k);
            self.deliver(&walk.play, score);
            i += 1;
        }
        if k >= MAX_TILES {
            return;
        }
        while i < hi {
            let run = block.runs[i];
            let end = block.ends[i * MAX_TILES + k] as usize;
            if end == i + 1 {
                // Most of the trie's deep nodes begin one run only.
                self.walk_one(&run, walk, k, loss);
                i = end;
                continue;
            }
            let face = face_at(run.faces, k);
            let f = face.index();
            let mut tile = Placed {
                square: walk.squares[k],
                face,
                blank: false,
            };
            let one = 1 << (5 * f);
            walk.prefix += one;
            if (walk.naturals >> (5 * f)) & 31 > 0 {
                walk.play.tiles.set_last(k, tile);
                walk.naturals -= one;
                self.walk(block, walk, i, end, k + 1, loss);
                walk.naturals += one;
            }
            if walk.blanks > 0 {
                let (points, cross) = self.blank_loss(walk, k, face);
                let lost = (loss.0 + points, loss.1 + cross);
                walk.blanks -= 1;
                tile.blank = true;
                walk.play.tiles.set_last(k, tile);
                self.walk(block, walk, i, end, k + 1, lost);
                walk.blanks += 1;
            }
            walk.prefix -= one;
            i = end;
        }
    }

    /// What a blank showing `face` as tile `k` costs (R-9: a blank scores
    /// no points, on its square or across): its points times the letter
    /// premium (the word premium multiplies them later) and its cross
    /// score as a natural tile less as a blank.
    fn blank_loss(&self, walk: &Walk, k: usize, face: Face) -> (i32, i32) {
        let f = face.index();
        let info = &self.cross[walk.squares[k].index()];
        (
            self.game.tile_points(face, false) * self.view.lm[walk.pos[k]],
            info.natural[f] - info.blank[f],
        )
    }

    /// [`Dfs::walk`] for a group of one run, from its tile `k` on: the
    /// run's choices of blanks in order, natural tile before blank, with
    /// no group to find and no choice kept that leaves the rest of the run
    /// more tiles than the rack can pay for (a quarter of the choices a
    /// walk meets are such dead ends).
    fn walk_one(&mut self, run: &Run, walk: &mut Walk, k: usize, loss: (i32, i32)) {
        let n = usize::from(run.n);
        if k >= n || walk.blanks == 0 {
            // The rest is natural: the choices made so far leave the rack
            // enough natural tiles for it (checked below, or by the walk).
            if walk.blanks == 0 && !within(run.counts - walk.prefix, walk.naturals) {
                return;
            }
            self.deliver_natural_rest(run, walk, k, loss);
            return;
        }
        let face = face_at(run.faces, k);
        let f = face.index();
        let one = 1 << (5 * f);
        walk.prefix += one;
        let rest = run.counts - walk.prefix;
        let mut tile = Placed {
            square: walk.squares[k],
            face,
            blank: false,
        };
        if (walk.naturals >> (5 * f)) & 31 > 0 && fits(rest, walk.naturals - one, walk.blanks) {
            walk.play.tiles.set_last(k, tile);
            walk.naturals -= one;
            self.walk_one(run, walk, k + 1, loss);
            walk.naturals += one;
        }
        if fits(rest, walk.naturals, walk.blanks - 1) {
            let (points, cross) = self.blank_loss(walk, k, face);
            walk.blanks -= 1;
            tile.blank = true;
            walk.play.tiles.set_last(k, tile);
            self.walk_one(run, walk, k + 1, (loss.0 + points, loss.1 + cross));
            walk.blanks += 1;
        }
        walk.prefix -= one;
    }

    /// [`Dfs::walk`] once no blank is left: each run of `lo..hi` whose
    /// tiles from `k` on the natural tiles left can pay for, in order.
    fn walk_naturals(
        &mut self,
        block: &StartBlock,
        walk: &mut Walk,
        lo: usize,
        hi: usize,
        k: usize,
        loss: (i32, i32),
    ) {
        for run in &block.runs[lo..hi] {
            if !within(run.counts - walk.prefix, walk.naturals) {
                continue;
            }
            self.deliver_natural_rest(run, walk, k, loss);
        }
    }

    /// Reports `run` with the tiles chosen so far and its tiles from `k`
    /// on natural; `loss` is what the blanks among the first `k` cost.
    fn deliver_natural_rest(&mut self, run: &Run, walk: &mut Walk, k: usize, loss: (i32, i32)) {
        let n = usize::from(run.n);
        for j in k..n {
            let tile = Placed {
                square: walk.squares[j],
                face: face_at(run.faces, j),
                blank: false,
            };
            walk.play.tiles.set_last(j, tile);
        }
        walk.play.tiles.truncate(n);
        self.deliver(&walk.play, run.natural - loss.0 * run.wm - loss.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Face counts packed 5 bits a face, as the search keeps them.
    fn counts(faces: &[(Face, u64)]) -> u64 {
        faces.iter().map(|&(f, c)| c << (5 * f.index())).sum()
    }

    #[test]
    fn within_compares_every_face() {
        let rack = counts(&[(Face::Zero, 2), (Face::One, 9), (Face::Not, 1)]);
        assert!(within(0, rack));
        assert!(within(rack, rack));
        assert!(within(counts(&[(Face::One, 9), (Face::Zero, 1)]), rack));
        assert!(!within(counts(&[(Face::Zero, 3)]), rack));
        assert!(!within(counts(&[(Face::Equals, 1)]), rack));
        // The last face's field borrows from nothing above it.
        assert!(!within(counts(&[(Face::Not, 2)]), rack));
        assert!(!within(counts(&[(Face::Xor, 1)]), rack));
    }

    #[test]
    fn shared_faces_counts_whole_faces() {
        assert_eq!(shared_faces(0x321, 0x321), 16);
        assert_eq!(shared_faces(0x321, 0x421), 2);
        assert_eq!(shared_faces(0x321, 0x320), 0);
    }
}
