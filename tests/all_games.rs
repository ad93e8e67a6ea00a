//! The conformance kit over every registered game, through the facade.
//! Each game issue adds its game here (and its own crate runs deeper cases).

use tabletop::game_core::demo::{HighCard, Pig};
use tabletop::game_core::testkit::{conformance, determinize_conformance};

#[test]
fn demo_games_conform() {
    conformance::<Pig>(&[Default::default()], 32);
    determinize_conformance::<HighCard>(&[Default::default()], 32);
}

#[test]
fn every_registered_game_is_listed_here() {
    let names: Vec<&str> = tabletop::registry::games()
        .iter()
        .map(|g| g.name())
        .collect();
    assert_eq!(names, ["pig", "high-card"]);
}
