//! Rules beyond the worked examples: config validation, the order of the
//! M-12 checks, variants, competitive secrecy, and state validation.

use crate::common;

use common::{Script, e, op};
use game_core::{Determinize, Game, GameRng, Render, Seat, ToAct, Viewer};
use moon_core::{
    ALL_EVENTS, Action, Card, CompetitiveEnd, Config, CoopEnergy, CostTable, Difficulty, Energy,
    ErrorTarget, EventKind, ExtraOps, GoalView, Hacker, InitRegisters, Mode, Moon, MoonError,
    OpKind, Phase, Reg, Slot, SolveCheck, WideGoalModel,
};

fn config_error(config: Config) -> String {
    match Moon::new(config) {
        Err(MoonError::Core(game_core::Error::Config(c))) => c.field,
        other => panic!("expected a config error, got {other:?}"),
    }
}

#[test]
fn s12_config_ranges_are_checked() {
    let base = Config::default;
    assert_eq!(
        config_error(Config {
            players: 5,
            ..base()
        }),
        "players"
    );
    assert_eq!(
        config_error(Config {
            players: 1,
            ..Config::competitive(1, Difficulty::Easy)
        }),
        "players"
    );
    assert_eq!(config_error(Config { width: 3, ..base() }), "width");
    assert_eq!(config_error(Config { width: 9, ..base() }), "width");
    assert_eq!(
        config_error(Config {
            energy: Some(Energy(41)),
            ..base()
        }),
        "energy"
    );
    assert_eq!(
        config_error(Config {
            energy: Some(Energy(0)),
            ..base()
        }),
        "energy"
    );
    assert_eq!(
        config_error(Config {
            seat_energy: Some(vec![Energy(4)]),
            ..Config::competitive(2, Difficulty::Easy)
        }),
        "seat_energy"
    );
    assert_eq!(
        config_error(Config {
            bugs: Some(4),
            ..base()
        }),
        "bugs"
    );
    assert_eq!(
        config_error(Config {
            init_registers: Some(InitRegisters::CopyGoals(4)),
            ..base()
        }),
        "init_registers"
    );
    assert_eq!(
        config_error(Config {
            init_registers: Some(InitRegisters::CopyGoals(1)),
            ..Config::competitive(2, Difficulty::Easy)
        }),
        "init_registers"
    );
    assert_eq!(
        config_error(Config {
            init_registers: Some(InitRegisters::Fixed([16, 0, 0, 0])),
            ..base()
        }),
        "init_registers"
    );
    let mut zero_cost = CostTable::for_mode(Mode::Cooperative);
    zero_cost.set(OpKind::Xor, Energy(0));
    assert_eq!(
        config_error(Config {
            costs: Some(zero_cost),
            ..base()
        }),
        "costs.Xor"
    );
    assert_eq!(
        config_error(Config {
            events: vec![EventKind::Ok; 9],
            ..base()
        }),
        "events"
    );
    assert_eq!(
        config_error(Config {
            goal_deck_size: Some(0),
            ..base()
        }),
        "goal_deck_size"
    );
    assert_eq!(config_error(Config { slots: 0, ..base() }), "slots");
    assert_eq!(config_error(Config { slots: 9, ..base() }), "slots");
    assert_eq!(
        config_error(Config {
            max_rounds: 0,
            ..base()
        }),
        "max_rounds"
    );
    assert_eq!(
        config_error(Config {
            hackers: vec![Some(Hacker::Red), Some(Hacker::Red)],
            ..Config::competitive(2, Difficulty::Easy)
        }),
        "hackers"
    );
    assert_eq!(
        config_error(Config {
            hackers: vec![None, None],
            ..base()
        }),
        "hackers"
    );
    // Widths 4..=8 and 1..=4 coop players are fine.
    assert!(
        Moon::new(Config {
            width: 8,
            players: 4,
            ..base()
        })
        .is_ok()
    );
}

