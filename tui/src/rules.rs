//! A short rules summary per game for the help screen, in our own words,
//! citing the rule ids of each crate's RULES.md so a player can look a
//! rule up by the same number the engine's errors and comments use.

/// The summary lines of `game` (a registry name); a general line for a
/// game without one.
pub fn summary(game: &str) -> &'static [&'static str] {
    match game {
        "moon" => MOON,
        "binary-scrabble" => BINARY_SCRABBLE,
        "market-island" => MARKET_ISLAND,
        "moon-base" => MOON_BASE,
        "pig" => &[
            "Pig (a demo game): roll the die to add to this turn's total, or hold",
            "to bank it; a 1 loses the turn's total. First to the target wins.",
        ],
        "high-card" => &[
            "High card (a demo game): each seat gets one card of three; check or",
            "bet, then call or fold. The higher card takes the pot at a showdown.",
        ],
        _ => &["No summary for this game: see its crate's RULES.md."],
    }
}

const MOON: &[&str] = &[
    "MOON: you drive a tiny CPU. Four shared registers A B C D (M-7) hold n-bit",
    "values; reach each goal value in register A (goals compare only with A).",
    "Each operation costs energy (M-11): INC/DEC 2, XCHG 2 (coop), ADD/SUB 1.5,",
    "NOT/ROL/ROR/SHL/SHR/NOR/NAND/XNOR/MOV 1, OR/AND/XOR 0.5. The palette shows it.",
    "An operation is legal only with enough energy left and its kind and registers",
    "enabled (M-12). Co-op/solo: goal cards wait face down in a queue (M-19); the",
    "oldest is revealed and becomes the current goal (M-20); A equal to it solves",
    "it (M-24). `end` ends the round: cards move up, a new one is placed and",
    "energy refills (M-25). Win by solving every goal (M-30); lose when a card",
    "has nowhere to move up or be placed (M-31). BUG cards block a slot (M-3).",
    "Competitive: each seat holds a secret goal, solved when A equals it on its",
    "turn (M-40); most goals wins (M-43). Hint: the optimal solver's plan.",
];

const BINARY_SCRABBLE: &[&str] = &[
    "Binary Scrabble: build true binary equations in crossword style on a 15x15",
    "board (R-1). Tiles: 0 1 = + - x / AND OR NOT and blanks ? (R-2); racks of 9",
    "(R-3). A play puts 1-9 tiles in one line with no gap (R-6); the first covers",
    "the centre H8 (R-7), later ones touch old tiles (R-8). Every run made must be",
    "a correct equation (R-11..R-19), with at most one new '=' (R-22) and correct",
    "cross runs (R-23). Premium squares: DL/TL multiply a tile, DW/TW the",
    "equation (R-1, R-26); 9 tiles at once give a bonus (R-27). You may exchange",
    "(R-29) or pass (R-30). The game ends when a rack empties with the bag empty",
    "(R-32) or after a run of scoreless turns (R-33); racks left count against",
    "(R-34). Type tiles or a square (e.g. H8) to filter the plays by their text.",
];

const MARKET_ISLAND: &[&str] = &[
    "Market Island: castaways run a blockchain economy. Each turn every seat rolls",
    "and moves round the island (MI-9), collecting a lap bonus past Start and a",
    "landing effect (MI-11), and takes a private block card from the square's",
    "pile (MI-10). Eligible seats then draw a mining card and Mine, Keep one of",
    "two (Axe, MI-14) or Decline (MI-13); mining costs the fee. The miner whose",
    "card best matches the winning card and the block scores highest wins the",
    "reward (MI-16, MI-17); then the block's transfers run (MI-18) and the block",
    "joins the ledger (MI-29). Jellyfish exclude a seat next turn (MI-21), a",
    "Totem possesses it for good (MI-22). A seat below zero is out (MI-24); the",
    "game ends at max_turns or with one seat left (MI-25): richest wins (MI-26).",
];

const MOON_BASE: &[&str] = &[
    "Moon Base: two seats (Gold, Silver) stack coloured rings on lunar craters.",
    "Each of 6 rounds (MB-6): take pairs of large and small rings (MB-7), then",
    "place one ring a turn (MB-10): on a free crater (MB-12..MB-14) or across two",
    "rings below it (MB-15..MB-21), never on the tower's crater or host ring",
    "(MB-14, MB-18). Building (MB-23): your large rings at level 2+ earn",
    "settlements; a seat with none places a resource base on a free crater",
    "(MB-24). Score (MB-27): 2 a settlement, 1 a base, -1 a retired ring;",
    "bonuses (MB-28): +2 most connected rings, +2 highest ring, +3 the tower's",
    "ring colour. On equal totals the second player wins (MB-31).",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_a_summary_that_fits_the_help_box() {
        for g in tabletop::registry::games() {
            let lines = summary(g.name());
            assert!(!lines[0].starts_with("No summary"), "{}", g.name());
            for line in lines {
                assert!(line.chars().count() <= 78, "{}: {line}", g.name());
            }
        }
    }
}
