//! An SVG picture of one viewer's [`Obs`] (E-6): the 15×15 board
//! with its premium squares (R-1), the tiles (blanks marked, R-9), the
//! last play outlined, the scores, the viewer's own rack and, for the
//! others, only how many tiles they hold. Every square carries a
//! `data-key` (`square:H8`) so a front end can show where a play goes.
//! Palette and conventions: [`game_core::svg`].

use game_core::svg::{Svg, palette, seat_label};
use game_core::{Picture, ToAct, Viewer};

use crate::Scrabble;
use crate::board::Tile;
use crate::observe::Obs;
use crate::square::{Premium, SIZE, Square};
use crate::state::{EndReason, LastTurn};
use crate::tile::{Kind, KindCounts};

/// Side of one square, in units.
const CELL: i64 = 32;
/// Space around the board (room for the coordinates).
const MARGIN: i64 = 24;
/// Width of the side panel.
const SIDE: i64 = 330;

fn premium_fill(p: Premium) -> &'static str {
    match p {
        Premium::Plain => palette::PANEL,
        Premium::DoubleLetter => palette::COOL_LIGHT,
        Premium::TripleLetter => palette::COOL,
        Premium::DoubleWord => palette::BAD_LIGHT,
        Premium::TripleWord => palette::BAD,
    }
}

fn premium_name(p: Premium) -> &'static str {
    match p {
        Premium::Plain => "plain square",
        Premium::DoubleLetter => "double letter",
        Premium::TripleLetter => "triple letter",
        Premium::DoubleWord => "double word",
        Premium::TripleWord => "triple word",
    }
}

/// Font size for a token: the word operators are longer.
fn token_size(symbol: &str) -> i64 {
    if symbol.len() > 1 { 10 } else { 16 }
}

fn edge(i: usize) -> i64 {
    MARGIN + i64::try_from(i).unwrap_or(0) * CELL
}

impl Scrabble {
    /// An SVG document of what `o`'s viewer sees.
    #[must_use]
    pub fn observation_svg(&self, o: &Obs) -> String {
        let board_side = CELL * 15 + 2 * MARGIN;
        let who = match o.viewer {
            Viewer::Seat(s) => seat_label(s),
            Viewer::Spectator => "a spectator".to_owned(),
        };
        let mut svg = Svg::new(
            board_side + SIDE,
            board_side.max(560),
            &format!("Binary Scrabble as {who} sees it"),
        );
        let last: Vec<Square> = match o.last_turn {
            Some(LastTurn::Play { play, .. }) => play.tiles().iter().map(|p| p.square).collect(),
            Some(LastTurn::Exchange { .. } | LastTurn::Pass { .. }) | None => Vec::new(),
        };
        for col in 0..SIZE {
            let letter = char::from(b'A' + u8::try_from(col).unwrap_or(0));
            svg.text(
                edge(col) + CELL / 2,
                MARGIN - 8,
                11,
                "middle",
                palette::MUTED,
                &letter.to_string(),
            );
        }
        for row in 0..SIZE {
            svg.text(
                MARGIN - 6,
                edge(row) + CELL / 2 + 4,
                11,
                "end",
                palette::MUTED,
                &(row + 1).to_string(),
            );
        }
        for row in 0..SIZE {
            for col in 0..SIZE {
                let Some(sq) = Square::at(col, row) else {
                    continue;
                };
                self.draw_square(&mut svg, o, sq, last.contains(&sq));
            }
        }
        self.draw_side(&mut svg, o, board_side);
        svg.finish()
    }

    fn draw_square(&self, svg: &mut Svg, o: &Obs, sq: Square, last: bool) {
        let (x, y) = (edge(sq.col()), edge(sq.row()));
        let premium = self.layout().premium(sq);
        let key = format!("square:{sq}");
        match o.board.get(sq) {
            None => Self::draw_empty_square(svg, (x, y), sq, premium, &key),
            Some(tile) => Self::draw_tile(svg, (x, y), sq, tile, last, &key),
        }
    }

