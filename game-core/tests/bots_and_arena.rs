//! Bots and arenas: search beats chance, reports do not depend on threads,
//! and bots only see what their seat may see.

use game_core::demo::{HighCard, HighCardConfig, Pig, PigConfig};
use game_core::{
    ArenaConfig, Bot, BotFactory, BotView, Game, GameRng, MctsBot, MctsConfig, RandomBot, Seat,
    run_arena,
};

fn random_factory<G: Game>() -> Box<BotFactory<'static, G>> {
    Box::new(|_| Box::new(RandomBot) as Box<dyn Bot<G>>)
}

fn mcts_factory<G: game_core::Determinize>(iterations: u32) -> Box<BotFactory<'static, G>> {
    Box::new(move |_| {
        Box::new(MctsBot::new(MctsConfig {
            iterations,
            ..MctsConfig::default()
        })) as Box<dyn Bot<G>>
    })
}

#[test]
fn arena_report_does_not_depend_on_the_thread_count() {
    let game = Pig::new(PigConfig::default()).unwrap();
    let random = random_factory::<Pig>();
    let mcts = mcts_factory::<Pig>(50);
    let run = |threads| {
        run_arena(
            &game,
            &[random.as_ref(), mcts.as_ref()],
            ArenaConfig {
                games: 24,
                seed: 5,
                threads,
                rotate_seats: true,
            },
            &|_| {},
        )
    };
    let one = run(1);
    assert_eq!(one, run(3));
    assert_eq!(one.finished, 24);
    // Rotation gives each entrant both seats equally.
    assert_eq!(one.entrants[0].seat_games, vec![12, 12]);
}

#[test]
fn mcts_beats_random_at_pig() {
    let game = Pig::new(PigConfig::default()).unwrap();
    let random = random_factory::<Pig>();
    let mcts = mcts_factory::<Pig>(200);
    let report = run_arena(
        &game,
        &[random.as_ref(), mcts.as_ref()],
        ArenaConfig {
            games: 40,
            seed: 1,
            threads: 0,
            rotate_seats: true,
        },
        &|_| {},
    );
    let mcts = &report.entrants[1];
    assert!(
        mcts.win_rate() > 0.7,
        "mcts won {} of {}",
        mcts.wins,
        mcts.games
    );
}

#[test]
fn mcts_calls_with_the_top_card_without_seeing_the_other() {
    // Seat 1 holds the top card facing a bet: whatever seat 0 holds (its card
    // is redrawn by determinization), calling wins and folding loses.
    let game = HighCard::new(HighCardConfig::default()).unwrap();
    let mut s = game.initial_state();
    game.apply_chance(&mut s, &1).unwrap();
    game.apply_chance(&mut s, &3).unwrap();
    game.apply(&mut s, Seat(0), &game_core::demo::HighCardAction::Bet)
        .unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&s, Seat(1), &mut legal);
    let view = BotView::new(&game, &s, Seat(1), &legal, false);
    let mut bot = MctsBot::new(MctsConfig {
        iterations: 300,
        ..MctsConfig::default()
    });
    let choice = bot.select(&view, &mut GameRng::new(4));
    assert_eq!(choice, game_core::demo::HighCardAction::Call);
}

#[test]
fn a_fair_bot_view_hides_the_state() {
    let game = HighCard::new(HighCardConfig::default()).unwrap();
    let mut s = game.initial_state();
    game.apply_chance(&mut s, &2).unwrap();
    game.apply_chance(&mut s, &3).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&s, Seat(0), &mut legal);
    let fair = BotView::new(&game, &s, Seat(0), &legal, false);
    assert!(fair.state().is_none());
    assert_eq!(fair.observation().own_card, Some(2));
    let cheat = BotView::new(&game, &s, Seat(0), &legal, true);
    assert_eq!(cheat.state().map(|s| s.hands), Some([Some(2), Some(3)]));
}
