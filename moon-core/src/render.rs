//! Text for terminals: registers as bit rows with weights, the queue,
//! energy, RAM, errors and goals.

use std::fmt::Write as _;

use crate::action::{Action, ErrorTarget};
use crate::cards::{Card, Half};
use crate::costs::Mode;
use crate::moon::Moon;
use crate::observe::{GoalView, Obs};
use crate::register::{Reg, bits};
use crate::state::{Phase, Slot};
use game_core::{Render, ToAct};

impl Moon {
    fn half_text(h: Half) -> String {
        match h {
            Half::Card(v) => bits(v, 4),
            Half::Virtual => "virtual 0000".into(),
        }
    }
}

/// The parts of [`Render::render_obs`], in the order they are written.
impl Moon {
    /// Registers as bit rows under their weights, RAMs, the hacker's free
    /// uses and disabled operations.
    fn render_registers(&self, t: &mut String, o: &Obs) {
        let n = o.width;
        // Registers as bit rows under their weights.
        let weights: Vec<String> = (0..n).rev().map(|i| format!("{:>4}", 1u16 << i)).collect();
        let _ = writeln!(t, "     {}", weights.join(""));
        for r in Reg::ALL {
            let v = o.regs[r.index()];
            let row: Vec<String> = (0..n).rev().map(|i| format!("{:>4}", v >> i & 1)).collect();
            let note = if o.disabled_regs.contains(r) {
                "   ERROR: disabled"
            } else {
                ""
            };
            let _ = writeln!(t, "  {r}  {}   = {}{note}", row.join(""), bits(v, n));
        }
        for (i, ram) in o.rams.iter().enumerate() {
            let text = ram.map_or_else(|| "hidden".to_owned(), |v| bits(v, n));
            let _ = writeln!(t, "  RAM of seat {i}: {text}");
        }
        if let Some(h) = self.hacker(o.turn) {
            let config = &self.config;
            let free = match h {
                crate::costs::Hacker::Purple => {
                    format!(
                        ", free MOVs used {}/{}",
                        o.free_movs, config.purple_free_movs
                    )
                }
                crate::costs::Hacker::Red => format!(
                    ", free OR/AND/XOR used {}/{}",
                    o.free_logic, config.red_free_logic
                ),
                crate::costs::Hacker::Green | crate::costs::Hacker::Yellow => String::new(),
            };
            let _ = writeln!(t, "  hacker of {}: {h:?}{free}", o.turn);
        }
        let off: Vec<&str> = o.disabled_ops.iter().map(|k| k.name()).collect();
        if !off.is_empty() {
            let _ = writeln!(t, "  ERROR: disabled operations {}", off.join(" "));
        }
    }

    /// The queue, newest first, and the goal A must reach.
    fn render_queue(&self, t: &mut String, o: &Obs) {
        let n = o.width;
        if !o.queue.is_empty() {
            let cells: Vec<String> = o
                .queue
                .iter()
                .enumerate()
                .map(|(i, slot)| {
                    let text = match slot {
                        Slot::Empty => ".".to_owned(),
                        Slot::FaceDown => "#".to_owned(),
                        Slot::Bug => "BUG".to_owned(),
                        Slot::Goal { card, partner } => match partner {
                            None => bits(*card, 4),
                            Some(h) => format!("{}+{}", bits(*card, 4), Self::half_text(*h)),
                        },
                    };
                    format!("{}:{text}", i + 1)
                })
                .collect();
            let _ = writeln!(
                t,
                "queue (1 = newest, highest = oldest): [{}]",
                cells.join("  ")
            );
            if let Some(g) = o.current_goal {
                let _ = writeln!(t, "goal: A must become {}", bits(g, n));
            }
        }
    }

