//! The flow of a game (§9): set-up chance, colour and tower, selection,
//! placement turns, check order, and state validation.

use crate::common;

use common::*;
use game_core::{Error, Game, Seat, Session, ToAct};
use moon_base_core::{
    Action, Chance, Colour, Config, CraterId, MoonBase, MoonBaseError, Phase, Piece, RingId,
    StartPlayer, State,
};

/// A state after the 48 pile draws, the colour choice and the tower: every
/// large pile gold/silver/navy in turn, every small pile likewise.
fn set_up(g: &MoonBase) -> State {
    let mut s = g.initial_state();
    for n in 0..48 {
        let colour = Colour::ALL[(n / 2) % 3];
        g.apply_chance(&mut s, &Chance::Ring(colour)).unwrap();
    }
    s
}

#[test]
fn s9_3_pile_draws_are_chance_with_weights() {
    let g = placeholder();
    let mut s = g.initial_state();
    assert_eq!(g.to_act(&s), ToAct::Chance);
    assert_eq!(s.first_player, Some(Seat(0)));
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    let all8 = vec![
        (Chance::Ring(Colour::Gold), 8),
        (Chance::Ring(Colour::Silver), 8),
        (Chance::Ring(Colour::Navy), 8),
    ];
    assert_eq!(out, all8);
    // Draw 8 golds: gold leaves the large outcomes.
    for _ in 0..8 {
        g.apply_chance(&mut s, &Chance::Ring(Colour::Gold)).unwrap();
    }
    g.chance_outcomes(&s, &mut out);
    assert_eq!(
        out,
        vec![
            (Chance::Ring(Colour::Silver), 8),
            (Chance::Ring(Colour::Navy), 8)
        ]
    );
    assert_eq!(
        g.apply_chance(&mut s, &Chance::Ring(Colour::Gold)),
        Err(MoonBaseError::Core(Error::BadChance))
    );
    assert_eq!(
        g.apply_chance(&mut s, &Chance::Start(Seat(1))),
        Err(MoonBaseError::Core(Error::BadChance))
    );
    // Pile 0 is full (6, top first) and pile 1 started.
    assert_eq!(s.piles[0][0].as_slice(), [Colour::Gold; 6]);
    assert_eq!(s.piles[0][1].as_slice(), [Colour::Gold; 2]);
    for _ in 0..8 {
        g.apply_chance(&mut s, &Chance::Ring(Colour::Silver))
            .unwrap();
    }
    for _ in 0..8 {
        g.apply_chance(&mut s, &Chance::Ring(Colour::Navy)).unwrap();
    }
    // Draw 24 is the first small draw: all three colours again.
    g.chance_outcomes(&s, &mut out);
    assert_eq!(out, all8);
    assert!(matches!(
        g.check(&s, Seat(0), &Action::Pass),
        Err(MoonBaseError::Core(Error::ChancePending))
    ));
}

#[test]
fn b24_random_start_is_a_fair_draw_after_the_piles() {
    let g = MoonBase::new(Config {
        start_player: StartPlayer::Random,
        ..Config::default()
    })
    .unwrap();
    let mut s = set_up(&g);
    assert_eq!(s.phase, Phase::DrawStart);
    assert_eq!(s.first_player, None);
    let mut out = Vec::new();
    g.chance_outcomes(&s, &mut out);
    assert_eq!(
        out,
        vec![(Chance::Start(Seat(0)), 1), (Chance::Start(Seat(1)), 1)]
    );
    g.apply_chance(&mut s, &Chance::Start(Seat(1))).unwrap();
    assert_eq!(s.first_player, Some(Seat(1)));
    // The second player, seat 0, chooses the colour.
    assert_eq!(g.to_act(&s), ToAct::Seat(Seat(0)));
}

