//! The hash-chained ledger: entries, blocks, the canonical encoding, the
//! FNV-1a digest and verification (MI-27..MI-33).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use game_core::Seat;

use crate::config::MAX_SEATS;
use crate::scoring::miner_key;
use crate::{Card, Effect, Face};

/// The other side of a transfer: a seat or the Bank (which has no balance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Party {
    /// A seat's balance.
    Seat(Seat),
    /// The Bank: source of bonuses and rewards, sink of fees.
    Bank,
}

impl Party {
    /// The byte of the encoding: the seat, or `FF` for the Bank (MI-30).
    #[must_use]
    pub const fn byte(self) -> u8 {
        match self {
            Party::Seat(s) => s.0,
            Party::Bank => 0xFF,
        }
    }

    /// The seat, if not the Bank.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Party::Seat(s) => Some(s),
            Party::Bank => None,
        }
    }
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::Seat(s) => write!(f, "{}", s.0),
            Party::Bank => f.write_str("Bank"),
        }
    }
}

/// Why a balance changed (MI-28), with its code in the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EntryKind {
    /// 1: the Bank pays a mover who reached Start (MI-11).
    LapBonus,
    /// 2: a mover pays the Bank on a Jellyfish square (MI-11).
    JellyfishSquare,
    /// 3: the Bank pays a mover on a Fire square (MI-11).
    FireSquare,
    /// 4: a miner pays the Bank (MI-13).
    MiningFee,
    /// 5: the Bank pays the block's winner (MI-18).
    MiningReward,
    /// 6: a neighbour pays an income card's holder (MI-18).
    Income,
    /// 7: an expense card's holder pays a neighbour (MI-18).
    Expense,
    /// 8: another seat pays a Fire card's holder (MI-18).
    FireCard,
}

impl EntryKind {
    /// The kind's code (MI-28).
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            EntryKind::LapBonus => 1,
            EntryKind::JellyfishSquare => 2,
            EntryKind::FireSquare => 3,
            EntryKind::MiningFee => 4,
            EntryKind::MiningReward => 5,
            EntryKind::Income => 6,
            EntryKind::Expense => 7,
            EntryKind::FireCard => 8,
        }
    }
}

/// One balance change: `amount` moves from `from` to `to` (MI-28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Why.
    pub kind: EntryKind,
    /// The turn it happened in.
    pub turn: u32,
    /// Who pays.
    pub from: Party,
    /// Who is paid.
    pub to: Party,
    /// How much, always above 0.
    pub amount: u32,
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "t{} {:?} {}→{} {}",
            self.turn, self.kind, self.from, self.to, self.amount
        )
    }
}

/// A block of the chain (MI-29). Fields are public so learners can tamper
/// with a copy and watch [`crate::MarketIsland::verify_ledger`] catch it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Block {
    /// Position in the chain; genesis is 0.
    pub height: u32,
    /// The turn it was mined in; genesis is 0.
    pub turn: u32,
    /// The previous block's hash (0 for genesis), as 16 hex digits in JSON.
    #[serde(with = "hex_u64")]
    pub prev_hash: u64,
    /// The WC in force during the turn (the first WC for genesis).
    pub prev_wc: Face,
    /// Every block seat's card, in turn order (MI-12): the seats active
    /// when the turn's moves were done, including one that went out during
    /// execution under `Immediate` (MI-44).
    pub cards: Vec<(Seat, Option<Card>)>,
    /// Each miner's kept face, in turn order.
    pub miners: Vec<(Seat, Face)>,
    /// The winning miner.
    pub winner: Option<Seat>,
    /// Every balance change since the previous block, in order.
    pub entries: Vec<Entry>,
    /// Every seat's balance after the block, in seat order.
    pub balances: Vec<i32>,
    /// FNV-1a 64 of the encoding (MI-31), as 16 hex digits in JSON.
    #[serde(with = "hex_u64")]
    pub hash: u64,
}

