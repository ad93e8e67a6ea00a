//! An SVG picture of the board and rings, for people to look at: craters
//! as dashed circles with their ids, rings as coloured annuli (higher
//! levels drawn later and labelled), settlements, bases and the tower.

use std::fmt::Write as _;

use crate::{Colour, Footing, Host, MoonBase, Size, State};

fn fill(colour: Colour) -> &'static str {
    match colour {
        Colour::Gold => "#d4a017",
        Colour::Silver => "#a8b0b8",
        Colour::Navy => "#1f3a7a",
    }
}

fn seat_fill(s: &State, seat: game_core::Seat) -> &'static str {
    s.colour(seat).map_or("#888888", fill)
}

/// `v / 2` written exactly, with a `.5` when `v` is odd (no floats needed).
fn half(v: i64) -> String {
    if v % 2 == 0 {
        format!("{}", v / 2)
    } else {
        format!("{}.5", v.div_euclid(2))
    }
}

/// An SVG document (1 px per 0.5 mm) of the board and every ring of `s`.
#[must_use]
pub fn board_svg(game: &MoonBase, s: &State) -> String {
    let board = game.board();
    let margin = 40;
    let (w, h) = (board.width(), board.height());
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}" font-family="sans-serif">"#,
        -margin,
        -margin,
        w + 2 * margin,
        h + 2 * margin + 30,
        2 * (w + 2 * margin),
        2 * (h + 2 * margin + 30)
    );
    let _ = writeln!(
        out,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/><rect x="0" y="0" width="{w}" height="{h}" fill="#e9e6df" stroke="#555" stroke-width="1"/>"##,
        -margin,
        -margin,
        w + 2 * margin,
        h + 2 * margin + 30
    );
    // Craters, with ids and any resource base.
    for (i, c) in board.craters().iter().enumerate() {
        let r = game.outer(c.size);
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="{r}" fill="#d6d1c4" stroke="#777" stroke-width="0.8" stroke-dasharray="3 2"><title>{} ({}, crater {i})</title></circle>"##,
            c.x, c.y, c.id, c.size
        );
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="6" text-anchor="middle" fill="#555">{}</text>"##,
            c.x,
            i64::from(c.y) + r + 7,
            c.id
        );
    }
    for b in &s.bases {
        if let Some(c) = board.crater(b.crater) {
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="10" height="10" fill="{}" stroke="#000" stroke-width="0.8"><title>resource base of {}</title></rect>"##,
                c.x - 5,
                c.y - 5,
                seat_fill(s, b.seat),
                b.seat
            );
        }
    }
    // Rings, lowest level first, as annuli between the two radii.
    let mut order: Vec<usize> = (0..s.rings.len()).collect();
    order.sort_by_key(|&i| (s.rings[i].level, i));
    for i in order {
        let r = &s.rings[i];
        let (big, small) = (game.outer(r.piece.size), game.inner(r.piece.size));
        let mid = half(big + small);
        let width = big - small;
        let on = match r.on {
            Footing::Crater(k) => board
                .crater(k)
                .map_or(String::new(), |c| format!("on {}", c.id)),
            Footing::Supports(a, b) => format!("on #{} and #{}", a.0, b.0),
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="{mid}" fill="none" stroke="{}" stroke-width="{width}" stroke-opacity="0.9"><title>#{i} {} level {} {on}</title></circle>"##,
            r.x,
            r.y,
            fill(r.piece.colour),
            r.piece,
            r.level
        );
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="{big}" fill="none" stroke="#000" stroke-width="0.4"/>"##,
            r.x, r.y
        );
        let label = match r.piece.size {
            Size::Large => 7,
            Size::Small => 6,
        };
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="{label}" text-anchor="middle" fill="#000">{}</text>"##,
            r.x,
            r.y + 2,
            r.level
        );
        if r.settlement {
            let (x, y) = (i64::from(r.x), i64::from(r.y) - big + width / 2);
            let _ = writeln!(
                out,
                r##"<polygon points="{},{} {},{} {},{}" fill="#ffffff" stroke="#000" stroke-width="0.6"><title>settlement</title></polygon>"##,
                x - 4,
                y + 3,
                x + 4,
                y + 3,
                x,
                y - 4
            );
        }
    }
    // The tower: a dark disc of the column's radius over its host.
    if let Some((tx, ty, h)) = game.tower_point(s) {
        let host = match s.tower {
            Some(Host::Ring(r)) => format!("on ring #{}", r.0),
            Some(Host::Crater(k)) => board
                .crater(k)
                .map_or(String::new(), |c| format!("on {}", c.id)),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{tx}" cy="{ty}" r="{}" fill="#202020" fill-opacity="0.85" stroke="#fff" stroke-width="1"><title>tower {host}, height {h}</title></circle>"##,
            game.rho.max(2)
        );
    }
    let caption = match game.score_breakdown(s) {
        Some(b) => format!(
            "round {} | seat 0 ({}) {} points, seat 1 ({}) {} points",
            s.round,
            b.tallies.colour_of[0],
            b.seats[0].total,
            b.tallies.colour_of[1],
            b.seats[1].total
        ),
        None => format!("round {}", s.round),
    };
    let _ = writeln!(
        out,
        r##"<text x="0" y="{}" font-size="9" fill="#222">{}: {caption}</text>"##,
        h + margin + 10,
        if board.name().is_empty() {
            "Moon Base"
        } else {
            board.name()
        }
    );
    out.push_str("</svg>\n");
    out
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