#[test]
fn mb3_mb4_colour_and_tower_by_the_second_player() {
    let g = placeholder();
    let mut s = set_up(&g);
    assert_eq!(s.phase, Phase::ChooseColour);
    assert_eq!(g.to_act(&s), ToAct::Seat(Seat(1)));
    assert_eq!(
        g.check(&s, Seat(0), &Action::ChooseColour(Colour::Gold)),
        Err(MoonBaseError::Core(Error::NotYourTurn {
            seat: Seat(0),
            to_act: Seat(1)
        }))
    );
    assert_eq!(
        g.check(&s, Seat(2), &Action::ChooseColour(Colour::Gold)),
        Err(MoonBaseError::Core(Error::UnknownSeat {
            seat: Seat(2),
            seats: 2
        }))
    );
    assert_eq!(
        g.check(&s, Seat(1), &Action::ChooseColour(Colour::Navy)),
        Err(MoonBaseError::NotAPlayerColour {
            colour: Colour::Navy
        })
    );
    assert_eq!(
        g.check(&s, Seat(1), &Action::TakePair(0)),
        Err(MoonBaseError::WrongPhase {
            phase: Phase::ChooseColour
        })
    );
    g.apply(&mut s, Seat(1), &Action::ChooseColour(Colour::Gold))
        .unwrap();
    assert_eq!(s.colour(Seat(1)), Some(Colour::Gold));
    assert_eq!(s.colour(Seat(0)), Some(Colour::Silver));
    let mut legal = Vec::new();
    g.legal_actions(&s, Seat(1), &mut legal);
    assert_eq!(legal.len(), 20);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::PlaceTower(k) if k.0 < 20))
    );
    let s01 = crater(&g, "S01");
    assert_eq!(
        g.check(&s, Seat(1), &Action::PlaceTower(s01)),
        Err(MoonBaseError::NotALargeCrater { crater: s01 })
    );
    assert_eq!(
        g.check(&s, Seat(1), &Action::PlaceTower(CraterId(40))),
        Err(MoonBaseError::UnknownCrater {
            crater: CraterId(40)
        })
    );
    g.apply(&mut s, Seat(1), &Action::PlaceTower(crater(&g, "L06")))
        .unwrap();
    assert_eq!((s.round, s.phase), (1, Phase::Select { step: 0 }));
    g.check_state(&s).unwrap();
}

#[test]
fn mb7_mb8_selection_order_and_takes() {
    let g = placeholder();
    let mut s = set_up(&g);
    g.apply(&mut s, Seat(1), &Action::ChooseColour(Colour::Gold))
        .unwrap();
    g.apply(&mut s, Seat(1), &Action::PlaceTower(crater(&g, "L06")))
        .unwrap();
    // Large piles are G G S S N N (pile 0), N N G G S S (pile 1)...
    let order = [Seat(0), Seat(1), Seat(0), Seat(1)];
    assert_eq!(
        g.check(&s, Seat(0), &Action::TakePair(4)),
        Err(MoonBaseError::BadPile { pile: 4 })
    );
    for (step, seat) in order.into_iter().enumerate() {
        assert_eq!(g.to_act(&s), ToAct::Seat(seat), "step {step}");
        // Everyone takes pile 0, the same pile again included.
        g.apply(&mut s, seat, &Action::TakePair(0)).unwrap();
    }
    let gold = |size| Piece::new(size, Colour::Gold);
    let silver = |size| Piece::new(size, Colour::Silver);
    assert_eq!(s.hands[Seat(0)].count(gold(L)), 2);
    assert_eq!(s.hands[Seat(1)].count(silver(L)), 2);
    assert_eq!(s.hands[Seat(0)].count(gold(S)), 2);
    assert_eq!(s.hands[Seat(1)].count(silver(S)), 2);
    assert_eq!(s.piles[0][0].len(), 2);
    assert_eq!(
        s.phase,
        Phase::Place {
            to_move: Seat(0),
            turns: 0
        }
    );
    g.check_state(&s).unwrap();
    // B-25: two equal rings give one action per target.
    let mut legal = Vec::new();
    g.legal_actions(&s, Seat(0), &mut legal);
    assert_eq!(count_craters(&legal), 19 + 20);
    // Piles 0 of both sizes empty after a third take: EmptyPile.
    let mut t = s.clone();
    t.piles[0][0].remove_front(2);
    t.phase = Phase::Select { step: 0 };
    assert_eq!(
        g.check(&t, Seat(0), &Action::TakePair(0)),
        Err(MoonBaseError::EmptyPile { pile: 0 })
    );
}

