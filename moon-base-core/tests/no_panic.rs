//! Damaged states read from JSON never make a call panic: every numeric
//! leaf of real states is overwritten with hostile values, and whatever
//! deserializes is driven through the whole API.

use game_core::{Game, GameRng, Render, Seat, Session, ToAct};
use moon_base_core::{MoonBase, State};
use serde_json::Value;

/// Paths to every number in a JSON value.
fn numbers(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Number(_) => out.push(path.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(i.to_string());
                numbers(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                path.push(k.clone());
                numbers(item, path, out);
                path.pop();
            }
        }
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match v {
        Value::Array(items) => &mut items[k.parse::<usize>().unwrap()],
        Value::Object(map) => map.get_mut(k).unwrap(),
        Value::Null | Value::Bool(_) | Value::Number(_) | Value::String(_) => v,
    })
}

fn exercise(g: &MoonBase, s: &State) {
    let _ = g.check_state(s);
    let _ = g.render_obs(s);
    let _ = g.score_breakdown(s);
    let _ = g.outcome(s);
    let mut chances = Vec::new();
    g.chance_outcomes(s, &mut chances);
    for (c, _) in &chances {
        let _ = g.apply_chance(&mut s.clone(), c);
    }
    let mut legal = Vec::new();
    for seat in [Seat(0), Seat(1), Seat(2)] {
        g.legal_actions(s, seat, &mut legal);
        for a in legal.iter().take(8) {
            let _ = g.apply(&mut s.clone(), seat, a);
        }
    }
    let _ = g.to_act(s);
}

#[test]
fn hostile_numbers_in_states_never_panic() {
    let g = MoonBase::new(Default::default()).unwrap();
    let mut rng = GameRng::new(99);
    let hostile: [i64; 8] = [0, 1, 2, 47, 255, 65535, -1, 2_147_483_647];
    let mut session = Session::<MoonBase>::new(Default::default(), 4).unwrap();
    let mut samples = Vec::new();
    while let ToAct::Seat(seat) = session.to_act() {
        if session.step_count().is_multiple_of(25) {
            samples.push(session.state().clone());
        }
        let legal = session.legal_actions();
        let a = legal[rng.below(legal.len() as u32) as usize];
        session.act(seat, &a).unwrap();
    }
    samples.push(session.state().clone());
    let mut accepted = 0;
    for s in &samples {
        let json = serde_json::to_value(s).unwrap();
        let mut paths = Vec::new();
        numbers(&json, &mut Vec::new(), &mut paths);
        for _ in 0..60 {
            let mut v = json.clone();
            for _ in 0..1 + rng.below(3) {
                let p = &paths[rng.below(paths.len() as u32) as usize];
                *at(&mut v, p) = Value::from(hostile[rng.below(8) as usize]);
            }
            if let Ok(bad) = serde_json::from_value::<State>(v) {
                accepted += 1;
                exercise(&g, &bad);
            }
        }
    }
    assert!(accepted > 0, "some damaged states still deserialize");
}
