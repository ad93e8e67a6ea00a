//! The game-core conformance kit on several configs, with an extra check
//! that move generation and `check` agree on sampled stack positions.
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

use configs::configs;
use game_core::testkit::{check_with, determinize_conformance};
use game_core::{Game, GameRng, Seat, ToAct};
use moon_base_core::{Action, Config, MoonBase, Phase, RingId, State};

/// In placement, every stack that `check` accepts on a few sampled pairs
/// and lattice points (around and beyond the S3 box) is generated, and
/// every generated one is accepted: generation prunes S3b and the S4
/// exemption exactly as `check` does.
fn generation_agrees_with_check(
    g: &MoonBase,
    s: &State,
    rng: &mut GameRng,
) -> Result<(), (&'static str, String)> {
    let (Phase::Place { .. }, ToAct::Seat(seat)) = (s.phase, g.to_act(s)) else {
        return Ok(());
    };
    let mut legal = Vec::new();
    g.legal_actions(s, seat, &mut legal);
    let pieces: Vec<_> = s.hands[seat].pieces().collect();
    let n = s.rings.len() as u32;
    if n < 2 || pieces.is_empty() {
        return Ok(());
    }
    let step = i32::try_from(g.config().lattice_step_mm).unwrap_or(5);
    for _ in 0..4 {
        let (a, b) = (rng.below(n) as u16, rng.below(n) as u16);
        if a >= b {
            continue;
        }
        let piece = pieces[rng.below(pieces.len() as u32) as usize];
        let (ra, rb) = (s.rings[usize::from(a)], s.rings[usize::from(b)]);
        let (cx, cy) = (
            (ra.x + rb.x) / 2 / step * step,
            (ra.y + rb.y) / 2 / step * step,
        );
        for dx in -8..=8 {
            for dy in -8..=8 {
                let action = Action::Stack {
                    piece,
                    a: RingId(a),
                    b: RingId(b),
                    x: cx + dx * step,
                    y: cy + dy * step,
                };
                let accepted = g.check(s, seat, &action).is_ok();
                if accepted != legal.contains(&action) {
                    return Err((
                        "generation agrees with check",
                        format!("{action:?}: check {accepted}, generated {}", !accepted),
                    ));
                }
            }
        }
    }
    let _ = Seat(0);
    Ok(())
}

#[test]
fn kit_conformance_default_config() {
    game_core::testkit::conformance::<MoonBase>(&[Config::default()], 16);
}

/// The kit on every config, with `generation_agrees_with_check` on each
/// state.
#[test]
fn kit_conformance_variants() {
    if let Err(f) = check_with::<MoonBase>(&configs(), 64, &generation_agrees_with_check) {
        panic!("{f}");
    }
}

#[test]
fn determinize_conformance_variants() {
    determinize_conformance::<MoonBase>(&configs()[1..], 16);
}

#[test]
fn narration_conformance_variants() {
    game_core::testkit::narration_conformance::<MoonBase>(&configs()[1..], 8);
}

#[test]
fn scoped_conformance_variants() {
    game_core::testkit::scoped_conformance::<MoonBase>(&configs()[1..], 12);
}

#[test]
fn learning_conformance() {
    game_core::testkit::learning_conformance::<MoonBase>(&configs()[1..], 16);
}

#[test]
fn learning_view_sizes() {
    use game_core::{Game, Learning};
    let game = MoonBase::new(Config::default()).unwrap();
    let c = game.board().len() as u64;
    // RULES.md, "Learning view": 9 + 8 per crater + the stacking block
    // (6 pieces x 48 first supports x 27 x 27 offsets, 60 mm of reach in
    // 5 mm steps, x 4 second supports), and a tensor of 765 numbers plus 3
    // per crater.
    assert_eq!(
        game.num_distinct_actions(),
        9 + 8 * c + 6 * 48 * 27 * 27 * 4
    );
    assert_eq!(game.observation_len() as u64, 765 + 3 * c);
}

/// RULES.md's "Worked examples" table names a test for every worked
/// example of the spec, and every test it names exists.
#[test]
fn worked_examples_listed_in_rules_md() {
    game_core::testkit::check_worked_examples(env!("CARGO_MANIFEST_DIR"));
}
