//! An SVG picture of a position (B-11: everything is public, so the
//! observation is the state): craters as dashed circles with their ids,
//! rings as coloured annuli (higher levels drawn later and labelled with
//! their level), settlements, resource bases, the tower, each seat's hand
//! and the score track. Shapes carry `<title>`s and `data-key`s naming the
//! crater or ring ids an action uses (`crater:3`, `a:5`), so a front end
//! can highlight what an action names. Palette and conventions:
//! [`game_core::svg`].

use game_core::svg::{Svg, palette, seat_label};
use game_core::{Picture, Seat};

use crate::{Colour, Footing, Host, MoonBase, SeatScore, Size, State};

/// Board millimetres are drawn at this many units each.
const SCALE: i64 = 2;
/// Space around the board, in units.
const MARGIN: i64 = 80;
/// Height of the panel under the board (phase, hands, score track, piles).
const PANEL: i64 = 250;

fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Gold => palette::WARM,
        Colour::Silver => palette::STEEL,
        Colour::Navy => palette::COOL,
    }
}

fn seat_fill(s: &State, seat: Seat) -> &'static str {
    s.colour(seat).map_or(palette::MUTED, fill)
}

/// `v / 2` written exactly, with a `.5` when `v` is odd (no floats needed).
fn half(v: i64) -> String {
    game_core::svg::fixed(v * 5, 1)
}

/// A board point in picture units.
fn at(mm: i64) -> i64 {
    MARGIN + mm * SCALE
}

/// An SVG document of the board, every ring and both seats' hands and
/// scores in `s` (the observation of any viewer: nothing is hidden).
#[must_use]
pub fn board_svg(game: &MoonBase, s: &State) -> String {
    let board = game.board();
    let (w, h) = (i64::from(board.width()), i64::from(board.height()));
    let width = (w * SCALE + 2 * MARGIN).max(560);
    let height = h * SCALE + 2 * MARGIN + PANEL;
    let name = if board.name().is_empty() {
        "Moon Base"
    } else {
        board.name()
    };
    let mut svg = Svg::new(
        width,
        height,
        &format!("Moon Base on {name}, round {}", s.round),
    );
    svg.rect(
        at(0),
        at(0),
        w * SCALE,
        h * SCALE,
        palette::PANEL,
        Some("the board"),
    );
    draw_craters(&mut svg, game);
    draw_bases(&mut svg, game, s);
    draw_rings(&mut svg, game, s);
    draw_tower(&mut svg, game, s);
    draw_panel(&mut svg, game, s, h * SCALE + 2 * MARGIN);
    svg.finish()
}

/// Every crater as a dashed disc of its outer ring's radius, with its id.
fn draw_craters(svg: &mut Svg, game: &MoonBase) {
    let board = game.board();
    for (i, c) in board.craters().iter().enumerate() {
        let r = game.outer(c.size) * SCALE;
        let (x, y) = (at(i64::from(c.x)), at(i64::from(c.y)));
        let key = format!("crater:{i} PlaceTower:{i} PlaceResourceBase:{i}");
        let title = format!("{} ({}, crater {i})", c.id, c.size);
        svg.shape(
            "circle",
            &[
                ("cx", x.into()),
                ("cy", y.into()),
                ("r", r.into()),
                ("fill", palette::PANEL_DARK.into()),
                ("stroke", palette::MUTED.into()),
                ("stroke-width", 1.into()),
                ("stroke-dasharray", "3 2".into()),
                ("data-key", (&key).into()),
            ],
            Some(&title),
        );
        svg.text(x, y + r + 11, 10, "middle", palette::MUTED, &c.id);
    }
}

/// A square on each crater holding a resource base, in the seat's colour.
fn draw_bases(svg: &mut Svg, game: &MoonBase, s: &State) {
    let board = game.board();
    for b in &s.bases {
        if let Some(c) = board.crater(b.crater) {
            let (x, y) = (at(i64::from(c.x)), at(i64::from(c.y)));
            svg.rect(
                x - 8,
                y - 8,
                16,
                16,
                seat_fill(s, b.seat),
                Some(&format!("resource base of {} on {}", b.seat, c.id)),
            );
        }
    }
}

/// Rings, lowest level first, as annuli between the two radii.
fn draw_rings(svg: &mut Svg, game: &MoonBase, s: &State) {
    let mut order: Vec<usize> = (0..s.rings.len()).collect();
    order.sort_by_key(|&i| (s.rings[i].level, i));
    for i in order {
        draw_ring(svg, game, s, i);
    }
}

