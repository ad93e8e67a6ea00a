//! The worked examples W-1 to W-21 of §10, one test each (W-8 to W-10,
//! pure scoring, are also unit tests of `scoring.rs`). W-18 to W-21 came
//! with the revision of 2026-11-25; where they give a count "without S3b"
//! or "before the exemption", the rules object of version 1 shows it.

use crate::common;

use common::*;
use game_core::{Game, Seat, ToAct};
use moon_base_core::{
    Action, BaseRule, Board, BoardSpec, Colour, Config, ConnectedRule, CraterId, Hand, Host,
    MoonBase, MoonBaseError, PassRule, Phase, ResourceBase, RingDims, RingId, State,
    connected_values,
};

fn gold(size: moon_base_core::Size) -> moon_base_core::Piece {
    piece(size, Colour::Gold)
}
fn silver(size: moon_base_core::Size) -> moon_base_core::Piece {
    piece(size, Colour::Silver)
}
fn navy(size: moon_base_core::Size) -> moon_base_core::Piece {
    piece(size, Colour::Navy)
}

/// Puts the sandbox into placement with the given hands and turn count.
fn placing(s: &mut State, to_move: u8, turns: u8, hands: [&[moon_base_core::Piece]; 2]) {
    s.hands[Seat(0)] = hand(hands[0]);
    s.hands[Seat(1)] = hand(hands[1]);
    s.phase = Phase::Place {
        to_move: Seat(to_move),
        turns,
    };
}

fn legal(g: &MoonBase, s: &State, seat: u8) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(s, Seat(seat), &mut out);
    out
}

#[test]
fn w1_visible_space() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    put(&g, &mut s, on_crater(&g, lg(), "B"));
    let mut t = s.clone();
    let r = put(&g, &mut t, stack(lg(), 0, 1, 30, 0));
    assert_eq!(t.ring(r).unwrap().level, 2);
    assert_eq!(try_place(&g, &s, stack(gold(S), 0, 1, 30, 0)), Ok(()));
    assert_eq!(
        try_place(&g, &s, stack(gold(S), 0, 1, 10, 0)),
        Err(MoonBaseError::NoVisibleSpace { support: RingId(1) })
    );
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 32, 0)),
        Err(MoonBaseError::OffLattice {
            x: 32,
            y: 0,
            step: 5
        })
    );
}

#[test]
fn w2_third_support() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    for c in ["A", "B", "D"] {
        put(&g, &mut s, on_crater(&g, lg(), c));
    }
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 30, 0)),
        Err(MoonBaseError::ThirdSupport { ring: RingId(2) })
    );
    assert_eq!(try_place(&g, &s, stack(lg(), 0, 1, 30, -10)), Ok(()));
}

#[test]
fn w3_tangency_and_level_three() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    for c in ["A", "B", "C"] {
        put(&g, &mut s, on_crater(&g, lg(), c));
    }
    put(&g, &mut s, stack(lg(), 0, 1, 30, 0));
    assert_eq!(
        try_place(&g, &s, stack(lg(), 1, 2, 85, 0)),
        Err(MoonBaseError::Collision { ring: RingId(3) })
    );
    assert_eq!(put(&g, &mut s, stack(lg(), 1, 2, 90, 0)), RingId(4));
    let top = put(&g, &mut s, stack(lg(), 3, 4, 60, 0));
    assert_eq!(s.ring(top).unwrap().level, 3);
}

#[test]
fn w4_sliding_underneath() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    put(&g, &mut s, on_crater(&g, lg(), "B"));
    put(&g, &mut s, stack(lg(), 0, 1, 30, 0));
    assert_eq!(
        try_place(&g, &s, on_crater(&g, gold(S), "E")),
        Err(MoonBaseError::UnderStackedRing { ring: RingId(2) })
    );
    assert_eq!(try_place(&g, &s, on_crater(&g, gold(S), "F")), Ok(()));
    assert_eq!(
        try_place(&g, &s, on_crater(&g, lg(), "D")),
        Err(MoonBaseError::UnderStackedRing { ring: RingId(2) })
    );
    assert_eq!(
        try_place(&g, &s, on_crater(&g, gold(S), "G")),
        Err(MoonBaseError::CraterClaimed { ring: RingId(0) })
    );
    // E does not overlap A, so C2 is not what refuses it.
    assert!(!g.board().overlaps(crater(&g, "E"), crater(&g, "A")));

    // The variant: a level-3 ring over E does not matter to C4.
    let mut v = sandbox(&g, "Z");
    for c in ["A", "B", "C"] {
        put(&g, &mut v, on_crater(&g, lg(), c));
    }
    put(&g, &mut v, stack(lg(), 0, 1, 30, -15));
    put(&g, &mut v, stack(lg(), 1, 2, 90, -15));
    let top = put(&g, &mut v, stack(lg(), 3, 4, 55, 20));
    assert_eq!(v.ring(top).unwrap().level, 3);
    assert_eq!(try_place(&g, &v, on_crater(&g, gold(S), "E")), Ok(()));
}

