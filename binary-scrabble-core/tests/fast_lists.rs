//! The fast paths for huge legal lists: `Game::legal_count` (the counting
//! search, M-1 c, plus the exchanges and the pass of E-5) is the length of
//! `legal_actions`, and `Preview::best_scored` (the best-play search kept
//! to the `k` best, M-4) is the default's answer: every legal action
//! scored, the plays sorted best first with ties in the game's order, the
//! first `k`. Checked on the worst-case positions with blanks
//! (`tests/data/`, the same as `tests/worst_cases.rs`) and at every turn
//! of seeded games of every test config.

use crate::common;
use crate::configs;

use std::cmp::Reverse;

use binary_scrabble_core::{Action, Scrabble, State};
use common::replays::position_of_replay;
use game_core::{Game, GameRng, Preview, Replay, Seat, Session, ToAct};

/// The `k` values checked, as a client asks them ("the best play", a page,
/// a long page).
const KS: [usize; 3] = [1, 20, 100];

/// `Preview::best_scored`'s default, the slow way: every legal action,
/// their scores, the scoring ones sorted best first, ties in the order of
/// the legal actions (E-5), the first `k`.
fn slow_best(
    game: &Scrabble,
    s: &State,
    seat: Seat,
    legal: &[Action],
    k: usize,
) -> Vec<(Action, i64)> {
    let mut scores = Vec::new();
    game.scores(s, seat, legal, &mut scores);
    let mut scored: Vec<(i64, usize)> = scores
        .iter()
        .enumerate()
        .filter_map(|(i, score)| score.map(|points| (points, i)))
        .collect();
    scored.sort_by_key(|&(points, i)| (Reverse(points), i));
    scored
        .into_iter()
        .take(k)
        .map(|(points, i)| (legal[i], points))
        .collect()
}

/// Checks the count and `best_scored` for every `k` of [`KS`] against the
/// slow answer; returns the number of legal actions.
fn check_position(game: &Scrabble, s: &State, seat: Seat, what: &str) -> usize {
    let mut legal = Vec::new();
    game.legal_actions(s, seat, &mut legal);
    assert_eq!(game.legal_count(s, seat), legal.len(), "{what}: the count");
    let mut fast = Vec::new();
    let slow = slow_best(game, s, seat, &legal, *KS.iter().max().unwrap_or(&0));
    for k in KS {
        game.best_scored(s, seat, k, &mut fast);
        let want = &slow[..k.min(slow.len())];
        assert!(
            fast == want,
            "{what}: best_scored({k})\nfast: {fast:?}\nslow: {want:?}"
        );
    }
    // No action is wanted: none comes back.
    game.best_scored(s, seat, 0, &mut fast);
    assert!(fast.is_empty(), "{what}: best_scored(0)");
    legal.len()
}

/// The state and seat to move at the end of a replay.
fn position(json: &str) -> (Scrabble, State, Seat) {
    let replay: Replay<Scrabble> = serde_json::from_str(json).expect("a replay");
    let session = Session::from_replay(&replay).expect("the replay plays back");
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("a seat to move");
    };
    // The same position as the worst-case tests see.
    let (_, board, rack) = position_of_replay(json);
    assert_eq!(
        (&board, rack),
        (&session.state().board, session.state().racks[seat])
    );
    (session.game().clone(), session.state().clone(), seat)
}

/// The worst-case positions and their number of plays (`tests/worst_cases.rs`).
const WORST: [(&str, &str, usize); 8] = [
    (
        "one blank",
        include_str!("data/default_one_blank.json"),
        254_069,
    ),
    (
        "two blanks",
        include_str!("data/default_two_blanks.json"),
        1_181_215,
    ),
    (
        "three blanks",
        include_str!("data/default_three_blanks.json"),
        2_713_577,
    ),
    (
        "three blanks repro",
        include_str!("data/three_blanks_repro.json"),
        124_090,
    ),
    (
        "XOR standard",
        include_str!("data/xor_standard.json"),
        1_751_527,
    ),
    (
        "XOR left to right",
        include_str!("data/xor_left_to_right.json"),
        1_897_870,
    ),
    (
        "XOR Boolean algebra",
        include_str!("data/xor_boolean_algebra.json"),
        502_226,
    ),
    (
        "XOR permissive",
        include_str!("data/xor_permissive.json"),
        604_796,
    ),
];

