//! Binary Scrabble's move notation (see "Move notation" in
//! [`crate::rules`]), as crossword players write theirs: the square where
//! the equation starts, its direction, and its tokens, with the tiles
//! already on the board in parentheses.
//!
//! ```text
//! move  = SQUARE DIR TILES | "exchange" KIND* | "pass"
//! DIR   = "across" | "down"
//! TILES = one token per square from SQUARE on: a face, "?" and a face for
//!         a blank, "(" ... ")" around tiles already on the board
//! ```
//!
//! Reading walks the squares from the start and never lists the legal
//! plays, so it costs the same whatever the rack (a rack with blanks can
//! have millions of plays).

use game_core::notation::{Scanner, Word};
use game_core::{Notation, NotationError, NotationReason, Seat};

use crate::square::SIZE;
use crate::{
    Action, Board, Dir, Face, Kind, KindCounts, Placed, PlacedTiles, Play, Scrabble, Square, State,
};

const MOVES: &str = "a square (H8), exchange or pass";
const TILE: &str = "a tile: 0 1 = + - x / AND OR XOR NOT, ? before a blank's face";

/// The face whose token starts `chars` (ASCII case ignored), and its
/// length. Words first, so `xor` is XOR and `x OR` is times and OR.
fn face_at(chars: &[char]) -> Option<(Face, usize)> {
    for face in [Face::Xor, Face::And, Face::Not, Face::Or] {
        let sym = face.symbol();
        let n = sym.len();
        if chars.len() >= n
            && chars[..n]
                .iter()
                .zip(sym.chars())
                .all(|(c, s)| c.eq_ignore_ascii_case(&s))
        {
            return Some((face, n));
        }
    }
    let face = match chars.first()? {
        '0' => Face::Zero,
        '1' => Face::One,
        '=' => Face::Equals,
        '+' => Face::Plus,
        '-' => Face::Minus,
        'x' | 'X' | '×' | '*' => Face::Times,
        '/' | '÷' => Face::Divide,
        _ => return None,
    };
    Some((face, 1))
}

/// A whole word as one tile: a face, or `?` and a face for a blank.
fn tile_word(w: &Word<'_>) -> Result<(Face, bool), NotationError> {
    let chars: Vec<char> = w.text.chars().collect();
    let (blank, rest) = match chars.split_first() {
        Some(('?', rest)) => (true, rest),
        Some(_) | None => (false, &chars[..]),
    };
    match face_at(rest) {
        Some((face, n)) if n == rest.len() => Ok((face, blank)),
        Some(_) | None => Err(w.unexpected(TILE)),
    }
}

fn dir_of(w: &Word<'_>) -> Option<Dir> {
    if w.is("across") || w.is("a") {
        Some(Dir::Across)
    } else if w.is("down") || w.is("d") {
        Some(Dir::Down)
    } else {
        None
    }
}

fn dir_word(dir: Dir) -> &'static str {
    match dir {
        Dir::Across => "across",
        Dir::Down => "down",
    }
}

/// The square at `pos` of `line` along `dir`, if on the board.
fn square_at(dir: Dir, line: usize, pos: usize) -> Option<Square> {
    match dir {
        Dir::Across => Square::at(pos, line),
        Dir::Down => Square::at(line, pos),
    }
}

/// One square of a written play: a tile placed, or one already there.
#[derive(Clone, Copy)]
struct Cell {
    face: Face,
    blank: bool,
    placed: bool,
}

/// Writes `cells` as tokens: one space between two tokens only where the
/// equation text form puts one (a word next to anything but `=`), tiles
/// already on the board in parentheses.
fn write_cells(out: &mut String, cells: &[Cell]) {
    let mut prev: Option<Cell> = None;
    for &c in cells {
        let open = !c.placed && prev.is_none_or(|p| p.placed);
        if let Some(p) = prev {
            if !p.placed && c.placed {
                out.push(')');
            }
            if (p.face.is_word() || c.face.is_word())
                && p.face != Face::Equals
                && c.face != Face::Equals
            {
                out.push(' ');
            }
        }
        if open {
            out.push('(');
        }
        if c.blank {
            out.push('?');
        }
        out.push_str(c.face.symbol());
        prev = Some(c);
    }
    if prev.is_some_and(|p| !p.placed) {
        out.push(')');
    }
}

