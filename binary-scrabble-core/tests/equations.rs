//! Section 12.1 of the spec: every equation row, in both
//! precedence modes, with every option note of the table; section 12.5:
//! the neutral-term rows N-1 to N-14 (T-18).
//!
//! Expected results read like the spec: `=v` for a correct equation of
//! value v, otherwise the error in the spec's notation (`LeadingZero@1`,
//! `SidesDiffer[0,5]`, `NegativeSide{side 0}`).

use binary_scrabble_core::{Checker, Equation, EquationRules, LogicPrecedence, Precedence};

/// One row: id, text, standard result, left-to-right result, and the
/// option notes as (options, expected). An option list ending in ` std`
/// applies to standard mode only; otherwise to both modes. Options joined
/// by `+` apply together (`T-16+T-2`).
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
        &[
            ("T-3", "IdentityOperation@11"),
            ("T-18", "IdentityOperation@3"),
        ],
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
        &[
            ("T-2", "IdentityOperation@6"),
            ("T-18", "IdentityOperation@6"),
        ],
    ),
    (
        14,
        "1+1=10+0+0+0x1x1",
        "=2",
        "=2",
        &[
            ("T-3", "IdentityOperation@6"),
            ("T-2", "IdentityOperation@12"),
            ("T-18", "IdentityOperation@6"),
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
        "NotAfterOperator@2",
        "NotAfterOperator@2",
        &[("T-16", "=1"), ("T-16+T-4", "IdentityOperation@1")],
    ),
    (
        23,
        "1x NOT 0=1",
        "NotAfterOperator@2",
        "NotAfterOperator@2",
        &[
            ("T-16", "=1"),
            ("T-16+T-2", "IdentityOperation@1"),
            ("T-16+T-18", "IdentityOperation@1"),
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
    (
        53,
        "0/1=0",
        "=0",
        "=0",
        &[
            ("T-2", "IdentityOperation@1"),
            ("T-18", "IdentityOperation@1"),
        ],
    ),
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
        &[
            ("T-2", "IdentityOperation@8"),
            ("T-18", "IdentityOperation@8"),
        ],
    ),
    (
        58,
        "0+1=1",
        "=1",
        "=1",
        &[
            ("T-3", "IdentityOperation@1"),
            ("T-18", "IdentityOperation@1"),
        ],
    ),
    (
        59,
        "1 OR 0=1",
        "=1",
        "=1",
        &[
            ("T-4", "IdentityOperation@1"),
            ("T-18", "IdentityOperation@1"),
        ],
    ),
    (60, "1+1x10=100", "SidesDiffer[3,4]", "=4", &[]),
    (
        61,
        "1+1x10=11",
        "=3",
        "SidesDiffer[4,3]",
        &[
            ("T-2 std", "IdentityOperation@3"),
            ("T-18 std", "IdentityOperation@3"),
        ],
    ),
    (
        62,
        "10-1x11=11",
        "NegativeResult@2",
        "=3",
        &[
            ("T-5 std", "NegativeSide{side 0}"),
            ("T-18", "IdentityOperation@4"),
        ],
    ),
    (63, "101 OR 10 AND 11=111", "=7", "SidesDiffer[3,7]", &[]),
    (
        64,
        "1 OR 1 AND 0=1",
        "=1",
        "SidesDiffer[0,1]",
        &[
            ("T-4 std", "IdentityOperation@3"),
            ("T-18 std", "IdentityOperation@1"),
        ],
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
        &[
            ("T-2 std", "IdentityOperation@3"),
            ("T-18 std", "IdentityOperation@3"),
        ],
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
        &[
            ("T-15 std", "SidesDiffer[0,1]"),
            ("T-18 std", "IdentityOperation@1"),
        ],
    ),
    (
        70,
        "1 XOR 1 OR 1=1",
        "=1",
        "=1",
        &[("T-18", "IdentityOperation@3")],
    ),
];

/// The rules of a row: T-7 is on for rows 68 to 70 (the table needs it).
fn base(q: u32, precedence: Precedence) -> EquationRules {
    EquationRules {
        precedence,
        xor: (68..=70).contains(&q),
        ..EquationRules::default()
    }
}

/// Applies the options of a note (`T-4`, `T-7off`, `T-16+T-2`, ...).
fn with_option(mut r: EquationRules, options: &str) -> EquationRules {
    for option in options.split('+') {
        match option {
            "T-2" => r.ban_identity_mul1 = true,
            "T-3" => r.ban_identity_add0_sub0 = true,
            "T-4" => r.ban_identity_and1_or0 = true,
            "T-5" => r.negative_intermediates = true,
            "T-7off" => r.xor = false,
            "T-15" => r.logic_precedence = LogicPrecedence::BooleanAlgebra,
            "T-16" => r.not_after_binop = true,
            "T-18" => r.ban_neutral_terms = true,
            other => panic!("unknown option {other}"),
        }
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
    // 39 notes: 29 apply to both modes, 10 to standard mode only.
    assert_eq!(notes, 68, "every note of the table is checked");
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

/// An independent evaluator for the property tests: it builds each side's
/// grouping tree by recursive descent and evaluates it in
/// post-order with the bans and arithmetic of.
// The reference only ever sees binary operators in these matches.
#[allow(clippy::wildcard_enum_match_arm)]
mod reference {
    use binary_scrabble_core::{EquationRules, Face, LogicPrecedence, Precedence};

    pub enum Node {
        Leaf {
            v: i128,
            lit: Option<u8>,
            at: usize,
            too_large: bool,
        },
        Bin {
            op: Face,
            at: usize,
            l: Box<Node>,
            r: Box<Node>,
        },
    }

    fn levels(r: &EquationRules) -> Vec<Vec<Face>> {
        use Face::*;
        match (r.precedence, r.logic_precedence) {
            (Precedence::LeftToRight, _) => vec![vec![Plus, Minus, Times, Divide, And, Or, Xor]],
            (Precedence::Standard, LogicPrecedence::CLike) => vec![
                vec![Or],
                vec![Xor],
                vec![And],
                vec![Plus, Minus],
                vec![Times, Divide],
            ],
            (Precedence::Standard, LogicPrecedence::BooleanAlgebra) => {
                vec![vec![Plus, Minus, Or, Xor], vec![Times, Divide, And]]
            }
        }
    }

    fn operand(t: &[Face], i: &mut usize, base: usize) -> Node {
        let at = base + *i;
        let negated = t[*i] == Face::Not;
        if negated {
            *i += 1;
        }
        let start = *i;
        let mut v: u128 = 0;
        let mut too_large = false;
        while *i < t.len() && t[*i].is_digit() {
            if *i - start >= 64 {
                too_large = true;
            }
            v = (v << 1 | u128::from(t[*i] == Face::One)) & ((1 << 100) - 1);
            *i += 1;
        }
        let w = *i - start;
        if negated {
            let mask = if w >= 64 {
                u128::from(u64::MAX)
            } else {
                (1 << w) - 1
            };
            Node::Leaf {
                v: (mask.wrapping_sub(v) & mask) as i128,
                lit: None,
                at,
                too_large,
            }
        } else {
            let lit = if w == 1 { Some(v as u8) } else { None };
            Node::Leaf {
                v: v as i128,
                lit,
                at,
                too_large,
            }
        }
    }

    fn expr(t: &[Face], i: &mut usize, level: usize, lv: &[Vec<Face>], base: usize) -> Node {
        if level == lv.len() {
            return operand(t, i, base);
        }
        let mut left = expr(t, i, level + 1, lv, base);
        while *i < t.len() && lv[level].contains(&t[*i]) {
            let op = t[*i];
            let at = base + *i;
            *i += 1;
            let right = expr(t, i, level + 1, lv, base);
            left = Node::Bin {
                op,
                at,
                l: Box::new(left),
                r: Box::new(right),
            };
        }
        left
    }

    fn lit(n: &Node) -> Option<u8> {
        match n {
            Node::Leaf { lit, .. } => *lit,
            Node::Bin { .. } => None,
        }
    }

    fn eval(n: &Node, r: &EquationRules) -> Result<i128, String> {
        use Face::*;
        match n {
            Node::Leaf {
                v, at, too_large, ..
            } => {
                if *too_large {
                    Err(format!("TooLarge@{at}"))
                } else {
                    Ok(*v)
                }
            }
            Node::Bin { op, at, l, r: rt } => {
                let a = eval(l, r)?;
                let b = eval(rt, r)?;
                let (la, lb) = (lit(l), lit(rt));
                let either = |d| la == Some(d) || lb == Some(d);
                let banned = match op {
                    Times => r.ban_identity_mul1 && either(1),
                    Divide => r.ban_identity_mul1 && lb == Some(1),
                    Plus => r.ban_identity_add0_sub0 && either(0),
                    Minus => r.ban_identity_add0_sub0 && lb == Some(0),
                    And => r.ban_identity_and1_or0 && either(1),
                    _ => r.ban_identity_and1_or0 && either(0),
                };
                if banned {
                    return Err(format!("IdentityOperation@{at}"));
                }
                // T-18: operands judged by value; AND is never banned.
                let neutral = match op {
                    Plus | Or | Xor => a == 0 || b == 0,
                    Minus => b == 0,
                    Times => a == 1 || b == 1,
                    Divide => b == 1,
                    _ => false,
                };
                if r.ban_neutral_terms && neutral {
                    return Err(format!("IdentityOperation@{at}"));
                }
                let v = match op {
                    Plus => a + b,
                    Minus => {
                        if a - b < 0 && !r.negative_intermediates {
                            return Err(format!("NegativeResult@{at}"));
                        }
                        a - b
                    }
                    Times => a.checked_mul(b).ok_or(format!("TooLarge@{at}"))?,
                    Divide => {
                        if b == 0 {
                            return Err(format!("DivisionByZero@{at}"));
                        }
                        if a % b != 0 {
                            return Err(format!("InexactDivision@{at}"));
                        }
                        a / b
                    }
                    _ => {
                        if a < 0 || b < 0 {
                            return Err(format!("NegativeLogicOperand@{at}"));
                        }
                        match op {
                            And => a & b,
                            Or => a | b,
                            _ => a ^ b,
                        }
                    }
                };
                if v.unsigned_abs() > u128::from(u64::MAX) {
                    return Err(format!("TooLarge@{at}"));
                }
                Ok(v)
            }
        }
    }

    /// The result of a syntactically valid equation, in the spec's notation.
    pub fn check(t: &[Face], r: &EquationRules) -> String {
        let lv = levels(r);
        let mut values = Vec::new();
        let mut start = 0;
        for (k, side) in t.split(|f| *f == Face::Equals).enumerate() {
            let mut i = 0;
            let tree = expr(side, &mut i, 0, &lv, start);
            match eval(&tree, r) {
                Ok(v) if v < 0 => return format!("NegativeSide{{side {k}}}"),
                Ok(v) => values.push(v as u64),
                Err(e) => return e,
            }
            start += side.len() + 1;
        }
        if values.windows(2).all(|w| w[0] == w[1]) {
            format!("={}", values[0])
        } else {
            let list: Vec<String> = values.iter().map(u64::to_string).collect();
            format!("SidesDiffer[{}]", list.join(","))
        }
    }
}

mod properties {
    use super::*;
    use binary_scrabble_core::Face;
    use proptest::prelude::*;

    /// A random operand: a numeral (maybe with a leading zero digit run for
    /// NOT) of 1 to 4 digits.
    fn operand() -> impl Strategy<Value = Vec<Face>> {
        (
            any::<bool>(),
            proptest::collection::vec(any::<bool>(), 1..5),
        )
            .prop_map(|(not, bits)| {
                let digits: Vec<Face> = bits
                    .iter()
                    .map(|&b| if b { Face::One } else { Face::Zero })
                    .collect();
                if not {
                    let mut v = vec![Face::Not];
                    v.extend(digits);
                    v
                } else if digits.len() > 1 && digits[0] == Face::Zero {
                    // A numeral does not start with 0 (unless alone).
                    let mut v = vec![Face::One];
                    v.extend(&digits[1..]);
                    v
                } else {
                    digits
                }
            })
    }

    fn side() -> impl Strategy<Value = Vec<Face>> {
        let op = prop_oneof![
            Just(Face::Plus),
            Just(Face::Minus),
            Just(Face::Times),
            Just(Face::Divide),
            Just(Face::And),
            Just(Face::Or),
            Just(Face::Xor),
        ];
        (operand(), proptest::collection::vec((op, operand()), 0..4)).prop_map(|(first, rest)| {
            let mut v = first;
            for (o, x) in rest {
                v.push(o);
                v.extend(x);
            }
            v
        })
    }

    fn equation() -> impl Strategy<Value = Vec<Face>> {
        proptest::collection::vec(side(), 2..4).prop_map(|sides| sides.join(&Face::Equals))
    }

    fn rules() -> impl Strategy<Value = EquationRules> {
        (any::<[bool; 6]>(), any::<bool>()).prop_map(|(b, l2r)| EquationRules {
            precedence: if l2r {
                Precedence::LeftToRight
            } else {
                Precedence::Standard
            },
            logic_precedence: if b[0] {
                LogicPrecedence::BooleanAlgebra
            } else {
                LogicPrecedence::CLike
            },
            ban_identity_mul1: b[1],
            ban_identity_add0_sub0: b[2],
            ban_identity_and1_or0: b[3],
            negative_intermediates: b[4],
            xor: true,
            not_after_binop: true,
            ban_neutral_terms: b[5],
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        /// The checker agrees with an independent tree evaluator on
        /// syntactically valid equations, under random options.
        #[test]
        fn checker_matches_a_tree_evaluator(tokens in equation(), rules in rules()) {
            let got = match Checker::new(rules).check(&tokens) {
                Ok(v) => format!("={v}"),
                Err(e) => e.code(),
            };
            prop_assert_eq!(got, reference::check(&tokens, &rules), "{}", Equation(tokens.clone()));
        }

        /// The text form round-trips for any token string, and checking
        /// never panics.
        #[test]
        fn text_round_trips_and_check_never_panics(
            idx in proptest::collection::vec(0usize..11, 0..40),
            rules in rules(),
        ) {
            let tokens: Vec<Face> = idx.iter().map(|&i| Face::ALL[i]).collect();
            let eq = Equation(tokens.clone());
            let back: Equation = eq.to_string().parse().unwrap();
            prop_assert_eq!(back.tokens(), &tokens[..]);
            let _ = Checker::new(rules).check(&tokens);
        }
    }
}

/// One row of section 12.5 (T-18 on): id, text, standard result,
/// left-to-right result; an error names its rule (T-18 unless a row says).
type NeutralRow = (u32, &'static str, &'static str, &'static str);

const NEUTRAL_ROWS: &[NeutralRow] = &[
    (1, "1+1=10", "=2", "=2"),
    (2, "1+1=10+0+0+0x1x1", "T-18@6", "T-18@6"),
    (3, "1+1=10x1", "T-18@6", "T-18@6"),
    (4, "1+1=10+0x11", "T-18@6", "T-18@6"),
    (5, "110/110x11=11", "T-18@7", "T-18@7"),
    (6, "NOT 1+1=1", "T-18@2", "T-18@2"),
    (7, "1-1+1-1=0=0+0", "T-18@3", "T-18@3"),
    (8, "11 OR 10 AND 101=11", "T-18@2", "SidesDiffer[1,3]"),
    (9, "0x10=0", "=0", "=0"),
    (10, "10-10=0", "=0", "=0"),
    (11, "101 AND 1=1", "=1", "=1"),
    (12, "1 AND 10+1=1", "=1", "T-18@4"),
    (13, "10-1x11=11", "T-18@4", "T-18@4"),
    (14, "1+1x10=100", "T-18@3", "=4"),
];

/// A result with the ban's rule: `=v`, `T-18@6`, or the spec's code.
fn neutral_result(text: &str, rules: EquationRules) -> String {
    let eq: Equation = text.parse().expect("table text parses");
    match Checker::new(rules).check(eq.tokens()) {
        Ok(v) => format!("={v}"),
        Err(binary_scrabble_core::EquationError::IdentityOperation { rule, at }) => {
            format!("{rule}@{at}")
        }
        Err(e) => e.code(),
    }
}

fn neutral(precedence: Precedence) -> EquationRules {
    EquationRules {
        precedence,
        ban_neutral_terms: true,
        ..EquationRules::default()
    }
}

#[test]
fn n_table_neutral_terms() {
    let mut failures = Vec::new();
    for &(n, text, std, l2r) in NEUTRAL_ROWS {
        for (mode, want) in [(Precedence::Standard, std), (Precedence::LeftToRight, l2r)] {
            let got = neutral_result(text, neutral(mode));
            if got != want {
                failures.push(format!("N-{n} {text:?} {mode:?}: got {got}, want {want}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn n2_and_n3_which_rule_is_named() {
    let with = |text: &str, t2: bool, t3: bool| {
        neutral_result(
            text,
            EquationRules {
                ban_identity_mul1: t2,
                ban_identity_add0_sub0: t3,
                ..neutral(Precedence::Standard)
            },
        )
    };
    // N-2: at one node T-3 comes before T-18; T-2's node comes later in
    // post-order than T-18's `10+0`.
    assert_eq!(with("1+1=10+0+0+0x1x1", false, true), "T-3@6");
    assert_eq!(with("1+1=10+0+0+0x1x1", true, false), "T-18@6");
    // N-3 and section 9: with T-2 also on, T-2 is named.
    assert_eq!(with("1+1=10x1", true, false), "T-2@6");
    // Section 9: the literal bans alone miss the padding of N-4.
    let literal_bans = EquationRules {
        ban_identity_mul1: true,
        ban_identity_add0_sub0: true,
        ban_identity_and1_or0: true,
        ..EquationRules::default()
    };
    assert_eq!(neutral_result("1+1=10+0x11", literal_bans), "=2");
}

#[test]
fn n8_n13_n14_without_the_ban() {
    // N-8 in L2R and N-13, N-14 as the spec gives them without T-18.
    let off = |p| EquationRules {
        precedence: p,
        ..EquationRules::default()
    };
    assert_eq!(
        neutral_result("11 OR 10 AND 101=11", off(Precedence::LeftToRight)),
        "SidesDiffer[1,3]"
    );
    assert_eq!(
        neutral_result("10-1x11=11", off(Precedence::LeftToRight)),
        "=3"
    );
    assert_eq!(
        neutral_result("1+1x10=100", off(Precedence::Standard)),
        "SidesDiffer[3,4]"
    );
}

#[test]
fn t16_default_changed_from_on_to_off() {
    // Q-22 under the old default (T-16 on) and the new one (off).
    let text = "1 AND NOT 10=1";
    let old = EquationRules {
        not_after_binop: true,
        ..EquationRules::default()
    };
    assert_eq!(result(text, old), "=1");
    assert_eq!(result(text, EquationRules::default()), "NotAfterOperator@2");
    // NOT still starts a side (R-11 f).
    assert_eq!(result("110=NOT 001", EquationRules::default()), "=6");
}