    /// Each seat's goal, solved count and BUGs; the team score; tokens.
    fn render_seats(&self, t: &mut String, o: &Obs) {
        let n = o.width;
        for (i, g) in o.goals.iter().enumerate() {
            let text = match g {
                GoalView::None => "no goal".to_owned(),
                GoalView::Hidden { cards } => format!("hidden ({cards} card(s))"),
                GoalView::Known {
                    first,
                    second,
                    value,
                } => match value {
                    Some(v) => bits(*v, n),
                    None => format!(
                        "{}{} (incomplete)",
                        bits(*first, 4),
                        second.map_or(String::new(), |h| format!("+{}", Self::half_text(h)))
                    ),
                },
            };
            let bugs = o.bugs_held.get(i).copied().unwrap_or(0);
            let _ = writeln!(
                t,
                "seat {i}: goal {text}, solved {}, BUGs {bugs}",
                o.scores.get(i).copied().unwrap_or(0)
            );
        }
        if o.mode == Mode::Cooperative {
            let _ = writeln!(t, "score {}", o.scores.first().copied().unwrap_or(0));
        }
        for (i, tokens) in o.tokens.iter().enumerate() {
            let list: Vec<String> = crate::ops::OpKind::ALL
                .iter()
                .filter(|k| tokens.count(**k) > 0)
                .map(|k| format!("{k}×{}", tokens.count(*k)))
                .collect();
            if !list.is_empty() {
                let _ = writeln!(t, "tokens of holder {i}: {}", list.join(" "));
            }
        }
    }

    /// The unseen cards, a pending OK choice and the result.
    fn render_deck(&self, t: &mut String, o: &Obs) {
        let events: Vec<String> = o
            .unseen
            .events
            .iter()
            .map(|(k, c)| format!("{k}×{c}"))
            .collect();
        let _ = writeln!(
            t,
            "deck {} cards; unseen: {} goal card(s), {} BUG(s){}{}",
            o.unseen.deck,
            o.unseen.goal_cards,
            o.unseen.bugs,
            if events.is_empty() { "" } else { ", " },
            events.join(" ")
        );
        if let Some(ok) = &o.ok_choice {
            let list: Vec<String> = ok.targets.iter().map(|x| ok_text(*x)).collect();
            let _ = writeln!(
                t,
                "OK: {} chooses what to repair: {}",
                ok.chooser,
                list.join(", ")
            );
        }
        match o.phase {
            Phase::Won => t.push_str("the team WON\n"),
            Phase::Lost => t.push_str("the team LOST\n"),
            Phase::Ended => t.push_str("the game is over\n"),
            Phase::Copying(_) | Phase::Setup | Phase::Play => {}
        }
    }
}

impl Render for Moon {
    fn render_obs(&self, o: &Obs) -> String {
        let n = o.width;
        let mut t = String::new();
        let mode = match o.mode {
            Mode::Cooperative => "cooperative",
            Mode::Competitive => "competitive",
        };
        let who = match o.to_act {
            ToAct::Seat(s) => format!("{s} to act"),
            ToAct::Chance => "a card is being drawn".into(),
            ToAct::Over => "game over".into(),
        };
        let _ = writeln!(
            t,
            "MOON {mode}, {n} bits, round {}: {who}; energy {}/{}",
            o.round, o.energy, o.budget
        );
        self.render_registers(&mut t, o);
        self.render_queue(&mut t, o);
        self.render_seats(&mut t, o);
        self.render_deck(&mut t, o);
        t
    }

    fn render_action(&self, a: &Action) -> String {
        match a {
            Action::Op(op) => op.to_string(),
            Action::Token(op) => format!("token {op}"),
            Action::ChooseOk(t) => format!("ok {}", ok_text(*t)),
            Action::UseBug(s) => format!("bug {}", s.0),
            Action::EndTurn => "end".into(),
            Action::HiddenRamWrite { token: false } => "MOV to RAM (hidden)".into(),
            Action::HiddenRamWrite { token: true } => "token MOV to RAM (hidden)".into(),
        }
    }

    fn render_chance(&self, c: &Card) -> String {
        format!("drew {c}")
    }

    fn parse_action(&self, text: &str, legal: &[Action]) -> Option<Action> {
        let want = normalize(text);
        let want = match want.as_str() {
            "endturn" | "pass" => "end".to_owned(),
            _ => want,
        };
        legal
            .iter()
            .find(|a| normalize(&self.render_action(a)) == want)
            .copied()
    }
}

fn ok_text(t: ErrorTarget) -> String {
    match t {
        ErrorTarget::Register(r) => r.to_string(),
        ErrorTarget::Operation(k) => k.to_string(),
        ErrorTarget::Bug(p) => format!("bug at {p}"),
    }
}

fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}
