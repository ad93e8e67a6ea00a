//! The competitive worked examples K-1 to K-4 (§14 W-4 of the rules).

use crate::common;

use common::{Script, e};
use game_core::{Game, Seat, Viewer};
use moon_core::{
    Action, CompetitiveEnd, Config, Difficulty, GoalView, Hacker, MoonError, MoonOutcome, Phase,
};

fn goal_seen_by(g: &Script, viewer: Viewer, owner: usize) -> GoalView {
    g.game.observe(&g.s, viewer).goals[owner]
}

#[test]
fn k1_a_goal_solved_at_the_start_of_its_owners_turn() {
    let config = Config {
        bugs: Some(0),
        ..Config::competitive(2, Difficulty::Normal)
    };
    let mut g = Script::new(config, "0110 1001 1111 0000");
    assert_eq!(g.seat(), Seat(0));
    g.op("INC A");
    assert_eq!((g.a(), g.energy()), ("0001".into(), e(2)));
    g.op("ROL A");
    assert_eq!((g.a(), g.energy()), ("0010".into(), e(0)));
    g.end();
    assert_eq!((g.seat(), g.energy()), (Seat(1), e(6)));
    g.op("INC A");
    assert_eq!((g.a(), g.energy()), ("0011".into(), e(2)));
    g.op("ROL A");
    // A holds seat 0's goal, but it is seat 1's turn: nothing happens.
    assert_eq!(
        (g.a(), g.s.scores.as_slice()),
        ("0110".into(), &[0u8, 0][..])
    );
    g.end();
    // Seat 0, round 2: the goal check at turn start solves 0110.
    assert_eq!((g.s.round, g.seat(), g.energy()), (2, Seat(0), e(6)));
    assert_eq!(g.s.scores.as_slice(), &[1, 0]);
    assert_eq!(g.s.goals[Seat(0)].first, Some(0b1111));
    assert_eq!(g.deck(), 13);
    g.op("NOT A");
    assert_eq!((g.a(), g.energy()), ("1001".into(), e(4)));
    g.end();
    assert_eq!((g.seat(), g.energy()), (Seat(1), e(6)));
    assert_eq!(g.s.scores.as_slice(), &[1, 1]);
    assert_eq!(g.s.goals[Seat(1)].first, Some(0b0000));
    assert_eq!(g.deck(), 12);
}

#[test]
fn k1_without_the_turn_start_check_the_goal_waits_for_an_operation() {
    let config = Config {
        bugs: Some(0),
        score_check_at_turn_start: false,
        ..Config::competitive(2, Difficulty::Normal)
    };
    let mut g = Script::new(config, "0110 1001 1111 0000");
    g.op("INC A");
    g.op("ROL A");
    g.end();
    g.op("INC A");
    g.op("ROL A");
    g.end();
    assert_eq!(g.s.scores.as_slice(), &[0, 0]);
    // MOV B,A leaves A = 0110 and runs the check.
    g.op("MOV B,A");
    assert_eq!(g.s.scores.as_slice(), &[1, 0]);
}

#[test]
fn k2_using_a_bug_passes_it_on() {
    let mut g = Script::new(
        Config::competitive(3, Difficulty::Normal),
        "BUG 0101 1000 0011",
    );
    assert_eq!(g.s.bugs_held.as_slice(), &[1, 0, 0]);
    assert_eq!(g.deck(), 14);
    g.act(Action::UseBug(Seat(2)));
    assert_eq!(
        goal_seen_by(&g, Viewer::Seat(Seat(0)), 2),
        GoalView::Known {
            first: 0b0011,
            second: None,
            value: Some(0b0011)
        }
    );
    assert_eq!(g.s.bugs_held.as_slice(), &[0, 0, 1]);
    assert_eq!(g.energy(), e(6));
    assert_eq!(g.try_act(Action::UseBug(Seat(1))), Err(MoonError::NoBug));
    g.end();
    g.end();
    assert_eq!(g.seat(), Seat(2));
    assert_eq!(
        g.try_act(Action::UseBug(Seat(2))),
        Err(MoonError::BadBugTarget { target: Seat(2) })
    );
    g.act(Action::UseBug(Seat(1)));
    assert_eq!(g.energy(), e(6));
    assert_eq!(
        goal_seen_by(&g, Viewer::Seat(Seat(2)), 1),
        GoalView::Known {
            first: 0b1000,
            second: None,
            value: Some(0b1000)
        }
    );
    assert_eq!(g.s.bugs_held.as_slice(), &[0, 1, 0]);
    assert_eq!(
        goal_seen_by(&g, Viewer::Seat(Seat(1)), 2),
        GoalView::Hidden { cards: 1 }
    );
    for owner in 0..3 {
        assert_eq!(
            goal_seen_by(&g, Viewer::Spectator, owner),
            GoalView::Hidden { cards: 1 }
        );
    }
    assert_eq!(g.s.scores.as_slice(), &[0, 0, 0]);
}

