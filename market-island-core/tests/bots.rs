//! The bots: ExpectedValueBot's model on hand-computed positions, and
//! RandomBot, MCTS and ExpectedValueBot playing through the shared trait.

use crate::common;

use common::{Script, face};
use game_core::{
    ArenaConfig, Bot, BotFactory, BotView, Game, GameRng, MctsBot, MctsConfig, RandomBot, Seat,
    Viewer, run_arena,
};
use market_island_core::{
    Action, Config, Decks, ExpectedValueBot, MarketIsland, UnminedBlock, mining_gains, parse_board,
};

/// Two seats, no income, expense or action cards (so no block cards: only
/// the WC scores), and a four-face mining deck.
fn bare(mining: &[&str]) -> Script {
    Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        decks: Decks {
            income: vec![],
            expense: vec![],
            action: vec![],
            mining: mining.iter().map(|f| face(f)).collect(),
        },
        ..Config::default()
    })
}

fn decide(t: &Script, seat: u8) -> (Vec<(Action, f64)>, Action) {
    let obs = t.g.observe(&t.s, Viewer::Seat(Seat(seat)));
    let gains = mining_gains(&t.g, &obs).unwrap();
    let mut legal = Vec::new();
    t.g.legal_actions(&t.s, Seat(seat), &mut legal);
    let view = BotView::new(&t.g, &t.s, Seat(seat), &legal, false);
    let a = ExpectedValueBot.select(&view, &mut GameRng::new(0));
    (gains, a)
}

fn first_decision(mining: &[&str], wc: &str, drawn: &str) -> (Vec<(Action, f64)>, Action) {
    let mut t = bare(mining);
    t.wc(wc);
    t.roll(1);
    t.roll(1);
    t.mine_draw(drawn);
    decide(&t, 0)
}

#[test]
fn ev_certain_win_is_worth_the_reward() {
    // WC 2C; 3C scores 1 on suit; the rival holds 4D or 5H: 0 either way.
    let (gains, a) = first_decision(&["2C", "3C", "4D", "5H"], "2C", "3C");
    assert_eq!(gains, [(Action::Mine, 5.0)]);
    assert_eq!(a, Action::Mine);
}

#[test]
fn ev_certain_loss_is_declined() {
    // 4D scores 0; the rival's 3C scores 1, its 5H ties on 0 and wins on rank.
    let (gains, a) = first_decision(&["2C", "3C", "4D", "5H"], "2C", "4D");
    assert_eq!(gains, [(Action::Mine, 0.0)]);
    assert_eq!(a, Action::Decline);
}

#[test]
fn ev_rank_ties_share_the_win() {
    // 3D scores 0; rival 3H ties on score and rank (half a win), 4S wins:
    // P(win) = 1/2 · 1/2, gain 1.25 > fee 1.
    let (gains, a) = first_decision(&["2C", "3D", "3H", "4S"], "2C", "3D");
    assert_eq!(gains, [(Action::Mine, 1.25)]);
    assert_eq!(a, Action::Mine);
}

