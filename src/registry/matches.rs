//! Strength matches through the registry: bot specs in, one JSON line per
//! game and a JSON summary out (see `game_core::arena::run_match`).

use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};

use game_core::arena::{
    MatchConfig, MatchGame, Safety, Schedule, SprtConfig, run_match, summarize,
};
use game_core::{BotFactory, Determinize, Game, Seat, Session};

use super::catalogue::{BotMaker, Catalogue};
use super::error::RegistryError;
use super::limits::cap_quote;

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Pairing {
    /// Two seats: every pair of bots (just one pair for two bots). More
    /// seats: one table of the bots, cycled to fill the seats.
    #[default]
    RoundRobin,
    /// The first bot against each of the others (filling the other seats).
    Gauntlet,
}

/// A match to run.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRequest {
    /// The game's config (`null` for the default).
    pub config: Value,
    /// Bot specs.
    pub bots: Vec<String>,
    /// Who plays whom.
    pub pairing: Pairing,
    /// The game cap: `games / (line-ups × seats)` deals (at least one) are
    /// scheduled, each played once per line-up and seat rotation.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (0: one per core); results do not depend on it.
    pub threads: usize,
    /// Move cap and move time.
    pub safety: Safety,
    /// Stop rule for two bots on two seats.
    pub sprt: Option<SprtConfig>,
}

/// Runs `request` for game `G`: streams each new game to `sink` as one
/// JSON line and returns the summary. `resume` holds the lines of an
/// earlier run's file (same game, bots, seed); those games are not replayed.
pub(super) fn run<G: Game + Determinize>(
    game: &G,
    catalogue: &Catalogue<G>,
    request: &MatchRequest,
    resume: &[String],
    sink: &mut (dyn FnMut(String) + Send),
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Value, RegistryError> {
    let names: Vec<String> = if request.bots.is_empty() {
        vec!["random".to_owned()]
    } else {
        request.bots.clone()
    };
    let built: Vec<BotMaker<G>> = names
        .iter()
        .map(|n| catalogue.maker(n, true))
        .collect::<Result<_, _>>()?;
    let factories: Vec<Box<BotFactory<'_, G>>> = built
        .iter()
        .map(|maker| {
            let maker = Arc::clone(maker);
            let game = game.clone();
            Box::new(move |s: Seat| maker(&game, s)) as Box<BotFactory<'_, G>>
        })
        .collect();
    let refs: Vec<&BotFactory<'_, G>> = factories.iter().map(AsRef::as_ref).collect();
    let seats = game.seats();
    let n = names.len();
    let lineups = match (seats, request.pairing) {
        (2, Pairing::RoundRobin) if n >= 2 => Schedule::round_robin(n),
        (2, Pairing::Gauntlet) if n >= 2 => Schedule::gauntlet(n),
        (_, Pairing::Gauntlet) if n >= 2 => (1..n)
            .map(|b| (0..seats).map(|s| if s == 0 { 0 } else { b }).collect())
            .collect(),
        (_, Pairing::RoundRobin | Pairing::Gauntlet) => vec![(0..seats).map(|s| s % n).collect()],
    };
    let per_deal = (lineups.len() * seats.max(1)) as u64;
    let deals = (request.games / per_deal.max(1)).max(1);
    let config = MatchConfig {
        schedule: Schedule {
            lineups,
            deals,
            seats,
            seed: request.seed,
        },
        threads: request.threads,
        safety: request.safety,
        sprt: request.sprt,
    };
    let resumed = parse_resume(resume, &names)?;
    let mut stream = |g: &MatchGame, session: &Session<G>| {
        sink(game_line(g, &names, session));
    };
    let games = run_match(game, &refs, &config, resumed, &mut stream, progress);
    let summary = summarize(&names, &games, seats, request.sprt, request.seed);
    Ok(json!({
        "game": G::NAME,
        "seed": request.seed.to_string(),
        "deals": deals,
        "seats": seats,
        "summary": summary,
    }))
}

/// One game as a line of the results file: the record, the bots at each
/// seat, and the replay.
fn game_line<G: Game>(g: &MatchGame, names: &[String], session: &Session<G>) -> String {
    let mut value = serde_json::to_value(g).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        let at_seats: Vec<&String> = g
            .slot
            .seating
            .iter()
            .filter_map(|&e| names.get(e))
            .collect();
        map.insert("bots".into(), json!(at_seats));
        map.insert(
            "replay".into(),
            serde_json::to_value(session.to_replay()).unwrap_or(Value::Null),
        );
    }
    value.to_string()
}

/// The games of an earlier run's lines, checked to be of the same bots.
fn parse_resume(lines: &[String], names: &[String]) -> Result<Vec<MatchGame>, RegistryError> {
    let mut out = Vec::new();
    for (i, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let bad = |message: String| RegistryError::BadJson {
            what: "resume line",
            message: format!("line {}: {}", i + 1, cap_quote(&message)),
        };
        let value: Value = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
        let game: MatchGame =
            serde_json::from_value(value.clone()).map_err(|e| bad(e.to_string()))?;
        let expected: Vec<&String> = game
            .slot
            .seating
            .iter()
            .filter_map(|&e| names.get(e))
            .collect();
        if value.get("bots") != Some(&json!(expected)) {
            return Err(bad("its bots are not this run's bots".into()));
        }
        out.push(game);
    }
    Ok(out)
}