/// The notation of a canonical play in one line over `board`, or `None`
/// for a play this form cannot write (not canonical, a gap over an empty
/// square, a tile on an occupied square).
fn write_play(board: &Board, play: &Play) -> Option<String> {
    let tiles = play.tiles();
    let (first, last) = (tiles.first()?, tiles.last()?);
    if tiles.len() == 1 && play.dir != Dir::Across {
        return None;
    }
    // A single tile is written along the line where it touches tiles
    // (across first); its action is always `Across` (E-4).
    let dir = if tiles.len() > 1 {
        play.dir
    } else {
        let touches = |d: Dir| {
            [false, true].into_iter().any(|fwd| {
                first
                    .square
                    .step(d, fwd)
                    .is_some_and(|n| board.is_occupied(n))
            })
        };
        if !touches(Dir::Across) && touches(Dir::Down) {
            Dir::Down
        } else {
            Dir::Across
        }
    };
    let (line, start) = dir.line_pos(first.square);
    let (_, end) = dir.line_pos(last.square);
    let mut placed = tiles.iter().peekable();
    let mut cells = Vec::with_capacity(SIZE);
    let mut from = start;
    while from > 0 && square_at(dir, line, from - 1).is_some_and(|sq| board.is_occupied(sq)) {
        from -= 1;
    }
    let mut pos = from;
    while let Some(sq) = square_at(dir, line, pos) {
        let on_board = board.get(sq);
        match (placed.peek(), on_board) {
            (Some(p), None) if p.square == sq => {
                cells.push(Cell {
                    face: p.face,
                    blank: p.blank,
                    placed: true,
                });
                placed.next();
            }
            (_, Some(t)) => cells.push(Cell {
                face: t.face,
                blank: t.blank,
                placed: false,
            }),
            (Some(_) | None, None) if pos <= end => return None,
            (Some(_) | None, None) => break,
        }
        pos += 1;
    }
    if placed.next().is_some() {
        return None;
    }
    let start_sq = square_at(dir, line, from)?;
    let mut out = format!("{start_sq} {} ", dir_word(dir));
    write_cells(&mut out, &cells);
    Some(out)
}