#[test]
fn w5_colours_and_collabo() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    put(&g, &mut s, on_crater(&g, silver(L), "B"));
    assert_eq!(try_place(&g, &s, stack(navy(L), 0, 1, 30, 0)), Ok(()));
    assert_eq!(
        try_place(&g, &s, stack(navy(S), 0, 1, 30, 0)),
        Err(MoonBaseError::ColourRule {
            piece: navy(S),
            a: Colour::Gold,
            b: Colour::Silver
        })
    );
    let mut plain = s.clone();
    put(&g, &mut plain, stack(gold(S), 0, 1, 30, 0));
    assert_eq!(plain.tower, Some(Host::Crater(crater(&g, "Z"))));

    put(&g, &mut s, stack(navy(L), 0, 1, 30, 0));
    assert_eq!(s.tower, Some(Host::Ring(RingId(2))));
    put(&g, &mut s, on_crater(&g, navy(L), "C"));
    put(&g, &mut s, stack(navy(L), 1, 3, 90, 0));
    for p in [lg(), navy(L), gold(S), silver(S), navy(S)] {
        assert_eq!(
            try_place(&g, &s, stack(p, 2, 4, 60, 0)),
            Err(MoonBaseError::SupportCarriesTower { ring: RingId(2) })
        );
    }
}

#[test]
fn w6_tower_on_a_crater() {
    let g = t1();
    let s = sandbox(&g, "A");
    assert_eq!(try_place(&g, &s, on_crater(&g, gold(S), "H")), Ok(()));
    assert_eq!(
        try_place(&g, &s, on_crater(&g, gold(S), "G")),
        Err(MoonBaseError::TouchesTower)
    );
    assert_eq!(
        try_place(&g, &s, on_crater(&g, lg(), "A")),
        Err(MoonBaseError::TouchesTower)
    );
}

/// The W-7 position: 0 gold A, 1 navy B, 2 gold C, 3 {0,1}, 4 {1,2}, 5 {3,4}.
fn w7_position(g: &MoonBase) -> State {
    let mut s = sandbox(g, "Z");
    put(g, &mut s, on_crater(g, lg(), "A"));
    put(g, &mut s, on_crater(g, navy(L), "B"));
    put(g, &mut s, on_crater(g, lg(), "C"));
    put(g, &mut s, stack(lg(), 0, 1, 30, 0));
    put(g, &mut s, stack(lg(), 1, 2, 90, 0));
    assert_eq!(
        try_place(g, &s, stack(navy(L), 3, 4, 60, 0)),
        Err(MoonBaseError::ColourRule {
            piece: navy(L),
            a: Colour::Gold,
            b: Colour::Gold
        })
    );
    assert_eq!(put(g, &mut s, stack(lg(), 3, 4, 60, 0)), RingId(5));
    s
}

#[test]
fn w7_bonus_values() {
    let g = t1();
    let s = w7_position(&g);
    assert_eq!(s.ring(RingId(5)).unwrap().level, 3);
    assert_eq!(connected_values(&s, ConnectedRule::SameColour), [5, 0, 0]);
    assert_eq!(
        connected_values(&s, ConnectedRule::OwnRingsInStructure),
        [5, 0, 1]
    );
    let t = g.tallies(&s).unwrap();
    assert_eq!(t.connected, [5, 0, 0]);
    assert_eq!(t.highest, [3, 0, 1]);
    assert_eq!(t.tower_colour, None);
    let b = g.score_breakdown(&s).unwrap();
    assert_eq!(b.seats[0].connected + b.seats[0].highest, 4);
    assert_eq!(b.seats[0].tower, 0);
    assert_eq!(b.seats[1].total, 0);
    // Only ring 5 is a settlement candidate: 3 and 4 are covered.
    let cand: Vec<RingId> = g.settlement_candidates(&s, Colour::Gold).collect();
    assert_eq!(cand, [RingId(5)]);
}