    /// An empty square in its premium colour, labelled when it has one (R-1).
    fn draw_empty_square(
        svg: &mut Svg,
        (x, y): (i64, i64),
        sq: Square,
        premium: Premium,
        key: &str,
    ) {
        let title = format!("{sq}: {}", premium_name(premium));
        svg.shape(
            "rect",
            &[
                ("x", x.into()),
                ("y", y.into()),
                ("width", CELL.into()),
                ("height", CELL.into()),
                ("fill", premium_fill(premium).into()),
                ("stroke", palette::BACKGROUND.into()),
                ("stroke-width", 1.into()),
                ("data-key", key.into()),
            ],
            Some(&title),
        );
        if premium != Premium::Plain {
            let ink = match premium {
                Premium::TripleLetter | Premium::TripleWord => palette::BACKGROUND,
                Premium::Plain | Premium::DoubleLetter | Premium::DoubleWord => palette::INK,
            };
            svg.text(
                x + CELL / 2,
                y + CELL / 2 + 4,
                10,
                "middle",
                ink,
                premium.label(),
            );
        }
    }

    /// A placed tile; a blank shows its face dimmed inside a ring (R-9),
    /// and the last play's tiles have a thick red edge.
    fn draw_tile(svg: &mut Svg, (x, y): (i64, i64), sq: Square, tile: Tile, last: bool, key: &str) {
        let symbol = tile.face.symbol();
        let title = if tile.blank {
            format!("{sq}: blank showing {symbol}")
        } else {
            format!("{sq}: tile {symbol}")
        };
        svg.shape(
            "rect",
            &[
                ("x", (x + 1).into()),
                ("y", (y + 1).into()),
                ("width", (CELL - 2).into()),
                ("height", (CELL - 2).into()),
                ("rx", 4.into()),
                ("fill", palette::WARM_LIGHT.into()),
                (
                    "stroke",
                    if last { palette::BAD } else { palette::INK }.into(),
                ),
                ("stroke-width", if last { 3 } else { 1 }.into()),
                ("data-key", key.into()),
            ],
            Some(&title),
        );
        let ink = if tile.blank {
            palette::MUTED
        } else {
            palette::INK
        };
        svg.text_with(
            &[
                ("x", (x + CELL / 2).into()),
                ("y", (y + CELL / 2 + 5).into()),
                ("font-size", token_size(symbol).into()),
                ("text-anchor", "middle".into()),
                ("font-weight", "bold".into()),
                ("fill", ink.into()),
            ],
            symbol,
        );
        if tile.blank {
            // R-9: a blank is marked by a ring inside its square.
            svg.shape(
                "circle",
                &[
                    ("cx", (x + CELL / 2).into()),
                    ("cy", (y + CELL / 2).into()),
                    ("r", (CELL / 2 - 4).into()),
                    ("fill", "none".into()),
                    ("stroke", palette::MUTED.into()),
                    ("stroke-width", 1.into()),
                    ("stroke-dasharray", "2 2".into()),
                ],
                None,
            );
        }
    }

    fn draw_side(&self, svg: &mut Svg, o: &Obs, left: i64) {
        let mut y = MARGIN + 4;
        Self::draw_scores(svg, o, left, &mut y);
        Self::draw_racks(svg, o, left, &mut y);
        y += 22;
        svg.text(
            left,
            y,
            13,
            "start",
            palette::INK,
            &format!("bag: {} tiles · unseen: {}", o.bag_size, o.unseen.total()),
        );
        Self::draw_last_turn_and_end(svg, o, left, &mut y);
    }

    /// Each seat's score and rack size, marking the seat to play (R-35).
    fn draw_scores(svg: &mut Svg, o: &Obs, left: i64, y: &mut i64) {
        svg.text(left, *y, 15, "start", palette::INK, "Scores");
        for (seat, score) in o.scores.iter() {
            *y += 22;
            let held = o.rack_sizes.get(seat).copied().unwrap_or(0);
            let mark = if o.to_act == ToAct::Seat(seat) {
                " ◀ to play"
            } else {
                ""
            };
            svg.group(
                &[("data-seat", u32::from(seat.0).into())],
                Some(&format!(
                    "{} has {score} points and holds {held} tiles",
                    seat_label(seat)
                )),
            );
            svg.rect(left, *y - 12, 14, 14, palette::seat(seat), None);
            svg.text(
                left + 20,
                *y,
                14,
                "start",
                palette::INK,
                &format!("{}: {score} ({held} tiles){mark}", seat_label(seat)),
            );
            svg.end_group();
        }
    }

