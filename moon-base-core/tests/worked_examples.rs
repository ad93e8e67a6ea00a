//! The worked examples W-1 to W-17 of §10, one test each (W-8 to W-10,
//! pure scoring, are also unit tests of `scoring.rs`).

mod common;

use common::*;
use game_core::{Game, Seat, ToAct};
use moon_base_core::{
    Action, Colour, Config, ConnectedRule, CraterId, Hand, Host, MoonBase, MoonBaseError, PassRule,
    Phase, ResourceBase, RingId, State, connected_values,
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