#[test]
fn w7_building_settles_only_the_top_ring() {
    let g = t1();
    let mut s = w7_position(&g);
    // Seat 0 holds a ring with no placement, so it must pass and the phase ends.
    placing(&mut s, 0, 0, [&[navy(L)], &[]]);
    assert_eq!(legal(&g, &s, 0), [Action::Pass]);
    g.apply(&mut s, Seat(0), &Action::Pass).unwrap();
    let settled: Vec<usize> = (0..s.rings.len())
        .filter(|&i| s.rings[i].settlement)
        .collect();
    assert_eq!(settled, [5]);
    assert_eq!(s.settlements_left[Seat(0)], 5);
    assert_eq!(s.built_this_round[Seat(0)], 1);
    assert_eq!(s.unplaced[Seat(0)], 1);
}

#[test]
fn w11_bases_and_overlapping_craters() {
    let g = placeholder();
    let mut s = sandbox(&g, "L06");
    put(&g, &mut s, on_crater(&g, lg(), "L01"));
    let free = |s: &State| {
        (0..g.board().len())
            .filter(|&k| g.free_for_base(s, CraterId(k as u16)))
            .count()
    };
    assert_eq!(free(&s), 38);
    assert!(g.free_for_base(&s, crater(&g, "L02")));
    assert!(g.free_for_base(&s, crater(&g, "S01")));
    for c in ["L02", "S01"] {
        let size = g.board().crater(crater(&g, c)).unwrap().size;
        assert_eq!(
            try_place(&g, &s, on_crater(&g, gold(size), c)),
            Err(MoonBaseError::CraterClaimed { ring: RingId(0) })
        );
    }
    s.bases.push(ResourceBase {
        crater: crater(&g, "L03"),
        seat: Seat(0),
    });
    s.bases_left[Seat(0)] -= 1;
    assert_eq!(
        try_place(&g, &s, on_crater(&g, lg(), "L03")),
        Err(MoonBaseError::CraterHasBase {
            crater: crater(&g, "L03")
        })
    );
    assert!(g.board().overlaps(crater(&g, "L03"), crater(&g, "L04")));
    assert_eq!(try_place(&g, &s, on_crater(&g, lg(), "L04")), Ok(()));
    put(&g, &mut s, on_crater(&g, silver(L), "L04"));
    assert!(g.board().overlaps(crater(&g, "L04"), crater(&g, "S07")));
    assert!(g.free_for_base(&s, crater(&g, "S07")));
    assert_eq!(free(&s), 36);
}

/// W-12's position on T2 with the given pass rule.
fn w12(pass_rule: PassRule) -> (MoonBase, State) {
    let g = MoonBase::new(Config {
        pass_rule,
        ..g_config(t2())
    })
    .unwrap();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "P"));
    put(&g, &mut s, on_crater(&g, silver(L), "Q"));
    placing(&mut s, 0, 6, [&[navy(S)], &[navy(L)]]);
    (g, s)
}

fn g_config(g: MoonBase) -> Config {
    g.config().clone()
}

