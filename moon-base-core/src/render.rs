//! Text rendering: a readable position with a coarse map, and action names
//! that `parse_action` reads back.

use std::fmt::Write as _;

use game_core::{Render, Seat};

use crate::geometry::{d2, sq};
use crate::{Action, Chance, Footing, Host, MoonBase, Phase, Piece, Size, State};

/// The widest map drawn, in cells.
const MAX_MAP_CELLS: i32 = 40;

impl MoonBase {
    fn crater_name(&self, k: crate::CraterId) -> String {
        self.board
            .crater(k)
            .map_or_else(|| format!("#{}", k.0), |c| c.id.clone())
    }

    pub(crate) fn phase_line(&self, s: &State) -> String {
        let rounds = self.config.rounds;
        match s.phase {
            Phase::Piles => {
                let n: usize = s.piles.iter().flatten().map(|p| p.len()).sum();
                format!("set-up: building the piles ({n}/48 drawn)")
            }
            Phase::DrawStart => "set-up: drawing the first player".into(),
            Phase::ChooseColour => "set-up: the second player chooses gold or silver".into(),
            Phase::PlaceTower => "set-up: the second player stands the tower".into(),
            Phase::Select { step } => format!(
                "round {}/{rounds}, selection: take {} of 4 ({} pair)",
                s.round,
                step + 1,
                if step < 2 { "large" } else { "small" }
            ),
            Phase::Place { to_move, turns } => format!(
                "round {}/{rounds}, placement: {to_move} to move, {turns} turns played",
                s.round
            ),
            Phase::Base { seat } => {
                format!(
                    "round {}/{rounds}, building: {seat} places a resource base",
                    s.round
                )
            }
            Phase::Over => "game over".into(),
        }
    }

    /// A coarse top view: each cell shows the highest ring over its centre
    /// (colour letter, upper case for large, and level), the tower `TT`,
    /// bases `B0`/`B1`, crater floor `..`.
    fn map(&self, s: &State) -> String {
        let (w, h) = (self.board.width(), self.board.height());
        let cell = ((w.max(h) + MAX_MAP_CELLS - 1) / MAX_MAP_CELLS).max(10);
        let tower = self.tower_point(s);
        let mut out = String::new();
        let cols = (w + cell - 1) / cell;
        let rows = (h + cell - 1) / cell;
        let _ = writeln!(out, "map ({cell} mm per cell, x right, y down):");
        for j in 0..rows {
            out.push_str("  ");
            for i in 0..cols {
                let (x, y) = (i * cell + cell / 2, j * cell + cell / 2);
                // A marker on a crater whose centre lies off the board (V6)
                // is drawn in the nearest edge cell.
                let inside = |cx: i32, cy: i32, r: i64| {
                    let (mx, my) = (cx.clamp(0, w), cy.clamp(0, h));
                    (i64::from(mx - x)).abs() * 2 <= i64::from(cell)
                        && (i64::from(my - y)).abs() * 2 <= i64::from(cell)
                        || d2(x, y, cx, cy) < sq(r)
                };
                let top = s
                    .rings
                    .iter()
                    .filter(|r| d2(x, y, r.x, r.y) < sq(self.outer(r.piece.size)))
                    .max_by_key(|r| r.level);
                let text = if tower.is_some_and(|(tx, ty, _)| inside(tx, ty, 0)) {
                    "TT".to_string()
                } else if let Some(r) = top {
                    let c = r.piece.colour.letter();
                    let c = match r.piece.size {
                        Size::Large => c,
                        Size::Small => c.to_ascii_lowercase(),
                    };
                    let l = char::from_digit(u32::from(r.level), 10).unwrap_or('+');
                    format!("{c}{l}")
                } else if let Some(b) = s.bases.iter().find(|b| {
                    self.board
                        .crater(b.crater)
                        .is_some_and(|c| inside(c.x, c.y, 0))
                }) {
                    format!("B{}", b.seat.0)
                } else if self
                    .board
                    .craters()
                    .iter()
                    .any(|c| d2(x, y, c.x, c.y) < sq(self.outer(c.size)))
                {
                    "..".to_string()
                } else {
                    "  ".to_string()
                };
                out.push_str(&text);
            }
            out.push('\n');
        }
        out
    }

    fn hand_text(s: &State, seat: Seat) -> String {
        let Some(h) = s.hands.get(seat) else {
            return String::new();
        };
        let parts: Vec<String> = h
            .pieces()
            .map(|p| {
                let n = h.count(p);
                if n == 1 {
                    p.to_string()
                } else {
                    format!("{p} x{n}")
                }
            })
            .collect();
        if parts.is_empty() {
            "empty".into()
        } else {
            parts.join(", ")
        }
    }
}

fn piece_text(p: Piece) -> String {
    p.to_string()
}

/// The parts of [`Render::render_obs`], in the order they are written.
impl MoonBase {
    /// Each seat's colour, supplies and open hand.
    fn render_seats(out: &mut String, s: &State) {
        for seat in Seat::all(2) {
            let colour = s
                .colour(seat)
                .map_or("no colour yet".to_string(), |c| c.to_string());
            let first = if s.first_player == Some(seat) {
                ", first player"
            } else {
                ""
            };
            let start = if s.round > 0 && s.start_player() == Some(seat) {
                ", starts this round"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{seat}: {colour}{first}{start}; settlements left {}, bases left {}, retired {}; hand: {}",
                s.settlements_left.get(seat).copied().unwrap_or(0),
                s.bases_left.get(seat).copied().unwrap_or(0),
                s.unplaced.get(seat).copied().unwrap_or(0),
                Self::hand_text(s, seat)
            );
        }
    }

