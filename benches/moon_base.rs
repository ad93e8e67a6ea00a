//! Moon Base benches: the shared harness rows, plus move generation on the
//! spec's reference positions P-1 and P-2 and on the busiest position of a
//! seeded random game. Each bench asserts its move count first, so a fast
//! wrong answer cannot pass.

mod harness;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use game_core::{Game, GameRng, Seat, ToAct};
use moon_base_core::{
    Action, Colour, Config, Hand, MoonBase, PassRule, Piece, RingId, Size, State,
};

/// The shared rows, from a placement turn (the hot path) rather than the
/// harness's default position: the harness's `bench_position` rows there,
/// plus its whole-game playout row.
fn shared_rows(c: &mut Criterion) {
    let configs = [
        ("moon-base", Config::default(), 1),
        (
            "moon-base-forfeit",
            Config {
                pass_rule: PassRule::ForfeitTurn,
                ..Config::default()
            },
            2,
        ),
    ];
    for (label, config, seed) in configs {
        let game = MoonBase::new(config).expect("bench config is valid");
        // The first placement position from the 20th decision on: the hot path.
        let state = (20..300)
            .map(|decisions| harness::mid_game(&game, seed, decisions))
            .find(|s| matches!(s.phase, moon_base_core::Phase::Place { .. }))
            .expect("a placement position");
        let ToAct::Seat(seat) = game.to_act(&state) else {
            panic!("{label}: no seat to act in the bench position");
        };
        let mut legal = Vec::new();
        game.legal_actions(&state, seat, &mut legal);
        assert!(!legal.is_empty(), "{label}: no legal action to bench");
        harness::bench_position(c, label, &game, &state, seat, &legal);

        let (plies, _) = harness::seeded_game_plies(&game, seed);
        assert!(plies > 48, "{label}: a whole game, past the pile draws");
        harness::bench_playout(c, label, &game, seed);
    }
}

fn crater(g: &MoonBase, name: &str) -> moon_base_core::CraterId {
    g.board().find(name).expect("placeholder crater")
}

fn hand(pieces: &[(Size, Colour)]) -> Hand {
    let mut h = Hand::default();
    for &(s, c) in pieces {
        h.add(Piece::new(s, c));
    }
    h
}

/// §11 P-1: the empty placeholder board, tower on L06.
fn p1(g: &MoonBase) -> (State, Hand) {
    let s = g
        .sandbox(Seat(0), Colour::Gold, crater(g, "L06"))
        .expect("sandbox");
    let h = hand(&[
        (Size::Large, Colour::Gold),
        (Size::Large, Colour::Navy),
        (Size::Small, Colour::Silver),
        (Size::Small, Colour::Navy),
    ]);
    (s, h)
}

/// §11 P-2: six rings on the placeholder board, tower on L13.
fn p2(g: &MoonBase) -> (State, Hand) {
    let mut s = g
        .sandbox(Seat(0), Colour::Gold, crater(g, "L13"))
        .expect("sandbox");
    let on = |p: (Size, Colour), name: &str| Action::PlaceOnCrater {
        piece: Piece::new(p.0, p.1),
        crater: crater(g, name),
    };
    for a in [
        on((Size::Large, Colour::Gold), "L08"),
        on((Size::Large, Colour::Silver), "L14"),
        on((Size::Large, Colour::Navy), "L12"),
        on((Size::Small, Colour::Gold), "S16"),
        on((Size::Large, Colour::Navy), "L09"),
        Action::Stack {
            piece: Piece::new(Size::Large, Colour::Gold),
            a: RingId(0),
            b: RingId(1),
            x: 90,
            y: 170,
        },
    ] {
        g.place_ring(&mut s, &a).expect("P-2 set-up is legal");
    }
    let h = hand(&[
        (Size::Large, Colour::Silver),
        (Size::Large, Colour::Navy),
        (Size::Small, Colour::Gold),
        (Size::Small, Colour::Silver),
    ]);
    (s, h)
}

/// The placement position with the most legal actions in a few seeded
/// random games: the kind of worst case search meets in play.
fn busiest(g: &MoonBase) -> (State, Seat, usize) {
    let mut best: Option<(State, Seat, usize)> = None;
    let mut legal = Vec::new();
    let mut chances = Vec::new();
    for seed in 0..20 {
        let mut rng = GameRng::new(seed);
        let mut s = g.initial_state();
        loop {
            match g.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    g.chance_outcomes(&s, &mut chances);
                    let c = *rng.pick(&chances).expect("outcomes");
                    g.apply_chance(&mut s, &c).expect("listed outcome");
                }
                ToAct::Seat(seat) => {
                    g.legal_actions(&s, seat, &mut legal);
                    if best.as_ref().is_none_or(|b| legal.len() > b.2) {
                        best = Some((s.clone(), seat, legal.len()));
                    }
                    let a = legal[rng.below(legal.len() as u32) as usize];
                    g.apply(&mut s, seat, &a).expect("legal");
                }
            }
        }
    }
    best.expect("some position")
}

fn movegen(c: &mut Criterion) {
    let g = MoonBase::new(Config::default()).expect("default config");
    let mut out = Vec::with_capacity(512);
    let mut group = c.benchmark_group("moon-base/movegen");

    let (s, h) = p1(&g);
    g.placements(&s, &h, &mut out);
    assert_eq!(out.len(), 78, "P-1 has 78 placements");
    group.bench_function("P-1 placements", |b| {
        b.iter(|| {
            g.placements(black_box(&s), &h, &mut out);
            black_box(out.len())
        });
    });

    let (s, h) = p2(&g);
    g.placements(&s, &h, &mut out);
    assert_eq!(out.len(), 253, "P-2 has 253 placements");
    group.bench_function("P-2 placements", |b| {
        b.iter(|| {
            g.placements(black_box(&s), &h, &mut out);
            black_box(out.len())
        });
    });
    // The rules object keeps the stack positions of the last board it saw:
    // the rows above ask again about one board. Here P-1 comes between, so
    // every P-2 call scans its board whole (P-1 alone is next to nothing).
    let (s1, h1) = p1(&g);
    group.bench_function("P-2 placements, board changed between calls", |b| {
        b.iter(|| {
            g.placements(black_box(&s1), &h1, &mut out);
            g.placements(black_box(&s), &h, &mut out);
            black_box(out.len())
        });
    });
    assert!(g.can_place(&s, &h));
    group.bench_function("P-2 can_place", |b| {
        b.iter(|| black_box(g.can_place(black_box(&s), &h)));
    });

    let (s, seat, n) = busiest(&g);
    g.legal_actions(&s, seat, &mut out);
    assert_eq!(out.len(), n, "busiest position is stable");
    for a in &out {
        g.check(&s, seat, a).expect("every generated action checks");
    }
    group.bench_function(format!("busiest seen ({n} actions)"), |b| {
        b.iter(|| {
            g.legal_actions(black_box(&s), seat, &mut out);
            black_box(out.len())
        });
    });
    group.finish();
}

criterion_group!(benches, shared_rows, movegen);
criterion_main!(benches);
