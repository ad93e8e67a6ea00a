//! The game-core conformance kit on many configurations of both modes.
//!
//! Every game crate names its kit runs alike: `kit_conformance_<configs>`
//! (the kit, with any extra per-state check), `determinize_conformance_<configs>`,
//! `scoped_conformance_<configs>` (what a viewer is told, see
//! `game_core::testkit::scoped_check`), `narration_conformance_<configs>`
//! (sentences tell no more than the viewer's log, see
//! `game_core::testkit::narration_check`),
//! `learning_conformance` and `learning_view_sizes`, and
//! `worked_examples_listed_in_rules_md` (the kit's check of the RULES.md index).

use crate::configs;

use configs::{comp_configs, coop_configs};
use game_core::testkit::{conformance, determinize_conformance};
use moon_core::{Config, Difficulty, Moon, V1Level};

#[test]
fn kit_conformance_default_config() {
    conformance::<Moon>(&[Config::default()], 16);
}

#[test]
fn kit_conformance_cooperative() {
    conformance::<Moon>(&coop_configs(), 48);
}

#[test]
fn kit_conformance_competitive() {
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
fn narration_conformance_both_modes() {
    let mut configs = coop_configs();
    configs.truncate(4);
    configs.extend(comp_configs());
    configs.push(Config {
        ram_hidden: true,
        ..Config::v1_competitive(&[V1Level::Novice, V1Level::Novice], 4)
    });
    game_core::testkit::narration_conformance::<Moon>(&configs, 16);
}

#[test]
fn scoped_conformance_both_modes() {
    let mut configs = coop_configs();
    configs.extend(comp_configs());
    // Hidden RAM in the V1 competitive game, where RAM writes are frequent:
    // the check must see writes from registers of different values.
    configs.push(Config {
        ram_hidden: true,
        ..Config::v1_competitive(&[V1Level::Novice, V1Level::Novice], 4)
    });
    game_core::testkit::scoped_conformance::<Moon>(&configs, 32);
}

#[test]
fn learning_conformance() {
    let mut configs = coop_configs();
    configs.extend(comp_configs());
    game_core::testkit::learning_conformance::<Moon>(&configs, 32);
}

#[test]
fn learning_view_sizes() {
    use game_core::{Game, Learning};
    // RULES.md, "Learning view": 428 action indices and 507 numbers, the
    // same for every config.
    for config in [Config::default(), Config::competitive(4, Difficulty::Hard)] {
        let game = Moon::new(config).unwrap();
        assert_eq!(game.num_distinct_actions(), 428);
        assert_eq!(game.observation_len(), 507);
    }
}

/// RULES.md's "Worked examples" table names a test for every worked
/// example of the spec, and every test it names exists.
#[test]
fn worked_examples_listed_in_rules_md() {
    game_core::testkit::check_worked_examples(env!("CARGO_MANIFEST_DIR"));
}
