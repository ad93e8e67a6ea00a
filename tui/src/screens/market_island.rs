//! Market Island's screen: the island track with the pawns (§3.3, MI-5),
//! each seat's balance, block card and mining cards as the viewer may see
//! them (MI-41), the piles, and the last blocks of the viewer's ledger
//! replica (MI-29).

use ratatui::style::Color;
use ratatui::text::{Line, Span};
use serde_json::Value;
use tabletop::market_island::DEFAULT_BOARD;

use super::int;
use crate::theme::Theme;

/// The screen's lines.
pub fn lines(obs: &Value, theme: Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    out.push(Line::from(vec![
        Span::styled(format!(" turn {} · ", int(&obs["turn"])), theme.strong()),
        Span::raw(phase_text(&obs["phase"])),
        Span::raw(format!(
            " · winning card {}",
            obs["winning_card"].as_str().unwrap_or("-")
        )),
    ]));
    // The track: one cell per square, coloured by kind, pawns below.
    let mut track = vec![Span::raw(" island ")];
    for square in DEFAULT_BOARD.chars() {
        let color = match square {
            'S' => Color::White,
            'I' => Color::Green,
            'E' => Color::Red,
            'A' => Color::Yellow,
            'J' => Color::Magenta,
            'F' => Color::LightRed,
            'T' => Color::Cyan,
            _ => Color::Gray,
        };
        track.push(Span::styled(square.to_string(), theme.cell(color)));
    }
    out.push(Line::from(track));
    let seats = obs["seats"].as_array().cloned().unwrap_or_default();
    let mut pawns: Vec<char> = vec![' '; DEFAULT_BOARD.len()];
    for (s, seat) in seats.iter().enumerate() {
        let at = usize::try_from(int(&seat["position"])).unwrap_or(0);
        if let Some(cell) = pawns.get_mut(at) {
            let mark = char::from_digit(u32::try_from(s).unwrap_or(0), 10).unwrap_or('?');
            // Several pawns on one square show as '*'.
            *cell = if *cell == ' ' { mark } else { '*' };
        }
    }
    out.push(Line::raw(format!(
        " pawns  {}",
        pawns.iter().collect::<String>()
    )));
    out.push(Line::styled(
        " S start I income E expense A action",
        theme.dim(),
    ));
    out.push(Line::styled(
        " J jellyfish F fire T totem * 2+ pawns",
        theme.dim(),
    ));
    let viewer = obs["viewer"]["Seat"].as_u64();
    for (s, seat) in seats.iter().enumerate() {
        let me = viewer == Some(u64::try_from(s).unwrap_or(u64::MAX));
        let mut status = Vec::new();
        if seat["active"] == false {
            status.push("out".to_owned());
        }
        if seat["possessed"] == true {
            status.push("possessed".to_owned());
        }
        if seat["eligible"] == true {
            status.push("eligible".to_owned());
        }
        if seat["declined"] == true {
            status.push("declined".to_owned());
        }
        let drawn: Vec<String> = seat["drawn"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|slot| card_text(&slot["card"]))
            .collect();
        let mut text = format!(
            "{}seat {s} {:>4}  block {}",
            if me { "*" } else { " " },
            int(&seat["balance"]),
            seat["block"].get("card").map_or("-".to_owned(), card_text)
        );
        if !drawn.is_empty() {
            text.push_str(&format!("  drawn {}", drawn.join(" ")));
        }
        if let Some(kept) = seat["kept"].get("card") {
            text.push_str(&format!("  kept {}", card_text(kept)));
        }
        if !status.is_empty() {
            text.push_str(&format!("  ({})", status.join(", ")));
        }
        let style = if me {
            theme.strong()
        } else {
            ratatui::style::Style::new()
        };
        out.push(Line::styled(text, style));
    }
    let held: Vec<String> = obs["held"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|h| {
            format!(
                "seat {} {}",
                int(&h["seat"]),
                effect_text(&h["card"]["effect"])
            )
        })
        .collect();
    if !held.is_empty() {
        out.push(Line::raw(format!(" held   {}", held.join(", "))));
    }
    let pile = |name: &str, label: &str| {
        let p = &obs[name];
        format!(
            "{label} {}+{}",
            int(&p["unseen"]),
            p["queue"].as_array().map_or(0, Vec::len)
        )
    };
    out.push(Line::styled(
        format!(
            " unseen+known: {} {} {} {}",
            pile("income", "inc"),
            pile("expense", "exp"),
            pile("action", "act"),
            pile("mining", "mine")
        ),
        theme.dim(),
    ));
    let ledger = obs["ledger"].as_array().cloned().unwrap_or_default();
    out.push(Line::styled(
        format!(
            " ledger {} blocks, {} entries pending",
            ledger.len(),
            obs["pending"].as_array().map_or(0, Vec::len)
        ),
        theme.strong(),
    ));
    for block in ledger.iter().rev().take(3) {
        let winner = match block["winner"].as_u64() {
            Some(w) => format!("seat {w} mined"),
            None => "genesis".to_owned(),
        };
        let hash = block["hash"]
            .as_str()
            .unwrap_or("")
            .chars()
            .take(8)
            .collect::<String>();
        out.push(Line::raw(format!(
            "  #{} t{} {winner}, {} entries, {} {hash}",
            int(&block["height"]),
            int(&block["turn"]),
            block["entries"].as_array().map_or(0, Vec::len),
            block["balances"]
        )));
    }
    // Why the game ended is told in words by the summary and the
    // narration (MI-25), not as the observation's enum name.
    out
}

fn phase_text(phase: &Value) -> String {
    match phase {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| match v["seat"].as_u64() {
                Some(s) => format!("{} (seat {s})", k.to_lowercase()),
                None => k.to_lowercase(),
            })
            .collect(),
        Value::String(s) => s.to_lowercase(),
        other => other.to_string(),
    }
}

/// A card as the viewer sees it: `??` for a back.
fn card_text(seen: &Value) -> String {
    match seen.get("Shown") {
        Some(Value::String(face)) => face.clone(),
        Some(card) => format!(
            "{} {}",
            card["face"].as_str().unwrap_or("?"),
            effect_text(&card["effect"])
        ),
        None => "??".to_owned(),
    }
}

fn effect_text(effect: &Value) -> String {
    match effect {
        Value::String(s) => s.clone(),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| {
                let amount = int(&v["amount"]);
                let other = v
                    .get("to")
                    .or_else(|| v.get("from"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                format!("{k} {amount} {other}").trim_end().to_owned()
            })
            .collect(),
        other => other.to_string(),
    }
}
