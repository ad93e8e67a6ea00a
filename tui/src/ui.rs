//! The whole screen: title, the game's board, the log, the action palette,
//! the typed filter, messages and the key bar, with the boxes (help, hint,
//! hand-over, summary) on top.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use tabletop::game_core::{ToAct, Viewer};

use crate::app::{App, Overlay};
use crate::keys::{HELP_KEYS, KEY_BAR, WATCH_BAR};
use crate::palette::Grid;
use crate::theme::Theme;

/// The smallest screen the game is drawn on; below it a message asks for
/// a larger terminal.
pub const MIN_WIDTH: u16 = 60;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 20;

/// The narrowest the column beside the board gets (the table and what
/// happened), so sentences stay readable.
const SIDE_MIN: u16 = 34;

/// Columns kept after a move's name in the list for its note ("-0.5
/// energy", "12 pts") and a gap.
const NOTE_ROOM: usize = 14;

/// Draws the screen of `app`.
pub fn draw(frame: &mut Frame, app: &mut App, theme: Theme) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "Too small: {}x{}, play needs {MIN_WIDTH}x{MIN_HEIGHT}. \
             Enlarge the terminal (or use --plain); Ctrl-Q quits.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    if let Overlay::Handover(seat) = app.overlay {
        // Nothing of the game is drawn: the last seat's secrets stay hidden.
        let lines = vec![
            Line::styled(format!("Hand the keyboard to {seat}"), theme.strong()),
            Line::raw(""),
            Line::raw("The screen stays blank so no secret shows."),
            Line::raw(format!("{seat}: press Enter to see your view.")),
        ];
        let boxed = centered(area, 50, 8);
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" hot seat ")),
            boxed,
        );
        return;
    }
    let obs = app.session.observe(app.viewer);
    let trial = app.selected_index().and_then(|i| app.trial(i));
    let screen = crate::screens::screen(
        app,
        &obs,
        trial.as_ref(),
        area.width.saturating_sub(SIDE_MIN + 2),
        theme,
    );
    // The board box takes what its lines need, the side column the rest.
    let board_width = screen
        .board
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .saturating_add(2);
    let board_width = u16::try_from(board_width)
        .unwrap_or(u16::MAX)
        .max(30)
        .min(area.width.saturating_sub(SIDE_MIN).max(20));
    let board_height = u16::try_from(screen.board.len() + 2).unwrap_or(u16::MAX);
    // Title, input and key bar take a row each.
    let available = area.height.saturating_sub(3);
    let wanted = palette_rows(
        app,
        area.width.saturating_sub(2),
        (area.height * 2 / 5).clamp(3, 16),
    ) + 2;
    // The board stays whole: the move list shrinks to what is left, and
    // to a single line (the selected move) when not even a box fits.
    let spare = available.saturating_sub(board_height.max(8));
    let compact = spare < 3;
    let palette_height = if compact { 1 } else { wanted.min(spare) };
    let [title, main, palette, input, bar] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(8),
        Constraint::Length(palette_height),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, side] =
        Layout::horizontal([Constraint::Length(board_width), Constraint::Min(SIDE_MIN)])
            .areas(main);
    draw_title(frame, title, app, theme);
    let block = Block::bordered().title(format!(" {} ", app.session.game_name()));
    let inner = block.inner(board);
    frame.render_widget(block, board);
    let board_lines = Paragraph::new(screen.board);
    // Text boards wrap; drawn boards (a grid, a map) are cut, never bent.
    let board_lines = if screen.wrap {
        board_lines.wrap(Wrap { trim: false })
    } else {
        board_lines
    };
    frame.render_widget(board_lines, inner);
    // Beside the board: the public information and the selected move in
    // words, then what happened.
    let mut info = screen.info;
    if let Some(words) = app
        .selected_action()
        .and_then(|a| app.session.move_words(&a))
        .filter(|w| Some(w) != app.selected_name().as_ref())
    {
        info.push(Line::styled(format!(" > {words}"), theme.fg(Color::Cyan)));
    }
    let log_area = if info.is_empty() {
        side
    } else {
        let inner_width = usize::from(side.width.saturating_sub(2)).max(1);
        let rows: usize = info
            .iter()
            .map(|l| l.width().div_ceil(inner_width).max(1))
            .sum();
        let height = u16::try_from(rows + 2)
            .unwrap_or(u16::MAX)
            .min(side.height.saturating_sub(5).max(3));
        let [top, rest] =
            Layout::vertical([Constraint::Length(height), Constraint::Min(3)]).areas(side);
        let boxed = Block::bordered().title(" table ");
        let inner = boxed.inner(top);
        frame.render_widget(boxed, top);
        frame.render_widget(Paragraph::new(info).wrap(Wrap { trim: false }), inner);
        rest
    };
    draw_log(frame, log_area, app, theme);
    if compact {
        draw_palette_line(frame, palette, app, theme);
    } else {
        draw_palette(frame, palette, app, theme);
    }
    draw_input(frame, input, app, theme);
    let bar_text = if app.watch.is_some() {
        WATCH_BAR
    } else {
        KEY_BAR
    };
    frame.render_widget(Paragraph::new(Span::styled(bar_text, theme.dim())), bar);
    match app.overlay.clone() {
        Overlay::None | Overlay::Handover(_) | Overlay::Board => {}
        Overlay::Help => draw_help(frame, area, app, theme),
        Overlay::Hint(hint) => {
            let mut lines = vec![
                Line::from(vec![
                    Span::raw("Suggested: "),
                    Span::styled(hint.name.clone(), theme.strong()),
                    Span::raw(format!("  (bot {})", hint.bot)),
                ]),
                Line::raw(""),
            ];
            lines.extend(hint.why.iter().map(|w| Line::raw(w.clone())));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                "Enter plays it; any other key closes this box.",
                theme.dim(),
            ));
            let boxed = centered(area, area.width.min(76), 10);
            frame.render_widget(Clear, boxed);
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(Block::bordered().title(" hint ")),
                boxed,
            );
        }
        Overlay::Summary => {
            let mut lines = vec![Line::styled(app.result_line(), theme.strong())];
            lines.push(Line::raw(format!(
                "{} steps played. Ctrl-S saves the replay ({}).",
                app.session.step_count(),
                app.save_path
            )));
            lines.push(Line::raw(
                "Esc: back to the board · Enter or q quits · Ctrl-Z undoes your last move",
            ));
            let boxed = centered(area, area.width.min(76), 7);
            frame.render_widget(Clear, boxed);
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(Block::bordered().title(" summary ")),
                boxed,
            );
        }
    }
}

