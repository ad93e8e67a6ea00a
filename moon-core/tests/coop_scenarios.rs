//! The cooperative worked examples C-1 to C-12 (§14 W-3 of the rules).
//! Every example but C-3 plays the default `auto_end_when_idle = false`
//! (revised 2026-11-25): a round whose goals are all solved goes on until
//! `EndTurn`.

use crate::common;

use common::{Script, e, op};
use game_core::Game;
use moon_core::{
    ALL_EVENTS, Action, Card, Config, Difficulty, ErrorTarget, ExtraOps, InitRegisters, Moon,
    MoonError, OpKind, Phase, Reg, WideGoalModel,
};

#[test]
fn c1_easy_solving_an_idle_round_that_goes_on_a_reveal_mid_round_a_voluntary_end() {
    let mut g = Script::new(
        Config::cooperative(Difficulty::Easy),
        "0011 0101 1000 0110 1011 0001 1110",
    );
    assert_eq!(
        (g.reg(1), g.reg(2), g.reg(3)),
        ("0011".into(), "0101".into(), "1000".into())
    );
    assert_eq!(g.queue(), "[0110 . . . .]");
    assert_eq!((g.deck(), g.s.round, g.energy()), (12, 1, e(6)));

    g.op("MOV A,B");
    assert_eq!((g.a(), g.energy()), ("0011".into(), e(4)));
    g.op("XOR A,C");
    // Solved; nothing is pending, but the round goes on (M-22).
    assert_eq!(
        (g.a(), g.score(), g.energy(), g.queue(), g.s.round),
        ("0110".into(), 1, e(3), "[. . . . .]".into(), 1)
    );
    let legal = g.legal();
    assert!(legal.contains(&Action::EndTurn) && legal.iter().any(|a| matches!(a, Action::Op(_))));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (2, "[1011 . . . .]".into(), e(6), 11)
    );
    g.op("NOT A");
    assert_eq!((g.a(), g.energy()), ("1001".into(), e(4)));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (3, "[# 1011 . . .]".into(), e(6), 10)
    );
    g.op("OR A,B");
    assert_eq!((g.a(), g.score(), g.energy()), ("1011".into(), 2, e(5)));
    // Position 1 is revealed at once; energy is not refilled.
    assert_eq!(g.queue(), "[0001 . . . .]");
    g.op("AND A,B");
    assert_eq!((g.a(), g.energy()), ("0011".into(), e(4)));
    g.op("AND A,C");
    assert_eq!(
        (g.a(), g.score(), g.energy(), g.s.round),
        ("0001".into(), 3, e(3), 3)
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (4, "[1110 . . . .]".into(), e(6), 9)
    );
}

#[test]
fn c2_master_an_unsolved_goal_is_lost_in_round_5() {
    let mut g = Script::new(Config::cooperative(Difficulty::Master), "1110");
    assert_eq!(
        (g.a(), g.queue(), g.deck()),
        ("0001".into(), "[1110 . . . .]".into(), 17)
    );
    for _ in 0..4 {
        g.end();
    }
    assert!(g.chance.is_empty());
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (5, "[# # # # 1110]".into(), 13, e(3))
    );
    g.end();
    assert_eq!(g.s.phase, Phase::Lost);
    assert_eq!(
        g.game.moon_outcome(&g.s),
        Some(moon_core::MoonOutcome::Cooperative {
            result: game_core::TeamResult::Lost,
            score: 0,
            rounds: 5
        })
    );
}

fn c3_config(auto_end_when_idle: bool) -> Config {
    Config {
        auto_end_when_idle,
        ..Config::cooperative(Difficulty::Hard)
    }
}

const C3_CHANCE: &str = "0100 BUG 1011 BUG 0010";

#[test]
fn c3_hard_bugs_take_positions_automatic_ends() {
    let mut g = Script::new(c3_config(true), C3_CHANCE);
    assert_eq!(g.reg(1), "0100");
    assert_eq!(
        (g.queue(), g.deck(), g.energy()),
        ("[BUG 1011 . . .]".into(), 15, e(4))
    );
    g.op("NOT A");
    assert_eq!((g.a(), g.energy()), ("1111".into(), e(2)));
    g.op("XOR A,B");
    assert_eq!(g.score(), 1);
    // Auto: round 2 drew a BUG at position 2; auto: round 3 followed at once.
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (3, "[BUG BUG 0010 . .]".into(), e(4), 13)
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (4, "[BUG BUG # 0010 .]".into(), e(4))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (5, "[BUG BUG # # 0010]".into(), e(4))
    );
    g.end();
    assert_eq!((g.s.phase, g.score()), (Phase::Lost, 1));
}

