//! Move generation against the predicates themselves: at every placement
//! turn of seeded random games, the placements listed are exactly those a
//! brute-force walk (every piece in hand on every crater, and on every
//! pair of rings at every lattice point S3 could allow, in canonical
//! order) finds `check_placement` accepting. The generator's shortcuts
//! (pair tables, lattice windows, their point-by-point fallbacks) must
//! never change what is legal or its order.

use game_core::{Game, GameRng, Seat, ToAct};
use moon_base_core::{
    Action, Colour, Config, CraterId, MoonBase, Phase, Piece, RingDim, RingDims, RingId, Size,
    State,
};

/// Every legal placement of `seat`'s hand in canonical order, by brute force.
fn brute_force(g: &MoonBase, s: &State, seat: usize) -> Vec<Action> {
    let hand = s.hands[game_core::Seat(seat as u8)];
    let mut out = Vec::new();
    for piece in Piece::ALL.into_iter().filter(|&p| hand.count(p) > 0) {
        for k in 0..g.board().len() {
            let a = Action::PlaceOnCrater {
                piece,
                crater: CraterId(k as u16),
            };
            if g.check_placement(s, &a).is_ok() {
                out.push(a);
            }
        }
    }
    let dims = g.config().ring_dims;
    let step = g.config().lattice_step_mm as i32;
    let n = s.rings.len();
    for size in Size::ALL {
        for colour in Colour::ALL {
            let piece = Piece::new(size, colour);
            if hand.count(piece) == 0 {
                continue;
            }
            for a in 0..n {
                for b in a + 1..n {
                    let (ra, rb) = (&s.rings[a], &s.rings[b]);
                    if ra.level != rb.level {
                        continue;
                    }
                    // S3 needs the point within r_new + r_a of a's centre.
                    let reach = (dims.of(size).inner_mm + dims.of(ra.piece.size).inner_mm) as i32;
                    let first = |v: i32| (v - reach).div_euclid(step) * step;
                    let mut x = first(ra.x);
                    while x <= ra.x + reach {
                        let mut y = first(ra.y);
                        while y <= ra.y + reach {
                            let act = Action::Stack {
                                piece,
                                a: RingId(a as u16),
                                b: RingId(b as u16),
                                x,
                                y,
                            };
                            if g.check_placement(s, &act).is_ok() {
                                out.push(act);
                            }
                            y += step;
                        }
                        x += step;
                    }
                }
            }
        }
    }
    out
}

/// Plays random games of `g` from each of `seeds` (the pick of
/// `random_action`, which is the listed draw), calling `at_turn` with the
/// state, the seat and the seed before each of a seat's turns.
fn play_random_games(
    g: &MoonBase,
    seeds: std::ops::Range<u64>,
    mut at_turn: impl FnMut(&State, Seat, u64),
) {
    let (mut scratch, mut chances) = (Vec::new(), Vec::new());
    for seed in seeds {
        let mut s = g.initial_state();
        let mut rng = GameRng::new(seed);
        loop {
            match g.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = g.random_chance(&s, &mut rng, &mut chances).expect("chance");
                    g.apply_chance(&mut s, &c).expect("listed chance");
                }
                ToAct::Seat(seat) => {
                    at_turn(&s, seat, seed);
                    let a = g
                        .random_action(&s, seat, &mut rng, &mut scratch)
                        .expect("an action");
                    g.apply(&mut s, seat, &a).expect("legal");
                }
            }
        }
    }
}

/// Plays `seeds` random games of `g`, comparing at every placement turn.
fn compare(g: &MoonBase, seeds: std::ops::Range<u64>) -> usize {
    let mut compared = 0;
    let mut listed = Vec::new();
    play_random_games(g, seeds, |s, seat, seed| {
        if matches!(s.phase, Phase::Place { .. }) {
            g.legal_actions(s, seat, &mut listed);
            let mut want = brute_force(g, s, seat.index());
            if want.is_empty() {
                want.push(Action::Pass);
            }
            assert_eq!(listed, want, "seed {seed}, {} rings", s.rings.len());
            compared += 1;
        }
    });
    compared
}

