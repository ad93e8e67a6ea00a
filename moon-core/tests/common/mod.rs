//! Scripted play for the worked examples: chance outcomes come from a
//! list in node order (M-50), actions are typed as on the cards.

#![allow(dead_code)]

use std::collections::VecDeque;

use game_core::testkit::script;
use game_core::{Game, Seat, Viewer};
use moon_core::{
    Action, Card, Config, Energy, EventKind, Half, Moon, MoonError, Obs, Operation, Slot, State,
    WideGoalModel, bits, parse_bits,
};

/// Reads a chance list: `0011 BUG ERROR B RESET 4 OK`, commas ignored.
pub fn cards(text: &str) -> Vec<Card> {
    let words: Vec<String> = text
        .replace(',', " ")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let card = match w {
            "BUG" => Card::Bug,
            "OK" => Card::Event(EventKind::Ok),
            "ERROR" | "RESET" => {
                i += 1;
                let name = format!("{w} {}", words[i]);
                let kind = EventKind::ALL
                    .into_iter()
                    .find(|k| k.name() == name)
                    .unwrap_or_else(|| panic!("no event {name}"));
                Card::Event(kind)
            }
            _ => Card::Goal(parse_bits(w).unwrap_or_else(|| panic!("bad card {w}")).0),
        };
        out.push(card);
        i += 1;
    }
    out
}

/// A game driven by a script of chance outcomes.
pub struct Script {
    pub game: Moon,
    pub s: State,
    pub chance: VecDeque<Card>,
}

impl Script {
    pub fn new(config: Config, chance: &str) -> Script {
        let game = Moon::new(config).expect("valid config");
        let s = game.initial_state();
        let mut script = Script {
            game,
            s,
            chance: cards(chance).into(),
        };
        script.feed();
        script
    }

    /// Resolves chance nodes from the list until a seat acts or it runs out.
    pub fn feed(&mut self) {
        script::feed_chance(&self.game, &mut self.s, &mut self.chance);
    }

    pub fn seat(&self) -> Seat {
        script::seat_to_act(&self.game, &self.s)
    }

    pub fn try_act(&mut self, a: Action) -> Result<(), MoonError> {
        script::try_act(&self.game, &mut self.s, &mut self.chance, &a)
    }

    pub fn act(&mut self, a: Action) {
        script::act(&self.game, &mut self.s, &mut self.chance, &a);
    }

    /// The legal actions of the seat to act.
    pub fn legal(&self) -> Vec<Action> {
        let mut legal = Vec::new();
        self.game.legal_actions(&self.s, self.seat(), &mut legal);
        legal
    }

    pub fn op(&mut self, text: &str) {
        self.act(Action::Op(op(text)));
    }

    pub fn try_op(&mut self, text: &str) -> Result<(), MoonError> {
        self.try_act(Action::Op(op(text)))
    }

    pub fn end(&mut self) {
        self.act(Action::EndTurn);
    }

    pub fn obs(&self) -> Obs {
        self.game.observe(&self.s, Viewer::Spectator)
    }

    pub fn reg(&self, i: usize) -> String {
        bits(self.s.regs[i], self.game.width())
    }

    pub fn a(&self) -> String {
        self.reg(0)
    }

    pub fn energy(&self) -> Energy {
        self.s.energy
    }

    pub fn deck(&self) -> u32 {
        self.obs().unseen.deck
    }

    pub fn score(&self) -> u8 {
        self.s.scores.as_slice()[0]
    }

    /// The queue in the rules' notation: `[1011 # . BUG .]`; wide goals
    /// complete, QueuePairs halves as `w`/`h`/`l` + card.
    pub fn queue(&self) -> String {
        let n = usize::from(self.game.slots());
        let width = self.game.width();
        let config = game_core::Game::config(&self.game);
        let pairs = width > 4 && config.wide_goal_model == WideGoalModel::QueuePairs;
        let face_up: Vec<usize> = (0..n)
            .rev()
            .filter(|&i| matches!(self.s.queue[i], Slot::Goal { .. }))
            .collect();
        let cells: Vec<String> = (0..n)
            .map(|i| match self.s.queue[i] {
                Slot::Empty => ".".into(),
                Slot::FaceDown => "#".into(),
                Slot::Bug => "BUG".into(),
                Slot::Goal { card, partner } => {
                    if width == 4 {
                        bits(card, 4)
                    } else if pairs {
                        let high = config.wide_revealed_card_high;
                        let tag = if face_up.len() < 2 && partner.is_none() {
                            "w"
                        } else if (face_up[0] == i) == high {
                            "h"
                        } else {
                            "l"
                        };
                        format!("{tag}{}", bits(card, 4))
                    } else {
                        match partner {
                            Some(p) => {
                                let (h, l) = if config.wide_revealed_card_high {
                                    (card, p.value())
                                } else {
                                    (p.value(), card)
                                };
                                bits(moon_core::compose_goal(width, h, l), width)
                            }
                            None => format!("{}?", bits(card, 4)),
                        }
                    }
                }
            })
            .collect();
        format!("[{}]", cells.join(" "))
    }
}

pub fn op(text: &str) -> Operation {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

pub fn e(units_x2: u16) -> Energy {
    Energy(units_x2)
}

pub fn v(text: &str) -> u8 {
    parse_bits(text).unwrap().0
}

#[allow(unused)]
pub fn half(text: &str) -> Half {
    Half::Card(v(text))
}
