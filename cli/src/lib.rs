//! The `tabletop` command: one program for every front end and tool of the
//! workspace.
//!
//! ```text
//! cargo run --release                       # from the workspace root: tabletop play
//! cargo install --path cli                  # puts `tabletop` on the PATH
//! tabletop play --game moon-base --plain    # the terminal game
//! tabletop serve                            # JSON lines on stdin/stdout
//! tabletop arena --game pig --bots mcts,random --games 200
//! tabletop completions bash > tabletop.bash
//! ```
//!
//! With no subcommand, the arguments are `play`'s, so `cargo run --release
//! -- --game market-island` starts that game. [`Cli`] is the whole command
//! line (clap derive); `main.rs` parses it and calls [`run`], so tests reach
//! every command without spawning the binary. The terminal game lives in
//! `tabletop-tui` and the web server in `tabletop-server`: this crate only
//! parses and dispatches.

// Each command's module is the program it was as an example: its own
// argument struct, its own `run`, and the doc that says what it does.
pub mod arena;
pub mod island_ledger;
pub mod moon_balance;
pub mod moon_base_svg;
pub mod moon_solve;
pub mod replay;
pub mod scrabble_check;
pub mod scrabble_leaves;
pub mod serve;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use tabletop_server::{ServerArgs, WebArgs};
use tabletop_tui::PlayArgs;

/// The command line of `tabletop`.
#[derive(Parser, Debug)]
#[command(
    name = "tabletop",
    version,
    about = "Rules engines for four educational tabletop games: play, serve, measure and inspect them",
    args_conflicts_with_subcommands = true,
    after_help = "With no command, plays in the terminal (the arguments are `play`'s).\n\nExamples:\n  tabletop                               # the terminal game: solo MOON\n  tabletop --game binary-scrabble --bots greedy\n  tabletop arena --game pig --bots mcts,random --games 200\n  tabletop help moon solve"
)]
pub struct Cli {
    /// What to do; `play` when left out.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `play`'s arguments, when no command is named.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The commands of `tabletop`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game in the terminal against bots, hot seat, or watch bots.
    #[command(
        after_help = "Examples:\n  tabletop play --game binary-scrabble --bots greedy\n  tabletop play --game moon-base --seat 0,1   # hot seat\n  tabletop play --game market-island --watch\n  tabletop play --load moon-1.replay.json\n  tabletop play --game moon-base --plain      # line mode, for scripts"
    )]
    Play(PlayArgs),
    /// Serve every game as JSON lines on stdin/stdout (docs/protocol.md).
    #[command(
        after_help = "Example:\n  echo '{\"cmd\":\"new\",\"game\":\"pig\",\"seed\":\"7\"}' | tabletop serve"
    )]
    Serve(serve::Args),
    /// Measure bot strength over paired, seeded games (Elo, SPRT).
    #[command(
        after_help = "Examples:\n  tabletop arena --game pig --bots 'mcts(iters=200),random' --sprt gain\n  tabletop arena --game moon-base --bots heuristic,mcts,random --games 600\n  tabletop arena --list-bots --game binary-scrabble"
    )]
    Arena(arena::Args),
    /// Verify a replay file and print it or step through it.
    #[command(
        after_help = "Examples:\n  tabletop replay game.json --print\n  tabletop replay game.json --viewer 1\n  tabletop replay --html game.json > game.html"
    )]
    Replay(replay::Args),
    /// Serve the browser page (every game, the serve protocol over WebSockets).
    #[command(
        after_help = "Example:\n  tabletop web --addr 127.0.0.1:9000   # then open http://127.0.0.1:9000/"
    )]
    Web(WebArgs),
    /// Run the match server: a lobby, seat tokens, matches stored in SQLite
    /// or PostgreSQL, players on different devices (docs/server.md).
    Server(ServerArgs),
    /// MOON's tools: the solver and the difficulty balance.
    #[command(subcommand)]
    Moon(MoonTool),
    /// Binary Scrabble's tools: the equation checker and the leave table.
    #[command(subcommand)]
    Scrabble(ScrabbleTool),
    /// Market Island's tools: the ledger of a seeded game.
    #[command(subcommand)]
    Island(IslandTool),
    /// Moon Base's tools: a seeded game drawn as SVG.
    #[command(name = "moon-base", subcommand)]
    MoonBase(MoonBaseTool),
    /// Print shell completions for `tabletop` (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example:\n  tabletop completions bash > ~/.local/share/bash-completion/completions/tabletop"
    )]
    Completions {
        /// The shell to write completions for.
        shell: clap_complete::Shell,
    },
}

