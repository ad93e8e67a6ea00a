//! Text for terminals: the board track with pawns, balances, the block,
//! the winning card and the ledger head.

use std::fmt::Write as _;

use game_core::{Render, Seat, Viewer};

use crate::ledger::hash_hex;
use crate::observe::{Seen, Slot};
use crate::state::Phase;
use crate::{Action, Chance, Effect, MarketIsland, Obs, PileView};

fn seen<T: std::fmt::Display + Copy>(slot: &Slot<T>) -> String {
    match slot.card {
        Seen::Shown(c) => c.to_string(),
        Seen::Hidden => "??".to_owned(),
    }
}

fn pile_line<T: Copy>(name: &str, p: &PileView<T>) -> String {
    format!("{name} {}+{}", p.unseen, p.queue.len())
}

/// The parts of [`Render::render_obs`], in the order they are written.
impl MarketIsland {
    /// The track, one row per active pawn.
    fn render_track(&self, t: &mut String, o: &Obs) {
        let board: String = self.config.board.iter().map(|s| s.letter()).collect();
        let _ = writeln!(t, "        {board}");
        for (i, sv) in o.seats.iter().enumerate() {
            if !sv.active {
                continue;
            }
            let row: String = (0..board.len())
                .map(|k| {
                    if k == usize::from(sv.position) {
                        char::from_digit(i as u32, 10).unwrap_or('*')
                    } else {
                        '·'
                    }
                })
                .collect();
            let _ = writeln!(t, "seat {i}  {row}");
        }
    }

    /// One line per seat: balance, cards and flags; `*` marks the viewer.
    fn render_seats(t: &mut String, o: &Obs) {
        for (i, sv) in o.seats.iter().enumerate() {
            let me = if o.viewer == Viewer::Seat(Seat(i as u8)) {
                "*"
            } else {
                " "
            };
            let mut line = format!("{me}seat {i}: {:>5}", sv.balance);
            if !sv.active {
                let _ = write!(line, "  out (turn {})", sv.eliminated_in.unwrap_or(0));
                let _ = writeln!(t, "{line}");
                continue;
            }
            if let Some(b) = &sv.block {
                let effect = match b.card {
                    Seen::Shown(c) => format!(" ({})", c.effect),
                    Seen::Hidden => String::new(),
                };
                let _ = write!(line, "  block {}{effect}", seen(b));
            }
            if !sv.drawn.is_empty() {
                let drawn: Vec<String> = sv.drawn.iter().map(seen).collect();
                let _ = write!(line, "  drawn [{}]", drawn.join(" "));
            }
            if let Some(k) = &sv.kept {
                let _ = write!(line, "  kept {}", seen(k));
            }
            if sv.declined {
                line.push_str("  declined");
            }
            if sv.possessed {
                line.push_str("  possessed");
            }
            if sv.on_totem {
                line.push_str("  on Totem");
            }
            let _ = writeln!(t, "{line}");
        }
    }

    /// Held cards, piles, the last block and the viewer's choices.
    fn render_cards(t: &mut String, o: &Obs) {
        if !o.held.is_empty() {
            let held: Vec<String> = o
                .held
                .iter()
                .map(|h| match (h.card.effect, h.excluded_turn) {
                    (Effect::Jellyfish, Some(turn)) => {
                        format!("seat {} {} (no mining in turn {turn})", h.seat.0, h.card)
                    }
                    _ => format!("seat {} {}", h.seat.0, h.card),
                })
                .collect();
            let _ = writeln!(t, "held: {}", held.join(", "));
        }
        let _ = writeln!(
            t,
            "piles (unseen+queued): {}, {}, {}, {}",
            pile_line("income", &o.income),
            pile_line("expense", &o.expense),
            pile_line("action", &o.action),
            pile_line("mining", &o.mining)
        );
        if let Some(b) = o.ledger.head().filter(|b| b.height > 0) {
            let cards: Vec<String> = b
                .cards
                .iter()
                .map(|(s, c)| {
                    format!(
                        "{}:{}",
                        s.0,
                        c.map_or_else(|| "-".into(), |c| c.to_string())
                    )
                })
                .collect();
            let miners: Vec<String> = b
                .miners
                .iter()
                .map(|(s, f)| format!("{}:{f}", s.0))
                .collect();
            let _ = writeln!(
                t,
                "last block #{} (turn {}): cards {} · miners {} · winner seat {}",
                b.height,
                b.turn,
                cards.join(" "),
                miners.join(" "),
                b.winner.map_or(0, |s| s.0)
            );
        }
        if let Phase::Decide { seat } = o.phase
            && o.viewer == Viewer::Seat(seat)
        {
            let choices = match o.seats.get(seat.index()).map(|s| s.drawn.len()) {
                Some(2) => "decline | keep 0 | keep 1",
                _ => "decline | mine",
            };
            let _ = writeln!(t, "your move: {choices}");
        }
    }
}