impl Block {
    /// The winning card this block passes on: the winner's kept face, or
    /// `prev_wc` for genesis (or a block without a winning miner).
    #[must_use]
    pub fn out_wc(&self) -> Face {
        self.winner
            .and_then(|w| self.miners.iter().find(|(s, _)| *s == w))
            .map_or(self.prev_wc, |(_, f)| *f)
    }

    /// The canonical encoding of every field but `hash` (MI-30).
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 11 * self.entries.len());
        self.write(&mut out);
        out
    }

    /// The FNV-1a 64 digest of the encoding (MI-31).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = Fnv::new();
        self.write(&mut h);
        h.0
    }

    /// Sets `hash` to [`Block::compute_hash`] (for building or forging blocks).
    pub fn seal(&mut self) {
        self.hash = self.compute_hash();
    }

    fn write(&self, out: &mut impl Sink) {
        out.put(b"MIB1");
        out.put(&self.height.to_le_bytes());
        out.put(&self.turn.to_le_bytes());
        out.put(&self.prev_hash.to_le_bytes());
        out.put(&[self.prev_wc.code()]);
        put_len(out, self.cards.len());
        for (seat, card) in &self.cards {
            out.put(&[seat.0]);
            match card {
                None => out.put(&[0]),
                Some(card) => {
                    out.put(&[1, card.face.code()]);
                    write_effect(out, card.effect);
                }
            }
        }
        put_len(out, self.miners.len());
        for (seat, face) in &self.miners {
            out.put(&[seat.0, face.code()]);
        }
        out.put(&[self.winner.map_or(0xFF, |s| s.0)]);
        put_len(out, self.entries.len());
        for e in &self.entries {
            out.put(&[e.kind.code()]);
            out.put(&e.turn.to_le_bytes());
            out.put(&[e.from.byte(), e.to.byte()]);
            out.put(&e.amount.to_le_bytes());
        }
        put_len(out, self.balances.len());
        for b in &self.balances {
            out.put(&b.to_le_bytes());
        }
    }
}

fn write_effect(out: &mut impl Sink, effect: Effect) {
    match effect {
        Effect::Receive { amount, from: side } | Effect::Pay { amount, to: side } => {
            out.put(&[effect.tag(), side.byte()]);
            out.put(&amount.to_le_bytes());
        }
        Effect::Fire { amount } => {
            out.put(&[effect.tag()]);
            out.put(&amount.to_le_bytes());
        }
        Effect::Jellyfish | Effect::Axe | Effect::Totem => out.put(&[effect.tag()]),
    }
}

fn put_len(out: &mut impl Sink, len: usize) {
    out.put(&u32::try_from(len).unwrap_or(u32::MAX).to_le_bytes());
}

/// Where encoded bytes go: a buffer, or straight into the digest.
trait Sink {
    fn put(&mut self, bytes: &[u8]);
}

impl Sink for Vec<u8> {
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// FNV-1a 64: a teaching digest, not a cryptographic hash (MI-31).
struct Fnv(u64);

impl Fnv {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new() -> Fnv {
        Fnv(Fnv::OFFSET)
    }
}

impl Sink for Fnv {
    fn put(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(Fnv::PRIME);
        }
    }
}

/// FNV-1a 64 of `bytes` (MI-31). Anyone can forge a block matching it:
/// it shows how a chain links, not how it resists attackers.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.put(bytes);
    h.0
}

/// A digest as 16 lowercase hex digits.
#[must_use]
pub fn hash_hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Serde for digests: 16 lowercase hex digits (JSON numbers lose `u64` precision).
pub mod hex_u64 {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the digest as 16 hex digits.
    ///
    /// # Errors
    /// Whatever the serializer reports.
    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{v:016x}"))
    }

    /// Reads a digest from 1 to 16 hex digits.
    ///
    /// # Errors
    /// Text that is not hex.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        if text.is_empty() || text.len() > 16 {
            return Err(D::Error::custom("a digest is 1 to 16 hex digits"));
        }
        u64::from_str_radix(&text, 16).map_err(D::Error::custom)
    }
}

