//! Cheapest operation sequences (M-53, M-54): the least energy that brings
//! register A to a goal, and one plan that does it.
//!
//! The search is Dijkstra's algorithm over register states (A, B, C, D and
//! the seat's RAM) with a bucket queue (costs are small integers of
//! half-units). Two exact reductions keep it small:
//!
//! - **Symmetry.** B, C and D play interchangeable roles: every operation
//!   on one exists on the others at the same price, and only A meets the
//!   goal. States that differ by a permutation of the *enabled* registers
//!   among B, C, D have the same cost to the goal, so the search keeps one
//!   sorted representative of each class (up to 6 times fewer states).
//! - **Goal test on generation.** A goal state found while expanding sets an
//!   upper bound, and the search stops as soon as the queue reaches it.
//!
//! For repeated queries under the same rules, [`Solver`] keeps, at 4 bits
//! without RAM, a table of exact distances to each goal from every state
//! (built once per goal by a backward Dijkstra over reversed edges), so a
//! query is a lookup and a plan a short greedy walk.
//!
//! ```
//! use moon_core::{SolverQuery, min_energy_plan};
//! use moon_core::Energy;
//!
//! // S-1: from A = 0001 to 0110 with the base operations.
//! let q = SolverQuery::new(4, [0b0001, 0, 0, 0], 0b0110);
//! let (cost, plan) = min_energy_plan(&q).unwrap().unwrap();
//! assert_eq!(cost, Energy(6));
//! assert_eq!(q.replay(&plan), Some((0b0110, Energy(6))));
//! ```

use crate::costs::{CostTable, Mode};
use crate::energy::Energy;
use crate::error::MoonError;
use crate::moon::Moon;
use crate::ops::{BASE_OPS, BinaryOp, OpKind, OpSet, Operation};
use crate::register::{Loc, Reg, RegSet, mask};
use crate::state::State;
use game_core::Seat;

/// A solver question (M-53): registers, optional RAM and goal, under a cost
/// table, permitted and disabled kinds, disabled registers, and an optional
/// spending limit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SolverQuery {
    /// Register width, 4..=8.
    pub width: u8,
    /// A, B, C, D.
    pub regs: [u8; 4],
    /// The seat's own RAM, if it has one.
    pub ram: Option<u8>,
    /// The value wanted in A.
    pub goal: u8,
    /// Effective costs, hacker discounts already applied.
    pub costs: CostTable,
    /// Permitted kinds.
    pub operations: OpSet,
    /// Registers that cannot be operands.
    pub disabled_regs: RegSet,
    /// Kinds that cannot be played.
    pub disabled_ops: OpSet,
    /// Whether `MOV r,r` and `XCHG r,r` are illegal (they never help anyway).
    pub forbid_self_mov: bool,
    /// Give up above this total cost.
    pub budget: Option<Energy>,
}

impl SolverQuery {
    /// A query with cooperative costs, the base nine operations, nothing
    /// disabled, no RAM and no budget.
    #[must_use]
    pub fn new(width: u8, regs: [u8; 4], goal: u8) -> SolverQuery {
        SolverQuery {
            width,
            regs,
            ram: None,
            goal,
            costs: CostTable::for_mode(Mode::Cooperative),
            operations: OpSet::of(BASE_OPS),
            disabled_regs: RegSet::EMPTY,
            disabled_ops: OpSet::EMPTY,
            forbid_self_mov: false,
            budget: None,
        }
    }

    /// The query of `seat` in a game position: the game's operations, the
    /// seat's hacker discounts (not its free uses, M-54), the disabled
    /// registers and kinds, and the seat's RAM.
    #[must_use]
    pub fn from_state(game: &Moon, s: &State, seat: Seat, goal: u8) -> SolverQuery {
        let mut costs = *game.cost_table();
        if let Some(h) = game.hacker(seat) {
            for k in OpKind::ALL {
                costs.set(k, h.discounted(k, costs.get(k)));
            }
        }
        SolverQuery {
            width: game.width(),
            regs: s.regs,
            ram: s.rams.get(seat).copied(),
            goal,
            costs,
            operations: game.operations(),
            disabled_regs: s.disabled_regs,
            disabled_ops: s.disabled_ops,
            forbid_self_mov: game.rules_config().forbid_self_mov,
            budget: None,
        }
    }

