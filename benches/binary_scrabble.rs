//! Benches of Binary Scrabble: the shared harness rows, equation checking,
//! cross-set computation, move generation on the spec's reference
//! positions (M-5) and on the worst cases with blanks, and a
//! whole greedy-versus-greedy game. Every bench asserts its own result
//! first, so a fast wrong answer cannot pass.

mod harness;

use std::hint::black_box;

use binary_scrabble_core::{
    Board, Checker, Config, Dir, Equation, EquationRules, GreedyBot, Kind, KindCounts, MoveGen,
    Scrabble, Square, XorTiles,
};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use game_core::{Bot, BotView, Game, GameRng, Replay, Session, ToAct};

const BENCH1_BOARD: &str = "B3 0, C3 =, D3 0, D4 =, D5 0, D6 +, D7 1, A8 0, B8 x, C8 1, D8 0, \
    E8 +, F8 1, G8 =, H8 1, D9 x, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, H11 0, \
    I11 =, J11 1, K11 0, D12 1";
const BENCH1_RACK: &str = "0 1 1 1 = + / / NOT";
const BENCH2_BOARD: &str = "B2 1, B3 0, C3 =, D3 0, B4 =, D4 =, B5 1, C5 =, D5 0, E5 +, F5 1, \
    G5 /, H5 1, I5 /, J5 NOT, K5 0, B6 0, D6 +, B7 0, D7 1, A8 0, B8 x, C8 1, D8 0, E8 +, F8 1, \
    G8 =, H8 1, B9 1, D9 x, B10 AND, D10 0, B11 1, C11 0, D11 AND, E11 0, F11 OR, G11 1, H11 0, \
    I11 =, J11 1, K11 0, B12 OR, D12 1, H12 x, B13 1, C13 =, D13 1, H13 1, B14 0, H14 ?=, H15 0";
const BENCH2_RACK: &str = "0 0 1 1 1 1 = - ?";

/// (label, board, rack, plays, best score) of M-5 and M-6, default rules
/// as revised 2026-11-25 (before: 3907 / 114, 19624 / 89, 32440 / 128).
const POSITIONS: [(&str, &str, &str, usize, i32); 3] = [
    ("bench-1", BENCH1_BOARD, BENCH1_RACK, 2812, 122),
    ("bench-2", BENCH2_BOARD, BENCH2_RACK, 18005, 92),
    ("p-1b", "", "0 0 1 1 1 = + x ?", 29924, 128),
];

/// Golden anchors and cross-set checksums of BENCH-1 and BENCH-2 (the
/// 2026-11-25 revision left them as they were).
const CROSS_GOLDEN: [(usize, u64); 2] = [(48, 377_830), (70, 285_090)];

fn shared_rows(c: &mut Criterion) {
    harness::bench_game::<Scrabble>(c, "binary-scrabble", Config::default(), 1);
    let xor4 = Config {
        players: 4,
        xor_tiles: Some(XorTiles {
            count: 4,
            points: 1,
        }),
        ..Config::default()
    };
    harness::bench_game::<Scrabble>(c, "binary-scrabble-4p-xor", xor4, 2);
}

fn equations(c: &mut Criterion) {
    let checker = Checker::new(EquationRules::default());
    let mut group = c.benchmark_group("binary-scrabble/equation");
    // 15-token runs (a full line of the board).
    for (label, text, value) in [
        ("15 tokens mixed", "110/11=10x1+1-1", 2),
        ("15 tokens numerals", "1111111=1111111", 127),
        ("15 tokens logic", "101 OR 10 AND 11=111=111", 7),
    ] {
        let eq: Equation = text.parse().expect("bench equation");
        assert_eq!(checker.check(eq.tokens()), Ok(value), "{text}");
        group.bench_function(label, |b| {
            b.iter(|| checker.check(black_box(eq.tokens())));
        });
    }
    let false_eq: Equation = "1001x11=11000".parse().expect("bench equation");
    assert!(checker.check(false_eq.tokens()).is_err());
    group.bench_function("false, sides differ", |b| {
        b.iter(|| checker.check(black_box(false_eq.tokens())));
    });
    group.finish();
}

