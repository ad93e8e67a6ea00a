//! Scripted play for the worked examples: every chance outcome given by hand.

#![allow(dead_code)]

use game_core::{Game, Seat, ToAct};
use market_island_core::{Action, Card, Chance, Config, Face, MarketIsland, State};

/// A game and a state driven step by step.
pub struct Script {
    pub g: MarketIsland,
    pub s: State,
}

pub fn face(text: &str) -> Face {
    text.parse().unwrap()
}

impl Script {
    /// A game from `config`, at its initial state.
    pub fn new(config: Config) -> Script {
        let g = MarketIsland::new(config).unwrap();
        let s = g.initial_state();
        Script { g, s }
    }

    /// The default config with `seats` and start seat 0 (the spec's examples).
    pub fn seats(seats: u8) -> Script {
        Script::new(Config {
            seats,
            start_seat: Some(Seat(0)),
            ..Config::default()
        })
    }

    /// The card with id `I-4H` in this game's decks.
    pub fn card(&self, id: &str) -> Card {
        self.g
            .config()
            .decks
            .card(id)
            .unwrap_or_else(|| panic!("no card {id}"))
    }

    /// Resolves the chance node the game stands at with `c` (checked by
    /// the kit's scripted-chance driver).
    pub fn chance(&mut self, c: Chance) {
        assert_eq!(
            self.g.to_act(&self.s),
            ToAct::Chance,
            "before {c:?}: {:?}",
            self.s.phase()
        );
        let mut script = std::collections::VecDeque::from([c]);
        game_core::testkit::script::feed_chance(&self.g, &mut self.s, &mut script);
    }

    pub fn wc(&mut self, f: &str) {
        self.chance(Chance::Mining(face(f)));
    }

    pub fn roll(&mut self, d: u8) {
        self.chance(Chance::Die(d));
    }

    /// A block draw from the unseen part.
    pub fn draw(&mut self, id: &str) {
        let c = self.card(id);
        self.chance(Chance::Card(c));
    }

    /// A roll followed by a block draw.
    pub fn move_and_draw(&mut self, d: u8, id: &str) {
        self.roll(d);
        self.draw(id);
    }

    pub fn mine_draw(&mut self, f: &str) {
        self.chance(Chance::Mining(face(f)));
    }

    pub fn act(&mut self, seat: u8, a: Action) {
        assert_eq!(
            self.g.to_act(&self.s),
            ToAct::Seat(Seat(seat)),
            "phase {:?}",
            self.s.phase()
        );
        self.g.apply(&mut self.s, Seat(seat), &a).unwrap();
        self.g.check_state(&self.s).unwrap();
    }

    pub fn balances(&self) -> Vec<i32> {
        self.s.balances()
    }

    pub fn mining_queue(&self) -> Vec<String> {
        self.s
            .piles()
            .mining
            .queue()
            .iter()
            .map(|(f, _)| f.to_string())
            .collect()
    }

    pub fn action_queue(&self) -> Vec<String> {
        self.s
            .piles()
            .action
            .queue()
            .iter()
            .map(|(c, _)| c.to_string())
            .collect()
    }
}
