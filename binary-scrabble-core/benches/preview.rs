//! Bench of `Preview::scores` on the reported position: three blanks on
//! the empty board (`tests/data/three_blanks_repro.json`, the replay of
//! the protocol repro that `load`s it and asks for `legal`). The protocol
//! lists every legal action and sorts them by score, so the rows are the
//! listing, the scores of the listed actions, both together, and, for
//! comparison, the default `scores` (a `preview`, so a `check_play`, per
//! play). The fast paths of a count (`Game::legal_count`) and of the best
//! plays (`Preview::best_scored`, a page of 20) follow, on the repro and
//! on two worst cases of `tests/worst_cases.rs`: three blanks under the
//! default rules (2.7 M plays) and XOR left to right (1.9 M). Each row
//! asserts its result first, so a fast wrong answer cannot pass.

use std::hint::black_box;

use binary_scrabble_core::{Action, Scrabble};
use criterion::{Criterion, criterion_group, criterion_main};
use game_core::{Game, Preview, Replay, Seat, Session, ToAct};

const REPRO: &str = include_str!("../tests/data/three_blanks_repro.json");

/// The legal actions of the repro position: 124,090 plays (as
/// `tests/worst_cases.rs` counts them), the exchanges and a pass.
const PLAYS: usize = 124_090;

/// The position a replay ends in, and the seat to move there.
fn position_of(replay: &str) -> (Session<Scrabble>, Seat) {
    let replay: Replay<Scrabble> = serde_json::from_str(replay).expect("bench replay");
    let session = Session::from_replay(&replay).expect("the replay plays back");
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("no seat to move");
    };
    (session, seat)
}

fn scores(c: &mut Criterion) {
    let (session, seat) = position_of(REPRO);
    let (game, s) = (session.game(), session.state());
    let mut legal = Vec::new();
    game.legal_actions(s, seat, &mut legal);
    let plays = legal
        .iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .count();
    assert_eq!(plays, PLAYS, "the repro's plays");
    let mut out = Vec::new();
    game.scores(s, seat, &legal, &mut out);
    assert_eq!(out.len(), legal.len());
    assert_eq!(
        out.iter().flatten().max(),
        Some(&104),
        "the best play scores 104"
    );
    // The default of the trait: a preview per action, the same scores.
    let each: Vec<_> = legal
        .iter()
        .map(|a| game.preview(s, seat, a).score)
        .collect();
    assert!(each == out, "scores() is preview(..).score of each action");

    let mut group = c.benchmark_group("binary-scrabble/preview");
    group.sample_size(10);
    group.bench_function("3 blanks repro: scores of all legal actions", |b| {
        b.iter(|| {
            game.scores(black_box(s), seat, &legal, &mut out);
            out.len()
        });
    });
    group.bench_function("3 blanks repro: legal actions, then their scores", |b| {
        let mut listed = Vec::new();
        b.iter(|| {
            game.legal_actions(black_box(s), seat, &mut listed);
            game.scores(s, seat, &listed, &mut out);
            out.len()
        });
    });
    group.bench_function("3 blanks repro: a preview per action (default)", |b| {
        b.iter(|| {
            legal
                .iter()
                .filter_map(|a| game.preview(black_box(s), seat, a).score)
                .count()
        });
    });
    group.finish();
}

/// A position of `tests/data/` for the fast-path rows, with the number of
/// its plays and the score of its best play (as `tests/worst_cases.rs`
/// has them).
struct Position {
    name: &'static str,
    replay: &'static str,
    plays: usize,
    best: i64,
}

const POSITIONS: [Position; 3] = [
    Position {
        name: "3 blanks repro",
        replay: REPRO,
        plays: PLAYS,
        best: 104,
    },
    Position {
        name: "3 blanks (default_three_blanks)",
        replay: include_str!("../tests/data/default_three_blanks.json"),
        plays: 2_713_577,
        best: 126,
    },
    Position {
        name: "XOR left to right",
        replay: include_str!("../tests/data/xor_left_to_right.json"),
        plays: 1_897_870,
        best: 82,
    },
];

fn fast_lists(c: &mut Criterion) {
    let mut group = c.benchmark_group("binary-scrabble/preview");
    group.sample_size(10);
    for position in &POSITIONS {
        let (session, seat) = position_of(position.replay);
        let (game, s) = (session.game(), session.state());
        let mut legal = Vec::new();
        game.legal_actions(s, seat, &mut legal);
        let plays = legal
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .count();
        assert_eq!(plays, position.plays, "{}: the plays", position.name);
        assert_eq!(
            game.legal_count(s, seat),
            legal.len(),
            "{}: the count is the list's length",
            position.name
        );
        let mut best = Vec::new();
        game.best_scored(s, seat, 20, &mut best);
        assert_eq!(best.len(), 20, "{}", position.name);
        assert_eq!(
            best[0].1, position.best,
            "{}: the best score",
            position.name
        );
        assert!(
            best.windows(2).all(|w| w[0].1 >= w[1].1),
            "{}: best first",
            position.name
        );
        drop(legal);
        group.bench_function(format!("{}: legal_count", position.name), |b| {
            b.iter(|| game.legal_count(black_box(s), seat));
        });
        group.bench_function(format!("{}: best_scored(20)", position.name), |b| {
            b.iter(|| {
                game.best_scored(black_box(s), seat, 20, &mut best);
                best.len()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, scores, fast_lists);
criterion_main!(benches);
