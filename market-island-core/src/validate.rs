//! Validation of a state read from a file: [`State::check_structure`]
//! (what needs no rules object, run on every deserialization) and every
//! check of MI-43 behind `Game::check_state`.

use game_core::{Deck, Seat, StateError};

use crate::config::MAX_SEATS;
use crate::ledger::derive_balances;
use crate::market_island::BALANCE_MARGIN;
use crate::state::{Phase, SeatState, State};
use crate::{Card, Effect, Elimination, Face, Knowledge, MarketError, MarketIsland, Pile};

fn bad(part: &str, reason: impl Into<String>) -> MarketError {
    MarketError::state(part, reason)
}

impl State {
    /// The checks that need no rules object, run on every deserialization:
    /// 2 to 6 seats, and every seat the state names is one of them.
    ///
    /// # Errors
    /// The first part that names a seat beyond the table.
    pub fn check_structure(&self) -> Result<(), StateError> {
        let n = self.seats.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(StateError::new(
                "seats",
                format!("{n} seats (must be 2..={MAX_SEATS})"),
            ));
        }
        let ok = |s: Seat| s.index() < n;
        let phase_ok = match self.phase {
            Phase::Roll { seat }
            | Phase::BlockDraw { seat }
            | Phase::MiningDraw { seat }
            | Phase::Decide { seat } => ok(seat),
            Phase::TieBreak { tied } => tied.within(n),
            Phase::StartSeat | Phase::FirstWc | Phase::Over => true,
        };
        if !phase_ok {
            return Err(StateError::new(
                "phase",
                format!("{:?} names a seat beyond {n}", self.phase),
            ));
        }
        if self.start.is_some_and(|s| !ok(s)) {
            return Err(StateError::new("start", format!("a seat beyond {n}")));
        }
        if self.held.iter().any(|h| !ok(h.seat)) {
            return Err(StateError::new("held", format!("a seat beyond {n}")));
        }
        Ok(())
    }
}

/// Every check of MI-43, first failure reported.
pub(crate) fn check_state(g: &MarketIsland, s: &State) -> Result<(), MarketError> {
    let n = g.config.seats as usize;
    if s.seats.len() != n {
        return Err(bad(
            "seats",
            format!("{} seats, the config has {n}", s.seats.len()),
        ));
    }
    for (name, deck) in [
        ("piles.income", &s.piles.income),
        ("piles.expense", &s.piles.expense),
        ("piles.action", &s.piles.action),
    ] {
        deck.check().map_err(|e| bad(name, e.reason))?;
    }
    s.piles
        .mining
        .check()
        .map_err(|e| bad("piles.mining", e.reason))?;
    check_phase(g, s)?;
    check_seats(g, s)?;
    check_held(s)?;
    check_cards(g, s)?;
    check_ledger(g, s)
}

fn check_phase(g: &MarketIsland, s: &State) -> Result<(), MarketError> {
    let setup = matches!(s.phase, Phase::StartSeat | Phase::FirstWc);
    if let Some(start) = g.config.start_seat
        && s.start != Some(start)
    {
        return Err(bad("start", "not the configured start seat"));
    }
    if setup {
        if s.turn != 0 || s.wc.is_some() || !s.ledger.is_empty() || !s.pending.is_empty() {
            return Err(bad("phase", "set-up with play already begun"));
        }
        if (s.phase == Phase::StartSeat) != s.start.is_none() {
            return Err(bad("start", "the start seat does not match the phase"));
        }
    } else {
        if s.start.is_none() || s.wc.is_none() {
            return Err(bad("phase", "play without a start seat or a winning card"));
        }
        if s.turn == 0 || s.turn > u32::from(g.config.max_turns) {
            return Err(bad(
                "turn",
                format!("turn {} outside 1..=max_turns", s.turn),
            ));
        }
    }
    if (s.phase == Phase::Over) != s.end.is_some() {
        return Err(bad("end", "an end reason exactly when the game is over"));
    }
    let active = |p: Seat| s.seats.get(p).is_some_and(|st| st.active);
    match s.phase {
        Phase::Roll { seat } | Phase::BlockDraw { seat } => {
            if !active(seat) {
                return Err(bad("phase", "names an eliminated seat"));
            }
        }
        Phase::MiningDraw { seat } | Phase::Decide { seat } => {
            let st = &s.seats[seat];
            if !active(seat) || !st.eligible {
                return Err(bad("phase", "a mining step of a seat that may not mine"));
            }
            let need = if matches!(st.block, Some((c, _)) if c.effect == Effect::Axe) {
                2
            } else {
                1
            };
            let in_hand = st.drawn_count();
            let ok = if matches!(s.phase, Phase::Decide { .. }) {
                in_hand == need && usize::from(st.drew) == need
            } else {
                in_hand < need && usize::from(st.drew) == in_hand
            };
            if !ok {
                return Err(bad("seats.drawn", "drawn cards do not match the phase"));
            }
        }
        Phase::TieBreak { tied } => {
            let miners = tied
                .iter()
                .all(|p| active(p) && s.seats[p].kept.is_some_and(|(_, k)| k.public));
            if tied.len() < 2 || !miners {
                return Err(bad("phase", "a tie-break needs two revealed miners"));
            }
        }
        Phase::StartSeat | Phase::FirstWc | Phase::Over => {}
    }
    Ok(())
}

