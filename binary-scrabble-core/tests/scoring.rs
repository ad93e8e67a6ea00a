//! Sections 12.3 and 12.4 of the spec: scoring rows S-1 to S-16 (games A
//! and B, T-14 `NewEquations` by default, `Never` and `Always`) and the
//! end-of-game rows G-1 to G-5.

use crate::common;

use binary_scrabble_core::{
    Action, Board, Config, EndReason, EndgameRackRule, KindCounts, ScorePlayedThrough, Scrabble,
    State, ValueBonus,
};
use common::{board, game, play, rack};
use game_core::{BySeat, Game, Seat, Session, ToAct};

/// Plays `text` on `board` with a rack holding its tiles: checks the score
/// through `check_play` and through `apply` on a full state, then puts the
/// tiles on the board.
fn score(g: &Scrabble, board: &mut Board, text: &str) -> i32 {
    let p = play(text);
    let r = p.rack_use();
    let direct = g
        .check_play(board, &r, &p)
        .expect("the row's play is legal");
    let mut state = g.position(board, &r).expect("position");
    g.apply(&mut state, Seat(0), &Action::Play(p)).unwrap();
    assert_eq!(state.scores[Seat(0)], direct);
    *board = state.board.clone();
    direct
}

fn game_a_rows() -> [&'static str; 7] {
    [
        "Across C8 1, D8 +, E8 1, F8 =, G8 1, H8 0",
        "Across B8 1, I8 0",
        "Down E5 1, E6 1, E7 +, E9 =, E10 1, E11 0, E12 0",
        "Down I9 =, I10 0, I11 x, I12 1",
        "Across H13 1, I13 0, J13 =, K13 1, L13 0",
        "Across A8 ?1, J8 0",
        "Across F10 0, G10 =, H10 1, J10 /, K10 1",
    ]
}

fn t14(score_played_through: ScorePlayedThrough) -> Config {
    Config {
        score_played_through,
        ..Config::default()
    }
}

#[test]
fn s1_to_s7_game_a() {
    // S-3, S-4 and S-7 are new expressions through single old tiles, which
    // add their face points; S-2, S-6 and S-5's cross run extend.
    let g = game(Config::default());
    let mut b = Board::new();
    let scores: Vec<i32> = game_a_rows().iter().map(|t| score(&g, &mut b, t)).collect();
    assert_eq!(scores, vec![18, 6, 48, 7, 10, 27, 22]);
}

#[test]
fn s13_to_s15_game_a_with_t14_never() {
    let g = game(t14(ScorePlayedThrough::Never));
    let mut b = Board::new();
    let scores: Vec<i32> = game_a_rows().iter().map(|t| score(&g, &mut b, t)).collect();
    assert_eq!(scores, vec![18, 6, 44, 6, 10, 27, 20]);
}

#[test]
fn s13_s14_s15_rows() {
    let g = game(t14(ScorePlayedThrough::Never));
    for (row, want) in [(2, 44), (3, 6), (6, 20)] {
        let mut b = game_a_board(row);
        assert_eq!(score(&g, &mut b, game_a_rows()[row]), want, "row {row}");
    }
}

#[test]
fn s16_cross_run_old_tiles_with_t14_always() {
    let g = game(t14(ScorePlayedThrough::Always));
    let mut b = game_a_board(4);
    assert_eq!(score(&g, &mut b, game_a_rows()[4]), 16);
}

#[test]
fn t14_default_changed_from_never_to_new_equations() {
    // The old default (`false`, read as `Never`) and the new one on S-3, S-4
    // and S-7; on S-2 (an extension) both agree.
    let old = game(t14(ScorePlayedThrough::Never));
    let new = game(Config::default());
    assert_eq!(
        new.config().score_played_through,
        ScorePlayedThrough::NewEquations
    );
    for (row, before, after) in [(1, 6, 6), (2, 44, 48), (3, 6, 7), (6, 20, 22)] {
        let b = game_a_board(row);
        let text = game_a_rows()[row];
        assert_eq!(score(&old, &mut b.clone(), text), before, "row {row}");
        assert_eq!(score(&new, &mut b.clone(), text), after, "row {row}");
    }
}

