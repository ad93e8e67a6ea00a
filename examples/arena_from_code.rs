//! Running an arena from code: two bots of Moon Base on paired, seeded
//! deals, through the registry (the same runner as `tabletop arena`), with
//! each game streamed as a JSON line and the summary read back as JSON.
//!
//! ```text
//! cargo run --release --example arena_from_code
//! ```
//!
//! Every deal is played once per seat rotation, so deal luck and the first
//! move cancel; budgets are in iterations, so the figures are the same on
//! any machine and for any thread count.

use serde_json::Value;
use tabletop::game_core::arena::Safety;
use tabletop::registry::{self, MatchRequest, Pairing};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = registry::find("moon-base")?;
    let request = MatchRequest {
        config: Value::Null, // the default table
        bots: vec!["heuristic".into(), "random".into()],
        pairing: Pairing::RoundRobin,
        games: 20,
        seed: 7,
        threads: 0, // every core; the results do not depend on it
        safety: Safety::default(),
        sprt: None,
    };
    let mut lines = 0;
    let result = game.run_match(&request, &[], &mut |_game_line| lines += 1, &|_done| {})?;
    println!("{lines} games played");
    for bot in result["summary"]["bots"].as_array().into_iter().flatten() {
        println!(
            "{:<10} wins {:>3} of {:>3}, Elo {:+.0}",
            bot["name"].as_str().unwrap_or("?"),
            bot["wins"],
            bot["games"],
            bot["elo"].as_f64().unwrap_or(f64::NAN)
        );
    }
    Ok(())
}