/// Reads the tiles of `SQUARE DIR TILES` from `w`, the text after the
/// direction.
fn read_tiles(board: &Board, start: Square, dir: Dir, w: &Word<'_>) -> Result<Play, NotationError> {
    let chars: Vec<char> = w.text.chars().collect();
    let at = |i: usize| w.at + i;
    let err = |i: usize, len: usize, expected: &'static str| {
        NotationError::new(
            at(i),
            NotationReason::Unexpected {
                found: chars[i..(i + len).min(chars.len())].iter().collect(),
                expected,
            },
        )
    };
    let (line, mut pos) = dir.line_pos(start);
    let mut tiles = PlacedTiles::new();
    let mut inside: Option<usize> = None;
    let mut blank: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if blank.is_some() && face_at(&chars[i..]).is_none() {
            return Err(err(i, 1, "a face after ?"));
        }
        match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '(' if inside.is_none() => {
                inside = Some(i);
                i += 1;
                continue;
            }
            ')' if inside.is_some() => {
                inside = None;
                i += 1;
                continue;
            }
            '?' => {
                blank = Some(i);
                i += 1;
                continue;
            }
            _ => {}
        }
        let (face, len) = if c == '.' {
            (None, 1)
        } else {
            let (face, len) = face_at(&chars[i..]).ok_or_else(|| err(i, 1, TILE))?;
            (Some(face), len)
        };
        let token: String = chars[i..i + len].iter().collect();
        let Some(sq) = square_at(dir, line, pos) else {
            return Err(NotationError::new(
                at(i),
                NotationReason::Mismatch {
                    found: token,
                    expected: "the line ends at the edge of the board".into(),
                },
            ));
        };
        let mismatch = |expected: String| {
            NotationError::new(
                at(i),
                NotationReason::Mismatch {
                    found: token.clone(),
                    expected,
                },
            )
        };
        let on_board = board.get(sq);
        // A tile on the board is in parentheses or a `.`; one written bare
        // over the same face is read as played through too.
        let through =
            inside.is_some() || face.is_none() || on_board.is_some_and(|t| Some(t.face) == face);
        match (through, on_board, face) {
            (true, Some(t), Some(f)) if t.face != f => {
                return Err(mismatch(format!("{sq} holds {}", t.face)));
            }
            (true, Some(_), _) => {}
            (true, None, _) => return Err(mismatch(format!("{sq} is empty"))),
            (false, Some(t), _) => return Err(mismatch(format!("{sq} holds {}", t.face))),
            (false, None, None) => return Err(mismatch(format!("{sq} is empty"))),
            (false, None, Some(f)) => {
                tiles
                    .push(Placed {
                        square: sq,
                        face: f,
                        blank: blank.is_some(),
                    })
                    .ok_or_else(|| err(i, len, "no more than 9 tiles from the rack"))?;
            }
        }
        blank = None;
        pos += 1;
        i += len;
    }
    if let Some(b) = blank {
        return Err(err(b, 1, "a face after ?"));
    }
    if inside.is_some() {
        return Err(NotationError::new(
            at(chars.len()),
            NotationReason::Missing { expected: ")" },
        ));
    }
    if tiles.is_empty() {
        return Err(NotationError::new(
            at(chars.len()),
            NotationReason::Missing {
                expected: "a tile from the rack",
            },
        ));
    }
    // E-4: a single tile's play is `Across`.
    let dir = if tiles.len() == 1 { Dir::Across } else { dir };
    Ok(Play { dir, tiles })
}

/// Reads the list form `Display` writes (`Across H8 1, I8 =`), which the
/// notation falls back on for plays it cannot write as one line.
fn read_list(s: &mut Scanner<'_>, dir: Dir) -> Result<Action, NotationError> {
    let mut tiles = PlacedTiles::new();
    while let Some(w) = s.word() {
        if w.is(",") {
            continue;
        }
        let square: Square = w
            .text
            .parse()
            .map_err(|_| w.unexpected("a square A1 to O15"))?;
        let t = s.expect(TILE)?;
        let (face, blank) = tile_word(&t)?;
        tiles
            .push(Placed {
                square,
                face,
                blank,
            })
            .ok_or_else(|| w.unexpected("no more than 9 tiles"))?;
    }
    Ok(Action::Play(Play { dir, tiles }))
}

/// Reads the kinds of an exchange: `0 0 1 = ?`, spaces optional.
fn read_kinds(s: &mut Scanner<'_>) -> Result<KindCounts, NotationError> {
    let mut counts = KindCounts::EMPTY;
    while let Some(w) = s.word() {
        let chars: Vec<char> = w.text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let (kind, len) = match chars[i] {
                '?' => (Kind::Blank, 1),
                _ => face_at(&chars[i..])
                    .map(|(f, n)| (f.kind(), n))
                    .ok_or_else(|| {
                        NotationError::new(
                            w.at + i,
                            NotationReason::Unexpected {
                                found: chars[i..].iter().collect(),
                                expected: "a tile kind: 0 1 = + - x / AND OR XOR NOT ?",
                            },
                        )
                    })?,
            };
            counts
                .add_one(kind)
                .ok_or_else(|| w.unexpected("at most 255 tiles of a kind"))?;
            i += len;
        }
    }
    Ok(counts)
}

impl Notation for Scrabble {
    fn write_notation(&self, state: &State, action: &Action) -> String {
        match action {
            Action::Play(play) => {
                write_play(&state.board, play).unwrap_or_else(|| play.to_string())
            }
            Action::Exchange(k) if k.is_empty() => "exchange".into(),
            Action::Exchange(k) => format!("exchange {k}"),
            Action::Pass => "pass".into(),
            Action::HiddenExchange(n) => {
                let mut out = format!("exchange of {n} tile");
                if *n != 1 {
                    out.push('s');
                }
                out
            }
        }
    }

