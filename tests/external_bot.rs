//! External bots through the arena: the Python example plays whole games,
//! and programs that crash or answer garbage forfeit without stopping the run.

use std::process::Command;
use std::sync::Mutex;

use serde_json::Value;
use tabletop::game_core::Seat;
use tabletop::game_core::arena::Safety;
use tabletop::registry::{self, MatchRequest, Pairing, RegistryError, SpecError};

fn python3() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn request(bots: &[&str], games: u64, threads: usize) -> MatchRequest {
    MatchRequest {
        config: Value::Null,
        bots: bots.iter().map(|b| (*b).to_owned()).collect(),
        pairing: Pairing::RoundRobin,
        games,
        seed: 4,
        threads,
        safety: Safety::default(),
        sprt: None,
    }
}

fn run(bots: &[&str], games: u64, threads: usize) -> (Value, Vec<Value>) {
    let game = registry::find("pig").unwrap();
    let lines = Mutex::new(Vec::new());
    let mut sink = |line: String| lines.lock().unwrap().push(line);
    let summary = game
        .run_match(&request(bots, games, threads), &[], &mut sink, &|_| {})
        .unwrap();
    let lines = lines.into_inner().unwrap();
    let games = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (summary, games)
}

const PYTHON_BOT: &str = "exec(cmd=python3 examples/bots/random_bot.py)";

#[test]
fn the_python_example_bot_plays_through_the_arena() {
    if !python3() {
        println!("skipped: python3 is not installed");
        return;
    }
    let (summary, games) = run(&[PYTHON_BOT, "random"], 8, 2);
    assert_eq!(games.len(), 8);
    for g in &games {
        assert_eq!(g["ending"]["kind"], "Finished", "{g}");
        assert_eq!(g["replay"]["game"], "pig", "{g}");
    }
    assert_eq!(summary["summary"]["forfeits"], 0, "{summary}");
    assert_eq!(summary["summary"]["bots"][0]["games"], 8);
    // Seeded through `hello`: the same at another thread count.
    assert_eq!(run(&[PYTHON_BOT, "random"], 8, 1), (summary, games));
}

#[test]
fn programs_that_crash_or_answer_garbage_forfeit_and_the_run_goes_on() {
    // `cat` echoes the hello line: an answer with no action. `false` exits
    // at once. The third names no program that exists.
    for broken in ["exec(cmd=cat)", "exec(cmd=false)", "exec(cmd=/no/such/bot)"] {
        let (summary, games) = run(&[broken, "random"], 4, 2);
        assert_eq!(games.len(), 4, "{broken}");
        for g in &games {
            assert_eq!(g["ending"]["kind"], "Forfeit", "{broken}: {g}");
        }
        assert_eq!(summary["summary"]["bots"][0]["forfeits"], 4, "{broken}");
        assert_eq!(summary["summary"]["bots"][1]["wins"], 4, "{broken}");
    }
}

#[test]
fn a_late_program_forfeits() {
    // `sleep` never answers.
    let (_, games) = run(&["exec(cmd=sleep 5,ms=200)", "random"], 2, 1);
    for g in &games {
        assert_eq!(g["ending"]["kind"], "Forfeit", "{g}");
        let reason = g["ending"]["reason"].as_str().unwrap();
        assert!(reason.contains("200 ms"), "{reason}");
    }
}

#[test]
fn the_serve_protocol_never_starts_programs() {
    let game = registry::find("pig").unwrap();
    let mut session = game.open(&Value::Null, 1).unwrap();
    let refused = session.set_bot(Seat(0), "exec(cmd=cat)", 1).unwrap_err();
    assert!(
        matches!(
            refused,
            RegistryError::BotSpec(SpecError::ExecNotAllowed { .. })
        ),
        "{refused:?}"
    );
    session.set_bot(Seat(0), "mcts(iters=20,c=1.0)", 1).unwrap();
    session.set_bot(Seat(1), "mcts:20", 1).unwrap();
}