/// The chain of blocks, shared: cloning a state clones a pointer (MI-33).
///
/// Appending copies the blocks only when another state still shares them.
/// Blocks the engine appends are kept as their parts and built, hashes
/// and all, on the first read: a random playout appends a block every
/// mined turn and reads none, and FNV-1a (a multiply per byte, each
/// waiting on the last) was a sixth of its time. Whoever reads sees the
/// very blocks, bytes and hashes that building them at once would give.
/// Written in JSON as the list of blocks from genesis up.
#[derive(Clone, Default)]
pub struct Ledger(Arc<Chain>);

/// The blocks of a [`Ledger`]: built ones, then the engine's fresh ones.
#[derive(Default)]
struct Chain {
    /// Blocks as they are read: from a file, from a user, or built on a read.
    built: Vec<Block>,
    /// Blocks the engine appended after `built`, not built yet.
    fresh: Vec<FreshBlock>,
    /// The entries of the fresh blocks, one block's after the other's.
    fresh_entries: Vec<Entry>,
    /// `built` and then every fresh block built, made on the first read
    /// after an append.
    read: OnceLock<Vec<Block>>,
    /// Build each block as it comes: set once the chain is read after an
    /// append, so a holder that reads after every step builds each block
    /// once instead of copying the built ones on every read. A copy for a
    /// new line of play starts lazy again.
    eager: bool,
}

impl Clone for Chain {
    /// A copy for an append while the chain is shared: the blocks as read
    /// when they have been, so the copy does not hold them twice.
    fn clone(&self) -> Self {
        match self.read.get() {
            Some(read) => Chain {
                built: read.clone(),
                ..Chain::default()
            },
            None => Chain {
                built: self.built.clone(),
                fresh: self.fresh.clone(),
                fresh_entries: self.fresh_entries.clone(),
                read: OnceLock::new(),
                eager: false,
            },
        }
    }
}

impl Chain {
    /// Every block, the fresh ones built: each links to the hash of the
    /// one before it (0 for the first) and is sealed (MI-29, MI-31).
    fn build(&self) -> Vec<Block> {
        let mut blocks = Vec::with_capacity(self.built.len() + self.fresh.len());
        blocks.extend_from_slice(&self.built);
        let mut entries = self.fresh_entries.as_slice();
        for fresh in &self.fresh {
            let (own, rest) = entries.split_at(fresh.entries.min(entries.len()));
            entries = rest;
            let block = fresh.build(&blocks, own);
            blocks.push(block);
        }
        blocks
    }
}

/// A block as the engine appends it (MI-29): its parts inline, its entries
/// in the chain's list, its height, links and hash left to the build.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FreshBlock {
    turn: u32,
    prev_wc: Face,
    cards: [(Seat, Option<Card>); MAX_SEATS],
    n_cards: u8,
    miners: [(Seat, Face); MAX_SEATS],
    n_miners: u8,
    winner: Option<Seat>,
    balances: [i32; MAX_SEATS],
    n_seats: u8,
    /// How many of the chain's fresh entries are this block's.
    entries: usize,
}

impl FreshBlock {
    /// The block itself with `entries`, next after `before`: its height,
    /// its link to the last block's hash (0 for the first) and its seal.
    fn build(&self, before: &[Block], entries: &[Entry]) -> Block {
        let mut block = Block {
            height: u32::try_from(before.len()).unwrap_or(u32::MAX),
            turn: self.turn,
            prev_hash: before.last().map_or(0, |b| b.hash),
            prev_wc: self.prev_wc,
            cards: self.cards[..usize::from(self.n_cards)].to_vec(),
            miners: self.miners[..usize::from(self.n_miners)].to_vec(),
            winner: self.winner,
            entries: entries.to_vec(),
            balances: self.balances[..usize::from(self.n_seats)].to_vec(),
            hash: 0,
        };
        block.seal();
        block
    }

