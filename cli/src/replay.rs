//! Load a replay file, verify every step, and print or step through it.
//!
//! ```text
//! tabletop replay game.json            # verify, summary
//! tabletop replay game.json --print    # every step
//! tabletop replay game.json --step     # Enter to advance
//! tabletop replay game.json --viewer 1 # as seat 1 saw it
//! tabletop replay --html game.json > game.html
//! ```
//!
//! `--html` writes the web page's replay viewer (web/static/viewer.js) as
//! one self-contained file that works offline: every step's picture is
//! drawn here and embedded, for every viewer (or only `--viewer`'s).

use std::io::BufRead;

use clap::Parser;
use tabletop::game_core::{Seat, Viewer};
use tabletop::registry;

/// Verify and print a replay file.
#[derive(Parser, Debug)]
#[command(about = "Verify and print a replay file")]
pub struct Args {
    /// The replay file (JSON).
    file: String,
    /// Print every step of the log.
    #[arg(long)]
    print: bool,
    /// Step through the game, showing the position after each step.
    #[arg(long)]
    step: bool,
    /// See the game as this seat did (default: everything, as a spectator
    /// sees public information plus the omniscient step list).
    #[arg(long)]
    viewer: Option<u8>,
    /// Write the replay viewer as one self-contained HTML file to stdout.
    #[arg(long)]
    html: bool,
}

/// The viewer's script and style, shared with the `web` example's page.
const VIEWER_JS: &str = include_str!("../../web/static/viewer.js");
const STYLE_CSS: &str = include_str!("../../web/static/style.css");

/// Runs the command; an error is one line for the user.
///
/// # Errors
/// Bad options or input, said in words.
pub fn run(args: &Args) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file))?;
    let name = registry::replay_game_name(&text).map_err(|e| e.to_string())?;
    let game = registry::find(&name).map_err(|e| e.to_string())?;
    let session = game.load_replay(&text).map_err(|e| e.to_string())?;
    let viewer = match args.viewer {
        Some(v) if usize::from(v) < session.seats() => Viewer::Seat(Seat(v)),
        Some(v) => {
            return Err(format!(
                "--viewer {v}: the game has {} seats",
                session.seats()
            ));
        }
        None => Viewer::Spectator,
    };
    if args.html {
        let viewers: Vec<Viewer> = match args.viewer {
            Some(_) => vec![viewer],
            None => std::iter::once(Viewer::Spectator)
                .chain((0..session.seats()).map(|s| Viewer::Seat(Seat(s as u8))))
                .collect(),
        };
        print!(
            "{}",
            offline_html(&name, session.as_ref(), &text, &viewers)?
        );
        return Ok(());
    }
    println!(
        "verified: {} replay, {} steps, every step legal",
        name,
        session.step_count()
    );
    let log = session.log_text(viewer);
    if args.print {
        for (i, line) in log.iter().enumerate() {
            println!("{i:>5}  {line}");
        }
    }
    if args.step {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        for (i, line) in log.iter().enumerate() {
            let mut at = session.clone_box();
            at.set_auto_chance(false);
            at.undo_to(i + 1).map_err(|e| e.to_string())?;
            println!("\n-- step {i}: {line}\n{}", at.render(viewer));
            if lines.next().is_none() {
                break;
            }
        }
    }
    println!("\n{}", session.render(viewer));
    match session.outcome() {
        Some(o) => println!(
            "game over: scores {:?}, places {:?}{}",
            o.scores,
            o.places,
            o.team.map_or(String::new(), |t| format!(", team {t:?}"))
        ),
        None => println!("the game is not over: {:?} to act", session.to_act()),
    }
    Ok(())
}

/// The replay viewer page with every frame embedded: pictures of the
/// position after each step, per viewer, drawn by the game crate.
fn offline_html(
    name: &str,
    session: &dyn registry::AnySession,
    replay_text: &str,
    viewers: &[Viewer],
) -> Result<String, String> {
    let steps = session.step_count();
    let mut frames = serde_json::Map::new();
    for &viewer in viewers {
        let mut pictures = Vec::with_capacity(steps + 1);
        for k in 0..=steps {
            let mut at = session.clone_box();
            at.set_auto_chance(false);
            at.undo_to(k).map_err(|e| e.to_string())?;
            pictures.push(serde_json::Value::String(at.picture(viewer)));
        }
        let key = match viewer {
            Viewer::Seat(s) => s.0.to_string(),
            Viewer::Spectator => "spectator".to_owned(),
        };
        frames.insert(key, serde_json::Value::Array(pictures));
    }
    let replay: serde_json::Value = serde_json::from_str(replay_text).map_err(|e| e.to_string())?;
    let data = serde_json::json!({
        "game": name,
        "seats": session.seats(),
        "frames": frames,
        "outcome": session.outcome(),
        "replay": replay,
    });
    // `<` only occurs inside JSON strings, where \u003c means the same: the
    // data can then never close its <script> element.
    let data = data.to_string().replace('<', "\\u003c");
    Ok(format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{name} replay</title>
<style>
{STYLE_CSS}</style>
</head>
<body>
<header><h1>{name} replay</h1><span class="muted">arrow keys or the slider step through the game</span></header>
<main><div class="board" id="replay-root"></div></main>
<script type="application/json" id="replay-data">{data}</script>
<script>
{VIEWER_JS}</script>
<script>
new ReplayViewer(document.getElementById("replay-root"),
  offlineSource(JSON.parse(document.getElementById("replay-data").textContent)));
</script>
</body>
</html>
"#
    ))
}