    /// Checks the width, that every value fits it (M-53), and that every
    /// cost is at least one half-unit (M-11).
    ///
    /// # Errors
    /// [`MoonError::BadWidth`], [`MoonError::ValueTooWide`] or
    /// [`MoonError::ZeroCost`].
    pub fn validate(&self) -> Result<(), MoonError> {
        if !(4..=8).contains(&self.width) {
            return Err(MoonError::BadWidth { width: self.width });
        }
        if let Some(kind) = OpKind::ALL.into_iter().find(|k| self.costs.get(*k).0 == 0) {
            return Err(MoonError::ZeroCost { kind });
        }
        let m = mask(self.width);
        for (r, v) in Reg::ALL.iter().zip(self.regs) {
            if v > m {
                let what = match r {
                    Reg::A => "A",
                    Reg::B => "B",
                    Reg::C => "C",
                    Reg::D => "D",
                };
                return Err(MoonError::ValueTooWide {
                    what,
                    value: v,
                    width: self.width,
                });
            }
        }
        if let Some(v) = self.ram.filter(|&v| v > m) {
            return Err(MoonError::ValueTooWide {
                what: "RAM",
                value: v,
                width: self.width,
            });
        }
        if self.goal > m {
            return Err(MoonError::ValueTooWide {
                what: "goal",
                value: self.goal,
                width: self.width,
            });
        }
        Ok(())
    }

    /// The operations this query allows (M-12 rules 2–7), with their costs
    /// in half-units, skipping the ones that never change anything
    /// (`OR r,r`, `AND r,r`, `MOV r,r`, `XCHG r,r`): they cannot be on a
    /// cheapest plan.
    pub(crate) fn moves(&self) -> Vec<(Operation, u32)> {
        Operation::all()
            .into_iter()
            .filter(|op| self.allows(*op) && !is_no_op(*op))
            .map(|op| (op, u32::from(self.costs.get(op.kind()).0)))
            .collect()
    }

    /// M-12 rules 2–7 under this query.
    fn allows(&self, op: Operation) -> bool {
        let kind = op.kind();
        if !self.operations.contains(kind) || self.disabled_ops.contains(kind) {
            return false;
        }
        if op.registers().intersects(self.disabled_regs) {
            return false;
        }
        if op.uses_ram() && self.ram.is_none() {
            return false;
        }
        if matches!(
            op,
            Operation::Mov {
                dst: Loc::Ram,
                src: Loc::Ram
            }
        ) {
            return false;
        }
        if let Operation::Binary {
            op: BinaryOp::Xchg,
            dst,
            src,
        } = op
            && dst > src
        {
            return false;
        }
        !(self.forbid_self_mov && op.is_self_move())
    }

    /// Plays `plan` from the query's registers, checking each operation is
    /// allowed; returns the final A and the total cost, or `None` for an
    /// operation the query does not allow.
    #[must_use]
    pub fn replay(&self, plan: &[Operation]) -> Option<(u8, Energy)> {
        let moves = self.moves();
        let mut regs = self.regs;
        let mut ram = self.ram;
        let mut total = 0u32;
        for op in plan {
            // A no-op is allowed by the rules even if the search skips it.
            let cost = match moves.iter().find(|(m, _)| m == op) {
                Some((_, c)) => *c,
                None if self.allows(*op) => u32::from(self.costs.get(op.kind()).0),
                None => return None,
            };
            op.apply(&mut regs, ram.as_mut(), self.width);
            total += cost;
        }
        Some((regs[0], Energy(u16::try_from(total).unwrap_or(u16::MAX))))
    }

    /// The part of the query that fixes the graph (not the start or goal).
    fn graph_key(&self) -> GraphKey {
        GraphKey {
            width: self.width,
            costs: self.costs,
            operations: self.operations,
            disabled_regs: self.disabled_regs,
            disabled_ops: self.disabled_ops,
            forbid_self_mov: self.forbid_self_mov,
            ram: self.ram.is_some(),
        }
    }
}

/// The least energy that leaves A equal to the goal (M-54); `Ok(None)`
/// when no sequence does, or the least cost is above the budget.
///
/// # Errors
/// A query whose width or values are out of range (M-53).
pub fn min_energy(q: &SolverQuery) -> Result<Option<Energy>, MoonError> {
    Ok(min_energy_plan(q)?.map(|(cost, _)| cost))
}