#[test]
fn c3_with_the_default_the_round_goes_on_and_two_end_turns_reach_the_same_state() {
    let mut g = Script::new(c3_config(false), C3_CHANCE);
    g.op("NOT A");
    g.op("XOR A,B");
    assert_eq!(
        (g.score(), g.s.round, g.queue(), g.energy()),
        (1, 1, "[BUG . . . .]".into(), e(1))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (2, "[BUG BUG . . .]".into(), e(4))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (3, "[BUG BUG 0010 . .]".into(), e(4), 13)
    );
    // From here both readings coincide: the loss at the end of round 5.
    let mut auto = Script::new(c3_config(true), C3_CHANCE);
    auto.op("NOT A");
    auto.op("XOR A,B");
    assert_eq!(
        (auto.s.regs, auto.s.queue, auto.s.round),
        (g.s.regs, g.s.queue, g.s.round)
    );
    for _ in 0..3 {
        g.end();
    }
    assert_eq!((g.s.phase, g.s.round, g.score()), (Phase::Lost, 5, 1));
}

#[test]
fn c4_events_error_in_setup_ok_choice_reset_value_kept_while_disabled() {
    let config = Config {
        events: ALL_EVENTS.to_vec(),
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(
        config,
        "0011 0101 1000, ERROR B, ERROR XOR, 1101, OK, RESET A, 0111, 1110",
    );
    assert_eq!(g.reg(1), "0011");
    assert!(g.s.disabled_regs.contains(Reg::B) && g.s.disabled_ops.contains(OpKind::Xor));
    assert_eq!((g.queue(), g.deck()), ("[1101 . . . .]".into(), 27));

    assert_eq!(
        g.try_op("MOV A,B"),
        Err(MoonError::RegisterDisabled { reg: Reg::B })
    );
    assert_eq!(
        g.try_op("XOR A,C"),
        Err(MoonError::OperationDisabled { kind: OpKind::Xor })
    );
    g.op("MOV A,D");
    assert_eq!((g.a(), g.energy()), ("1000".into(), e(4)));
    g.op("OR A,C");
    assert_eq!(
        (g.a(), g.score(), g.s.round, g.energy()),
        ("1101".into(), 1, 1, e(3))
    );
    g.end();
    // Round 2: the OK found two errors, so a choice is pending and EndTurn
    // is illegal.
    assert_eq!((g.s.round, g.energy()), (2, e(6)));
    assert_eq!(g.s.ok_chooser, Some(game_core::Seat(0)));
    assert_eq!(g.try_act(Action::EndTurn), Err(MoonError::OkChoicePending));
    assert_eq!(
        g.legal(),
        vec![
            Action::ChooseOk(ErrorTarget::Register(Reg::B)),
            Action::ChooseOk(ErrorTarget::Operation(OpKind::Xor))
        ]
    );
    g.act(Action::ChooseOk(ErrorTarget::Register(Reg::B)));
    // Nothing is pending, and round 2 goes on with full energy.
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.s.ok_chooser),
        (2, "[. . . . .]".into(), e(6), None)
    );
    g.end();
    // Round 3: RESET A; the round goes on.
    assert_eq!(
        (g.s.round, g.a(), g.queue()),
        (3, "0000".into(), "[. . . . .]".into())
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (4, "[0111 . . . .]".into(), 24, e(6))
    );
    assert!(g.s.disabled_ops.contains(OpKind::Xor) && !g.s.disabled_regs.contains(Reg::B));
    g.op("MOV A,B");
    assert_eq!((g.a(), g.energy()), ("0011".into(), e(4)));
    g.op("OR A,C");
    assert_eq!((g.a(), g.score(), g.energy()), ("0111".into(), 2, e(3)));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (5, "[1110 . . . .]".into(), 23, e(6))
    );
}

