//! The normative turn procedure (§5.3): every automatic step between the
//! chance nodes and decisions where the engine stops.

use game_core::{Draw, Seat};

use crate::config::MAX_SEATS;
use crate::ledger::{Entry, EntryKind, FreshBlock, Party};
use crate::scoring::{Winner, winner};
use crate::state::{EndReason, Held, Phase, SeatState, State, TurnOrder};
use crate::{
    Action, Effect, Elimination, Face, Knowledge, MarketIsland, Side, Square, UnminedBlock,
};

/// Room reserved for the entries of one turn: lap bonuses, square effects,
/// fees, the reward and the executed cards of four seats.
const PENDING_ROOM: usize = 32;

/// Entries a block is reserved room for in the chain: about what four
/// seats make in a turn, so most games' chains never grow.
const ENTRIES_PER_BLOCK: usize = 12;

impl MarketIsland {
    /// One balance change: applied at once and recorded in `pending`
    /// (MI-28). An amount of 0 changes and records nothing. Under
    /// `Immediate` a payer left below 0 is eliminated right after the entry
    /// (MI-44); the entry keeps its full amount.
    pub(crate) fn transfer(
        &self,
        s: &mut State,
        kind: EntryKind,
        from: Party,
        to: Party,
        amount: u32,
    ) {
        if amount == 0 {
            return;
        }
        // Callers keep balances far from the i32 limits (`guard`), so the
        // saturating operations never saturate in a checked state.
        let a = i32::try_from(amount).unwrap_or(i32::MAX);
        if let Party::Seat(p) = from
            && let Some(st) = s.seats.get_mut(p)
        {
            st.balance = st.balance.saturating_sub(a);
        }
        if let Party::Seat(p) = to
            && let Some(st) = s.seats.get_mut(p)
        {
            st.balance = st.balance.saturating_add(a);
        }
        s.pending.push(Entry {
            kind,
            turn: s.turn,
            from,
            to,
            amount,
        });
        if self.config.elimination == Elimination::Immediate
            && let Party::Seat(p) = from
            && s.seats.get(p).is_some_and(|st| st.active && st.balance < 0)
        {
            self.eliminate(s, p);
        }
    }

    /// MI-24, B-24: the seat is out. Its pawn leaves the board, its held
    /// cards go under the action pile in the order it took them, its
    /// balance freezes. Under `Immediate` this happens mid-turn, and the
    /// seat's block and kept cards of this turn are still settled by P5 and
    /// P6 (MI-44), which run on without a stop before them.
    fn eliminate(&self, s: &mut State, p: Seat) {
        let t = s.turn;
        let st = &mut s.seats[p];
        st.active = false;
        st.eliminated_in = Some(t);
        // No per-turn marks remain.
        st.eligible = false;
        st.declined = false;
        st.on_totem = false;
        st.drew = 0;
        let mut i = 0;
        while i < s.held.len() {
            if s.held[i].seat == p {
                let h = s.held.remove(i);
                s.piles.action.put_bottom(h.card, Knowledge::PUBLIC);
            } else {
                i += 1;
            }
        }
    }

    /// The square a seat stands on.
    pub(crate) fn square_of(&self, s: &State, seat: Seat) -> Square {
        let pos = s.seats.get(seat).map_or(0, |st| usize::from(st.position));
        self.config.board.get(pos).copied().unwrap_or(Square::Start)
    }

    /// MI-7: the first WC is public and the genesis block is appended; turn 1 begins.
    pub(crate) fn set_first_wc(&self, s: &mut State, face: Face) {
        s.wc = Some(face);
        // One block a turn at most after genesis (MI-18).
        let blocks = usize::from(self.config.max_turns) + 1;
        s.ledger.reserve(blocks, blocks * ENTRIES_PER_BLOCK);
        s.pending.reserve(PENDING_ROOM);
        // The genesis block: turn 0, no parent, nothing played, no entries.
        let genesis = FreshBlock::new(0, face, s.seats.as_slice().iter().map(|st| st.balance));
        s.ledger.append(genesis, std::iter::empty());
        s.turn = 1;
        self.begin_turn(s);
    }

