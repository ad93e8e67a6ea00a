//! Session: seeded chance, manual chance, per-viewer logs, golden outputs.

use game_core::demo::{Die, HighCard, HighCardAction, Pig, PigAction, PigConfig};
use game_core::{Error, LogEntry, Seat, Session, Step, ToAct, Viewer};

#[test]
fn golden_pig_dice_for_seed_7() {
    // Golden: the first dice of a seed-7 session that always rolls. If this
    // changes, every saved seed plays differently: bump RULES_VERSION.
    let mut s = Session::<Pig>::new(PigConfig::default(), 7).unwrap();
    let mut dice = Vec::new();
    while dice.len() < 8 {
        let seat = s.to_act().seat().unwrap();
        s.act(seat, &PigAction::Roll).unwrap();
        if let Some(Step::Chance(Die(d))) = s.steps().last() {
            dice.push(*d);
        }
    }
    assert_eq!(dice, GOLDEN_SEED_7_DICE);
}

const GOLDEN_SEED_7_DICE: [u8; 8] = [4, 4, 4, 2, 5, 1, 2, 6];

#[test]
fn manual_chance_lets_a_test_steer_luck() {
    let mut s = Session::<Pig>::new(PigConfig::default(), 1).unwrap();
    s.set_auto_chance(false);
    s.act(Seat(0), &PigAction::Roll).unwrap();
    assert_eq!(s.to_act(), ToAct::Chance);
    assert_eq!(s.chance_outcomes().len(), 6);
    assert_eq!(s.apply_chance(&Die(9)), Err(Error::BadChance.into()));
    s.apply_chance(&Die(6)).unwrap();
    assert_eq!(s.state().turn_total, 6);
    assert_eq!(
        s.act(Seat(1), &PigAction::Roll),
        Err(Error::NotYourTurn {
            seat: Seat(1),
            to_act: Seat(0)
        }
        .into())
    );
}

#[test]
fn each_seat_sees_only_its_own_deal_in_its_log() {
    let mut s = Session::<HighCard>::new(Default::default(), 3).unwrap();
    s.act(Seat(0), &HighCardAction::Check).unwrap();
    let cards: Vec<u8> = s
        .steps()
        .iter()
        .filter_map(|step| match step {
            Step::Chance(c) => Some(*c),
            Step::Action { .. } => None,
        })
        .collect();
    assert_eq!(cards.len(), 2);
    let log0 = s.log_for(Viewer::Seat(Seat(0)));
    assert_eq!(log0[0], LogEntry::Chance(Some(cards[0])));
    assert_eq!(log0[1], LogEntry::Chance(None));
    let log1 = s.log_for(Viewer::Seat(Seat(1)));
    assert_eq!(log1[0], LogEntry::Chance(None));
    assert_eq!(log1[1], LogEntry::Chance(Some(cards[1])));
    let spectator = s.log_for(Viewer::Spectator);
    assert_eq!(
        spectator[..2],
        [LogEntry::Chance(None), LogEntry::Chance(None)]
    );
    assert_eq!(
        spectator[2],
        LogEntry::Action {
            seat: Seat(0),
            action: Some(HighCardAction::Check)
        }
    );
}

#[test]
fn state_version_counts_changes_and_not_refusals() {
    let mut s = Session::<Pig>::new(PigConfig::default(), 2).unwrap();
    let v0 = s.state_version();
    assert!(s.act(Seat(0), &PigAction::Hold).is_err());
    assert_eq!(s.state_version(), v0);
    s.act(Seat(0), &PigAction::Roll).unwrap();
    assert_eq!(s.state_version(), v0 + 2, "the roll and its die");
}

#[test]
fn undo_to_the_current_step_changes_nothing() {
    let mut s = Session::<HighCard>::new(Default::default(), 42).unwrap();
    let (steps, version) = (s.step_count(), s.state_version());
    s.undo_to(steps).unwrap();
    s.undo_to(steps).unwrap();
    assert_eq!((s.step_count(), s.state_version()), (steps, version));
    // Undo to step 1 lands on the second deal, which is replayed as recorded:
    // the position is the current one, so nothing changes either.
    s.undo_to(1).unwrap();
    assert_eq!((s.step_count(), s.state_version()), (steps, version));
}

/// A replay whose chance was forced (die 6, twice) where seed 2 draws other
/// faces (repro `pig-replay-chance-then-undo`).
fn forced_sixes() -> game_core::Replay<Pig> {
    let mut s = Session::<Pig>::new(PigConfig::default(), 2).unwrap();
    s.set_auto_chance(false);
    for _ in 0..2 {
        s.act(Seat(0), &PigAction::Roll).unwrap();
        s.apply_chance(&Die(6)).unwrap();
    }
    s.to_replay()
}