#[test]
fn c5_reset_on_a_disabled_register_an_automatic_ok_a_column_reset() {
    let config = Config {
        bugs: Some(0),
        events: ALL_EVENTS.to_vec(),
        init_registers: Some(InitRegisters::Fixed([0b0000, 0b1111, 0b0110, 0b0101])),
        ..Config::cooperative(Difficulty::Hard)
    };
    let mut g = Script::new(
        config,
        "ERROR C, RESET C, OK, RESET 4, 1011, ERROR NOT, 0100, 1000",
    );
    // ERROR C, RESET C (C = 0, still disabled), OK repairs C alone, RESET 4.
    assert!(g.s.disabled_regs.is_empty() && g.s.ok_chooser.is_none());
    assert_eq!(
        (g.a(), g.reg(1), g.reg(2), g.reg(3)),
        ("0000".into(), "1011".into(), "0000".into(), "0001".into())
    );
    assert_eq!(
        (g.queue(), g.deck(), g.energy()),
        ("[1011 . . . .]".into(), 28, e(4))
    );
    g.op("MOV A,B");
    assert_eq!(
        (g.a(), g.score(), g.energy(), g.s.round),
        ("1011".into(), 1, e(2), 1)
    );
    g.end();
    // Round 2: ERROR NOT; the round goes on.
    assert!(g.s.disabled_ops.contains(OpKind::Not));
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (2, "[. . . . .]".into(), e(4))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (3, "[0100 . . . .]".into(), e(4), 26)
    );
    assert_eq!(
        g.try_op("NOT A"),
        Err(MoonError::OperationDisabled { kind: OpKind::Not })
    );
    g.op("ROR A");
    assert_eq!((g.a(), g.energy()), ("1101".into(), e(2)));
    g.op("AND A,D");
    assert_eq!((g.a(), g.energy()), ("0001".into(), e(1)));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (4, "[# 0100 . . .]".into(), e(4), 25)
    );
    g.op("ROL A");
    assert_eq!((g.a(), g.energy()), ("0010".into(), e(2)));
    g.op("ROL A");
    assert_eq!((g.a(), g.score(), g.energy()), ("0100".into(), 2, e(0)));
    assert_eq!(g.queue(), "[1000 . . . .]");
}

#[test]
fn c5_a_reset_keeps_a_register_disabled() {
    // The first two setup cards of C-5: after RESET C, C is 0 and still disabled.
    let config = Config {
        bugs: Some(0),
        events: ALL_EVENTS.to_vec(),
        init_registers: Some(InitRegisters::Fixed([0b0000, 0b1111, 0b0110, 0b0101])),
        ..Config::cooperative(Difficulty::Hard)
    };
    let g = Script::new(config, "ERROR C, RESET C");
    assert!(g.s.disabled_regs.contains(Reg::C));
    assert_eq!(g.reg(2), "0000");
}

#[test]
fn c6_master_goals_equal_to_a_are_solved_on_reveal() {
    let config = Config {
        events: ALL_EVENTS.to_vec(),
        ..Config::cooperative(Difficulty::Master)
    };
    let mut g = Script::new(config, "0001 0010, RESET A, 0000 1000");
    assert_eq!(
        (g.score(), g.queue(), g.energy()),
        (1, "[0010 . . . .]".into(), e(3))
    );
    g.op("ROL A");
    assert_eq!(
        (g.a(), g.score(), g.energy(), g.s.round),
        ("0010".into(), 2, e(1), 1)
    );
    g.end();
    // Round 2: RESET A.
    assert_eq!((g.s.round, g.a(), g.energy()), (2, "0000".into(), e(3)));
    g.end();
    // Round 3: 0000 is revealed and solved at once.
    assert_eq!(
        (g.s.round, g.score(), g.energy(), g.queue()),
        (3, 3, e(3), "[. . . . .]".into())
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.a()),
        (4, "[1000 . . . .]".into(), e(3), "0000".into())
    );
}

#[test]
fn c7_the_deck_runs_out_cards_keep_rising_the_team_wins() {
    let config = Config {
        init_registers: Some(InitRegisters::Fixed([0b0000, 0b0001, 0b0010, 0b0100])),
        goal_deck_size: Some(3),
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(config, "0111 1000 1001");
    assert_eq!((g.queue(), g.deck()), ("[0111 . . . .]".into(), 2));
    g.end();
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (3, "[# # 0111 . .]".into(), 0, e(6))
    );
    g.op("OR A,B");
    g.op("OR A,C");
    g.op("OR A,D");
    assert_eq!(
        (g.score(), g.energy(), g.queue()),
        (1, e(3), "[# 1000 . . .]".into())
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (4, "[. # 1000 . .]".into(), e(6))
    );
    g.end();
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (6, "[. . . # 1000]".into(), e(6))
    );
    g.op("NOT A");
    assert_eq!(
        (g.score(), g.energy(), g.queue()),
        (2, e(4), "[. . . 1001 .]".into())
    );
    g.op("OR A,B");
    assert_eq!(
        (g.s.phase, g.score(), g.s.round, g.energy()),
        (Phase::Won, 3, 6, e(3))
    );
}