#[test]
fn a_run_resumed_from_its_lines_plays_only_the_rest_and_ends_the_same() {
    let game = registry::find("pig").unwrap();
    let play = |games: u64, bots: &[&str], resume: &[String]| {
        let lines = Mutex::new(Vec::new());
        let mut sink = |line: String| lines.lock().unwrap().push(line);
        let summary = game.run_match(&request(bots, games, 2), resume, &mut sink, &|_| {});
        (summary, lines.into_inner().unwrap())
    };
    let bots = ["mcts(iters=20)", "random"];
    let (full, full_lines) = play(12, &bots, &[]);
    let (_, first_lines) = play(4, &bots, &[]);
    assert_eq!(first_lines, full_lines[..4].to_vec());
    let (resumed, new_lines) = play(12, &bots, &first_lines);
    assert_eq!(resumed.unwrap(), full.unwrap());
    assert_eq!(new_lines, full_lines[4..].to_vec());
    // Lines of other bots are refused, not mixed in.
    let refused = play(12, &["random", "random"], &first_lines).0.unwrap_err();
    assert!(
        matches!(
            refused,
            RegistryError::BadJson {
                what: "resume line",
                ..
            }
        ),
        "{refused:?}"
    );
}

/// `serve` and `web` seat only the program bots their operator listed
/// (`--program-bot NAME=exec(...)`), by name; `exec(...)` from the wire
/// stays refused.
#[test]
fn a_server_seats_only_the_program_bots_its_operator_listed() {
    use tabletop::registry::protocol::{Server, parse_program_bot};
    if !python3() {
        println!("skipped: python3 is not installed");
        return;
    }
    let listed = parse_program_bot(&format!("py={PYTHON_BOT}")).unwrap();
    assert_eq!(listed, ("py".to_owned(), PYTHON_BOT.to_owned()));
    let mut server = Server::new().with_program_bots(vec![listed]);
    let reply = |server: &mut Server, line: &str| -> Value {
        serde_json::from_str(&server.handle_line(line)).unwrap()
    };
    let games = reply(&mut server, r#"{"cmd":"games"}"#);
    let pig = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "pig")
        .unwrap();
    assert!(
        pig["bots"].as_array().unwrap().contains(&Value::from("py")),
        "{pig}"
    );
    assert_eq!(
        reply(&mut server, r#"{"cmd":"new","game":"pig","seed":"3"}"#)["ok"],
        true
    );
    let wire = format!(
        r#"{{"cmd":"bot","seat":0,"bot":{}}}"#,
        Value::from(PYTHON_BOT)
    );
    let refused = reply(&mut server, &wire);
    assert_eq!(refused["ok"], false, "{refused}");
    let seated = reply(&mut server, r#"{"cmd":"bot","seat":0,"bot":"py"}"#);
    assert_eq!(seated["ok"], true, "{seated}");
    let moved = reply(&mut server, r#"{"cmd":"bot_move"}"#);
    assert_eq!(moved["ok"], true, "{moved}");
    assert!(
        moved["action"].is_string() || moved["action"].is_object(),
        "{moved}"
    );
}

#[test]
fn a_program_bot_argument_must_name_an_exec_spec() {
    use tabletop::registry::protocol::parse_program_bot;
    for bad in [
        "py",
        "=exec(cmd=x)",
        "p y=exec(cmd=x)",
        "py=mcts",
        "py=exec(ms=5)",
        "py=exec(cmd= )",
        "py=exec(cmd=x",
    ] {
        assert!(parse_program_bot(bad).is_err(), "{bad} was accepted");
    }
    assert_eq!(
        parse_program_bot(" bot_2 = exec(cmd=./bot, ms=50) ").unwrap(),
        ("bot_2".to_owned(), "exec(cmd=./bot, ms=50)".to_owned())
    );
}
