//! MOON's screen: the four registers as bit cells beside the goal, the goal
//! queue, energy, tokens and RAM (M-7, M-19, M-51).

use ratatui::style::Color;
use ratatui::text::{Line, Span};
use serde_json::Value;

use super::int;
use crate::theme::Theme;

/// The screen's lines; `after` are the registers the selected move would
/// leave, shown beside the current ones.
pub fn lines(obs: &Value, after: Option<&Value>, theme: Theme) -> Vec<Line<'static>> {
    let width = usize::try_from(int(&obs["width"])).unwrap_or(4).clamp(1, 8);
    // Co-op: the current goal (M-19); competitive: the viewer's own goal,
    // once complete (M-38).
    let own_goal = obs["viewer"]["Seat"]
        .as_u64()
        .and_then(|v| obs["goals"].get(usize::try_from(v).ok()?))
        .and_then(|g| g["Known"]["value"].as_u64());
    let goal = obs["current_goal"].as_u64().or(own_goal);
    let mut out = Vec::new();
    let mode = obs["mode"].as_str().unwrap_or("?");
    out.push(Line::from(vec![
        Span::styled(
            format!("{mode} · round {} · ", int(&obs["round"])),
            theme.strong(),
        ),
        Span::raw(phase_text(&obs["phase"])),
    ]));
    out.push(Line::raw(""));
    for (i, name) in ["A", "B", "C", "D"].iter().enumerate() {
        let value = int(&obs["regs"][i]);
        // RegSet: bit i for register i (ERROR, M-27).
        let disabled = int(&obs["disabled_regs"]) >> i & 1 == 1;
        let mut spans = vec![Span::styled(format!(" {name} "), theme.strong())];
        for bit in (0..width).rev() {
            let on = value >> bit & 1 == 1;
            // Register A is compared with the goal (M-24): a bit that
            // already matches is green, one still to change red.
            let style = match goal {
                Some(g) if i == 0 => {
                    if (g >> bit & 1 == 1) == on {
                        theme.cell(Color::Green)
                    } else {
                        theme.cell(Color::Red)
                    }
                }
                Some(_) | None if on => theme.cell(Color::Cyan),
                Some(_) | None => theme.dim(),
            };
            spans.push(Span::styled(format!(" {} ", u8::from(on)), style));
            // Up to 6 bits the cells stand apart; 7 and 8 bits sit close.
            if width <= 6 {
                spans.push(Span::raw(" "));
            }
        }
        spans.push(Span::raw(format!(" = {value:>3}")));
        if let Some(next) = after.and_then(|regs| regs[i].as_i64())
            && next != value
        {
            spans.push(Span::styled(
                format!("  -> {next:0width$b}"),
                theme.fg(Color::Cyan),
            ));
        }
        if disabled {
            spans.push(Span::styled("  disabled (ERROR)", theme.warn()));
        }
        out.push(Line::from(spans));
    }
    if let Some(g) = goal {
        // Register A is compared with the goal (M-24).
        out.push(Line::styled(
            format!(" goal {g:0width$b} = {g}: make A equal to it"),
            theme.strong(),
        ));
    }
    out.push(Line::raw(""));
    let energy = int(&obs["energy"]);
    let budget = int(&obs["budget"]).max(energy);
    let full = usize::try_from(energy).unwrap_or(0);
    let empty = usize::try_from(budget - energy).unwrap_or(0);
    out.push(Line::from(vec![
        Span::raw(" energy "),
        Span::styled("█".repeat(full.min(40)), theme.fg(Color::Yellow)),
        Span::styled("░".repeat(empty.min(40)), theme.dim()),
        Span::raw(format!(" {} of {}", halves(energy), halves(budget))),
    ]));
    if let Some(queue) = obs["queue"].as_array()
        && !queue.is_empty()
    {
        // Position 1 is the newest card; cards move up towards S (M-19).
        let mut spans = vec![Span::raw(" queue  ")];
        for (pos, slot) in queue.iter().enumerate().rev() {
            let (text, style) = slot_cell(slot, width, theme);
            spans.push(Span::styled(format!("{}:", pos + 1), theme.dim()));
            spans.push(Span::styled(text, style));
            spans.push(Span::raw(" "));
        }
        out.push(Line::from(spans));
    }
    let scores: Vec<String> = seq(&obs["scores"]).iter().map(|s| s.to_string()).collect();
    let unseen = &obs["unseen"];
    out.push(Line::raw(format!(
        " solved {} · deck {} (goals {}, bugs {})",
        scores.join("/"),
        int(&unseen["deck"]),
        int(&unseen["goal_cards"]),
        int(&unseen["bugs"]),
    )));
    if let Some(goals) = obs["goals"].as_array()
        && !goals.is_empty()
    {
        let text: Vec<String> = goals
            .iter()
            .enumerate()
            .map(|(s, g)| format!("seat {s}: {}", goal_text(g, width)))
            .collect();
        out.push(Line::raw(format!(" goals  {}", text.join("  "))));
    }
    let rams: Vec<String> = seq(&obs["rams"])
        .iter()
        .enumerate()
        .filter_map(|(s, r)| match r {
            Value::Null => Some(format!("seat {s}: hidden")),
            v => v.as_u64().map(|r| format!("seat {s}: {r:0width$b}")),
        })
        .collect();
    if !rams.is_empty() && obs["mode"] == "Competitive" {
        out.push(Line::raw(format!(" RAM    {}", rams.join("  "))));
    }
    let tokens = token_text(&obs["tokens"]);
    if !tokens.is_empty() {
        out.push(Line::raw(format!(" tokens {tokens}")));
    }
    out
}

