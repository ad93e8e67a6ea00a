//! Plays a seeded Market Island game with the expected-value bot in every
//! seat, prints its hash-chained ledger block by block, verifies it, and
//! shows how a tampered replica is caught.
//!
//! ```text
//! tabletop island ledger --seats 4 --seed 7
//! tabletop island ledger --seats 3 --seed 1 --tamper 1
//! ```

use clap::Parser;
use game_core::{Bot, BotView, Game, GameRng, Seat, Session, ToAct};
use market_island_core::{
    Block, Config, EntryKind, ExpectedValueBot, MarketIsland, derive_balances, first_divergence,
    hash_hex,
};

/// Print and verify the ledger of a seeded Market Island game.
#[derive(Parser, Debug)]
pub struct Args {
    /// Seats at the table (2 to 6).
    #[arg(long, default_value_t = 4)]
    seats: u8,
    /// Session seed (dice and draws).
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Raise the first income entry of this block by 10 in a copy, and show
    /// what verification says before and after resealing it.
    #[arg(long)]
    tamper: Option<u32>,
}

fn print_block(b: &Block) {
    println!(
        "block {} · turn {} · prev {} · hash {}",
        b.height,
        b.turn,
        hash_hex(b.prev_hash),
        hash_hex(b.hash)
    );
    println!("  linked to winning card {}", b.prev_wc);
    if !b.cards.is_empty() {
        let cards: Vec<String> = b
            .cards
            .iter()
            .map(|(s, c)| {
                format!(
                    "{}:{}",
                    s.0,
                    c.map_or_else(|| "-".into(), |c| c.to_string())
                )
            })
            .collect();
        println!("  block cards {}", cards.join(" "));
    }
    if !b.miners.is_empty() {
        let miners: Vec<String> = b
            .miners
            .iter()
            .map(|(s, f)| format!("{}:{f}", s.0))
            .collect();
        let winner = b
            .winner
            .map_or_else(|| "none".into(), |s| format!("seat {}", s.0));
        println!(
            "  miners {} · winner {winner} · passes on {}",
            miners.join(" "),
            b.out_wc()
        );
    }
    for e in &b.entries {
        println!("    {e}");
    }
    println!("  balances {:?}", b.balances);
}

/// Runs the command.
pub fn run(args: Args) {
    let config = Config::with_seats(args.seats);
    let mut session = match Session::<MarketIsland>::new(config, args.seed) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("bad config: {e}");
            std::process::exit(2);
        }
    };
    let mut rng = GameRng::new(args.seed);
    let mut bot = ExpectedValueBot;
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let view = BotView::new(session.game(), session.state(), seat, &legal, false);
        let action = bot.select(&view, &mut rng);
        if let Err(e) = session.act(seat, &action) {
            eprintln!("the bot played an illegal move: {e}");
            std::process::exit(1);
        }
    }
    let game = session.game();
    let state = session.state();
    let blocks = state.ledger().blocks();
    println!(
        "Market Island, {} seats, seed {}: {:?} after turn {}",
        args.seats,
        args.seed,
        state.end_reason(),
        state.turn()
    );
    println!();
    for b in blocks {
        print_block(b);
        println!();
    }
    if !state.pending().is_empty() {
        println!("pending (never mined):");
        for e in state.pending() {
            println!("    {e}");
        }
    }
    println!("final balances {:?}", state.balances());
    match game.verify_ledger(blocks) {
        Ok(()) => println!("verify_ledger: Ok"),
        Err(f) => println!("verify_ledger: {f}"),
    }
    let derived = derive_balances(blocks, state.pending());
    println!(
        "derived from the chain: {derived:?} ({})",
        if derived.as_deref() == Ok(state.balances().as_slice()) {
            "equal to the state"
        } else {
            "DIFFERENT from the state"
        }
    );
    let replicas_agree = (0..game.seats()).all(|s| {
        let obs = game.observe(state, Seat(s as u8).into());
        first_divergence(obs.ledger.blocks(), blocks).is_none()
    });
    println!("all {} replicas agree: {replicas_agree}", game.seats());

    if let Some(height) = args.tamper {
        tamper(game, blocks, height);
    }
}

/// Raises the first income entry of block `height` in a copy and verifies it.
fn tamper(game: &MarketIsland, blocks: &[Block], height: u32) {
    let mut copy = blocks.to_vec();
    let i = height as usize;
    let Some(entry) = copy
        .get_mut(i)
        .and_then(|b| b.entries.iter_mut().find(|e| e.kind == EntryKind::Income))
    else {
        println!("block {height} has no income entry to tamper with");
        return;
    };
    entry.amount += 10;
    println!();
    println!("tampered copy: income entry of block {height} raised by 10");
    println!("  hash kept:        {:?}", game.verify_ledger(&copy));
    copy[i].seal();
    println!("  hash recomputed:  {:?}", game.verify_ledger(&copy));
    println!(
        "  first divergence from the honest replicas: {:?}",
        first_divergence(&copy, blocks)
    );
}