/// Ring `i`: its annulus, outer edge, level and settlement.
fn draw_ring(svg: &mut Svg, game: &MoonBase, s: &State, i: usize) {
    let board = game.board();
    let r = &s.rings[i];
    let (big, small) = (game.outer(r.piece.size), game.inner(r.piece.size));
    let (x, y) = (at(i64::from(r.x)), at(i64::from(r.y)));
    let on = match r.on {
        Footing::Crater(k) => board
            .crater(k)
            .map_or(String::new(), |c| format!("on {}", c.id)),
        Footing::Supports(a, b) => format!("on #{} and #{}", a.0, b.0),
    };
    let title = format!("#{i} {} level {} {on}", r.piece, r.level);
    let key = format!("ring:{i} a:{i} b:{i}");
    let mid = half((big + small) * SCALE);
    svg.shape(
        "circle",
        &[
            ("cx", x.into()),
            ("cy", y.into()),
            ("r", (&mid).into()),
            ("fill", "none".into()),
            ("stroke", fill(r.piece.colour).into()),
            ("stroke-width", ((big - small) * SCALE).into()),
            ("stroke-opacity", "0.9".into()),
            ("data-key", (&key).into()),
        ],
        Some(&title),
    );
    svg.shape(
        "circle",
        &[
            ("cx", x.into()),
            ("cy", y.into()),
            ("r", (big * SCALE).into()),
            ("fill", "none".into()),
            ("stroke", palette::INK.into()),
            ("stroke-width", 1.into()),
        ],
        None,
    );
    let label = match r.piece.size {
        Size::Large => 13,
        Size::Small => 11,
    };
    svg.text(
        x,
        y + 4,
        label,
        "middle",
        palette::INK,
        &r.level.to_string(),
    );
    if r.settlement {
        let ty = y - (big * SCALE) + (big - small) * SCALE / 2;
        let points = format!("{},{} {},{} {},{}", x - 7, ty + 5, x + 7, ty + 5, x, ty - 7);
        svg.shape(
            "polygon",
            &[
                ("points", (&points).into()),
                ("fill", palette::BACKGROUND.into()),
                ("stroke", palette::INK.into()),
                ("stroke-width", 1.into()),
            ],
            Some(&format!("settlement on ring #{i}")),
        );
    }
}

/// The tower: a dark disc of the column's radius over its host.
fn draw_tower(svg: &mut Svg, game: &MoonBase, s: &State) {
    let board = game.board();
    if let Some((tx, ty, level)) = game.tower_point(s) {
        let host = match s.tower {
            Some(Host::Ring(r)) => format!("on ring #{}", r.0),
            Some(Host::Crater(k)) => board
                .crater(k)
                .map_or(String::new(), |c| format!("on {}", c.id)),
            None => String::new(),
        };
        svg.shape(
            "circle",
            &[
                ("cx", at(i64::from(tx)).into()),
                ("cy", at(i64::from(ty)).into()),
                ("r", (game.rho.max(2) * SCALE).into()),
                ("fill", palette::INK.into()),
                ("fill-opacity", "0.85".into()),
                ("stroke", palette::BACKGROUND.into()),
                ("stroke-width", 2.into()),
            ],
            Some(&format!("tower {host}, height {level}")),
        );
    }
}

/// Hands, supplies and the score track of both seats, from `top` down.
fn draw_panel(svg: &mut Svg, game: &MoonBase, s: &State, top: i64) {
    let breakdown = game.score_breakdown(s);
    svg.text(
        MARGIN,
        top + 4,
        14,
        "start",
        palette::INK,
        &game.phase_line(s),
    );
    for seat in [Seat(0), Seat(1)] {
        let row = top + 20 + i64::from(seat.0) * 70;
        let colour = s
            .colour(seat)
            .map_or_else(|| "no colour yet".to_owned(), |c| c.to_string());
        svg.group(
            &[("data-seat", u32::from(seat.0).into())],
            Some(&format!("{} ({colour})", seat_label(seat))),
        );
        svg.rect(MARGIN, row, 14, 14, seat_fill(s, seat), None);
        svg.text(
            MARGIN + 20,
            row + 12,
            13,
            "start",
            palette::INK,
            &format!(
                "{} · {colour} · settlements left {} · bases left {} · retired {}",
                seat_label(seat),
                s.settlements_left[seat],
                s.bases_left[seat],
                s.unplaced[seat]
            ),
        );
        draw_hand(svg, s, seat, row);
        if let Some(b) = &breakdown {
            draw_score_track(svg, s, seat, &b.seats[seat.index()], row);
        }
        svg.end_group();
    }
    draw_piles(svg, s, top + 170);
}