/// [`min_energy`] with one cheapest plan; replaying it reaches the goal at
/// exactly that cost.
///
/// # Errors
/// As [`min_energy`].
pub fn min_energy_plan(q: &SolverQuery) -> Result<Option<(Energy, Vec<Operation>)>, MoonError> {
    q.validate()?;
    let space = Space::new(q);
    Ok(space.search(q))
}

/// The register states of one query's rules: moves and symmetry.
struct Space {
    width: u8,
    moves: Vec<(Operation, u32)>,
    /// Indices (1..=3) of B, C, D that are enabled: interchangeable.
    sym: Vec<usize>,
}

/// A register state: A, B, C, D, RAM (0 without RAM).
type Regs = [u8; 5];

/// `OR r,r`, `AND r,r`, `MOV x,x` and `XCHG r,r` change nothing, so no
/// cheapest plan contains them.
fn is_no_op(op: Operation) -> bool {
    match op {
        Operation::Binary {
            op: BinaryOp::Or | BinaryOp::And | BinaryOp::Xchg,
            dst,
            src,
        } => dst == src,
        Operation::Mov { dst, src } => dst == src,
        Operation::Unary { .. } | Operation::Binary { .. } => false,
    }
}

fn pack(r: &Regs) -> u64 {
    u64::from(r[0])
        | u64::from(r[1]) << 8
        | u64::from(r[2]) << 16
        | u64::from(r[3]) << 24
        | u64::from(r[4]) << 32
}

fn unpack(k: u64) -> Regs {
    [
        k as u8,
        (k >> 8) as u8,
        (k >> 16) as u8,
        (k >> 24) as u8,
        (k >> 32) as u8,
    ]
}

impl Space {
    fn new(q: &SolverQuery) -> Space {
        let sym = (1..=3)
            .filter(|&i| Reg::from_index(i).is_some_and(|r| !q.disabled_regs.contains(r)))
            .collect();
        Space {
            width: q.width,
            moves: q.moves(),
            sym,
        }
    }

    /// The sorted representative of a state's symmetry class.
    fn canon(&self, r: &mut Regs) {
        match self.sym.as_slice() {
            [a, b] if r[*a] > r[*b] => r.swap(*a, *b),
            [a, b, c] => {
                if r[*a] > r[*b] {
                    r.swap(*a, *b);
                }
                if r[*b] > r[*c] {
                    r.swap(*b, *c);
                }
                if r[*a] > r[*b] {
                    r.swap(*a, *b);
                }
            }
            _ => {}
        }
    }

    fn step(&self, r: &Regs, op: Operation) -> Regs {
        let mut regs = [r[0], r[1], r[2], r[3]];
        let mut ram = r[4];
        op.apply(&mut regs, Some(&mut ram), self.width);
        [regs[0], regs[1], regs[2], regs[3], ram]
    }

    fn start(q: &SolverQuery) -> Regs {
        [
            q.regs[0],
            q.regs[1],
            q.regs[2],
            q.regs[3],
            q.ram.unwrap_or(0),
        ]
    }

    /// Dijkstra from the query's start; the cost and a plan.
    fn search(&self, q: &SolverQuery) -> Option<(Energy, Vec<Operation>)> {
        let real = Self::start(q);
        if real[0] == q.goal {
            return Some((Energy::ZERO, Vec::new()));
        }
        let budget = q.budget.map(|b| u32::from(b.0));
        let mut start = real;
        self.canon(&mut start);
        let mut index = Index::with_capacity(1 << 12);
        let mut nodes: Vec<Node> = vec![Node {
            key: pack(&start),
            dist: 0,
            parent: u32::MAX,
        }];
        index.insert(pack(&start), 0);
        let max_cost = self.moves.iter().map(|(_, c)| *c).max().unwrap_or(1) as usize;
        let mut queue = Buckets::new(max_cost + 1);
        queue.push(0, 0);
        let mut best: Option<(u32, u32)> = None;
        while let Some((d, i)) = queue.pop() {
            if nodes[i as usize].dist != d {
                continue;
            }
            if best.is_some_and(|(bd, _)| d >= bd) {
                break;
            }
            let here = unpack(nodes[i as usize].key);
            for &(op, c) in &self.moves {
                let nd = d + c;
                if budget.is_some_and(|b| nd > b) || best.is_some_and(|(bd, _)| nd >= bd) {
                    continue;
                }
                let mut next = self.step(&here, op);
                self.canon(&mut next);
                let key = pack(&next);
                let j = match index.get(key) {
                    Some(j) => {
                        if nodes[j as usize].dist <= nd {
                            continue;
                        }
                        nodes[j as usize].dist = nd;
                        nodes[j as usize].parent = i;
                        j
                    }
                    None => {
                        let j = nodes.len() as u32;
                        nodes.push(Node {
                            key,
                            dist: nd,
                            parent: i,
                        });
                        index.insert(key, j);
                        j
                    }
                };
                if next[0] == q.goal {
                    best = Some((nd, j));
                } else {
                    queue.push(nd, j);
                }
            }
        }
        let (dist, goal_node) = best?;
        // The chain of class representatives, start first.
        let mut chain = Vec::new();
        let mut k = goal_node;
        while k != u32::MAX {
            chain.push((nodes[k as usize].key, nodes[k as usize].dist));
            k = nodes[k as usize].parent;
        }
        chain.reverse();
        let plan = self.walk(real, &chain)?;
        Some((Energy(u16::try_from(dist).unwrap_or(u16::MAX)), plan))
    }