#[test]
fn default_game_lists_what_the_predicates_accept() {
    let g = MoonBase::new(Config::default()).expect("default");
    assert!(compare(&g, 0..6) > 200);
}

#[test]
fn version_one_rules_list_what_their_predicates_accept() {
    let g = MoonBase::with_rules_version(Config::default(), 1).expect("version 1");
    assert!(compare(&g, 10..12) > 60);
}

/// A fine lattice: pair boxes too big for the lattice windows and the
/// blocked-point bitsets, so the point-by-point paths run.
#[test]
fn a_fine_lattice_takes_the_point_by_point_paths() {
    let g = MoonBase::new(Config {
        lattice_step_mm: 2,
        rounds: 2,
        ..Config::default()
    })
    .expect("step 2");
    assert!(compare(&g, 20..21) > 10);
}

/// Odd ring sizes and lattice step: other discs, other tables.
#[test]
fn odd_ring_sizes_list_what_the_predicates_accept() {
    let g = MoonBase::new(Config {
        ring_dims: RingDims {
            large: RingDim {
                outer_mm: 31,
                inner_mm: 23,
            },
            small: RingDim {
                outer_mm: 19,
                inner_mm: 16,
            },
        },
        lattice_step_mm: 7,
        tower_radius_mm: 4,
        rounds: 4,
        ..Config::default()
    })
    .expect("odd sizes");
    assert!(compare(&g, 30..34) > 80);
}

/// The positions kept between calls (and updated ring by ring) against
/// a rules object that computes each board afresh, over many games.
#[test]
fn kept_positions_match_a_fresh_generation() {
    for config in [
        Config::default(),
        Config {
            tower_radius_mm: 0,
            lattice_step_mm: 4,
            ..Config::default()
        },
    ] {
        let g = MoonBase::new(config).expect("config");
        let fresh = g.clone();
        let empty = g.initial_state();
        let (mut listed, mut want) = (Vec::new(), Vec::new());
        let mut compared = 0;
        play_random_games(&g, 100..140, |s, seat, seed| {
            if matches!(s.phase, Phase::Place { .. }) {
                g.legal_actions(s, seat, &mut listed);
                // Another board first, so `fresh` scans this one whole.
                fresh.placements(&empty, &s.hands[seat], &mut want);
                fresh.legal_actions(s, seat, &mut want);
                assert_eq!(listed, want, "seed {seed}, {} rings", s.rings.len());
                compared += 1;
            }
        });
        assert!(compared > 1000, "{compared} turns compared");
    }
}

/// `can_place` (crater targets and stack counts read from the kept board)
/// says yes exactly when a fresh rules object lists a placement, for
/// both seats' hands on every placement board of seeded random games.
#[test]
fn can_place_agrees_with_a_fresh_listing() {
    let g = MoonBase::new(Config::default()).expect("config");
    let fresh = g.clone();
    let empty = g.initial_state();
    let mut listed = Vec::new();
    let (mut yes, mut no) = (0, 0);
    play_random_games(&g, 200..230, |s, _, seed| {
        if matches!(s.phase, Phase::Place { .. }) {
            for hand in [s.hands[Seat(0)], s.hands[Seat(1)]] {
                // Another board first, so `fresh` scans this one whole.
                fresh.placements(&empty, &hand, &mut listed);
                fresh.placements(s, &hand, &mut listed);
                let can = g.can_place(s, &hand);
                assert_eq!(can, !listed.is_empty(), "seed {seed}, {hand:?}");
                if can { yes += 1 } else { no += 1 }
            }
        }
    });
    assert!(yes > 500 && no > 20, "{yes} yes, {no} no");
}
