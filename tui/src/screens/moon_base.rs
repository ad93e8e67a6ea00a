//! Moon Base's screen: hands, piles and scores from the observation (the
//! whole state: the game has no secret, MB-1), and the game's own top view
//! of craters and stacks coloured by ring (level digits: 1 on a crater,
//! higher on rings), the tower `TT` and bases `B0`/`B1`.

use ratatui::style::Color;
use ratatui::text::{Line, Span};
use serde_json::Value;

use super::int;
use crate::theme::Theme;

/// Places (x, y in mm) the selected action names: its crater's centre, or
/// the point where a stacked ring would go (`... at X,Y`).
pub fn marks(preview: Option<&str>, board: &Value) -> Vec<(i64, i64)> {
    let Some(text) = preview else {
        return Vec::new();
    };
    if let Some((_, at)) = text.rsplit_once(" at ")
        && let Some((x, y)) = at.split_once(',')
        && let (Ok(x), Ok(y)) = (x.trim().parse(), y.trim().parse())
    {
        return vec![(x, y)];
    }
    let craters = board["craters"].as_array().cloned().unwrap_or_default();
    text.split_whitespace()
        .filter_map(|word| craters.iter().find(|c| c["id"] == word))
        .map(|c| (int(&c["x"]), int(&c["y"])))
        .collect()
}

/// The screen's lines; `render` is the game's text render of the same view,
/// whose map section is coloured cell by cell, with `marks` (from
/// [`marks`]) shown as `@`.
pub fn lines(obs: &Value, render: &str, marks: &[(i64, i64)], theme: Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    out.push(Line::from(vec![
        Span::styled(format!(" round {} · ", int(&obs["round"])), theme.strong()),
        Span::raw(phase_text(&obs["phase"])),
    ]));
    let colours = obs["colour_of"].as_array().cloned().unwrap_or_default();
    for seat in 0..2 {
        let colour = colours
            .get(seat)
            .and_then(Value::as_str)
            .unwrap_or("no colour yet");
        out.push(Line::raw(format!(
            " seat {seat} {colour:<7} hand {}",
            hand_text(&obs["hands"][seat])
        )));
        out.push(Line::styled(
            format!(
                "   left {} settlements, {} bases; {} rings retired",
                int(&obs["settlements_left"][seat]),
                int(&obs["bases_left"][seat]),
                int(&obs["unplaced"][seat]),
            ),
            theme.dim(),
        ));
    }
    for line in render.lines() {
        if let Some(score) = line.strip_prefix("score if play stopped now: ") {
            out.push(Line::styled(
                format!(" score now: {}", without_parentheses(score)),
                theme.dim(),
            ));
        }
    }
    // "map (10 mm per cell, ...)": the size of a cell.
    let cell_mm = render
        .lines()
        .find_map(|l| l.strip_prefix("map ("))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or(10)
        .max(1);
    let map: Vec<Vec<String>> = render
        .lines()
        .skip_while(|l| !l.starts_with("map"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|row| {
            let chars: Vec<char> = row.chars().skip(2).collect();
            chars.chunks(2).map(|c| c.iter().collect()).collect()
        })
        .collect();
    // Two map rows per screen row and one character per cell keep the
    // board square on a terminal's tall characters.
    for (row, pair) in map.chunks(2).enumerate() {
        let width = pair.iter().map(Vec::len).max().unwrap_or(0);
        let mut spans = vec![Span::raw(" ")];
        for i in 0..width {
            let marked = marks.iter().any(|&(x, y)| {
                let col = usize::try_from(x / cell_mm).unwrap_or(0).min(width - 1);
                let r = usize::try_from(y / cell_mm / 2).unwrap_or(0);
                col == i && r == row
            });
            if marked {
                spans.push(Span::styled("@", theme.selected()));
                continue;
            }
            let best = pair
                .iter()
                .filter_map(|row| row.get(i))
                .max_by_key(|cell| priority(cell))
                .cloned()
                .unwrap_or_default();
            spans.push(map_cell(&best, theme));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::styled(
        " ring levels in colour, T tower, B base, @ your move",
        theme.dim(),
    ));
    out
}

/// Which of two map cells shows: the tower, then the higher ring, a base,
/// crater floor, empty ground.
fn priority(cell: &str) -> u32 {
    let mut chars = cell.chars();
    match (chars.next(), chars.next()) {
        (Some('T'), _) => 100,
        (Some('B'), _) => 50,
        (Some(c), Some(level)) if c.is_ascii_alphabetic() => 60 + level.to_digit(10).unwrap_or(9),
        (Some('.'), _) => 1,
        (Some(_) | None, _) => 0,
    }
}

/// A map cell as one character: a ring's level in its colour, `T` the
/// tower, `B` a base, `.` crater floor.
fn map_cell(cell: &str, theme: Theme) -> Span<'static> {
    let mut chars = cell.chars();
    let (first, second) = (chars.next().unwrap_or(' '), chars.next().unwrap_or(' '));
    let (text, style) = match first {
        'T' => ('T', theme.cell(Color::White)),
        'B' => ('B', theme.cell(Color::Green)),
        '.' => ('.', theme.dim()),
        c if c.is_ascii_alphabetic() => {
            let colour = match c.to_ascii_uppercase() {
                'G' => Color::Yellow,
                'S' => Color::Gray,
                _ => Color::Blue,
            };
            let mut style = theme.cell(colour);
            if c.is_ascii_uppercase() {
                style = style.add_modifier(ratatui::style::Modifier::BOLD);
            }
            (second, style)
        }
        _ => (' ', ratatui::style::Style::new()),
    };
    Span::styled(text.to_string(), style)
}

/// `text` without its parenthesised details.
fn without_parentheses(text: &str) -> String {
    let mut depth = 0_u32;
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn phase_text(phase: &Value) -> String {
    match phase {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| {
                let who = v
                    .get("to_move")
                    .or_else(|| v.get("seat"))
                    .and_then(Value::as_u64)
                    .map_or(String::new(), |s| format!(", seat {s} to move"));
                format!("{}{who}", k.to_lowercase())
            })
            .collect(),
        Value::String(s) => s.to_lowercase(),
        other => other.to_string(),
    }
}

/// A hand `[[large G,S,N],[small G,S,N]]` as text, in the words of the
/// actions: `L gold, S navy x2`.
fn hand_text(hand: &Value) -> String {
    let mut parts = Vec::new();
    for (size, size_name) in ["L", "S"].iter().enumerate() {
        for (c, colour) in ["gold", "silver", "navy"].iter().enumerate() {
            let n = int(&hand[size][c]);
            if n > 0 {
                let piece = format!("{size_name} {colour}");
                parts.push(if n > 1 {
                    format!("{piece} x{n}")
                } else {
                    piece
                });
            }
        }
    }
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}