    /// Turns a chain of representatives into real operations from the real
    /// start: at each step, an operation whose result is in the next class
    /// at the step's cost.
    fn walk(&self, real: Regs, chain: &[(u64, u32)]) -> Option<Vec<Operation>> {
        let mut here = real;
        let mut plan = Vec::with_capacity(chain.len());
        for pair in chain.windows(2) {
            let ((_, d0), (want, d1)) = (pair[0], pair[1]);
            let found = self.moves.iter().find_map(|&(op, cost)| {
                if d0 + cost != d1 {
                    return None;
                }
                let next = self.step(&here, op);
                let mut c = next;
                self.canon(&mut c);
                (pack(&c) == want).then_some((op, next))
            });
            let (op, next) = found?;
            plan.push(op);
            here = next;
        }
        Some(plan)
    }
}

#[derive(Clone, Copy)]
struct Node {
    key: u64,
    dist: u32,
    parent: u32,
}

/// An open-addressing map from packed states to node indices.
struct Index {
    keys: Vec<u64>,
    vals: Vec<u32>,
    len: usize,
    shift: u32,
}

const EMPTY: u64 = u64::MAX;

impl Index {
    fn with_capacity(cap: usize) -> Index {
        let cap = cap.next_power_of_two().max(16);
        Index {
            keys: vec![EMPTY; cap],
            vals: vec![0; cap],
            len: 0,
            shift: 64 - cap.trailing_zeros(),
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    fn get(&self, key: u64) -> Option<u32> {
        let m = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            let k = self.keys[i];
            if k == key {
                return Some(self.vals[i]);
            }
            if k == EMPTY {
                return None;
            }
            i = (i + 1) & m;
        }
    }

    fn insert(&mut self, key: u64, val: u32) {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let m = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.keys[i] != EMPTY && self.keys[i] != key {
            i = (i + 1) & m;
        }
        if self.keys[i] == EMPTY {
            self.len += 1;
        }
        self.keys[i] = key;
        self.vals[i] = val;
    }

    fn grow(&mut self) {
        let mut bigger = Index::with_capacity(self.keys.len() * 2);
        for (k, v) in self.keys.iter().zip(&self.vals) {
            if *k != EMPTY {
                bigger.insert(*k, *v);
            }
        }
        *self = bigger;
    }
}

/// A monotone bucket queue over small integer distances (Dial's method):
/// a ring of `span` buckets, `span` larger than the largest edge cost.
struct Buckets {
    ring: Vec<Vec<u32>>,
    cur: u32,
    len: usize,
}

impl Buckets {
    fn new(span: usize) -> Buckets {
        Buckets {
            ring: vec![Vec::new(); span.max(1)],
            cur: 0,
            len: 0,
        }
    }

    fn push(&mut self, dist: u32, item: u32) {
        let n = self.ring.len();
        self.ring[dist as usize % n].push(item);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let n = self.ring.len();
        loop {
            if let Some(item) = self.ring[self.cur as usize % n].pop() {
                self.len -= 1;
                return Some((self.cur, item));
            }
            self.cur += 1;
        }
    }
}

/// The rules part of a query: what fixes the state graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct GraphKey {
    width: u8,
    costs: CostTable,
    operations: OpSet,
    disabled_regs: RegSet,
    disabled_ops: OpSet,
    forbid_self_mov: bool,
    ram: bool,
}

