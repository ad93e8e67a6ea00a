//! MI-45 and MI-46: the crate names its source, says which data is our
//! invention, and carries the concept table with its naming note.

fn read(rel: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// What MI-45 requires the source paragraph to name.
const SOURCE: [&str; 8] = [
    "*Market Island*",
    "TRUE project",
    "https://trueproject.eu/",
    "Amaris France SAS",
    "ISMAI, UEF and Amaris France SAS",
    "10 June 2023",
    "CC BY-NC 4.0",
    "not the official",
];

/// What MI-45 requires to be called our invention.
const INVENTED: [&str; 4] = [
    "default board",
    "income and expense card amounts and\ndirections",
    "red/black split",
    "action mix",
];

fn squash(text: &str) -> String {
    text.replace("//! ", "")
        .replace("//!", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn assert_provenance(name: &str, text: &str) {
    // The paragraph opens the file: it must come before the first rule.
    let head = squash(&text[..text.find("MI-1").unwrap_or(text.len())]);
    for needle in SOURCE.iter().chain(&INVENTED) {
        let needle = squash(needle);
        assert!(
            head.contains(&needle),
            "{name} does not open by naming {needle:?}"
        );
    }
}

#[test]
fn mi45_rules_md_and_crate_docs_open_with_the_source() {
    assert_provenance("RULES.md", &read("RULES.md"));
    assert_provenance("src/lib.rs", &read("src/lib.rs"));
}

#[test]
fn mi45_board_and_decks_sections_say_they_are_invented() {
    let rules = squash(&read("RULES.md"));
    assert!(
        rules.contains("**Default decks** (B-2..B-4), **our invention, not the official cards**")
    );
    assert!(rules.contains("**Default board** (B-1), **our invention, not the official board**"));
}

#[test]
fn mi46_concept_table_and_naming_note() {
    let rules = read("RULES.md");
    let table = &rules[rules
        .find("## Blockchain concepts (MI-46)")
        .expect("the concept table")..];
    // One row per footnote 1..11 and per learning objective.
    for fn_n in 1..=11 {
        assert!(
            table.contains(&format!("(fn {fn_n})")),
            "no row for fn {fn_n}"
        );
    }
    for objective in [
        "the ledger",
        "decentralized topology",
        "consensus",
        "encryption/hashing",
    ] {
        assert!(
            table.contains(&format!("§1.2 objective: {objective}")),
            "{objective}"
        );
    }
    let note = squash(table);
    assert!(note.contains("`MiningReward` is the manual's \"transaction fee\" (fn 7)"));
    assert!(note.contains("`MiningFee` is the cost of mining (fn 4)"));
}
