//! `tabletop`: parses the command line and hands it to the library.

use clap::Parser;

fn main() -> std::process::ExitCode {
    tabletop_cli::run(tabletop_cli::Cli::parse())
}
