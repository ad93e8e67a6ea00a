//! The index of worked examples each game crate keeps in its `RULES.md`.
//!
//! Every rules spec gives worked examples (`W-3`, `EX-12`, `P-2b`, ...) and
//! each is a test. A game crate lists them in a "Worked examples" section
//! of its `RULES.md`: a table whose rows give the example's id, what it
//! shows, and the tests that run it as `` `file::function` `` in backticks
//! (`tests/rules.rs::c1_solving`, `src/scoring.rs::w8_rulebook_example`,
//! paths from the crate's folder). [`check_worked_examples`] reads that
//! table and checks that every test it names exists, so the index cannot
//! point at a test that was renamed or removed.

use std::collections::BTreeMap;
use std::path::Path;

/// Checks the "Worked examples" table of `crate_dir/RULES.md` and returns
/// how many rows it has: every row names at least one test, and every
/// `file::function` it names is a `fn function` in that file.
///
/// # Panics
/// When `RULES.md` has no such table, a row names no test, or a named
/// test is not found; the message says which.
pub fn check_worked_examples(crate_dir: impl AsRef<Path>) -> usize {
    let dir = crate_dir.as_ref();
    let rules = std::fs::read_to_string(dir.join("RULES.md"))
        .unwrap_or_else(|e| panic!("{}/RULES.md: {e}", dir.display()));
    let mut lines = rules.lines().skip_while(|l| !is_heading(l));
    assert!(
        lines.next().is_some(),
        "RULES.md has no \"Worked examples\" section"
    );
    let rows: Vec<&str> = lines
        .skip_while(|l| !l.trim_start().starts_with('|'))
        .take_while(|l| l.trim_start().starts_with('|'))
        .skip(2) // the header and its separator
        .collect();
    assert!(
        !rows.is_empty(),
        "the \"Worked examples\" section of RULES.md has no table rows"
    );
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    for row in &rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (id, tests) = match cells.as_slice() {
            [_, id, _, tests, ..] => (*id, *tests),
            _ => panic!("a worked-example row needs id, what and tests: {row}"),
        };
        let named: Vec<&str> = tests
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|t| t.contains("::"))
            .collect();
        assert!(!named.is_empty(), "worked example {id} names no test");
        for test in named {
            let (file, function) = test
                .rsplit_once("::")
                .unwrap_or_else(|| panic!("{id}: {test} is not file::function"));
            let text = files.entry(file.to_string()).or_insert_with(|| {
                std::fs::read_to_string(dir.join(file))
                    .unwrap_or_else(|e| panic!("{id}: {file}: {e}"))
            });
            let found = [format!("fn {function}("), format!("fn {function}<")]
                .iter()
                .any(|f| text.contains(f.as_str()));
            assert!(found, "worked example {id}: no fn {function} in {file}");
        }
    }
    rows.len()
}

/// A Markdown heading whose title starts with "Worked examples".
fn is_heading(line: &str) -> bool {
    let title = line.trim_start_matches('#');
    title.len() < line.len() && title.trim_start().starts_with("Worked examples")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate folder with `RULES.md` and `tests/a.rs` holding `fn w1_a`.
    fn crate_dir(name: &str, rules: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("worked-examples-{name}-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("tests")).unwrap();
        std::fs::write(dir.join("tests/a.rs"), "#[test]\nfn w1_a() {}\n").unwrap();
        std::fs::write(dir.join("RULES.md"), rules).unwrap();
        dir
    }

    const HEAD: &str = "# Rules\n\n## Worked examples\n\nText.\n\n\
                        | example | what it shows | test |\n| --- | --- | --- |\n";

    #[test]
    fn a_table_of_existing_tests_passes() {
        let rules = format!("{HEAD}| W-1 | a move | `tests/a.rs::w1_a` |\n\n## Next\n");
        assert_eq!(check_worked_examples(crate_dir("good", &rules)), 1);
    }

    #[test]
    #[should_panic(expected = "no fn w2_b in tests/a.rs")]
    fn a_missing_test_is_named() {
        let rules = format!(
            "{HEAD}| W-1 | a move | `tests/a.rs::w1_a` |\n| W-2 | b | `tests/a.rs::w2_b` |\n"
        );
        check_worked_examples(crate_dir("missing", &rules));
    }

    #[test]
    #[should_panic(expected = "worked example W-1 names no test")]
    fn a_row_without_a_test_is_refused() {
        let rules = format!("{HEAD}| W-1 | a move | none yet |\n");
        check_worked_examples(crate_dir("none", &rules));
    }
}