impl MarketIsland {
    pub(crate) fn phase_text(phase: Phase) -> String {
        match phase {
            Phase::StartSeat => "choosing the start seat".into(),
            Phase::FirstWc => "drawing the first winning card".into(),
            Phase::Roll { seat } => format!("seat {} rolls", seat.0),
            Phase::BlockDraw { seat } => format!("seat {} draws its block card", seat.0),
            Phase::MiningDraw { seat } => format!("seat {} draws a mining card", seat.0),
            Phase::Decide { seat } => format!("seat {} decides whether to mine", seat.0),
            Phase::TieBreak { tied } => {
                let seats: Vec<String> = tied.iter().map(|s| s.0.to_string()).collect();
                format!("tie-break among seats {}", seats.join(", "))
            }
            Phase::Over => "game over".into(),
        }
    }
}

impl Render for MarketIsland {
    fn render_obs(&self, o: &Obs) -> String {
        let mut t = String::new();
        let who = match o.viewer {
            Viewer::Seat(s) => format!("seat {}", s.0),
            Viewer::Spectator => "spectator".into(),
        };
        let _ = writeln!(
            t,
            "Market Island · turn {}/{} · {} · view of {who}",
            o.turn,
            self.config.max_turns,
            Self::phase_text(o.phase)
        );
        if let Some(r) = o.end_reason {
            let _ = writeln!(t, "ended: {}", crate::narration::end_words(r));
        }
        let wc = o
            .winning_card
            .map_or_else(|| "-".to_owned(), |f| f.to_string());
        let head = o.ledger.head().map_or_else(
            || "no blocks yet".to_owned(),
            |b| format!("height {} hash {}", b.height, hash_hex(b.hash)),
        );
        let _ = writeln!(
            t,
            "winning card {wc} · ledger {head} · {} pending entries",
            o.pending.len()
        );
        self.render_track(&mut t, o);
        Self::render_seats(&mut t, o);
        Self::render_cards(&mut t, o);
        t
    }

    fn render_action(&self, a: &Action) -> String {
        a.to_string()
    }

    fn render_chance(&self, c: &Chance) -> String {
        match c {
            Chance::StartSeat(s) => format!("seat {} starts", s.0),
            Chance::Die(d) => format!("rolls {d}"),
            Chance::Card(card) => format!("draws {card}"),
            Chance::Mining(f) => format!("mining card {f}"),
            Chance::TieBreak(s) => format!("tie-break won by seat {}", s.0),
            Chance::AxeFaceDown => "draws an Axe (face down)".to_owned(),
        }
    }

    /// Also accepts `d`, `m`, `k0`, `k1`.
    fn parse_action(&self, text: &str, legal: &[Action]) -> Option<Action> {
        let want: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect();
        let a = match want.as_str() {
            "decline" | "d" => Action::Decline,
            "mine" | "m" => Action::Mine,
            "keep0" | "k0" => Action::Keep(0),
            "keep1" | "k1" => Action::Keep(1),
            _ => return None,
        };
        legal.contains(&a).then_some(a)
    }
}