/// Exact distances to every goal from every state of one small graph
/// (4 bits, no RAM): reversed edges once, one backward Dijkstra per goal.
struct Table {
    key: GraphKey,
    space: Space,
    /// Class index of each packed 16-bit state (its representative's index).
    class_of: Vec<u32>,
    /// Reversed edges in CSR form: for class t, its predecessors and costs.
    rev_start: Vec<u32>,
    rev: Vec<(u32, u32)>,
    /// Representative key of each class.
    reps: Vec<u16>,
    /// Per goal: distance of each class (u32::MAX unreachable).
    dist: Vec<Option<Vec<u32>>>,
}

impl Table {
    const WIDTH: u8 = 4;

    fn fits(q: &SolverQuery) -> bool {
        q.width == Self::WIDTH && q.ram.is_none()
    }

    fn pack16(r: &Regs) -> usize {
        usize::from(r[0])
            | usize::from(r[1]) << 4
            | usize::from(r[2]) << 8
            | usize::from(r[3]) << 12
    }

    fn unpack16(k: usize) -> Regs {
        [
            (k & 0xF) as u8,
            (k >> 4 & 0xF) as u8,
            (k >> 8 & 0xF) as u8,
            (k >> 12 & 0xF) as u8,
            0,
        ]
    }

    fn build(q: &SolverQuery) -> Table {
        let space = Space::new(q);
        // Each state's representative; representatives get class numbers
        // in ascending order, which every state then looks up.
        let rep_of: Vec<usize> = (0..1usize << 16)
            .map(|k| {
                let mut r = Self::unpack16(k);
                space.canon(&mut r);
                Self::pack16(&r)
            })
            .collect();
        let mut number = vec![u32::MAX; 1 << 16];
        let mut reps: Vec<u16> = Vec::new();
        for (k, rep) in rep_of.iter().enumerate() {
            if *rep == k {
                number[k] = reps.len() as u32;
                reps.push(k as u16);
            }
        }
        let class_of: Vec<u32> = rep_of.iter().map(|rep| number[*rep]).collect();
        // Forward edges of each class, then reversed into CSR.
        let mut count = vec![0u32; reps.len() + 1];
        let mut edges: Vec<(u32, u32, u32)> = Vec::with_capacity(reps.len() * space.moves.len());
        for (from, &rep) in reps.iter().enumerate() {
            let r = Self::unpack16(usize::from(rep));
            for &(op, c) in &space.moves {
                let to = class_of[Self::pack16(&space.step(&r, op))];
                if to as usize != from {
                    edges.push((to, from as u32, c));
                    count[to as usize + 1] += 1;
                }
            }
        }
        for i in 1..count.len() {
            count[i] += count[i - 1];
        }
        let mut fill = count.clone();
        let mut rev = vec![(0u32, 0u32); edges.len()];
        for (to, from, c) in edges {
            let slot = &mut fill[to as usize];
            rev[*slot as usize] = (from, c);
            *slot += 1;
        }
        Table {
            key: q.graph_key(),
            space,
            class_of,
            rev_start: count,
            rev,
            reps,
            dist: vec![None; 16],
        }
    }

    /// Distances of every class to `goal` (backward Dijkstra from all
    /// classes whose A is the goal).
    fn goal_dist(&mut self, goal: u8) -> &[u32] {
        let g = usize::from(goal & 0xF);
        if self.dist[g].is_none() {
            let n = self.reps.len();
            let mut dist = vec![u32::MAX; n];
            let max_cost = self.space.moves.iter().map(|(_, c)| *c).max().unwrap_or(1) as usize;
            let mut queue = Buckets::new(max_cost + 1);
            for (i, &rep) in self.reps.iter().enumerate() {
                if (rep & 0xF) as u8 == goal {
                    dist[i] = 0;
                    queue.push(0, i as u32);
                }
            }
            while let Some((d, t)) = queue.pop() {
                if dist[t as usize] != d {
                    continue;
                }
                let (a, b) = (
                    self.rev_start[t as usize] as usize,
                    self.rev_start[t as usize + 1] as usize,
                );
                for &(s, c) in &self.rev[a..b] {
                    let nd = d + c;
                    if nd < dist[s as usize] {
                        dist[s as usize] = nd;
                        queue.push(nd, s);
                    }
                }
            }
            self.dist[g] = Some(dist);
        }
        self.dist[g].as_deref().unwrap_or(&[])
    }

