//! The action palette: the legal actions filtered as the player types.
//!
//! Binary Scrabble has thousands of plays, so a numbered list is useless;
//! typing a few fragments (`h8 1+1`) narrows it to the plays whose text
//! holds every fragment.

use tabletop::registry::{filter_words, matches_words};

/// Indices of the `names` that contain every whitespace-separated word of
/// `query`, ignoring case and spaces inside the names; all when the query
/// is blank.
/// The protocol's `legal` filter matches the same way
/// ([`tabletop::registry::matches_words`]).
pub fn filter(names: &[String], query: &str) -> Vec<usize> {
    let words = filter_words(query);
    names
        .iter()
        .enumerate()
        .filter(|(_, name)| matches_words(name, &words))
        .map(|(i, _)| i)
        .collect()
}

/// The score floor of a query: a word `>N` (or `>=N`) keeps only the
/// moves that score at least N (R-28's points in Binary Scrabble); the
/// other words filter the names. Returns the other words and the floor.
pub fn score_floor(query: &str) -> (String, Option<i64>) {
    let mut floor = None;
    let mut rest = Vec::new();
    for word in query.split_whitespace() {
        let number = word
            .strip_prefix(">=")
            .or_else(|| word.strip_prefix('>'))
            .and_then(|n| n.parse::<i64>().ok());
        match number {
            Some(n) => floor = Some(n),
            None => rest.push(word),
        }
    }
    (rest.join(" "), floor)
}

/// How a palette of `count` entries, each `cell_width` wide, lies in a box
/// of `width` x `height`: columns, rows, and the first entry shown so that
/// `selected` is on screen (whole pages scroll).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns of entries.
    pub columns: usize,
    /// Rows of entries.
    pub rows: usize,
    /// Index (into the filtered list) of the top-left entry.
    pub first: usize,
}

impl Grid {
    /// The grid for the given sizes; never zero columns or rows.
    pub fn new(width: u16, height: u16, cell_width: usize, selected: usize) -> Grid {
        let columns = (usize::from(width) / cell_width.max(1)).max(1);
        let rows = usize::from(height).max(1);
        let page = columns * rows;
        Grid {
            columns,
            rows,
            first: selected / page * page,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_score_floor_is_read_out_of_the_query() {
        assert_eq!(score_floor("h8 >12"), ("h8".to_owned(), Some(12)));
        assert_eq!(score_floor(">=5"), (String::new(), Some(5)));
        assert_eq!(score_floor("> x"), ("> x".to_owned(), None));
    }

    #[test]
    fn every_word_must_match_ignoring_case_and_spaces() {
        let n = names(&["INC A", "INC B", "XOR A,B", "EndTurn"]);
        assert_eq!(filter(&n, ""), vec![0, 1, 2, 3]);
        assert_eq!(filter(&n, "inc"), vec![0, 1]);
        assert_eq!(filter(&n, "inca"), vec![0]);
        assert_eq!(filter(&n, "a b"), vec![2]);
        assert_eq!(filter(&n, "zzz"), Vec::<usize>::new());
    }

    #[test]
    fn the_page_holding_the_selection_is_shown() {
        let g = Grid::new(80, 4, 20, 0);
        assert_eq!((g.columns, g.rows, g.first), (4, 4, 0));
        assert_eq!(Grid::new(80, 4, 20, 17).first, 16);
        // A box too small for one cell still lays out one.
        assert_eq!(
            Grid::new(3, 0, 20, 5),
            Grid {
                columns: 1,
                rows: 1,
                first: 5
            }
        );
    }
}