#[test]
fn s8_full_rack_on_an_empty_board() {
    let g = game(Config::default());
    let mut b = Board::new();
    let text = "Across D8 1, E8 1, F8 1, G8 1, H8 =, I8 1, J8 1, K8 1, L8 1";
    assert_eq!(score(&g, &mut b, text), 88);
}

const GAME_B: [&str; 5] = [
    "Across D8 1, E8 =, F8 1, G8 AND, H8 1",
    "Down D9 =, D10 1, D11 x, D12 1, D13 x, D14 1",
    "Across E14 =, F14 1, G14 1, H14 -, I14 1, J14 0",
    "Down I9 1, I10 1, I11 AND, I12 1, I13 =",
    "Across I8 1",
];

#[test]
fn s9_game_b_and_a_single_tile_in_two_equations() {
    // Plays 2 to 4 run through one single old tile each (new expressions);
    // S-9's single tile extends both of its runs.
    for (config, want) in [
        (Config::default(), [14, 20, 12, 9, 4]),
        (t14(ScorePlayedThrough::Never), [14, 18, 11, 8, 4]),
    ] {
        let g = game(config);
        let mut b = Board::new();
        let got: Vec<i32> = GAME_B.iter().map(|t| score(&g, &mut b, t)).collect();
        assert_eq!(got, want);
    }
}

/// Replays game A up to (not including) row `upto` (0-based).
fn game_a_board(upto: usize) -> Board {
    let g = game(Config::default());
    let mut b = Board::new();
    for t in &game_a_rows()[..upto] {
        score(&g, &mut b, t);
    }
    b
}

#[test]
fn s10_old_tiles_score_with_t14_always() {
    let g = game(t14(ScorePlayedThrough::Always));
    let mut b = game_a_board(1);
    assert_eq!(score(&g, &mut b, game_a_rows()[1]), 12);
}

#[test]
fn s11_floor_log2_bonus() {
    let g = game(Config {
        value_bonus: ValueBonus::FloorLog2,
        ..Config::default()
    });
    let mut b = game_a_board(2);
    assert_eq!(score(&g, &mut b, game_a_rows()[2]), 40);
}

#[test]
fn s12_floor_log2_with_t14_on_a_blank() {
    let g = game(Config {
        value_bonus: ValueBonus::FloorLog2,
        score_played_through: ScorePlayedThrough::Always,
        ..Config::default()
    });
    let mut b = game_a_board(5);
    assert_eq!(score(&g, &mut b, game_a_rows()[5]), 36);
}

#[test]
fn r26_no_value_bonus() {
    // S-1 with T-13 None: (1 + 2 + 1 + 1 + 1 + 1) × 2.
    let g = game(Config {
        value_bonus: ValueBonus::None,
        ..Config::default()
    });
    let mut b = Board::new();
    assert_eq!(score(&g, &mut b, game_a_rows()[0]), 14);
}

#[test]
fn r27_full_rack_bonus_follows_t9() {
    let g = game(Config {
        full_rack_bonus: 0,
        ..Config::default()
    });
    let mut b = Board::new();
    let text = "Across D8 1, E8 1, F8 1, G8 1, H8 =, I8 1, J8 1, K8 1, L8 1";
    assert_eq!(score(&g, &mut b, text), 38);
}

fn racks(list: &[&str]) -> BySeat<KindCounts, 4> {
    let r: Vec<KindCounts> = list.iter().map(|t| rack(t)).collect();
    BySeat::from_slice(&r).unwrap()
}

fn adjustments(rule: EndgameRackRule, list: &[&str], reason: EndReason) -> Vec<i32> {
    let g = game(Config {
        players: list.len() as u8,
        endgame_rack_rule: rule,
        ..Config::default()
    });
    g.rack_adjustments(&racks(list), reason).as_slice().to_vec()
}

#[test]
fn g1_hasbro_going_out() {
    let out = EndReason::WentOut { seat: Seat(1) };
    assert_eq!(
        adjustments(EndgameRackRule::Hasbro, &["x 0", "", "? 1 /"], out),
        vec![-3, 8, -5]
    );
}

