//! Golden playthroughs: seeded games compared with committed files under
//! `tests/golden/`. These files are golden (recorded from this engine, not
//! derived by hand); any change to them means a replay plays differently,
//! which needs a `RULES_VERSION` bump, unless only the defaults changed
//! (a replay stores its full config). Regenerate with `BLESS=1` (the
//! kit's one regenerate variable).
//! Regenerated for the 2026-11-25 revision (new T-14 and T-16 defaults);
//! `tests/old_replays.rs` keeps a replay of the old defaults. Choices follow
//! the kit's one seeding rule ([`ChoiceStream::rng`] of the session seed),
//! with the streams these files were recorded with.

use std::fmt::Write as _;
use std::path::PathBuf;

use binary_scrabble_core::{Config, GreedyBot, LeaveBot, Precedence, Scrabble, XorTiles};
use game_core::testkit::{ChoiceStream, random_game_with, replay_text};
use game_core::{Bot, BotView, GameRng, Replay, Seat, Session, ToAct};

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `text` with the golden file, or writes it under `BLESS=1`.
fn check_golden(name: &str, text: &str) {
    game_core::testkit::check_golden(golden(name), text);
}

/// The random games' choices: the files were recorded with
/// `GameRng::new(seed + 1_000_003)`, before the kit's
/// [`ChoiceStream::KIT`]; that stream is kept so their bytes do not change.
const RANDOM_CHOICES: ChoiceStream = ChoiceStream::key_offset(1_000_003);

/// The bots' draws in `greedy-vs-leave.txt`: recorded with
/// `GameRng::new(seed)`, stream 0 of the seed.
const BOT_CHOICES: ChoiceStream = ChoiceStream::stream(0);

/// A game of uniformly random legal actions, chance from the seed.
fn random_game(config: Config, seed: u64) -> Session<Scrabble> {
    random_game_with::<Scrabble>(config, seed, RANDOM_CHOICES)
}

fn xor_config() -> Config {
    Config {
        players: 3,
        precedence: Precedence::LeftToRight,
        number_cross_runs: true,
        xor_tiles: Some(XorTiles {
            count: 4,
            points: 1,
        }),
        ..Config::default()
    }
}

#[test]
fn golden_random_game_replay() {
    let session = random_game(Config::default(), 1);
    let json = replay_text(&session);
    check_golden("random-default-seed1.json", &json);
    // The replay reads back and plays to the same state.
    let replay: Replay<Scrabble> = serde_json::from_str(&json).unwrap();
    let again = Session::<Scrabble>::from_replay(&replay).unwrap();
    assert_eq!(again.state(), session.state());
}

#[test]
fn golden_random_game_summaries() {
    let mut text = String::new();
    for (label, config) in [
        ("default", Config::default()),
        ("3p-l2r-xor-t6", xor_config()),
    ] {
        for seed in [2u64, 3, 4] {
            let session = random_game(config.clone(), seed);
            let s = session.state();
            let o = session.outcome().unwrap();
            let _ = writeln!(
                text,
                "{label} seed {seed}: {} steps, scores {:?}, ending {:?}\n  board {}",
                session.step_count(),
                o.scores,
                s.ending.map(|e| e.reason),
                s.board
            );
        }
    }
    check_golden("random-summaries.txt", &text);
}

/// Greedy (seat 0) against the leave bot (seat 1): steps, scores, and on
/// how many of its turns the leave bot chose differently from greedy.
fn bot_game(seed: u64) -> (usize, Vec<i64>, usize) {
    let mut session = Session::<Scrabble>::new(Config::default(), seed).unwrap();
    let mut rng = BOT_CHOICES.rng(seed);
    let mut greedy = GreedyBot;
    let mut leave = LeaveBot::default();
    let mut differ = 0;
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let view = BotView::new(session.game(), session.state(), seat, &legal, false);
        let g = greedy.select(&view, &mut rng);
        let a = if seat == Seat(0) {
            g
        } else {
            let l = leave.select(&view, &mut rng);
            differ += usize::from(l != g);
            l
        };
        assert!(legal.binary_search(&a).is_ok(), "bots play legal actions");
        session.act(seat, &a).unwrap();
    }
    (
        session.step_count(),
        session.outcome().unwrap().scores,
        differ,
    )
}

#[test]
fn golden_greedy_against_leave() {
    let mut text = String::new();
    let mut differ_total = 0;
    for seed in 1u64..=4 {
        let (steps, scores, differ) = bot_game(seed);
        differ_total += differ;
        let _ = writeln!(
            text,
            "seed {seed}: {steps} steps, scores {scores:?}, leave differed from greedy {differ} times"
        );
    }
    assert!(differ_total > 0, "the leave bot is not just greedy");
    check_golden("greedy-vs-leave.txt", &text);
}

#[test]
fn the_greedy_bot_plays_the_best_play() {
    let session = Session::<Scrabble>::new(Config::default(), 9).unwrap();
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("seat 0 moves first");
    };
    let legal = session.legal_actions();
    let view = BotView::new(session.game(), session.state(), seat, &legal, false);
    let a = GreedyBot.select(&view, &mut GameRng::new(0));
    let s = session.state();
    let best = binary_scrabble_core::MoveGen::new(session.game())
        .best(&s.board, &s.racks[seat])
        .map(|p| {
            game_core::Game::check(
                session.game(),
                s,
                seat,
                &binary_scrabble_core::Action::Play(p.play),
            )
            .map(|()| p)
        });
    match best {
        Some(Ok(p)) => assert_eq!(a, binary_scrabble_core::Action::Play(p.play)),
        Some(Err(e)) => panic!("best play refused: {e}"),
        None => assert!(!matches!(a, binary_scrabble_core::Action::Play(_))),
    }
}
