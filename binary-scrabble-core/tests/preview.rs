//! `Preview`: a play's preview is what `apply` adds to the mover's score
//! (R-28, R-27 included), an exchange or a pass scores `None`, no turn
//! costs anything, and `scores` of a long list agrees with `preview` of
//! each move. Checked against the real state change on seeded games of
//! every test config, and on the worst-case positions with blanks.

use crate::common;
use crate::configs;

use binary_scrabble_core::{Action, Scrabble, State};
use common::replays::position_of_replay;
use game_core::testkit::{any_move, walk_decisions};
use game_core::{Game, MovePreview, Preview, Seat, Session, ToAct};

/// The mover's score change of `a`, less the R-34 adjustment when `a`
/// ends the game at once (R-32 with the bag empty, R-33): that settles the
/// racks and is no turn's score.
fn score_change(game: &Scrabble, s: &State, seat: Seat, a: &Action) -> (i64, bool) {
    let mut after = s.clone();
    game.apply(&mut after, seat, a)
        .expect("a legal action applies");
    let mut change = i64::from(after.scores[seat]) - i64::from(s.scores[seat]);
    let ended = after.ending.is_some();
    if let Some(ending) = after.ending {
        change -= i64::from(ending.adjustments[seat]);
    }
    (change, ended)
}

/// Checks `a` in `s`: its preview against the change `apply` makes.
fn check_one(game: &Scrabble, s: &State, seat: Seat, a: &Action) -> bool {
    let preview = game.preview(s, seat, a);
    assert!(preview.costs.is_empty(), "{a}: no turn costs anything");
    let (change, ended) = score_change(game, s, seat, a);
    match a {
        Action::Play(_) => assert_eq!(preview.score, Some(change), "{a}: R-28"),
        Action::Exchange(_) | Action::Pass | Action::HiddenExchange(_) => {
            assert_eq!(preview, MovePreview::default(), "{a}: scoreless");
            assert_eq!(change, 0, "{a}: a scoreless turn");
        }
    }
    ended
}

/// What the seeded games saw: plays checked, plays of the full rack
/// and turns that ended the game at once.
#[derive(Default, Debug)]
struct Seen {
    plays: usize,
    full_rack: usize,
    endings: usize,
    listed: usize,
}

/// A seeded game: at each turn `scores` of the whole legal list (when it
/// is short enough to check each play) against `preview`, then `samples`
/// random legal actions applied to copies of the state, then a random
/// action (a play when there is one, the game must move on).
fn play_game(game: &Scrabble, seed: u64, samples: usize, seen: &mut Seen) {
    let mut scores = Vec::new();
    walk_decisions(game, seed, |s, seat, legal, rng| {
        if legal.len() <= 3000 {
            game.scores(s, seat, legal, &mut scores);
            let each: Vec<_> = legal
                .iter()
                .map(|a| game.preview(s, seat, a).score)
                .collect();
            assert_eq!(scores, each, "scores() is preview(..).score of each");
            seen.listed += legal.len();
        }
        for _ in 0..samples {
            let a = &legal[any_move(legal.len(), rng)];
            seen.endings += usize::from(check_one(game, s, seat, a));
            if let Action::Play(p) = a {
                seen.plays += 1;
                seen.full_rack += usize::from(p.tiles().len() == 9);
            }
        }
        let plays = legal
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .count();
        let i = if plays > 0 {
            any_move(plays, rng)
        } else {
            any_move(legal.len(), rng)
        };
        seen.endings += usize::from(check_one(game, s, seat, &legal[i]));
        i
    });
}

#[test]
fn preview_is_what_apply_adds_to_the_mover_in_seeded_games() {
    let mut seen = Seen::default();
    for (i, config) in configs::configs().into_iter().enumerate() {
        let game = Scrabble::new(config).expect("a test config");
        for seed in 0..3 {
            play_game(&game, 1000 * i as u64 + seed, 6, &mut seen);
        }
    }
    // The comparisons must have happened, and of every kind.
    assert!(seen.plays > 500, "{seen:?}");
    assert!(seen.listed > 10_000, "{seen:?}");
    assert!(seen.endings > 0, "{seen:?}");
}

/// a play of all 9 tiles includes the bonus; random games rarely
/// find one, so this one is set up: `0=0` … on the empty board from a
/// rack that can play all 9 tiles.
#[test]
fn a_full_rack_play_previews_its_bonus() {
    let game = Scrabble::new(Default::default()).expect("the default config");
    let session = Session::<Scrabble>::new(Default::default(), 11).expect("a session");
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("seat 0 moves first");
    };
    let mut s = session.state().clone();
    s.racks[seat] = "0 0 0 1 1 1 = + x".parse().expect("a rack");
    let mut legal = Vec::new();
    game.legal_actions(&s, seat, &mut legal);
    let full: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, Action::Play(p) if p.tiles().len() == 9))
        .collect();
    assert!(!full.is_empty(), "the rack has full-rack plays");
    for a in full {
        let (change, _) = score_change(&game, &s, seat, a);
        assert_eq!(game.preview(&s, seat, a).score, Some(change), "{a}");
        assert!(change >= 50, "{a}: R-27's 50 points are in");
    }
}

/// `scores` on the worst cases with blanks (the listing path) is the
/// generator's scores, checked against `check_play` on a sample of plays
/// and against `apply` on a few.
#[test]
fn scores_of_every_play_with_blanks_on_the_rack() {
    for json in [
        include_str!("data/three_blanks_repro.json"),
        include_str!("data/xor_boolean_algebra.json"),
    ] {
        let replay: game_core::Replay<Scrabble> = serde_json::from_str(json).expect("a replay");
        let session = Session::from_replay(&replay).expect("the replay plays back");
        let ToAct::Seat(seat) = session.to_act() else {
            panic!("a seat to move");
        };
        let (game, s) = (session.game(), session.state());
        let legal = session.legal_actions();
        let mut scores = Vec::new();
        game.scores(s, seat, &legal, &mut scores);
        assert_eq!(scores.len(), legal.len());
        let (_, board, rack) = position_of_replay(json);
        assert_eq!((&board, rack), (&s.board, s.racks[seat]));
        for (i, (a, score)) in legal.iter().zip(&scores).enumerate().step_by(97) {
            assert_eq!(*score, game.preview(s, seat, a).score, "{a}");
            if i % 7 == 0 {
                let (change, _) = score_change(game, s, seat, a);
                if let Action::Play(_) = a {
                    assert_eq!(*score, Some(change), "{a}");
                }
            }
        }
        // The same actions reversed take the binary-search path.
        let reversed: Vec<_> = legal.iter().rev().copied().collect();
        let mut back = Vec::new();
        game.scores(s, seat, &reversed, &mut back);
        back.reverse();
        assert_eq!(back, scores, "the order of the actions does not matter");
        assert_eq!(scores.last(), Some(&None), "a pass does not score");
    }
}
