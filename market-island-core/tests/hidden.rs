//! What each viewer may see (MI-41) and what determinize redraws.

use crate::common;

use common::{Script, face};
use game_core::{Determinize, Game, GameRng, Render, Seat, Viewer};
use market_island_core::{Action, Chance, Effect, Seen};

fn ex2_up_to_seat1_decision() -> Script {
    let mut t = Script::seats(3);
    t.wc("9C");
    t.move_and_draw(4, "I-4H");
    t.move_and_draw(2, "E-5C");
    t.move_and_draw(1, "A-3H");
    t.mine_draw("KS");
    t.act(0, Action::Decline);
    t.mine_draw("5H");
    t
}

#[test]
fn mi41_own_cards_are_seen_others_are_backs() {
    let t = ex2_up_to_seat1_decision();
    let me = t.g.observe(&t.s, Viewer::Seat(Seat(1)));
    assert_eq!(me.seats[1].block.unwrap().card, Seen::Shown(t.card("E-5C")));
    assert_eq!(me.seats[1].drawn[0].card, Seen::Shown(face("5H")));
    assert_eq!(me.seats[0].block.unwrap().card, Seen::Hidden);
    // The card seat 0 declined sits in the queue, known to seat 0 only.
    assert_eq!(me.mining.queue[0].card, Seen::Hidden);
    let zero = t.g.observe(&t.s, Viewer::Seat(Seat(0)));
    assert_eq!(zero.mining.queue[0].card, Seen::Shown(face("KS")));
    assert_eq!(zero.seats[1].drawn[0].card, Seen::Hidden);
    let spec = t.g.observe(&t.s, Viewer::Spectator);
    assert!(
        spec.seats
            .iter()
            .all(|s| s.block.unwrap().card == Seen::Hidden)
    );
    assert_eq!(spec.winning_card, Some(face("9C")));
    // Unseen parts are counts only: 52 mining faces minus the WC, KS in the
    // queue and 5H in hand.
    assert_eq!(spec.mining.unseen, 49);
    assert_eq!(spec.income.unseen, 25);
}

#[test]
fn mi15_reveal_makes_block_and_kept_cards_public() {
    let mut t = ex2_up_to_seat1_decision();
    t.act(1, Action::Mine);
    t.mine_draw("2D");
    t.act(2, Action::Mine);
    let spec = t.g.observe(&t.s, Viewer::Spectator);
    let income: Vec<_> = spec.income.queue.iter().map(|s| s.card).collect();
    assert_eq!(income, [Seen::Shown(t.card("I-4H"))]);
    let mining: Vec<_> = spec.mining.queue.iter().map(|s| s.card).collect();
    assert_eq!(
        mining,
        [
            Seen::Hidden,
            Seen::Shown(face("9C")),
            Seen::Shown(face("2D"))
        ]
    );
    let head = spec.ledger.head().unwrap();
    assert_eq!(head.winner, Some(Seat(1)));
    assert_eq!(spec.replica_balances(), Some(vec![53, 44, 56]));
    // MI-33: every seat's replica is the same chain and derives the balances.
    for seat in 0..3 {
        let obs = t.g.observe(&t.s, Viewer::Seat(Seat(seat)));
        assert_eq!(
            market_island_core::first_divergence(obs.ledger.blocks(), t.s.ledger().blocks()),
            None
        );
        assert_eq!(obs.replica_balances(), Some(t.balances()));
    }
}

#[test]
fn chance_visibility_follows_the_drawer() {
    let mut t = Script::seats(3);
    t.wc("9C");
    let die = Chance::Die(3);
    assert_eq!(t.g.public_chance(&t.s, &die, Viewer::Spectator), Some(die));
    t.roll(4);
    let c = Chance::Card(t.card("I-4H"));
    assert_eq!(t.g.public_chance(&t.s, &c, Viewer::Seat(Seat(0))), Some(c));
    assert_eq!(t.g.public_chance(&t.s, &c, Viewer::Seat(Seat(1))), None);
    assert_eq!(t.g.public_chance(&t.s, &c, Viewer::Spectator), None);
}

#[test]
fn last_block_draw_with_nobody_eligible_is_shown_to_all() {
    // EX-6(a)'s second turn: nobody may mine, so the reveal follows the draw.
    let mut t = Script::seats(2);
    t.wc("9C");
    t.move_and_draw(1, "A-KS");
    t.move_and_draw(3, "A-QC");
    t.mine_draw("2C");
    t.act(0, Action::Decline);
    t.mine_draw("3C");
    t.act(1, Action::Decline);
    t.move_and_draw(2, "A-2D");
    t.roll(2);
    let c = Chance::Card(t.card("A-3D"));
    assert_eq!(t.g.public_chance(&t.s, &c, Viewer::Spectator), Some(c));
}

#[test]
fn determinize_redraws_hidden_cards_and_keeps_visible_ones() {
    let t = ex2_up_to_seat1_decision();
    let mut rng = GameRng::new(5);
    let mut seen_other = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let d = t.g.determinize(&t.s, Seat(1), &mut rng);
        assert_eq!(d.seats()[1].block, t.s.seats()[1].block);
        assert_eq!(d.seats()[1].drawn, t.s.seats()[1].drawn);
        assert_eq!(d.winning_card(), t.s.winning_card());
        assert_eq!(
            t.g.observe(&d, Viewer::Seat(Seat(1))),
            t.g.observe(&t.s, Viewer::Seat(Seat(1)))
        );
        t.g.check_state(&d).unwrap();
        seen_other.insert(d.seats()[0].block.unwrap().0);
    }
    assert!(
        seen_other.len() > 5,
        "seat 0's card is redrawn: {seen_other:?}"
    );
}