#[test]
fn w12_forced_pass_keep_turning() {
    let (g, mut s) = w12(PassRule::KeepTurning);
    assert_eq!(legal(&g, &s, 0), [Action::Pass]);
    let seat1 = placements(&g, &s, &[navy(L)]);
    assert_eq!(seat1.len(), 86);
    // Unchanged by the revision of 2026-11-25.
    assert_eq!(placements(&v1_of(&g), &s, &[navy(L)]), seat1);
    assert_eq!(count_craters(&seat1), 1);
    assert_eq!(count_stacks(&seat1), 85);
    assert_eq!(
        g.apply(&mut s, Seat(0), &stack(navy(S), 0, 1, 30, 0)),
        Err(MoonBaseError::ColourRule {
            piece: navy(S),
            a: Colour::Gold,
            b: Colour::Silver
        })
    );
    g.apply(&mut s, Seat(0), &Action::Pass).unwrap();
    assert_eq!(g.to_act(&s), ToAct::Seat(Seat(1)));
    g.apply(&mut s, Seat(1), &on_crater(&g, navy(L), "R"))
        .unwrap();
    assert_eq!(g.to_act(&s), ToAct::Seat(Seat(0)));
    let seat0 = legal(&g, &s, 0);
    assert_eq!(seat0.len(), 25);
    assert_eq!(legal(&v1_of(&g), &s, 0), seat0);
    assert!(seat0.iter().all(|a| matches!(
        a,
        Action::Stack {
            a: RingId(1),
            b: RingId(2),
            ..
        }
    )));
    assert!(seat0.contains(&stack(navy(S), 1, 2, 90, 0)));
    g.apply(&mut s, Seat(0), &stack(navy(S), 1, 2, 90, 0))
        .unwrap();
    assert_eq!(s.unplaced.as_slice(), [0, 0]);
    assert!(!matches!(s.phase, Phase::Place { .. }));
}

#[test]
fn w12_forced_pass_forfeit_turn() {
    let (g, mut s) = w12(PassRule::ForfeitTurn);
    assert_eq!(legal(&g, &s, 0), [Action::Pass]);
    g.apply(&mut s, Seat(0), &Action::Pass).unwrap();
    assert_eq!(
        s.phase,
        Phase::Place {
            to_move: Seat(1),
            turns: 7
        }
    );
    g.apply(&mut s, Seat(1), &on_crater(&g, navy(L), "R"))
        .unwrap();
    // Turn 8 was the last: the phase ended and seat 0's ring is retired.
    assert!(!matches!(s.phase, Phase::Place { .. }));
    assert_eq!(s.unplaced.as_slice(), [1, 0]);
}

#[test]
fn w13_unplaced_ring_costs_a_point() {
    let (g, mut s) = w12(PassRule::KeepTurning);
    g.apply(&mut s, Seat(0), &Action::Pass).unwrap();
    g.apply(&mut s, Seat(1), &stack(navy(L), 0, 1, 30, 0))
        .unwrap();
    assert_eq!(s.tower, Some(Host::Ring(RingId(2))));
    // Seat 0 still cannot place and seat 1 is empty: placement is over.
    assert!(!matches!(s.phase, Phase::Place { .. }));
    assert_eq!(s.unplaced.as_slice(), [1, 0]);
    let b = g.score_breakdown(&s).unwrap();
    assert_eq!(b.tallies.connected, [0, 0, 0]);
    assert_eq!([b.seats[0].total, b.seats[1].total], [-1, 0]);
}

#[test]
fn w14_settlements_run_out() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    for c in ["A", "B", "C"] {
        put(&g, &mut s, on_crater(&g, lg(), c));
    }
    put(&g, &mut s, stack(lg(), 0, 1, 30, 0));
    put(&g, &mut s, stack(lg(), 1, 2, 90, 0));
    s.settlements_left[Seat(0)] = 1;
    // The silver seat has no bases left, so only the gold seat's steps show.
    s.bases_left[Seat(1)] = 0;
    placing(&mut s, 0, 0, [&[navy(L)], &[]]);
    assert_eq!(legal(&g, &s, 0), [Action::Pass]);
    g.apply(&mut s, Seat(0), &Action::Pass).unwrap();
    assert!(s.rings[3].settlement);
    assert!(!s.rings[4].settlement);
    assert_eq!(s.settlements_left[Seat(0)], 0);
    // One settlement built, so no base is due: round 2 begins.
    assert_eq!(s.phase, Phase::Select { step: 0 });
    assert_eq!(s.round, 2);

    // Round 2 adds no rings: 0 built, so the gold seat owes a base.
    placing(&mut s, 1, 0, [&[], &[navy(L)]]);
    s.hands[Seat(0)] = Hand::default();
    assert_eq!(legal(&g, &s, 1), [Action::Pass]);
    g.apply(&mut s, Seat(1), &Action::Pass).unwrap();
    assert_eq!(s.built_this_round.as_slice(), [0, 0]);
    assert_eq!(s.phase, Phase::Base { seat: Seat(0) });
    let bases: Vec<Action> = (3..=7)
        .map(|k| Action::PlaceResourceBase(CraterId(k)))
        .collect();
    assert_eq!(legal(&g, &s, 0), bases);
}

