//! The exact move counts of §11 (P-1, P-2) and their canonical order.
//! The revision of 2026-11-25 (S3b, the S4 exemption) leaves them as they
//! were, so each count is also asserted under the rules of version 1.

use crate::common;

use common::*;
use moon_base_core::{Action, Colour};

fn p2(tower: &str) -> (moon_base_core::MoonBase, moon_base_core::State) {
    let g = placeholder();
    let mut s = sandbox(&g, tower);
    put(&g, &mut s, on_crater(&g, piece(L, Colour::Gold), "L08"));
    put(&g, &mut s, on_crater(&g, piece(L, Colour::Silver), "L14"));
    put(&g, &mut s, on_crater(&g, piece(L, Colour::Navy), "L12"));
    put(&g, &mut s, on_crater(&g, piece(S, Colour::Gold), "S16"));
    put(&g, &mut s, on_crater(&g, piece(L, Colour::Navy), "L09"));
    put(&g, &mut s, stack(piece(L, Colour::Gold), 0, 1, 90, 170));
    (g, s)
}

const P2_HAND: [(moon_base_core::Size, Colour); 4] = [
    (L, Colour::Silver),
    (L, Colour::Navy),
    (S, Colour::Gold),
    (S, Colour::Silver),
];

fn p2_hand() -> Vec<moon_base_core::Piece> {
    P2_HAND.iter().map(|&(s, c)| piece(s, c)).collect()
}

#[test]
fn p1_empty_placeholder_board_has_78_placements() {
    let g = placeholder();
    let s = sandbox(&g, "L06");
    let hand = [
        piece(L, Colour::Gold),
        piece(L, Colour::Navy),
        piece(S, Colour::Silver),
        piece(S, Colour::Navy),
    ];
    let legal = placements(&g, &s, &hand);
    assert_eq!(legal.len(), 78);
    assert_eq!(placements(&v1_of(&g), &s, &hand), legal);
    assert_eq!(
        legal[0],
        Action::PlaceOnCrater {
            piece: piece(L, Colour::Gold),
            crater: moon_base_core::CraterId(0)
        }
    );
    assert_eq!(
        *legal.last().unwrap(),
        Action::PlaceOnCrater {
            piece: piece(S, Colour::Navy),
            crater: moon_base_core::CraterId(39)
        }
    );
    assert!(legal.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn p2_reference_position_has_253_placements() {
    let (g, s) = p2("L13");
    let legal = placements(&g, &s, &p2_hand());
    // Break down by piece and target, as the §11 table does.
    let mut table = std::collections::BTreeMap::new();
    for a in &legal {
        let key = match *a {
            Action::PlaceOnCrater { piece, .. } => (piece, "craters".to_string()),
            Action::Stack { piece, a, b, .. } => (piece, format!("{{{},{}}}", a.0, b.0)),
            Action::ChooseColour(_)
            | Action::PlaceTower(_)
            | Action::TakePair(_)
            | Action::Pass
            | Action::PlaceResourceBase(_)
            | Action::DeclineResourceBase => panic!("unexpected {a:?}"),
        };
        *table.entry(key).or_insert(0) += 1;
    }
    let want = [
        ((L, Colour::Silver), "craters", 12),
        ((L, Colour::Silver), "{0,2}", 17),
        ((L, Colour::Silver), "{1,4}", 22),
        ((L, Colour::Silver), "{2,3}", 47),
        ((L, Colour::Navy), "craters", 12),
        ((L, Colour::Navy), "{0,2}", 17),
        ((L, Colour::Navy), "{1,4}", 22),
        ((L, Colour::Navy), "{2,3}", 47),
        ((S, Colour::Gold), "craters", 14),
        ((S, Colour::Gold), "{0,2}", 6),
        ((S, Colour::Gold), "{2,3}", 14),
        ((S, Colour::Silver), "craters", 14),
        ((S, Colour::Silver), "{1,4}", 9),
    ];
    let want: std::collections::BTreeMap<_, _> = want
        .iter()
        .map(|&((sz, c), k, n)| ((piece(sz, c), k.to_string()), n))
        .collect();
    assert_eq!(table, want);
    assert_eq!(legal.len(), 253);
    assert_eq!(placements(&v1_of(&g), &s, &p2_hand()), legal);
    let first_stack = legal
        .iter()
        .find(|a| matches!(a, Action::Stack { .. }))
        .unwrap();
    assert_eq!(*first_stack, stack(piece(L, Colour::Silver), 0, 2, 20, 195));
    assert_eq!(
        *legal.last().unwrap(),
        stack(piece(S, Colour::Silver), 1, 4, 155, 155)
    );
    assert!(legal.windows(2).all(|w| w[0] < w[1]));
    // Every listed placement passes check, and the ring ids are real.
    for a in &legal {
        g.check_placement(&s, a).unwrap();
    }
}

#[test]
fn p2_with_the_tower_on_l06_has_277_placements() {
    let (g, s) = p2("L06");
    let legal = placements(&g, &s, &p2_hand());
    assert_eq!(legal.len(), 277);
    assert_eq!(placements(&v1_of(&g), &s, &p2_hand()), legal);
}
