//! One screen per game, drawn from what the viewer may see (the
//! observation's JSON, DESIGN.md "pictures from observations"), so a screen
//! cannot show a secret; games without a screen of their own get their
//! text render.

mod binary_scrabble;
mod market_island;
mod moon;
mod moon_base;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use serde_json::Value;
use tabletop::game_core::Seat;

use crate::app::{App, Trial};
use crate::theme::Theme;

/// Draws the position of `app` as `obs` shows it into `area`.
///
/// `trial` is the selected move tried on a copy of the session: MOON shows
/// the registers it would leave.
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    app: &App,
    obs: &Value,
    trial: Option<&Trial>,
    theme: Theme,
) {
    let preview = app.selected_name();
    let lines = match app.session.game_name() {
        "moon" => moon::lines(obs, trial.and_then(|t| t.regs.as_ref()), theme),
        "binary-scrabble" => {
            binary_scrabble::lines(obs, theme, area.width, app.selected_action().as_ref())
        }
        "market-island" => market_island::lines(obs, theme),
        "moon-base" => {
            // The craters' places come with the config the replay records.
            let replay: Value =
                serde_json::from_str(&app.session.replay_json()).unwrap_or(Value::Null);
            let marks = moon_base::marks(preview.as_deref(), &replay["config"]["board"]);
            moon_base::lines(obs, &app.session.render(app.viewer), &marks, theme)
        }
        _ => app
            .session
            .render(app.viewer)
            .lines()
            .map(|l| ratatui::text::Line::raw(l.to_owned()))
            .collect(),
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// What a move means for `seat`, from the views before and after it:
/// MOON's energy cost, Binary Scrabble's score. Only the seat's own view
/// is compared, so a note never tells what the seat may not see.
pub fn note(game: &str, before: &Value, after: &Value, seat: Seat, name: &str) -> Option<String> {
    match game {
        "moon" => moon::note(before, after, name),
        "binary-scrabble" => binary_scrabble::note(before, after, seat),
        _ => None,
    }
}

/// Columns the board box of `game` wants (its borders included).
pub fn board_width(game: &str) -> u16 {
    match game {
        "moon" => 56,
        "binary-scrabble" => 52,
        "moon-base" => 56,
        _ => 58,
    }
}

/// What the number after a move in the palette means, if the game has one.
pub fn note_label(game: &str) -> &'static str {
    match game {
        "moon" => " · number = energy cost (M-11)",
        "binary-scrabble" => " · number = score (R-28)",
        _ => "",
    }
}

/// `value` as an integer, 0 when it is not one.
fn int(value: &Value) -> i64 {
    value.as_i64().unwrap_or(0)
}
