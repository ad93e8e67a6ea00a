//! The solver bot and the plan hint.

use game_core::{Bot, BotView, Game, GameRng, Seat, Session, ToAct};
use moon_core::{Action, Config, Difficulty, Moon, Phase, SolverBot, State};

/// Plays one seeded game with `bot` in every seat; returns the final state.
fn play(config: Config, seed: u64, bot: &mut SolverBot) -> State {
    let mut session = Session::<Moon>::new(config, seed).unwrap();
    let mut rng = GameRng::new(seed);
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let view = BotView::new(session.game(), session.state(), seat, &legal, false);
        let a = bot.select(&view, &mut rng);
        assert!(legal.contains(&a), "the bot plays legal actions");
        session.act(seat, &a).unwrap();
    }
    *session.state()
}

#[test]
fn solver_bot_wins_most_easy_games() {
    let mut bot = SolverBot::new();
    let wins = (0..20)
        .filter(|seed| {
            play(Config::cooperative(Difficulty::Easy), *seed, &mut bot).phase == Phase::Won
        })
        .count();
    assert!(wins >= 10, "{wins} wins out of 20");
}

#[test]
fn solver_bot_finishes_competitive_games() {
    let mut bot = SolverBot::new();
    for seed in 0..3 {
        let s = play(Config::competitive(3, Difficulty::Normal), seed, &mut bot);
        assert_eq!(s.phase, Phase::Ended);
        let solved: u32 = s.scores.as_slice().iter().map(|&x| u32::from(x)).sum();
        assert!(solved > 0);
    }
}

#[test]
fn solver_bot_plays_every_variant_to_the_end() {
    use moon_core::{ALL_EVENTS, CoopEnergy, ExtraOps, Hacker, WideGoalModel};
    let configs = [
        Config {
            events: ALL_EVENTS.to_vec(),
            ok_repairs_bug: true,
            ..Config::cooperative(Difficulty::Hard)
        },
        Config {
            width: 6,
            wide_goal_model: WideGoalModel::QueuePairs,
            ..Config::cooperative(Difficulty::Normal)
        },
        Config {
            width: 5,
            events: ALL_EVENTS.to_vec(),
            extra_ops: Some(ExtraOps::default()),
            ..Config::cooperative(Difficulty::Easy)
        },
        Config {
            coop_energy: CoopEnergy::PerSeatTurns,
            players: 3,
            coop_ram: true,
            hackers: vec![Some(Hacker::Green), Some(Hacker::Purple), None],
            ..Config::cooperative(Difficulty::Master)
        },
        Config {
            events: ALL_EVENTS.to_vec(),
            max_rounds: 10,
            ..Config::competitive(4, Difficulty::Hard)
        },
    ];
    let mut bot = SolverBot::new();
    for config in configs {
        let game = Moon::new(config).unwrap();
        for seed in 0..2 {
            let mut session = Session::with_game(game.clone(), seed);
            let mut rng = GameRng::new(seed);
            while let ToAct::Seat(seat) = session.to_act() {
                game.check_state(session.state()).unwrap();
                let legal = session.legal_actions();
                let view = BotView::new(session.game(), session.state(), seat, &legal, false);
                let a = bot.select(&view, &mut rng);
                session.act(seat, &a).unwrap();
            }
            assert!(session.outcome().is_some());
        }
    }
}

#[test]
fn best_plan_is_a_cheapest_plan_to_the_current_goal() {
    // C-1 setup: B=0011 C=0101 D=1000, goal 0110 at 3 energy.
    let game = Moon::new(Config::cooperative(Difficulty::Easy)).unwrap();
    let mut s = game.initial_state();
    for v in [0b0011, 0b0101, 0b1000, 0b0110] {
        game.apply_chance(&mut s, &moon_core::Card::Goal(v))
            .unwrap();
    }
    let plan = game.best_plan(&s).unwrap();
    assert_eq!(plan.goal, 0b0110);
    // OR A,B; XOR A,C costs 1 (C-1 plays MOV A,B for 1.5); one operation
    // from A = 0000 gives only 0011, 0101, 1000, 1111 or 0001.
    assert_eq!(plan.cost, moon_core::Energy(2));
    assert_eq!(plan.ops.len(), 2);
    assert!(plan.fits);
    let mut t = s;
    for op in &plan.ops {
        game.apply(&mut t, Seat(0), &Action::Op(*op)).unwrap();
    }
    assert_eq!(t.scores.as_slice(), &[1]);
}

