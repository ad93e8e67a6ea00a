//! Moon Base's screen: hands, piles and scores from the observation (the
//! whole state: the game has no secret, MB-1), and the game's own top view
//! of craters and stacks coloured by ring (level digits: 1 on a crater,
//! higher on rings), the tower `T`, bases `B`, and each free crater's id
//! as the moves name it.

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

/// The public information beside the board: round and phase, each seat's
/// colour, open hand (MB-9) and supply, the four piles of each size, open
/// to both seats by MB-3, and the score if play stopped now.
pub fn info(obs: &Value, render: &str, theme: Theme) -> Vec<Line<'static>> {
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
            " seat {seat} {colour}: hand {}",
            hand_text(&obs["hands"][seat])
        )));
        out.push(Line::styled(
            format!(
                "   {} settlements, {} bases left; {} retired",
                int(&obs["settlements_left"][seat]),
                int(&obs["bases_left"][seat]),
                int(&obs["unplaced"][seat]),
            ),
            theme.dim(),
        ));
    }
    // MB-3, MB-8: the piles are public, listed top first.
    for (size, name) in ["L", "S"].iter().enumerate() {
        let mut spans = vec![Span::styled(format!(" {name} piles"), theme.strong())];
        for pile in 0..4 {
            spans.push(Span::raw(format!(" {pile}:")));
            let rings = obs["piles"][size][pile]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if rings.is_empty() {
                spans.push(Span::styled("-", theme.dim()));
            }
            for ring in rings {
                let colour = ring.as_str().unwrap_or("?");
                spans.push(ring_letter(colour, theme));
            }
        }
        out.push(Line::from(spans));
    }
    for line in render.lines() {
        if let Some(score) = line.strip_prefix("score if play stopped now: ") {
            out.push(Line::styled(
                format!(" score now: {}", without_parentheses(score)),
                theme.dim(),
            ));
        }
    }
    out
}

/// A ring of a pile as its colour's letter, coloured.
fn ring_letter(colour: &str, theme: Theme) -> Span<'static> {
    let (letter, color) = match colour {
        "Gold" | "gold" => ('G', Color::Yellow),
        "Silver" | "silver" => ('S', Color::Gray),
        _ => ('N', Color::Blue),
    };
    Span::styled(letter.to_string(), theme.cell(color))
}

/// The board: the game's top view of craters and stacks coloured by ring,
/// each free crater labelled with its id as moves name it ("L05", so
/// "base L05" can be found), `marks` (from [`marks`]) shown as `@`.
/// `render` is the game's text render of the same view; `board` the
/// config's crater table.
pub fn lines(
    render: &str,
    board: &Value,
    marks: &[(i64, i64)],
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
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
    let width = map.iter().map(Vec::len).max().unwrap_or(0);
    let mut grid: Vec<Vec<Span<'static>>> = map
        .chunks(2)
        .map(|pair| {
            (0..width)
                .map(|i| {
                    let best = pair
                        .iter()
                        .filter_map(|row| row.get(i))
                        .max_by_key(|cell| priority(cell))
                        .cloned()
                        .unwrap_or_default();
                    map_cell(&best, theme)
                })
                .collect()
        })
        .collect();
    let to_cell = |x: i64, y: i64| {
        (
            usize::try_from(x / cell_mm).unwrap_or(0),
            usize::try_from(y / cell_mm / 2).unwrap_or(0),
        )
    };
    let unlabelled = label_craters(&mut grid, board, &to_cell, theme);
    for &(x, y) in marks {
        let (col, row) = to_cell(x, y);
        if let Some(cell) = grid
            .get_mut(row)
            .and_then(|r| r.get_mut(col.min(width.saturating_sub(1))))
        {
            *cell = Span::styled("@", theme.selected());
        }
    }
    for row in grid {
        let mut spans = vec![Span::raw(" ")];
        spans.extend(row);
        out.push(Line::from(spans));
    }
    out.push(Line::styled(
        " n: ring level T tower B base @ move",
        theme.dim(),
    ));
    if !unlabelled.is_empty() {
        out.push(Line::styled(
            format!(" under rings: {}", unlabelled.join(" ")),
            theme.dim(),
        ));
    }
    out
}

/// Writes each crater's id on the map where its floor is free (at its
/// centre, else a cell to either side or a row up or down), never over a
/// ring, the tower or another label. Returns the free craters with no
/// room for a label (rarely any); craters under rings are not labelled.
fn label_craters(
    grid: &mut [Vec<Span<'static>>],
    board: &Value,
    to_cell: &dyn Fn(i64, i64) -> (usize, usize),
    theme: Theme,
) -> Vec<String> {
    let craters = board["craters"].as_array().cloned().unwrap_or_default();
    // Rings, the tower and bases cover the floor; labels take room too.
    let covered: Vec<Vec<bool>> = grid
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| c.content != "." && c.content != " ")
                .collect()
        })
        .collect();
    let mut taken = covered.clone();
    let mut left = Vec::new();
    for crater in &craters {
        let id = crater["id"].as_str().unwrap_or("?").to_owned();
        let (col, row) = to_cell(int(&crater["x"]), int(&crater["y"]));
        // A crater with a ring on its centre is no longer free.
        if covered
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .unwrap_or(true)
        {
            continue;
        }
        let len = id.chars().count();
        let tries = [(0, 1), (0, 0), (0, 2), (1, 1), (-1, 1), (1, 0), (-1, 0)];
        let spot = tries.iter().find_map(|&(dr, shift)| {
            let r = row.checked_add_signed(dr)?;
            let c = col.checked_sub(shift)?;
            let cells = taken.get(r)?.get(c..c + len)?;
            (!cells.iter().any(|t| *t)).then_some((r, c))
        });
        match spot {
            Some((r, c)) => {
                for (k, ch) in id.chars().enumerate() {
                    grid[r][c + k] = Span::styled(ch.to_string(), theme.fg(Color::Cyan));
                    taken[r][c + k] = true;
                }
            }
            None => left.push(id),
        }
    }
    left
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