/// EX-6(c): seat 0 on the Totem square, seat 1 eligible alone with A-3H.
fn alone_on_a_totem_table(unmined_block: UnminedBlock) -> (Vec<(Action, f64)>, Action) {
    let mut t = Script::new(Config {
        seats: 2,
        start_seat: Some(Seat(0)),
        board: parse_board("SAAT").unwrap(),
        unmined_block,
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(3, "A-2D");
    t.move_and_draw(1, "A-3H");
    t.mine_draw("2C");
    decide(&t, 1)
}

#[test]
fn ev_alone_adds_the_execution_it_decides() {
    // With voided unmined blocks, seat 1's choice decides whether the block
    // executes: A-3H is Fire 1 (+1 from seat 0), and seat 0's hidden action
    // card is a Fire card (−1 for seat 1) for 14 of the 53 action cards
    // seat 1 has not seen.
    let (gains, a) = alone_on_a_totem_table(UnminedBlock::VoidTransactions);
    let want = 5.0 + 1.0 - 14.0 / 53.0;
    assert_eq!(gains.len(), 1);
    assert!((gains[0].1 - want).abs() < 1e-12, "{gains:?} vs {want}");
    assert_eq!(a, Action::Mine);
}

#[test]
fn ev_alone_under_the_default_counts_only_the_reward() {
    // Under the default `ExecuteAnyway` the block executes whether or not
    // seat 1 mines, so mining is worth the reward alone.
    assert_eq!(Config::default().unmined_block, UnminedBlock::ExecuteAnyway);
    let (gains, a) = alone_on_a_totem_table(UnminedBlock::ExecuteAnyway);
    assert_eq!(gains, [(Action::Mine, 5.0)]);
    assert_eq!(a, Action::Mine);
}

#[test]
fn ev_compares_both_cards_of_an_axe() {
    // EX-6(b) turn 2: seat 1 holds 7S and 8S; seat 2 is a later rival.
    let mut t = Script::seats(3);
    t.wc("9C");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(2, "E-2C");
    t.move_and_draw(4, "I-2H");
    for (seat, f) in [(0, "4S"), (1, "5S"), (2, "6S")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    t.move_and_draw(2, "A-JC");
    t.move_and_draw(1, "A-2D");
    t.move_and_draw(2, "E-3S");
    t.mine_draw("7S");
    t.mine_draw("8S");
    let (gains, a) = decide(&t, 1);
    assert_eq!(
        gains.iter().map(|(a, _)| *a).collect::<Vec<_>>(),
        [Action::Keep(0), Action::Keep(1)]
    );
    for (_, g) in &gains {
        assert!((0.0..=5.0).contains(g), "{gains:?}");
    }
    // 8S outranks 7S with the same suit: at least as likely to win.
    assert!(gains[1].1 >= gains[0].1, "{gains:?}");
    let best = if gains[1].1 > 1.0 {
        Action::Keep(1)
    } else {
        Action::Decline
    };
    assert_eq!(a, best);
}

fn factory(kind: &'static str) -> impl Fn(Seat) -> Box<dyn Bot<MarketIsland>> + Sync {
    move |_| -> Box<dyn Bot<MarketIsland>> {
        match kind {
            "ev" => Box::new(ExpectedValueBot),
            "mcts" => Box::new(MctsBot::new(MctsConfig {
                iterations: 24,
                ..MctsConfig::default()
            })),
            _ => Box::new(RandomBot),
        }
    }
}

#[test]
fn bots_play_whole_games_through_the_trait() {
    let g = MarketIsland::new(Config::with_seats(3)).unwrap();
    let (ev, mcts, random) = (factory("ev"), factory("mcts"), factory("random"));
    let entrants: [&BotFactory<'_, MarketIsland>; 3] = [&ev, &mcts, &random];
    let config = ArenaConfig {
        games: 3,
        seed: 11,
        threads: 1,
        rotate_seats: true,
    };
    let report = run_arena(&g, &entrants, config, &|_| {});
    assert_eq!(
        report.finished,
        3,
        "{:?}",
        report.games.iter().map(|r| &r.aborted).collect::<Vec<_>>()
    );
}

#[test]
fn expected_value_beats_random_on_average() {
    let g = MarketIsland::new(Config::with_seats(4)).unwrap();
    let (ev, random) = (factory("ev"), factory("random"));
    let entrants: [&BotFactory<'_, MarketIsland>; 4] = [&ev, &random, &random, &random];
    let config = ArenaConfig {
        games: 120,
        seed: 5,
        threads: 2,
        rotate_seats: true,
    };
    let report = run_arena(&g, &entrants, config, &|_| {});
    assert_eq!(report.finished, 120);
    let ev_score = report.entrants[0].mean_score();
    let random_score = report.entrants[1..]
        .iter()
        .map(|e| e.mean_score())
        .sum::<f64>()
        / 3.0;
    eprintln!("ev {ev_score} vs random {random_score}");
    assert!(
        ev_score > random_score,
        "ev {ev_score} vs random {random_score}"
    );
}

/// The search bots read only their seat's observation. A twin
/// state with every card the seat has not seen redrawn (which it cannot
/// tell apart) gets the same move from the same bot seed.
#[test]
fn search_bots_move_the_same_in_states_their_seat_cannot_tell_apart() {
    use game_core::testkit::check_bot_is_blind;
    use game_core::{IsMcts, IsMctsConfig, Pimc, PimcConfig};
    let game = MarketIsland::new(Config::with_seats(3)).unwrap();
    let ismcts = || -> Box<dyn Bot<MarketIsland>> {
        Box::new(IsMcts::new(IsMctsConfig {
            iterations: 30,
            ..IsMctsConfig::default()
        }))
    };
    let pimc = || -> Box<dyn Bot<MarketIsland>> {
        Box::new(Pimc::new(PimcConfig {
            worlds: 4,
            iterations: 8,
            ..PimcConfig::default()
        }))
    };
    for (name, make) in [("ismcts", &ismcts as &dyn Fn() -> _), ("pimc", &pimc)] {
        let differing =
            check_bot_is_blind(&game, 1, 15, 5, make).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(differing > 0, "{name}: no twin differed from its state");
    }
}