#[test]
fn c8_six_bits_deck_partner_a_bug_drawn_as_a_partner() {
    let config = Config {
        width: 6,
        bugs: Some(1),
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(config, "0101 1110 0011 1010 0110 1001 BUG 0111 1100 0001");
    assert_eq!(
        (g.reg(1), g.reg(2), g.reg(3)),
        ("000101".into(), "001110".into(), "000011".into())
    );
    assert_eq!(
        (g.queue(), g.deck(), g.energy()),
        ("[100110 . . . .]".into(), 12, e(6))
    );
    g.op("XOR C,D");
    assert_eq!((g.reg(2), g.energy()), ("001101".into(), e(5)));
    g.op("OR A,C");
    assert_eq!((g.a(), g.energy()), ("001101".into(), e(4)));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy(), g.deck()),
        (2, "[# 100110 . . .]".into(), e(6), 11)
    );
    g.op("ROR A");
    assert_eq!((g.a(), g.score(), g.energy()), ("100110".into(), 1, e(4)));
    // 1001 revealed, BUG partner at its position, it moves up, partner 0111.
    assert_eq!(
        (g.queue(), g.deck(), g.energy()),
        ("[BUG 010111 . . .]".into(), 9, e(4))
    );
    g.op("XOR A,C");
    assert_eq!((g.a(), g.energy()), ("101011".into(), e(3)));
    g.op("ROL A");
    assert_eq!(
        (g.a(), g.score(), g.energy(), g.s.round, g.queue()),
        ("010111".into(), 2, e(1), 2, "[BUG . . . .]".into())
    );
    g.end();
    // The card placed at position 2 is revealed as 1100 with partner 0001.
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (3, "[BUG 000001 . . .]".into(), 7, e(6))
    );
}

#[test]
fn c9_extra_operation_tokens() {
    let config = Config {
        extra_ops: Some(ExtraOps::default()),
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(config, "0011 0101 1000 0110 1100 0111");
    g.op("MOV A,B");
    g.op("XOR A,C");
    assert_eq!(g.s.tokens.as_slice()[0].count(OpKind::Nand), 1);
    assert_eq!((g.score(), g.energy(), g.s.round), (1, e(3), 1));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (2, "[1100 . . . .]".into(), e(6))
    );
    // NAND is not permitted, but the token makes it playable.
    assert_eq!(
        g.try_op("NAND A,D"),
        Err(MoonError::NotPermitted { kind: OpKind::Nand })
    );
    g.act(Action::Token(op("NAND A,D")));
    assert_eq!((g.a(), g.energy()), ("1111".into(), e(6)));
    assert_eq!(g.s.tokens.as_slice()[0].count(OpKind::Nand), 0);
    assert_eq!(
        g.try_act(Action::Token(op("NAND A,D"))),
        Err(MoonError::NoToken { kind: OpKind::Nand })
    );
    g.op("XOR A,B");
    assert_eq!((g.a(), g.score(), g.energy()), ("1100".into(), 2, e(5)));
    assert_eq!(g.s.tokens.as_slice()[0].count(OpKind::Sub), 1);
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (3, "[0111 . . . .]".into(), e(6))
    );
}

#[test]
fn c10_four_slots_take_one_round_off() {
    let config = Config {
        slots: 4,
        ..Config::cooperative(Difficulty::Master)
    };
    // The same config through the JSON preset (§12).
    let json: Config =
        serde_json::from_str(r#"{"preset": "V2Literal", "difficulty": "Master"}"#).unwrap();
    assert_eq!(json, config);
    let mut g = Script::new(json, "1110");
    for _ in 0..3 {
        g.end();
    }
    assert_eq!(
        (g.s.round, g.queue(), g.energy()),
        (4, "[# # # 1110]".into(), e(3))
    );
    g.end();
    assert_eq!((g.s.phase, g.s.round), (Phase::Lost, 4));
}

#[test]
fn c11_six_bits_queue_pairs() {
    let mut g = Script::new(config_c11(), "0001 0010 0100 1011 1001 0111 BUG 0000");
    assert_eq!(
        (g.reg(1), g.reg(2), g.reg(3)),
        ("000001".into(), "000010".into(), "000100".into())
    );
    assert_eq!((g.queue(), g.deck()), ("[w1011 . . . .]".into(), 13));
    g.op("OR A,B");
    g.op("OR A,C");
    assert_eq!((g.a(), g.energy()), ("000011".into(), e(4)));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (2, "[l1001 h1011 . . .]".into(), 12, e(6))
    );
    assert_eq!(g.obs().current_goal, Some(0b111001));
    g.op("ROL A");
    assert_eq!((g.a(), g.energy()), ("000110".into(), e(4)));
    g.op("NOT A");
    assert_eq!((g.a(), g.score(), g.energy()), ("111001".into(), 1, e(2)));
    // Nothing is pending, and round 2 goes on.
    assert_eq!((g.s.round, g.queue()), (2, "[. . . . .]".into()));
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (3, "[w0111 . . . .]".into(), 11, e(6))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (4, "[BUG w0111 . . .]".into(), 10, e(6))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (5, "[BUG l0000 h0111 . .]".into(), 9, e(6))
    );
    assert_eq!(g.obs().current_goal, Some(0b110000));

    // Step 5's note: a waiting half is pending, so even the automatic end
    // leaves round 3 to the players.
    let mut auto = Script::new(
        Config {
            auto_end_when_idle: true,
            ..config_c11()
        },
        "0001 0010 0100 1011 1001 0111 BUG 0000",
    );
    auto.op("OR A,B");
    auto.op("OR A,C");
    auto.end();
    auto.op("ROL A");
    auto.op("NOT A");
    assert_eq!(
        (auto.s.round, auto.queue(), auto.seat()),
        (3, "[w0111 . . . .]".into(), game_core::Seat(0))
    );
}