fn draw_title(frame: &mut Frame, area: Rect, app: &App, theme: Theme) {
    let who = match app.viewer {
        Viewer::Seat(s) => format!("you: {s}"),
        Viewer::Spectator => "watching".to_owned(),
    };
    let to_act = match app.session.to_act() {
        ToAct::Seat(s) if app.human_to_act() == Some(s) => format!("{s} to act: your move"),
        ToAct::Seat(s) => format!("{s} to act"),
        ToAct::Chance => "chance".to_owned(),
        ToAct::Over => "game over".to_owned(),
    };
    let speed = match app.watch {
        Some(w) if w.paused => "  [paused]".to_owned(),
        Some(w) => format!("  [{} ms a move]", w.delay_ms),
        None => String::new(),
    };
    let line = Line::from(vec![
        Span::styled(format!("{} · ", app.session.game_name()), theme.strong()),
        Span::raw(format!(
            "seed {} · {who} · step {} · ",
            app.seed,
            app.session.step_count()
        )),
        Span::styled(to_act, theme.fg(Color::Cyan)),
        Span::raw(speed),
    ]);
    frame.render_widget(Paragraph::new(line), area);
}

fn draw_log(frame: &mut Frame, area: Rect, app: &App, theme: Theme) {
    let block = Block::bordered().title(" what happened ");
    let inner = block.inner(area);
    // The game's sentences, as the viewer knows each step; chance steps
    // are dimmed by the log's own mark.
    let kinds = app.session.log_text(app.viewer);
    let said = app.session.narration(app.viewer);
    let log: Vec<String> = said
        .into_iter()
        .zip(kinds.iter())
        .map(|(line, kind)| {
            if kind.starts_with("chance: ") {
                format!("~ {line}")
            } else {
                line
            }
        })
        .collect();
    // The newest entries that fit, each wrapped over as many rows as it
    // needs (a Binary Scrabble play is long).
    let width = usize::from(inner.width).max(1);
    let mut rows = 0;
    let mut first = log.len();
    while first > 0 {
        let text = format!("{:>3} {}", first - 1, log[first - 1]);
        let height = text.chars().count().div_ceil(width).max(1);
        if rows + height > usize::from(inner.height) {
            break;
        }
        rows += height;
        first -= 1;
    }
    let lines: Vec<Line> = log[first..]
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let style = if entry.starts_with('~') {
                theme.dim()
            } else {
                ratatui::style::Style::new()
            };
            Line::styled(format!("{:>3} {entry}", first + i), style)
        })
        .collect();
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

