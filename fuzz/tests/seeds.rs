//! Every committed seed input runs through its target's function without a
//! finding, on stable and without cargo-fuzz: the seeds and the driving
//! code stay in step.

use std::path::Path;
use std::sync::LazyLock;

use tabletop_fuzz::Table;

fn each_seed(target: &str, run: impl Fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        let data = std::fs::read(&path).expect("a seed file");
        eprintln!("{}", path.display());
        run(&data);
        count += 1;
    }
    assert!(count > 0, "no seeds in {}", dir.display());
}

#[test]
fn moon_seeds() {
    static TABLE: LazyLock<Table<moon_core::Moon>> =
        LazyLock::new(|| Table::new(tabletop_fuzz::moon()));
    each_seed("moon", |d| tabletop_fuzz::drive(&TABLE, d));
}

#[test]
fn binary_scrabble_seeds() {
    static TABLE: LazyLock<Table<binary_scrabble_core::Scrabble>> =
        LazyLock::new(|| Table::new(tabletop_fuzz::binary_scrabble()).fresh_lists(0));
    each_seed("binary_scrabble", |d| tabletop_fuzz::drive(&TABLE, d));
}

#[test]
fn market_island_seeds() {
    static TABLE: LazyLock<Table<market_island_core::MarketIsland>> =
        LazyLock::new(|| Table::new(tabletop_fuzz::market_island()).check_state_every(4));
    each_seed("market_island", |d| tabletop_fuzz::drive(&TABLE, d));
}

#[test]
fn moon_base_seeds() {
    static TABLE: LazyLock<Table<moon_base_core::MoonBase>> =
        LazyLock::new(|| Table::new(tabletop_fuzz::moon_base()));
    each_seed("moon_base", |d| tabletop_fuzz::drive(&TABLE, d));
}

#[test]
fn state_replay_seeds() {
    each_seed("state_replay", tabletop_fuzz::state_replay);
}

#[test]
fn serve_seeds() {
    each_seed("serve", tabletop_fuzz::serve);
}

#[test]
fn kit_seeds() {
    each_seed("kit", tabletop_fuzz::kit);
}