    /// MI-8: a new turn; per-turn marks are cleared and the first seat rolls.
    fn begin_turn(&self, s: &mut State) {
        for st in s.seats.as_mut_slice() {
            st.on_totem = false;
            st.eligible = false;
            st.drew = 0;
            st.declined = false;
        }
        s.no_eligible = false;
        s.phase = match s.next_in_order(None, |st| st.active, |_| true) {
            Some(seat) => Phase::Roll { seat },
            None => Phase::Over,
        };
    }

    /// MI-9, MI-11: lap bonus, move and landing effect, then the block card.
    pub(crate) fn roll(&self, s: &mut State, seat: Seat, die: u8) {
        let len = self.config.board.len().max(1);
        let from = usize::from(s.seats[seat].position);
        // MI-11, B-10: each step onto Start pays; the square left does not.
        let laps = crate::board::laps(
            from,
            u32::from(die),
            len,
            self.start_square,
            self.config.lap_bonus_on_landing,
        );
        let bonus = self.config.lap_bonus.saturating_mul(laps);
        self.transfer(
            s,
            EntryKind::LapBonus,
            Party::Bank,
            Party::Seat(seat),
            bonus,
        );
        // MI-5: pawns move clockwise, wrapping round the board.
        let to = from + usize::from(die);
        let to = if to < len {
            to
        } else if to - len < len {
            to - len
        } else {
            to % len
        };
        s.seats[seat].position = u8::try_from(to).unwrap_or(0);
        // MI-11, B-11: the landing effect applies at once.
        match self.square_of(s, seat) {
            Square::Jellyfish => {
                let fee = self.config.jellyfish_square_fee;
                self.transfer(
                    s,
                    EntryKind::JellyfishSquare,
                    Party::Seat(seat),
                    Party::Bank,
                    fee,
                );
            }
            Square::Fire => {
                let bonus = self.config.fire_square_bonus;
                self.transfer(
                    s,
                    EntryKind::FireSquare,
                    Party::Bank,
                    Party::Seat(seat),
                    bonus,
                );
            }
            // B-16: the Totem square excludes this turn; its card still acts.
            Square::Totem => s.seats[seat].on_totem = true,
            Square::Start | Square::Action | Square::Expense | Square::Income => {}
        }
        if s.seats[seat].active {
            self.draw_block(s, seat);
        } else {
            // MI-44: out on its landing fee, the mover takes no block card
            // and is not a block seat; the later seats move as usual.
            self.after_block(s, seat);
        }
    }

    /// MI-10: the block card, from the unseen part (a chance node), else the
    /// queue front, else none (B-23).
    fn draw_block(&self, s: &mut State, seat: Seat) {
        let pile = self.square_of(s, seat).pile();
        let deck = s.piles.cards_mut(pile);
        match deck.next_draw() {
            Draw::Chance => {
                s.phase = Phase::BlockDraw { seat };
                return;
            }
            Draw::Known(..) => {
                if let Some((card, known)) = deck.take_known() {
                    s.seats[seat].block = Some((card, known.with(seat)));
                }
            }
            Draw::Empty => {}
        }
        self.after_block(s, seat);
    }

    /// The block-draw chance node came out as `card` (already taken).
    pub(crate) fn block_drawn(&self, s: &mut State, seat: Seat, card: crate::Card) {
        s.seats[seat].block = Some((card, Knowledge::seat(seat)));
        self.after_block(s, seat);
    }

    fn after_block(&self, s: &mut State, seat: Seat) {
        // O, not the active seats: the mover may have just gone out (MI-44).
        let turn = s.turn;
        let in_o = |st: &SeatState| st.active || st.eliminated_in == Some(turn);
        match s.next_in_order(Some(seat), in_o, |_| true) {
            Some(next) => s.phase = Phase::Roll { seat: next },
            None => self.start_mining(s),
        }
    }

    /// MI-13: who may mine this turn.
    pub(crate) fn is_eligible(&self, s: &State, seat: Seat) -> bool {
        let Some(st) = s.seats.get(seat) else {
            return false;
        };
        let stung = s
            .held
            .iter()
            .any(|h| h.seat == seat && h.excluded_turn == Some(s.turn));
        st.active && !st.possessed && !stung && !st.on_totem
    }

