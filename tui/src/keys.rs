//! Keys: what each key press does to the game. Any key is safe: one that
//! means nothing here leaves a message, never a panic.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::app::{App, Overlay, WATCH_DELAYS};

/// The key bar at the foot of the game screen.
pub const KEY_BAR: &str =
    "type to filter ↑↓←→ pick Enter play ? help ^T hint ^Z undo ^S save ^Q quit";

/// The key bar while watching bots.
pub const WATCH_BAR: &str = "Space pause  . step  + faster  - slower  ? help  ^S save  q quit";

/// The keys listed by the help screen.
pub const HELP_KEYS: &[&str] = &[
    "letters, digits, signs  filter the legal actions (every word must match)",
    "↑ ↓ ← → PgUp PgDn       move the selection      Enter  play the selection",
    "Backspace / Esc          edit / clear the filter (Esc also closes a box)",
    "? or F1  this help       Ctrl-T or F2  hint: the best bot's move and why",
    "Ctrl-Z or F3  undo your last move (and the bots' replies)",
    "Ctrl-S or F5  save the replay   Ctrl-Q, Ctrl-C or F10  quit with a summary",
    "watching bots: Space pause, . one move, + faster, - slower, q quit",
];

/// Applies one key press to `app`.
pub fn handle(app: &mut App, key: KeyEvent) {
    if key.kind == KeyEventKind::Release {
        return;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    // Keys that work on every screen.
    match key.code {
        KeyCode::Char('q' | 'c') if ctrl => return quit(app),
        KeyCode::F(10) => return quit(app),
        KeyCode::Char('s') if ctrl => return app.save(),
        KeyCode::F(5) => return app.save(),
        _ => {}
    }
    match app.overlay.clone() {
        Overlay::Handover(seat) => {
            if matches!(key.code, KeyCode::Enter | KeyCode::Char(' ')) {
                app.take_over(seat);
            } else if (ctrl && key.code == KeyCode::Char('z')) || key.code == KeyCode::F(3) {
                // The seat that just moved takes it back before handing over.
                app.undo();
            } else {
                app.message = format!("press Enter when {seat} has the keyboard");
            }
            return;
        }
        Overlay::Summary => {
            match key.code {
                KeyCode::Char('z') if ctrl => app.undo(),
                KeyCode::F(3) => app.undo(),
                // Esc looks at the board again (the summary comes back
                // with Ctrl-Q, or at once when the game is over and a key
                // is pressed on the board).
                KeyCode::Esc => app.overlay = Overlay::Board,
                KeyCode::Enter | KeyCode::Char('q') => app.quit = true,
                _ => app.message = "Esc shows the board, Enter or q quits, Ctrl-Z undoes".into(),
            }
            return;
        }
        Overlay::Help | Overlay::Hint(_) => {
            let play = matches!(app.overlay, Overlay::Hint(_)) && key.code == KeyCode::Enter;
            app.overlay = Overlay::None;
            if play {
                app.play_selected();
            }
            return;
        }
        Overlay::None => {}
        Overlay::Board => {
            // The finished game's board: any key but a quit brings the
            // summary back.
            match key.code {
                KeyCode::Char('z') if ctrl => app.undo(),
                KeyCode::F(3) => app.undo(),
                _ => app.overlay = Overlay::Summary,
            }
            return;
        }
    }
    if app.watch.is_some() {
        return watch_key(app, key);
    }
    match key.code {
        KeyCode::Char('t') if ctrl => app.hint(),
        KeyCode::F(2) => app.hint(),
        KeyCode::Char('z') if ctrl => app.undo(),
        KeyCode::F(3) => app.undo(),
        KeyCode::F(1) => app.overlay = Overlay::Help,
        KeyCode::Char('?') if app.filter.is_empty() => app.overlay = Overlay::Help,
        KeyCode::Enter => app.play_selected(),
        KeyCode::Esc => {
            app.filter.clear();
            app.selected = 0;
        }
        KeyCode::Backspace => {
            app.filter.pop();
            app.selected = 0;
        }
        KeyCode::Up => move_selection(app, -1),
        KeyCode::Down | KeyCode::Tab => move_selection(app, 1),
        KeyCode::Left => move_selection(app, -(app_rows(app) as isize)),
        KeyCode::Right => move_selection(app, app_rows(app) as isize),
        KeyCode::PageUp => move_selection(app, -(app_page(app) as isize)),
        KeyCode::PageDown => move_selection(app, app_page(app) as isize),
        KeyCode::Home => app.selected = 0,
        KeyCode::End => app.selected = app.shown().len().saturating_sub(1),
        KeyCode::Char(c) if !ctrl && !c.is_control() => {
            if app.filter.chars().count() < 60 {
                app.filter.push(c);
            }
            app.selected = 0;
            if app.human_to_act().is_some() && app.shown().is_empty() {
                app.message = format!("no legal action contains {:?}", app.filter);
            }
        }
        _ => app.message = "that key does nothing here (? for help)".into(),
    }
}

/// Keys while bots play every seat.
fn watch_key(app: &mut App, key: KeyEvent) {
    let Some(watch) = app.watch.as_mut() else {
        return;
    };
    let at = WATCH_DELAYS
        .iter()
        .position(|&d| d >= watch.delay_ms)
        .unwrap_or(WATCH_DELAYS.len() - 1);
    match key.code {
        KeyCode::Char(' ') => watch.paused = !watch.paused,
        KeyCode::Char('+' | '=') => watch.delay_ms = WATCH_DELAYS[at.saturating_sub(1)],
        KeyCode::Char('-' | '_') => {
            watch.delay_ms = WATCH_DELAYS[(at + 1).min(WATCH_DELAYS.len() - 1)];
        }
        KeyCode::Char('.') => {
            watch.paused = true;
            app.bot_move();
        }
        KeyCode::Char('?') | KeyCode::F(1) => app.overlay = Overlay::Help,
        KeyCode::Char('q') | KeyCode::Esc => quit(app),
        _ => app.message = "that key does nothing while watching (? for help)".into(),
    }
}

/// Rows of the palette as last laid out (Left/Right jump a column).
fn app_rows(app: &App) -> usize {
    app.palette_rows.max(1)
}

/// Entries on one page of the palette.
fn app_page(app: &App) -> usize {
    (app.palette_rows * app.palette_columns).max(1)
}

fn move_selection(app: &mut App, by: isize) {
    let count = app.shown().len();
    if count == 0 {
        app.selected = 0;
        return;
    }
    let target = app.selected.saturating_add_signed(by);
    app.selected = target.min(count - 1);
}

/// Quit: show the summary first, quit from it.
fn quit(app: &mut App) {
    if matches!(app.overlay, Overlay::Summary | Overlay::Board) {
        app.quit = true;
    } else {
        app.overlay = Overlay::Summary;
    }
}
