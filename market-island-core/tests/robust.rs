//! No panics on any input (MI-40): damaged states, odd actions and chance
//! outcomes, and random configs are answered with errors or played safely.

use game_core::{Determinize, Game, GameRng, Render, Seat, ToAct, Viewer, random_playout};
use market_island_core::{Action, Chance, Config, MarketIsland, State};
use proptest::prelude::*;
use serde_json::Value;

/// Numbers worth trying in place of any number of a state.
const EDGES: [i64; 12] = [0, 1, 2, 5, 6, 7, 31, 52, 255, 256, -1, 2_147_483_647];

/// Replaces the `k`-th number (in document order) of `v`, if there is one.
fn mutate(v: &mut Value, k: &mut usize, with: i64) -> bool {
    match v {
        Value::Number(_) => {
            if *k == 0 {
                *v = with.into();
                return true;
            }
            *k -= 1;
            false
        }
        Value::Array(items) => items.iter_mut().any(|x| mutate(x, k, with)),
        Value::Object(map) => map.values_mut().any(|x| mutate(x, k, with)),
        Value::Null | Value::Bool(_) | Value::String(_) => false,
    }
}

/// Every entry point on a state that may be impossible: nothing may panic.
fn poke(g: &MarketIsland, s: &State) {
    let _ = g.check_state(s);
    let _ = g.outcome(s);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    g.chance_outcomes(s, &mut outcomes);
    for seat in 0..8u8 {
        g.legal_actions(s, Seat(seat), &mut legal);
        for a in [
            Action::Decline,
            Action::Mine,
            Action::Keep(0),
            Action::Keep(1),
            Action::Keep(9),
        ] {
            let mut t = s.clone();
            let _ = g.apply(&mut t, Seat(seat), &a);
        }
        let _ = g.render_obs(&g.observe(s, Viewer::Seat(Seat(seat))));
    }
    let _ = g.render_obs(&g.observe(s, Viewer::Spectator));
    for (c, _) in outcomes.iter().take(4) {
        let mut t = s.clone();
        let _ = g.apply_chance(&mut t, c);
    }
    for c in [
        Chance::Die(0),
        Chance::Die(200),
        Chance::StartSeat(Seat(9)),
        Chance::TieBreak(Seat(3)),
    ] {
        let mut t = s.clone();
        let _ = g.apply_chance(&mut t, &c);
    }
    let mut rng = GameRng::new(1);
    if g.check_state(s).is_ok() {
        for seat in 0..g.seats() {
            let d = g.determinize(s, Seat(seat as u8), &mut rng);
            assert!(g.check_state(&d).is_ok());
        }
        let mut t = s.clone();
        random_playout(
            g,
            &mut t,
            &mut rng,
            g.max_steps(),
            &mut Vec::new(),
            &mut Vec::new(),
        );
        assert_eq!(g.to_act(&t), ToAct::Over);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn damaged_states_never_panic(seed in any::<u64>(), plies in 0usize..200, picks in proptest::collection::vec((any::<usize>(), 0usize..12), 1..6)) {
        let g = MarketIsland::new(Config::with_seats(3)).unwrap();
        let mut s = g.initial_state();
        let mut rng = GameRng::new(seed);
        random_playout(&g, &mut s, &mut rng, plies, &mut Vec::new(), &mut Vec::new());
        let mut json = serde_json::to_value(&s).unwrap();
        for (k, e) in picks {
            let mut k = k % 4000;
            mutate(&mut json, &mut k, EDGES[e]);
        }
        if let Ok(damaged) = serde_json::from_value::<State>(json) {
            poke(&g, &damaged);
        }
    }

    #[test]
    fn random_configs_are_accepted_or_refused(seats in 0u8..9, balance in 0u32..1200, fee in 0u32..120, faces in 0u8..25, turns in 0u16..1100, board in "[SAEIJFTX]{0,6}") {
        let mut c = Config {
            seats,
            start_balance: balance,
            mining_fee: fee,
            die_faces: faces,
            max_turns: turns,
            ..Config::default()
        };
        if let Ok(b) = market_island_core::parse_board(&board) {
            c.board = b;
        }
        if let Ok(g) = MarketIsland::new(c) {
            let mut s = g.initial_state();
            let mut rng = GameRng::new(u64::from(balance));
            random_playout(&g, &mut s, &mut rng, g.max_steps(), &mut Vec::new(), &mut Vec::new());
            prop_assert_eq!(g.to_act(&s), ToAct::Over);
            prop_assert!(g.check_state(&s).is_ok());
        }
    }
}

#[test]
fn balances_near_the_i32_limit_are_refused_not_wrapped() {
    let g = MarketIsland::new(Config::with_seats(2)).unwrap();
    let mut s = g.initial_state();
    let mut rng = GameRng::new(3);
    random_playout(&g, &mut s, &mut rng, 12, &mut Vec::new(), &mut Vec::new());
    let mut json = serde_json::to_value(&s).unwrap();
    json["seats"][0]["balance"] = i64::from(i32::MAX).into();
    let s: State = serde_json::from_value(json).unwrap();
    assert!(g.check_state(&s).is_err());
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    let (c, _) = outcomes.first().expect("the position is a chance node");
    let mut t = s.clone();
    assert!(g.apply_chance(&mut t, c).is_err());
    assert_eq!(t, s, "refused: nothing changed");
}

#[test]
fn a_state_with_an_out_of_table_seat_does_not_deserialize() {
    let g = MarketIsland::new(Config::with_seats(2)).unwrap();
    let s = g.initial_state();
    let mut json = serde_json::to_value(&s).unwrap();
    json["phase"] = serde_json::json!({"Decide": {"seat": 5}});
    assert!(serde_json::from_value::<State>(json).is_err());
}
