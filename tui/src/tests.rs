//! Tests of the terminal game, run by `cargo test` (`test = true` on the
//! example): golden screens of each game rendered into ratatui's
//! `TestBackend`, a scripted key session that plays MOON to the end with
//! hints, undoes and saves a replay that `replay` and `serve` load, hot
//! seat secrecy, `NO_COLOR`, tiny terminals and a storm of bad keys.
//!
//! `BLESS=1 cargo test -p tabletop-tui` rewrites the golden screens.

use clap::Parser;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MediaKeyCode};
use ratatui::style::Color;
use serde_json::Value;
use tabletop::game_core::{Seat, ToAct, Viewer};
use tabletop::registry::{self, protocol::Server};

use crate::app::{App, Overlay};
use crate::keys::handle;
use crate::theme::Theme;

const MONO: Theme = Theme { color: false };

/// A game of `game` (default config, `seed`) with `humans` and `bots`,
/// advanced to the first human turn.
fn app(game: &str, seed: u64, humans: &[u8], bots: &str) -> App {
    let session = registry::find(game)
        .unwrap()
        .open(&Value::Null, seed)
        .unwrap();
    let bots = registry::split_specs(bots);
    let save = std::env::temp_dir()
        .join(format!(
            "play-test-{game}-{seed}-{}.json",
            std::process::id()
        ))
        .display()
        .to_string();
    let mut app = App::new(
        session,
        humans.iter().map(|&s| Seat(s)).collect(),
        &bots,
        seed,
        save,
    )
    .unwrap();
    while app.bot_move() {}
    app
}

/// The screen as text, one line per row, trailing blanks cut.
fn screen(app: &mut App, width: u16, height: u16, theme: Theme) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| crate::ui::draw(frame, app, theme))
        .unwrap();
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        for x in 0..buffer.area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        handle(app, key(KeyCode::Char(c)));
    }
}

fn check_golden(name: &str, actual: &str) {
    let path = format!("{}/golden/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (BLESS=1 writes it)"));
    assert!(
        expected == actual,
        "screen {name} differs from {path}:\n{actual}"
    );
}

/// The games of the golden screens, each with its best bot opposite.
const GAMES: [(&str, &str); 4] = [
    ("moon", "solver"),
    ("binary-scrabble", "greedy"),
    ("market-island", "ev"),
    ("moon-base", "heuristic"),
];

/// Golden screens at the two sizes a newcomer's terminal has: 80x24 (the
/// board whole, the move list shrunk) and 100x30. The games are a few
/// turns in, so the narration panel has something to tell.
#[test]
fn golden_screens_of_each_game_at_80x24_and_100x30() {
    for (game, bots) in GAMES {
        let mut a = app(game, 1, &[0], bots);
        // Play a few of the seat's moves, so the screens show a game going on.
        for _ in 0..3 {
            if a.human_to_act().is_some() {
                handle(&mut a, key(KeyCode::Enter));
            }
            while a.bot_move() {}
        }
        assert!(a.human_to_act().is_some(), "{game}");
        for (width, height) in [(80, 24), (100, 30)] {
            let text = screen(&mut a, width, height, MONO);
            check_golden(&format!("{game}-{width}x{height}"), &text);
        }
    }
}

/// The whole board and the public information at both sizes: every row of
/// Binary Scrabble (row 8, where play starts, and row 15), Moon Base's
/// piles (public by MB-3) and crater labels, MOON's four registers, every
/// seat of Market Island; at 100x30 at least five moves are listed, and
/// what happened is told in words.
#[test]
fn every_board_is_whole_at_80x24_and_100x30() {
    let wants: [(&str, &[&str]); 4] = [
        ("moon", &[" A ", " D ", "energy", "queue"]),
        ("binary-scrabble", &["  8 ", " 15 ", "rack", "scores"]),
        ("market-island", &["seat 0", "seat 3", "island"]),
        ("moon-base", &["L piles", "S piles", "L0", "S0", "hand"]),
    ];
    for ((game, bots), (_, want)) in GAMES.into_iter().zip(wants) {
        let mut a = app(game, 1, &[0], bots);
        for (width, height) in [(80, 24), (100, 30)] {
            let text = screen(&mut a, width, height, MONO);
            for w in want {
                assert!(
                    text.contains(w),
                    "{game} {width}x{height}: {w:?} missing:\n{text}"
                );
            }
            assert!(text.contains("what happened"), "{text}");
            assert!(!text.contains("{\""), "debug text on screen:\n{text}");
        }
        let text = screen(&mut a, 100, 30, MONO);
        let listed = (0..a.names().len())
            .filter(|&i| text.contains(&a.names()[i]))
            .count();
        assert!(
            listed >= a.names().len().min(5),
            "{game}: {listed} moves listed:\n{text}"
        );
    }
}