#[test]
fn w15_a_collabo_frees_the_tower_crater() {
    let g = t1();
    let mut s = sandbox(&g, "C");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    put(&g, &mut s, on_crater(&g, silver(L), "B"));
    assert_eq!(
        try_place(&g, &s, on_crater(&g, lg(), "C")),
        Err(MoonBaseError::TouchesTower)
    );
    assert!(!g.free_for_base(&s, crater(&g, "C")));
    put(&g, &mut s, stack(navy(L), 0, 1, 30, 0));
    assert_eq!(s.tower, Some(Host::Ring(RingId(2))));
    assert_eq!(try_place(&g, &s, on_crater(&g, lg(), "C")), Ok(()));
    assert!(g.free_for_base(&s, crater(&g, "C")));
}

#[test]
fn w16_tower_column_blocks_a_collabo() {
    let g = t1();
    let mut s = sandbox(&g, "D");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    put(&g, &mut s, on_crater(&g, silver(L), "B"));
    assert_eq!(
        try_place(&g, &s, stack(navy(L), 0, 1, 30, 15)),
        Err(MoonBaseError::TouchesTower)
    );
    assert_eq!(try_place(&g, &s, stack(navy(L), 0, 1, 30, 10)), Ok(()));
    assert_eq!(try_place(&g, &s, stack(navy(L), 0, 1, 30, 0)), Ok(()));
    let all = placements(&g, &s, &[navy(L)]);
    assert_eq!(count_craters(&all), 2);
    assert_eq!(count_stacks(&all), 60);
    // Unchanged by the revision of 2026-11-25.
    assert_eq!(placements(&v1_of(&g), &s, &[navy(L)]), all);
    let craters: Vec<CraterId> = all
        .iter()
        .filter_map(|a| {
            if let Action::PlaceOnCrater { crater, .. } = *a {
                Some(crater)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(craters, [crater(&g, "C"), crater(&g, "Z")]);

    s.tower = Some(Host::Crater(crater(&g, "Z")));
    let all = placements(&g, &s, &[navy(L)]);
    assert_eq!(count_craters(&all), 2);
    assert_eq!(count_stacks(&all), 85);
    assert_eq!(placements(&v1_of(&g), &s, &[navy(L)]), all);
}

#[test]
fn w17_clear_column_above_a_collabo() {
    let g = t3();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "K1"));
    put(&g, &mut s, on_crater(&g, silver(L), "K2"));
    for c in ["G1", "G2", "G3", "G4", "G5", "G6"] {
        put(&g, &mut s, on_crater(&g, lg(), c));
    }
    let stacks = [
        (2, 3, 50, 80, 2),
        (2, 4, 110, 40, 2),
        (5, 6, 50, 160, 2),
        (5, 7, 110, 200, 2),
        (8, 9, 95, 85, 3),
        (10, 11, 95, 155, 3),
        (12, 13, 115, 120, 4),
    ];
    for (a, b, x, y, level) in stacks {
        let r = put(&g, &mut s, stack(lg(), a, b, x, y));
        assert_eq!(s.ring(r).unwrap().level, level);
    }
    assert_eq!(s.rings.len(), 15);
    assert_eq!(
        try_place(&g, &s, stack(navy(L), 0, 1, 150, 120)),
        Err(MoonBaseError::TowerColumnBlocked { ring: RingId(14) })
    );
    assert_eq!(try_place(&g, &s, stack(navy(L), 0, 1, 155, 120)), Ok(()));
    assert_eq!(try_place(&g, &s, stack(lg(), 0, 1, 150, 120)), Ok(()));
    let all = placements(&g, &s, &[navy(L)]);
    assert_eq!(count_craters(&all), 0);
    assert_eq!(count_stacks(&all), 32);
    // Unchanged by the revision of 2026-11-25.
    assert_eq!(placements(&v1_of(&g), &s, &[navy(L)]), all);
    let on01 = all
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Stack {
                    a: RingId(0),
                    b: RingId(1),
                    ..
                }
            )
        })
        .count();
    assert_eq!(on01, 25);
}

