//! Colours of the screens, or none at all when `NO_COLOR` is set
//! (no-color.org): every style then keeps only bold and reverse video, so
//! the selection and the cells still stand out on a monochrome terminal.

use ratatui::style::{Color, Modifier, Style};

/// The styles the screens draw with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// False under `NO_COLOR`: styles carry no colour.
    pub color: bool,
}

impl Theme {
    /// The theme the environment asks for: no colour when `NO_COLOR` is set
    /// to anything but the empty string.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    /// Text in colour `c` (plain text without colour).
    pub fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// A filled cell: colour `c` behind black text, or reverse video
    /// without colour.
    pub fn cell(self, c: Color) -> Style {
        if self.color {
            Style::new().bg(c).fg(Color::Black)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// Titles and the seat to act.
    pub fn strong(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// Text that matters less (counts, hints about keys).
    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }

    /// The selected entry of the palette.
    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// A message that reports a refusal or an error.
    pub fn warn(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
}