#[test]
fn moon_screen_shows_registers_goal_queue_and_costs() {
    let mut a = app("moon", 1, &[0], "solver");
    let text = screen(&mut a, 80, 45, MONO);
    for want in ["A ", "goal ", "queue", "energy", "INC A -2", "OR A,B -0.5"] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
}

#[test]
fn binary_scrabble_screen_shows_premiums_rack_and_scores() {
    let mut a = app("binary-scrabble", 1, &[0], "greedy");
    let text = screen(&mut a, 80, 45, MONO);
    for want in ["TW", "DW", "TL", "DL", "rack", "scores", " pts"] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
}

#[test]
fn typing_filters_the_palette_and_enter_plays_the_match() {
    let mut a = app("moon", 1, &[0], "solver");
    type_text(&mut a, "not a");
    let shown: Vec<String> = a.shown().iter().map(|&i| a.names()[i].clone()).collect();
    assert_eq!(shown, vec!["NOT A".to_owned()]);
    handle(&mut a, key(KeyCode::Enter));
    let log = a.session.log_text(Viewer::Seat(Seat(0)));
    assert_eq!(log.last().map(String::as_str), Some("seat 0: NOT A"));
    assert!(a.filter.is_empty());
    // A filter nothing matches says so, and Enter then plays nothing.
    type_text(&mut a, "zzz");
    let steps = a.session.step_count();
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.session.step_count(), steps);
    assert!(a.message.starts_with("no "), "{}", a.message);
}

/// The scripted session of the issue: MOON solo played to the end from the
/// keyboard by taking every hint, then undo, another move, save; the file
/// loads through the registry (as `replay` does) and `serve`.
#[test]
fn a_key_session_plays_moon_to_the_end_with_hints_undoes_and_saves() {
    let mut a = app("moon", 3, &[0], "solver");
    let mut hints = 0;
    while a.session.outcome().is_none() {
        assert!(hints < 400, "the game did not end");
        handle(&mut a, ctrl('t'));
        let Overlay::Hint(hint) = a.overlay.clone() else {
            panic!("no hint: {}", a.message);
        };
        assert_eq!(hint.bot, "solver");
        assert!(!hint.why.is_empty());
        if hints == 0 {
            let text = screen(&mut a, 80, 45, MONO);
            assert!(text.contains("cheapest plan to the goal"), "{text}");
        }
        handle(&mut a, key(KeyCode::Enter));
        hints += 1;
    }
    assert_eq!(a.overlay, Overlay::Summary);
    let text = screen(&mut a, 80, 45, MONO);
    assert!(text.contains("Game over: the team"), "{text}");
    let end_steps = a.session.step_count();
    handle(&mut a, ctrl('z'));
    assert!(a.session.outcome().is_none());
    assert!(a.session.step_count() < end_steps);
    assert_eq!(a.overlay, Overlay::None);
    // Play on with the first legal move, then save.
    handle(&mut a, key(KeyCode::Enter));
    handle(&mut a, ctrl('s'));
    assert!(a.message.starts_with("replay saved"), "{}", a.message);
    let text = std::fs::read_to_string(&a.save_path).unwrap();
    let name = registry::replay_game_name(&text).unwrap();
    let loaded = registry::find(&name).unwrap().load_replay(&text).unwrap();
    assert_eq!(loaded.step_count(), a.session.step_count());
    assert_eq!(
        loaded.observe(Viewer::Seat(Seat(0))),
        a.session.observe(Viewer::Seat(Seat(0)))
    );
    let replay: Value = serde_json::from_str(&text).unwrap();
    let request = serde_json::json!({"cmd": "load", "replay": replay}).to_string();
    let reply: Value = serde_json::from_str(&Server::new().handle_line(&request)).unwrap();
    assert_eq!(reply["ok"], true, "{reply}");
    assert_eq!(reply["step"], a.session.step_count());
    let _ = std::fs::remove_file(&a.save_path);
    // Quit goes through the summary.
    handle(&mut a, ctrl('q'));
    assert_eq!(a.overlay, Overlay::Summary);
    handle(&mut a, key(KeyCode::Char('q')));
    assert!(a.quit);
}

