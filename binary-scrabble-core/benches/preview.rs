//! Bench of `Preview::scores` on the reported position: three blanks on
//! the empty board (`tests/data/three_blanks_repro.json`, the replay of
//! the protocol repro that `load`s it and asks for `legal`). The protocol
//! lists every legal action and sorts them by score, so the rows are the
//! listing, the scores of the listed actions, both together, and, for
//! comparison, the default `scores` (a `preview`, so a `check_play`, per
//! play). Each row asserts its result first, so a fast wrong answer
//! cannot pass.

use std::hint::black_box;

use binary_scrabble_core::{Action, Scrabble};
use criterion::{Criterion, criterion_group, criterion_main};
use game_core::{Game, Preview, Replay, Session, ToAct};

const REPRO: &str = include_str!("../tests/data/three_blanks_repro.json");

/// The legal actions of the repro position: 124,090 plays (as
/// `tests/worst_cases.rs` counts them), the exchanges and a pass.
const PLAYS: usize = 124_090;

fn scores(c: &mut Criterion) {
    let replay: Replay<Scrabble> = serde_json::from_str(REPRO).expect("bench replay");
    let session = Session::from_replay(&replay).expect("the replay plays back");
    let ToAct::Seat(seat) = session.to_act() else {
        panic!("no seat to move");
    };
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

criterion_group!(benches, scores);
criterion_main!(benches);
