//! The notation kit (game-core) on the configs of the conformance tests,
//! and the examples of "Move notation" in RULES.md.

use crate::common;
use crate::configs;

use common::Script;
use configs::{configs, custom_configs, low_balance_configs};
use game_core::testkit::notation_conformance;
use game_core::{Game, Notation, NotationReason, Seat};
use market_island_core::{Action, Config, MarketIsland, Phase};

#[test]
fn notation_reads_back_on_every_config() {
    let mut all = configs();
    all.extend(low_balance_configs());
    all.extend(custom_configs());
    notation_conformance::<MarketIsland>(&all, 8);
}

/// EX-6(b)'s turn 2: seat 1, an Axe holder, draws 7S and 8S.
fn axe_holder_decides() -> Script {
    let mut t = Script::new(Config {
        seats: 3,
        start_seat: Some(Seat(0)),
        ..Config::default()
    });
    t.wc("9C");
    t.move_and_draw(1, "A-QC");
    t.move_and_draw(2, "E-2C");
    t.move_and_draw(4, "I-2H");
    for (seat, f) in [(0, "4S"), (1, "5S"), (2, "6S")] {
        t.mine_draw(f);
        t.act(seat, Action::Decline);
    }
    t.move_and_draw(2, "A-JC");
    t.move_and_draw(1, "A-2D");
    t.move_and_draw(2, "E-3S");
    t.mine_draw("7S");
    t.mine_draw("8S");
    assert_eq!(t.s.phase(), Phase::Decide { seat: Seat(1) });
    t
}

#[test]
fn rules_md_examples() {
    let t = axe_holder_decides();
    let (g, s) = (&t.g, &t.s);
    let read = |text: &str| g.read_notation(s, Seat(1), text);
    assert_eq!(g.write_notation(s, &Action::Keep(0)), "keep 7S");
    assert_eq!(g.write_notation(s, &Action::Keep(1)), "keep 8S");
    assert_eq!(g.write_notation(s, &Action::Decline), "decline");
    assert_eq!(read("KEEP 8s"), Ok(Action::Keep(1)));
    assert_eq!(read("keep 0"), Ok(Action::Keep(0)));
    assert_eq!(read("  Decline "), Ok(Action::Decline));
    assert_eq!(read("mine"), Ok(Action::Mine));
    let e = read("keep 9S").unwrap_err();
    assert_eq!(e.at, 5);
    assert_eq!(
        e.reason,
        NotationReason::Mismatch {
            found: "9S".into(),
            expected: "the drawn cards are 7S and 8S".into()
        }
    );
}

#[test]
fn parse_errors_name_the_word() {
    let t = axe_holder_decides();
    let e = t.g.read_notation(&t.s, Seat(1), "keep 8X").unwrap_err();
    assert_eq!(e.at, 5);
    assert!(matches!(e.reason, NotationReason::Unexpected { .. }));
    let e = t.g.read_notation(&t.s, Seat(1), "buy").unwrap_err();
    assert_eq!(
        (e.at, e.reason.to_string()),
        (0, "\"buy\" is not decline, mine or keep".to_owned())
    );
    let e = t.g.read_notation(&t.s, Seat(1), "keep").unwrap_err();
    assert!(matches!(e.reason, NotationReason::Missing { .. }));
    // A seat without two drawn cards names the card by its index only.
    let g = MarketIsland::new(Config::default()).unwrap();
    let s = g.initial_state();
    assert_eq!(g.write_notation(&s, &Action::Keep(1)), "keep 1");
    let e = g.read_notation(&s, Seat(0), "keep 7S").unwrap_err();
    assert!(matches!(e.reason, NotationReason::Mismatch { .. }));
}