#[test]
fn hints_name_the_best_bot_of_each_game() {
    for (game, bot) in [
        ("binary-scrabble", "greedy"),
        ("market-island", "ev"),
        ("moon-base", "heuristic"),
    ] {
        let mut a = app(game, 1, &[0], bot);
        handle(&mut a, ctrl('t'));
        let Overlay::Hint(hint) = a.overlay.clone() else {
            panic!("{game}: no hint: {}", a.message);
        };
        assert_eq!(hint.bot, bot);
        assert!(a.names().contains(&hint.name), "{game}: {}", hint.name);
    }
}

#[test]
fn hot_seat_hands_over_without_showing_the_last_racks() {
    let mut a = app("binary-scrabble", 2, &[0, 1], "greedy");
    let rack0 = a.session.observe(Viewer::Seat(Seat(0)))["rack"].clone();
    handle(&mut a, ctrl('t'));
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.overlay, Overlay::Handover(Seat(1)));
    let text = screen(&mut a, 80, 45, MONO);
    assert!(text.contains("Hand the keyboard to seat 1"), "{text}");
    assert!(!text.contains("rack"), "a secret shows:\n{text}");
    // Keys other than Enter do nothing but remind.
    type_text(&mut a, "x");
    assert_eq!(a.overlay, Overlay::Handover(Seat(1)));
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.viewer, Viewer::Seat(Seat(1)));
    let text = screen(&mut a, 80, 45, MONO);
    assert!(text.contains("rack"), "{text}");
    assert_ne!(a.session.observe(a.viewer)["rack"], rack0);
}

#[test]
fn watching_bots_plays_to_the_end_and_the_speed_keys_work() {
    let session = registry::find("pig")
        .unwrap()
        .open(&Value::Null, 5)
        .unwrap();
    let mut a = App::new(session, Vec::new(), &["random".to_owned()], 5, "x".into()).unwrap();
    assert_eq!(a.viewer, Viewer::Spectator);
    let delay = a.watch.unwrap().delay_ms;
    handle(&mut a, key(KeyCode::Char('+')));
    assert!(a.watch.unwrap().delay_ms < delay);
    handle(&mut a, key(KeyCode::Char('-')));
    handle(&mut a, key(KeyCode::Char('-')));
    assert!(a.watch.unwrap().delay_ms > delay);
    handle(&mut a, key(KeyCode::Char(' ')));
    assert!(a.watch.unwrap().paused);
    let steps = a.session.step_count();
    handle(&mut a, key(KeyCode::Char('.')));
    assert!(a.session.step_count() > steps);
    while a.bot_move() {}
    assert_eq!(a.session.to_act(), ToAct::Over);
    assert_eq!(a.overlay, Overlay::Summary);
}

#[test]
fn tiny_terminals_get_a_message() {
    let mut a = app("moon", 1, &[0], "solver");
    for (w, h) in [(40, 10), (79, 19), (1, 1), (0, 0)] {
        let text = screen(&mut a, w, h, MONO);
        if w >= 30 {
            assert!(text.contains("Too small"), "{w}x{h}: {text}");
        }
    }
    let text = screen(&mut a, 60, 20, MONO);
    assert!(text.contains("your moves"), "{text}");
}

#[test]
fn no_color_draws_without_colours() {
    let cells_with_colour = |theme: Theme| {
        let mut a = app("binary-scrabble", 1, &[0], "greedy");
        let mut terminal = Terminal::new(TestBackend::new(80, 45)).unwrap();
        terminal
            .draw(|frame| crate::ui::draw(frame, &mut a, theme))
            .unwrap();
        terminal
            .backend()
            .buffer()
            .content
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count()
    };
    assert_eq!(cells_with_colour(MONO), 0);
    assert!(cells_with_colour(Theme { color: true }) > 50);
}