    /// The viewer's rack (none for a spectator), the set-aside tiles and,
    /// at the end, every rack revealed (R-3, R-34).
    fn draw_racks(svg: &mut Svg, o: &Obs, left: i64, y: &mut i64) {
        *y += 34;
        match &o.rack {
            Some(rack) => {
                svg.text(left, *y, 15, "start", palette::INK, "Your rack");
                *y += 8;
                rack_tiles(svg, rack, left, *y, "in your rack");
                *y += CELL + 10;
            }
            None => {
                svg.text(
                    left,
                    *y,
                    13,
                    "start",
                    palette::MUTED,
                    "A spectator sees no rack",
                );
                *y += 10;
            }
        }
        if let Some(aside) = &o.set_aside {
            *y += 16;
            svg.text(left, *y, 13, "start", palette::INK, "Set aside");
            *y += 8;
            rack_tiles(svg, aside, left, *y, "set aside");
            *y += CELL + 10;
        }
        if let Some(racks) = &o.revealed_racks {
            for (seat, rack) in racks.iter() {
                *y += 16;
                svg.text(
                    left,
                    *y,
                    13,
                    "start",
                    palette::INK,
                    &format!("final rack of {}", seat_label(seat)),
                );
                *y += 8;
                rack_tiles(
                    svg,
                    rack,
                    left,
                    *y,
                    &format!("left to {}", seat_label(seat)),
                );
                *y += CELL + 10;
            }
        }
    }

    /// What the last turn did, wrapped, and why the game ended, if it has.
    fn draw_last_turn_and_end(svg: &mut Svg, o: &Obs, left: i64, y: &mut i64) {
        if let Some(turn) = o.last_turn {
            *y += 22;
            let text = match turn {
                LastTurn::Play { seat, play, score } => {
                    format!("{} played {play} for {score}", seat_label(seat))
                }
                LastTurn::Exchange { seat, count } => {
                    format!("{} exchanged {count} tiles", seat_label(seat))
                }
                LastTurn::Pass { seat } => format!("{} passed", seat_label(seat)),
            };
            for line in game_core::svg::wrap(&text, 44) {
                svg.text(left, *y, 12, "start", palette::MUTED, &line);
                *y += 16;
            }
            *y -= 16;
        }
        if let Some(end) = o.ending {
            *y += 22;
            let why = match end.reason {
                EndReason::WentOut { seat } => format!("{} went out", seat_label(seat)),
                EndReason::Scoreless => format!("{} scoreless turns", o.scoreless),
            };
            svg.text(
                left,
                *y,
                14,
                "start",
                palette::BAD,
                &format!("game over: {why}"),
            );
        }
    }
}

/// The tiles of `counts` in a row, in kind order.
fn rack_tiles(svg: &mut Svg, counts: &KindCounts, left: i64, top: i64, place: &str) {
    let mut x = left;
    for kind in counts.tiles() {
        let symbol = kind.symbol();
        let title = match kind {
            Kind::Blank => format!("a blank {place}"),
            Kind::Zero
            | Kind::One
            | Kind::Equals
            | Kind::Plus
            | Kind::Minus
            | Kind::Times
            | Kind::Divide
            | Kind::And
            | Kind::Or
            | Kind::Xor
            | Kind::Not => format!("tile {symbol} {place}"),
        };
        svg.shape(
            "rect",
            &[
                ("x", x.into()),
                ("y", top.into()),
                ("width", (CELL - 4).into()),
                ("height", (CELL - 4).into()),
                ("rx", 4.into()),
                ("fill", palette::WARM_LIGHT.into()),
                ("stroke", palette::INK.into()),
                ("stroke-width", 1.into()),
            ],
            Some(&title),
        );
        svg.text(
            x + (CELL - 4) / 2,
            top + (CELL - 4) / 2 + 5,
            token_size(symbol),
            "middle",
            palette::INK,
            symbol,
        );
        x += CELL;
        if x > left + 8 * CELL {
            // More than nine tiles only in a final reveal: wrap is not needed
            // for racks (R-3), so the rest are counted, not drawn.
            break;
        }
    }
}

impl Picture for Scrabble {
    fn picture(&self, obs: &Obs) -> String {
        self.observation_svg(obs)
    }
}
