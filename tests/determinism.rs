//! The same config, seed and bot seeds give byte-identical replay JSON in
//! two separate processes (and in this one): nothing depends on addresses,
//! hash order, threads or clocks.

use std::process::Command;

use tabletop::game_core::Seat;
use tabletop::registry;

const CHILD_ENV: &str = "TABLETOP_DETERMINISM_CHILD";
const BEGIN: &str = "--- replays begin ---";
const END: &str = "--- replays end ---";

/// Every registered game played by bots from fixed seeds; one replay per line.
fn replays() -> String {
    let mut out = String::new();
    for game in registry::games() {
        for seed in [1u64, 2, 0xDEAD_BEEF] {
            let mut session = game.open(&serde_json::Value::Null, seed).unwrap();
            // MCTS (and its floating-point search) on the small games; random
            // play, with its seeded streams, everywhere.
            let small = matches!(game.name(), "pig" | "high-card");
            for seat in Seat::all(session.seats()) {
                let bot = if small && seat.0 % 2 == 1 {
                    "mcts"
                } else {
                    "random"
                };
                session
                    .set_bot(seat, bot, seed ^ u64::from(seat.0))
                    .unwrap();
            }
            let mut moves = 0;
            while session.to_act().seat().is_some() && moves < 300 {
                session.play_bot().unwrap();
                moves += 1;
            }
            out.push_str(&session.replay_json());
            out.push('\n');
        }
    }
    out
}

/// Run by the parent in a child process; prints the replays.
#[test]
#[ignore = "run in a child process by replay_json_is_identical_across_processes"]
fn child_prints_replays() {
    if std::env::var_os(CHILD_ENV).is_some() {
        println!("{BEGIN}\n{}{END}", replays());
    }
}

fn run_child() -> String {
    let exe = std::env::current_exe().unwrap();
    let output = Command::new(exe)
        .args([
            "--exact",
            // The test's path in this binary (tests/all.rs): its module,
            // without the crate's name.
            &format!(
                "{}::child_prints_replays",
                module_path!().split_once("::").map_or("", |(_, m)| m)
            ),
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, "1")
        .output()
        .unwrap();
    assert!(output.status.success(), "child failed: {output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let start = text.find(BEGIN).expect("child printed replays") + BEGIN.len() + 1;
    let end = text.find(END).unwrap();
    text[start..end].to_owned()
}

#[test]
fn replay_json_is_identical_across_processes() {
    let first = run_child();
    let second = run_child();
    assert!(first.lines().count() >= 6);
    assert_eq!(first, second);
    assert_eq!(first, replays());
}
