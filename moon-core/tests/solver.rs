//! The solver examples S-1 to S-4 (§14 W-5), and optimality against a
//! plain uniform-cost search over every register state.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use game_core::GameRng;
use moon_core::{
    BASE_OPS, BinaryOp, CostTable, Energy, KICKSTARTER_OPS, Loc, Mode, MoonError, OpKind, OpSet,
    Operation, Reg, RegSet, Solver, SolverQuery, min_energy, min_energy_plan,
};

fn q(width: u8, regs: [u8; 4], goal: u8) -> SolverQuery {
    SolverQuery::new(width, regs, goal)
}

/// Checks the plan replays to the goal at the claimed cost.
fn solved(query: &SolverQuery) -> Option<(Energy, Vec<Operation>)> {
    let answer = min_energy_plan(query).unwrap();
    if let Some((cost, plan)) = &answer {
        assert_eq!(query.replay(plan), Some((query.goal, *cost)), "{query:?}");
    }
    answer
}

#[test]
fn s1_base_operations_from_0001_to_0110() {
    let (cost, plan) = solved(&q(4, [0b0001, 0, 0, 0], 0b0110)).unwrap();
    assert_eq!(cost, Energy(6));
    assert_eq!(plan.len(), 4);
    // The rules' plan is one of the cheapest.
    let given: Vec<Operation> = ["OR D,A", "ROL A", "OR A,D", "ROL A"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(
        q(4, [0b0001, 0, 0, 0], 0b0110).replay(&given),
        Some((0b0110, Energy(6)))
    );
}

#[test]
fn s2_disabled_registers_and_operations() {
    let base = q(4, [0b1111, 0b0011, 0b0100, 0b1000], 0b0011);
    assert_eq!(solved(&base).unwrap().0, Energy(1), "S-2a");
    let b_off = SolverQuery {
        disabled_regs: RegSet::EMPTY.with(Reg::B),
        ..base.clone()
    };
    assert_eq!(solved(&b_off).unwrap().0, Energy(2), "S-2b");
    let xor_off = SolverQuery {
        disabled_ops: OpSet::EMPTY.with(OpKind::Xor),
        ..b_off.clone()
    };
    assert_eq!(solved(&xor_off).unwrap().0, Energy(4), "S-2c");
    let given: Vec<Operation> = ["OR C,D", "NOT C", "AND A,C"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(xor_off.replay(&given), Some((0b0011, Energy(4))));
}

#[test]
fn s3_ram_in_competitive_costs() {
    let with_ram = SolverQuery {
        ram: Some(0b101100),
        costs: CostTable::for_mode(Mode::Competitive),
        ..q(6, [0, 0b000001, 0, 0], 0b101101)
    };
    let (cost, plan) = solved(&with_ram).unwrap();
    assert_eq!(cost, Energy(2), "S-3a");
    assert!(
        plan.iter()
            .any(|op| matches!(op, Operation::Mov { src: Loc::Ram, .. }))
    );
    let without = SolverQuery {
        ram: None,
        ..with_ram.clone()
    };
    assert_eq!(solved(&without).unwrap().0, Energy(10), "S-3b");
}

#[test]
fn s4_rotations_alone_cannot_make_a_one_from_zeros() {
    let rot = SolverQuery {
        operations: OpSet::of([OpKind::Rol, OpKind::Ror]),
        ..q(4, [0, 0, 0, 0], 0b0001)
    };
    assert_eq!(min_energy(&rot).unwrap(), None);
    assert_eq!(Solver::new().min_energy(&rot).unwrap(), None);
}

#[test]
fn m53_values_above_the_mask_are_errors() {
    assert_eq!(
        min_energy(&q(4, [16, 0, 0, 0], 1)),
        Err(MoonError::ValueTooWide {
            what: "A",
            value: 16,
            width: 4
        })
    );
    assert!(min_energy(&q(4, [0, 0, 0, 0], 20)).is_err());
    assert_eq!(
        min_energy(&q(9, [0, 0, 0, 0], 1)),
        Err(MoonError::BadWidth { width: 9 })
    );
    let mut free = q(4, [0, 0, 0, 0], 1);
    free.costs.set(OpKind::Mov, Energy(0));
    assert_eq!(
        min_energy(&free),
        Err(MoonError::ZeroCost { kind: OpKind::Mov })
    );
}

#[test]
fn m54_zero_when_a_already_holds_the_goal_and_budgets_cut() {
    assert_eq!(min_energy(&q(4, [5, 1, 2, 3], 5)).unwrap(), Some(Energy(0)));
    let far = q(4, [0b0001, 0, 0, 0], 0b0110);
    let tight = SolverQuery {
        budget: Some(Energy(5)),
        ..far.clone()
    };
    assert_eq!(min_energy(&tight).unwrap(), None);
    let enough = SolverQuery {
        budget: Some(Energy(6)),
        ..far
    };
    assert_eq!(min_energy(&enough).unwrap(), Some(Energy(6)));
    assert_eq!(Solver::new().min_energy(&tight).unwrap(), None);
}

/// The reference: every operation M-12 rules 2–7 allow, written out here
/// independently of the crate's search.
fn reference_moves(query: &SolverQuery) -> Vec<(Operation, u32)> {
    Operation::all()
        .into_iter()
        .filter(|op| {
            let k = op.kind();
            let ram_ok = match op {
                Operation::Mov {
                    dst: Loc::Ram,
                    src: Loc::Ram,
                } => false,
                Operation::Mov { dst: Loc::Ram, .. } | Operation::Mov { src: Loc::Ram, .. } => {
                    query.ram.is_some()
                }
                Operation::Mov { .. } | Operation::Unary { .. } | Operation::Binary { .. } => true,
            };
            let order_ok = match op {
                Operation::Binary {
                    op: BinaryOp::Xchg,
                    dst,
                    src,
                } => dst <= src,
                Operation::Binary { .. } | Operation::Unary { .. } | Operation::Mov { .. } => true,
            };
            query.operations.contains(k)
                && !query.disabled_ops.contains(k)
                && !op.registers().intersects(query.disabled_regs)
                && ram_ok
                && order_ok
        })
        .map(|op| (op, u32::from(query.costs.get(op.kind()).0)))
        .collect()
}

/// Plain Dijkstra from the query's start over all 2^16 states (4 bits, no
/// RAM): the least cost to each goal value.
fn reference_all_goals(query: &SolverQuery) -> [Option<u32>; 16] {
    let moves = reference_moves(query);
    let pack = |r: [u8; 4]| {
        usize::from(r[0])
            | usize::from(r[1]) << 4
            | usize::from(r[2]) << 8
            | usize::from(r[3]) << 12
    };
    let mut dist = vec![u32::MAX; 1 << 16];
    let start = pack(query.regs);
    dist[start] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((d, k))) = heap.pop() {
        if d > dist[k] {
            continue;
        }
        let regs = [
            (k & 15) as u8,
            (k >> 4 & 15) as u8,
            (k >> 8 & 15) as u8,
            (k >> 12 & 15) as u8,
        ];
        for (op, c) in &moves {
            let mut r = regs;
            op.apply(&mut r, None, 4);
            let t = pack(r);
            if d + c < dist[t] {
                dist[t] = d + c;
                heap.push(Reverse((d + c, t)));
            }
        }
    }
    let mut best = [None; 16];
    for (k, d) in dist.iter().enumerate() {
        if *d != u32::MAX {
            let a = k & 15;
            best[a] = Some(best[a].map_or(*d, |b: u32| b.min(*d)));
        }
    }
    best
}

fn rule_sets() -> Vec<SolverQuery> {
    let base = q(4, [0; 4], 0);
    vec![
        base.clone(),
        SolverQuery {
            costs: CostTable::for_mode(Mode::Competitive),
            operations: OpSet::of(KICKSTARTER_OPS),
            ..base.clone()
        },
        SolverQuery {
            disabled_regs: RegSet::EMPTY.with(Reg::C),
            disabled_ops: OpSet::EMPTY.with(OpKind::Xor),
            ..base.clone()
        },
        SolverQuery {
            operations: OpSet::of(moon_core::ALL_OPS),
            costs: CostTable::card_art(Mode::Cooperative),
            forbid_self_mov: true,
            ..base.clone()
        },
        SolverQuery {
            operations: OpSet::of(moon_core::FIRST_GAME_OPS),
            disabled_regs: RegSet::EMPTY.with(Reg::B).with(Reg::D),
            ..base
        },
    ]
}

#[test]
fn solver_matches_plain_dijkstra_for_all_4_bit_goals() {
    let mut rng = GameRng::new(2024);
    let mut solver = Solver::new();
    for rules in rule_sets() {
        for _ in 0..3 {
            let regs = [0u8; 4].map(|_| rng.below(16) as u8);
            let start = SolverQuery {
                regs,
                ..rules.clone()
            };
            let want = reference_all_goals(&start);
            for goal in 0..16u8 {
                let query = SolverQuery {
                    goal,
                    ..start.clone()
                };
                let got = solved(&query).map(|(c, _)| u32::from(c.0));
                assert_eq!(got, want[usize::from(goal)], "{query:?}");
                let (table_cost, table_plan) = match solver.solve(&query).unwrap() {
                    Some((c, p)) => (Some(u32::from(c.0)), p),
                    None => (None, Vec::new()),
                };
                assert_eq!(table_cost, want[usize::from(goal)], "table {query:?}");
                if let Some(c) = table_cost {
                    assert_eq!(query.replay(&table_plan), Some((goal, Energy(c as u16))));
                }
            }
        }
    }
}

#[test]
fn solver_table_matches_the_search_from_many_states() {
    let mut rng = GameRng::new(7);
    let mut solver = Solver::new();
    let base = SolverQuery {
        operations: OpSet::of(BASE_OPS),
        ..q(4, [0; 4], 0)
    };
    for _ in 0..300 {
        let regs = [0u8; 4].map(|_| rng.below(16) as u8);
        let goal = rng.below(16) as u8;
        let query = SolverQuery {
            regs,
            goal,
            ..base.clone()
        };
        let table = solver.min_energy(&query).unwrap();
        assert_eq!(table, min_energy(&query).unwrap(), "{query:?}");
    }
}

/// Plain Dijkstra for one wide query (no symmetry, no early goal test),
/// with a budget to keep it small.
fn reference_wide(query: &SolverQuery, budget: u32) -> Option<u32> {
    let moves = reference_moves(query);
    let n = query.width;
    let start: u64 = query
        .regs
        .iter()
        .enumerate()
        .map(|(i, v)| u64::from(*v) << (8 * i))
        .sum::<u64>()
        | u64::from(query.ram.unwrap_or(0)) << 32;
    let mut dist = std::collections::BTreeMap::new();
    dist.insert(start, 0u32);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((d, k))) = heap.pop() {
        if d > budget {
            return None;
        }
        if dist.get(&k).is_some_and(|&x| x < d) {
            continue;
        }
        if (k & 0xFF) as u8 == query.goal {
            return Some(d);
        }
        let regs = [k as u8, (k >> 8) as u8, (k >> 16) as u8, (k >> 24) as u8];
        let ram0 = (k >> 32) as u8;
        for (op, c) in &moves {
            let mut r = regs;
            let mut ram = ram0;
            op.apply(&mut r, Some(&mut ram), n);
            let t = r
                .iter()
                .enumerate()
                .map(|(i, v)| u64::from(*v) << (8 * i))
                .sum::<u64>()
                | u64::from(ram) << 32;
            let nd = d + c;
            if nd <= budget && dist.get(&t).is_none_or(|&x| nd < x) {
                dist.insert(t, nd);
                heap.push(Reverse((nd, t)));
            }
        }
    }
    None
}

#[test]
fn solver_matches_plain_dijkstra_on_sampled_wide_queries() {
    let mut rng = GameRng::new(99);
    for i in 0..24 {
        let width = if i % 2 == 0 { 5 } else { 6 };
        let m = moon_core::mask(width);
        let regs = [0u8; 4].map(|_| (rng.next_u32() as u8) & m);
        let goal = (rng.next_u32() as u8) & m;
        let mut query = q(width, regs, goal);
        if i % 3 == 0 {
            query.costs = CostTable::for_mode(Mode::Competitive);
            query.ram = Some((rng.next_u32() as u8) & m);
        }
        if i % 4 == 1 {
            query.disabled_regs = RegSet::EMPTY.with(Reg::D);
        }
        let budget = 6;
        query.budget = Some(Energy(budget as u16));
        let want = reference_wide(&query, budget);
        let got = solved(&query).map(|(c, _)| u32::from(c.0));
        assert_eq!(got, want, "{query:?}");
    }
}