#[test]
fn m12_checks_come_in_order_and_change_nothing() {
    let config = Config {
        events: vec![EventKind::ErrorB, EventKind::ErrorXor],
        bugs: Some(0),
        forbid_self_mov: true,
        init_registers: Some(InitRegisters::Fixed([0, 0, 0, 0])),
        ..Config::cooperative(Difficulty::Master)
    };
    let mut g = Script::new(config, "ERROR B, ERROR XOR, 0110");
    assert_eq!(g.queue(), "[0110 . . . .]");
    // Rule 2 before rule 3: NAND is not permitted (and not disabled).
    assert_eq!(
        g.try_op("NAND A,C"),
        Err(MoonError::NotPermitted { kind: OpKind::Nand })
    );
    // Rule 3 before rule 4: XOR A,B names both a disabled kind and register.
    assert_eq!(
        g.try_op("XOR A,B"),
        Err(MoonError::OperationDisabled { kind: OpKind::Xor })
    );
    assert_eq!(
        g.try_op("OR B,A"),
        Err(MoonError::RegisterDisabled { reg: Reg::B })
    );
    // Rule 5: no RAM in coop play by default.
    assert_eq!(g.try_op("MOV RAM,A"), Err(MoonError::NoRam));
    // Rule 7: forbid_self_mov.
    assert_eq!(g.try_op("MOV C,C"), Err(MoonError::SelfMove));
    // Rule 8: INC costs 2 > 1.5.
    assert_eq!(
        g.try_op("INC A"),
        Err(MoonError::NotEnoughEnergy {
            cost: e(4),
            left: e(3)
        })
    );
    // The shared checks come first.
    let seat1 = g.game.check(&g.s, Seat(1), &Action::EndTurn);
    assert!(matches!(
        seat1,
        Err(MoonError::Core(game_core::Error::UnknownSeat { .. }))
    ));
    assert_eq!(
        g.try_act(Action::ChooseOk(ErrorTarget::Register(Reg::B))),
        Err(MoonError::NoOkChoice)
    );
    assert_eq!(
        g.try_act(Action::UseBug(Seat(0))),
        Err(MoonError::NotCompetitive)
    );
    assert_eq!(
        g.try_act(Action::Token(op("ROL A"))),
        Err(MoonError::NoToken { kind: OpKind::Rol })
    );
}

#[test]
fn m12_rule_5_and_6_with_ram_and_xchg() {
    let config = Config {
        operations: moon_core::ALL_OPS.into_iter().collect(),
        ..Config::competitive(2, Difficulty::Easy)
    };
    let mut g = Script::new(config, "0001 0010");
    assert_eq!(g.try_op("MOV RAM,RAM"), Err(MoonError::RamToRam));
    assert_eq!(
        g.try_op("XCHG C,A"),
        Err(MoonError::XchgOrder {
            dst: Reg::C,
            src: Reg::A
        })
    );
    g.op("INC B");
    g.op("XCHG A,B");
    assert_eq!((g.reg(0), g.reg(1)), ("0001".into(), "0000".into()));
    // The goal check after the operation solved seat 0's 0001.
    assert_eq!(g.s.scores.as_slice(), &[1, 0]);
}

#[test]
fn m45_free_uses_work_at_zero_energy() {
    let config = Config {
        energy: Some(Energy(1)),
        hackers: vec![Some(Hacker::Red), None],
        bugs: Some(0),
        ..Config::competitive(2, Difficulty::Easy)
    };
    let mut g = Script::new(config, "1111 1110");
    g.op("MOV B,A");
    assert_eq!(g.energy(), e(0));
    // Red's two free logic operations are legal with no energy left.
    g.op("AND A,B");
    g.op("OR A,C");
    assert_eq!(g.energy(), e(0));
    assert_eq!(g.s.free_logic, 2);
    // Both free uses are spent.
    assert_eq!(
        g.try_op("XOR A,D"),
        Err(MoonError::NotEnoughEnergy {
            cost: e(1),
            left: e(0)
        })
    );
}