    fn solve(&mut self, q: &SolverQuery) -> Option<(Energy, Vec<Operation>)> {
        let start = Space::start(q);
        let goal = q.goal;
        let class_of_start = self.class_of[Self::pack16(&start)] as usize;
        let total = *self.goal_dist(goal).get(class_of_start)?;
        if total == u32::MAX || q.budget.is_some_and(|b| total > u32::from(b.0)) {
            return None;
        }
        // Greedy walk down the exact distances.
        let mut plan = Vec::new();
        let mut here = start;
        let mut left = total;
        while here[0] != goal {
            let dist = self.dist[usize::from(goal)].as_deref()?;
            let (op, next, c) = self.space.moves.iter().find_map(|&(op, c)| {
                let next = self.space.step(&here, op);
                let d = dist[self.class_of[Self::pack16(&next)] as usize];
                (d != u32::MAX && d + c == left).then_some((op, next, c))
            })?;
            plan.push(op);
            here = next;
            left -= c;
        }
        Some((Energy(u16::try_from(total).unwrap_or(u16::MAX)), plan))
    }
}

/// A reusable solver: answers like [`min_energy_plan`], and at 4 bits
/// without RAM keeps exact distance tables per rule set and goal, so each
/// query after the first of its goal is a lookup and a short walk.
#[derive(Default)]
pub struct Solver {
    tables: Vec<Table>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("tables", &self.tables.len())
            .finish()
    }
}

impl Solver {
    /// An empty solver.
    #[must_use]
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Builds the 4-bit tables of `q`'s rules for every goal now (at most
    /// a few tens of milliseconds), so later queries never wait.
    ///
    /// # Errors
    /// As [`min_energy`].
    pub fn prepare(&mut self, q: &SolverQuery) -> Result<(), MoonError> {
        q.validate()?;
        if Table::fits(q) {
            let t = self.table(q);
            for g in 0..16 {
                t.goal_dist(g);
            }
        }
        Ok(())
    }

    fn table(&mut self, q: &SolverQuery) -> &mut Table {
        let key = q.graph_key();
        let i = match self.tables.iter().position(|t| t.key == key) {
            Some(i) => i,
            None => {
                // Keep a handful of rule sets (errors change them in play).
                if self.tables.len() >= 8 {
                    self.tables.remove(0);
                }
                self.tables.push(Table::build(q));
                self.tables.len() - 1
            }
        };
        &mut self.tables[i]
    }

    /// The least cost and one cheapest plan, as [`min_energy_plan`].
    ///
    /// # Errors
    /// As [`min_energy`].
    pub fn solve(
        &mut self,
        q: &SolverQuery,
    ) -> Result<Option<(Energy, Vec<Operation>)>, MoonError> {
        q.validate()?;
        if Space::start(q)[0] == q.goal {
            return Ok(Some((Energy::ZERO, Vec::new())));
        }
        if Table::fits(q) {
            return Ok(self.table(q).solve(q));
        }
        Ok(Space::new(q).search(q))
    }

    /// The least cost, as [`min_energy`].
    ///
    /// # Errors
    /// As [`min_energy`].
    pub fn min_energy(&mut self, q: &SolverQuery) -> Result<Option<Energy>, MoonError> {
        Ok(self.solve(q)?.map(|(c, _)| c))
    }

    /// For bots that score many positions (the rival bot): the exact
    /// distance in half-units from registers `regs` to each goal value
    /// under `q`'s rules (`u32::MAX`: unreachable). `None` unless `q` is 4
    /// bits wide without RAM, the graph the tables cover.
    pub(crate) fn distances_from(&mut self, q: &SolverQuery, regs: [u8; 4]) -> Option<[u32; 16]> {
        if !Table::fits(q) || q.validate().is_err() {
            return None;
        }
        let t = self.table(q);
        let class = t.class_of[Table::pack16(&[regs[0], regs[1], regs[2], regs[3], 0])] as usize;
        let mut out = [u32::MAX; 16];
        for (g, d) in (0u8..16).zip(out.iter_mut()) {
            *d = t.goal_dist(g).get(class).copied().unwrap_or(u32::MAX);
        }
        Some(out)
    }
}
