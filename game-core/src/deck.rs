//! A deck as the rules see it: unseen cards on top, known cards underneath.

use serde::{Deserialize, Serialize};

use crate::{GameRng, StateError};

/// A pile of cards split into what nobody has seen and what somebody has.
///
/// The top of the deck is an **unseen multiset**: its order does not exist
/// yet, so drawing from it is a chance event whose outcomes are the distinct
/// cards weighted by their counts. Cards **put at the bottom** form an
/// ordered queue under the unseen part; each entry carries metadata `M`
/// (typically who has seen the card). Once the unseen part is empty, draws
/// come from the queue in order, with no chance involved. So a state never
/// holds a future no player could know.
///
/// ```
/// use game_core::{Deck, Draw};
///
/// let mut deck: Deck<char, ()> = Deck::new(['a', 'b', 'b']);
/// assert_eq!(deck.draw_outcomes(), vec![('a', 1), ('b', 2)]);
/// deck.take_unseen(&'b').unwrap();
/// deck.put_bottom('z', ());
/// assert_eq!(deck.next_draw(), Draw::Chance);
/// deck.take_unseen(&'a').unwrap();
/// deck.take_unseen(&'b').unwrap();
/// assert_eq!(deck.next_draw(), Draw::Known(&'z', &()));
/// ```
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(bound(
    serialize = "T: Serialize, M: Serialize",
    deserialize = "T: Deserialize<'de> + Ord, M: Deserialize<'de>"
))]
#[serde(from = "DeckFile<T, M>")]
pub struct Deck<T, M = ()> {
    /// Distinct unseen cards with their counts, sorted by card.
    unseen: Vec<(T, u32)>,
    /// Cards under the unseen part, top first, with their metadata.
    queue: Vec<(T, M)>,
    /// The sum of the unseen counts, kept so a draw does not add them up
    /// (not written: a deck read from a file counts them once).
    #[serde(skip)]
    unseen_total: u64,
    /// The index of the first unseen card with more than one copy (the
    /// number of distinct cards when there is none): draws below it are an
    /// index, not a walk (not written either).
    #[serde(skip)]
    first_repeat: usize,
}

/// Clones keep the queue's capacity: a game puts its cards back under the
/// deck over and over, and a clone of a fresh deck would otherwise grow its
/// queue again from empty, one reallocation at a time.
impl<T: Clone, M: Clone> Clone for Deck<T, M> {
    fn clone(&self) -> Self {
        let mut queue = Vec::with_capacity(self.queue.capacity());
        queue.extend_from_slice(&self.queue);
        Deck {
            unseen: self.unseen.clone(),
            queue,
            unseen_total: self.unseen_total,
            first_repeat: self.first_repeat,
        }
    }
}

/// A deck as files hold it: its two parts, without the kept total.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile<T, M> {
    unseen: Vec<(T, u32)>,
    queue: Vec<(T, M)>,
}

/// The index of the first card at or after `from` with more than one
/// copy, or the number of cards when there is none.
fn first_repeat_from<T>(unseen: &[(T, u32)], from: usize) -> usize {
    let rest = unseen.get(from..).unwrap_or_default();
    rest.iter()
        .position(|(_, n)| *n > 1)
        .map_or(unseen.len(), |i| from + i)
}

impl<T, M> From<DeckFile<T, M>> for Deck<T, M> {
    fn from(file: DeckFile<T, M>) -> Self {
        let unseen_total = file.unseen.iter().map(|(_, n)| u64::from(*n)).sum();
        let first_repeat = first_repeat_from(&file.unseen, 0);
        Deck {
            unseen: file.unseen,
            queue: file.queue,
            unseen_total,
            first_repeat,
        }
    }
}

/// What the next draw from a deck is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw<'a, T, M> {
    /// The deck is empty.
    Empty,
    /// The next card comes from the unseen part: a chance event.
    Chance,
    /// The next card is this known card from the queue.
    Known(&'a T, &'a M),
}

/// A card asked of the unseen part that it does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("that card is not among the unseen cards")]
pub struct NotInDeck;