#[test]
fn s8_4_check_order_for_placements() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    put(&g, &mut s, on_crater(&g, lg(), "B"));
    s.hands[Seat(0)] = hand(&[lg()]);
    let navy = Piece::new(L, Colour::Navy);
    // Not in hand comes before every shape and rule check.
    assert_eq!(
        g.check(&s, Seat(0), &stack(navy, 7, 3, 32, 0)),
        Err(MoonBaseError::PieceNotInHand { piece: navy })
    );
    assert_eq!(
        g.check(
            &s,
            Seat(0),
            &Action::PlaceOnCrater {
                piece: lg(),
                crater: CraterId(99)
            }
        ),
        Err(MoonBaseError::UnknownCrater {
            crater: CraterId(99)
        })
    );
    assert_eq!(
        g.check(&s, Seat(0), &stack(lg(), 0, 5, 30, 0)),
        Err(MoonBaseError::UnknownRing { ring: RingId(5) })
    );
    assert_eq!(
        g.check(&s, Seat(0), &stack(lg(), 1, 0, 30, 0)),
        Err(MoonBaseError::NotCanonical {
            a: RingId(1),
            b: RingId(0)
        })
    );
    assert_eq!(
        g.check(&s, Seat(0), &stack(lg(), 0, 1, i32::MAX, i32::MIN)),
        Err(MoonBaseError::FarOffBoard {
            x: i32::MAX,
            y: i32::MIN
        })
    );
    assert_eq!(
        g.check(&s, Seat(0), &stack(lg(), 0, 1, -1001, 0)),
        Err(MoonBaseError::FarOffBoard { x: -1001, y: 0 })
    );
    // Within the margin, far points fail on geometry, not overflow.
    assert_eq!(
        g.check(&s, Seat(0), &stack(lg(), 0, 1, -1000, 1300)),
        Err(MoonBaseError::NoVisibleSpace { support: RingId(0) })
    );
    assert_eq!(
        g.check(&s, Seat(0), &on_crater(&g, lg(), "E")),
        Err(MoonBaseError::SizeMismatch {
            piece: L,
            crater: S
        })
    );
    assert_eq!(
        g.check(&s, Seat(0), &Action::Pass),
        Err(MoonBaseError::MustPlace)
    );
    assert_eq!(
        g.check(&s, Seat(0), &Action::PlaceResourceBase(CraterId(0))),
        Err(MoonBaseError::WrongPhase { phase: s.phase })
    );
    // §8.4: declining outside a base step is the wrong phase, whatever the rule.
    assert_eq!(
        g.check(&s, Seat(0), &Action::DeclineResourceBase),
        Err(MoonBaseError::WrongPhase { phase: s.phase })
    );
    // A refused apply changes nothing.
    let before = s.clone();
    assert!(g.apply(&mut s, Seat(0), &stack(lg(), 0, 1, 32, 0)).is_err());
    assert_eq!(s, before);
}

#[test]
fn s1_level_mismatch() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    for c in ["A", "B", "C"] {
        put(&g, &mut s, on_crater(&g, lg(), c));
    }
    put(&g, &mut s, stack(lg(), 0, 1, 30, 0));
    assert_eq!(
        try_place(&g, &s, stack(lg(), 2, 3, 75, 0)),
        Err(MoonBaseError::LevelMismatch { a: 1, b: 2 })
    );
}

#[test]
fn b17_base_rules_in_play() {
    let g = t1();
    let mut s = sandbox(&g, "Z");
    put(&g, &mut s, on_crater(&g, lg(), "A"));
    s.phase = Phase::Base { seat: Seat(0) };
    let a = crater(&g, "A");
    assert_eq!(
        g.check(&s, Seat(0), &Action::PlaceResourceBase(a)),
        Err(MoonBaseError::CraterNotFree { crater: a })
    );
    assert_eq!(
        g.check(&s, Seat(0), &Action::PlaceResourceBase(crater(&g, "Z"))),
        Err(MoonBaseError::CraterNotFree {
            crater: crater(&g, "Z")
        })
    );
    // G overlaps A's ring but is still free for a base (B-17, B-18).
    g.apply(&mut s, Seat(0), &Action::PlaceResourceBase(crater(&g, "G")))
        .unwrap();
    assert_eq!(s.bases_left[Seat(0)], 5);
    assert_eq!(s.bases.len(), 1);
}

#[test]
fn session_plays_a_whole_game_and_scores_it() {
    let mut session = Session::<MoonBase>::new(Config::default(), 11).unwrap();
    let mut rng = game_core::GameRng::new(3);
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let a = legal[rng.below(legal.len() as u32) as usize];
        session.act(seat, &a).unwrap();
    }
    let s = session.state();
    assert_eq!(s.phase, Phase::Over);
    assert!(session.step_count() <= 183);
    let o = session.outcome().unwrap();
    let b = session.game().score_breakdown(s).unwrap();
    assert_eq!(o.scores, vec![b.seats[0].total, b.seats[1].total]);
    assert_eq!(o.places[b.winner.index()], 1);
    let mut places = o.places.clone();
    places.sort_unstable();
    assert_eq!(places, vec![1, 2]);
    // Totals follow the tallies.
    for (p, seat) in b.seats.iter().enumerate() {
        let t = &b.tallies;
        assert_eq!(
            seat.base,
            2 * i64::from(t.settlements[p]) + i64::from(t.bases[p]) - i64::from(t.unplaced[p])
        );
    }
    session.game().check_state(s).unwrap();
}

