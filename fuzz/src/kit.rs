//! The kit target: the conformance kit's own cases, chosen by the fuzzer.
//!
//! [`run_case`] plays a whole seeded game with every check of the kit at
//! every step (pooled actions for every seat, leaks, serde, session,
//! replay, undo, logs); proptest feeds it random seeds and picks, the
//! fuzzer feeds it the ones that reach new code. A case is a whole game, so
//! this target runs far fewer inputs than the walks.

use game_core::Game;
use game_core::testkit::run_case;

use crate::Input;
use crate::configs::{BASE, MARKET, MOON, SCRABBLE};

/// Runs one fuzz input: game, config, seed, then one seat pick per byte.
///
/// # Panics
/// With the kit's failure report when a check fails.
pub fn kit(data: &[u8]) {
    let mut input = Input::new(data);
    match input.byte() % 4 {
        0 => case::<moon_core::Moon>(&MOON, &mut input),
        1 => case::<binary_scrabble_core::Scrabble>(&SCRABBLE, &mut input),
        2 => case::<market_island_core::MarketIsland>(&MARKET, &mut input),
        _ => case::<moon_base_core::MoonBase>(&BASE, &mut input),
    }
}

fn case<G: Game>(configs: &[G::Config], input: &mut Input<'_>) {
    let Some(config) = configs.get(input.below(configs.len())) else {
        return;
    };
    let seed = input.u64();
    let picks: Vec<u32> = input.rest().iter().map(|&b| u32::from(b)).collect();
    if let Err(failure) = run_case::<G>(config, seed, &picks, &|_, _, _| Ok(())) {
        panic!("{failure}");
    }
}