#[test]
fn undo_keeps_a_recorded_chance_outcome_instead_of_redrawing_it() {
    let replay = forced_sixes();
    let drawn = Session::<Pig>::new(PigConfig::default(), 2).unwrap();
    let mut seeded = drawn.clone();
    seeded.act(Seat(0), &PigAction::Roll).unwrap();
    assert_ne!(
        seeded.steps()[1],
        Step::Chance(Die(6)),
        "the seed itself draws another face, so the test means something"
    );
    let mut s = Session::from_replay(&replay).unwrap();
    let version = s.state_version();
    // Step 3 is just before the second die: it is played again as recorded.
    s.undo_to(3).unwrap();
    assert_eq!(s.steps(), replay.steps.as_slice());
    assert_eq!(s.state_version(), version);
    // Back to just after the first roll: its recorded six is played again;
    // the second roll and its die are gone.
    s.undo_to(1).unwrap();
    assert_eq!(s.steps(), &replay.steps[..2]);
    assert_eq!(s.state().turn_total, 6);
    assert!(s.state_version() > version);
}

/// The dice a session rolls over `n` rolls of seat 0's turns (always rolling).
fn dice_of(s: &mut Session<Pig>, n: usize) -> Vec<u8> {
    let mut dice = Vec::new();
    while dice.len() < n && s.outcome().is_none() {
        let seat = s.to_act().seat().unwrap();
        s.act(seat, &PigAction::Roll).unwrap();
        if let Some(Step::Chance(Die(d))) = s.steps().last() {
            dice.push(*d);
        }
    }
    dice
}

#[test]
fn a_reseeded_copy_draws_other_luck_and_still_replays() {
    let mut original = Session::<Pig>::new(PigConfig::default(), 7).unwrap();
    let mut same = original.clone();
    let mut reseeded = original.clone();
    reseeded.reseed(8);
    let ahead = dice_of(&mut original, 8);
    // A plain copy shares the future draws; a reseeded one does not.
    assert_eq!(dice_of(&mut same, 8), ahead);
    assert_ne!(dice_of(&mut reseeded, 8), ahead);
    assert_eq!(reseeded.seed(), 8);
    let again = Session::<Pig>::from_replay(&reseeded.to_replay()).unwrap();
    assert_eq!(again.state(), reseeded.state());
}

#[test]
fn a_determinized_session_looks_the_same_to_its_seat() {
    let s = Session::<HighCard>::new(Default::default(), 42).unwrap();
    let mut rng = game_core::GameRng::new(3);
    let mut differs = false;
    for _ in 0..20 {
        let world = s.determinized(Seat(0), &mut rng, 9);
        assert_eq!(
            world.observe(Viewer::Seat(Seat(0))),
            s.observe(Viewer::Seat(Seat(0)))
        );
        assert_eq!(world.to_act(), s.to_act());
        assert_eq!(world.step_count(), 0);
        differs |= world.observe(Viewer::Seat(Seat(1))) != s.observe(Viewer::Seat(Seat(1)));
    }
    // Seat 1's card is hidden from seat 0, so some world deals it another.
    assert!(differs);
}

#[test]
fn a_log_from_a_step_is_the_tail_of_the_whole_log_for_every_viewer() {
    let mut s = Session::<HighCard>::new(Default::default(), 3).unwrap();
    s.act(Seat(0), &HighCardAction::Check).unwrap();
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        let whole = s.log_for(viewer);
        assert!(whole.len() > 1);
        for from in 0..=whole.len() + 1 {
            assert_eq!(
                s.log_for_since(viewer, from),
                whole.get(from..).unwrap_or(&[]),
                "{viewer:?} from {from}"
            );
        }
    }
}

#[test]
fn reads_from_where_the_last_read_ended_agree_with_a_fresh_replay_through_growth_and_undo() {
    // The session remembers states where reads ended, so later reads
    // replay only the new steps; a session rebuilt from the replay
    // remembers nothing and replays from the start.
    let mut s = Session::<Pig>::new(PigConfig::default(), 11).unwrap();
    let viewers = [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ];
    let mut sent = [0usize; 3];
    for turn in 0..60 {
        let Some(seat) = s.to_act().seat() else { break };
        let hold = turn % 3 == 2 && s.check(seat, &PigAction::Hold).is_ok();
        let action = if hold {
            PigAction::Hold
        } else {
            PigAction::Roll
        };
        s.act(seat, &action).unwrap();
        if turn % 7 == 6 {
            // Undo back past where every viewer has read; the game goes on
            // differently, through the steps where reads ended before.
            s.undo_to(s.step_count().saturating_sub(5)).unwrap();
            sent = sent.map(|n| n.min(s.step_count()));
        }
        let fresh = Session::<Pig>::from_replay(&s.to_replay()).unwrap();
        for (i, viewer) in viewers.into_iter().enumerate() {
            let from = sent[i];
            assert_eq!(
                s.log_for_since(viewer, from),
                fresh.log_for(viewer).get(from..).unwrap_or(&[]),
                "turn {turn}, {viewer:?} from {from}"
            );
            assert_eq!(
                s.narration_since(viewer, from),
                fresh.narration(viewer).get(from..).unwrap_or(&[]),
                "turn {turn}, {viewer:?} from {from}"
            );
            // Seat 1 falls behind by a step now and then.
            sent[i] = if i == 1 && turn % 2 == 0 {
                s.step_count().saturating_sub(1)
            } else {
                s.step_count()
            };
        }
    }
}
