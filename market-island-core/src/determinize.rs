//! Resampling what a seat cannot know, for search bots (MI-41).

use game_core::{Deck, Determinize, GameRng, Seat, Viewer};

use crate::state::{Phase, State};
use crate::{Card, Effect, Face, Knowledge, MarketIsland, Pile};

/// What the public record says about a seat's action card: drawing two
/// mining cards shows an Axe, finishing with one shows there is none.
fn axe_shown(s: &State, seat: Seat) -> Option<bool> {
    let st = s.seats.get(seat)?;
    if !st.eligible {
        return None;
    }
    match (s.phase, st.drew) {
        (_, 0) => None,
        (Phase::MiningDraw { seat: p }, _) if p == seat => Some(true),
        (_, 2) => Some(true),
        _ => Some(false),
    }
}

/// Where a hidden card sits.
#[derive(Clone, Copy)]
enum Place {
    Block(Seat),
    Queue(usize),
    Drawn(Seat, usize),
    Kept(Seat),
}

fn unseen_cards<T: Ord + Clone>(deck: &Deck<T, Knowledge>) -> Vec<T> {
    let mut out = Vec::with_capacity(deck.unseen_len());
    for (c, n) in deck.unseen() {
        out.extend(std::iter::repeat_n(c.clone(), *n as usize));
    }
    out
}

/// Takes the first card of the (shuffled) pool accepted by `want`.
fn take_first<T: Copy>(pool: &mut Vec<T>, want: impl Fn(T) -> bool) -> Option<T> {
    let i = pool.iter().position(|c| want(*c))?;
    Some(pool.remove(i))
}

impl MarketIsland {
    fn resample_pile(&self, out: &mut State, pile: Pile, v: Viewer, rng: &mut GameRng) {
        let deck = out.piles.cards(pile);
        let mut places: Vec<(Place, Option<bool>)> = Vec::new();
        let mut pool: Vec<Card> = unseen_cards(deck);
        for (i, (c, k)) in deck.queue().iter().enumerate() {
            if !k.visible_to(v) {
                places.push((Place::Queue(i), None));
                pool.push(*c);
            }
        }
        for (seat, st) in out.seats.iter() {
            if let Some((c, k)) = st.block
                && c.pile() == pile
                && !k.visible_to(v)
            {
                places.push((Place::Block(seat), axe_shown(out, seat)));
                pool.push(c);
            }
        }
        if places.is_empty() {
            return;
        }
        // Sorted first, so the deal depends only on what the seat knows
        // and the seed, not on where the hidden cards really are.
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        // Constrained places first, each from the cards that fit it; the
        // rest from what is left: uniform over the consistent deals.
        places.sort_by_key(|(_, axe)| axe.is_none());
        let mut dealt: Vec<(Place, Card)> = Vec::with_capacity(places.len());
        for (place, axe) in places {
            let card = match axe {
                Some(is_axe) => take_first(&mut pool, |c| (c.effect == Effect::Axe) == is_axe),
                None => take_first(&mut pool, |_| true),
            };
            if let Some(card) = card {
                dealt.push((place, card));
            }
        }
        let mut queue = out.piles.cards(pile).queue().to_vec();
        for (place, card) in dealt {
            match place {
                Place::Queue(i) => queue[i].0 = card,
                Place::Block(seat) => {
                    if let Some((c, _)) = &mut out.seats[seat].block {
                        *c = card;
                    }
                }
                Place::Drawn(..) | Place::Kept(_) => {}
            }
        }
        let mut deck = Deck::new(pool);
        for (c, k) in queue {
            deck.put_bottom(c, k);
        }
        *out.piles.cards_mut(pile) = deck;
    }

    fn resample_mining(&self, out: &mut State, v: Viewer, rng: &mut GameRng) {
        let deck = &out.piles.mining;
        let mut places: Vec<Place> = Vec::new();
        let mut pool: Vec<Face> = unseen_cards(deck);
        for (i, (f, k)) in deck.queue().iter().enumerate() {
            if !k.visible_to(v) {
                places.push(Place::Queue(i));
                pool.push(*f);
            }
        }
        for (seat, st) in out.seats.iter() {
            for (i, d) in st.drawn.iter().enumerate() {
                if let Some((f, k)) = d
                    && !k.visible_to(v)
                {
                    places.push(Place::Drawn(seat, i));
                    pool.push(*f);
                }
            }
            if let Some((f, k)) = st.kept
                && !k.visible_to(v)
            {
                places.push(Place::Kept(seat));
                pool.push(f);
            }
        }
        if places.is_empty() {
            return;
        }
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let mut queue = out.piles.mining.queue().to_vec();
        for place in places {
            let Some(face) = pool.pop() else { break };
            match place {
                Place::Queue(i) => queue[i].0 = face,
                Place::Drawn(seat, i) => {
                    if let Some((f, _)) = &mut out.seats[seat].drawn[i] {
                        *f = face;
                    }
                }
                Place::Kept(seat) => {
                    if let Some((f, _)) = &mut out.seats[seat].kept {
                        *f = face;
                    }
                }
                Place::Block(_) => {}
            }
        }
        let mut deck = Deck::new(pool);
        for (f, k) in queue {
            deck.put_bottom(f, k);
        }
        out.piles.mining = deck;
    }
}

impl Determinize for MarketIsland {
    /// Redraws every card `seat` has not seen: the unseen parts (which have
    /// no order anyway), other seats' hidden block, drawn and kept cards,
    /// and queued cards it never saw. A seat known to hold an Axe (it drew
    /// two mining cards) keeps an Axe, and one known not to keeps a non-Axe.
    fn determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut out = s.clone();
        // Only a possible state (MI-43) is resampled; a damaged one, whose
        // counts could be anything, is returned as it is.
        let sizes_ok = [Pile::Income, Pile::Expense, Pile::Action]
            .into_iter()
            .all(|p| s.piles.cards(p).len() <= self.config.decks.cards(p).len())
            && s.piles.mining.len() <= self.config.decks.mining.len();
        if !sizes_ok {
            return out;
        }
        let v = Viewer::Seat(seat);
        for pile in [Pile::Income, Pile::Expense, Pile::Action] {
            self.resample_pile(&mut out, pile, v, rng);
        }
        self.resample_mining(&mut out, v, rng);
        out
    }
}
