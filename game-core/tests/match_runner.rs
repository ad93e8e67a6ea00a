//! The strength-measuring arena: the same bytes at any thread count,
//! forfeits that never stop a run, the move cap, the SPRT stop and resume.

use std::time::Duration;

use game_core::arena::{
    Ending, MatchConfig, MatchGame, Safety, Schedule, SprtConfig, SprtVerdict, run_match, summarize,
};
use game_core::demo::{Pig, PigAction, PigConfig};
use game_core::{Bot, BotFactory, BotView, Game, GameRng, MctsBot, MctsConfig, RandomBot, Session};

fn random() -> Box<BotFactory<'static, Pig>> {
    Box::new(|_| Box::new(RandomBot) as Box<dyn Bot<Pig>>)
}

fn mcts(iterations: u32) -> Box<BotFactory<'static, Pig>> {
    Box::new(move |_| {
        Box::new(MctsBot::new(MctsConfig {
            iterations,
            ..MctsConfig::default()
        })) as Box<dyn Bot<Pig>>
    })
}

/// Always holds, even at the start of a turn, where holding is illegal.
struct IllegalBot;
impl Bot<Pig> for IllegalBot {
    fn name(&self) -> String {
        "illegal".into()
    }
    fn select(&mut self, _: &BotView<'_, Pig>, _: &mut GameRng) -> PigAction {
        PigAction::Hold
    }
}

/// Panics on its first move.
struct PanicBot;
impl Bot<Pig> for PanicBot {
    fn name(&self) -> String {
        "panic".into()
    }
    fn select(&mut self, _: &BotView<'_, Pig>, _: &mut GameRng) -> PigAction {
        panic!("deliberately broken bot")
    }
}

/// Ignores the stop request and sleeps past any small time limit.
struct SlowBot;
impl Bot<Pig> for SlowBot {
    fn name(&self) -> String {
        "slow".into()
    }
    fn select(&mut self, view: &BotView<'_, Pig>, _: &mut GameRng) -> PigAction {
        std::thread::sleep(Duration::from_millis(60));
        view.legal()[0]
    }
}

/// Only ever rolls: Pig games between two of them may run long.
struct RollBot;
impl Bot<Pig> for RollBot {
    fn name(&self) -> String {
        "roll".into()
    }
    fn select(&mut self, _: &BotView<'_, Pig>, _: &mut GameRng) -> PigAction {
        PigAction::Roll
    }
}

fn config(deals: u64, threads: usize) -> MatchConfig {
    MatchConfig {
        schedule: Schedule {
            lineups: vec![vec![0, 1]],
            deals,
            seats: 2,
            seed: 17,
        },
        threads,
        safety: Safety::default(),
        sprt: None,
    }
}