/// Every key on every screen of every game, drawn at odd sizes: never a
/// panic, and the selection stays inside the palette.
#[test]
fn bad_keys_never_panic() {
    let codes = [
        KeyCode::Char('?'),
        KeyCode::Char('a'),
        KeyCode::Char('1'),
        KeyCode::Char(' '),
        KeyCode::Char('é'),
        KeyCode::Char('\u{7}'),
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Backspace,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Delete,
        KeyCode::Insert,
        KeyCode::F(1),
        KeyCode::F(2),
        KeyCode::F(3),
        KeyCode::F(12),
        KeyCode::Null,
        KeyCode::Media(MediaKeyCode::Play),
    ];
    let mods = [
        KeyModifiers::NONE,
        KeyModifiers::CONTROL,
        KeyModifiers::ALT,
        KeyModifiers::SHIFT,
    ];
    for game in [
        "moon",
        "binary-scrabble",
        "market-island",
        "moon-base",
        "pig",
    ] {
        let mut a = app(game, 4, &[0], "random");
        let mut x: u64 = 0x9e37_79b9;
        for i in 0..400 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let code = codes[(x >> 33) as usize % codes.len()];
            let m = mods[(x >> 20) as usize % mods.len()];
            // Quit keys are tried too; carry on as if the player stayed.
            handle(&mut a, KeyEvent::new(code, m));
            a.quit = false;
            while a.bot_move() {}
            assert!(a.selected == 0 || a.selected < a.shown().len(), "{game}");
            if i % 25 == 0 {
                let (w, h) = [(80, 45), (61, 21), (200, 60), (30, 8)][i / 25 % 4];
                screen(&mut a, w, h, MONO);
            }
        }
    }
}

#[test]
fn plain_mode_keeps_its_line_commands() {
    let mut session = registry::find("moon")
        .unwrap()
        .open(&Value::Null, 1)
        .unwrap();
    let seat = Seat(0);
    let mut shown = session.step_count();
    let start = session.step_count();
    let mut out = Vec::new();
    assert!(crate::plain::human_turn(session.as_mut(), seat, "0", &mut shown, &mut out).unwrap());
    assert_eq!(session.step_count(), start + 1);
    assert!(
        crate::plain::human_turn(session.as_mut(), seat, "or a,b", &mut shown, &mut out).unwrap()
    );
    assert!(
        crate::plain::human_turn(
            session.as_mut(),
            seat,
            "not an action",
            &mut shown,
            &mut out
        )
        .unwrap()
    );
    assert_eq!(session.step_count(), start + 2);
    assert!(crate::plain::human_turn(session.as_mut(), seat, "u", &mut shown, &mut out).unwrap());
    assert_eq!(session.step_count(), start + 1);
    assert!(!crate::plain::human_turn(session.as_mut(), seat, "q", &mut shown, &mut out).unwrap());
    let said = String::from_utf8(out).unwrap();
    assert!(said.contains("not a legal action"), "{said}");
    assert!(said.contains("undone to step"), "{said}");
}

/// A writer whose reader has gone, as stdout under `play --plain | head`.
struct ClosedPipe;

impl std::io::Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
}

#[test]
fn plain_mode_stops_quietly_when_its_reader_leaves() {
    let session = registry::find("moon")
        .unwrap()
        .open(&Value::Null, 1)
        .unwrap();
    let mut lines = ["0".to_owned()].into_iter();
    let stopped = crate::plain::play(session, Some(Seat(0)), &mut lines, &mut ClosedPipe);
    assert!(
        matches!(&stopped, Err(crate::plain::Stop::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe),
        "{stopped:?}"
    );
}

#[test]
fn plain_mode_plays_a_watched_game_to_its_end() {
    let a = app("pig", 3, &[], "random");
    let session = a.session;
    let mut out = Vec::new();
    crate::plain::play(session, None, &mut std::iter::empty(), &mut out).unwrap();
    let said = String::from_utf8(out).unwrap();
    // The game's own end sentence, not debug text.
    assert!(
        said.contains("game over: seat 1 wins (scores: seat 0 13, seat 1 34)"),
        "{said}"
    );
}

#[test]
fn a_saved_game_goes_on_with_load_and_the_command_line_is_checked() {
    let mut a = app("binary-scrabble", 6, &[0], "greedy");
    handle(&mut a, key(KeyCode::Enter));
    while a.bot_move() {}
    handle(&mut a, ctrl('s'));
    let path = a.save_path.clone();
    let args = crate::PlayArgs::parse_from(["play", "--load", path.as_str(), "--seat", "0"]);
    let loaded = crate::open(&args).unwrap();
    assert_eq!(loaded.game_name(), "binary-scrabble");
    assert_eq!(loaded.step_count(), a.session.step_count());
    assert_eq!(
        loaded.observe(Viewer::Seat(Seat(0))),
        a.session.observe(Viewer::Seat(Seat(0)))
    );
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        crate::parse_seats("0, 1,1").unwrap(),
        vec![Seat(0), Seat(1)]
    );
    assert!(crate::parse_seats("x").is_err());
    assert!(crate::parse_seats("").is_err());
    let bad = crate::PlayArgs::parse_from(["play", "--load", "/nonexistent/replay.json"]);
    assert!(crate::open(&bad).is_err());
    // A seat beyond the table is refused, not a panic.
    let session = registry::find("moon")
        .unwrap()
        .open(&Value::Null, 1)
        .unwrap();
    assert!(App::new(session, vec![Seat(3)], &[], 1, "x".into()).is_err());
}