/// `tabletop moon ...`.
#[derive(Subcommand, Debug)]
pub enum MoonTool {
    /// The least energy that brings register A to a goal, and a plan (M-53, M-54).
    #[command(
        after_help = "Examples:\n  tabletop moon solve 0001 0000 0000 0000 0110\n  printf '0001 0000 0000 0000 0110\\n' | tabletop moon solve --batch"
    )]
    Solve(moon_solve::Args),
    /// Win rate and length of co-op games per difficulty, solver bot.
    #[command(after_help = "Example:\n  tabletop moon balance --games 200 --width 6")]
    Balance(moon_balance::Args),
}

/// `tabletop scrabble ...`.
#[derive(Subcommand, Debug)]
pub enum ScrabbleTool {
    /// Is a binary equation true under the game's rules?
    #[command(
        after_help = "Examples:\n  tabletop scrabble check \"100 OR 1=101\"\n  printf '1+1=10\\n01=1\\n' | tabletop scrabble check --batch"
    )]
    Check(scrabble_check::Args),
    /// Learn the leave table by self-play.
    #[command(
        after_help = "Example:\n  tabletop scrabble leaves --games 4000 --rounds 1 --out binary-scrabble-core/data/leaves.txt"
    )]
    Leaves(scrabble_leaves::Args),
}

/// `tabletop island ...`.
#[derive(Subcommand, Debug)]
pub enum IslandTool {
    /// Play a seeded game, print its ledger, verify it, catch a tampered copy.
    #[command(
        after_help = "Examples:\n  tabletop island ledger --seats 4 --seed 7\n  tabletop island ledger --seats 3 --seed 1 --tamper 1"
    )]
    Ledger(island_ledger::Args),
}

/// `tabletop moon-base ...`.
#[derive(Subcommand, Debug)]
pub enum MoonBaseTool {
    /// Play a seeded game and draw it as SVG.
    #[command(after_help = "Example:\n  tabletop moon-base svg --seed 7 --out moon-base.svg")]
    Svg(moon_base_svg::Args),
}

/// Runs the command `cli` names and says how the process should exit.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => play(&cli.play),
        Some(command) => run_command(command),
    }
}

fn run_command(command: Command) -> ExitCode {
    match command {
        Command::Play(args) => play(&args),
        Command::Serve(args) => {
            serve::run(args);
            ExitCode::SUCCESS
        }
        Command::Arena(args) => report(arena::run(&args)),
        Command::Replay(args) => report(replay::run(&args)),
        Command::Web(args) => report(tabletop_server::run(args)),
        Command::Server(args) => report(tabletop_server::run_server(args)),
        Command::Moon(MoonTool::Solve(args)) => report(moon_solve::run(&args)),
        Command::Moon(MoonTool::Balance(args)) => report(moon_balance::run(&args)),
        Command::Scrabble(ScrabbleTool::Check(args)) => scrabble_check::run(args),
        Command::Scrabble(ScrabbleTool::Leaves(args)) => report(scrabble_leaves::run(args)),
        Command::Island(IslandTool::Ledger(args)) => {
            island_ledger::run(args);
            ExitCode::SUCCESS
        }
        Command::MoonBase(MoonBaseTool::Svg(args)) => report(moon_base_svg::run(args)),
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "tabletop",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
    }
}

/// The terminal game; its errors are one line (exit code 2).
fn play(args: &PlayArgs) -> ExitCode {
    report(tabletop_tui::run(args))
}

/// Prints an error as one line on stderr and exits 2; success exits 0.
fn report<E: std::fmt::Display>(result: Result<(), E>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests;