#[test]
fn w18a_rim_contact_on_the_placeholder_board() {
    let g = placeholder();
    let mut s = sandbox(&g, "L20");
    put(&g, &mut s, on_crater(&g, lg(), "L06"));
    put(&g, &mut s, on_crater(&g, gold(S), "S05"));
    // S05's rim touches the new opening only from inside: d = 5, 5 + 20 = 25.
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 90, 85)),
        Err(MoonBaseError::NoRimContact { support: RingId(1) })
    );
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 95, 90)),
        Err(MoonBaseError::NoRimContact { support: RingId(1) })
    );
    assert_eq!(try_place(&g, &s, stack(lg(), 0, 1, 95, 85)), Ok(()));
    assert_eq!(count_stacks_on(&placements(&g, &s, &[lg()]), 0, 1), 71);
    // Without S3b (rules version 1) both refused centres were legal: 73.
    let old = v1_of(&g);
    assert_eq!(try_place(&old, &s, stack(lg(), 0, 1, 90, 85)), Ok(()));
    assert_eq!(try_place(&old, &s, stack(lg(), 0, 1, 95, 90)), Ok(()));
    assert_eq!(count_stacks_on(&placements(&old, &s, &[lg()]), 0, 1), 73);
}

#[test]
fn w18a_s3b_removes_ten_lattice_positions_on_placeholder_40() {
    // Every pair of non-overlapping craters, alone on the board with no
    // tower, both rings gold, hand {L gold, S gold}: what S3b removes.
    let g = placeholder();
    let old = v1_of(&g);
    let board = g.board();
    let hand = [lg(), gold(S)];
    let mut removed = Vec::new();
    for i in 0..board.len() as u16 {
        for j in i + 1..board.len() as u16 {
            let (ci, cj) = (CraterId(i), CraterId(j));
            if board.overlaps(ci, cj) {
                continue;
            }
            let mut s = sandbox(&g, "L01");
            s.tower = None;
            for k in [ci, cj] {
                let size = board.crater(k).unwrap().size;
                put(
                    &g,
                    &mut s,
                    Action::PlaceOnCrater {
                        piece: gold(size),
                        crater: k,
                    },
                );
            }
            let new = placements(&g, &s, &hand);
            let before = placements(&old, &s, &hand);
            // S3b only removes positions; it never adds one.
            assert!(new.iter().all(|a| before.contains(a)));
            let gone: Vec<Action> = before.into_iter().filter(|a| !new.contains(a)).collect();
            for a in &gone {
                let Action::Stack { piece, x, y, .. } = *a else {
                    panic!("only stacks can lose rim contact: {a:?}");
                };
                let Err(MoonBaseError::NoRimContact { support }) = g.check_placement(&s, a) else {
                    panic!("{a:?} should fail S3b");
                };
                // Internal tangency: the small ring sits exactly 5 mm off the
                // large one's centre (25 - 20 = 5), the centres being multiples of 5.
                let u = s.ring(support).unwrap();
                let d2 = i64::from(x - u.x).pow(2) + i64::from(y - u.y).pow(2);
                assert_eq!(d2, 25, "{a:?}");
                assert_ne!(piece.size, u.piece.size);
            }
            if !gone.is_empty() {
                let name = |k: CraterId| board.crater(k).unwrap().id.clone();
                removed.push((name(ci), name(cj), gone.len()));
            }
        }
    }
    let want = [
        ("L06", "S05", 2),
        ("L08", "S04", 1),
        ("L10", "S15", 1),
        ("S06", "S07", 2),
        ("S10", "S11", 2),
        ("S11", "S15", 2),
    ];
    let want: Vec<(String, String, usize)> = want
        .iter()
        .map(|&(a, b, n)| (a.to_string(), b.to_string(), n))
        .collect();
    assert_eq!(removed, want);
    assert_eq!(removed.iter().map(|r| r.2).sum::<usize>(), 10);
}

