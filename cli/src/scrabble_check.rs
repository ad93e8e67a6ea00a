//! Checks Binary Scrabble equations typed on the command line.
//!
//! ```text
//! tabletop scrabble check "100 OR 1=101"      # valid 101, exit 0
//! tabletop scrabble check "1+1+1+1=10"        # invalid SidesDiffer[4,2], exit 1
//! tabletop scrabble check --left-to-right "1+1x10=100"
//! printf '1+1=10\n01=1\n' | tabletop scrabble check --batch
//! ```
//!
//! One equation: prints `valid <value in binary>` and exits 0, or prints
//! `invalid <error>` with the reason and exits 1. A usage error exits 2.
//!
//! With `--batch`, reads one equation per line from stdin and prints one
//! line per equation: `valid <value in binary>` or `invalid <Kind>@<token
//! index>` in the spec's notation (`invalid NoEquals` and
//! `invalid SidesDiffer[4,2]` carry no index; text that is not tokens gives
//! `invalid UnknownSymbol@<character index>`). It exits 0 once every line
//! is answered. The option flags apply to every equation.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use binary_scrabble_core::{Checker, Equation, EquationRules, LogicPrecedence, Precedence};
use clap::Parser;

/// Checks binary equations under the Binary Scrabble rules.
#[derive(Parser, Debug)]
#[command(about = "Check binary equations under the game's rules")]
pub struct Args {
    /// The equation, in the text form (`1+1=10`, `100 OR 1=101`).
    equation: Option<String>,
    /// Read one equation per line from stdin.
    #[arg(long)]
    batch: bool,
    /// T-1: evaluate each side strictly left to right.
    #[arg(long)]
    left_to_right: bool,
    /// T-2: ban `x` with a literal 1 and `/` by a literal 1.
    #[arg(long)]
    ban_mul1: bool,
    /// T-3: ban `+` with a literal 0 and `-` of a literal 0.
    #[arg(long)]
    ban_add0_sub0: bool,
    /// T-4: ban `AND` with a literal 1 and `OR`/`XOR` with a literal 0.
    #[arg(long)]
    ban_and1_or0: bool,
    /// T-5: allow negative intermediate values.
    #[arg(long)]
    negative_intermediates: bool,
    /// T-7: XOR is a token in play.
    #[arg(long)]
    xor: bool,
    /// T-15: boolean-algebra precedence (`x / AND` over `+ - OR XOR`).
    #[arg(long)]
    boolean_algebra: bool,
    /// T-16: NOT may follow a binary operator (off by default since the
    /// 2026-11-25 revision).
    #[arg(long)]
    not_after_binop: bool,
    /// T-18: ban operands whose value is their operation's identity.
    #[arg(long)]
    ban_neutral_terms: bool,
}

impl Args {
    fn rules(&self) -> EquationRules {
        EquationRules {
            precedence: if self.left_to_right {
                Precedence::LeftToRight
            } else {
                Precedence::Standard
            },
            logic_precedence: if self.boolean_algebra {
                LogicPrecedence::BooleanAlgebra
            } else {
                LogicPrecedence::CLike
            },
            ban_identity_mul1: self.ban_mul1,
            ban_identity_add0_sub0: self.ban_add0_sub0,
            ban_identity_and1_or0: self.ban_and1_or0,
            negative_intermediates: self.negative_intermediates,
            xor: self.xor,
            not_after_binop: self.not_after_binop,
            ban_neutral_terms: self.ban_neutral_terms,
        }
    }
}

/// `Ok(value)` or the error's code and its explanation.
fn judge(checker: &Checker, text: &str) -> Result<u64, (String, String)> {
    let eq: Equation = text
        .parse()
        .map_err(|e: binary_scrabble_core::ParseEquationError| {
            (format!("UnknownSymbol@{}", e.at), e.to_string())
        })?;
    checker
        .check(eq.tokens())
        .map_err(|e| (e.code(), e.to_string()))
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let checker = Checker::new(args.rules());
    match (&args.equation, args.batch) {
        (Some(text), false) => match judge(&checker, text) {
            Ok(v) => {
                println!("valid {v:b}");
                ExitCode::SUCCESS
            }
            Err((code, reason)) => {
                println!("invalid {code}");
                eprintln!("{reason}");
                ExitCode::from(1)
            }
        },
        (None, true) => {
            let stdin = std::io::stdin();
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for line in stdin.lock().lines() {
                let Ok(line) = line else {
                    eprintln!("bscrabble-check: stdin is not readable text");
                    return ExitCode::from(2);
                };
                let answer = match judge(&checker, line.trim_end_matches('\r')) {
                    Ok(v) => format!("valid {v:b}"),
                    Err((code, _)) => format!("invalid {code}"),
                };
                if writeln!(out, "{answer}").is_err() {
                    return ExitCode::from(2);
                }
            }
            if out.flush().is_err() {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        (Some(_), true) => {
            eprintln!("bscrabble-check: give an equation or --batch, not both");
            ExitCode::from(2)
        }
        (None, false) => {
            eprintln!("bscrabble-check: give an equation, or --batch to read stdin (see --help)");
            ExitCode::from(2)
        }
    }
}