/// A newcomer can finish every game from the keyboard alone by asking for
/// a hint and pressing Enter each turn.
#[test]
fn every_game_plays_to_the_end_by_hints_and_enter() {
    for (game, bots) in [
        ("binary-scrabble", "greedy"),
        ("market-island", "ev"),
        ("moon-base", "heuristic"),
    ] {
        let mut a = app(game, 7, &[0], bots);
        let mut turns = 0;
        while a.session.outcome().is_none() {
            assert!(turns < 2_000, "{game}: no end");
            handle(&mut a, ctrl('t'));
            assert!(
                matches!(a.overlay, Overlay::Hint(_)),
                "{game}: {}",
                a.message
            );
            handle(&mut a, key(KeyCode::Enter));
            while a.bot_move() {}
            turns += 1;
        }
        assert_eq!(a.overlay, Overlay::Summary, "{game}");
        assert!(screen(&mut a, 80, 45, MONO).contains("game over"), "{game}");
    }
}

#[test]
fn hot_seat_moon_competitive_shows_each_seat_only_its_own_goal() {
    let config = serde_json::json!({"mode": "Competitive", "players": 2});
    let session = registry::find("moon").unwrap().open(&config, 1).unwrap();
    let mut a = App::new(session, vec![Seat(0), Seat(1)], &[], 1, "x".into()).unwrap();
    let text = screen(&mut a, 80, 45, MONO);
    assert!(text.contains("seat 1: hidden"), "{text}");
    type_text(&mut a, "end");
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.overlay, Overlay::Handover(Seat(1)));
    let text = screen(&mut a, 80, 45, MONO);
    assert!(
        !text.contains("goal"),
        "a goal shows on the hand-over screen:\n{text}"
    );
    handle(&mut a, key(KeyCode::Enter));
    let text = screen(&mut a, 80, 45, MONO);
    assert!(text.contains("seat 0: hidden"), "{text}");
    assert!(!text.contains("seat 1: hidden"), "{text}");
}

/// `play` seats a program bot from its command line.
#[test]
fn a_program_bot_plays_in_play() {
    let has_python = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_python {
        println!("skipped: python3 is not installed");
        return;
    }
    // Tests run in the crate's folder; the example bot is the workspace's.
    let bot = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/bots/random_bot.py"
    );
    let mut a = app(
        "pig",
        2,
        &[],
        &format!("exec(cmd=python3 {bot},ms=5000),random"),
    );
    assert_eq!(a.bots.len(), 2, "{:?}", a.bots);
    assert!(a.bots[0].1.starts_with("exec("), "{:?}", a.bots);
    while a.bot_move() {}
    assert!(a.session.outcome().is_some(), "the game did not end");
}