fn check_seats(g: &MarketIsland, s: &State) -> Result<(), MarketError> {
    let deciding = match s.phase {
        Phase::MiningDraw { seat } | Phase::Decide { seat } => Some(seat),
        Phase::StartSeat
        | Phase::FirstWc
        | Phase::Roll { .. }
        | Phase::BlockDraw { .. }
        | Phase::TieBreak { .. }
        | Phase::Over => None,
    };
    for (seat, st) in s.seats.iter() {
        check_seat_standing(g, s, seat, st)?;
        check_seat_cards(g, s, seat, st, deciding)?;
    }
    check_mining_draws(s, deciding)
}

/// Mining cards are drawn (MI-13, MI-14) only by seats that may mine, only
/// in the mining step (P2, after every seat has rolled and drawn its block
/// card), and in turn order: no seat after the one drawing or deciding has
/// drawn or decided yet. Found by the fuzz suite: a seat marked as having drawn before
/// its step passed, and the step then decided on no card.
fn check_mining_draws(s: &State, deciding: Option<Seat>) -> Result<(), MarketError> {
    let before_mining = matches!(
        s.phase,
        Phase::StartSeat | Phase::FirstWc | Phase::Roll { .. } | Phase::BlockDraw { .. }
    );
    let order = s.turn_order();
    let later: &[Seat] = match deciding {
        Some(d) => order
            .as_slice()
            .iter()
            .position(|&p| p == d)
            .map_or(&[][..], |i| &order.as_slice()[i + 1..]),
        None => &[],
    };
    for (seat, st) in s.seats.iter() {
        let part = format!("seats[{}].drew", seat.0);
        if st.drew > 0 && !st.eligible {
            return Err(bad(&part, "mining cards drawn by a seat that may not mine"));
        }
        if st.drew > 0 && before_mining {
            return Err(bad(&part, "mining cards drawn before the mining step"));
        }
        if st.drew > 0 && later.contains(&seat) {
            return Err(bad(
                &part,
                "mining cards drawn before the seat's turn to mine",
            ));
        }
        // A decision (keep or decline) ends a seat's mining step; none is
        // made before it (found by the fuzz suite: a deciding seat already
        // marked as declined kept a card, and the next state was refused).
        let undecided = before_mining || deciding == Some(seat) || later.contains(&seat);
        if undecided && (st.kept.is_some() || st.declined) {
            return Err(bad(
                &format!("seats[{}].kept", seat.0),
                "a mining decision before the seat's mining step ends",
            ));
        }
    }
    Ok(())
}