    /// P2: eligibility is fixed; with nobody eligible the turn goes on to the
    /// reveal and the game ends after it (B-8).
    fn start_mining(&self, s: &mut State) {
        let order = s.turn_order();
        let mut any = false;
        for &seat in order.as_slice() {
            let eligible = self.is_eligible(s, seat);
            s.seats[seat].eligible = eligible;
            any |= eligible;
        }
        if any {
            self.next_miner(s, None);
        } else {
            s.no_eligible = true;
            self.reveal_and_score(s);
        }
    }

    /// The next eligible seat after `after` in turn order draws, or the reveal.
    fn next_miner(&self, s: &mut State, after: Option<Seat>) {
        match s.next_in_order(after, |st| st.active, |st| st.eligible) {
            Some(seat) => self.draw_mining(s, seat),
            None => self.reveal_and_score(s),
        }
    }

    /// MI-13, MI-14: one mining card, two for an Axe holder; each from the
    /// unseen part (a chance node) or the queue front.
    pub(crate) fn draw_mining(&self, s: &mut State, seat: Seat) {
        loop {
            let st = &s.seats[seat];
            // B-14: an eligible Axe holder always draws two; B-15: only
            // eligible seats get here, so an excluded Axe does nothing.
            let need = if matches!(st.block, Some((c, _)) if c.effect == Effect::Axe) {
                2
            } else {
                1
            };
            if st.drew >= need {
                s.phase = Phase::Decide { seat };
                return;
            }
            let deck = &mut s.piles.mining;
            match deck.next_draw() {
                Draw::Chance => {
                    s.phase = Phase::MiningDraw { seat };
                    return;
                }
                Draw::Known(..) => {
                    if let Some((face, known)) = deck.take_known() {
                        self.put_drawn(s, seat, face, known.with(seat));
                    }
                }
                Draw::Empty => {
                    // D-5 makes this unreachable; a damaged state decides on
                    // what it has, or passes the seat by.
                    if s.seats[seat].drawn_count() > 0 {
                        s.phase = Phase::Decide { seat };
                    } else {
                        s.seats[seat].declined = true;
                        self.next_miner(s, Some(seat));
                    }
                    return;
                }
            }
        }
    }

    pub(crate) fn put_drawn(&self, s: &mut State, seat: Seat, face: Face, known: Knowledge) {
        let st = &mut s.seats[seat];
        if let Some(slot) = st.drawn.iter_mut().find(|d| d.is_none()) {
            *slot = Some((face, known));
        }
        st.drew = st.drew.saturating_add(1);
    }

    /// MI-13: the decision, then the next miner.
    pub(crate) fn decide(&self, s: &mut State, seat: Seat, action: Action) {
        let drawn = std::mem::take(&mut s.seats[seat].drawn);
        let keep = match action {
            Action::Decline => None,
            Action::Mine => Some(0),
            Action::Keep(i) => Some(usize::from(i)),
        };
        let mut kept = None;
        for (i, card) in drawn.into_iter().enumerate() {
            let Some((face, known)) = card else { continue };
            if Some(i) == keep {
                kept = Some((face, known));
            } else {
                // The card goes under the mining deck, still known to those who saw it.
                s.piles.mining.put_bottom(face, known);
            }
        }
        match kept {
            Some(card) => {
                s.seats[seat].kept = Some(card);
                // B-9: under `EndOfTurn` the fee is paid at any balance;
                // under `Immediate` `check` refused a join it cannot pay
                // (MI-44), so the fee never eliminates.
                let fee = self.config.mining_fee;
                self.transfer(s, EntryKind::MiningFee, Party::Seat(seat), Party::Bank, fee);
            }
            None => s.seats[seat].declined = true,
        }
        self.next_miner(s, Some(seat));
    }