/// Half-units as rulebook units: 3 is "1.5".
fn halves(n: i64) -> String {
    if n % 2 == 0 {
        format!("{}", n / 2)
    } else {
        format!("{}.5", n / 2)
    }
}

fn seq(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

fn phase_text(phase: &Value) -> String {
    match phase {
        Value::String(s) => match s.as_str() {
            "Won" => "the team won (M-30)".to_owned(),
            "Lost" => "the team lost (M-31)".to_owned(),
            "Ended" => "the game is over (M-41)".to_owned(),
            other => other.to_lowercase(),
        },
        other => other.to_string(),
    }
}

fn slot_cell(slot: &Value, width: usize, theme: Theme) -> (String, ratatui::style::Style) {
    match slot {
        Value::String(s) if s == "FaceDown" => ("[????]".to_owned(), theme.cell(Color::Blue)),
        Value::String(s) if s == "Bug" => ("[BUG ]".to_owned(), theme.cell(Color::Red)),
        Value::String(_) => ("[    ]".to_owned(), theme.dim()),
        Value::Object(map) => match map.get("Goal") {
            Some(g) => {
                let card = int(&g["card"]);
                (
                    format!("[{card:04b}]{}", if width > 4 { "+" } else { "" }),
                    theme.cell(Color::Green),
                )
            }
            None => (
                format!("[{}]", map.keys().cloned().collect::<String>()),
                theme.dim(),
            ),
        },
        other => (other.to_string(), theme.dim()),
    }
}

fn goal_text(goal: &Value, width: usize) -> String {
    match goal {
        Value::Object(map) => {
            if let Some(h) = map.get("Hidden") {
                format!("hidden ({} card)", int(&h["cards"]))
            } else if let Some(k) = map.get("Known") {
                match k["value"].as_u64() {
                    Some(v) => format!("{v:0width$b} = {v}"),
                    None => format!("{:04b}…", int(&k["first"])),
                }
            } else {
                "?".to_owned()
            }
        }
        _ => "none".to_owned(),
    }
}

/// Tokens held, as "kind xN" (M-47).
fn token_text(tokens: &Value) -> String {
    const KINDS: [&str; 17] = [
        "INC", "DEC", "ROL", "ROR", "NOT", "SHL", "SHR", "MOV", "OR", "AND", "XOR", "NOR", "NAND",
        "XNOR", "ADD", "SUB", "XCHG",
    ];
    let mut parts = Vec::new();
    for (seat, t) in seq(tokens).iter().enumerate() {
        for (k, n) in seq(t).iter().enumerate() {
            let n = int(n);
            if n > 0 {
                let kind = KINDS.get(k).copied().unwrap_or("?");
                parts.push(if seq(tokens).len() > 1 {
                    format!("seat {seat} {kind}x{n}")
                } else {
                    format!("{kind}x{n}")
                });
            }
        }
    }
    parts.join(" ")
}
