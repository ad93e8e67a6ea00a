//! Bounds on what one request may ask of the registry, so no client can
//! make a server spend unbounded time or memory, or echo megabytes back.

/// The most MCTS iterations a registry bot (`mcts:N`) may spend on a move.
///
/// The search tree grows by one node an iteration, so the ceiling bounds a
/// move's memory as well as its time; above it, `mcts:N` is refused with
/// [`super::RegistryError::BotBudget`]. A Rust program that wants a longer
/// search builds [`game_core::MctsBot`] itself.
pub const MAX_MCTS_ITERATIONS: u32 = 100_000;

/// The most bytes of a client's input quoted back in an error message.
pub const QUOTE_LIMIT: usize = 256;

/// `text` as it may appear in an error message: whole when it is at most
/// [`QUOTE_LIMIT`] bytes; otherwise its head and tail (which for a parser's
/// message holds the position) around a mark that says how much was cut.
#[must_use]
pub fn cap_quote(text: &str) -> String {
    if text.len() <= QUOTE_LIMIT {
        return text.to_owned();
    }
    let head = floor_char_boundary(text, QUOTE_LIMIT * 2 / 3);
    let tail = ceil_char_boundary(text, text.len() - QUOTE_LIMIT / 3);
    format!(
        "{}[… {} bytes cut …]{}",
        &text[..head],
        tail - head,
        &text[tail..]
    )
}

/// The largest char boundary of `text` at or below `i`.
fn floor_char_boundary(text: &str, i: usize) -> usize {
    (0..=i)
        .rev()
        .find(|&j| text.is_char_boundary(j))
        .unwrap_or(0)
}

/// The smallest char boundary of `text` at or above `i`.
fn ceil_char_boundary(text: &str, i: usize) -> usize {
    (i..=text.len())
        .find(|&j| text.is_char_boundary(j))
        .unwrap_or(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_whole() {
        assert_eq!(
            cap_quote("unknown bot \"oracle\""),
            "unknown bot \"oracle\""
        );
    }

    #[test]
    fn long_text_keeps_head_and_tail_and_says_what_was_cut() {
        let text = format!(
            "invalid type: string \"{}\" at line 1 column 9",
            "é".repeat(1_000_000)
        );
        let capped = cap_quote(&text);
        assert!(capped.len() <= QUOTE_LIMIT + 40, "{}", capped.len());
        assert!(capped.starts_with("invalid type: string \"é"));
        assert!(capped.ends_with("at line 1 column 9"));
        assert!(capped.contains("bytes cut"));
    }
}
