//! The MOON solver on the command line: the least energy that brings
//! register A to a goal, and one cheapest plan (M-53, M-54).
//!
//! ```text
//! tabletop moon solve 0001 0000 0000 0000 0110
//! tabletop moon solve --disable-regs B 1111 0011 0100 1000 0011
//! printf '0001 0000 0000 0000 0110\n1111 0011 0100 1000 0011\n' \
//!     | tabletop moon solve --batch
//! ```
//!
//! Values are binary digits; their number sets the width (4 to 8). With
//! `--batch`, each stdin line is `<A> <B> <C> <D> <goal>` and each output
//! line the least cost in half-units, `unreachable`, or `error <reason>`
//! (the batch goes on). Costs, operations, disabled registers and kinds,
//! RAM and budget come from the flags; defaults: cooperative costs, the
//! base nine operations, nothing disabled, no RAM.

use std::io::{BufRead, Write};

use clap::Parser;
use moon_core::{
    ALL_OPS, BASE_OPS, CostTable, Energy, FIRST_GAME_OPS, KICKSTARTER_OPS, Mode, OpKind, OpSet,
    Reg, RegSet, Solver, SolverQuery, bits, parse_bits,
};

/// Cheapest MOON operation plans from a register state to a goal.
#[derive(Parser, Debug)]
#[command(about = "Cheapest MOON operation plans from a register state to a goal")]
pub struct Args {
    /// Cost table: coop, comp, coop-card-art or comp-card-art.
    #[arg(long, default_value = "coop")]
    costs: String,
    /// Operations: base, kickstarter, all, first, or a comma list (INC,ROL,XOR).
    #[arg(long, default_value = "base")]
    ops: String,
    /// Disabled registers, comma separated (B,C,D).
    #[arg(long, default_value = "")]
    disable_regs: String,
    /// Disabled operations, comma separated (ROL,NOT,XOR).
    #[arg(long, default_value = "")]
    disable_ops: String,
    /// The seat's RAM, in binary digits of the query's width.
    #[arg(long)]
    ram: Option<String>,
    /// Forbid MOV r,r and XCHG r,r.
    #[arg(long)]
    forbid_self_mov: bool,
    /// Give up above this many half-units.
    #[arg(long)]
    budget: Option<u16>,
    /// Read one query per stdin line and print one result per line.
    #[arg(long)]
    batch: bool,
    /// A B C D GOAL, in binary digits of one width.
    values: Vec<String>,
}

/// Everything but the registers and the goal.
struct Rules {
    costs: CostTable,
    operations: OpSet,
    disabled_regs: RegSet,
    disabled_ops: OpSet,
    ram: Option<String>,
    forbid_self_mov: bool,
    budget: Option<Energy>,
}

/// Runs the command; an error is one line for the user.
///
/// # Errors
/// Bad options or input, said in words.
pub fn run(args: &Args) -> Result<(), String> {
    let rules = rules(args)?;
    if args.batch {
        if !args.values.is_empty() {
            return Err("--batch reads queries from stdin; give no values".into());
        }
        return batch(&rules);
    }
    let words: Vec<&str> = args.values.iter().map(String::as_str).collect();
    let q = query(&rules, &words)?;
    let answer = moon_core::min_energy_plan(&q).map_err(|e| e.to_string())?;
    let show = |regs: &[u8; 4], ram: Option<u8>| {
        let mut t = format!(
            "A={} B={} C={} D={}",
            bits(regs[0], q.width),
            bits(regs[1], q.width),
            bits(regs[2], q.width),
            bits(regs[3], q.width)
        );
        if let Some(r) = ram {
            t.push_str(&format!(" RAM={}", bits(r, q.width)));
        }
        t
    };
    println!(
        "{} bits: {}  goal A={}",
        q.width,
        show(&q.regs, q.ram),
        bits(q.goal, q.width)
    );
    let Some((cost, plan)) = answer else {
        println!("unreachable");
        return Ok(());
    };
    println!(
        "minimal cost: {cost} ({} half-units), {} operation(s)",
        cost.0,
        plan.len()
    );
    let mut regs = q.regs;
    let mut ram = q.ram;
    for (i, op) in plan.iter().enumerate() {
        op.apply(&mut regs, ram.as_mut(), q.width);
        let price = q.costs.get(op.kind());
        println!(
            "{:3}. {:<10} {:>4}   {}",
            i + 1,
            op.to_string(),
            price.to_string(),
            show(&regs, ram)
        );
    }
    Ok(())
}

