//! Section 12.1 of the spec: every equation row, in both
//! precedence modes, with every option note of the table.
//!
//! Expected results read like the spec: `=v` for a correct equation of
//! value v, otherwise the error in the spec's notation (`LeadingZero@1`,
//! `SidesDiffer[0,5]`, `NegativeSide{side 0}`).

use binary_scrabble_core::{Checker, Equation, EquationRules, LogicPrecedence, Precedence};

/// One row: id, text, standard result, left-to-right result, and the
/// option notes as (options, expected). An option list ending in ` std`
/// applies to standard mode only; otherwise to both modes.
type Row = (
    u32,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const ROWS: &[Row] = &[
    (1, "1+1=10", "=2", "=2", &[]),
    (2, "11+1=100", "=4", "=4", &[]),
    (3, "100 OR 1=101", "=5", "=5", &[]),
    (
        4,
        "100 AND 1=101",
        "SidesDiffer[0,5]",
        "SidesDiffer[0,5]",
        &[],
    ),
    (
        5,
        "101 AND 1=1",
        "=1",
        "=1",
        &[("T-4", "IdentityOperation@3")],
    ),
    (6, "10x10=100=11+1", "=4", "=4", &[]),
    (
        7,
        "1-1+1-1=0=0+0",
        "=0",
        "=0",
        &[("T-3", "IdentityOperation@11")],
    ),
    (8, "11x11=1001", "=9", "=9", &[]),
    (9, "1000x11=11000", "=24", "=24", &[]),
    (
        10,
        "1001x11=11000",
        "SidesDiffer[27,24]",
        "SidesDiffer[27,24]",
        &[],
    ),
    (
        11,
        "1+1+1+1=10",
        "SidesDiffer[4,2]",
        "SidesDiffer[4,2]",
        &[],
    ),
    (
        12,
        "1+xx1==10",
        "AdjacentOperators@2",
        "AdjacentOperators@2",
        &[],
    ),
    (
        13,
        "1+1=10x1",
        "=2",
        "=2",
        &[("T-2", "IdentityOperation@6")],
    ),
    (
        14,
        "1+1=10+0+0+0x1x1",
        "=2",
        "=2",
        &[
            ("T-3", "IdentityOperation@6"),
            ("T-2", "IdentityOperation@12"),
        ],
    ),
    (15, "+1=1", "UnaryOperator@0", "UnaryOperator@0", &[]),
    (16, "110=NOT 001", "=6", "=6", &[]),
    (17, "NOT 110=1", "=1", "=1", &[]),
    (18, "NOT 1=0", "=0", "=0", &[]),
    (19, "NOT 0=1", "=1", "=1", &[]),
    (20, "NOT 0000=1111", "=15", "=15", &[]),
    (21, "NOT 01=10", "=2", "=2", &[]),
    (
        22,
        "1 AND NOT 10=1",
        "=1",
        "=1",
        &[
            ("T-16off", "NotAfterOperator@2"),
            ("T-4", "IdentityOperation@1"),
        ],
    ),
    (
        23,
        "1x NOT 0=1",
        "=1",
        "=1",
        &[
            ("T-16off", "NotAfterOperator@2"),
            ("T-2", "IdentityOperation@1"),
        ],
    ),
    (24, "NOT NOT 1=1", "DoubleNot@1", "DoubleNot@1", &[]),
    (
        25,
        "1 NOT 1=1",
        "NotAfterOperand@1",
        "NotAfterOperand@1",
        &[],
    ),
    (26, "NOT=1", "NotWithoutDigits@1", "NotWithoutDigits@1", &[]),
    (27, "1=NOT", "NotWithoutDigits@3", "NotWithoutDigits@3", &[]),
    (28, "0=0", "=0", "=0", &[]),
    (29, "1=1", "=1", "=1", &[]),
    (30, "1=1=1", "=1", "=1", &[]),
    (31, "1111111=1111111", "=127", "=127", &[]),
    (32, "01=1", "LeadingZero@1", "LeadingZero@1", &[]),
    (33, "00=0", "LeadingZero@1", "LeadingZero@1", &[]),
    (34, "1=01", "LeadingZero@3", "LeadingZero@3", &[]),
    (35, "=1=1", "EmptySide@0", "EmptySide@0", &[]),
    (36, "1=1=", "EmptySide@4", "EmptySide@4", &[]),
    (37, "1==1", "EmptySide@2", "EmptySide@2", &[]),
    (38, "1+1", "NoEquals", "NoEquals", &[]),
    (39, "-1+1=0", "UnaryOperator@0", "UnaryOperator@0", &[]),
    (40, "1=-1+10", "UnaryOperator@2", "UnaryOperator@2", &[]),
    (
        41,
        "1+=1",
        "AdjacentOperators@2",
        "AdjacentOperators@2",
        &[],
    ),
    (42, "11=1+", "MissingOperand@5", "MissingOperand@5", &[]),
    (43, "0x10=0", "=0", "=0", &[]),
    (
        44,
        "0-1+1=0",
        "NegativeResult@1",
        "NegativeResult@1",
        &[("T-5", "=0")],
    ),
    (
        45,
        "1-1-1+1=0",
        "NegativeResult@3",
        "NegativeResult@3",
        &[("T-5", "=0")],
    ),
    (
        46,
        "1-10=0",
        "NegativeResult@1",
        "NegativeResult@1",
        &[("T-5", "NegativeSide{side 0}")],
    ),
    (
        47,
        "1-10 AND 1=0",
        "NegativeResult@1",
        "NegativeResult@1",
        &[("T-5", "NegativeLogicOperand@4")],
    ),
    (48, "10-1-1=0", "=0", "=0", &[]),
    (49, "1000/10/10=10", "=2", "=2", &[]),
    (50, "1/10=0", "InexactDivision@1", "InexactDivision@1", &[]),
    (51, "1/0=1", "DivisionByZero@1", "DivisionByZero@1", &[]),
    (52, "0/0=0", "DivisionByZero@1", "DivisionByZero@1", &[]),
    (53, "0/1=0", "=0", "=0", &[("T-2", "IdentityOperation@1")]),
    (54, "110/11=10", "=2", "=2", &[]),
    (55, "100/10x11=110", "=6", "=6", &[]),
    (
        56,
        "10 AND 1=0",
        "=0",
        "=0",
        &[("T-4", "IdentityOperation@2")],
    ),
    (
        57,
        "1+1=10=1x10",
        "=2",
        "=2",
        &[("T-2", "IdentityOperation@8")],
    ),
    (58, "0+1=1", "=1", "=1", &[("T-3", "IdentityOperation@1")]),
    (
        59,
        "1 OR 0=1",
        "=1",
        "=1",
        &[("T-4", "IdentityOperation@1")],
    ),
    (60, "1+1x10=100", "SidesDiffer[3,4]", "=4", &[]),
    (
        61,
        "1+1x10=11",
        "=3",
        "SidesDiffer[4,3]",
        &[("T-2 std", "IdentityOperation@3")],
    ),
    (
        62,
        "10-1x11=11",
        "NegativeResult@2",
        "=3",
        &[("T-5 std", "NegativeSide{side 0}")],
    ),
    (63, "101 OR 10 AND 11=111", "=7", "SidesDiffer[3,7]", &[]),
    (
        64,
        "1 OR 1 AND 0=1",
        "=1",
        "SidesDiffer[0,1]",
        &[("T-4 std", "IdentityOperation@3")],
    ),
    (65, "111 AND 101 OR 10=111", "=7", "=7", &[]),
    (
        66,
        "1+1 AND 10=10",
        "=2",
        "=2",
        &[("T-15 std", "SidesDiffer[1,2]")],
    ),
    (
        67,
        "1+1x10=1+1x10",
        "=3",
        "=4",
        &[("T-2 std", "IdentityOperation@3")],
    ),
    (
        68,
        "11 XOR 1=10",
        "=2",
        "=2",
        &[("T-7off", "UnknownToken@2")],
    ),
    (
        69,
        "1 OR 1 XOR 1=1",
        "=1",
        "SidesDiffer[0,1]",
        &[("T-15 std", "SidesDiffer[0,1]")],
    ),
    (70, "1 XOR 1 OR 1=1", "=1", "=1", &[]),
];

/// The rules of a row: T-7 is on for rows 68 to 70 (the table needs it).
fn base(q: u32, precedence: Precedence) -> EquationRules {
    EquationRules {
        precedence,
        xor: (68..=70).contains(&q),
        ..EquationRules::default()
    }
}

/// Applies one option of a note (`T-4`, `T-16off`, ...).
fn with_option(mut r: EquationRules, option: &str) -> EquationRules {
    match option {
        "T-2" => r.ban_identity_mul1 = true,
        "T-3" => r.ban_identity_add0_sub0 = true,
        "T-4" => r.ban_identity_and1_or0 = true,
        "T-5" => r.negative_intermediates = true,
        "T-7off" => r.xor = false,
        "T-15" => r.logic_precedence = LogicPrecedence::BooleanAlgebra,
        "T-16off" => r.not_after_binop = false,
        other => panic!("unknown option {other}"),
    }
    r
}

/// The result in the spec's notation.
fn result(text: &str, rules: EquationRules) -> String {
    let eq: Equation = text.parse().expect("table text parses");
    match Checker::new(rules).check(eq.tokens()) {
        Ok(v) => format!("={v}"),
        Err(e) => e.code(),
    }
}

#[test]
fn q_table_standard_and_left_to_right() {
    let mut failures = Vec::new();
    for &(q, text, std, l2r, _) in ROWS {
        for (mode, want) in [(Precedence::Standard, std), (Precedence::LeftToRight, l2r)] {
            let got = result(text, base(q, mode));
            if got != want {
                failures.push(format!("Q-{q} {text:?} {mode:?}: got {got}, want {want}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn q_table_option_notes() {
    let mut failures = Vec::new();
    let mut notes = 0;
    for &(q, text, _, _, options) in ROWS {
        for &(opt, want) in options {
            let (opt, modes): (&str, &[Precedence]) = match opt.strip_suffix(" std") {
                Some(o) => (o, &[Precedence::Standard]),
                None => (opt, &[Precedence::Standard, Precedence::LeftToRight]),
            };
            for &mode in modes {
                notes += 1;
                let got = result(text, with_option(base(q, mode), opt));
                if got != want {
                    failures.push(format!(
                        "Q-{q} {text:?} {opt} {mode:?}: got {got}, want {want}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // 25 notes: 19 apply to both modes, 6 to standard mode only.
    assert_eq!(notes, 44, "every note of the table is checked");
}

#[test]
fn q_table_text_is_canonical() {
    // Section 0: parsing then displaying gives back the canonical text.
    for &(q, text, ..) in ROWS {
        let eq: Equation = text.parse().unwrap();
        assert_eq!(eq.to_string(), text, "Q-{q}");
    }
}

#[test]
fn q31_is_the_largest_value_on_fifteen_squares() {
    // Q-31 and B = 64 (the highest set bit of 127).
    let v = Checker::new(EquationRules::default())
        .check("1111111=1111111".parse::<Equation>().unwrap().tokens())
        .unwrap();
    assert_eq!(binary_scrabble_core::value_bonus(v, Default::default()), 64);
}