    /// P4 and P5: the reveal, then the winner (maybe a tie-break node).
    fn reveal_and_score(&self, s: &mut State) {
        // The block seats (MI-12): nobody goes out between Phase 1 and
        // execution, so they are the active seats.
        let order = s.turn_order();
        // MI-15: every block card and kept card becomes public.
        for &seat in order.as_slice() {
            let st = &mut s.seats[seat];
            if let Some((_, k)) = &mut st.block {
                *k = Knowledge::PUBLIC;
            }
            if let Some((_, k)) = &mut st.kept {
                *k = Knowledge::PUBLIC;
            }
        }
        let mut miners = [(Seat(0), Face::JOKER); MAX_SEATS];
        let mut n_miners = 0;
        let mut faces = [Face::JOKER; MAX_SEATS];
        let mut n_faces = 0;
        for &seat in order.as_slice() {
            let st = &s.seats[seat];
            if let Some((c, _)) = st.block {
                faces[n_faces] = c.face;
                n_faces += 1;
            }
            if let Some((f, _)) = st.kept {
                miners[n_miners] = (seat, f);
                n_miners += 1;
            }
        }
        let wc = s.wc.unwrap_or(Face::JOKER);
        match winner(
            &miners[..n_miners],
            wc,
            &faces[..n_faces],
            self.config.ace_high,
        ) {
            Winner::Nobody => {
                // MI-18, B-7: an unmined block: no reward, no ledger block.
                if self.config.unmined_block == UnminedBlock::ExecuteAnyway {
                    self.execute(s, &order);
                }
                self.end_turn(s);
            }
            Winner::Seat(w) => self.finish_mined(s, w),
            Winner::Tie(tied) => s.phase = Phase::TieBreak { tied },
        }
    }

    /// MI-18, MI-19: reward, execution, the new block, the new WC.
    pub(crate) fn finish_mined(&self, s: &mut State, w: Seat) {
        // The block seats (MI-12), fixed before execution: a seat that goes
        // out during it stays in the block as scored (MI-44).
        let order = s.turn_order();
        let reward = self.config.mining_reward;
        self.transfer(
            s,
            EntryKind::MiningReward,
            Party::Bank,
            Party::Seat(w),
            reward,
        );
        self.execute(s, &order);
        let old_wc = s.wc.unwrap_or(Face::JOKER);
        let balances = s.seats.as_slice().iter().map(|st| st.balance);
        let mut block = FreshBlock::new(s.turn, old_wc, balances);
        // MI-12: the block is every block seat's card, in turn order.
        for &p in order.as_slice() {
            block.add_card(p, s.seats[p].block.map(|(c, _)| c));
        }
        for &p in order.as_slice() {
            if let Some((f, _)) = s.seats[p].kept {
                block.add_miner(p, f);
            }
        }
        block.set_winner(w);
        // `pending` keeps its buffer for the next turn's entries.
        s.ledger.append(block, s.pending.drain(..));
        // MI-19, B-18: the old WC, then the other miners' cards, go under the deck.
        s.piles.mining.put_bottom(old_wc, Knowledge::PUBLIC);
        for &p in order.as_slice() {
            if p == w {
                continue;
            }
            if let Some((f, k)) = s.seats[p].kept.take() {
                s.piles.mining.put_bottom(f, k);
            }
        }
        if let Some((f, _)) = s.seats[w].kept.take() {
            s.wc = Some(f);
        }
        self.end_turn(s);
    }

    /// MI-18: each block card of the block seats in turn order (B-12
    /// sides, B-13 Fire). Sides and Fire payers are taken among the seats
    /// active at that moment, and the card of a seat that is out is skipped
    /// (MI-44); under `EndOfTurn` every block seat stays active.
    fn execute(&self, s: &mut State, block_seats: &TurnOrder) {
        for &p in block_seats.as_slice() {
            if !s.seats[p].active {
                continue;
            }
            let Some((card, _)) = s.seats[p].block else {
                continue;
            };
            let side = |side: Side| match side {
                Side::Left => s.left_of(p),
                Side::Right => s.right_of(p),
            };
            match card.effect {
                Effect::Receive { amount, from } => {
                    if let Some(q) = side(from) {
                        self.transfer(s, EntryKind::Income, Party::Seat(q), Party::Seat(p), amount);
                    }
                }
                Effect::Pay { amount, to } => {
                    if let Some(q) = side(to) {
                        self.transfer(
                            s,
                            EntryKind::Expense,
                            Party::Seat(p),
                            Party::Seat(q),
                            amount,
                        );
                    }
                }
                Effect::Fire { amount } => {
                    for &q in block_seats.as_slice() {
                        if q != p && s.seats[q].active {
                            self.transfer(
                                s,
                                EntryKind::FireCard,
                                Party::Seat(q),
                                Party::Seat(p),
                                amount,
                            );
                        }
                    }
                }
                Effect::Jellyfish | Effect::Axe | Effect::Totem => {}
            }
        }
    }