fn play(
    entrants: &[&BotFactory<'_, Pig>],
    config: &MatchConfig,
    resumed: Vec<MatchGame>,
) -> (Vec<MatchGame>, Vec<String>) {
    let game = Pig::new(PigConfig::default()).unwrap();
    let mut lines = Vec::new();
    let mut sink = |g: &MatchGame, s: &Session<Pig>| {
        lines.push(format!(
            "{} {}",
            serde_json::to_string(g).unwrap(),
            serde_json::to_string(&s.to_replay()).unwrap()
        ));
    };
    let games = run_match(&game, entrants, config, resumed, &mut sink, &|_| {});
    (games, lines)
}

#[test]
fn results_are_the_same_bytes_at_one_two_and_four_threads() {
    let (r, m) = (random(), mcts(30));
    let entrants = [r.as_ref(), m.as_ref()];
    let names = vec!["random".to_owned(), "mcts".to_owned()];
    let run = |threads| {
        let (games, lines) = play(&entrants, &config(12, threads), Vec::new());
        let summary = summarize(&names, &games, 2, None, 3);
        (serde_json::to_string(&summary).unwrap(), lines)
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(4));
    assert_eq!(one.1.len(), 24);
}

#[test]
fn broken_bots_forfeit_and_the_run_goes_on() {
    let illegal: Box<BotFactory<'static, Pig>> = Box::new(|_| Box::new(IllegalBot));
    let panicking: Box<BotFactory<'static, Pig>> = Box::new(|_| Box::new(PanicBot));
    let r = random();
    for broken in [&illegal, &panicking] {
        let (games, _) = play(&[r.as_ref(), broken.as_ref()], &config(4, 2), Vec::new());
        assert_eq!(games.len(), 8, "every game is played");
        for g in &games {
            let broken_seat = g.slot.seating.iter().position(|&e| e == 1).unwrap();
            match &g.ending {
                Ending::Forfeit { seat, reason } => {
                    assert_eq!(usize::from(*seat), broken_seat, "{reason}");
                    assert_eq!(g.outcome.places[broken_seat], 2);
                    assert_eq!(g.outcome.places[1 - broken_seat], 1);
                }
                other @ (Ending::Finished | Ending::MoveCap { .. }) => {
                    panic!("expected a forfeit, got {other:?}")
                }
            }
        }
        let summary = summarize(&["random".into(), "broken".into()], &games, 2, None, 0);
        assert_eq!(summary.forfeits, 8);
        assert_eq!(summary.bots[1].forfeits, 8);
        let h2h = summary.head_to_head.unwrap();
        assert_eq!(h2h.pentanomial.0, [0, 0, 0, 0, 4]);
    }
}

#[test]
fn a_bot_over_its_time_forfeits() {
    let slow: Box<BotFactory<'static, Pig>> = Box::new(|_| Box::new(SlowBot));
    let r = random();
    let mut c = config(1, 1);
    c.safety.move_time = Some(Duration::from_millis(5));
    let (games, _) = play(&[r.as_ref(), slow.as_ref()], &c, Vec::new());
    for g in &games {
        let Ending::Forfeit { reason, .. } = &g.ending else {
            panic!("{:?}", g.ending)
        };
        assert!(reason.contains("limit is 5 ms"), "{reason}");
    }
}

#[test]
fn the_move_cap_adjudicates_a_draw() {
    let roll: Box<BotFactory<'static, Pig>> = Box::new(|_| Box::new(RollBot));
    let mut c = config(2, 1);
    c.safety.max_moves = Some(3);
    let (games, _) = play(&[roll.as_ref(), roll.as_ref()], &c, Vec::new());
    for g in &games {
        if g.ending != Ending::Finished {
            assert_eq!(g.ending, Ending::MoveCap { moves: 3 });
            assert_eq!(g.outcome.places, vec![1, 1]);
        }
    }
    assert!(
        games
            .iter()
            .any(|g| g.ending == (Ending::MoveCap { moves: 3 }))
    );
}

#[test]
fn sprt_stops_on_whole_pairs_whatever_the_threads() {
    // MCTS at 200 iterations against random at Pig clears a 0-vs-50 Elo
    // test long before the 200-deal cap.
    let (m, r) = (mcts(200), random());
    let entrants = [m.as_ref(), r.as_ref()];
    let mut c = config(200, 1);
    c.sprt = Some(SprtConfig::GAIN);
    let (one, _) = play(&entrants, &c, Vec::new());
    c.threads = 3;
    let (three, _) = play(&entrants, &c, Vec::new());
    assert_eq!(one, three);
    assert!(one.len() < 400 && one.len() % 2 == 0, "{}", one.len());
    let summary = summarize(&["mcts".into(), "random".into()], &one, 2, c.sprt, 0);
    let sprt = summary.head_to_head.unwrap().sprt.unwrap();
    assert_eq!(sprt.verdict, SprtVerdict::AcceptH1, "{sprt:?}");
}

#[test]
fn a_resumed_run_plays_only_the_missing_games_and_ends_the_same() {
    let (r, m) = (random(), mcts(20));
    let entrants = [r.as_ref(), m.as_ref()];
    let (full, full_lines) = play(&entrants, &config(6, 2), Vec::new());
    let (first_part, _) = play(&entrants, &config(2, 2), Vec::new());
    let (resumed, new_lines) = play(&entrants, &config(6, 2), first_part);
    assert_eq!(resumed, full);
    assert_eq!(new_lines, full_lines[4..].to_vec());
}