fn config_c11() -> Config {
    Config {
        width: 6,
        bugs: Some(1),
        wide_goal_model: WideGoalModel::QueuePairs,
        ..Config::cooperative(Difficulty::Easy)
    }
}

#[test]
fn c12_eight_bits_from_two_boxes() {
    let config = Config {
        width: 8,
        bugs: Some(4),
        ..Config::cooperative(Difficulty::Easy)
    };
    // Four BUGs need two boxes.
    for width in 4..=6 {
        let narrow = Config {
            width,
            ..config.clone()
        };
        assert!(Moon::new(narrow).is_err(), "bugs = 4 at width {width}");
    }
    let mut g = Script::new(config, "0011 0011 0101 0000 0101 BUG 1010 0110");
    // 0011 came twice, one copy from each box.
    assert_eq!(
        (g.reg(1), g.reg(2), g.reg(3)),
        ("00000011".into(), "00000011".into(), "00000101".into())
    );
    assert_eq!(
        (g.queue(), g.deck(), g.energy()),
        ("[00000101 . . . .]".into(), 31, e(6))
    );
    let obs = g.obs();
    assert_eq!((obs.unseen.goal_cards, obs.unseen.bugs), (27, 4));
    let mut unseen = vec![0, 1, 1, 2, 2];
    unseen.extend(
        [4u8, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
            .iter()
            .flat_map(|&v| [v, v]),
    );
    assert_eq!(obs.unseen.goal_values, unseen);
    assert_eq!(obs.unseen.goal_values.len(), 27);
    assert_eq!(obs.discard, vec![3, 3, 5]);

    g.op("MOV A,D");
    assert_eq!(
        (g.a(), g.score(), g.energy(), g.s.round),
        ("00000101".into(), 1, e(4), 1)
    );
    assert_eq!(g.obs().discard, vec![0, 3, 3, 5, 5]);
    // Round 2's node: g = |U| = 27, so M-50's g·m_v and 4·|U| reduce to
    // 1 for 0000, 2 for each value with both copies unseen, and 4 for Bug.
    let seat = g.seat();
    g.game.apply(&mut g.s, seat, &Action::EndTurn).unwrap();
    let mut outcomes = Vec::new();
    game_core::Game::chance_outcomes(&g.game, &g.s, &mut outcomes);
    let mut want = vec![(Card::Goal(0), 1)];
    want.extend(
        (1..16u8)
            .filter(|v| ![3, 5].contains(v))
            .map(|v| (Card::Goal(v), 2)),
    );
    want.push((Card::Bug, 4));
    assert_eq!(outcomes, want);
    assert_eq!(want.len() - 2, 13);
    g.feed();
    assert_eq!(
        (g.s.round, g.queue(), g.deck(), g.energy()),
        (2, "[BUG . . . .]".into(), 30, e(6))
    );
    g.end();
    assert_eq!(
        (g.s.round, g.queue(), g.deck()),
        (3, "[BUG 10100110 . . .]".into(), 28)
    );
    let obs = g.obs();
    assert_eq!(
        (
            obs.unseen
                .goal_values
                .iter()
                .filter(|&&v| v == 0b0110)
                .count(),
            obs.unseen
                .goal_values
                .iter()
                .filter(|&&v| v == 0b1010)
                .count()
        ),
        (1, 1)
    );
}