    /// P6 to P8: cards back to their piles, held cards, elimination, the end.
    fn end_turn(&self, s: &mut State) {
        // O: seats that went out during the turn (MI-44) still return the
        // cards they took, in turn order.
        let order = s.turn_seats();
        let t = s.turn;
        if s.held.iter().any(|h| h.excluded_turn == Some(t)) {
            Self::return_expired_jellyfish(s, order.as_slice(), t);
        }
        Self::settle_block_cards(s, order.as_slice(), t);
        self.eliminate_in_debt(s, order.as_slice());
        match self.end_reason(s, t) {
            Some(r) => {
                s.end = Some(r);
                s.phase = Phase::Over;
            }
            None => {
                s.turn = t.saturating_add(1);
                self.begin_turn(s);
            }
        }
    }

    /// MI-21: Jellyfish cards whose excluded turn was `t` go back, holders in order.
    fn return_expired_jellyfish(s: &mut State, order: &[Seat], t: u32) {
        let expired = |h: &Held| h.excluded_turn == Some(t) && order.contains(&h.seat);
        for &p in order {
            for h in s.held.iter().filter(|h| h.seat == p && expired(h)) {
                s.piles.action.put_bottom(h.card, Knowledge::PUBLIC);
            }
        }
        s.held.retain(|h| !expired(h));
    }

    /// Every block card of the turn, in turn order, after the expired
    /// Jellyfish cards; every seat's block is cleared.
    ///
    /// - MI-20: income and expense cards go back under their piles.
    /// - MI-23: Fire and Axe cards go back under the action pile, with the
    ///   Jellyfish and Totem cards of seats that went out during the turn
    ///   (MI-44).
    /// - MI-21, MI-22: the other Jellyfish and Totem cards are held face
    ///   up; a seat stung now is stung again next turn (B-17); a Totem
    ///   possesses for good (B-27).
    ///
    /// The rules take these in four passes (income, expense, action, held);
    /// each pass feeds its own pile or the held list, so one pass in turn
    /// order puts every card where the four put it, in the same order.
    fn settle_block_cards(s: &mut State, order: &[Seat], t: u32) {
        for &p in order {
            let st = &mut s.seats[p];
            let Some((card, k)) = st.block.take() else {
                continue;
            };
            let out = !st.active;
            match card.effect {
                Effect::Receive { .. } => s.piles.income.put_bottom(card, k),
                Effect::Pay { .. } => s.piles.expense.put_bottom(card, k),
                Effect::Fire { .. } | Effect::Axe => s.piles.action.put_bottom(card, k),
                Effect::Jellyfish | Effect::Totem if out => s.piles.action.put_bottom(card, k),
                Effect::Jellyfish => s.held.push(Held {
                    seat: p,
                    card,
                    excluded_turn: Some(t.saturating_add(1)),
                }),
                Effect::Totem => {
                    s.held.push(Held {
                        seat: p,
                        card,
                        excluded_turn: None,
                    });
                    st.possessed = true;
                }
            }
        }
    }

    /// MI-24: elimination at the end of the turn, in turn order (none
    /// is left to do under `Immediate`, MI-44).
    fn eliminate_in_debt(&self, s: &mut State, order: &[Seat]) {
        for &p in order {
            if s.seats[p].active && s.seats[p].balance < 0 {
                self.eliminate(s, p);
            }
        }
    }

    /// MI-25: the end conditions, in order, after turn `t`.
    fn end_reason(&self, s: &State, t: u32) -> Option<EndReason> {
        let active = s.seats.as_slice().iter().filter(|st| st.active).count();
        if active == 0 {
            Some(EndReason::AllEliminated)
        } else if active == 1 {
            Some(EndReason::LastSurvivor)
        } else if s.no_eligible {
            Some(EndReason::NoEligibleMiner)
        } else if t >= u32::from(self.config.max_turns) {
            Some(EndReason::TurnLimit)
        } else {
            None
        }
    }
}
