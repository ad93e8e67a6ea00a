//! One page of a legal-move list: how a client asks for "the 20 best
//! plays", "the plays through H8" or "how many plays" without receiving
//! tens of thousands of moves (a Binary Scrabble rack with blanks).

use serde::Deserialize;
use serde_json::Value;

/// The order of a page's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegalSort {
    /// The game's order (the order of `legal_actions`, and of `index`).
    #[default]
    Game,
    /// Best score first ([`game_core::Preview::scores`]), ties and moves
    /// that do not score in the game's order after them.
    Score,
}

/// What a client asks of the legal list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalQuery {
    /// Moves skipped before the page starts (after filtering and sorting).
    pub offset: usize,
    /// The most moves on the page; `None` for as many as fit the reply.
    pub limit: Option<usize>,
    /// Words that must all appear in a move's notation (case and spaces
    /// ignored), as the terminal's palette filters.
    pub filter: String,
    /// The page's order.
    pub sort: LegalSort,
    /// Only the total: no move on the page.
    pub count_only: bool,
}

/// A page of legal moves, with where the next one starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegalPage {
    /// Moves that pass the filter, on every page together.
    pub total: usize,
    /// The offset of the next page, or `None` when this page is the last.
    pub next: Option<usize>,
    /// Each move as JSON.
    pub actions: Vec<Value>,
    /// Each move in the game's notation.
    pub names: Vec<String>,
    /// Each move's place in the full list in the game's order: what
    /// `act`'s `index` takes; `None` for a move of a score-sorted page
    /// found without listing every move (play it by its JSON or text).
    pub indices: Vec<Option<usize>>,
    /// Each move's score, when sorted by score (`None`: does not score).
    pub scores: Option<Vec<Option<i64>>>,
}

/// Fills a page move by move, within its limit and its byte budget.
pub(crate) struct PageWriter {
    page: LegalPage,
    limit: usize,
    budget: usize,
    used: usize,
}

impl PageWriter {
    /// A page of a list of `total` moves, scores shown when `scored`.
    pub(crate) fn new(total: usize, scored: bool, query: &LegalQuery, budget: usize) -> Self {
        PageWriter {
            page: LegalPage {
                total,
                scores: scored.then(Vec::new),
                ..LegalPage::default()
            },
            limit: query.limit.unwrap_or(usize::MAX),
            budget,
            used: 0,
        }
    }

    /// Adds the move at place `at` of the ordered list, unless the page is
    /// full: then the next page starts there and `false` says stop. A page
    /// holds at least one move, whatever its size.
    pub(crate) fn push(
        &mut self,
        at: usize,
        action: Value,
        name: String,
        index: Option<usize>,
        score: Option<i64>,
    ) -> bool {
        // The move's share of the reply: its JSON, its name, its index and
        // score, and the separators.
        let cost = action.to_string().len() + name.len() + 48;
        let page = &mut self.page;
        if page.actions.len() >= self.limit
            || (self.used + cost > self.budget && !page.actions.is_empty())
        {
            page.next = Some(at);
            return false;
        }
        self.used += cost;
        page.actions.push(action);
        page.names.push(name);
        page.indices.push(index);
        if let Some(scores) = &mut page.scores {
            scores.push(score);
        }
        true
    }

    /// The page; `next` is `at` if it is set by nothing else and moves are left.
    pub(crate) fn finish(mut self, at: usize) -> LegalPage {
        if self.page.next.is_none() && at < self.page.total {
            self.page.next = Some(at);
        }
        self.page
    }
}

/// `text` squashed for matching: lower case, no white space.
fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A filter's words, squashed; an empty filter has none and passes all.
#[must_use]
pub fn filter_words(filter: &str) -> Vec<String> {
    filter.split_whitespace().map(squash).collect()
}

/// Whether `name` holds every one of `words` (from [`filter_words`]),
/// case and spaces ignored: "h8 across" finds `H8 across 1+1=10`.
#[must_use]
pub fn matches_words(name: &str, words: &[String]) -> bool {
    if words.is_empty() {
        return true;
    }
    let name = squash(name);
    words.iter().all(|w| name.contains(w.as_str()))
}

/// The order of a page's moves, as indices into the game's list: those
/// `keep` passes, best score first when `scores` are given (ties and
/// unscored moves in the game's order).
#[must_use]
pub fn page_order(
    count: usize,
    keep: impl Fn(usize) -> bool,
    scores: Option<&[Option<i64>]>,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).filter(|&i| keep(i)).collect();
    if let Some(scores) = scores {
        // Stable: equal scores keep the game's order. `None` sorts last.
        order.sort_by_key(|&i| {
            std::cmp::Reverse(
                scores
                    .get(i)
                    .copied()
                    .flatten()
                    .map(|s| (1, s))
                    .unwrap_or((0, 0)),
            )
        });
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_must_appear_ignoring_case_and_spaces() {
        let words = filter_words("h8  ACROSS");
        assert!(matches_words("H8 across 1+1=10", &words));
        assert!(!matches_words("H8 down 1+1=10", &words));
        assert!(matches_words("anything", &filter_words("   ")));
        assert!(matches_words("1 + 1 = 10", &filter_words("1+1")));
    }

    #[test]
    fn a_score_order_puts_the_best_first_and_keeps_ties_in_game_order() {
        let scores = [Some(3), None, Some(7), Some(3), Some(-1)];
        assert_eq!(page_order(5, |_| true, Some(&scores)), vec![2, 0, 3, 4, 1]);
        assert_eq!(page_order(5, |i| i != 2, Some(&scores)), vec![0, 3, 4, 1]);
        assert_eq!(page_order(5, |i| i % 2 == 0, None), vec![0, 2, 4]);
    }
}
