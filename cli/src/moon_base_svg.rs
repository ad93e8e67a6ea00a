//! Plays a seeded game of Moon Base and writes the board and rings as an
//! SVG picture you can open in a browser.
//!
//! ```text
//! tabletop moon-base svg --seed 7 --out moon-base.svg
//! tabletop moon-base svg --board my-board.json --rounds 2
//! ```
//!
//! Both seats are played by the heuristic bot (or uniformly at random with
//! `--random`). Hover a ring in the picture to see its id, piece, level and
//! supports. The final (or current) position is also printed as text.

use std::path::PathBuf;

use clap::Parser;
use game_core::{Bot, BotView, Game, GameRng, Render, Session, ToAct};
use moon_base_core::{BoardSpec, Config, HeuristicBot, MoonBase, svg};

/// Command line of the example.
#[derive(Parser, Debug)]
#[command(about = "Play a seeded Moon Base game and draw it as SVG")]
pub struct Args {
    /// Seed of the game (pile draws and bot choices).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write the picture.
    #[arg(long, default_value = "moon-base.svg")]
    out: PathBuf,
    /// A board file (JSON, format "moon-base-board"); the placeholder board by default.
    #[arg(long)]
    board: Option<PathBuf>,
    /// Rounds to play, 1 to 6.
    #[arg(long, default_value_t = 6)]
    rounds: u8,
    /// Stop after this many seat actions (to picture a position mid-game).
    #[arg(long)]
    actions: Option<usize>,
    /// Random moves instead of the heuristic bot.
    #[arg(long)]
    random: bool,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let board = match &args.board {
        Some(path) => serde_json::from_str::<BoardSpec>(&std::fs::read_to_string(path)?)?,
        None => BoardSpec::placeholder_40(),
    };
    let config = Config {
        board,
        rounds: args.rounds,
        ..Config::default()
    };
    let mut session = Session::<MoonBase>::new(config, args.seed)?;
    let mut rng = GameRng::new(args.seed);
    let mut bot = HeuristicBot;
    let mut played = 0;
    while let ToAct::Seat(seat) = session.to_act() {
        if args.actions.is_some_and(|n| played >= n) {
            break;
        }
        let legal = session.legal_actions();
        let action = if args.random {
            legal[rng.below(legal.len() as u32) as usize]
        } else {
            let view = BotView::new(session.game(), session.state(), seat, &legal, false);
            bot.select(&view, &mut rng)
        };
        session.act(seat, &action)?;
        played += 1;
    }
    let game = session.game();
    let state = session.state();
    std::fs::write(&args.out, svg::board_svg(game, state))?;
    println!("{}", game.render_obs(state));
    if let Some(outcome) = game.outcome(state) {
        println!(
            "final scores {:?}, places {:?}",
            outcome.scores, outcome.places
        );
    }
    println!("wrote {}", args.out.display());
    Ok(())
}
