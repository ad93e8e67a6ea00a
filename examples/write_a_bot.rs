//! Writing a bot: a Pig player that banks at 20, played against the
//! shared random bot over a hundred seeded games.
//!
//! ```text
//! cargo run --example write_a_bot
//! ```
//!
//! A bot sees a [`BotView`]: its seat, its legal actions and its
//! observation, never the hidden state (unless it declares itself
//! omniscient). It must return one of the legal actions; the rng is the
//! runner's, so a seeded game plays the same way every time.

use tabletop::game_core::demo::{Pig, PigAction};
use tabletop::game_core::{Bot, BotView, GameRng, RandomBot, Seat, Session, ToAct};

/// Rolls until the turn total reaches `bank_at`, then holds.
struct HoldAt {
    bank_at: u32,
}

impl Bot<Pig> for HoldAt {
    fn name(&self) -> String {
        format!("hold-at-{}", self.bank_at)
    }

    fn select(&mut self, view: &BotView<'_, Pig>, _rng: &mut GameRng) -> PigAction {
        let seen = view.observation(); // Pig hides nothing: the observation is the state
        let hold = view.legal().contains(&PigAction::Hold);
        if hold && seen.turn_total >= self.bank_at {
            PigAction::Hold
        } else {
            PigAction::Roll
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut wins = [0u32; 2];
    for seed in 0..100 {
        let mut session = Session::<Pig>::new(Default::default(), seed)?;
        // Seat 0 and seat 1 swap bots every other game, so the first move
        // is no advantage to either.
        let mut bots: [Box<dyn Bot<Pig>>; 2] =
            [Box::new(HoldAt { bank_at: 20 }), Box::new(RandomBot)];
        let mine = if seed % 2 == 0 { Seat(0) } else { Seat(1) };
        if mine == Seat(1) {
            bots.swap(0, 1);
        }
        let mut rng = GameRng::new(seed);
        while let ToAct::Seat(seat) = session.to_act() {
            let legal = session.legal_actions();
            let view = BotView::new(session.game(), session.state(), seat, &legal, false);
            let action = bots[usize::from(seat.0)].select(&view, &mut rng);
            session.act(seat, &action)?;
        }
        let outcome = session.outcome().ok_or("a finished game has an outcome")?;
        let winner_is_mine = outcome.places[usize::from(mine.0)] == 1;
        wins[usize::from(!winner_is_mine)] += 1;
    }
    println!("hold-at-20 won {} of 100 games against random", wins[0]);
    Ok(())
}
