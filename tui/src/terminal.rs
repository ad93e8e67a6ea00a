//! The real terminal: raw mode and the alternate screen through ratatui's
//! crossterm backend, and the event loop that interleaves key presses,
//! bot moves and redraws (a resize just redraws at the new size).

use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event};

use crate::app::{App, Overlay};
use crate::theme::Theme;

/// How long the loop waits for a key when nothing else is due.
const IDLE: Duration = Duration::from_millis(250);

/// Plays `app` on the terminal until the player quits, then prints the
/// summary on the normal screen.
///
/// # Errors
/// The terminal could not be set up, drawn on or read, or the game had to
/// stop (a program bot failed): one line, printed after the terminal is
/// restored.
pub fn run(mut app: App) -> Result<(), String> {
    let theme = Theme::from_env();
    let mut terminal = ratatui::try_init().map_err(|e| format!("terminal: {e}"))?;
    let result = event_loop(&mut terminal, &mut app, theme);
    ratatui::restore();
    if let Some(failure) = app.failure.take() {
        return Err(failure);
    }
    println!("{}", app.result_line());
    if !app.message.is_empty() {
        println!("{}", app.message);
    }
    result.map_err(|e| format!("terminal: {e}"))
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, theme: Theme) -> std::io::Result<()> {
    let mut last_bot_move = Instant::now();
    while !app.quit {
        terminal.draw(|frame| crate::ui::draw(frame, app, theme))?;
        let bots_may_move = app.bot_to_act()
            && matches!(app.overlay, Overlay::None)
            && !app.watch.is_some_and(|w| w.paused);
        let wait = if bots_may_move {
            let delay = Duration::from_millis(app.watch.map_or(0, |w| w.delay_ms));
            delay.saturating_sub(last_bot_move.elapsed())
        } else {
            IDLE
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) => crate::keys::handle(app, key),
                // The next draw uses the new size.
                Event::Resize(..)
                | Event::FocusGained
                | Event::FocusLost
                | Event::Mouse(_)
                | Event::Paste(_) => {}
            }
        } else if bots_may_move {
            app.bot_move();
            last_bot_move = Instant::now();
        }
    }
    Ok(())
}