impl<T: Ord + Clone, M> Deck<T, M> {
    /// A deck whose cards are all unseen.
    ///
    /// The queue has room for every card: in a game that puts its cards
    /// back under the deck, it never grows (and clones keep that room).
    pub fn new(cards: impl IntoIterator<Item = T>) -> Self {
        let mut deck = Deck::empty();
        for card in cards {
            deck.add_unseen(card, 1);
        }
        deck.queue.reserve(deck.unseen_len());
        deck
    }

    /// An empty deck.
    #[must_use]
    pub fn empty() -> Self {
        Deck {
            unseen: Vec::new(),
            queue: Vec::new(),
            unseen_total: 0,
            first_repeat: 0,
        }
    }

    /// How many cards in all.
    pub fn len(&self) -> usize {
        self.unseen_len() + self.queue.len()
    }

    /// True when no card is left.
    pub fn is_empty(&self) -> bool {
        self.unseen.is_empty() && self.queue.is_empty()
    }

    /// How many unseen cards.
    pub fn unseen_len(&self) -> usize {
        usize::try_from(self.unseen_total).unwrap_or(usize::MAX)
    }

    /// The unseen cards with their counts, sorted by card.
    pub fn unseen(&self) -> &[(T, u32)] {
        &self.unseen
    }

    /// How many copies of `card` are unseen.
    pub fn unseen_count(&self, card: &T) -> u32 {
        self.unseen
            .binary_search_by(|(c, _)| c.cmp(card))
            .map_or(0, |i| self.unseen[i].1)
    }

    /// The known cards under the unseen part, top first.
    pub fn queue(&self) -> &[(T, M)] {
        &self.queue
    }

