//! Rules versions (§ "Revised 2026-11-25"): the engine plays version 2 and
//! still builds the rules of version 1 for old replays; both versions'
//! move generation agrees with their `check` on dense random positions
//! where S3b and the S4 exemption bind.

use crate::common;

use common::*;
use game_core::{Error, Game, GameRng, Seat};
use moon_base_core::{
    Action, BoardSpec, Colour, Config, CraterSpec, MoonBase, MoonBaseError, Size, State,
};

#[test]
fn the_engine_plays_version_2_and_builds_version_1_for_old_replays() {
    assert_eq!(MoonBase::RULES_VERSION, 2);
    assert_eq!(MoonBase::OLDEST_RULES_VERSION, 1);
    let g = MoonBase::new(Config::default()).unwrap();
    assert_eq!(g.rules_version(), 2);
    for version in [1, 2] {
        let g = MoonBase::with_rules_version(Config::default(), version).unwrap();
        assert_eq!(g.rules_version(), version);
    }
    for version in [0, 3, u32::MAX] {
        let e = MoonBase::with_rules_version(Config::default(), version).unwrap_err();
        assert!(
            matches!(&e, MoonBaseError::Core(Error::Config(c)) if c.field == "rules_version"),
            "{e}"
        );
    }
    // A bad config is still refused under version 1.
    assert_eq!(
        MoonBase::with_rules_version(
            Config {
                rounds: 0,
                ..Config::default()
            },
            1
        )
        .unwrap_err(),
        MoonBaseError::BadRounds { rounds: 0 }
    );
}

/// A random board of `n` craters, mostly small, close together and off the
/// lattice, with an explicit empty overlap list so every crater takes a
/// ring: small rings then sit inside large openings and large rings drop
/// around small ones, so S3b and the S4 exemption bind often.
fn dense_board(rng: &mut GameRng, n: usize) -> BoardSpec {
    let mut craters = vec![CraterSpec {
        id: "Z".into(),
        size: Size::Large,
        x: 300,
        y: 300,
    }];
    while craters.len() < n {
        let size = if rng.below(4) == 0 {
            Size::Large
        } else {
            Size::Small
        };
        let (x, y) = (i64::from(rng.below(120)), i64::from(rng.below(120)));
        if craters.iter().any(|c| c.x == x && c.y == y) {
            continue;
        }
        craters.push(CraterSpec {
            id: format!("C{}", craters.len()),
            size,
            x,
            y,
        });
    }
    BoardSpec {
        craters,
        overlaps: Some(vec![]),
        ..BoardSpec::scratch(300, 300, &[])
    }
}

/// What the exhaustive comparison saw, to show the rules were exercised.
#[derive(Default, Debug)]
struct Seen {
    compared: usize,
    rim_refused: usize,
    exempt: usize,
}

/// Every stack of the hand's pieces on every same-level pair, at every
/// lattice point of a box wider than S3 allows: `check_placement` accepts
/// it exactly when `placements` lists it.
fn compare_all(g: &MoonBase, s: &State, seen: &mut Seen) {
    let pieces = [piece(L, Colour::Gold), piece(S, Colour::Gold)];
    let generated = placements(g, s, &pieces);
    let old = g.rules_version() == 1;
    for a in 0..s.rings.len() {
        for b in a + 1..s.rings.len() {
            let (ra, rb) = (s.rings[a], s.rings[b]);
            if ra.level != rb.level {
                continue;
            }
            let (x0, x1) = (ra.x.min(rb.x) - 45, ra.x.max(rb.x) + 45);
            let (y0, y1) = (ra.y.min(rb.y) - 45, ra.y.max(rb.y) + 45);
            for x in (x0.div_euclid(5) * 5..=x1).step_by(5) {
                for y in (y0.div_euclid(5) * 5..=y1).step_by(5) {
                    for p in pieces {
                        let action = stack(p, a as u16, b as u16, x, y);
                        let verdict = g.check_placement(s, &action);
                        assert_eq!(
                            verdict.is_ok(),
                            generated.contains(&action),
                            "version {}: {action:?} {verdict:?}",
                            g.rules_version()
                        );
                        seen.compared += 1;
                        if matches!(verdict, Err(MoonBaseError::NoRimContact { .. })) {
                            seen.rim_refused += 1;
                        }
                        if !old
                            && verdict.is_ok()
                            && matches!(
                                v1_of(g).check_placement(s, &action),
                                Err(MoonBaseError::ThirdSupport { .. })
                            )
                        {
                            seen.exempt += 1;
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn generation_agrees_with_check_under_both_versions_where_s3b_and_s4_bind() {
    let mut rng = GameRng::new(2026);
    let mut seen = [Seen::default(), Seen::default()];
    for _ in 0..16 {
        let g = game_on(dense_board(&mut rng, 10));
        let mut s = sandbox(&g, "Z");
        for k in 1..g.board().len() {
            let size = g
                .board()
                .crater(moon_base_core::CraterId(k as u16))
                .unwrap()
                .size;
            let on = Action::PlaceOnCrater {
                piece: piece(size, Colour::Gold),
                crater: moon_base_core::CraterId(k as u16),
            };
            if g.check_placement(&s, &on).is_ok() {
                put(&g, &mut s, on);
            }
        }
        // A few level-2 rings too, chosen among the legal stacks.
        for _ in 0..3 {
            let stacks: Vec<Action> = placements(&g, &s, &[lg(), piece(S, Colour::Gold)])
                .into_iter()
                .filter(|a| matches!(a, Action::Stack { .. }))
                .collect();
            if stacks.is_empty() {
                break;
            }
            let a = stacks[rng.below(stacks.len() as u32) as usize];
            put(&g, &mut s, a);
        }
        for (i, rules) in [v1_of(&g), g.clone()].iter().enumerate() {
            compare_all(rules, &s, &mut seen[i]);
        }
    }
    let [v1, v2] = seen;
    assert!(v1.compared > 10_000, "{v1:?}");
    assert_eq!(v1.rim_refused, 0, "version 1 has no S3b");
    assert!(v2.rim_refused > 0, "S3b bound somewhere: {v2:?}");
    assert!(v2.exempt > 0, "the S4 exemption bound somewhere: {v2:?}");
    let _ = Seat(0);
}