#[test]
fn w18b_rim_contact_with_off_lattice_centres() {
    let g = t4();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, gold(S), "A"));
    put(&g, &mut s, on_crater(&g, gold(S), "X"));
    // S3 holds (4 < 40 and 36 < 40), but ring 0 lies inside the opening.
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 5, 100)),
        Err(MoonBaseError::NoRimContact { support: RingId(0) })
    );
    assert_eq!(try_place(&v1_of(&g), &s, stack(lg(), 0, 1, 5, 100)), Ok(()));
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 40, 100)),
        Err(MoonBaseError::NoRimContact { support: RingId(1) })
    );
    assert_eq!(try_place(&g, &s, stack(lg(), 0, 1, 10, 100)), Ok(()));
    // A small ring never fails S3b on small supports.
    assert_eq!(try_place(&g, &s, stack(gold(S), 0, 1, 20, 100)), Ok(()));
    assert_eq!(count_stacks_on(&placements(&g, &s, &[lg()]), 0, 1), 78);
    assert_eq!(
        count_stacks_on(&placements(&v1_of(&g), &s, &[lg()]), 0, 1),
        80
    );
}

#[test]
fn w18c_a_small_ring_cannot_drop_into_a_large_support() {
    let g = t5();
    // Explicit empty overlaps: P and Q both take a ring though their discs overlap.
    assert!(!g.board().overlaps(crater(&g, "P"), crater(&g, "Q")));
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "P"));
    put(&g, &mut s, on_crater(&g, gold(S), "Q"));
    // 5 + 20 = 25 is not > 25: the new ring would drop into ring 0's opening.
    assert_eq!(
        try_place(&g, &s, stack(gold(S), 0, 1, 5, 0)),
        Err(MoonBaseError::NoRimContact { support: RingId(0) })
    );
    assert_eq!(try_place(&g, &s, stack(gold(S), 0, 1, 10, 0)), Ok(()));
    let all = placements(&g, &s, &[gold(S)]);
    assert_eq!(count_stacks(&all), 66);
    assert_eq!(count_stacks_on(&all, 0, 1), 66);
    assert_eq!(count_stacks(&placements(&v1_of(&g), &s, &[gold(S)])), 67);
}

#[test]
fn w19_a_ring_inside_the_opening_is_no_third_support() {
    let g = t4();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, gold(S), "V"));
    put(&g, &mut s, on_crater(&g, gold(S), "W"));
    put(&g, &mut s, on_crater(&g, navy(S), "U"));
    // Ring 2 overlaps the footprint (d = 3) but lies inside the opening.
    assert_eq!(try_place(&g, &s, stack(lg(), 0, 1, 100, 200)), Ok(()));
    assert_eq!(
        try_place(&g, &s, stack(lg(), 0, 1, 105, 200)),
        Err(MoonBaseError::ThirdSupport { ring: RingId(2) })
    );
    let on01: Vec<Action> = placements(&g, &s, &[lg()])
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Stack {
                    a: RingId(0),
                    b: RingId(1),
                    ..
                }
            )
        })
        .collect();
    assert_eq!(on01.len(), 8);
    assert_eq!(on01[0], stack(lg(), 0, 1, 100, 200));
    // Before the exemption (rules version 1) ring 2 was a third support.
    let old = v1_of(&g);
    assert_eq!(
        try_place(&old, &s, stack(lg(), 0, 1, 100, 200)),
        Err(MoonBaseError::ThirdSupport { ring: RingId(2) })
    );
    assert_eq!(count_stacks_on(&placements(&old, &s, &[lg()]), 0, 1), 7);
    // Placed, the ring has level 2, and ring 2 is not covered.
    let r = put(&g, &mut s, stack(lg(), 0, 1, 100, 200));
    assert_eq!(s.ring(r).unwrap().level, 2);
    assert_eq!(s.covered_mask(), 0b011);
}

#[test]
fn w20_a_crater_cut_off_past_its_centre() {
    let on_board = |size, x: i64, y: i64| {
        let spec = BoardSpec::scratch(200, 120, &[("K", size, x, y), ("Z", L, 100, 60)]);
        Board::new(&spec, &RingDims::default()).map(|_| ())
    };
    let off = Err(MoonBaseError::CraterOffBoard { id: "K".into() });
    assert_eq!(on_board(L, -29, 60), Ok(()));
    assert_eq!(on_board(L, -30, 60), off);
    assert_eq!(on_board(L, 100, 149), Ok(()));
    assert_eq!(on_board(S, 200, 120), Ok(()));
    assert_eq!(on_board(S, 210, 130), Ok(()));
    assert_eq!(on_board(S, 215, 135), off);
    assert_eq!(on_board(L, 1_000_000_000_000, 60), off);
    assert_eq!(on_board(L, i64::MIN, i64::MAX), off);

    let g = game_on(BoardSpec::scratch(
        200,
        120,
        &[("E", L, -29, 60), ("F", L, 31, 60), ("Z", L, 150, 60)],
    ));
    // E and F are just apart (d = 60), so both take a ring.
    assert!(!g.board().overlaps(crater(&g, "E"), crater(&g, "F")));
    let mut s = sandbox(&g, "Z");
    assert_eq!(try_place(&g, &s, on_crater(&g, lg(), "E")), Ok(()));
    put(&g, &mut s, on_crater(&g, lg(), "E"));
    put(&g, &mut s, on_crater(&g, lg(), "F"));
    let r = put(&g, &mut s, stack(lg(), 0, 1, 0, 60));
    assert_eq!(s.ring(r).unwrap().level, 2);
}