/// The four large and four small piles (public, MB-3), each as its rings
/// from the top down, numbered as the take moves name them (MB-8).
fn draw_piles(svg: &mut Svg, s: &State, row: i64) {
    for (si, size) in [Size::Large, Size::Small].into_iter().enumerate() {
        let y = row + 12 + i64::try_from(si).unwrap_or(0) * 34;
        svg.text(
            MARGIN,
            y + 4,
            12,
            "start",
            palette::INK,
            &format!("{size} piles"),
        );
        for (p, pile) in s.piles[si].iter().enumerate() {
            let left = MARGIN + 90 + i64::try_from(p).unwrap_or(0) * 145;
            svg.text(
                left,
                y + 4,
                11,
                "start",
                palette::MUTED,
                &format!("pile {p}"),
            );
            let r = if size == Size::Large { 7 } else { 5 };
            for (k, colour) in pile.iter().enumerate() {
                let x = left + 44 + i64::try_from(k).unwrap_or(0) * 14;
                let place = if k == 0 { "top" } else { "below" };
                svg.circle(
                    x,
                    y,
                    r,
                    fill(*colour),
                    Some(&format!("{size} pile {p}, {place}: {colour}")),
                );
            }
            if pile.is_empty() {
                svg.text(left + 44, y + 4, 11, "start", palette::MUTED, "empty");
            }
        }
    }
}

/// The hand of `seat`: one small disc per ring held, or "empty hand".
fn draw_hand(svg: &mut Svg, s: &State, seat: Seat, row: i64) {
    let mut x = MARGIN + 8;
    for piece in s.hands[seat].pieces() {
        let r = match piece.size {
            Size::Large => 7,
            Size::Small => 5,
        };
        svg.circle(
            x,
            row + 30,
            r,
            fill(piece.colour),
            Some(&format!("{} holds {piece}", seat_label(seat))),
        );
        x += 18;
    }
    if s.hands[seat].is_empty() {
        svg.text(MARGIN, row + 34, 11, "start", palette::MUTED, "empty hand");
    }
}

/// The score track of `seat`: one cell per point, filled up to the total.
fn draw_score_track(svg: &mut Svg, s: &State, seat: Seat, score: &SeatScore, row: i64) {
    let total = score.total;
    let title = format!(
        "{} scores {total}: base {}, connected {}, highest {}, tower {}",
        seat_label(seat),
        score.base,
        score.connected,
        score.highest,
        score.tower
    );
    svg.group(&[("data-score", total.into())], Some(&title));
    for point in 0..30_i64 {
        let lit = point < total;
        svg.rect(
            MARGIN + point * 16,
            row + 44,
            14,
            10,
            if lit {
                seat_fill(s, seat)
            } else {
                palette::PANEL
            },
            None,
        );
    }
    svg.text(
        MARGIN + 30 * 16 + 4,
        row + 53,
        12,
        "start",
        palette::INK,
        &total.to_string(),
    );
    svg.end_group();
}

impl Picture for MoonBase {
    fn picture(&self, obs: &State) -> String {
        board_svg(self, obs)
    }
}

#[cfg(test)]
mod tests {
    use game_core::Seat;

    use crate::{Action, Colour, Config, MoonBase, Piece, Size};
    use game_core::Game;

    #[test]
    fn svg_shows_craters_rings_and_tower() {
        let g = MoonBase::new(Config::default()).unwrap();
        let mut s = g
            .sandbox(Seat(0), Colour::Gold, g.board().find("L06").unwrap())
            .unwrap();
        g.place_ring(
            &mut s,
            &Action::PlaceOnCrater {
                piece: Piece::new(Size::Large, Colour::Gold),
                crater: g.board().find("L08").unwrap(),
            },
        )
        .unwrap();
        let svg = super::board_svg(&g, &s);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("stroke-dasharray").count(), 40);
        assert!(svg.contains("#0 L gold level 1 on L08"));
        assert!(svg.contains("tower on L06"));
    }
}