#[test]
fn determinize_keeps_an_axe_that_drawing_two_showed() {
    // EX-6(b)'s turn 2: seat 1 (Axe) has drawn two; seat 2 views.
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
    let mut rng = GameRng::new(9);
    for _ in 0..30 {
        let d = t.g.determinize(&t.s, Seat(2), &mut rng);
        assert_eq!(d.seats()[1].block.unwrap().0.effect, Effect::Axe);
        // Seat 0 is stung and drew nothing: its card may be anything.
        t.g.check_state(&d).unwrap();
    }
}

#[test]
fn render_shows_the_track_balances_and_ledger_head() {
    let t = ex2_up_to_seat1_decision();
    let text = t.g.render_obs(&t.g.observe(&t.s, Viewer::Seat(Seat(1))));
    assert!(text.contains("SAEAIAEAJIAEAIAEFAIAEAIATEAIAEAI"), "{text}");
    assert!(text.contains("block E-5C"), "{text}");
    assert!(text.contains("block ??"), "{text}");
    assert!(text.contains("winning card 9C"), "{text}");
    assert!(text.contains("hash 08e7b262b310e1f6"), "{text}");
    assert!(text.contains("your move: decline | mine"), "{text}");
    let legal = [Action::Decline, Action::Mine];
    for a in legal {
        assert_eq!(t.g.parse_action(&t.g.render_action(&a), &legal), Some(a));
    }
    assert_eq!(t.g.parse_action("M", &legal), Some(Action::Mine));
    assert_eq!(t.g.parse_action("keep 0", &legal), None);
}

#[test]
fn sizes_of_state_and_action() {
    // Reported in the crate docs; the state keeps its piles and ledger on
    // the heap (the ledger shared), everything per seat inline.
    let state = std::mem::size_of::<market_island_core::State>();
    let action = std::mem::size_of::<Action>();
    eprintln!("size_of State = {state}, Action = {action}");
    assert!(action <= 2);
    assert!(state <= 1024);
}

/// Two seats, the smallest mining deck, Action squares only: the last seat
/// is often the only one eligible while the mining deck has no unseen card.
fn duel_axes() -> market_island_core::Config {
    let mut config = market_island_core::Config::with_seats(2);
    config.decks.mining.truncate(4);
    config.board = market_island_core::parse_board("SAAA").unwrap();
    config
}

#[test]
fn mi41_an_axe_shown_by_two_draws_is_logged_as_an_axe_not_by_its_face() {
    use game_core::{LogEntry, Session, ToAct};
    use market_island_core::MarketIsland;
    let game = MarketIsland::new(duel_axes()).unwrap();
    let mut found = 0;
    for seed in 0..40 {
        let mut session = Session::with_game(game.clone(), seed);
        while let ToAct::Seat(seat) = session.to_act() {
            let legal = session.legal_actions();
            let pick = (seed as usize + session.step_count()) % legal.len();
            session.act(seat, &legal[pick]).unwrap();
        }
        // Every block draw that others see as a face-down Axe: the drawer's
        // log names the card, the other seat's and the spectator's do not,
        // and their observations right after it still hide the card.
        let steps = session.steps().to_vec();
        let logs = [
            session.log_for(Viewer::Seat(Seat(0))),
            session.log_for(Viewer::Seat(Seat(1))),
            session.log_for(Viewer::Spectator),
        ];
        let mut state = game.initial_state();
        for (i, step) in steps.iter().enumerate() {
            if let game_core::Step::Chance(Chance::Card(card)) = step
                && logs[2][i] == LogEntry::Chance(Some(Chance::AxeFaceDown))
            {
                found += 1;
                assert_eq!(card.effect, Effect::Axe);
                let named: Vec<bool> = logs
                    .iter()
                    .map(|log| log[i] == LogEntry::Chance(Some(Chance::Card(*card))))
                    .collect();
                assert_eq!(named.iter().filter(|n| **n).count(), 1, "only the drawer");
                assert!(logs.iter().all(|log| log[i] != LogEntry::Chance(None)));
                game.apply_chance(&mut state, &Chance::Card(*card)).unwrap();
                let spectator = game.observe(&state, Viewer::Spectator);
                assert!(
                    spectator
                        .seats
                        .iter()
                        .all(|st| st.block.is_none_or(|b| b.card != Seen::Shown(*card))),
                    "the observation hides the face too"
                );
                continue;
            }
            match step {
                game_core::Step::Chance(c) => game.apply_chance(&mut state, c).unwrap(),
                game_core::Step::Action { seat, action } => {
                    game.apply(&mut state, *seat, action).unwrap();
                }
            }
        }
    }
    assert!(found > 0, "the seeds reach the case");
}

#[test]
fn mi41_which_of_two_hidden_cards_was_kept_is_not_logged() {
    // A seat keeps one of two cards nobody else saw, and the reveal does
    // not follow at once: the other seats' logs say only that it acted.
    use game_core::{LogEntry, Session, Step, ToAct};
    use market_island_core::MarketIsland;
    let game = MarketIsland::new(market_island_core::Config::with_seats(3)).unwrap();
    let mut masked = 0;
    for seed in 0..60 {
        let mut session = Session::with_game(game.clone(), seed);
        while let ToAct::Seat(seat) = session.to_act() {
            let legal = session.legal_actions();
            session.act(seat, legal.last().unwrap()).unwrap();
        }
        let spectator = session.log_for(Viewer::Spectator);
        for (entry, step) in spectator.iter().zip(session.steps()) {
            if let (
                LogEntry::Action { action, seat },
                Step::Action {
                    action: Action::Keep(_),
                    seat: s,
                },
            ) = (entry, step)
            {
                assert_eq!(seat, s);
                masked += usize::from(action.is_none());
            }
        }
    }
    assert!(masked > 0, "some Keep is hidden from the spectator");
}
