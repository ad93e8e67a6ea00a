//! The reference bots: the shipped leave table, the leave-table bot, the
//! simulating bot (which must not read what its seat cannot see) and the
//! exact endgame search.

use binary_scrabble_core::{
    Action, Config, EndgameBot, GreedyBot, Kind, LeaveKey, LeaveTable, LeaveTableBot, Scrabble,
    SimBot, State, solve_endgame, solve_endgame_until,
};
use game_core::{Bot, BotView, Game, GameRng, Seat, Session, ToAct, Viewer};

fn game() -> Scrabble {
    Scrabble::new(Config::default()).unwrap()
}

#[test]
fn shipped_leave_table_loads_and_is_complete() {
    let text = include_str!("../data/leaves.txt");
    let table = LeaveTable::parse(text).expect("the shipped table parses and has every key");
    assert_eq!(&table, LeaveTable::shipped());
    // Learned, not all zero: a blank is worth keeping, a rack of `=` alone is not.
    let blank = table.key_value(LeaveKey([0, 0, 0, 0, 1]));
    let equals = table.key_value(LeaveKey([0, 0, 4, 0, 0]));
    assert!(blank > 0.0, "blank {blank}");
    assert!(equals < blank, "four = {equals}, blank {blank}");
}

/// Plays `moves` turns of the leave-table bot from `seed`.
fn midgame(seed: u64, moves: usize) -> Session<Scrabble> {
    let mut session = Session::<Scrabble>::new(Config::default(), seed).unwrap();
    let mut bot = LeaveTableBot::default();
    let mut rng = GameRng::new(seed);
    for _ in 0..moves {
        let ToAct::Seat(seat) = session.to_act() else {
            break;
        };
        let legal = session.legal_actions();
        let a = bot.select(
            &BotView::new(session.game(), session.state(), seat, &legal, false),
            &mut rng,
        );
        session.act(seat, &a).unwrap();
    }
    session
}

#[test]
fn leave_table_bot_plays_a_whole_game_legally() {
    let session = midgame(3, 200);
    assert_eq!(session.to_act(), ToAct::Over);
}

/// `s` with one tile of the other seat's rack swapped for a different
/// kind from the bag: a state `seat` cannot tell from `s`.
fn swap_hidden_tile(s: &State, seat: Seat) -> State {
    let other = seat.next(2);
    let mut t = s.clone();
    let rack = t.racks[other];
    for give in Kind::ALL {
        for take in Kind::ALL {
            if give != take && rack.get(give) > 0 && t.bag.get(take) > 0 {
                t.racks[other].remove_one(give).unwrap();
                t.racks[other].add_one(take).unwrap();
                t.bag.remove_one(take).unwrap();
                t.bag.add_one(give).unwrap();
                return t;
            }
        }
    }
    panic!("no tile to swap");
}

#[test]
fn sim_bot_moves_the_same_in_states_its_seat_cannot_tell_apart() {
    let g = game();
    let sim = SimBot {
        candidates: 4,
        plies: 1,
        iterations: 12,
        endgame_nodes: 0,
        ..SimBot::default()
    };
    for (seed, moves) in [(1, 4), (2, 7)] {
        let session = midgame(seed, moves);
        let ToAct::Seat(seat) = session.to_act() else {
            panic!("not a seat's turn");
        };
        let a = session.state().clone();
        let b = swap_hidden_tile(&a, seat);
        assert_ne!(a, b);
        assert_eq!(
            g.observe(&a, Viewer::from(seat)),
            g.observe(&b, Viewer::from(seat))
        );
        let mut legal_a = Vec::new();
        let mut legal_b = Vec::new();
        g.legal_actions(&a, seat, &mut legal_a);
        g.legal_actions(&b, seat, &mut legal_b);
        let pick = |s: &State, legal: &[Action]| {
            sim.clone().select(
                &BotView::new(&g, s, seat, legal, false),
                &mut GameRng::new(99),
            )
        };
        let move_a = pick(&a, &legal_a);
        assert_eq!(move_a, pick(&b, &legal_b), "seed {seed}");
        // Deterministic for a seed.
        assert_eq!(move_a, pick(&a, &legal_a));
    }
}