    /// What the next draw is: a chance event, a known card, or nothing.
    pub fn next_draw(&self) -> Draw<'_, T, M> {
        if !self.unseen.is_empty() {
            Draw::Chance
        } else if let Some((card, meta)) = self.queue.first() {
            Draw::Known(card, meta)
        } else {
            Draw::Empty
        }
    }

    /// The outcomes of drawing from the unseen part: each distinct card
    /// weighted by its count (empty when nothing is unseen).
    pub fn draw_outcomes(&self) -> Vec<(T, u32)> {
        self.unseen.clone()
    }

    /// Appends the draw outcomes to `out` without allocating a new list.
    pub fn extend_draw_outcomes(&self, out: &mut Vec<(T, u32)>) {
        out.extend(self.unseen.iter().cloned());
    }

    /// The unseen card a draw comes out as: what `rng.pick` draws from
    /// [`Deck::draw_outcomes`], with the same use of `rng`, without a list.
    /// Every card before the first with several copies has one, so a draw
    /// that lands among them is an index, not a walk.
    pub fn random_unseen(&self, rng: &mut GameRng) -> Option<&T> {
        let total = self.unseen_total;
        if total == 0 {
            return None;
        }
        let mut target = rng.below_u64(total);
        let singles = self.first_repeat.min(self.unseen.len());
        if target < singles as u64 {
            return self.unseen.get(target as usize).map(|(card, _)| card);
        }
        target -= singles as u64;
        for (card, n) in &self.unseen[singles..] {
            let n = u64::from(*n);
            if target < n {
                return Some(card);
            }
            target -= n;
        }
        None
    }

    /// Removes one unseen copy of `card` (the chance event came out as it).
    ///
    /// # Errors
    /// [`NotInDeck`] when no unseen copy is left; nothing changes then.
    pub fn take_unseen(&mut self, card: &T) -> Result<(), NotInDeck> {
        let i = self
            .unseen
            .binary_search_by(|(c, _)| c.cmp(card))
            .map_err(|_| NotInDeck)?;
        self.take_unseen_at(i)
    }

    /// Removes one unseen copy of the card at `index` in [`Deck::unseen`]:
    /// [`Deck::take_unseen`] for a caller that found the card itself, by a
    /// key cheaper to compare than the whole card.
    ///
    /// # Errors
    /// [`NotInDeck`] when `index` is past the unseen cards; nothing changes then.
    pub fn take_unseen_at(&mut self, index: usize) -> Result<(), NotInDeck> {
        let count = &mut self.unseen.get_mut(index).ok_or(NotInDeck)?.1;
        if *count <= 1 {
            self.unseen.remove(index);
            if index < self.first_repeat {
                self.first_repeat -= 1;
            }
        } else {
            *count -= 1;
            if *count == 1 && index == self.first_repeat {
                self.first_repeat = first_repeat_from(&self.unseen, index + 1);
            }
        }
        self.unseen_total = self.unseen_total.saturating_sub(1);
        Ok(())
    }

    /// Takes the top card of the queue (valid once the unseen part is empty).
    pub fn take_known(&mut self) -> Option<(T, M)> {
        if !self.unseen.is_empty() || self.queue.is_empty() {
            return None;
        }
        Some(self.queue.remove(0))
    }

    /// Adds `count` unseen copies of `card` (shuffled in).
    pub fn add_unseen(&mut self, card: T, count: u32) {
        if count == 0 {
            return;
        }
        let added = match self.unseen.binary_search_by(|(c, _)| c.cmp(&card)) {
            Ok(i) => {
                let before = self.unseen[i].1;
                self.unseen[i].1 = before.saturating_add(count);
                if self.unseen[i].1 > 1 && i < self.first_repeat {
                    self.first_repeat = i;
                }
                self.unseen[i].1 - before
            }
            Err(i) => {
                self.unseen.insert(i, (card, count));
                if i <= self.first_repeat {
                    self.first_repeat = if count > 1 { i } else { self.first_repeat + 1 };
                }
                count
            }
        };
        self.unseen_total += u64::from(added);
    }

    /// Puts a known card at the very bottom, with its metadata.
    pub fn put_bottom(&mut self, card: T, meta: M) {
        self.queue.push((card, meta));
    }

    /// Shuffles the whole deck: every queued card becomes unseen again.
    pub fn shuffle_all(&mut self) {
        for (card, _) in std::mem::take(&mut self.queue) {
            self.add_unseen(card, 1);
        }
    }

    /// Checks the invariants (sorted unique unseen cards, positive counts),
    /// for decks read from files.
    ///
    /// # Errors
    /// A [`StateError`] naming the broken invariant.
    pub fn check(&self) -> Result<(), StateError> {
        if self.unseen.iter().any(|(_, n)| *n == 0) {
            return Err(StateError::new("deck.unseen", "a card with count 0"));
        }
        if self.unseen.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(StateError::new(
                "deck.unseen",
                "cards not sorted and unique",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_outcomes_weigh_cards_by_count() {
        let deck: Deck<u8> = Deck::new([3, 1, 3, 3]);
        assert_eq!(deck.draw_outcomes(), vec![(1, 1), (3, 3)]);
        assert_eq!(deck.len(), 4);
        assert_eq!(deck.unseen_count(&3), 3);
    }

    #[test]
    fn queue_is_drawn_only_after_the_unseen_part() {
        let mut deck: Deck<u8, u8> = Deck::new([1]);
        deck.put_bottom(9, 0b01);
        deck.put_bottom(8, 0b10);
        assert_eq!(deck.take_known(), None);
        deck.take_unseen(&1).unwrap();
        assert_eq!(deck.next_draw(), Draw::Known(&9, &0b01));
        assert_eq!(deck.take_known(), Some((9, 0b01)));
        assert_eq!(deck.take_known(), Some((8, 0b10)));
        assert_eq!(deck.next_draw(), Draw::Empty);
    }

    #[test]
    fn taking_a_missing_card_changes_nothing() {
        let mut deck: Deck<u8> = Deck::new([1, 2]);
        let before = deck.clone();
        assert_eq!(deck.take_unseen(&5), Err(NotInDeck));
        assert_eq!(deck, before);
    }

    #[test]
    fn take_unseen_at_takes_one_copy_by_index() {
        let mut deck: Deck<u8> = Deck::new([1, 2, 2, 3]);
        deck.take_unseen_at(1).unwrap();
        assert_eq!(deck.unseen(), &[(1, 1), (2, 1), (3, 1)]);
        deck.take_unseen_at(1).unwrap();
        assert_eq!(deck.unseen(), &[(1, 1), (3, 1)]);
        assert_eq!(deck.unseen_len(), 2);
        let before = deck.clone();
        assert_eq!(deck.take_unseen_at(2), Err(NotInDeck));
        assert_eq!(deck, before);
    }

    /// A clone keeps the queue's room, so putting cards back under a
    /// cloned fresh deck does not reallocate.
    #[test]
    fn clones_keep_the_queue_room() {
        let deck: Deck<u8> = Deck::new(0..40);
        let mut copy = deck.clone();
        assert_eq!(copy, deck);
        assert!(copy.queue.capacity() >= 40);
        let room = copy.queue.as_ptr();
        for card in 0..40 {
            copy.take_unseen(&card).unwrap();
            copy.put_bottom(card, ());
        }
        assert_eq!(copy.queue.as_ptr(), room);
        assert_eq!(copy.len(), 40);
    }

    #[test]
    fn shuffle_all_forgets_the_queue_order() {
        let mut deck: Deck<u8> = Deck::new([]);
        deck.put_bottom(2, ());
        deck.put_bottom(1, ());
        deck.shuffle_all();
        assert_eq!(deck.draw_outcomes(), vec![(1, 1), (2, 1)]);
        assert!(deck.queue().is_empty());
    }

    /// `random_unseen` draws what `rng.pick` draws from the outcomes, the
    /// rng left in the same place: on decks of distinct cards (an index)
    /// and of repeated ones (a walk).
    #[test]
    fn random_unseen_draws_what_the_listed_pick_draws() {
        let decks: [Deck<u8>; 4] = [
            Deck::new(0..52),
            Deck::new([1, 1, 2, 3, 3, 3, 7]),
            Deck::new([4]),
            Deck::new([]),
        ];
        for deck in &decks {
            // A deck read from a file counts its total once, as built.
            let read: Deck<u8> =
                serde_json::from_str(&serde_json::to_string(deck).unwrap()).unwrap();
            assert_eq!(&read, deck);
            assert_eq!(
                read.unseen_len(),
                deck.draw_outcomes()
                    .iter()
                    .map(|(_, n)| *n as usize)
                    .sum::<usize>()
            );
            for seed in 0..200 {
                let mut a = GameRng::new(seed);
                let mut b = a.clone();
                let want = a.pick(&deck.draw_outcomes()).copied();
                assert_eq!(deck.random_unseen(&mut b).copied(), want, "{deck:?}");
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }

    /// Through adds, takes and shuffles, the kept index of the first
    /// repeated card stays exact, and `random_unseen` keeps drawing what
    /// the listed pick draws, the rng left in the same place.
    #[test]
    fn random_unseen_follows_the_listed_pick_as_the_deck_changes() {
        let mut ops = GameRng::new(17);
        let mut deck: Deck<u8> = Deck::new([3, 9, 1, 1, 7]);
        for step in 0..3000 {
            match ops.below(6) {
                0 | 1 => {
                    let card = ops.below(12) as u8;
                    deck.add_unseen(card, ops.below(3) + 1);
                }
                2 | 3 => {
                    let outcomes = deck.draw_outcomes();
                    if !outcomes.is_empty() {
                        let i = ops.below(outcomes.len() as u32) as usize;
                        deck.take_unseen_at(i).unwrap();
                        deck.put_bottom(outcomes[i].0, ());
                    }
                }
                4 => {
                    let card = ops.below(12) as u8;
                    let _ = deck.take_unseen(&card);
                }
                _ => {
                    if step % 7 == 0 {
                        deck.shuffle_all();
                    }
                }
            }
            assert_eq!(
                deck.first_repeat,
                first_repeat_from(&deck.unseen, 0),
                "{deck:?}"
            );
            let read: Deck<u8> =
                serde_json::from_str(&serde_json::to_string(&deck).unwrap()).unwrap();
            assert_eq!(read, deck);
            for seed in 0..4 {
                let mut a = GameRng::for_stream(step, seed);
                let mut b = a.clone();
                let want = a.pick(&deck.draw_outcomes()).copied();
                assert_eq!(deck.random_unseen(&mut b).copied(), want, "{deck:?}");
                assert_eq!(a.next_u32(), b.next_u32());
            }
        }
    }

    #[test]
    fn check_rejects_unsorted_or_empty_counts() {
        let bad: Deck<u8> = serde_json::from_str(r#"{"unseen":[[2,1],[1,1]],"queue":[]}"#).unwrap();
        assert!(bad.check().is_err());
        let zero: Deck<u8> = serde_json::from_str(r#"{"unseen":[[1,0]],"queue":[]}"#).unwrap();
        assert!(zero.check().is_err());
        assert!(Deck::<u8>::new([1, 1, 2]).check().is_ok());
    }
}
