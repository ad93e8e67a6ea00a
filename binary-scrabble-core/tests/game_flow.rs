//! Turns, draws, exchanges, observations, state validation, configs and
//! text: the engine rules E-1 to E-9 and the options of section 9.

use crate::common;

use binary_scrabble_core::{
    Action, Config, EndReason, Kind, KindCounts, LastTurn, Pending, Scrabble, ScrabbleError, State,
    XorTiles,
};
use common::{board, game, play, rack};
use game_core::{
    Determinize, Error, Game, GameRng, LogEntry, Render, Seat, Session, ToAct, Viewer,
};

fn dealt(seed: u64) -> Session<Scrabble> {
    Session::<Scrabble>::new(Config::default(), seed).unwrap()
}

fn config_error(config: Config) -> String {
    match Scrabble::new(config) {
        Err(ScrabbleError::Core(Error::Config(c))) => c.field,
        other => panic!("expected a config error, got {other:?}"),
    }
}

#[test]
fn section9_every_range_is_validated() {
    let d = Config::default;
    assert_eq!(config_error(Config { players: 1, ..d() }), "players");
    assert_eq!(config_error(Config { players: 5, ..d() }), "players");
    let xor = |count, points| Some(XorTiles { count, points });
    assert_eq!(
        config_error(Config {
            xor_tiles: xor(0, 1),
            ..d()
        }),
        "xor_tiles.count"
    );
    assert_eq!(
        config_error(Config {
            xor_tiles: xor(21, 1),
            ..d()
        }),
        "xor_tiles.count"
    );
    assert_eq!(
        config_error(Config {
            xor_tiles: xor(4, 11),
            ..d()
        }),
        "xor_tiles.points"
    );
    assert_eq!(
        config_error(Config {
            rotated_equals: true,
            ..d()
        }),
        "rotated_equals"
    );
    assert_eq!(
        config_error(Config {
            full_rack_bonus: 1001,
            ..d()
        }),
        "full_rack_bonus"
    );
    assert_eq!(
        config_error(Config {
            exchange_min_bag: 0,
            ..d()
        }),
        "exchange_min_bag"
    );
    assert_eq!(
        config_error(Config {
            exchange_min_bag: 101,
            ..d()
        }),
        "exchange_min_bag"
    );
    assert_eq!(
        config_error(Config {
            max_scoreless_turns: 0,
            ..d()
        }),
        "max_scoreless_turns"
    );
    for players in 2..=4 {
        assert!(Scrabble::new(Config { players, ..d() }).is_ok());
    }
}

