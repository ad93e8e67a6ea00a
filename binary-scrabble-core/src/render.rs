//! Text for terminals: the board with premiums and coordinates, moves and draws.

use std::fmt::Write as _;

use game_core::{Render, ToAct, Viewer};

use crate::action::Action;
use crate::board::Board;
use crate::observe::Obs;
use crate::scrabble::Scrabble;
use crate::square::{Dir, Layout, Premium, SIZE, Square};
use crate::state::{EndReason, LastTurn};
use crate::tile::{Kind, KindCounts};

impl Scrabble {
    /// The board as a grid: columns `A`–`O`, rows `1`–`15`, tiles by their
    /// faces (`?` marks a blank), empty premium squares as `TW DW TL DL`.
    #[must_use]
    pub fn render_board(&self, board: &Board) -> String {
        render_grid(board, &self.layout)
    }
}

/// The board grid, four characters per square.
fn render_grid(board: &Board, layout: &Layout) -> String {
    let mut out = String::from("   ");
    for c in 0..SIZE {
        let _ = write!(out, "{:^4}", char::from(b'A' + c as u8));
    }
    out.push('\n');
    for r in 0..SIZE {
        let _ = write!(out, "{:>2} ", r + 1);
        for c in 0..SIZE {
            let Some(sq) = Square::at(c, r) else { continue };
            let text = match board.get(sq) {
                Some(t) => t.to_string(),
                None => match layout.premium(sq) {
                    Premium::Plain => ".".to_owned(),
                    p @ (Premium::DoubleLetter
                    | Premium::TripleLetter
                    | Premium::DoubleWord
                    | Premium::TripleWord) => p.label().to_lowercase(),
                },
            };
            let _ = write!(out, "{text:^4}");
        }
        let _ = writeln!(out, "{:>2}", r + 1);
    }
    out
}

/// A multiset as `0×3 1×2 =×1`, or `-` when empty.
fn counts(k: &KindCounts) -> String {
    if k.is_empty() {
        return "-".into();
    }
    Kind::ALL
        .iter()
        .filter(|kind| k.get(**kind) > 0)
        .map(|kind| format!("{kind}×{}", k.get(*kind)))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Render for Scrabble {
    fn render_obs(&self, o: &Obs) -> String {
        let mut out = render_grid(&o.board, &self.layout);
        out.push_str("(empty premium squares: tw dw tl dl; ?x is a blank showing x)\n");
        let scores: Vec<String> = o
            .scores
            .iter()
            .map(|(seat, score)| format!("seat {}: {score}", seat.0))
            .collect();
        let _ = writeln!(out, "scores: {}", scores.join(", "));
        let sizes: Vec<String> = o
            .rack_sizes
            .iter()
            .map(|(seat, n)| format!("seat {}: {n}", seat.0))
            .collect();
        let _ = writeln!(out, "tiles held: {}", sizes.join(", "));
        if let Some(rack) = o.rack {
            let who = match o.viewer {
                Viewer::Seat(s) => format!("seat {}", s.0),
                Viewer::Spectator => "spectator".into(),
            };
            let _ = writeln!(out, "rack of {who}: {rack}");
        }
        if let Some(racks) = &o.revealed_racks {
            for (seat, rack) in racks.iter() {
                let _ = writeln!(out, "final rack of seat {}: {rack}", seat.0);
            }
        }
        if let Some(aside) = o.set_aside {
            let _ = writeln!(out, "set aside: {aside}");
        }
        let _ = writeln!(
            out,
            "bag: {} tiles; unseen: {}",
            o.bag_size,
            counts(&o.unseen)
        );
        if let Some(turn) = o.last_turn {
            let text = match turn {
                LastTurn::Play { seat, play, score } => {
                    format!("seat {} played {play} for {score}", seat.0)
                }
                LastTurn::Exchange { seat, count } => {
                    format!("seat {} exchanged {count} tiles", seat.0)
                }
                LastTurn::Pass { seat } => format!("seat {} passed", seat.0),
            };
            let _ = writeln!(out, "last turn: {text}");
        }
        let status = match (o.to_act, o.ending) {
            (ToAct::Over, Some(end)) => {
                let why = match end.reason {
                    EndReason::WentOut { seat } => format!("seat {} went out", seat.0),
                    EndReason::Scoreless => format!("{} scoreless turns", o.scoreless),
                };
                let adj: Vec<String> = end
                    .adjustments
                    .iter()
                    .map(|(s, a)| format!("seat {}: {a:+}", s.0))
                    .collect();
                format!("game over ({why}); rack adjustments {}", adj.join(", "))
            }
            (ToAct::Over, None) => "game over".into(),
            (ToAct::Chance, _) => match o.drawing {
                Some(d) => format!("seat {} draws {} more", d.seat.0, d.left),
                None => "draws pending".into(),
            },
            (ToAct::Seat(s), _) => {
                format!("seat {} to move (scoreless turns: {})", s.0, o.scoreless)
            }
        };
        out.push_str(&status);
        out
    }

    fn render_action(&self, a: &Action) -> String {
        a.to_string()
    }

    fn render_chance(&self, c: &Kind) -> String {
        format!("draw {c}")
    }

    /// Reads the text form of [`Action`] (`Across H8 1, I8 =, J8 0`,
    /// `exchange 0 ?`, `pass`, case and commas free). Tiles may come in any
    /// order and a single tile may say `Down`: the play is put in canonical
    /// form before it is looked up in `legal`.
    fn parse_action(&self, text: &str, legal: &[Action]) -> Option<Action> {
        let mut action: Action = text.parse().ok()?;
        if let Action::Play(play) = &mut action {
            let mut tiles = play.tiles().to_vec();
            tiles.sort_unstable();
            if tiles.len() == 1 {
                play.dir = Dir::Across;
            }
            *play = crate::action::Play::new(play.dir, &tiles)?;
        }
        legal.binary_search(&action).ok().map(|i| legal[i])
    }
}