fn batch(rules: &Rules) -> Result<(), String> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut solver = Solver::new();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let result =
            query(rules, &words).and_then(|q| solver.min_energy(&q).map_err(|e| e.to_string()));
        let text = match result {
            Ok(Some(cost)) => cost.0.to_string(),
            Ok(None) => "unreachable".to_owned(),
            Err(reason) => format!("error {reason}"),
        };
        writeln!(out, "{text}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// One query from `A B C D GOAL` words.
fn query(rules: &Rules, words: &[&str]) -> Result<SolverQuery, String> {
    if words.len() != 5 {
        return Err(format!(
            "expected 5 values (A B C D goal), got {}",
            words.len()
        ));
    }
    let mut width = None;
    let mut values = [0u8; 5];
    for (i, w) in words.iter().enumerate() {
        let (v, n) = parse_bits(w).ok_or_else(|| format!("{w:?} is not binary digits"))?;
        if !(4..=8).contains(&n) {
            return Err(format!("{w:?} has {n} digits; widths are 4 to 8"));
        }
        if width.is_some_and(|m| m != n) {
            return Err(format!("{w:?} has {n} digits, not {}", width.unwrap_or(n)));
        }
        width = Some(n);
        values[i] = v;
    }
    let width = width.unwrap_or(4);
    let ram = match &rules.ram {
        Some(text) => {
            let (v, n) =
                parse_bits(text).ok_or_else(|| format!("RAM {text:?} is not binary digits"))?;
            if n != width {
                return Err(format!("RAM {text:?} has {n} digits, not {width}"));
            }
            Some(v)
        }
        None => None,
    };
    Ok(SolverQuery {
        width,
        regs: [values[0], values[1], values[2], values[3]],
        ram,
        goal: values[4],
        costs: rules.costs,
        operations: rules.operations,
        disabled_regs: rules.disabled_regs,
        disabled_ops: rules.disabled_ops,
        forbid_self_mov: rules.forbid_self_mov,
        budget: rules.budget,
    })
}

fn list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|w| !w.is_empty())
}

fn kinds(text: &str) -> Result<OpSet, String> {
    list(text)
        .map(|w| OpKind::from_name(w).ok_or_else(|| format!("no operation {w:?}")))
        .collect::<Result<Vec<_>, _>>()
        .map(OpSet::of)
}

fn rules(args: &Args) -> Result<Rules, String> {
    let costs = match args.costs.as_str() {
        "coop" => CostTable::for_mode(Mode::Cooperative),
        "comp" => CostTable::for_mode(Mode::Competitive),
        "coop-card-art" => CostTable::card_art(Mode::Cooperative),
        "comp-card-art" => CostTable::card_art(Mode::Competitive),
        other => {
            return Err(format!(
                "--costs {other:?}: use coop, comp, coop-card-art or comp-card-art"
            ));
        }
    };
    let operations = match args.ops.to_ascii_lowercase().as_str() {
        "base" => OpSet::of(BASE_OPS),
        "kickstarter" => OpSet::of(KICKSTARTER_OPS),
        "all" => OpSet::of(ALL_OPS),
        "first" => OpSet::of(FIRST_GAME_OPS),
        _ => kinds(&args.ops)?,
    };
    let mut disabled_regs = RegSet::EMPTY;
    for w in list(&args.disable_regs) {
        let reg = match w.to_ascii_uppercase().as_str() {
            "A" => Reg::A,
            "B" => Reg::B,
            "C" => Reg::C,
            "D" => Reg::D,
            _ => return Err(format!("no register {w:?}")),
        };
        disabled_regs = disabled_regs.with(reg);
    }
    Ok(Rules {
        costs,
        operations,
        disabled_regs,
        disabled_ops: kinds(&args.disable_ops)?,
        ram: args.ram.clone(),
        forbid_self_mov: args.forbid_self_mov,
        budget: args.budget.map(Energy),
    })
}