#[test]
fn config_json_defaults_and_unknown_fields() {
    let c: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(c, Config::default());
    let c: Config =
        serde_json::from_str(r#"{"players":3,"xor_tiles":{"count":4,"points":1}}"#).unwrap();
    assert_eq!(c.players, 3);
    assert_eq!(Scrabble::new(c).unwrap().tile_set().total(), 104);
    assert!(serde_json::from_str::<Config>(r#"{"player":3}"#).is_err());
    let json = serde_json::to_string(&Config::default()).unwrap();
    assert_eq!(
        serde_json::from_str::<Config>(&json).unwrap(),
        Config::default()
    );
}

#[test]
fn r2_tile_set_and_points() {
    let g = game(Config::default());
    assert_eq!(g.tile_set().total(), 100);
    let points: i32 = g.tile_set().tiles().map(|k| g.points(k)).sum();
    assert_eq!(points, 106);
    assert_eq!(g.tile_set().get(Kind::Xor), 0);
    assert!(!g.face_in_play(binary_scrabble_core::Face::Xor));
}

#[test]
fn r4_deal_one_chance_event_per_tile_seen_only_by_the_drawer() {
    let g = game(Config {
        players: 3,
        ..Config::default()
    });
    let mut s = g.initial_state();
    let mut steps = 0;
    while g.to_act(&s) == ToAct::Chance {
        let drawer = s.pending.unwrap().seat();
        let mut outcomes = Vec::new();
        g.chance_outcomes(&s, &mut outcomes);
        // E-3: kinds in the bag, in kind order, weighted by count.
        let weights: u32 = outcomes.iter().map(|(_, w)| w).sum();
        assert_eq!(weights, s.bag.total());
        assert!(outcomes.windows(2).all(|w| w[0].0 < w[1].0));
        let (kind, _) = outcomes[steps % outcomes.len()];
        assert_eq!(g.public_chance(&s, &kind, Viewer::Seat(drawer)), Some(kind));
        assert_eq!(g.public_chance(&s, &kind, Viewer::Spectator), None);
        assert_eq!(
            g.public_chance(&s, &kind, Viewer::Seat(drawer.next(3))),
            None
        );
        g.apply_chance(&mut s, &kind).unwrap();
        steps += 1;
    }
    assert_eq!(steps, 27);
    assert_eq!(g.to_act(&s), ToAct::Seat(Seat(0)));
    assert!(s.racks.iter().all(|(_, r)| r.total() == 9));
    assert_eq!(s.bag.total(), 73);
    g.check_state(&s).unwrap();
}

#[test]
fn r10_refill_after_a_play_then_the_next_seat() {
    // The first seed whose opening rack has a play.
    let (mut session, p) = (1..)
        .find_map(|seed| {
            let session = dealt(seed);
            match session.legal_actions().first() {
                Some(Action::Play(p)) => Some((session.clone(), *p)),
                _ => None,
            }
        })
        .unwrap();
    let seat = Seat(0);
    let n = p.tiles().len();
    session.set_auto_chance(false);
    session.act(seat, &Action::Play(p)).unwrap();
    let s = session.state();
    assert_eq!(
        s.pending,
        Some(Pending::Refill {
            seat,
            left: n as u8
        })
    );
    assert_eq!(session.to_act(), ToAct::Chance);
    for _ in 0..n {
        let (kind, _) = session.chance_outcomes()[0];
        session.apply_chance(&kind).unwrap();
    }
    assert_eq!(session.state().racks[seat].total(), 9);
    assert_eq!(session.to_act(), ToAct::Seat(Seat(1)));
}

#[test]
fn r29_exchange_sets_aside_draws_then_returns() {
    let mut session = dealt(3);
    session.set_auto_chance(false);
    let before = session.state().clone();
    let mine = before.racks[Seat(0)];
    let two: Vec<Kind> = mine.tiles().take(2).collect();
    let swap = KindCounts::from_kinds(two).unwrap();
    session.act(Seat(0), &Action::Exchange(swap)).unwrap();
    let s = session.state().clone();
    assert_eq!(s.racks[Seat(0)].total(), 7);
    assert_eq!(s.scoreless, 1);
    assert_eq!(
        s.last_turn,
        Some(LastTurn::Exchange {
            seat: Seat(0),
            count: 2
        })
    );
    // The set-aside tiles are not in the bag while drawing.
    assert_eq!(s.bag, before.bag);
    let me = session.game().observe(&s, Viewer::Seat(Seat(0)));
    let other = session.game().observe(&s, Viewer::Seat(Seat(1)));
    assert_eq!(me.set_aside, Some(swap));
    assert_eq!(other.set_aside, None);
    assert_eq!(other.rack_sizes.as_slice(), &[7, 9]);
    for _ in 0..2 {
        let (kind, _) = session.chance_outcomes()[0];
        session.apply_chance(&kind).unwrap();
    }
    let s = session.state();
    assert_eq!(s.racks[Seat(0)].total(), 9);
    assert_eq!(s.bag.total(), before.bag.total());
    assert_eq!(s.pending, None);
    assert_eq!(session.to_act(), ToAct::Seat(Seat(1)));
    session.game().check_state(s).unwrap();
}

#[test]
fn r29_others_log_an_exchange_by_its_count_only() {
    let mut session = dealt(3);
    let mine = session.state().racks[Seat(0)];
    let swap = KindCounts::from_kinds(mine.tiles().take(3).collect::<Vec<Kind>>()).unwrap();
    session.act(Seat(0), &Action::Exchange(swap)).unwrap();
    let exchange_entry = |viewer| {
        session
            .log_for(viewer)
            .into_iter()
            .find(|e| matches!(e, LogEntry::Action { seat: Seat(0), .. }))
            .unwrap()
    };
    assert_eq!(
        exchange_entry(Viewer::Seat(Seat(0))),
        LogEntry::Action {
            seat: Seat(0),
            action: Some(Action::Exchange(swap))
        }
    );
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert_eq!(
            exchange_entry(viewer),
            LogEntry::Action {
                seat: Seat(0),
                action: Some(Action::HiddenExchange(3))
            }
        );
    }
    // The public form is text too, and can never be played.
    let hidden: Action = "exchange of 3 tiles".parse().unwrap();
    assert_eq!(hidden, Action::HiddenExchange(3));
    assert_eq!(hidden.to_string(), "exchange of 3 tiles");
    let seat = session.to_act().seat().unwrap();
    assert_eq!(session.check(seat, &hidden), Err(ScrabbleError::LogOnly));
}

#[test]
fn e7_exchange_errors_in_order() {
    let strict = game(Config {
        exchange_min_bag: 100,
        ..Config::default()
    });
    let s = strict.position(&board(""), &rack("0 1 = + x")).unwrap();
    assert_eq!(
        strict.check(&s, Seat(0), &Action::Exchange(rack("0"))),
        Err(ScrabbleError::ExchangeNotAllowed { bag: 86, min: 100 })
    );
    let g = game(Config {
        exchange_min_bag: 1,
        ..Config::default()
    });
    let mut s = g.position(&board(""), &rack("0 1 = + x")).unwrap();
    assert_eq!(
        g.check(&s, Seat(0), &Action::Exchange(KindCounts::EMPTY)),
        Err(ScrabbleError::EmptyExchange)
    );
    assert!(matches!(
        g.check(&s, Seat(0), &Action::Exchange(rack("0 0"))),
        Err(ScrabbleError::TilesNotOnRack {
            kind: Kind::Zero,
            needed: 2,
            held: 1
        })
    ));
    // A nearly empty bag (a hand-made state: `check` does not need the
    // whole tile set).
    s.bag = rack("1 1");
    assert_eq!(
        g.check(&s, Seat(0), &Action::Exchange(rack("0 1 ="))),
        Err(ScrabbleError::ExchangeTooLarge { size: 3, bag: 2 })
    );
    assert_eq!(g.check(&s, Seat(0), &Action::Exchange(rack("0 1"))), Ok(()));
    // The shared checks come first.
    assert_eq!(
        g.check(&s, Seat(1), &Action::Pass),
        Err(ScrabbleError::Core(Error::NotYourTurn {
            seat: Seat(1),
            to_act: Seat(0)
        }))
    );
    assert_eq!(
        g.check(&s, Seat(7), &Action::Pass),
        Err(ScrabbleError::Core(Error::UnknownSeat {
            seat: Seat(7),
            seats: 2
        }))
    );
}

#[test]
fn r33_a_play_resets_the_scoreless_counter() {
    let g = game(Config::default());
    let mut s = g
        .position(&board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0"), &rack("1 0"))
        .unwrap();
    s.scoreless = 5;
    g.apply(&mut s, Seat(0), &Action::Play(play("Across B8 1, I8 0")))
        .unwrap();
    assert_eq!(s.scoreless, 0);
}

#[test]
fn e6_observations_hide_other_racks() {
    let session = dealt(21);
    let g = session.game();
    let s = session.state();
    let o0 = g.observe(s, Viewer::Seat(Seat(0)));
    assert_eq!(o0.rack, Some(s.racks[Seat(0)]));
    // Unseen: the tile set minus the viewer's rack (the board is empty).
    assert_eq!(
        o0.unseen,
        g.tile_set().checked_sub(&s.racks[Seat(0)]).unwrap()
    );
    let spectator = g.observe(s, Viewer::Spectator);
    assert_eq!(spectator.rack, None);
    assert_eq!(spectator.unseen, g.tile_set());
    // Moving tiles between the bag and seat 1's rack changes nothing for seat 0.
    let mut t = s.clone();
    let k = t.racks[Seat(1)].tiles().next().unwrap();
    let other = Kind::ALL
        .into_iter()
        .find(|x| *x != k && t.bag.get(*x) > 0)
        .unwrap();
    t.racks[Seat(1)].remove_one(k).unwrap();
    t.racks[Seat(1)].add_one(other).unwrap();
    t.bag.remove_one(other).unwrap();
    t.bag.add_one(k).unwrap();
    g.check_state(&t).unwrap();
    assert_eq!(g.observe(&t, Viewer::Seat(Seat(0))), o0);
    assert_ne!(
        g.observe(&t, Viewer::Seat(Seat(1))),
        g.observe(s, Viewer::Seat(Seat(1)))
    );
}

#[test]
fn determinize_redeals_only_what_the_seat_cannot_see() {
    let session = dealt(8);
    let g = session.game();
    let s = session.state();
    let mut rng = GameRng::new(1);
    let mut changed = false;
    for _ in 0..8 {
        let d = g.determinize(s, Seat(0), &mut rng);
        g.check_state(&d).unwrap();
        assert_eq!(d.racks[Seat(0)], s.racks[Seat(0)]);
        assert_eq!(d.racks[Seat(1)].total(), 9);
        assert_eq!(
            g.observe(&d, Viewer::Seat(Seat(0))),
            g.observe(s, Viewer::Seat(Seat(0)))
        );
        changed |= d.racks[Seat(1)] != s.racks[Seat(1)];
    }
    assert!(changed, "the other rack is redrawn");
}

fn valid(g: &Scrabble, s: &State) -> Result<(), String> {
    g.check_state(s).map_err(|e| e.to_string())
}

#[test]
fn e1_check_state_rejects_impossible_states() {
    let g = game(Config::default());
    let good = g
        .position(&board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0"), &rack("0 1 ="))
        .unwrap();
    assert_eq!(valid(&g, &good), Ok(()));
    // A tile too many in the bag.
    let mut s = good.clone();
    s.bag.add_one(Kind::Zero).unwrap();
    assert!(valid(&g, &s).unwrap_err().contains("tile set"));
    // A rack of ten.
    let mut s = good.clone();
    s.racks[Seat(0)] = rack("0 0 0 0 0 1 1 1 1 1");
    assert!(valid(&g, &s).is_err());
    // A false run on the board.
    let s = g.position(&board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 1"), &rack("0"));
    assert!(matches!(s, Err(ScrabbleError::Core(Error::BadState(_)))));
    // Tiles away from the rest.
    let s = g.position(
        &board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0, A1 0"),
        &rack("0"),
    );
    assert!(s.is_err());
    // A board without the centre.
    assert!(g.position(&board("A1 1, B1 =, C1 1"), &rack("0")).is_err());
    // A seat that is not at the table.
    let mut s = good.clone();
    s.to_move = Seat(2);
    assert!(valid(&g, &s).is_err());
    // A refill that is not after a play.
    let mut s = good.clone();
    s.pending = Some(Pending::Refill {
        seat: Seat(0),
        left: 1,
    });
    assert!(valid(&g, &s).is_err());
    // An ending that did not happen.
    let mut s = good.clone();
    s.ending = Some(binary_scrabble_core::Ending {
        reason: EndReason::WentOut { seat: Seat(0) },
        adjustments: s.scores,
    });
    assert!(valid(&g, &s).is_err());
    // Through JSON: a state read back is checked, a broken one is refused.
    let json = serde_json::to_string(&good).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, good);
    let broken = json.replace("\"H8 0\"", "\"H8 1\"");
    let back: State = serde_json::from_str(&broken).unwrap();
    assert!(valid(&g, &back).is_err());
}

#[test]
fn e9_max_steps_bound() {
    let g = game(Config::default());
    // (100 + 1) turns per scoreless streak of 6, 10 steps a turn, and the deal.
    assert_eq!(g.max_steps(), 101 * 6 * 10 + 18);
}

#[test]
fn render_shows_coordinates_premiums_and_tiles() {
    let g = game(Config::default());
    let s = g
        .position(
            &board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 ?0"),
            &rack("0 1 ="),
        )
        .unwrap();
    let text = g.render_obs(&g.observe(&s, Viewer::Seat(Seat(0))));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains('A') && lines[0].contains('O'));
    assert!(lines[1].starts_with(" 1") && lines[1].contains("tw"));
    assert!(lines[8].starts_with(" 8") && lines[8].contains("?0") && lines[8].contains('='));
    assert!(lines[15].starts_with("15"));
    assert!(text.contains("rack of seat 0: 0 1 ="));
    assert!(text.contains("seat 0 to move"));
}

#[test]
fn parse_action_reads_what_render_action_prints() {
    let g = game(Config::default());
    let s = g
        .position(
            &board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0"),
            &rack("1 0 = x ?"),
        )
        .unwrap();
    let mut legal = Vec::new();
    g.legal_actions(&s, Seat(0), &mut legal);
    for a in legal.iter().step_by(37) {
        assert_eq!(g.parse_action(&g.render_action(a), &legal), Some(*a));
    }
    // Lower case, no commas, tiles in any order; a single tile may say Down.
    let p = g.parse_action("across k8 0 i8 = j8 1", &legal);
    assert_eq!(p, Some(Action::Play(play("Across I8 =, J8 1, K8 0"))));
    assert_eq!(g.parse_action("pass", &legal), Some(Action::Pass));
    assert_eq!(g.parse_action("Across A1 1", &legal), None);
    // A single tile may be typed as Down (P-3b has two single-tile plays).
    let g = game(Config {
        xor_tiles: Some(XorTiles {
            count: 4,
            points: 1,
        }),
        ..Config::default()
    });
    let p3 = "E5 1, E6 1, E7 +, B8 1, C8 1, D8 +, E8 1, F8 =, G8 1, H8 0, I8 0, \
        E9 =, I9 =, E10 1, I10 0, E11 0, I11 x, E12 0, I12 1";
    let s = g.position(&board(p3), &rack("1 0 XOR NOT =")).unwrap();
    g.legal_actions(&s, Seat(0), &mut legal);
    let single = Action::Play(play("Across I13 0"));
    assert!(legal.binary_search(&single).is_ok());
    assert_eq!(g.parse_action("Down I13 0", &legal), Some(single));
}

#[test]
fn actions_are_rejected_after_the_end() {
    let mut session = dealt(4);
    for _ in 0..6 {
        let ToAct::Seat(seat) = session.to_act() else {
            break;
        };
        session.act(seat, &Action::Pass).unwrap();
    }
    assert_eq!(session.to_act(), ToAct::Over);
    let g = session.game();
    let s = session.state();
    assert_eq!(
        g.check(s, Seat(0), &Action::Pass),
        Err(ScrabbleError::Core(Error::GameOver))
    );
    let mut legal = Vec::new();
    g.legal_actions(s, Seat(0), &mut legal);
    assert!(legal.is_empty());
    // Every rack is shown once the game is over.
    let o = g.observe(s, Viewer::Spectator);
    assert_eq!(o.revealed_racks, Some(s.racks));
}

#[test]
fn damaged_states_give_errors_not_panics() {
    let g = game(Config::default());
    let good = dealt(2).state().clone();
    let mut broken = Vec::new();
    let mut s = good.clone();
    s.to_move = Seat(9);
    broken.push(s);
    let mut s = good.clone();
    s.racks = game_core::BySeat::from_slice(&[rack("0 1")]).unwrap();
    broken.push(s);
    let mut s = good.clone();
    s.pending = Some(Pending::Refill {
        seat: Seat(7),
        left: 3,
    });
    broken.push(s);
    let mut s = good.clone();
    s.pending = Some(Pending::Deal { seat: Seat(3) });
    broken.push(s);
    let mut s = good.clone();
    s.scores = game_core::BySeat::from_slice(&[]).unwrap();
    broken.push(s);
    let mut s = good.clone();
    s.bag = KindCounts::EMPTY;
    s.pending = Some(Pending::Exchange {
        seat: Seat(0),
        left: 200,
        set_aside: KindCounts([255; 12]),
    });
    broken.push(s);
    for s in &broken {
        assert!(g.check_state(s).is_err(), "{s:?}");
        // Nothing panics on a state that skipped validation.
        let _ = g.to_act(s);
        for seat in [Seat(0), Seat(1), Seat(9)] {
            let mut legal = Vec::new();
            g.legal_actions(s, seat, &mut legal);
            let _ = g.check(s, seat, &Action::Pass);
            let mut t = s.clone();
            let _ = g.apply(&mut t, seat, &Action::Pass);
            let _ = g.observe(s, Viewer::Seat(seat));
        }
        let mut outcomes = Vec::new();
        g.chance_outcomes(s, &mut outcomes);
        for kind in Kind::ALL {
            let mut t = s.clone();
            let _ = g.apply_chance(&mut t, &kind);
        }
        let _ = g.observe(s, Viewer::Spectator);
        let _ = g.outcome(s);
        let _ = g.render_obs(&g.observe(s, Viewer::Spectator));
    }
}

#[test]
fn e1_a_state_whose_seat_to_move_is_not_at_the_table_is_refused_as_it_is_read() {
    let g = game(Config::default());
    let s = g.initial_state();
    let mut json = serde_json::to_value(&s).unwrap();
    assert_eq!(serde_json::from_value::<State>(json.clone()).unwrap(), s);
    json["to_move"] = serde_json::json!(3);
    let err = serde_json::from_value::<State>(json).unwrap_err();
    assert!(err.to_string().contains("to_move"), "{err}");
}