    /// A block of `turn` linking to `prev_wc`, with every seat's balance,
    /// no cards, no miners and no winner yet (the genesis block as it is).
    pub(crate) fn new(turn: u32, prev_wc: Face, balances: impl IntoIterator<Item = i32>) -> Self {
        let mut block = FreshBlock {
            turn,
            prev_wc,
            cards: [(Seat(0), None); MAX_SEATS],
            n_cards: 0,
            miners: [(Seat(0), Face::JOKER); MAX_SEATS],
            n_miners: 0,
            winner: None,
            balances: [0; MAX_SEATS],
            n_seats: 0,
            entries: 0,
        };
        for (slot, b) in block.balances.iter_mut().zip(balances) {
            *slot = b;
            block.n_seats += 1;
        }
        block
    }

    /// Appends a block seat's card, in turn order (MI-12).
    pub(crate) fn add_card(&mut self, seat: Seat, card: Option<Card>) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.n_cards)) {
            *slot = (seat, card);
            self.n_cards += 1;
        }
    }

    /// Appends a miner's kept face, in turn order.
    pub(crate) fn add_miner(&mut self, seat: Seat, face: Face) {
        if let Some(slot) = self.miners.get_mut(usize::from(self.n_miners)) {
            *slot = (seat, face);
            self.n_miners += 1;
        }
    }

    /// Sets the winning miner.
    pub(crate) fn set_winner(&mut self, seat: Seat) {
        self.winner = Some(seat);
    }
}

impl Serialize for Ledger {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.blocks().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Ledger {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ledger, D::Error> {
        Vec::<Block>::deserialize(d).map(Ledger::from_blocks)
    }
}

impl Ledger {
    /// A chain of these blocks (not verified; see `verify_ledger`).
    #[must_use]
    pub fn from_blocks(blocks: Vec<Block>) -> Ledger {
        Ledger(Arc::new(Chain {
            built: blocks,
            ..Chain::default()
        }))
    }

    /// The blocks, genesis first.
    #[must_use]
    pub fn blocks(&self) -> &[Block] {
        let chain = &*self.0;
        if chain.fresh.is_empty() {
            &chain.built
        } else {
            chain.read.get_or_init(|| chain.build())
        }
    }

    /// The newest block.
    #[must_use]
    pub fn head(&self) -> Option<&Block> {
        self.blocks().last()
    }

    /// How many blocks, genesis included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.built.len() + self.0.fresh.len()
    }

    /// True before the genesis block.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when both chains are the very same shared allocation.
    #[must_use]
    pub fn shares_with(&self, other: &Ledger) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Room for `blocks` more blocks of the engine with about `entries`
    /// entries in all, so a game's chain is allocated once rather than
    /// regrown as blocks come.
    pub(crate) fn reserve(&mut self, blocks: usize, entries: usize) {
        let chain = Arc::make_mut(&mut self.0);
        chain.fresh.reserve(blocks);
        chain.fresh_entries.reserve(entries);
    }

    /// Appends the engine's next block with `entries`, every balance change
    /// since the block before (MI-29).
    pub(crate) fn append(&mut self, mut block: FreshBlock, entries: impl Iterator<Item = Entry>) {
        let chain = Arc::make_mut(&mut self.0);
        // Blocks already built for a read stay built.
        if let Some(read) = chain.read.take() {
            chain.built = read;
            chain.fresh.clear();
            chain.fresh_entries.clear();
            chain.eager = true;
        }
        if chain.eager && chain.fresh.is_empty() {
            let entries: Vec<Entry> = entries.collect();
            let built = block.build(&chain.built, &entries);
            chain.built.push(built);
            return;
        }
        let before = chain.fresh_entries.len();
        chain.fresh_entries.extend(entries);
        block.entries = chain.fresh_entries.len() - before;
        chain.fresh.push(block);
    }
}

impl PartialEq for Ledger {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.blocks() == other.blocks()
    }
}

impl Eq for Ledger {}

impl Hash for Ledger {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Equal chains have equal heads, so hashing the head is consistent
        // with `Eq` and costs nothing per block.
        self.len().hash(state);
        self.head().map(|b| b.hash).hash(state);
    }
}

