//! The command line's shape: what each spelling parses to, and the help
//! and completions it prints.

use clap::{CommandFactory, Parser};

use crate::{Cli, Command, MoonBaseTool, MoonTool, ScrabbleTool};

#[test]
fn the_command_definition_is_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn no_command_plays_with_the_arguments_given() {
    let cli = Cli::try_parse_from(["tabletop", "--game", "moon-base", "--plain"]).unwrap();
    assert!(cli.command.is_none());
    assert_eq!(cli.play.game, "moon-base");
    assert!(cli.play.plain);
    let bare = Cli::try_parse_from(["tabletop"]).unwrap();
    assert!(bare.command.is_none());
    assert_eq!(bare.play.game, "moon");
}

#[test]
fn play_arguments_do_not_mix_with_another_command() {
    assert!(Cli::try_parse_from(["tabletop", "--game", "moon", "serve"]).is_err());
}

#[test]
fn game_tools_are_nested_under_their_game() {
    let cli = Cli::try_parse_from([
        "tabletop", "moon", "solve", "0001", "0000", "0000", "0000", "0110",
    ]);
    assert!(matches!(
        cli.unwrap().command,
        Some(Command::Moon(MoonTool::Solve(_)))
    ));
    let cli = Cli::try_parse_from(["tabletop", "scrabble", "check", "1+1=10"]).unwrap();
    assert!(matches!(
        cli.command,
        Some(Command::Scrabble(ScrabbleTool::Check(_)))
    ));
    let cli = Cli::try_parse_from(["tabletop", "moon-base", "svg", "--seed", "3"]).unwrap();
    assert!(matches!(
        cli.command,
        Some(Command::MoonBase(MoonBaseTool::Svg(_)))
    ));
    assert!(Cli::try_parse_from(["tabletop", "moon", "svg"]).is_err());
}

/// Every command a user can reach says how to use it by example.
#[test]
fn every_command_help_shows_an_example() {
    fn walk(command: &mut clap::Command, path: &str, missing: &mut Vec<String>) {
        let name = format!("{path} {}", command.get_name());
        let is_group = command.get_subcommands().next().is_some()
            && !command.is_args_conflicts_with_subcommands_set();
        let help = command.render_long_help().to_string();
        if !is_group && !help.contains("Example") && command.get_name() != "help" {
            missing.push(name.clone());
        }
        for sub in command.get_subcommands_mut() {
            walk(sub, &name, missing);
        }
    }
    let mut missing = Vec::new();
    walk(&mut Cli::command(), "", &mut missing);
    assert!(missing.is_empty(), "no example in the help of: {missing:?}");
}

#[test]
fn bash_completions_name_every_command() {
    let mut out = Vec::new();
    clap_complete::generate(
        clap_complete::Shell::Bash,
        &mut Cli::command(),
        "tabletop",
        &mut out,
    );
    let text = String::from_utf8(out).unwrap();
    for word in [
        "play", "serve", "arena", "replay", "web", "solve", "leaves", "ledger", "svg",
    ] {
        assert!(text.contains(word), "completions lack {word}");
    }
}
