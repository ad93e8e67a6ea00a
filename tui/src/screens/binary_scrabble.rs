//! Binary Scrabble's screen: the board with its premium squares coloured
//! scores, the viewer's rack, the bag and the last turn.

use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use serde_json::Value;
use tabletop::binary_scrabble::{Layout, Premium, SIZE, Square};

use super::int;
use crate::theme::Theme;

/// Tile kinds in the order of `KindCounts`.
const KINDS: [&str; 12] = [
    "0", "1", "=", "+", "-", "x", "/", "AND", "OR", "XOR", "NOT", "?",
];

/// The public information beside the board: scores, the bag and the
/// scoreless run, the viewer's own rack and the last turn.
pub fn info(obs: &Value, theme: Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let scores: Vec<String> = obs["scores"]
        .as_array()
        .map(|a| {
            a.iter()
                .enumerate()
                .map(|(s, v)| format!("seat {s}: {}", int(v)))
                .collect()
        })
        .unwrap_or_default();
    out.push(Line::from(vec![
        Span::styled(" scores ", theme.strong()),
        Span::raw(scores.join("  ")),
    ]));
    out.push(Line::raw(format!(
        " bag {} tiles · {} scoreless turns in a row",
        int(&obs["bag_size"]),
        int(&obs["scoreless"])
    )));
    let rack = match &obs["rack"] {
        Value::Null => "(a spectator sees no rack)".to_owned(),
        counts => tiles_text(counts),
    };
    out.push(Line::from(vec![
        Span::styled(" rack   ", theme.strong()),
        Span::styled(rack, theme.fg(Color::Yellow)),
    ]));
    out.push(Line::raw(format!(
        " last   {}",
        last_turn(&obs["last_turn"])
    )));
    out
}

/// The board's lines; `width` decides between 3- and 2-column squares;
/// the tiles of `preview` (the selected play, as JSON) are shown where
/// they would go.
pub fn lines(obs: &Value, theme: Theme, width: u16, preview: Option<&Value>) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let cell = if usize::from(width) >= 3 * SIZE + 4 {
        3
    } else {
        2
    };
    let layout = Layout::standard();
    let tiles = board_tiles(&obs["board"]);
    let planned = preview.map(planned_tiles).unwrap_or_default();
    let mut head = vec![Span::raw("    ")];
    for col in 0..SIZE {
        let letter = char::from(b'A' + u8::try_from(col).unwrap_or(0));
        head.push(Span::styled(pad(&letter.to_string(), cell), theme.dim()));
    }
    out.push(Line::from(head));
    for row in 0..SIZE {
        let mut spans = vec![Span::styled(format!("{:>3} ", row + 1), theme.dim())];
        for col in 0..SIZE {
            let name = format!(
                "{}{}",
                char::from(b'A' + u8::try_from(col).unwrap_or(0)),
                row + 1
            );
            let placed = tiles.iter().find(|(sq, _)| *sq == name);
            let new = planned.iter().find(|(sq, _)| *sq == name);
            let span = match (placed, new) {
                (_, Some((_, tile))) => {
                    let face = tile.strip_prefix('?').unwrap_or(tile);
                    Span::styled(pad(&short(face, cell), cell), theme.selected())
                }
                (Some((_, tile)), None) => {
                    let (face, blank) = match tile.strip_prefix('?') {
                        Some(face) => (face, true),
                        None => (tile.as_str(), false),
                    };
                    let mut style = theme.cell(Color::Yellow);
                    if blank {
                        // a blank scores 0; it shows its face underlined.
                        style = style.add_modifier(Modifier::UNDERLINED);
                    }
                    Span::styled(pad(&short(face, cell), cell), style)
                }
                (None, None) => {
                    let premium = name
                        .parse::<Square>()
                        .map_or(Premium::Plain, |sq| layout.premium(sq));
                    premium_cell(premium, cell, theme)
                }
            };
            spans.push(span);
        }
        out.push(Line::from(spans));
    }
    // The end is told in words by the summary and the narration.
    out
}

/// Board entries `"H8 1"` as (square, tile).
fn board_tiles(board: &Value) -> Vec<(String, String)> {
    board
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .filter_map(|e| e.split_once(' '))
                .map(|(sq, t)| (sq.to_owned(), t.to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// The tiles a selected play would place, from its JSON
/// (`{"Play": {"tiles": [{"square", "face", "blank"}]}}`): (square, face as
/// the board shows it); none for an exchange or a pass.
fn planned_tiles(action: &Value) -> Vec<(String, String)> {
    action["Play"]["tiles"]
        .as_array()
        .map(|tiles| {
            tiles
                .iter()
                .filter_map(|t| {
                    Some((
                        t["square"].as_str()?.to_owned(),
                        face_text(t["face"].as_str()?),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A face's JSON name as the board writes it.
fn face_text(face: &str) -> String {
    match face {
        "Zero" => "0",
        "One" => "1",
        "Equals" => "=",
        "Plus" => "+",
        "Minus" => "-",
        "Times" => "x",
        "Divide" => "/",
        "And" => "AND",
        "Or" => "OR",
        "Xor" => "XOR",
        "Not" => "NOT",
        other => other,
    }
    .to_owned()
}

/// A face in `cell` columns: word operators shortened to fit two.
fn short(face: &str, cell: usize) -> String {
    if cell >= 3 {
        return face.to_owned();
    }
    match face {
        "AND" => "&".to_owned(),
        "OR" => "|".to_owned(),
        "XOR" => "^".to_owned(),
        "NOT" => "~".to_owned(),
        other => other.to_owned(),
    }
}

fn pad(text: &str, cell: usize) -> String {
    let len = text.chars().count();
    if len >= cell {
        return text.chars().take(cell).collect();
    }
    let left = (cell - len) / 2;
    format!(
        "{}{text}{}",
        " ".repeat(left),
        " ".repeat(cell - len - left)
    )
}

fn premium_cell(premium: Premium, cell: usize, theme: Theme) -> Span<'static> {
    let (label, color) = match premium {
        Premium::Plain => return Span::styled(pad("·", cell), theme.dim()),
        Premium::DoubleLetter => ("DL", Color::Cyan),
        Premium::TripleLetter => ("TL", Color::Blue),
        Premium::DoubleWord => ("DW", Color::Magenta),
        Premium::TripleWord => ("TW", Color::Red),
    };
    let style = if theme.color {
        theme.fg(color)
    } else {
        theme.dim()
    };
    Span::styled(pad(label, cell), style)
}

/// Tiles of a `KindCounts` array, e.g. `0 0 1 = + AND ?`.
fn tiles_text(counts: &Value) -> String {
    let mut parts = Vec::new();
    for (k, n) in counts.as_array().into_iter().flatten().enumerate() {
        for _ in 0..int(n).clamp(0, 12) {
            parts.push(KINDS.get(k).copied().unwrap_or("?"));
        }
    }
    if parts.is_empty() {
        "(empty)".to_owned()
    } else {
        parts.join(" ")
    }
}

fn last_turn(last: &Value) -> String {
    match last {
        Value::Null => "none yet".to_owned(),
        Value::Object(map) => {
            if let Some(p) = map.get("Play") {
                format!("seat {} scored {}", int(&p["seat"]), int(&p["score"]))
            } else if let Some(e) = map.get("Exchange") {
                format!(
                    "seat {} exchanged {} tiles",
                    int(&e["seat"]),
                    int(&e["count"])
                )
            } else {
                map.iter()
                    .map(|(k, v)| format!("{k} by seat {}", int(&v["seat"])))
                    .collect()
            }
        }
        other => other.to_string(),
    }
}
