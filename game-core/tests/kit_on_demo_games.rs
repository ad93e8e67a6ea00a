//! The conformance kit passes on the demo games, with and without
//! determinization, over several configs.

use game_core::demo::{HighCard, HighCardConfig, Pig, PigConfig};
use game_core::testkit::{conformance, determinize_conformance, learning_conformance};

fn pig_configs() -> Vec<PigConfig> {
    vec![
        PigConfig::default(),
        PigConfig {
            seats: 4,
            target: 12,
            max_turns: 30,
        },
        PigConfig {
            seats: 3,
            target: 1000,
            max_turns: 6,
        },
    ]
}

fn high_card_configs() -> Vec<HighCardConfig> {
    vec![
        HighCardConfig::default(),
        HighCardConfig {
            deck_size: 13,
            ante: 2,
            bet: 5,
        },
    ]
}

#[test]
fn pig_conforms() {
    conformance::<Pig>(&pig_configs(), 64);
}

#[test]
fn pig_determinizes() {
    determinize_conformance::<Pig>(&pig_configs(), 16);
}

#[test]
fn high_card_conforms() {
    conformance::<HighCard>(&high_card_configs(), 64);
}

#[test]
fn high_card_determinizes() {
    determinize_conformance::<HighCard>(&high_card_configs(), 32);
}

#[test]
fn pig_learning_view_conforms() {
    learning_conformance::<Pig>(&pig_configs(), 16);
}

#[test]
fn high_card_learning_view_conforms() {
    learning_conformance::<HighCard>(&high_card_configs(), 32);
}

#[test]
fn high_card_tensor_hides_the_other_card_and_shows_ones_own() {
    use game_core::{Learning, Seat, Session, Viewer};
    let session = Session::<HighCard>::new(HighCardConfig::default(), 42).unwrap();
    let game = session.game();
    let mut t0 = Vec::new();
    let mut t1 = Vec::new();
    game.encode_observation(&session.observe(Viewer::Seat(Seat(0))), &mut t0);
    game.encode_observation(&session.observe(Viewer::Seat(Seat(1))), &mut t1);
    assert_eq!(t0.len(), game.observation_len());
    // Seed 42 deals card 1 to seat 0 and card 3 to seat 1 (docs/protocol.md):
    // the own-card block (after the seat flag and seat one-hot) shows them.
    assert_eq!(&t0[3..6], &[1.0, 0.0, 0.0]);
    assert_eq!(&t1[3..6], &[0.0, 0.0, 1.0]);
    // Seat 0 counts cards 2 and 3 as unseen (its opponent's among them).
    let unseen0 = &t0[t0.len() - 3..];
    assert_eq!(unseen0, &[0.0, 1.0, 1.0]);
    assert_eq!(game.num_distinct_actions(), 4);
}