impl fmt::Debug for Ledger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.blocks()).finish()
    }
}

/// Which check of MI-32 a block failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FaultKind {
    /// V1: a field out of shape (height, balance count, seat, zero amount, `i32` range).
    Malformed,
    /// V2: the stored hash is not the hash of the encoding.
    HashMismatch,
    /// V3: block 0 is not a genesis block.
    BadGenesis,
    /// V3: `prev_hash` is not the previous block's hash.
    BrokenLink,
    /// V4: turns do not increase, or an entry's turn is outside the block's span.
    BadTurn,
    /// V5: `prev_wc` is not the winning card of the previous block.
    WrongPrevWinningCard,
    /// V6: the winner is missing, not a miner, or not the best by MI-16/MI-17.
    WrongWinner,
    /// V7: the mining fees or the reward of the block's turn are wrong.
    WrongMiningEntries,
    /// V8: the previous balances plus the entries are not the balances.
    BalanceMismatch,
}

/// The first failure of a chain: the lowest height, then the first check (MI-32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[error("ledger fault at height {height}: {kind:?}")]
#[serde(deny_unknown_fields)]
pub struct LedgerFault {
    /// The block that failed.
    pub height: u32,
    /// The check it failed.
    pub kind: FaultKind,
}

/// The rules a chain is verified against (the parts of the config it needs).
#[derive(Clone, Debug)]
pub(crate) struct ChainRules<'a> {
    pub seats: usize,
    pub start_balance: i32,
    pub mining_fee: u32,
    pub mining_reward: u32,
    pub ace_high: bool,
    pub mining: &'a [Face],
}

fn fault(height: usize, kind: FaultKind) -> LedgerFault {
    LedgerFault {
        height: u32::try_from(height).unwrap_or(u32::MAX),
        kind,
    }
}

/// Previous balances plus entries, in `i64`; `None` when a seat is out of
/// range or a result leaves `i32`.
fn apply_entries(prev: &[i32], entries: &[Entry]) -> Option<Vec<i32>> {
    let mut sums: Vec<i64> = prev.iter().map(|b| i64::from(*b)).collect();
    for e in entries {
        let amount = i64::from(e.amount);
        if let Party::Seat(s) = e.from {
            let b = sums.get_mut(s.index())?;
            *b = b.checked_sub(amount)?;
        }
        if let Party::Seat(s) = e.to {
            let b = sums.get_mut(s.index())?;
            *b = b.checked_add(amount)?;
        }
    }
    sums.into_iter().map(|b| i32::try_from(b).ok()).collect()
}

/// Checks a chain block by block, V1 to V8 in order; the first failing
/// check of the first bad block is the fault.
pub(crate) fn verify(rules: &ChainRules<'_>, blocks: &[Block]) -> Result<(), LedgerFault> {
    if blocks.is_empty() {
        return Err(fault(0, FaultKind::BadGenesis));
    }
    for (i, b) in blocks.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|p| blocks.get(p));
        if is_malformed(rules, i, b, prev) {
            return Err(fault(i, FaultKind::Malformed));
        }
        // V2: the digest.
        if b.compute_hash() != b.hash {
            return Err(fault(i, FaultKind::HashMismatch));
        }
        match prev {
            None => {
                if !is_genesis(rules, b) {
                    return Err(fault(i, FaultKind::BadGenesis));
                }
            }
            Some(prev) => check_successor(rules, prev, b).map_err(|kind| fault(i, kind))?,
        }
    }
    Ok(())
}

