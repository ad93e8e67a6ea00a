//! The conformance kit passes on the demo games, with and without
//! determinization, over several configs.

use crate::common;

use common::{high_card_configs, pig_configs};
use game_core::demo::{HighCard, HighCardConfig, Pig, PigConfig};
use game_core::testkit::{
    conformance, determinize_conformance, learning_conformance, narration_conformance,
    scoped_conformance,
};

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
fn pig_scoped_replies_tell_no_more_than_the_observation() {
    scoped_conformance::<Pig>(&pig_configs(), 32);
}

#[test]
fn high_card_scoped_replies_tell_no_more_than_the_observation() {
    scoped_conformance::<HighCard>(&high_card_configs(), 32);
}

#[test]
fn pig_narration_tells_no_more_than_the_log() {
    narration_conformance::<Pig>(&pig_configs(), 16);
}

#[test]
fn high_card_narration_tells_no_more_than_the_log() {
    narration_conformance::<HighCard>(&high_card_configs(), 32);
}

#[test]
fn high_card_narrates_a_hidden_deal_without_the_card() {
    use game_core::{Seat, Session, Viewer};
    let session = Session::<HighCard>::new(HighCardConfig::default(), 3).unwrap();
    let to_seat_1 = session.narration(Viewer::Seat(Seat(1)));
    // The deal gives seat 0 a card first: seat 1 hears only that it is dealt.
    assert_eq!(to_seat_1[0], "a card is dealt face down");
    assert!(to_seat_1[1].starts_with("you are dealt a "));
}

#[test]
fn the_kit_refuses_to_pass_on_no_configs() {
    let failure = game_core::testkit::check_conformance::<Pig>(&[], 8).unwrap_err();
    assert_eq!(failure.check, "configs given");
}

#[test]
fn perft_counts_decisions_and_stops_at_chance() {
    use game_core::Game;
    use game_core::demo::{Die, PigAction};
    use game_core::testkit::{perft, script};

    let pig = Pig::new(PigConfig::default()).unwrap();
    let mut s = pig.initial_state();
    // Nothing to hold yet: rolling is the only action, then the die.
    assert_eq!(perft(&pig, &s, 1), 1);
    assert_eq!(perft(&pig, &s, 2), 1);
    let mut dice = std::collections::VecDeque::from([Die(4)]);
    script::act(&pig, &mut s, &mut dice, &PigAction::Roll);
    assert!(dice.is_empty(), "the scripted roll was used");
    // With 4 on the table: roll or hold; holding passes the turn (one
    // action for the next seat), rolling meets the die (a leaf).
    assert_eq!(perft(&pig, &s, 1), 2);
    assert_eq!(perft(&pig, &s, 2), 2);
    assert_eq!(perft(&pig, &s, 0), 1);
}

#[test]
#[should_panic(expected = "is not an outcome here")]
fn the_script_driver_refuses_an_impossible_chance_outcome() {
    use game_core::Game;
    use game_core::demo::{Die, PigAction};
    use game_core::testkit::script;

    let pig = Pig::new(PigConfig::default()).unwrap();
    let mut s = pig.initial_state();
    let mut dice = std::collections::VecDeque::from([Die(7)]);
    script::act(&pig, &mut s, &mut dice, &PigAction::Roll);
}

#[test]
fn golden_helpers_replay_and_compare_byte_for_byte() {
    use game_core::testkit::{check_golden, random_game, replay_text};

    let a = replay_text(&random_game::<Pig>(PigConfig::default(), 9));
    let b = replay_text(&random_game::<Pig>(PigConfig::default(), 9));
    assert_eq!(a, b, "one seed, one playthrough");
    assert!(a.ends_with("}\n") && a.contains("\"game\": \"pig\""));
    if std::env::var_os(game_core::testkit::BLESS_VAR).is_none() {
        let path = std::env::temp_dir().join(format!("golden-{}.json", std::process::id()));
        std::fs::write(&path, &a).unwrap();
        check_golden(&path, &a);
        let other = std::panic::catch_unwind(|| check_golden(&path, &b.replace("pig", "pog")));
        std::fs::remove_file(&path).unwrap();
        assert!(other.is_err(), "a changed text fails the comparison");
    }
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

/// The demo games have no rules document: no error names a rule, and a
/// wrapped shared error is reported as one.
#[test]
fn demo_errors_name_no_rule_and_report_their_shared_error() {
    use game_core::demo::{HighCardAction, HighCardError, PigError};
    use game_core::testkit::{check_rule_errors, every_core_error};

    // No `_ =>`: a new variant does not compile until it is sampled below.
    let pig_variant = |e: &PigError| match e {
        PigError::Core(_) => 0,
        PigError::NothingToHold => 1,
    };
    let mut pig: Vec<(PigError, Option<&str>)> = vec![(PigError::NothingToHold, None)];
    pig.extend(
        every_core_error()
            .into_iter()
            .map(|e| (PigError::Core(e), None)),
    );
    let seen: std::collections::BTreeSet<_> = pig.iter().map(|(e, _)| pig_variant(e)).collect();
    assert_eq!(seen.len(), 2);
    check_rule_errors(&pig);

    let high_card_variant = |e: &HighCardError| match e {
        HighCardError::Core(_) => 0,
        HighCardError::OutOfSequence { .. } => 1,
    };
    let mut high_card: Vec<(HighCardError, Option<&str>)> = vec![(
        HighCardError::OutOfSequence {
            action: HighCardAction::Call,
            history: vec![HighCardAction::Check],
        },
        None,
    )];
    high_card.extend(
        every_core_error()
            .into_iter()
            .map(|e| (HighCardError::Core(e), None)),
    );
    let seen: std::collections::BTreeSet<_> = high_card
        .iter()
        .map(|(e, _)| high_card_variant(e))
        .collect();
    assert_eq!(seen.len(), 2);
    check_rule_errors(&high_card);
}
