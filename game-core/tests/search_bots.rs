//! The information-set search (`IsMcts`) and the determinizing `Pimc`:
//! they beat chance, a policy's prior steers the tree, and a bot that keeps
//! its tree's buffers between moves plays as a fresh one.

use game_core::demo::{HighCard, HighCardAction, HighCardConfig, Pig, PigConfig};
use game_core::{
    ArenaConfig, Bot, BotFactory, BotView, Game, GameRng, IsMcts, IsMctsConfig, Pimc, PimcConfig,
    Playout, RandomBot, Seat, Session, ToAct, run_arena,
};

fn ismcts<G: Game>(iterations: u32) -> IsMcts<G> {
    IsMcts::new(IsMctsConfig {
        iterations,
        ..IsMctsConfig::default()
    })
}

#[test]
fn ismcts_and_pimc_beat_random_at_pig() {
    let game = Pig::new(PigConfig::default()).unwrap();
    let random = |_| Box::new(RandomBot) as Box<dyn Bot<Pig>>;
    let is = |_| Box::new(ismcts::<Pig>(60)) as Box<dyn Bot<Pig>>;
    let pimc = |_| {
        Box::new(Pimc::<Pig>::new(PimcConfig {
            worlds: 3,
            iterations: 20,
            ..PimcConfig::default()
        })) as Box<dyn Bot<Pig>>
    };
    for (name, bot) in [("ismcts", &is as &BotFactory<'_, Pig>), ("pimc", &pimc)] {
        let report = run_arena(
            &game,
            &[bot, &random],
            ArenaConfig {
                games: 40,
                seed: 3,
                threads: 1,
                rotate_seats: true,
            },
            &|_| {},
        );
        let wins = report.entrants[0].wins;
        assert!(wins >= 28, "{name} won only {wins} of 40");
    }
}

/// A policy that recommends the action at a fixed index.
struct Recommends(usize);

impl Playout<HighCard> for Recommends {
    fn choose(
        &mut self,
        _: &HighCard,
        _: &<HighCard as Game>::State,
        _: Seat,
        legal: &[HighCardAction],
        rng: &mut GameRng,
    ) -> usize {
        rng.below(legal.len() as u32) as usize
    }

    fn prior(
        &mut self,
        _: &HighCard,
        _: &<HighCard as Game>::State,
        _: Seat,
        _: &[HighCardAction],
        _: &mut GameRng,
    ) -> Option<usize> {
        Some(self.0)
    }
}

#[test]
fn the_prior_is_expanded_first() {
    let session = Session::<HighCard>::new(HighCardConfig::default(), 7).unwrap();
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("seat 0 opens the betting");
    };
    let legal = session.legal_actions();
    assert_eq!(legal, [HighCardAction::Check, HighCardAction::Bet]);
    let view = BotView::new(session.game(), session.state(), seat, &legal, false);
    let config = IsMctsConfig {
        iterations: 1,
        ..IsMctsConfig::default()
    };
    for (i, a) in legal.iter().enumerate() {
        let mut bot = IsMcts::with_playout(config, Recommends(i));
        assert_eq!(bot.select(&view, &mut GameRng::new(1)), *a);
    }
}

#[test]
fn a_bot_reusing_its_tree_plays_as_fresh_bots() {
    let game = Pig::new(PigConfig::default()).unwrap();
    let mut kept = ismcts::<Pig>(40);
    let mut session = Session::<Pig>::with_game(game.clone(), 11);
    let mut moves = 0;
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let view = BotView::new(session.game(), session.state(), seat, &legal, false);
        let seed = 100 + moves;
        let a = kept.select(&view, &mut GameRng::new(seed));
        let b = ismcts::<Pig>(40).select(&view, &mut GameRng::new(seed));
        assert_eq!(a, b, "move {moves}");
        session.act(seat, &a).unwrap();
        moves += 1;
    }
    assert!(moves > 10);
}