#[test]
fn m22_without_auto_end_an_idle_round_waits_for_end_turn() {
    let config = Config {
        auto_end_when_idle: false,
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(config, "0011 0101 1000 0110 1011");
    g.op("OR A,B");
    g.op("XOR A,C");
    assert_eq!(
        (g.score(), g.s.round, g.queue()),
        (1, 1, "[. . . . .]".into())
    );
    assert_eq!(g.seat(), Seat(0));
    g.end();
    assert_eq!((g.s.round, g.queue()), (2, "[1011 . . . .]".into()));
}

#[test]
fn m26_after_operation_does_not_solve_on_reveal() {
    let config = Config {
        solve_check: SolveCheck::AfterOperation,
        ..Config::cooperative(Difficulty::Master)
    };
    // 0001 equals A when revealed in setup, but only an operation may solve.
    let mut g = Script::new(config, "0001");
    assert_eq!((g.score(), g.queue()), (0, "[0001 . . . .]".into()));
    // Any operation runs the check, even one that leaves A as it is.
    g.op("MOV B,A");
    assert_eq!(g.score(), 1);
}

#[test]
fn m26_after_op_on_a_needs_an_operation_that_writes_a() {
    let config = Config {
        solve_check: SolveCheck::AfterOpOnA,
        ..Config::cooperative(Difficulty::Master)
    };
    let mut g = Script::new(config, "0001");
    g.op("MOV B,A");
    assert_eq!(g.score(), 0);
    g.op("OR A,B");
    assert_eq!(g.score(), 1);
}

fn m29(occupy: bool) -> Script {
    let config = Config {
        events: vec![EventKind::ResetC],
        events_occupy_slots: occupy,
        bugs: Some(0),
        init_registers: Some(InitRegisters::Fixed([0, 0b0110, 0b0011, 0])),
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(config, "0110, RESET C, 1001");
    g.end();
    assert_eq!(g.queue(), "[# 0110 . . .]");
    g.op("MOV A,B");
    g
}

#[test]
fn m29_events_without_slots_are_replaced_in_place() {
    // The event revealed at 1 is replaced there and revealed at once: the
    // next goal comes in the same round, with the energy left.
    let g = m29(false);
    assert_eq!(g.reg(2), "0000");
    assert_eq!(
        (g.s.round, g.energy(), g.queue()),
        (2, e(4), "[1001 . . . .]".into())
    );
    // With events in slots the position empties; the round goes on until
    // EndTurn (M-22), and the next goal comes with the next round.
    let mut g = m29(true);
    assert_eq!(
        (g.s.round, g.energy(), g.queue()),
        (2, e(4), "[. . . . .]".into())
    );
    g.end();
    assert_eq!(
        (g.s.round, g.energy(), g.queue()),
        (3, e(6), "[1001 . . . .]".into())
    );
}

#[test]
fn m27_error_clears_register_and_ok_repairs_bug() {
    let config = Config {
        events: vec![EventKind::ErrorC, EventKind::Ok],
        error_clears_register: true,
        ok_repairs_bug: true,
        bugs: Some(1),
        init_registers: Some(InitRegisters::Fixed([0, 0, 0b0110, 0])),
        ..Config::cooperative(Difficulty::Easy)
    };
    // Setup: a Bug at 1, ERROR C (C cleared), then OK with two errors.
    let mut g = Script::new(config, "BUG, ERROR C, OK, 0111");
    assert!(g.s.disabled_regs.contains(Reg::C));
    assert_eq!(g.reg(2), "0000");
    assert_eq!(g.s.ok_chooser, Some(Seat(0)));
    let mut legal = Vec::new();
    g.game.legal_actions(&g.s, Seat(0), &mut legal);
    assert_eq!(
        legal,
        vec![
            Action::ChooseOk(ErrorTarget::Register(Reg::C)),
            Action::ChooseOk(ErrorTarget::Bug(1))
        ]
    );
    g.act(Action::ChooseOk(ErrorTarget::Bug(1)));
    // The Bug is gone, so setup fill places the next card at position 1.
    assert_eq!(g.queue(), "[0111 . . . .]");
    assert!(g.s.disabled_regs.contains(Reg::C));
}

#[test]
fn m33_per_seat_turns_pass_the_turn_and_refill_each_seat() {
    let config = Config {
        coop_energy: CoopEnergy::PerSeatTurns,
        players: 3,
        coop_ram: true,
        seat_energy: Some(vec![Energy(2), Energy(4), Energy(6)]),
        ..Config::cooperative(Difficulty::Master)
    };
    let mut g = Script::new(config, "1110");
    assert_eq!((g.seat(), g.energy()), (Seat(0), e(2)));
    g.op("MOV RAM,A");
    assert_eq!(g.s.rams.as_slice(), &[1, 0, 0]);
    g.end();
    assert_eq!((g.seat(), g.energy(), g.s.round), (Seat(1), e(4), 1));
    g.end();
    assert_eq!((g.seat(), g.energy(), g.s.round), (Seat(2), e(6), 1));
    g.end();
    assert_eq!((g.seat(), g.energy(), g.s.round), (Seat(0), e(2), 2));
    assert_eq!(g.queue(), "[# 1110 . . .]");
}

#[test]
fn m48_tokens_expire_at_the_end_of_the_round() {
    let config = Config {
        extra_ops: Some(ExtraOps {
            expire_at_turn_end: true,
            ..ExtraOps::default()
        }),
        auto_end_when_idle: false,
        ..Config::cooperative(Difficulty::Easy)
    };
    let mut g = Script::new(config, "0011 0101 1000 0110 1100");
    g.op("OR A,B");
    g.op("XOR A,C");
    assert_eq!(g.s.tokens.as_slice()[0].count(OpKind::Nand), 1);
    g.end();
    assert!(g.s.tokens.as_slice()[0].is_empty());
}

#[test]
fn m41_max_rounds_ends_a_competitive_game() {
    let config = Config {
        max_rounds: 2,
        ..Config::competitive(2, Difficulty::Easy)
    };
    let mut g = Script::new(config, "1111 1110");
    for _ in 0..3 {
        g.end();
    }
    assert_eq!(g.s.phase, Phase::Play);
    g.end();
    assert_eq!(g.s.phase, Phase::Ended);
    assert_eq!(g.game.outcome(&g.s).unwrap().places, vec![1, 1]);
}

#[test]
fn m41_a_setup_trigger_ends_after_round_one_even_when_immediate() {
    let config = Config {
        goal_deck_size: Some(2),
        bugs: Some(0),
        competitive_end: CompetitiveEnd::Immediate,
        ..Config::competitive(2, Difficulty::Easy)
    };
    let mut g = Script::new(config, "1111 1110");
    assert!(g.s.end_triggered);
    g.end();
    assert_eq!(g.s.phase, Phase::Play);
    g.end();
    assert_eq!(g.s.phase, Phase::Ended);
}

#[test]
fn m37_wide_competitive_goals_take_two_cards_and_the_virtual_card() {
    let config = Config {
        width: 6,
        bugs: Some(0),
        goal_deck_size: Some(3),
        ..Config::competitive(2, Difficulty::Easy)
    };
    let g = Script::new(config, "1011 0110 0001");
    // Seat 0: H 1011 L 0110 = 110110; seat 1: H 0001, then the deck is empty.
    let own = g.game.observe(&g.s, Viewer::Seat(Seat(0))).goals[0];
    assert_eq!(
        own,
        GoalView::Known {
            first: 0b1011,
            second: Some(moon_core::Half::Card(0b0110)),
            value: Some(0b110110)
        }
    );
    let other = g.game.observe(&g.s, Viewer::Seat(Seat(1))).goals[1];
    assert_eq!(
        other,
        GoalView::Known {
            first: 0b0001,
            second: Some(moon_core::Half::Virtual),
            value: Some(0b010000)
        }
    );
    assert_eq!(
        g.game.observe(&g.s, Viewer::Seat(Seat(1))).goals[0],
        GoalView::Hidden { cards: 2 }
    );
}

#[test]
fn m38_events_in_competitive_draws_are_resolved_by_the_drawer() {
    let config = Config {
        events: vec![EventKind::ErrorB, EventKind::ErrorXor, EventKind::Ok],
        bugs: Some(0),
        ..Config::competitive(2, Difficulty::Easy)
    };
    let mut g = Script::new(config, "ERROR B, 0001, ERROR XOR, OK");
    // Seat 1 drew ERROR XOR, then OK with two errors: seat 1 chooses.
    assert_eq!(g.game.to_act(&g.s), ToAct::Seat(Seat(1)));
    assert_eq!(g.s.ok_chooser, Some(Seat(1)));
    g.act(Action::ChooseOk(ErrorTarget::Operation(OpKind::Xor)));
    // Seat 1 still needs a goal: the draw goes on.
    assert_eq!(g.game.to_act(&g.s), ToAct::Chance);
}

#[test]
fn m51_hidden_goals_stay_hidden_and_determinize_resamples_them() {
    let mut g = Script::new(Config::competitive(3, Difficulty::Normal), "0101 1000 0011");
    let game = &g.game;
    let spectator = game.observe(&g.s, Viewer::Spectator);
    assert!(
        spectator
            .goals
            .iter()
            .all(|v| *v == GoalView::Hidden { cards: 1 })
    );
    // A seat's unseen values include the others' goals but not its own.
    let seat0 = game.observe(&g.s, Viewer::Seat(Seat(0)));
    assert!(
        seat0.unseen.goal_values.contains(&0b1000) && !seat0.unseen.goal_values.contains(&0b0101)
    );
    // The other seats' draws are hidden from seat 0 in its log.
    let mut s = game.initial_state();
    assert_eq!(
        game.public_chance(&s, &Card::Goal(3), Viewer::Seat(Seat(1))),
        None
    );
    assert_eq!(
        game.public_chance(&s, &Card::Goal(3), Viewer::Seat(Seat(0))),
        Some(Card::Goal(3))
    );
    assert_eq!(
        game.public_chance(&s, &Card::Bug, Viewer::Seat(Seat(1))),
        Some(Card::Bug)
    );
    game.apply_chance(&mut s, &Card::Goal(3)).unwrap();
    // Determinize: seat 0's view is kept, the others' goals are redrawn.
    let mut rng = GameRng::new(5);
    let mut changed = false;
    for _ in 0..20 {
        let d = game.determinize(&g.s, Seat(0), &mut rng);
        game.check_state(&d).unwrap();
        assert_eq!(game.observe(&d, Viewer::Seat(Seat(0))), seat0);
        assert_eq!(d.goals[Seat(0)], g.s.goals[Seat(0)]);
        changed |= d.goals[Seat(1)] != g.s.goals[Seat(1)];
    }
    assert!(changed);
    g.end();
}

#[test]
fn m40_a_replacement_equal_to_a_is_solved_and_shown_to_everyone() {
    // Seat 0 solves 0001 with INC A; its replacement draw meets RESET A
    // (A = 0000) and then 0000, which the goal check solves at once.
    let config = Config {
        bugs: Some(0),
        events: vec![EventKind::ResetA],
        ..Config::competitive(2, Difficulty::Easy)
    };
    let mut g = Script::new(config, "0001 0010");
    g.op("INC A");
    assert_eq!(g.s.scores.as_slice(), &[1, 0]);
    // The replacement draw: RESET A then 0000, which equals A: solved at once.
    let pending = g.s;
    assert!(
        g.game
            .public_chance(
                &pending,
                &Card::Event(EventKind::ResetA),
                Viewer::Seat(Seat(1))
            )
            .is_some()
    );
    g.chance.extend(common::cards("RESET A 0000"));
    g.feed();
    assert_eq!(g.s.scores.as_slice(), &[2, 0]);
    let mut after_reset = pending;
    g.game
        .apply_chance(&mut after_reset, &Card::Event(EventKind::ResetA))
        .unwrap();
    assert_eq!(
        g.game
            .public_chance(&after_reset, &Card::Goal(0), Viewer::Seat(Seat(1))),
        Some(Card::Goal(0))
    );
    assert_eq!(
        g.game
            .public_chance(&after_reset, &Card::Goal(5), Viewer::Seat(Seat(1))),
        None
    );
}

#[test]
fn check_state_rejects_impossible_states() {
    let g = Script::new(Config::cooperative(Difficulty::Easy), "0011 0101 1000 0110");
    let game = &g.game;
    game.check_state(&g.s).unwrap();
    let mut dup = g.s;
    dup.queue[1] = Slot::Goal {
        card: 0b0011,
        partner: None,
    };
    assert!(game.check_state(&dup).is_err(), "a goal card in two places");
    let mut wide = g.s;
    wide.regs[0] = 16;
    assert!(game.check_state(&wide).is_err(), "a register too wide");
    let mut unsettled = g.s;
    unsettled.regs[0] = 0b0110;
    assert!(
        game.check_state(&unsettled).is_err(),
        "A equals the goal: it would be solved"
    );
    let mut energy = g.s;
    energy.energy = Energy(7);
    assert!(game.check_state(&energy).is_err(), "above the budget");
    let mut pending = g.s;
    pending.pending = Some(moon_core::Draw::Reveal(1));
    assert!(
        game.check_state(&pending).is_err(),
        "a draw that is not due"
    );
    let json = serde_json::to_string(&g.s).unwrap();
    let back: moon_core::State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g.s);
}

#[test]
fn m6_check_state_counts_two_boxes_per_value() {
    // C-12's setup: 0011 twice (both copies) in the registers' discard.
    let config = Config {
        width: 8,
        bugs: Some(4),
        ..Config::cooperative(Difficulty::Easy)
    };
    let g = Script::new(config, "0011 0011 0101 0000 0101");
    let game = &g.game;
    game.check_state(&g.s).unwrap();
    assert_eq!(g.s.discarded().copies(0b0011), 2);
    // A third copy of 0011 in the queue is one card too many.
    let mut third = g.s;
    third.queue[1] = Slot::Goal {
        card: 0b0011,
        partner: Some(moon_core::Half::Card(0b0001)),
    };
    third.pool.take(Card::Goal(0b0001));
    let why = |s| game.check_state(s).unwrap_err().to_string();
    assert!(why(&third).contains("in two places"), "{}", why(&third));
    // A second copy recorded without the first.
    let mut plane = g.s;
    plane.discard_second |= 1 << 0b1000;
    assert!(why(&plane).contains("second copy without the first"));
    // A lost card: one copy of 0011 gone from the discard.
    let mut lost = g.s;
    lost.discard_second &= !(1 << 0b0011);
    assert!(why(&lost).contains("missing"), "{}", why(&lost));
    // The JSON of a one-box state has no second planes; two boxes write them.
    let json = serde_json::to_value(g.s).unwrap();
    assert!(json["pool"].get("unseen_second").is_some());
    let one_box = Script::new(Config::cooperative(Difficulty::Easy), "0011 0101 1000 0110");
    let json = serde_json::to_value(one_box.s).unwrap();
    assert!(json["pool"].get("unseen_second").is_none() && json.get("discard_second").is_none());
}

#[test]
fn m51_a_card_drawn_while_another_seat_solves_the_same_value_stays_hidden() {
    // Two boxes (7 bits): seat 0 holds 1000 + 0000, goal 0000000, which A
    // holds, so its turn start solves it right after seat 1's last setup
    // draw. Seat 1 may draw the second copy of 0000 or 1000: it stays in
    // seat 1's hidden goal, though the discard gains that value.
    let config = Config {
        width: 7,
        bugs: Some(0),
        ..Config::competitive(2, Difficulty::Normal)
    };
    let g = Script::new(config, "1000 0000 0111");
    for value in [0b0000, 0b1000, 0b0101] {
        let c = Card::Goal(value);
        let mut after = g.s;
        g.game.apply_chance(&mut after, &c).unwrap();
        assert_eq!(after.scores.as_slice()[0], 1, "seat 0 solved its goal");
        assert_eq!(g.game.public_chance(&g.s, &c, Viewer::Seat(Seat(0))), None);
        assert_eq!(g.game.public_chance(&g.s, &c, Viewer::Spectator), None);
        assert_eq!(
            g.game.public_chance(&g.s, &c, Viewer::Seat(Seat(1))),
            Some(c)
        );
    }
}

#[test]
fn m33_the_automatic_end_skips_the_seats_still_to_play_and_the_default_does_not() {
    let config = |auto_end_when_idle| Config {
        coop_energy: CoopEnergy::PerSeatTurns,
        players: 3,
        auto_end_when_idle,
        ..Config::cooperative(Difficulty::Easy)
    };
    let chance = "0011 0101 1000 0110 1011";
    // Default: seat 0 solves the only goal; its turn goes on, then seats 1
    // and 2 play theirs in round 1.
    let mut g = Script::new(config(false), chance);
    g.op("MOV A,B");
    g.op("XOR A,C");
    assert_eq!(
        (g.score(), g.seat(), g.s.round, g.energy()),
        (1, Seat(0), 1, e(3))
    );
    g.end();
    assert_eq!((g.seat(), g.s.round, g.energy()), (Seat(1), 1, e(6)));
    g.end();
    assert_eq!((g.seat(), g.s.round), (Seat(2), 1));
    g.end();
    assert_eq!(
        (g.seat(), g.s.round, g.queue()),
        (Seat(0), 2, "[1011 . . . .]".into())
    );
    // `true`: the round ends at once; seats 1 and 2 lose round 1's turn.
    let mut g = Script::new(config(true), chance);
    g.op("MOV A,B");
    g.op("XOR A,C");
    assert_eq!(
        (g.seat(), g.s.round, g.queue()),
        (Seat(0), 2, "[1011 . . . .]".into())
    );
}

#[test]
fn render_prints_registers_and_parse_reads_every_action() {
    let mut g = Script::new(
        Config {
            events: ALL_EVENTS.to_vec(),
            ..Config::cooperative(Difficulty::Easy)
        },
        "0011 0101 1000 0110",
    );
    let text = g.game.render_obs(&g.obs());
    assert!(text.contains("   8   4   2   1"), "{text}");
    assert!(text.contains("B     0   0   1   1   = 0011"), "{text}");
    assert!(text.contains("1:0110"), "{text}");
    let mut legal = Vec::new();
    g.game.legal_actions(&g.s, Seat(0), &mut legal);
    for a in &legal {
        assert_eq!(
            g.game.parse_action(&g.game.render_action(a), &legal),
            Some(*a)
        );
    }
    assert_eq!(
        g.game.parse_action("xor a, c", &legal),
        Some(Action::Op(op("XOR A,C")))
    );
    assert_eq!(
        g.game.parse_action("End Turn", &legal),
        Some(Action::EndTurn)
    );
    g.end();
}

#[test]
fn m16_copy_goals_draws_only_goal_cards() {
    let config = Config {
        bugs: Some(3),
        events: ALL_EVENTS.to_vec(),
        ..Config::cooperative(Difficulty::Easy)
    };
    let game = Moon::new(config).unwrap();
    let s = game.initial_state();
    let mut out = Vec::new();
    game.chance_outcomes(&s, &mut out);
    assert_eq!(out.len(), 16);
    assert!(
        out.iter()
            .all(|(c, w)| matches!(c, Card::Goal(_)) && *w == 1)
    );
    let mut t = s;
    assert!(game.apply_chance(&mut t, &Card::Bug).is_err());
    assert_eq!(t, s);
}

#[test]
fn m36_virtual_half_when_the_deck_is_empty() {
    let config = Config {
        width: 5,
        wide_goal_model: WideGoalModel::QueuePairs,
        goal_deck_size: Some(1),
        bugs: Some(0),
        init_registers: Some(InitRegisters::Fixed([0, 0, 0, 0])),
        ..Config::cooperative(Difficulty::Easy)
    };
    let g = Script::new(config, "0111");
    // The only goal card waits for a half, and the deck is empty: L is the
    // virtual 0000, so the goal is 1 0000 (bit 0 of H above 0000).
    assert_eq!(g.obs().current_goal, Some(0b10000));
}

#[test]
fn m8_a_mov_into_hidden_ram_is_logged_to_others_without_its_source() {
    let config = Config {
        ram_hidden: true,
        ..Config::competitive(2, Difficulty::Easy)
    };
    let g = Script::new(config, "0001 0010");
    let write = Action::Op(op("MOV RAM, C"));
    let read = Action::Op(op("MOV A, RAM"));
    let game = &g.game;
    // The owner's log names it; the other seat's and the spectator's say
    // only that the seat wrote its RAM (its value would follow from C).
    assert_eq!(
        game.public_action(&g.s, Seat(0), &write, Viewer::Seat(Seat(0))),
        Some(write)
    );
    for v in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert_eq!(
            game.public_action(&g.s, Seat(0), &write, v),
            Some(Action::HiddenRamWrite { token: false })
        );
        // Reading RAM into a register shows in the register anyway.
        assert_eq!(game.public_action(&g.s, Seat(0), &read, v), Some(read));
    }
    // The log-only form is never played.
    assert_eq!(
        game.check(&g.s, Seat(0), &Action::HiddenRamWrite { token: false }),
        Err(MoonError::LogOnly)
    );
    // With visible RAM the log names every MOV.
    let open = Script::new(Config::competitive(2, Difficulty::Easy), "0001 0010");
    assert_eq!(
        open.game
            .public_action(&open.s, Seat(0), &write, Viewer::Spectator),
        Some(write)
    );
}

#[test]
fn a_state_with_disagreeing_seat_tables_is_refused_as_it_is_read() {
    let game = Moon::new(Config::competitive(3, Difficulty::Normal)).unwrap();
    let s = game.initial_state();
    let mut json = serde_json::to_value(s).unwrap();
    let back: moon_core::State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, s);
    json["bugs_held"] = serde_json::json!([0, 0]);
    let err = serde_json::from_value::<moon_core::State>(json).unwrap_err();
    assert!(err.to_string().contains("goals"), "{err}");
}