/// The number of anchors and a checksum of all cross-sets: Σ over squares
/// and directions of (index + 1) × (faces in the set). The pinned values
/// are golden (recorded from this engine), not derived by hand.
fn cross_checksum(mg: &MoveGen<'_>) -> (usize, u64) {
    let mut anchors = 0;
    let mut sum = 0u64;
    for i in 0..binary_scrabble_core::SQUARES {
        let Some(sq) = Square::new(i) else { continue };
        anchors += usize::from(mg.is_anchor(sq));
        for dir in [Dir::Across, Dir::Down] {
            sum += (i as u64 + 1) * u64::from(mg.cross_set(dir, sq).0.count_ones());
        }
    }
    (anchors, sum)
}

fn cross_sets(c: &mut Criterion) {
    let game = Scrabble::new(Config::default()).expect("default config");
    let mut group = c.benchmark_group("binary-scrabble/cross-sets");
    for ((label, list, _, _, _), golden) in POSITIONS[..2].iter().zip(CROSS_GOLDEN) {
        let board: Board = list.parse().expect("bench board");
        let mut mg = MoveGen::new(&game);
        mg.cross_sets(&board);
        assert_eq!(
            cross_checksum(&mg),
            golden,
            "{label}: anchors and cross-sets"
        );
        group.bench_function(*label, |b| {
            b.iter(|| mg.cross_sets(black_box(&board)));
        });
    }
    group.finish();
}

/// With a blank on the rack a listing shares its lines with a second
/// thread: the same listing on one thread, beside it.
fn one_thread_listing(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    game: &Scrabble,
    board: &Board,
    rack: &KindCounts,
) {
    if rack.get(Kind::Blank) == 0 {
        return;
    }
    let mut alone = MoveGen::new(game);
    alone.set_threads(1);
    let mut out = Vec::new();
    group.bench_function(format!("{label} all plays, one thread"), |b| {
        b.iter(|| {
            out.clear();
            alone.legal_plays(black_box(board), rack, &mut out);
            out.len()
        });
    });
}

fn move_generation(c: &mut Criterion) {
    let game = Scrabble::new(Config::default()).expect("default config");
    let mut group = c.benchmark_group("binary-scrabble/movegen");
    for (label, list, tiles, plays, best) in POSITIONS {
        let board: Board = list.parse().expect("bench board");
        let rack: KindCounts = tiles.parse().expect("bench rack");
        let mut mg = MoveGen::new(&game);
        let mut out = Vec::new();
        mg.legal_plays(&board, &rack, &mut out);
        assert_eq!(out.len(), plays, "{label}: play count");
        assert_eq!(mg.count(&board, &rack), plays, "{label}: counted plays");
        assert_eq!(
            mg.best(&board, &rack).map(|p| p.score),
            Some(best),
            "{label}: best"
        );
        group.bench_function(format!("{label} all plays"), |b| {
            b.iter(|| {
                out.clear();
                mg.legal_plays(black_box(&board), &rack, &mut out);
                out.len()
            });
        });
        group.bench_function(format!("{label} count"), |b| {
            b.iter(|| mg.count(black_box(&board), &rack));
        });
        group.bench_function(format!("{label} best play"), |b| {
            b.iter(|| mg.best(black_box(&board), &rack));
        });
        one_thread_listing(&mut group, label, &game, &board, &rack);
    }
    group.finish();
}