#[test]
fn worst_cases_count_and_best_scored() {
    for (what, json, plays) in WORST {
        let (game, s, seat) = position(json);
        // The slow answer lists, scores and sorts up to 2.7 M plays: all
        // eight positions take about 8 s at the tests' opt-level 1.
        let legal = check_position(&game, &s, seat, what);
        assert!(legal > plays, "{what}: the plays and the pass");
        // The other seats have nothing to do (E-2).
        for other in Seat::all(game.seats()) {
            if other != seat {
                assert_eq!(game.legal_count(&s, other), 0, "{what}: {other}");
                let mut fast = Vec::new();
                game.best_scored(&s, other, 20, &mut fast);
                assert!(fast.is_empty(), "{what}: {other} is not to move");
            }
        }
    }
}

/// On the biggest positions `best_scored` agrees with the best play of
/// the generator and returns `k` plays in order, without the full list.
#[test]
fn worst_cases_best_scored_is_ordered_and_starts_with_the_best_play() {
    for (what, json, _) in WORST {
        let (game, s, seat) = position(json);
        let best = binary_scrabble_core::MoveGen::new(&game)
            .best(&s.board, &s.racks[seat])
            .expect("a best play");
        let mut fast = Vec::new();
        game.best_scored(&s, seat, 100, &mut fast);
        assert_eq!(fast.len(), 100, "{what}");
        assert_eq!(
            fast[0],
            (Action::Play(best.play), i64::from(best.score)),
            "{what}"
        );
        assert!(
            fast.windows(2)
                .all(|w| (Reverse(w[0].1), w[0].0) < (Reverse(w[1].1), w[1].0)),
            "{what}: best first, ties in order, each once"
        );
        for (a, score) in &fast {
            assert_eq!(game.preview(&s, seat, a).score, Some(*score), "{what}: {a}");
        }
    }
}

/// A `k` beyond the number of plays gives every play, sorted: the whole
/// list, on the smallest worst case.
#[test]
fn best_scored_beyond_the_plays_is_the_whole_sorted_list() {
    let (game, s, seat) = position(include_str!("data/three_blanks_repro.json"));
    let mut legal = Vec::new();
    game.legal_actions(&s, seat, &mut legal);
    let slow = slow_best(&game, &s, seat, &legal, usize::MAX);
    assert_eq!(slow.len(), 124_090);
    let mut fast = Vec::new();
    game.best_scored(&s, seat, usize::MAX, &mut fast);
    assert!(fast == slow, "every play, best first");
}

/// A seeded game of random plays: at every decision the count and
/// `best_scored` of the seat to move, and the count of the others (0);
/// during the draws nobody has an action.
fn play_game(game: &Scrabble, seed: u64) -> usize {
    let mut rng = GameRng::new(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut decisions = 0;
    for _ in 0..game.max_steps() {
        match game.to_act(&s) {
            ToAct::Over => return decisions,
            ToAct::Chance => {
                assert_eq!(game.legal_count(&s, Seat(0)), 0, "seed {seed}: a draw");
                game.chance_outcomes(&s, &mut outcomes);
                let c = *rng.pick(&outcomes).expect("a tile to draw");
                game.apply_chance(&mut s, &c).expect("a drawn tile");
            }
            ToAct::Seat(seat) => {
                decisions += 1;
                let what = format!("seed {seed}, decision {decisions}");
                check_position(game, &s, seat, &what);
                let other = seat.next(game.seats());
                assert_eq!(game.legal_count(&s, other), 0, "{what}: {other}");
                game.legal_actions(&s, seat, &mut legal);
                let plays = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Play(_)))
                    .count();
                let a = if plays > 0 {
                    legal[rng.below(plays as u32) as usize]
                } else {
                    legal[rng.below(legal.len() as u32) as usize]
                };
                game.apply(&mut s, seat, &a).expect("a legal action");
            }
        }
    }
    panic!("seed {seed}: the game did not end within max_steps");
}

#[test]
fn seeded_games_count_and_best_scored() {
    let mut decisions = 0;
    for (i, config) in configs::configs().into_iter().enumerate() {
        let game = Scrabble::new(config).expect("a test config");
        for seed in 0..2 {
            decisions += play_game(&game, 7000 + 100 * i as u64 + seed);
        }
    }
    assert!(decisions > 100, "{decisions} decisions checked");
}
