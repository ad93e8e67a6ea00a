//! The brute-force enumerator of M-7: it knows nothing of anchors,
//! cross-sets or the automaton. It tries every gap-free set of empty
//! squares in one line, no larger than the rack, with every ordered choice
//! of rack tiles and every face of each blank, and keeps what
//! `Game::check` accepts, with the score `check_play` gives.

use binary_scrabble_core::{
    Action, Board, Dir, Face, Kind, KindCounts, Placed, Play, ScoredPlay, Scrabble, ScrabbleError,
    Square,
};
use game_core::{Game, Seat};

/// Every ordered sequence of `k` kinds drawn from `rack`, into `out`.
fn sequences(rack: &mut KindCounts, k: usize, cur: &mut Vec<Kind>, out: &mut Vec<Vec<Kind>>) {
    if cur.len() == k {
        out.push(cur.clone());
        return;
    }
    for kind in Kind::ALL {
        if rack.get(kind) > 0 {
            let _ = rack.remove_one(kind);
            cur.push(kind);
            sequences(rack, k, cur, out);
            cur.pop();
            let _ = rack.add_one(kind);
        }
    }
}

/// Every play of `squares` with the tile `seq`, each blank showing each face.
fn assignments(game: &Scrabble, dir: Dir, squares: &[Square], seq: &[Kind], out: &mut Vec<Play>) {
    let mut tiles: Vec<Placed> = Vec::new();
    fn rec(
        game: &Scrabble,
        dir: Dir,
        sq: &[Square],
        seq: &[Kind],
        tiles: &mut Vec<Placed>,
        out: &mut Vec<Play>,
    ) {
        let i = tiles.len();
        if i == seq.len() {
            out.push(Play::new(dir, tiles).expect("at most 9 tiles"));
            return;
        }
        let faces: Vec<(Face, bool)> = match seq[i].face() {
            Some(f) => vec![(f, false)],
            None => Face::ALL
                .into_iter()
                .filter(|f| game.face_in_play(*f))
                .map(|f| (f, true))
                .collect(),
        };
        for (face, blank) in faces {
            tiles.push(Placed {
                square: sq[i],
                face,
                blank,
            });
            rec(game, dir, sq, seq, tiles, out);
            tiles.pop();
        }
    }
    rec(game, dir, squares, seq, &mut tiles, out);
}

/// The brute-force list of legal plays with their scores, sorted.
pub fn brute_force(game: &Scrabble, board: &Board, rack: &KindCounts) -> Vec<ScoredPlay> {
    let state = game.position(board, rack).expect("position");
    let size = rack.total() as usize;
    let mut found = Vec::new();
    for dir in [Dir::Across, Dir::Down] {
        for line in 0..15 {
            let square = |pos: usize| match dir {
                Dir::Across => Square::at(pos, line).unwrap(),
                Dir::Down => Square::at(line, pos).unwrap(),
            };
            for first in 0..15 {
                for last in first..15 {
                    if board.is_occupied(square(first)) || board.is_occupied(square(last)) {
                        continue;
                    }
                    let squares: Vec<Square> = (first..=last)
                        .map(square)
                        .filter(|&q| !board.is_occupied(q))
                        .collect();
                    let k = squares.len();
                    // A single tile is tried once, as Across (E-4).
                    if k > size || (k == 1 && dir == Dir::Down) {
                        continue;
                    }
                    let mut seqs = Vec::new();
                    sequences(&mut rack.clone(), k, &mut Vec::new(), &mut seqs);
                    // Ask `check` about the squares alone first: these
                    // refusals do not depend on the tiles chosen.
                    let mut probe = Vec::new();
                    assignments(game, dir, &squares, &seqs[0], &mut probe);
                    let a = Action::Play(probe[0]);
                    if matches!(
                        game.check(&state, Seat(0), &a),
                        Err(ScrabbleError::Gap { .. }
                            | ScrabbleError::MissesCentre
                            | ScrabbleError::NotConnected)
                    ) {
                        continue;
                    }
                    let mut plays = Vec::new();
                    for seq in &seqs {
                        assignments(game, dir, &squares, seq, &mut plays);
                    }
                    for p in plays {
                        if game.check(&state, Seat(0), &Action::Play(p)).is_ok() {
                            let score = game.check_play(board, rack, &p).expect("checked");
                            found.push(ScoredPlay { play: p, score });
                        }
                    }
                }
            }
        }
    }
    found.sort_by_key(|p| p.play);
    found
}