/// An endgame from a seeded self-play game (seed 163 of the leave-table
/// bot against itself, found by scanning for such positions): the bag is
/// empty, seat 1 leads 273 to 275 behind with `= + AND OR` against
/// `= = -`, and the highest-scoring play loses where another line wins.
fn endgame_position() -> State {
    serde_json::from_str(include_str!("data/endgame_greedy_loses.json")).unwrap()
}

#[test]
fn endgame_search_finds_the_win_that_greedy_misses() {
    let g = game();
    let s = endgame_position();
    let ToAct::Seat(seat) = g.to_act(&s) else {
        panic!("not a seat's turn");
    };
    assert!(s.bag.is_empty());
    let found = solve_endgame(&g, &s, 200_000).expect("the search finishes");
    assert!(found.exact);
    assert!(found.value > 0, "the mover can win: {found:?}");

    let mut legal = Vec::new();
    g.legal_actions(&s, seat, &mut legal);
    let view = BotView::new(&g, &s, seat, &legal, false);
    let greedy = GreedyBot.select(&view, &mut GameRng::new(0));
    assert_ne!(greedy, found.action);
    // After greedy's play the other seat, playing its best, wins.
    let mut after = s.clone();
    g.apply(&mut after, seat, &greedy).unwrap();
    let reply = solve_endgame(&g, &after, 200_000).expect("the search finishes");
    assert!(reply.exact);
    assert!(-reply.value < 0, "greedy's line loses: {reply:?}");

    // The bots that search play the winning line from the seat's view.
    let endgame = EndgameBot {
        nodes: 200_000,
        ..EndgameBot::default()
    };
    assert_eq!(
        endgame.clone().select(&view, &mut GameRng::new(0)),
        found.action
    );
    let sim = SimBot {
        endgame_nodes: 200_000,
        ..SimBot::default()
    };
    assert_eq!(
        sim.clone().select(&view, &mut GameRng::new(0)),
        found.action
    );
}

/// `Bot::select_until`'s clock reaches the endgame search: with a stop
/// already due the search gives up at once (no answer, few nodes), and
/// the bots that search still return a legal turn right away.
#[test]
fn endgame_search_gives_up_when_the_stop_is_due() {
    let g = game();
    let s = endgame_position();
    let ToAct::Seat(seat) = g.to_act(&s) else {
        panic!("not a seat's turn");
    };
    assert_eq!(solve_endgame_until(&g, &s, 200_000, &|| true), None);
    let calls = std::cell::Cell::new(0u32);
    let counting = || {
        calls.set(calls.get() + 1);
        calls.get() > 3
    };
    assert_eq!(solve_endgame_until(&g, &s, 200_000, &counting), None);
    assert!(calls.get() <= 5, "stop asked {} times", calls.get());
    // Without a stop the same search finishes (the test above).
    assert!(solve_endgame_until(&g, &s, 200_000, &|| false).is_some_and(|r| r.exact));

    let mut legal = Vec::new();
    g.legal_actions(&s, seat, &mut legal);
    let view = BotView::new(&g, &s, seat, &legal, false);
    let due = || true;
    let mut endgame = EndgameBot {
        nodes: 200_000,
        ..EndgameBot::default()
    };
    let a = endgame.select_until(&view, &mut GameRng::new(0), &due);
    assert!(legal.contains(&a), "{a:?}");
    let mut sim = SimBot {
        endgame_nodes: 200_000,
        ..SimBot::default()
    };
    let a = sim.select_until(&view, &mut GameRng::new(0), &due);
    assert!(legal.contains(&a), "{a:?}");
}

/// Before the endgame the simulating bot asks the clock before every
/// simulation and between candidates: a stop already due, or one that
/// comes due in the middle of a simulation, still gives a legal turn.
#[test]
fn sim_bot_returns_a_legal_turn_when_the_stop_comes_due() {
    let session = midgame(5, 10);
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("the game goes on after 10 turns");
    };
    assert!(!session.state().bag.is_empty());
    let legal = session.legal_actions();
    let view = BotView::new(session.game(), session.state(), seat, &legal, false);
    for due_after in [0u32, 1, 3, 8] {
        let calls = std::cell::Cell::new(0u32);
        let stop = || {
            calls.set(calls.get() + 1);
            calls.get() > due_after
        };
        let a = SimBot::default().select_until(&view, &mut GameRng::new(1), &stop);
        assert!(legal.contains(&a), "due after {due_after}: {a:?}");
        assert!(
            calls.get() <= due_after + 1,
            "stop asked {} times",
            calls.get()
        );
    }
}