/// V1: shape. Block `i` has height `i`, one balance per seat, only seats in
/// range, no zero entry, and entries that keep `prev`'s balances in `i32`.
fn is_malformed(rules: &ChainRules<'_>, i: usize, b: &Block, prev: Option<&Block>) -> bool {
    let seat_ok = |s: Seat| s.index() < rules.seats;
    let party_ok = |p: Party| p.seat().is_none_or(seat_ok);
    usize::try_from(b.height).ok() != Some(i)
        || b.balances.len() != rules.seats
        || b.cards.iter().any(|(s, _)| !seat_ok(*s))
        || b.miners.iter().any(|(s, _)| !seat_ok(*s))
        || b.winner.is_some_and(|s| !seat_ok(s))
        || b.entries
            .iter()
            .any(|e| !party_ok(e.from) || !party_ok(e.to) || e.amount == 0)
        || prev.is_some_and(|p| {
            p.balances.len() == rules.seats && apply_entries(&p.balances, &b.entries).is_none()
        })
}

/// V3: genesis. Turn 0, no parent, nothing played, every seat at the start
/// balance, and a first winning card from the mining pile.
fn is_genesis(rules: &ChainRules<'_>, b: &Block) -> bool {
    b.turn == 0
        && b.prev_hash == 0
        && b.cards.is_empty()
        && b.miners.is_empty()
        && b.winner.is_none()
        && b.entries.is_empty()
        && b.balances.iter().all(|x| *x == rules.start_balance)
        && rules.mining.contains(&b.prev_wc)
}

/// V3 to V8 for a block after genesis, in order: link, turns, WC link,
/// winner, mining entries, balances.
fn check_successor(rules: &ChainRules<'_>, prev: &Block, b: &Block) -> Result<(), FaultKind> {
    // V3: the link.
    if b.prev_hash != prev.hash {
        return Err(FaultKind::BrokenLink);
    }
    // V4: turns.
    if b.turn <= prev.turn
        || b.entries
            .iter()
            .any(|e| e.turn <= prev.turn || e.turn > b.turn)
    {
        return Err(FaultKind::BadTurn);
    }
    // V5: the WC link.
    if b.prev_wc != prev.out_wc() {
        return Err(FaultKind::WrongPrevWinningCard);
    }
    if !winner_ok(rules, b) {
        return Err(FaultKind::WrongWinner);
    }
    // V7: fees and reward of the block's own turn.
    if !mining_entries_ok(rules, b) {
        return Err(FaultKind::WrongMiningEntries);
    }
    // V8: balances.
    if apply_entries(&prev.balances, &b.entries).as_deref() != Some(b.balances.as_slice()) {
        return Err(FaultKind::BalanceMismatch);
    }
    Ok(())
}

/// V6: the winner is a miner of the block whose face has the best key.
fn winner_ok(rules: &ChainRules<'_>, b: &Block) -> bool {
    let faces: Vec<Face> = b
        .cards
        .iter()
        .filter_map(|(_, c)| c.map(|c| c.face))
        .collect();
    let key = |face: Face| miner_key(face, b.prev_wc, &faces, rules.ace_high);
    let winner_face = b
        .winner
        .and_then(|w| b.miners.iter().find(|(s, _)| *s == w))
        .map(|(_, f)| *f);
    let best = b.miners.iter().map(|(_, f)| key(*f)).max();
    match (winner_face, best) {
        (Some(face), Some(best)) => key(face) == best,
        (Some(_), None) | (None, Some(_)) | (None, None) => false,
    }
}

/// V7: exactly one fee per miner and one reward to the winner in the
/// block's turn (each when its amount is above 0), and no other fee or
/// reward entry anywhere in the block.
fn mining_entries_ok(rules: &ChainRules<'_>, b: &Block) -> bool {
    let fee = |e: &&Entry| e.kind == EntryKind::MiningFee;
    let reward = |e: &&Entry| e.kind == EntryKind::MiningReward;
    let fees: Vec<&Entry> = b.entries.iter().filter(fee).collect();
    let rewards: Vec<&Entry> = b.entries.iter().filter(reward).collect();
    let want_fees = if rules.mining_fee > 0 {
        b.miners.len()
    } else {
        0
    };
    if fees.len() != want_fees {
        return false;
    }
    if rules.mining_fee > 0 {
        for (seat, _) in &b.miners {
            let n = fees
                .iter()
                .filter(|e| {
                    e.turn == b.turn
                        && e.from == Party::Seat(*seat)
                        && e.to == Party::Bank
                        && e.amount == rules.mining_fee
                })
                .count();
            if n != 1 {
                return false;
            }
        }
    }
    let want_rewards = usize::from(rules.mining_reward > 0);
    if rewards.len() != want_rewards {
        return false;
    }
    rewards.iter().all(|e| {
        e.turn == b.turn
            && e.from == Party::Bank
            && b.winner.map(Party::Seat) == Some(e.to)
            && e.amount == rules.mining_reward
    })
}

