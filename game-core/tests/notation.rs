//! The notation kit on the demo games, on the configs of their conformance
//! tests, and a broken notation it must catch.

use crate::common;

use common::{high_card_configs, pig_configs};
use game_core::demo::{
    Die, HighCard, HighCardAction, HighCardConfig, Pig, PigAction, PigConfig, PigError, PigState,
};
use game_core::testkit::{check_notation, notation_conformance};
use game_core::{Game, Notation, NotationError, NotationReason, Outcome, Seat, ToAct, Viewer};

#[test]
fn pig_notation_reads_back() {
    notation_conformance::<Pig>(&pig_configs(), 16);
}

#[test]
fn high_card_notation_reads_back() {
    notation_conformance::<HighCard>(&high_card_configs(), 16);
}

#[test]
fn demo_notation_examples() {
    let pig = Pig::new(PigConfig::default()).unwrap();
    let s = pig.initial_state();
    assert_eq!(pig.write_notation(&s, &PigAction::Hold), "hold");
    assert_eq!(pig.read_notation(&s, Seat(1), "Roll"), Ok(PigAction::Roll));
    let hc = HighCard::new(HighCardConfig::default()).unwrap();
    let s = hc.initial_state();
    assert_eq!(hc.write_notation(&s, &HighCardAction::Fold), "fold");
    assert_eq!(
        hc.read_notation(&s, Seat(0), "  CALL"),
        Ok(HighCardAction::Call)
    );
}

/// Pig whose notation writes `roll` for both actions when `SAME`, or reads
/// `hold` as roll when not.
#[derive(Clone, Debug)]
struct BadNotationPig<const SAME: bool>(Pig);

impl<const SAME: bool> Game for BadNotationPig<SAME> {
    const NAME: &'static str = "bad-notation-pig";
    const RULES_VERSION: u32 = 1;
    type Config = PigConfig;
    type State = PigState;
    type Action = PigAction;
    type Chance = Die;
    type Obs = PigState;
    type Error = PigError;

    fn new(config: PigConfig) -> Result<Self, PigError> {
        Pig::new(config).map(BadNotationPig)
    }
    fn config(&self) -> &PigConfig {
        self.0.config()
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn initial_state(&self) -> PigState {
        self.0.initial_state()
    }
    fn to_act(&self, s: &PigState) -> ToAct {
        self.0.to_act(s)
    }
    fn legal_actions(&self, s: &PigState, seat: Seat, out: &mut Vec<PigAction>) {
        self.0.legal_actions(s, seat, out);
    }
    fn check(&self, s: &PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.0.check(s, seat, a)
    }
    fn apply(&self, s: &mut PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.0.apply(s, seat, a)
    }
    fn chance_outcomes(&self, s: &PigState, out: &mut Vec<(Die, u32)>) {
        self.0.chance_outcomes(s, out);
    }
    fn apply_chance(&self, s: &mut PigState, c: &Die) -> Result<(), PigError> {
        self.0.apply_chance(s, c)
    }
    fn observe(&self, s: &PigState, v: Viewer) -> PigState {
        self.0.observe(s, v)
    }
    fn outcome(&self, s: &PigState) -> Option<Outcome> {
        self.0.outcome(s)
    }
    fn max_steps(&self) -> usize {
        self.0.max_steps()
    }
    fn check_state(&self, s: &PigState) -> Result<(), PigError> {
        self.0.check_state(s)
    }
}

impl<const SAME: bool> Notation for BadNotationPig<SAME> {
    fn write_notation(&self, s: &PigState, a: &PigAction) -> String {
        if SAME {
            "roll".into()
        } else {
            self.0.write_notation(s, a)
        }
    }
    fn read_notation(
        &self,
        s: &PigState,
        seat: Seat,
        text: &str,
    ) -> Result<PigAction, NotationError> {
        if !SAME && text.trim().eq_ignore_ascii_case("hold") {
            return Err(NotationError::new(
                0,
                NotationReason::Unexpected {
                    found: text.into(),
                    expected: "roll",
                },
            ));
        }
        self.0.read_notation(s, seat, text)
    }
}

#[test]
fn the_kit_catches_a_shared_notation_and_a_refused_one() {
    let shared = check_notation::<BadNotationPig<true>>(&pig_configs(), 4).unwrap_err();
    assert_eq!(shared.check, "notation reads back", "{shared}");
    let refused = check_notation::<BadNotationPig<false>>(&pig_configs(), 4).unwrap_err();
    assert_eq!(refused.check, "notation reads back", "{refused}");
    assert!(refused.detail.contains("refused"), "{refused}");
    assert_eq!(
        check_notation::<Pig>(&[], 4).unwrap_err().check,
        "configs given"
    );
}