fn k3(end: CompetitiveEnd) -> Script {
    let config = Config {
        bugs: Some(0),
        goal_deck_size: Some(4),
        competitive_end: end,
        ..Config::competitive(3, Difficulty::Normal)
    };
    Script::new(config, "0001 0010 0100 1000")
}

#[test]
fn k3_end_of_game_timing() {
    let mut g = k3(CompetitiveEnd::EndOfRound);
    assert_eq!(g.deck(), 1);
    g.op("INC A");
    assert_eq!(
        (g.s.scores.as_slice(), g.energy()),
        (&[1u8, 0, 0][..], e(2))
    );
    assert_eq!(g.s.goals[Seat(0)].first, Some(0b1000));
    assert!(g.s.end_triggered);
    g.end();
    g.op("ROL A");
    assert_eq!(g.energy(), e(4));
    assert_eq!(g.s.goals[Seat(1)].first, None);
    g.end();
    g.op("ROL A");
    assert_eq!(g.energy(), e(4));
    g.end();
    assert_eq!(g.s.phase, Phase::Ended);
    assert_eq!(
        g.game.moon_outcome(&g.s),
        Some(MoonOutcome::Competitive {
            solved: vec![1, 1, 1],
            places: vec![1, 1, 1]
        })
    );
}

#[test]
fn k3_immediate_end() {
    let mut g = k3(CompetitiveEnd::Immediate);
    g.op("INC A");
    assert_eq!(g.s.phase, Phase::Ended);
    assert_eq!(
        g.game.moon_outcome(&g.s),
        Some(MoonOutcome::Competitive {
            solved: vec![1, 0, 0],
            places: vec![1, 2, 2]
        })
    );
    let outcome = g.game.outcome(&g.s).unwrap();
    assert_eq!(outcome.places, vec![1, 2, 2]);
}

fn k4(purple_free_movs: u8) -> Script {
    let config = Config {
        bugs: Some(0),
        hackers: vec![
            Some(Hacker::Purple),
            Some(Hacker::Red),
            Some(Hacker::Green),
            Some(Hacker::Yellow),
        ],
        purple_free_movs,
        ..Config::competitive(4, Difficulty::Easy)
    };
    Script::new(config, "1111 1110 1101 1011 0101")
}

#[test]
fn k4_hacker_powers() {
    let mut g = k4(2);
    g.op("MOV B,A");
    assert_eq!(g.energy(), e(8));
    g.op("MOV RAM,A");
    assert_eq!(g.energy(), e(8));
    g.op("MOV C,A");
    assert_eq!(g.energy(), e(7));
    g.end();
    g.op("ROL A");
    assert_eq!(g.energy(), e(6));
    g.op("OR A,B");
    g.op("XOR A,C");
    assert_eq!(g.energy(), e(6));
    g.op("AND A,D");
    assert_eq!(g.energy(), e(5));
    g.end();
    g.op("INC A");
    assert_eq!((g.a(), g.energy()), ("0001".into(), e(6)));
    g.op("DEC A");
    assert_eq!((g.a(), g.energy()), ("0000".into(), e(4)));
    g.end();
    g.op("ROR A");
    assert_eq!(g.energy(), e(7));
    g.op("NOT A");
    assert_eq!((g.a(), g.energy()), ("1111".into(), e(5)));
    g.end();
    assert_eq!((g.s.round, g.seat(), g.energy()), (2, Seat(0), e(8)));
    assert_eq!(g.s.scores.as_slice(), &[1, 0, 0, 0]);
    assert_eq!(g.s.goals[Seat(0)].first, Some(0b0101));
    g.op("MOV D,A");
    assert_eq!(g.energy(), e(8));
}

#[test]
fn k4_one_free_mov() {
    let mut g = k4(1);
    g.op("MOV B,A");
    g.op("MOV RAM,A");
    assert_eq!(g.energy(), e(7));
    g.op("MOV C,A");
    assert_eq!(g.energy(), e(6));
}
