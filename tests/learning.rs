//! The learning view through the type-erased registry: every registered
//! game plays to the end by action indices, with tensors of its shape.

use game_core::{GameRng, Seat, ToAct, Viewer};
use tabletop::registry::{RegistryError, games};

#[test]
fn every_game_plays_to_the_end_by_indices_with_fixed_tensor_shapes() {
    for game in games() {
        let mut session = game.open(&serde_json::Value::Null, 7).unwrap();
        let shape = session.observation_shape();
        let len: usize = shape.iter().product();
        let space = session.num_distinct_actions();
        let mut rng = GameRng::new(3);
        let mut tensor = Vec::new();
        let mut steps = 0;
        while let ToAct::Seat(seat) = session.to_act() {
            let indices = session.legal_action_indices();
            assert_eq!(
                indices.len(),
                session.legal_actions().len(),
                "{}",
                game.name()
            );
            assert!(indices.iter().all(|&i| i < space), "{}", game.name());
            session.observation_tensor(Viewer::Seat(seat), &mut tensor);
            assert_eq!(tensor.len(), len, "{}", game.name());
            let pick = indices[rng.below(indices.len() as u32) as usize];
            session.act_index(pick).unwrap();
            steps += 1;
            assert!(steps < 100_000, "{} does not end", game.name());
        }
        assert!(session.outcome().is_some(), "{}", game.name());
        session.observation_tensor(Viewer::Spectator, &mut tensor);
        assert_eq!(tensor.len(), len, "{}", game.name());
        assert_eq!(session.observation_shape(), shape, "{}", game.name());
    }
}

#[test]
fn an_index_with_no_legal_action_is_refused_and_changes_nothing() {
    for game in games() {
        let mut session = game.open(&serde_json::Value::Null, 11).unwrap();
        let before = session.replay_json();
        let legal = session.legal_action_indices();
        let unused = (0..).find(|i| !legal.contains(i)).unwrap();
        let err = session.act_index(unused).unwrap_err();
        assert!(
            matches!(err, RegistryError::NoActionAtIndex { index, .. } if index == unused)
                || matches!(err, RegistryError::Refused { .. }),
            "{}: {err:?}",
            game.name()
        );
        assert_eq!(session.replay_json(), before, "{}", game.name());
    }
}

#[test]
fn random_playout_ends_the_game_and_is_fixed_by_its_seed() {
    for game in games() {
        let mut a = game.open(&serde_json::Value::Null, 5).unwrap();
        let mut b = a.clone_box();
        let steps = a.random_playout(99);
        assert!(steps > 0, "{}", game.name());
        assert_eq!(a.to_act(), ToAct::Over, "{}", game.name());
        b.random_playout(99);
        assert_eq!(a.replay_json(), b.replay_json(), "{}", game.name());
    }
    let _ = Seat(0);
}

/// The playout the registry's loop of `legal_actions`, `rng.below` and
/// `act` (and `rng.pick` of chance with automatic chance off) plays, step
/// for step: `random_playout` draws without the list and skips the check,
/// but plays the same game for a seed.
fn listed_playout(s: &mut dyn tabletop::registry::AnySession, seed: u64) {
    let mut rng = tabletop::game_core::GameRng::new(seed);
    loop {
        match s.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let outcomes = s.chance_outcomes();
                let c = rng.pick(&outcomes).unwrap().clone();
                s.apply_chance(&c).unwrap();
            }
            ToAct::Seat(seat) => {
                let legal = s.legal_actions();
                let a = legal[rng.below(legal.len() as u32) as usize].clone();
                s.act(seat, &a).unwrap();
            }
        }
    }
}

#[test]
fn random_playout_plays_the_game_of_the_listed_loop() {
    for game in games() {
        for (seed, auto_chance) in [(3, true), (4, false), (8, true)] {
            let mut fast = game.open(&serde_json::Value::Null, seed).unwrap();
            fast.set_auto_chance(auto_chance);
            let mut listed = fast.clone_box();
            listed.set_auto_chance(auto_chance);
            fast.random_playout(seed + 100);
            listed_playout(listed.as_mut(), seed + 100);
            assert_eq!(
                fast.replay_json(),
                listed.replay_json(),
                "{} seed {seed} auto chance {auto_chance}",
                game.name()
            );
        }
    }
}

#[test]
fn chance_can_be_stepped_by_hand_through_the_registry() {
    let game = tabletop::registry::find("pig").unwrap();
    let mut session = game.open(&serde_json::Value::Null, 1).unwrap();
    session.set_auto_chance(false);
    session.act(Seat(0), &serde_json::json!("Roll")).unwrap();
    assert_eq!(session.to_act(), ToAct::Chance);
    let outcomes = session.chance_outcomes();
    assert_eq!(outcomes.len(), 6);
    assert!(session.apply_chance(&serde_json::json!(7)).is_err());
    session.apply_chance(&outcomes[4].0).unwrap();
    assert_eq!(session.to_act(), ToAct::Seat(Seat(0)));
}

/// A reset of a learning loop: `restart` gives what `open` gives for the
/// same config and seed, whatever the session had played, and keeps a
/// config that is not the default.
#[test]
fn restart_opens_the_same_game_as_open_without_reading_the_config() {
    let moon_competitive = serde_json::json!({"mode": "Competitive", "players": 3});
    let mut cases: Vec<_> = games()
        .into_iter()
        .map(|g| (g, serde_json::Value::Null))
        .collect();
    cases.push((tabletop::registry::find("moon").unwrap(), moon_competitive));
    for (game, config) in cases {
        let mut played = game.open(&config, 1).unwrap();
        played.random_playout(3);
        let mut restarted = played.restart(42);
        let mut opened = game.open(&config, 42).unwrap();
        assert_eq!(
            restarted.replay_json(),
            opened.replay_json(),
            "{}",
            game.name()
        );
        assert_eq!(restarted.seats(), opened.seats(), "{}", game.name());
        restarted.random_playout(9);
        opened.random_playout(9);
        assert_eq!(
            restarted.replay_json(),
            opened.replay_json(),
            "{}",
            game.name()
        );
    }
}

/// A playout loop's bound is the game's own (`Game::max_steps`): every
/// random playout ends within it, and it is the bound of the typed game.
#[test]
fn max_steps_bounds_every_playout_and_is_the_games_own() {
    use game_core::Game;
    let typed = [
        (
            "moon",
            moon_core::Moon::new(Default::default())
                .unwrap()
                .max_steps(),
        ),
        (
            "binary-scrabble",
            binary_scrabble_core::Scrabble::new(Default::default())
                .unwrap()
                .max_steps(),
        ),
        (
            "market-island",
            market_island_core::MarketIsland::new(Default::default())
                .unwrap()
                .max_steps(),
        ),
        (
            "moon-base",
            moon_base_core::MoonBase::new(Default::default())
                .unwrap()
                .max_steps(),
        ),
    ];
    for (name, bound) in typed {
        let game = tabletop::registry::find(name).unwrap();
        let mut session = game.open(&serde_json::Value::Null, 5).unwrap();
        assert_eq!(session.max_steps(), bound, "{name}");
        let steps = session.random_playout(5);
        assert!(steps > 0 && steps <= bound, "{name}: {steps} of {bound}");
    }
}