    fn read_notation(
        &self,
        state: &State,
        _seat: Seat,
        text: &str,
    ) -> Result<Action, NotationError> {
        let mut s = Scanner::new(text, &[',']);
        s.non_empty()?;
        let head = s.expect(MOVES)?;
        if head.is("pass") {
            s.end()?;
            return Ok(Action::Pass);
        }
        if head.is("exchange") {
            if s.eat("of") {
                let n = s
                    .expect("a number of tiles")?
                    .number(0..=u8::MAX, "a number of tiles")?;
                let unit = s.expect("tiles")?;
                if !unit.is_any(&["tiles", "tile"]) {
                    return Err(unit.unexpected("tiles"));
                }
                s.end()?;
                return Ok(Action::HiddenExchange(n));
            }
            return read_kinds(&mut s).map(Action::Exchange);
        }
        if let Some(dir) = dir_of(&head) {
            return read_list(&mut s, dir);
        }
        let start: Square = head.text.parse().map_err(|_| head.unexpected(MOVES))?;
        let d = s.expect("across or down")?;
        let dir = dir_of(&d).ok_or_else(|| d.unexpected("across or down"))?;
        let rest = s.rest();
        read_tiles(&state.board, start, dir, &rest).map(Action::Play)
    }
}

/// Writes the notation of a play's tiles for tests: `1+1=10`.
#[cfg(test)]
fn cells_text(cells: &[(Face, bool, bool)]) -> String {
    let cells: Vec<Cell> = cells
        .iter()
        .map(|&(face, blank, placed)| Cell {
            face,
            blank,
            placed,
        })
        .collect();
    let mut out = String::new();
    write_cells(&mut out, &cells);
    out
}

#[cfg(test)]
mod tests {
    use game_core::Game;

    use super::*;
    use crate::Config;

    fn board(list: &str) -> Board {
        list.parse().unwrap()
    }

    #[test]
    fn tokens_are_spaced_as_the_equation_text_form() {
        use Face::{Equals, One, Or, Times, Zero};
        assert_eq!(
            cells_text(&[
                (One, false, true),
                (Times, false, false),
                (Or, false, true),
                (Zero, true, true)
            ]),
            "1(x) OR ?0"
        );
        assert_eq!(
            cells_text(&[
                (Or, false, false),
                (Equals, false, true),
                (One, false, false)
            ]),
            "(OR)=(1)"
        );
    }

    #[test]
    fn words_are_read_before_times() {
        let xor = face_at(&['x', 'O', 'r']);
        assert_eq!(xor, Some((Face::Xor, 3)));
        assert_eq!(face_at(&['x', ' ', 'O']), Some((Face::Times, 1)));
    }

    #[test]
    fn a_play_through_a_tile_reads_back() {
        let g = Scrabble::new(Config::default()).unwrap();
        let mut s = g.initial_state();
        s.board = board("H8 1, I8 +, J8 1, K8 =, L8 1, M8 0");
        let read = |t: &str| g.read_notation(&s, Seat(0), t);
        let down: Action = "Down J6 1, J7 =, J9 0".parse().unwrap();
        assert_eq!(g.write_notation(&s, &down), "J6 down 1=(1)0");
        assert_eq!(read("j6 DOWN 1 = (1) 0"), Ok(down));
        assert_eq!(read("J6 down 1=.0"), Ok(down));
        assert_eq!(
            read("J6 down 1=10"),
            Ok(down),
            "a bare tile over its own face"
        );
        let single: Action = "Across N8 ?0".parse().unwrap();
        assert_eq!(g.write_notation(&s, &single), "H8 across (1+1=10)?0");
        assert_eq!(read("N8 a ?0"), Ok(single));
        assert_eq!(read("N8 down ?0"), Ok(single), "one tile is always Across");
        let e = read("J6 down 1=(0)0").unwrap_err();
        assert_eq!(e.at, 11);
        assert_eq!(
            e.reason,
            NotationReason::Mismatch {
                found: "0".into(),
                expected: "J8 holds 1".into()
            }
        );
    }
}