/// A program bot that fails (`exec(cmd=/bin/false)`) stops the game with
/// one line saying why, which `play` prints after restoring the terminal;
/// nothing unwinds.
#[test]
fn a_failing_program_bot_stops_the_game_with_one_line() {
    let session = registry::find("pig")
        .unwrap()
        .open(&Value::Null, 1)
        .unwrap();
    let bots = registry::split_specs("exec(cmd=/bin/false)");
    let mut a = App::new(session, vec![Seat(1)], &bots, 1, "x".into()).unwrap();
    assert!(a.bot_to_act());
    assert!(a.bot_move());
    assert!(a.quit);
    let failure = a.failure.clone().expect("a failure to report");
    assert!(!failure.contains('\n'), "{failure}");
    assert!(failure.contains("exec(/bin/false)"), "{failure}");
    // The line mode says the same and returns an error, no panic.
    let session = registry::find("pig")
        .unwrap()
        .open(&Value::Null, 1)
        .unwrap();
    let mut s = session;
    s.set_trusted_bot(Seat(0), "exec(cmd=/bin/false)", 1)
        .unwrap();
    let err = crate::plain::play(s, Some(Seat(1)), &mut std::iter::empty(), &mut Vec::new());
    assert!(matches!(err, Err(crate::plain::Stop::Game(ref m)) if m.contains("failed")));
}

/// `--load` goes on with the replay's seed: the title shows it and Ctrl-S
/// saves under its name (it showed the default seed 1 and saved there).
#[test]
fn load_keeps_the_replays_seed() {
    let mut a = app("market-island", 5, &[0], "ev");
    handle(&mut a, key(KeyCode::Enter));
    while a.bot_move() {}
    let dir = std::env::temp_dir().join(format!("play-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    std::fs::write(&path, a.session.replay_json()).unwrap();
    let args =
        crate::PlayArgs::parse_from(["play", "--load", path.to_str().unwrap(), "--bots", "ev"]);
    let mut loaded = crate::prepare(&args).unwrap();
    assert_eq!(loaded.seed, 5);
    assert_eq!(loaded.save_path, "market-island-5.replay.json");
    let text = screen(&mut loaded, 100, 30, MONO);
    assert!(text.contains("seed 5"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hot seat: a seat's undo takes back its own moves only. When the other
/// human seat has played since, the undo is refused with a message and
/// that seat's turn stays (it used to be erased).
#[test]
fn hot_seat_undo_takes_back_only_the_undoing_seats_moves() {
    let session = registry::find("binary-scrabble")
        .unwrap()
        .open(&Value::Null, 2)
        .unwrap();
    let mut a = App::new(session, vec![Seat(0), Seat(1)], &[], 2, "x".into()).unwrap();
    // Seat 0 plays; seat 1 takes over and plays.
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.overlay, Overlay::Handover(Seat(1)));
    handle(&mut a, key(KeyCode::Enter));
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.overlay, Overlay::Handover(Seat(0)));
    handle(&mut a, key(KeyCode::Enter));
    let steps = a.session.step_count();
    // Seat 0 may not erase seat 1's turn.
    handle(&mut a, ctrl('z'));
    assert_eq!(a.session.step_count(), steps);
    assert!(
        a.message.contains("seat 1 has played since"),
        "{}",
        a.message
    );
    // Seat 0 plays again, then takes that move back: seat 1's turn stays.
    let before_mine = a.session.step_count();
    handle(&mut a, key(KeyCode::Enter));
    assert_eq!(a.overlay, Overlay::Handover(Seat(1)));
    handle(&mut a, ctrl('z'));
    assert_eq!(a.session.step_count(), before_mine);
    let log = a.session.log_text(Viewer::Spectator);
    assert_eq!(log.iter().filter(|l| l.starts_with("seat 1: ")).count(), 1);
}

/// At the summary, Esc goes back to the finished board (it used to quit);
/// any key brings the summary back, and q quits from it. The summary
/// says who won and why in words, never debug text.
#[test]
fn esc_at_the_summary_returns_to_the_board() {
    let mut a = app("market-island", 1, &[], "ev");
    while a.bot_move() {}
    a.refresh();
    assert_eq!(a.overlay, Overlay::Summary);
    let text = screen(&mut a, 100, 30, MONO);
    assert!(text.contains("Game over: "), "{text}");
    assert!(
        !text.contains("NoEligibleMiner") && !text.contains("{\""),
        "{text}"
    );
    handle(&mut a, key(KeyCode::Esc));
    assert_eq!(a.overlay, Overlay::Board);
    assert!(!a.quit);
    let text = screen(&mut a, 100, 30, MONO);
    assert!(!text.contains("Game over: "), "{text}");
    handle(&mut a, key(KeyCode::Char('x')));
    assert_eq!(a.overlay, Overlay::Summary);
    handle(&mut a, key(KeyCode::Char('q')));
    assert!(a.quit);
}