/// A seat's balance, square and elimination agree with the config and
/// the turn (MI-24, MI-44).
fn check_seat_standing(
    g: &MarketIsland,
    s: &State,
    seat: Seat,
    st: &SeatState,
) -> Result<(), MarketError> {
    let part = |field: &str| format!("seats[{}].{field}", seat.0);
    if st.balance.unsigned_abs() > (i32::MAX - BALANCE_MARGIN) as u32 {
        return Err(bad(&part("balance"), "too close to the i32 limits"));
    }
    if usize::from(st.position) >= g.config.board.len() {
        return Err(bad(&part("position"), "off the board"));
    }
    if g.config.elimination == Elimination::Immediate && st.active && st.balance < 0 {
        return Err(bad(
            &part("balance"),
            "an active seat below 0 under Immediate elimination (MI-44)",
        ));
    }
    if st.active == st.eliminated_in.is_some() {
        return Err(bad(
            &part("eliminated_in"),
            "set exactly for eliminated seats",
        ));
    }
    // Out in a later turn, or in this one before its end, is impossible;
    // the latter only `Immediate` allows (MI-24, MI-44).
    let out_mid_turn = g.config.elimination == Elimination::EndOfTurn && s.phase != Phase::Over;
    if st
        .eliminated_in
        .is_some_and(|e| e > s.turn || (e == s.turn && out_mid_turn))
    {
        return Err(bad(
            &part("eliminated_in"),
            "a turn of elimination not yet ended",
        ));
    }
    let holds = st.block.is_some() || st.kept.is_some() || st.drawn_count() > 0;
    if !st.active && (holds || st.eligible || s.held.iter().any(|h| h.seat == seat)) {
        return Err(bad(
            &part("active"),
            "an eliminated seat holds cards or may mine",
        ));
    }
    Ok(())
}

/// The cards a seat holds fit its mining step, and it has seen each one
/// (MI-36, MI-41).
fn check_seat_cards(
    g: &MarketIsland,
    s: &State,
    seat: Seat,
    st: &SeatState,
    deciding: Option<Seat>,
) -> Result<(), MarketError> {
    let n = s.seats.len();
    let part = |field: &str| format!("seats[{}].{field}", seat.0);
    if st.drawn[0].is_none() && st.drawn[1].is_some() || st.drew > 2 {
        return Err(bad(&part("drawn"), "drawn cards out of shape"));
    }
    if st.drawn_count() > 0 && deciding != Some(seat) {
        return Err(bad(&part("drawn"), "cards in hand outside its mining step"));
    }
    if (st.kept.is_some() || st.declined) && !st.eligible {
        return Err(bad(&part("kept"), "a decision by a seat that may not mine"));
    }
    if st.kept.is_some() && st.declined {
        return Err(bad(&part("kept"), "both kept and declined"));
    }
    let knows = |k: Knowledge| k.seats.within(n);
    let cards_known = st
        .block
        .is_none_or(|(_, k)| knows(k) && k.visible_to(seat.into()))
        && st
            .kept
            .is_none_or(|(_, k)| knows(k) && k.visible_to(seat.into()))
        && st
            .drawn
            .iter()
            .flatten()
            .all(|(_, k)| knows(*k) && k.visible_to(seat.into()));
    if !cards_known {
        return Err(bad(
            &part("knowledge"),
            "a seat that has not seen its own card",
        ));
    }
    if let Some((card, _)) = st.block
        && card.pile() != g.square_of(s, seat).pile()
    {
        return Err(bad(
            &part("block"),
            "a block card from another pile than its square's",
        ));
    }
    let totem = s
        .held
        .iter()
        .any(|h| h.seat == seat && h.card.effect == Effect::Totem);
    if st.active && st.possessed != totem {
        return Err(bad(
            &part("possessed"),
            "possessed exactly when holding a Totem",
        ));
    }
    Ok(())
}

fn check_held(s: &State) -> Result<(), MarketError> {
    // MI-21: a held Jellyfish excludes the current turn (the next one once over).
    let excluded = if s.phase == Phase::Over {
        s.turn.saturating_add(1)
    } else {
        s.turn
    };
    for (i, h) in s.held.iter().enumerate() {
        let ok = match h.card.effect {
            Effect::Jellyfish => {
                h.excluded_turn == Some(excluded)
                    && !s.held[..i]
                        .iter()
                        .any(|o| o.seat == h.seat && o.card.effect == Effect::Jellyfish)
            }
            Effect::Totem => h.excluded_turn.is_none(),
            Effect::Receive { .. } | Effect::Pay { .. } | Effect::Fire { .. } | Effect::Axe => {
                false
            }
        };
        if !ok || h.seat.index() >= s.seats.len() {
            return Err(bad("held", format!("held card {i} is impossible")));
        }
    }
    Ok(())
}

fn queue_knowledge_ok<T: Ord + Clone>(deck: &Deck<T, Knowledge>, n: usize) -> bool {
    deck.queue().iter().all(|(_, k)| k.seats.within(n))
}