    /// The piles of each size, top first.
    fn render_piles(out: &mut String, s: &State) {
        for size in Size::ALL {
            let piles: Vec<String> = s.piles[size.index()]
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let c: String = p.iter().map(|c| c.letter()).collect();
                    format!("{i}:[{c}]")
                })
                .collect();
            let _ = writeln!(
                out,
                "{} piles (top first): {}",
                size.word(),
                piles.join(" ")
            );
        }
    }

    /// The tower, the rings and the resource bases.
    fn render_board(&self, out: &mut String, s: &State) {
        match s.tower {
            None => out.push_str("tower: not placed\n"),
            Some(Host::Crater(k)) => {
                let _ = writeln!(out, "tower: on crater {}", self.crater_name(k));
            }
            Some(Host::Ring(r)) => {
                let _ = writeln!(out, "tower: on ring #{} (a collabo)", r.0);
            }
        }
        if s.rings.is_empty() {
            out.push_str("rings: none\n");
        } else {
            out.push_str("rings:\n");
        }
        for (i, r) in s.rings.iter().enumerate() {
            let on = match r.on {
                Footing::Crater(k) => format!("on {}", self.crater_name(k)),
                Footing::Supports(a, b) => format!("on #{}+#{}", a.0, b.0),
            };
            let flag = if r.settlement { "  settlement" } else { "" };
            let host = if s.tower == Some(Host::Ring(crate::RingId(i as u16))) {
                "  tower"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "  #{i:<2} {:<9} level {} at ({},{}) {on}{flag}{host}",
                piece_text(r.piece),
                r.level,
                r.x,
                r.y
            );
        }
        if !s.bases.is_empty() {
            let list: Vec<String> = s
                .bases
                .iter()
                .map(|b| format!("{} ({})", self.crater_name(b.crater), b.seat))
                .collect();
            let _ = writeln!(out, "bases: {}", list.join(", "));
        }
    }

    /// The score so far (or final) and who is ahead.
    fn render_score(&self, out: &mut String, s: &State) {
        if let Some(b) = self.score_breakdown(s) {
            let label = if s.phase == Phase::Over {
                "final score"
            } else {
                "score if play stopped now"
            };
            let parts: Vec<String> = b
                .seats
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    format!(
                        "seat {i} {} (base {}, connected +{}, highest +{}, tower +{})",
                        p.total, p.base, p.connected, p.highest, p.tower
                    )
                })
                .collect();
            let _ = writeln!(out, "{label}: {}; ahead: {}", parts.join(", "), b.winner);
        }
    }
}

impl Render for MoonBase {
    fn render_obs(&self, s: &State) -> String {
        let mut out = String::new();
        let name = if self.board.name().is_empty() {
            "custom board"
        } else {
            self.board.name()
        };
        let _ = writeln!(out, "Moon Base on {name}: {}", self.phase_line(s));
        Self::render_seats(&mut out, s);
        Self::render_piles(&mut out, s);
        self.render_board(&mut out, s);
        self.render_score(&mut out, s);
        out.push_str(&self.map(s));
        out
    }

    fn render_action(&self, a: &Action) -> String {
        match *a {
            Action::ChooseColour(c) => format!("colour {c}"),
            Action::PlaceTower(k) => format!("tower {}", self.crater_name(k)),
            Action::TakePair(i) => format!("take pile {i}"),
            Action::PlaceOnCrater { piece, crater } => {
                format!("{} on {}", piece_text(piece), self.crater_name(crater))
            }
            Action::Stack { piece, a, b, x, y } => {
                format!("{} on #{}+#{} at {x},{y}", piece_text(piece), a.0, b.0)
            }
            Action::Pass => "pass".into(),
            Action::PlaceResourceBase(k) => format!("base {}", self.crater_name(k)),
            Action::DeclineResourceBase => "decline base".into(),
        }
    }

    fn render_chance(&self, c: &Chance) -> String {
        match *c {
            Chance::Ring(colour) => format!("pile draw: {colour}"),
            Chance::Start(seat) => format!("{seat} is the first player"),
        }
    }
}

#[cfg(test)]
mod tests {
    use game_core::{Game, Render, Seat};

    use crate::{Action, Colour, Config, MoonBase, Piece, RingId, Size};

    #[test]
    fn rendered_actions_parse_back() {
        let g = MoonBase::new(Config::default()).unwrap();
        let mut s = g
            .sandbox(Seat(0), Colour::Gold, g.board().find("L06").unwrap())
            .unwrap();
        let lg = Piece::new(Size::Large, Colour::Gold);
        let ls = Piece::new(Size::Large, Colour::Silver);
        g.place_ring(
            &mut s,
            &Action::PlaceOnCrater {
                piece: lg,
                crater: g.board().find("L08").unwrap(),
            },
        )
        .unwrap();
        g.place_ring(
            &mut s,
            &Action::PlaceOnCrater {
                piece: ls,
                crater: g.board().find("L14").unwrap(),
            },
        )
        .unwrap();
        let mut legal = Vec::new();
        let mut hand = crate::Hand::default();
        hand.add(lg);
        hand.add(Piece::new(Size::Small, Colour::Navy));
        g.placements(&s, &hand, &mut legal);
        assert!(!legal.is_empty());
        for a in &legal {
            let text = g.render_action(a);
            assert_eq!(g.parse_action(&text, &legal), Some(*a), "{text}");
        }
        let stack = Action::Stack {
            piece: lg,
            a: RingId(0),
            b: RingId(1),
            x: 90,
            y: 170,
        };
        assert_eq!(g.render_action(&stack), "L gold on #0+#1 at 90,170");
        let text = g.render_obs(&s);
        assert!(text.contains("tower: on crater L06"), "{text}");
        assert!(text.contains("#1  L silver"), "{text}");
        assert!(text.contains("G1"), "{text}");
        assert!(text.contains("TT"), "{text}");
    }
}