fn draw_palette(frame: &mut Frame, area: Rect, app: &mut App, theme: Theme) {
    let shown = app.shown();
    let title = if app.human_to_act().is_some() {
        format!(
            " your moves: {} of {} (type to filter, >N: scores of N or more) ",
            shown.len(),
            app.names().len()
        )
    } else {
        " moves ".to_owned()
    };
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if app.human_to_act().is_none() {
        let text = match app.session.to_act() {
            ToAct::Over => "The game is over.".to_owned(),
            ToAct::Seat(s) => format!("{s} (a bot) is thinking..."),
            ToAct::Chance => "Chance is being resolved...".to_owned(),
        };
        frame.render_widget(Paragraph::new(Span::styled(text, theme.dim())), inner);
        return;
    }
    let widest = shown
        .iter()
        .map(|&i| app.names()[i].chars().count())
        .max()
        .unwrap_or(8);
    // Room for the note (a cost or a score) after the name.
    let cell = (widest + NOTE_ROOM).min(usize::from(inner.width));
    let grid = Grid::new(inner.width, inner.height, cell, app.selected);
    app.palette_rows = grid.rows;
    app.palette_columns = grid.columns;
    let page = grid.columns * grid.rows;
    for (pos, &i) in shown.iter().enumerate().skip(grid.first).take(page) {
        let offset = pos - grid.first;
        let (col, row) = (offset / grid.rows, offset % grid.rows);
        let x = inner.x + u16::try_from(col * cell).unwrap_or(u16::MAX);
        let y = inner.y + u16::try_from(row).unwrap_or(u16::MAX);
        let rect = Rect::new(x, y, u16::try_from(cell).unwrap_or(1), 1).intersection(inner);
        let name = app.names()[i].clone();
        let note = app.note(i).unwrap_or_default();
        let name_style = if pos == app.selected {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        let line = Line::from(vec![
            Span::styled(name, name_style),
            Span::raw(" "),
            Span::styled(note, theme.fg(Color::Green)),
        ]);
        frame.render_widget(Paragraph::new(line), rect);
    }
    if shown.len() > page {
        let more = format!(" {}/{} ", grid.first / page + 1, shown.len().div_ceil(page));
        let w = u16::try_from(more.len()).unwrap_or(0);
        if area.width > w + 2 {
            let r = Rect::new(area.x + area.width - w - 1, area.y + area.height - 1, w, 1);
            frame.render_widget(Paragraph::new(Span::styled(more, theme.dim())), r);
        }
    }
}

/// The move list in one line, when the board leaves no room for a box
/// (Binary Scrabble at 80x24): the selected move, its note and where it
/// stands in the list; ↑↓ browse as in the box.
fn draw_palette_line(frame: &mut Frame, area: Rect, app: &mut App, theme: Theme) {
    let shown = app.shown();
    let line = if app.human_to_act().is_none() {
        Line::styled(" moves: none of yours now", theme.dim())
    } else {
        app.palette_rows = 1;
        app.palette_columns = 1;
        match app.selected_index() {
            Some(i) => {
                let name = app.names()[i].clone();
                let note = app.note(i).unwrap_or_default();
                Line::from(vec![
                    Span::styled(
                        format!(" move {}/{}: ", app.selected + 1, shown.len()),
                        theme.dim(),
                    ),
                    Span::styled(name, theme.selected()),
                    Span::raw(" "),
                    Span::styled(note, theme.fg(Color::Green)),
                    Span::styled("  ↑↓ others, type to filter", theme.dim()),
                ])
            }
            None => Line::styled(" no move matches the filter (Esc clears it)", theme.warn()),
        }
    };
    frame.render_widget(Paragraph::new(line), area);
}

/// Rows the palette needs for the actions shown (at least 3, at most `max`).
fn palette_rows(app: &App, width: u16, max: u16) -> u16 {
    let shown = app.shown();
    let cell = shown
        .iter()
        .map(|&i| app.names()[i].chars().count() + NOTE_ROOM)
        .max()
        .unwrap_or(8);
    let columns = (usize::from(width) / cell).max(1);
    let rows = shown.len().div_ceil(columns);
    u16::try_from(rows).unwrap_or(u16::MAX).clamp(3, max.max(3))
}

fn draw_input(frame: &mut Frame, area: Rect, app: &App, theme: Theme) {
    let mut spans = vec![
        Span::styled("> ", theme.strong()),
        Span::raw(app.filter.clone()),
        Span::styled("_", theme.dim()),
    ];
    if !app.message.is_empty() {
        spans.push(Span::raw("   "));
        let style = if app.message.starts_with("refused")
            || app.message.starts_with("no ")
            || app.message.starts_with("cannot")
            || app.message.starts_with("that key")
        {
            theme.warn()
        } else {
            theme.fg(Color::Cyan)
        };
        spans.push(Span::styled(app.message.clone(), style));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn draw_help(frame: &mut Frame, area: Rect, app: &App, theme: Theme) {
    let mut lines = vec![Line::styled("Keys", theme.strong())];
    lines.extend(HELP_KEYS.iter().map(|l| Line::raw(*l)));
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Rules (ids as in the crate's RULES.md)",
        theme.strong(),
    ));
    lines.extend(
        crate::rules::summary(app.session.game_name())
            .iter()
            .map(|l| Line::raw(*l)),
    );
    lines.push(Line::styled("Any key closes this box.", theme.dim()));
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    let boxed = centered(area, area.width.min(80), height);
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" help ")),
        boxed,
    );
}

/// A box of at most `width` x `height` in the middle of `area`.
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}
