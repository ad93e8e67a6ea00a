//! Embedding an engine: the README's program. A seeded game, legal
//! actions, an observation as one seat sees it, the outcome, and a replay
//! that plays back anywhere.
//!
//! ```text
//! cargo run --example embed
//! ```

use tabletop::game_core::demo::Pig;
use tabletop::game_core::{Seat, Session, ToAct, Viewer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A seeded game; chance (here a die) is resolved from the seed.
    let mut session = Session::<Pig>::new(Default::default(), 42)?;
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions(); // sorted, never empty for the seat to act
        session.act(seat, &legal[0])?; // an illegal action is an Err and changes nothing
        let _seen_by_seat_0 = session.observe(Viewer::Seat(Seat(0)));
    }
    println!("{:?}", session.outcome());
    let replay_json = serde_json::to_string(&session.to_replay())?; // plays back anywhere
    println!("{replay_json}");
    Ok(())
}