#[test]
fn g2_the_other_rules_going_out() {
    let out = EndReason::WentOut { seat: Seat(1) };
    let racks = ["x 0", "", "? 1 /"];
    assert_eq!(
        adjustments(EndgameRackRule::Tournament, &racks, out),
        vec![0, 16, 0]
    );
    assert_eq!(
        adjustments(EndgameRackRule::AddOnly, &racks, out),
        vec![0, 8, 0]
    );
    assert_eq!(
        adjustments(EndgameRackRule::DigitTilesOnly, &racks, out),
        vec![-1, 2, -1]
    );
}

#[test]
fn g3_scoreless_end() {
    let racks = ["x 0", "= =", "? 1 /"];
    let s = EndReason::Scoreless;
    assert_eq!(
        adjustments(EndgameRackRule::Hasbro, &racks, s),
        vec![-3, -2, -5]
    );
    assert_eq!(
        adjustments(EndgameRackRule::Tournament, &racks, s),
        vec![-3, -2, -5]
    );
    assert_eq!(
        adjustments(EndgameRackRule::AddOnly, &racks, s),
        vec![0, 0, 0]
    );
    assert_eq!(
        adjustments(EndgameRackRule::DigitTilesOnly, &racks, s),
        vec![-1, 0, -1]
    );
}

#[test]
fn g1_going_out_in_play() {
    // Seat 1 plays its last two tiles with the bag empty (a hand-built
    // end-game state: the bag is empty, so no refill is pending).
    let g = game(Config {
        players: 3,
        ..Config::default()
    });
    let mut s = State {
        board: board("C8 1, D8 +, E8 1, F8 =, G8 1, H8 0"),
        racks: racks(&["x 0", "1 0", "? 1 /"]),
        bag: KindCounts::EMPTY,
        scores: BySeat::from_slice(&[0, 0, 0]).unwrap(),
        to_move: Seat(1),
        scoreless: 0,
        pending: None,
        ending: None,
        last_turn: None,
    };
    g.apply(&mut s, Seat(1), &Action::Play(play("Across B8 1, I8 0")))
        .unwrap();
    assert_eq!(g.to_act(&s), ToAct::Over);
    let o = g.outcome(&s).unwrap();
    // S-2 scores 6, then R-34: +8 for seat 1, -3 and -5 for the others.
    assert_eq!(o.scores, vec![-3, 14, -5]);
    assert_eq!(o.places, vec![2, 1, 3]);
    assert_eq!(
        s.ending.unwrap().reason,
        EndReason::WentOut { seat: Seat(1) }
    );
}

#[test]
fn g4_ties_share_first_place() {
    let g = game(Config {
        players: 4,
        ..Config::default()
    });
    let mut s = g.initial_state();
    s.scores = BySeat::from_slice(&[120, 95, 120, -4]).unwrap();
    s.pending = None;
    s.ending = Some(binary_scrabble_core::Ending {
        reason: EndReason::Scoreless,
        adjustments: BySeat::from_slice(&[0, 0, 0, 0]).unwrap(),
    });
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.places, vec![1, 3, 1, 4]);
    assert!(o.is_win(Seat(0)) && o.is_win(Seat(2)));
}

#[test]
fn g5_six_passes_end_the_game() {
    let mut session = Session::<Scrabble>::new(Config::default(), 5).unwrap();
    for turn in 0..6 {
        let ToAct::Seat(seat) = session.to_act() else {
            panic!("turn {turn}: no seat to act");
        };
        assert_eq!(seat, Seat(turn % 2));
        session.act(seat, &Action::Pass).unwrap();
    }
    assert_eq!(session.to_act(), ToAct::Over);
    let g = session.game();
    let s = session.state();
    let expected: Vec<i64> = s
        .racks
        .iter()
        .map(|(_, r)| -i64::from(r.tiles().map(|k| g.points(k)).sum::<i32>()))
        .collect();
    assert_eq!(session.outcome().unwrap().scores, expected);
    assert!(expected.iter().all(|&x| x < 0));
}