#[test]
fn deserialized_states_are_checked() {
    let mut session = Session::<MoonBase>::new(Config::default(), 5).unwrap();
    let mut rng = game_core::GameRng::new(9);
    for _ in 0..40 {
        let ToAct::Seat(seat) = session.to_act() else {
            break;
        };
        let legal = session.legal_actions();
        let a = legal[rng.below(legal.len() as u32) as usize];
        session.act(seat, &a).unwrap();
    }
    let g = session.game();
    let s = session.state().clone();
    g.check_state(&s).unwrap();
    let json = serde_json::to_value(&s).unwrap();
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, s);
    // Structural damage is refused by deserialization itself.
    let damaged = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = json.clone();
        f(&mut v);
        serde_json::from_value::<State>(v)
    };
    assert!(damaged(&|v| v["hands"] = serde_json::json!([[[0, 0, 0], [0, 0, 0]]])).is_err());
    assert!(damaged(&|v| v["colour_of"] = serde_json::json!(["Gold", "Gold"])).is_err());
    assert!(damaged(&|v| v["settlements_left"] = serde_json::json!([5, 6])).is_err());
    assert!(damaged(&|v| v["phase"] = serde_json::json!({"Select": {"step": 9}})).is_err());
    // Board-level damage is refused by check_state.
    let mut t = s.clone();
    if let Some(r) = t.rings.as_mut_slice().first_mut() {
        r.x += 1;
        assert!(g.check_state(&t).is_err());
    }
    let mut t = s.clone();
    t.tower = Some(moon_base_core::Host::Crater(crater(g, "S01")));
    assert!(g.check_state(&t).is_err());
    let mut t = s.clone();
    t.round = 7;
    assert!(g.check_state(&t).is_err());
    let mut t = s;
    t.piles[0][0].pop();
    assert!(g.check_state(&t).is_err());
}

#[test]
fn s9_4_decline_resource_base_sorts_after_every_action_and_is_a_plain_string() {
    let piece = Piece::new(S, Colour::Navy);
    let others = [
        Action::ChooseColour(Colour::Silver),
        Action::PlaceTower(CraterId(u16::MAX)),
        Action::TakePair(u8::MAX),
        Action::PlaceOnCrater {
            piece,
            crater: CraterId(u16::MAX),
        },
        stack(piece, u16::MAX, u16::MAX, i32::MAX, i32::MAX),
        Action::Pass,
        Action::PlaceResourceBase(CraterId(u16::MAX)),
    ];
    for a in others {
        assert!(a < Action::DeclineResourceBase, "{a:?}");
    }
    assert_eq!(
        serde_json::to_string(&Action::DeclineResourceBase).unwrap(),
        r#""DeclineResourceBase""#
    );
    assert_eq!(
        serde_json::from_str::<Action>(r#""DeclineResourceBase""#).unwrap(),
        Action::DeclineResourceBase
    );
}

#[test]
fn optional_bases_play_whole_games_and_declines_keep_the_base() {
    // B-16 under Optional in play: a seat that declines keeps its base, and
    // the game still ends within its step bound.
    let config = Config {
        base_rule: moon_base_core::BaseRule::Optional,
        ..Config::default()
    };
    let mut declined = 0;
    for seed in 0..4 {
        let mut session = Session::<MoonBase>::new(config.clone(), seed).unwrap();
        let mut rng = game_core::GameRng::new(seed);
        while let ToAct::Seat(seat) = session.to_act() {
            let legal = session.legal_actions();
            if matches!(session.state().phase, Phase::Base { .. }) {
                assert_eq!(legal.last(), Some(&Action::DeclineResourceBase));
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            if a == Action::DeclineResourceBase {
                let before = session.state().clone();
                session.act(seat, &a).unwrap();
                let after = session.state();
                assert_eq!(after.bases, before.bases);
                assert_eq!(after.bases_left, before.bases_left);
                declined += 1;
            } else {
                session.act(seat, &a).unwrap();
            }
        }
        assert!(session.step_count() <= 183);
        session.game().check_state(session.state()).unwrap();
    }
    assert!(declined > 0, "random play declines some bases");
}