/// Balances a replica derives: the last block's balances plus the pending
/// entries (MI-33).
///
/// # Errors
/// `{ 0, BadGenesis }` for an empty chain; `Malformed` at the next height
/// when a pending entry names an unknown seat or leaves the `i32` range.
pub fn derive_balances(blocks: &[Block], pending: &[Entry]) -> Result<Vec<i32>, LedgerFault> {
    let last = blocks.last().ok_or(fault(0, FaultKind::BadGenesis))?;
    apply_entries(&last.balances, pending).ok_or(fault(blocks.len(), FaultKind::Malformed))
}

/// The lowest height where two replicas' stored hashes differ, or where one
/// chain ends and the other goes on; `None` when they agree (MI-33).
#[must_use]
pub fn first_divergence(a: &[Block], b: &[Block]) -> Option<u32> {
    let common = a.len().min(b.len());
    let i = (0..common)
        .find(|&i| a[i].hash != b[i].hash)
        .or((a.len() != b.len()).then_some(common))?;
    Some(u32::try_from(i).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mi31_fnv_test_vectors() {
        assert_eq!(hash_hex(fnv1a64(b"")), "cbf29ce484222325");
        assert_eq!(hash_hex(fnv1a64(b"a")), "af63dc4c8601ec8c");
    }

    #[test]
    fn hex_digests_round_trip_through_json() {
        let e = Entry {
            kind: EntryKind::LapBonus,
            turn: 1,
            from: Party::Bank,
            to: Party::Seat(Seat(0)),
            amount: 4,
        };
        let b = Block {
            height: 0,
            turn: 0,
            prev_hash: 0xdead_beef,
            prev_wc: "9C".parse().unwrap(),
            cards: vec![],
            miners: vec![],
            winner: None,
            entries: vec![e],
            balances: vec![50, 50],
            hash: u64::MAX,
        };
        let json = serde_json::to_string(&b).unwrap();
        assert!(json.contains("\"00000000deadbeef\""), "{json}");
        assert!(json.contains("\"ffffffffffffffff\""), "{json}");
        let back: Block = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
        assert!(serde_json::from_str::<Block>(&json.replace("deadbeef", "zzzzzzzz")).is_err());
    }

    #[test]
    fn first_divergence_finds_the_lowest_difference() {
        let mk = |h: u64| Block {
            height: 0,
            turn: 0,
            prev_hash: 0,
            prev_wc: Face::JOKER,
            cards: vec![],
            miners: vec![],
            winner: None,
            entries: vec![],
            balances: vec![],
            hash: h,
        };
        let a = vec![mk(1), mk(2), mk(3)];
        let mut b = a.clone();
        assert_eq!(first_divergence(&a, &b), None);
        b[1].hash = 9;
        assert_eq!(first_divergence(&a, &b), Some(1));
        assert_eq!(first_divergence(&a, &a[..2]), Some(2));
        assert_eq!(first_divergence(&[], &a), Some(0));
    }

    /// The blocks of `fresh` (each with its entries) built at once, as the
    /// engine built them before the chain kept them fresh.
    fn built_at_once(fresh: &[(FreshBlock, Vec<Entry>)]) -> Vec<Block> {
        let mut blocks: Vec<Block> = Vec::new();
        for (f, entries) in fresh {
            let mut b = Block {
                height: blocks.len() as u32,
                turn: f.turn,
                prev_hash: blocks.last().map_or(0, |b| b.hash),
                prev_wc: f.prev_wc,
                cards: f.cards[..usize::from(f.n_cards)].to_vec(),
                miners: f.miners[..usize::from(f.n_miners)].to_vec(),
                winner: f.winner,
                entries: entries.clone(),
                balances: f.balances[..usize::from(f.n_seats)].to_vec(),
                hash: 0,
            };
            b.seal();
            blocks.push(b);
        }
        blocks
    }

    /// Fresh blocks read as the blocks built at once: read after every
    /// append or only at the end, appended to a shared chain before or
    /// after a read, and after blocks given as built.
    #[test]
    fn fresh_blocks_read_as_blocks_built_at_once() {
        let face = |t: &str| t.parse::<Face>().unwrap();
        let entry = |turn, amount| Entry {
            kind: EntryKind::MiningFee,
            turn,
            from: Party::Seat(Seat(1)),
            to: Party::Bank,
            amount,
        };
        let card = Card::new(face("5D"), Effect::Axe);
        let mut fresh = vec![(FreshBlock::new(0, face("9C"), [50, 50, 50]), vec![])];
        for turn in 1..6 {
            let mut f = FreshBlock::new(turn, face("KH"), [50 - turn as i32, 51, 49]);
            f.add_card(Seat(2), Some(card));
            f.add_card(Seat(0), None);
            f.add_miner(Seat(2), face("AS"));
            f.set_winner(Seat(2));
            let entries = (0..turn).map(|i| entry(turn, i + 1)).collect();
            fresh.push((f, entries));
        }
        let want = built_at_once(&fresh);
        let append =
            |l: &mut Ledger, (f, e): &(FreshBlock, Vec<Entry>)| l.append(*f, e.iter().copied());

        // Read only at the end; read after each append, keeping a sharer.
        let mut quiet = Ledger::default();
        let mut read = Ledger::default();
        let mut sharers = Vec::new();
        for (i, f) in fresh.iter().enumerate() {
            if i == 3 {
                // Shared before any read.
                sharers.push((quiet.clone(), want[..i].to_vec()));
            }
            append(&mut quiet, f);
            if i % 2 == 0 {
                sharers.push((read.clone(), read.blocks().to_vec()));
            }
            append(&mut read, f);
            assert_eq!(read.blocks(), &want[..=i]);
            assert_eq!(read.len(), i + 1);
            if i % 3 == 0 {
                sharers.push((read.clone(), read.blocks().to_vec()));
            }
        }
        assert_eq!(quiet.len(), want.len());
        assert_eq!(quiet.blocks(), want.as_slice());
        assert_eq!(quiet, read);
        assert_eq!(quiet.head().map(|b| b.hash), want.last().map(|b| b.hash));
        // Appends to a shared chain leave the sharers as they were.
        for (sharer, blocks) in &sharers {
            assert_eq!(sharer.blocks(), blocks.as_slice());
        }
        // A chain read after an append builds the later blocks as they come.
        let mut every_step = Ledger::default();
        for (i, f) in fresh.iter().enumerate() {
            append(&mut every_step, f);
            assert_eq!(every_step.blocks(), &want[..=i]);
            assert_eq!(every_step.0.fresh.is_empty(), i > 0, "block {i}");
        }
        // Fresh blocks after blocks given as built link to them.
        let mut given = Ledger::from_blocks(want[..2].to_vec());
        for f in &fresh[2..] {
            append(&mut given, f);
        }
        assert_eq!(given.blocks(), want.as_slice());
        let json = serde_json::to_string(&given).unwrap();
        assert_eq!(json, serde_json::to_string(&want).unwrap());
        let back: Ledger = serde_json::from_str(&json).unwrap();
        assert_eq!(back, given);
    }

    #[test]
    fn derive_balances_needs_a_genesis() {
        assert_eq!(
            derive_balances(&[], &[]),
            Err(LedgerFault {
                height: 0,
                kind: FaultKind::BadGenesis
            })
        );
    }
}