/// The worst cases of move generation with blanks, stored as replays and
/// shared with `binary-scrabble-core/tests/worst_cases.rs` (which says how
/// they were chosen): (label, replay, plays, best score).
const WORST: [(&str, &str, usize, i32); 8] = [
    (
        "1 blank",
        include_str!("../binary-scrabble-core/tests/data/default_one_blank.json"),
        254_069,
        94,
    ),
    (
        "2 blanks",
        include_str!("../binary-scrabble-core/tests/data/default_two_blanks.json"),
        1_181_215,
        86,
    ),
    (
        "3 blanks",
        include_str!("../binary-scrabble-core/tests/data/default_three_blanks.json"),
        2_713_577,
        126,
    ),
    (
        "3 blanks, empty board (repro)",
        include_str!("../binary-scrabble-core/tests/data/three_blanks_repro.json"),
        124_090,
        104,
    ),
    (
        "xor standard",
        include_str!("../binary-scrabble-core/tests/data/xor_standard.json"),
        1_751_527,
        82,
    ),
    (
        "xor left-to-right",
        include_str!("../binary-scrabble-core/tests/data/xor_left_to_right.json"),
        1_897_870,
        82,
    ),
    (
        "xor boolean-algebra",
        include_str!("../binary-scrabble-core/tests/data/xor_boolean_algebra.json"),
        502_226,
        90,
    ),
    (
        "xor left-to-right T-5 T-6",
        include_str!("../binary-scrabble-core/tests/data/xor_permissive.json"),
        604_796,
        90,
    ),
];

fn worst_cases(c: &mut Criterion) {
    let mut group = c.benchmark_group("binary-scrabble/worst");
    // The all-plays rows take up to a few hundred milliseconds.
    group.sample_size(10);
    for (label, json, plays, best) in WORST {
        let replay: Replay<Scrabble> = serde_json::from_str(json).expect("bench replay");
        let session = Session::from_replay(&replay).expect("the replay plays back");
        let ToAct::Seat(seat) = session.to_act() else {
            panic!("{label}: no seat to move");
        };
        let board = session.state().board.clone();
        let rack = session.state().racks[seat];
        let mut mg = MoveGen::new(session.game());
        let mut out = Vec::new();
        mg.legal_plays(&board, &rack, &mut out);
        assert_eq!(out.len(), plays, "{label}: play count");
        assert_eq!(
            mg.best(&board, &rack).map(|p| p.score),
            Some(best),
            "{label}: best"
        );
        group.bench_function(format!("{label} all plays"), |b| {
            b.iter(|| {
                out.clear();
                mg.legal_plays(black_box(&board), &rack, &mut out);
                out.len()
            });
        });
        group.bench_function(format!("{label} best play"), |b| {
            b.iter(|| mg.best(black_box(&board), &rack));
        });
        one_thread_listing(&mut group, label, session.game(), &board, &rack);
    }
    group.finish();
}

/// One greedy-versus-greedy game: its step count and final scores.
fn greedy_game(seed: u64) -> (usize, Vec<i64>) {
    let mut session = Session::<Scrabble>::new(Config::default(), seed).expect("default config");
    let mut rng = GameRng::new(seed);
    let mut bot = GreedyBot;
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let view = BotView::new(session.game(), session.state(), seat, &legal, false);
        let a = bot.select(&view, &mut rng);
        session.act(seat, &a).expect("the bot plays a legal action");
    }
    let outcome = session.outcome().expect("the game is over");
    (session.step_count(), outcome.scores)
}

fn greedy_games(c: &mut Criterion) {
    // Golden: the game of seed 1 (recorded from this engine; before the
    // 2026-11-25 defaults it was 117 steps, 414 to 155).
    assert_eq!(greedy_game(1), (116, vec![289, 201]), "greedy game, seed 1");
    let mut group = c.benchmark_group("binary-scrabble/greedy");
    group.sample_size(10);
    group.bench_function("full game, 2 seats", |b| {
        b.iter(|| greedy_game(black_box(1)))
    });
    group.finish();
}

criterion_group!(
    benches,
    equations,
    cross_sets,
    move_generation,
    worst_cases,
    greedy_games,
    shared_rows
);
criterion_main!(benches);
