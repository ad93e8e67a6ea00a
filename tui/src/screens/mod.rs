//! One screen per game, drawn from what the viewer may see (the
//! observation's JSON, DESIGN.md "pictures from observations"), so a screen
//! cannot show a secret; games without a screen of their own get their
//! text render.

mod binary_scrabble;
mod market_island;
mod moon;
mod moon_base;

use ratatui::text::Line;
use serde_json::Value;

use crate::app::{App, Trial};
use crate::theme::Theme;

/// A game's screen: the board, and the public information shown beside it.
pub struct Screen {
    /// The board's lines.
    pub board: Vec<Line<'static>>,
    /// Scores, hands, piles: what sits beside the board (may be empty).
    pub info: Vec<Line<'static>>,
    /// True for a board of text lines that may wrap in a narrow box;
    /// false for a grid or map, which is cut rather than bent.
    pub wrap: bool,
}

/// The screen of `app` as `obs` shows it; `width` is the most columns the
/// board may take.
///
/// `trial` is the selected move tried on a copy of the session: MOON shows
/// the registers it would leave.
pub fn screen(app: &App, obs: &Value, trial: Option<&Trial>, width: u16, theme: Theme) -> Screen {
    let preview = app.selected_name();
    match app.session.game_name() {
        "moon" => Screen {
            board: moon::lines(obs, trial.and_then(|t| t.regs.as_ref()), theme),
            info: Vec::new(),
            wrap: true,
        },
        "binary-scrabble" => Screen {
            board: binary_scrabble::lines(obs, theme, width, app.selected_action().as_ref()),
            info: binary_scrabble::info(obs, theme),
            wrap: false,
        },
        "market-island" => Screen {
            board: market_island::lines(obs, theme),
            info: Vec::new(),
            wrap: true,
        },
        "moon-base" => {
            // The craters' places come with the config the replay records.
            let replay: Value =
                serde_json::from_str(&app.session.replay_json()).unwrap_or(Value::Null);
            let board = &replay["config"]["board"];
            let marks = moon_base::marks(preview.as_deref(), board);
            let render = app.session.render(app.viewer);
            Screen {
                board: moon_base::lines(&render, board, &marks, theme),
                info: moon_base::info(obs, &render, theme),
                wrap: false,
            }
        }
        _ => Screen {
            board: app
                .session
                .render(app.viewer)
                .lines()
                .map(|l| Line::raw(l.to_owned()))
                .collect(),
            info: Vec::new(),
            wrap: true,
        },
    }
}

/// `value` as an integer, 0 when it is not one.
fn int(value: &Value) -> i64 {
    value.as_i64().unwrap_or(0)
}
