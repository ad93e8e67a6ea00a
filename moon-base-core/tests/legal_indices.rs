//! `Learning::legal_indices`, which ranks second supports from one listing,
//! gives every legal action the index `action_to_index` gives it, and
//! `index_to_action` decodes each back to its action, on the positions of
//! seeded random games.

use game_core::{GameRng, Learning, Session, ToAct};
use moon_base_core::{Config, MoonBase, StartPlayer};

fn check(config: Config, seeds: std::ops::Range<u64>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let mut session = Session::<MoonBase>::new(config.clone(), seed).unwrap();
        let mut rng = GameRng::new(seed);
        while let ToAct::Seat(seat) = session.to_act() {
            let game = session.game();
            let state = session.state();
            let legal = session.legal_actions();
            let mut batch = Vec::new();
            game.legal_indices(state, &legal, &mut batch);
            let one_by_one: Vec<u64> = legal
                .iter()
                .map(|a| game.action_to_index(state, a).unwrap())
                .collect();
            assert_eq!(
                batch,
                one_by_one,
                "seed {seed}, step {}",
                session.step_count()
            );
            for (a, &i) in legal.iter().zip(&batch) {
                assert_eq!(game.index_to_action(state, seat, i).as_ref(), Some(a));
            }
            checked += legal.len();
            let pick = legal[rng.below(legal.len() as u32) as usize];
            session.act(seat, &pick).unwrap();
        }
    }
    checked
}

#[test]
fn batch_indices_are_the_one_by_one_indices() {
    assert!(check(Config::default(), 0..3) > 1000);
    let small = Config {
        rounds: 2,
        start_player: StartPlayer::Random,
        ..Config::default()
    };
    assert!(check(small, 3..6) > 100);
}