/// The search bots read only their seat's observation. In
/// competitive play the other seats' goals are hidden; a twin state with
/// them redrawn (which the seat cannot tell apart) gets the same move from
/// the same bot seed.
#[test]
fn search_bots_move_the_same_in_states_their_seat_cannot_tell_apart() {
    use game_core::testkit::check_bot_is_blind;
    use game_core::{IsMcts, IsMctsConfig, Pimc, PimcConfig};
    let game = Moon::new(Config::competitive(2, Difficulty::Normal)).unwrap();
    let ismcts = || -> Box<dyn Bot<Moon>> {
        Box::new(IsMcts::new(IsMctsConfig {
            iterations: 40,
            ..IsMctsConfig::default()
        }))
    };
    let pimc = || -> Box<dyn Bot<Moon>> {
        Box::new(Pimc::new(PimcConfig {
            worlds: 4,
            iterations: 10,
            ..PimcConfig::default()
        }))
    };
    for (name, make) in [("ismcts", &ismcts as &dyn Fn() -> _), ("pimc", &pimc)] {
        let differing =
            check_bot_is_blind(&game, 2, 15, 7, make).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(differing > 0, "{name}: no twin differed from its state");
    }
}

/// The competitive reference bot reads only its seat's observation, and
/// plays whole competitive games legally at two and three seats.
#[test]
fn rival_bot_is_blind_and_plays_competitive_games_to_the_end() {
    use game_core::testkit::check_bot_is_blind;
    use moon_core::RivalBot;
    let game = Moon::new(Config::competitive(2, Difficulty::Normal)).unwrap();
    let make = || -> Box<dyn Bot<Moon>> { Box::new(RivalBot::new()) };
    let differing = check_bot_is_blind(&game, 2, 11, 17, &make).unwrap();
    assert!(differing > 0, "no twin differed from its state");
    for players in [2, 3] {
        let game = Moon::new(Config::competitive(players, Difficulty::Normal)).unwrap();
        for seed in 0..2 {
            let mut session = Session::with_game(game.clone(), seed);
            let mut bot = RivalBot::new();
            let mut rng = GameRng::new(seed);
            while let ToAct::Seat(seat) = session.to_act() {
                let legal = session.legal_actions();
                let view = BotView::new(session.game(), session.state(), seat, &legal, false);
                let a = bot.select(&view, &mut rng);
                assert!(legal.contains(&a), "{a:?} is legal");
                session.act(seat, &a).unwrap();
            }
            assert_eq!(session.state().phase, Phase::Ended);
        }
    }
}

/// The reference bot's aim in competitive MOON: the rival bot outscores the solver
/// bot. Ten seeded deals, each played twice with the seats swapped, so
/// neither the deal nor the first move favours one bot.
#[test]
fn rival_bot_outscores_the_solver_bot_on_paired_deals() {
    use moon_core::RivalBot;
    let game = Moon::new(Config::competitive(2, Difficulty::Normal)).unwrap();
    let (mut rival_total, mut solver_total, mut rival_wins, mut solver_wins) = (0u32, 0u32, 0, 0);
    for seed in 0..10u64 {
        for rival_seat in [0usize, 1] {
            let mut session = Session::with_game(game.clone(), seed);
            let (mut rival, mut solver) = (RivalBot::new(), SolverBot::new());
            let mut rng = GameRng::new(seed);
            while let ToAct::Seat(seat) = session.to_act() {
                let legal = session.legal_actions();
                let view = BotView::new(session.game(), session.state(), seat, &legal, false);
                let a = if seat.index() == rival_seat {
                    rival.select(&view, &mut rng)
                } else {
                    solver.select(&view, &mut rng)
                };
                session.act(seat, &a).unwrap();
            }
            let scores = session.state().scores;
            let (r, s) = (
                scores[Seat(rival_seat as u8)],
                scores[Seat(1 - rival_seat as u8)],
            );
            rival_total += u32::from(r);
            solver_total += u32::from(s);
            rival_wins += usize::from(r > s);
            solver_wins += usize::from(s > r);
        }
    }
    assert!(
        rival_total > solver_total && rival_wins > solver_wins,
        "rival {rival_total} goals, {rival_wins} wins; solver {solver_total} goals, {solver_wins} wins"
    );
}