fn pile_contents(deck: &Deck<Card, Knowledge>) -> Vec<Card> {
    let mut out = Vec::with_capacity(deck.len());
    for (c, count) in deck.unseen() {
        out.extend(std::iter::repeat_n(*c, *count as usize));
    }
    out.extend(deck.queue().iter().map(|(c, _)| *c));
    out
}

/// MI-43: every card of every deck in exactly one place.
fn check_cards(g: &MarketIsland, s: &State) -> Result<(), MarketError> {
    let n = s.seats.len();
    // Counts are checked before any list is built from them.
    for pile in [Pile::Income, Pile::Expense, Pile::Action] {
        if s.piles.cards(pile).len() > g.config.decks.cards(pile).len() {
            return Err(bad("piles", format!("more {pile} cards than the deck has")));
        }
    }
    if s.piles.mining.len() > g.config.decks.mining.len() {
        return Err(bad("piles.mining", "more mining cards than the deck has"));
    }
    for pile in [Pile::Income, Pile::Expense, Pile::Action] {
        let deck = s.piles.cards(pile);
        if !queue_knowledge_ok(deck, n) {
            return Err(bad(
                "piles",
                format!("a {pile} card known to a seat beyond {n}"),
            ));
        }
        let mut cards = pile_contents(deck);
        cards.extend(
            s.seats()
                .iter()
                .filter_map(|st| st.block.map(|(c, _)| c))
                .filter(|c| c.pile() == pile),
        );
        if pile == Pile::Action {
            cards.extend(s.held.iter().map(|h| h.card));
        }
        cards.sort_unstable();
        let mut want = g.config.decks.cards(pile).to_vec();
        want.sort_unstable();
        if cards != want {
            return Err(bad(
                "piles",
                format!("the {pile} cards are not those of the deck"),
            ));
        }
    }
    if !queue_knowledge_ok(&s.piles.mining, n) {
        return Err(bad(
            "piles.mining",
            "a card known to a seat beyond the table",
        ));
    }
    let mut faces: Vec<Face> = Vec::with_capacity(g.config.decks.mining.len());
    for (f, count) in s.piles.mining.unseen() {
        faces.extend(std::iter::repeat_n(*f, *count as usize));
    }
    faces.extend(s.piles.mining.queue().iter().map(|(f, _)| *f));
    for st in s.seats() {
        faces.extend(st.drawn.iter().flatten().map(|(f, _)| *f));
        faces.extend(st.kept.map(|(f, _)| f));
    }
    faces.extend(s.wc);
    faces.sort_unstable();
    let mut want = g.config.decks.mining.clone();
    want.sort_unstable();
    if faces != want {
        return Err(bad(
            "piles.mining",
            "the mining cards are not those of the deck",
        ));
    }
    Ok(())
}

fn check_ledger(g: &MarketIsland, s: &State) -> Result<(), MarketError> {
    let blocks = s.ledger.blocks();
    if blocks.is_empty() {
        // Before MI-7 there is no genesis yet; set-up was checked above.
        // Play begins with the genesis block (MI-7): without it, the next
        // mined block would stand at height 0 and fail the chain check.
        return match s.phase {
            Phase::StartSeat | Phase::FirstWc => Ok(()),
            Phase::Roll { .. }
            | Phase::BlockDraw { .. }
            | Phase::MiningDraw { .. }
            | Phase::Decide { .. }
            | Phase::TieBreak { .. }
            | Phase::Over => Err(bad("ledger", "play without the genesis block (MI-7)")),
        };
    }
    g.verify_ledger(blocks)
        .map_err(|f| bad("ledger", f.to_string()))?;
    let head = &blocks[blocks.len() - 1];
    if s.wc != Some(head.out_wc()) {
        return Err(bad("wc", "not the winning card of the last block"));
    }
    if head.turn >= s.turn && !s.pending.is_empty() {
        return Err(bad("pending", "entries after a block of this turn"));
    }
    if s.pending
        .iter()
        .any(|e| e.turn <= head.turn || e.turn > s.turn || e.amount == 0)
    {
        return Err(bad(
            "pending",
            "an entry outside the turns since the last block",
        ));
    }
    let derived = derive_balances(blocks, &s.pending).map_err(|f| bad("pending", f.to_string()))?;
    if derived != s.balances() {
        return Err(bad("seats.balance", "not the balances the ledger derives"));
    }
    Ok(())
}