/// The W-14 position in its second round: the gold seat built nothing and
/// owes a base; the silver seat (no base due in round 1) has
/// `silver_bases` left in round 2.
fn w21(base_rule: BaseRule, silver_bases: u8) -> (MoonBase, State) {
    let g = MoonBase::new(Config {
        base_rule,
        ..t1().config().clone()
    })
    .unwrap();
    let mut s = sandbox(&g, "Z");
    for c in ["A", "B", "C"] {
        put(&g, &mut s, on_crater(&g, lg(), c));
    }
    put(&g, &mut s, stack(lg(), 0, 1, 30, 0));
    put(&g, &mut s, stack(lg(), 1, 2, 90, 0));
    s.settlements_left[Seat(0)] = 1;
    s.bases_left[Seat(1)] = 0;
    placing(&mut s, 0, 0, [&[navy(L)], &[]]);
    g.apply(&mut s, Seat(0), &Action::Pass).unwrap();
    assert_eq!((s.round, s.phase), (2, Phase::Select { step: 0 }));
    s.bases_left[Seat(1)] = silver_bases;
    placing(&mut s, 1, 0, [&[], &[navy(L)]]);
    g.apply(&mut s, Seat(1), &Action::Pass).unwrap();
    assert_eq!(s.built_this_round.as_slice(), [0, 0]);
    (g, s)
}

#[test]
fn w21_declining_a_base() {
    let bases: Vec<Action> = (3..=7)
        .map(|k| Action::PlaceResourceBase(CraterId(k)))
        .collect();

    // Compulsory (the default): the five bases, and declining is refused.
    let (g, s) = w21(BaseRule::Compulsory, 0);
    assert_eq!(g.config().base_rule, Config::default().base_rule);
    assert_eq!(s.phase, Phase::Base { seat: Seat(0) });
    assert_eq!(legal(&g, &s, 0), bases);
    assert_eq!(
        g.check(&s, Seat(0), &Action::DeclineResourceBase),
        Err(MoonBaseError::MustPlaceBase)
    );

    // Optional: the same five, then DeclineResourceBase last.
    let (g, mut s) = w21(BaseRule::Optional, 0);
    let mut want = bases.clone();
    want.push(Action::DeclineResourceBase);
    assert_eq!(legal(&g, &s, 0), want);
    let before = s.clone();
    g.apply(&mut s, Seat(0), &Action::DeclineResourceBase)
        .unwrap();
    // Nothing placed, the base kept; seat 0 is not the start player of
    // round 2, so its step was the last and round 3 begins.
    assert_eq!(s.bases, before.bases);
    assert_eq!(s.bases_left, before.bases_left);
    assert_eq!((s.round, s.phase), (3, Phase::Select { step: 0 }));

    // When the start player (seat 1 in round 2) declines, the other seat's
    // base step follows.
    let (g, mut s) = w21(BaseRule::Optional, 6);
    assert_eq!(s.phase, Phase::Base { seat: Seat(1) });
    g.apply(&mut s, Seat(1), &Action::DeclineResourceBase)
        .unwrap();
    assert_eq!(s.bases_left.as_slice(), [6, 6]);
    assert_eq!(s.phase, Phase::Base { seat: Seat(0) });
    g.apply(&mut s, Seat(0), &Action::PlaceResourceBase(CraterId(3)))
        .unwrap();
    assert_eq!(s.bases_left.as_slice(), [5, 6]);
    assert_eq!(s.phase, Phase::Select { step: 0 });
}
