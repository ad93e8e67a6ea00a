//! The game-core conformance kit on many configurations of both modes.

mod configs;

use configs::{comp_configs, coop_configs};
use game_core::testkit::{conformance, determinize_conformance, learning_conformance};
use moon_core::Moon;

#[test]
fn conformance_cooperative() {
    conformance::<Moon>(&coop_configs(), 48);
}

#[test]
fn conformance_competitive() {
    conformance::<Moon>(&comp_configs(), 48);
}

#[test]
fn determinize_conformance_both_modes() {
    let mut configs = coop_configs();
    configs.truncate(4);
    configs.extend(comp_configs());
    determinize_conformance::<Moon>(&configs, 32);
}

#[test]
fn learning_view_conforms_in_both_modes() {
    let mut configs = coop_configs();
    configs.extend(comp_configs());
    learning_conformance::<Moon>(&configs, 32);
}
