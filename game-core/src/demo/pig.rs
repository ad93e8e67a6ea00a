//! Pig: the smallest game with dice chance and scores.
//!
//! A worked example of [`Game`], read top to bottom:
//!
//! - **Config** ([`PigConfig`]): plain data with serde defaults and
//!   `deny_unknown_fields`, validated once in [`Game::new`], which reports a
//!   bad field with [`Error::config`].
//! - **Rules object** ([`Pig`]): the validated config plus anything derived
//!   from it once (here the zeroed score table); passed by `&self`.
//! - **State** ([`PigState`]): small plain data with no heap (`BySeat`), no
//!   RNG. The die "in the air" is a flag: the face is not chosen until the
//!   chance node is resolved, so the state never knows the future.
//! - **Turn**: [`Game::to_act`] says who moves; `legal_actions` lists
//!   `Roll`, and `Hold` only with a turn total to bank; `check` runs the
//!   shared checks first ([`ToAct::check_seat`]) then the game's own rule
//!   ([`PigError::NothingToHold`]); `apply` calls `check` before touching
//!   anything, so it is atomic.
//! - **Chance**: six faces of weight 1; `apply_chance` refuses any other face.
//! - **Bounds**: `max_steps` is derived from the rules (each non-1 roll adds
//!   at least 2), and the conformance kit checks it holds.
//! - **Observation**: everything is public, so the observation is the state,
//!   and [`Determinize`] is the identity.

use serde::{Deserialize, Serialize};

use crate::{
    BySeat, Determinize, Error, Game, GameRng, Outcome, Render, RuleError, Seat, ToAct, Viewer,
};

/// The most seats a game of Pig seats.
pub const MAX_PIG_SEATS: usize = 4;

/// Table choices for Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PigConfig {
    /// Number of players, 2 to 4.
    pub seats: u8,
    /// Banked points that win, 1 to 1000.
    pub target: u32,
    /// Turns after which the game stops and scores decide, 1 to 10000.
    pub max_turns: u32,
}

impl Default for PigConfig {
    fn default() -> Self {
        PigConfig {
            seats: 2,
            target: 30,
            max_turns: 200,
        }
    }
}

/// A seat's choice: roll the die again, or bank the turn total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum PigAction {
    /// Roll the die: a 1 loses the turn total, anything else adds to it.
    Roll,
    /// Bank the turn total and pass the die (only with a positive total).
    Hold,
}

/// The face a die roll came out as, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Die(pub u8);

/// A position of Pig; everything is public.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PigState {
    /// Banked points per seat.
    pub scores: BySeat<u32, MAX_PIG_SEATS>,
    /// Points rolled this turn, not yet banked.
    pub turn_total: u32,
    /// Whose turn it is.
    pub current: Seat,
    /// Turns completed.
    pub turns: u32,
    /// A roll was asked for and the die is in the air.
    pub rolling: bool,
    /// Someone reached the target or the turn limit was hit.
    pub over: bool,
}

/// Why a Pig action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PigError {
    /// A rule every game shares.
    #[error(transparent)]
    Core(#[from] Error),
    /// Holding with a turn total of 0 would only pass the die.
    #[error("nothing to hold: the turn total is 0")]
    NothingToHold,
}

impl RuleError for PigError {
    /// Pig has no rules document: no variant names a rule id.
    fn rule(&self) -> Option<&'static str> {
        match self {
            PigError::Core(e) => e.rule(),
            PigError::NothingToHold => None,
        }
    }

    fn core(&self) -> Option<&Error> {
        match self {
            PigError::Core(e) => Some(e),
            PigError::NothingToHold => None,
        }
    }
}

/// The rules object of Pig.
#[derive(Clone, Debug)]
pub struct Pig {
    config: PigConfig,
    start_scores: BySeat<u32, MAX_PIG_SEATS>,
}

impl Pig {
    fn end_turn(&self, s: &mut PigState) {
        s.turn_total = 0;
        s.turns += 1;
        if s.turns >= self.config.max_turns {
            s.over = true;
        } else {
            s.current = s.current.next(self.seats());
        }
    }
}

impl Game for Pig {
    const NAME: &'static str = "pig";
    const RULES_VERSION: u32 = 1;
    type Config = PigConfig;
    type State = PigState;
    type Action = PigAction;
    type Chance = Die;
    type Obs = PigState;
    type Error = PigError;

    fn new(config: PigConfig) -> Result<Self, PigError> {
        let Some(start_scores) =
            BySeat::new(usize::from(config.seats), 0).filter(|_| config.seats >= 2)
        else {
            return Err(Error::config("seats", config.seats, "2 to 4").into());
        };
        if !(1..=1000).contains(&config.target) {
            return Err(Error::config("target", config.target, "1 to 1000").into());
        }
        if !(1..=10_000).contains(&config.max_turns) {
            return Err(Error::config("max_turns", config.max_turns, "1 to 10000").into());
        }
        Ok(Pig {
            config,
            start_scores,
        })
    }

    fn config(&self) -> &PigConfig {
        &self.config
    }

    fn seats(&self) -> usize {
        usize::from(self.config.seats)
    }

    fn initial_state(&self) -> PigState {
        PigState {
            scores: self.start_scores,
            turn_total: 0,
            current: Seat(0),
            turns: 0,
            rolling: false,
            over: false,
        }
    }

    fn to_act(&self, s: &PigState) -> ToAct {
        if s.over {
            ToAct::Over
        } else if s.rolling {
            ToAct::Chance
        } else {
            ToAct::Seat(s.current)
        }
    }

    fn legal_actions(&self, s: &PigState, seat: Seat, out: &mut Vec<PigAction>) {
        out.clear();
        if self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        out.push(PigAction::Roll);
        if s.turn_total > 0 {
            out.push(PigAction::Hold);
        }
    }

    fn check(&self, s: &PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        match a {
            PigAction::Roll => Ok(()),
            PigAction::Hold if s.turn_total == 0 => Err(PigError::NothingToHold),
            PigAction::Hold => Ok(()),
        }
    }

    fn apply(&self, s: &mut PigState, seat: Seat, a: &PigAction) -> Result<(), PigError> {
        self.check(s, seat, a)?;
        match a {
            PigAction::Roll => s.rolling = true,
            PigAction::Hold => {
                s.scores[seat] += s.turn_total;
                self.end_turn(s);
            }
        }
        Ok(())
    }

    fn chance_outcomes(&self, s: &PigState, out: &mut Vec<(Die, u32)>) {
        out.clear();
        if self.to_act(s) == ToAct::Chance {
            out.extend((1..=6).map(|f| (Die(f), 1)));
        }
    }

    fn apply_chance(&self, s: &mut PigState, c: &Die) -> Result<(), PigError> {
        self.to_act(s).check_chance()?;
        if !(1..=6).contains(&c.0) {
            return Err(Error::BadChance.into());
        }
        s.rolling = false;
        if c.0 == 1 {
            self.end_turn(s);
            return Ok(());
        }
        s.turn_total += u32::from(c.0);
        // Reaching the target banks at once and ends the game.
        if s.scores[s.current] + s.turn_total >= self.config.target {
            s.scores[s.current] += s.turn_total;
            s.turn_total = 0;
            s.over = true;
        }
        Ok(())
    }

    fn observe(&self, s: &PigState, _v: Viewer) -> PigState {
        s.clone()
    }

    fn outcome(&self, s: &PigState) -> Option<Outcome> {
        s.over.then(|| {
            Outcome::from_scores(s.scores.as_slice().iter().map(|&v| i64::from(v)).collect())
        })
    }

    fn max_steps(&self) -> usize {
        // Each roll that is not a 1 adds at least 2, so a turn holds at most
        // target/2 + 1 rolls (two steps each: the action and the die) and a hold.
        let per_turn = 2 * (self.config.target as usize / 2 + 1) + 1;
        self.config.max_turns as usize * per_turn
    }

    fn check_state(&self, s: &PigState) -> Result<(), PigError> {
        if s.scores.len() != self.seats() {
            return Err(Error::state("scores", "one score per seat").into());
        }
        if s.current.index() >= self.seats() {
            return Err(Error::state("current", "seat not at the table").into());
        }
        if s.turns > self.config.max_turns || (s.turns == self.config.max_turns && !s.over) {
            return Err(Error::state("turns", "beyond max_turns").into());
        }
        let current = s.scores.as_slice()[s.current.index()];
        if !s.over && current.saturating_add(s.turn_total) >= self.config.target {
            return Err(Error::state("scores", "target reached but game not over").into());
        }
        if s.over && s.rolling {
            return Err(Error::state("rolling", "die in the air after the end").into());
        }
        Ok(())
    }
}

impl Determinize for Pig {
    fn determinize(&self, s: &PigState, _seat: Seat, _rng: &mut GameRng) -> PigState {
        s.clone()
    }
}

impl Render for Pig {
    fn render_obs(&self, s: &PigState) -> String {
        let scores: Vec<String> = s
            .scores
            .iter()
            .map(|(seat, v)| format!("{seat}: {v}"))
            .collect();
        format!(
            "scores [{}], target {}\n{} to play, turn total {}, turn {}/{}",
            scores.join(", "),
            self.config.target,
            s.current,
            s.turn_total,
            s.turns + 1,
            self.config.max_turns
        )
    }

    fn render_action(&self, a: &PigAction) -> String {
        match a {
            PigAction::Roll => "roll".into(),
            PigAction::Hold => "hold".into(),
        }
    }

    fn render_chance(&self, c: &Die) -> String {
        format!("rolled {}", c.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConfigError;

    fn pig() -> Pig {
        Pig::new(PigConfig::default()).unwrap()
    }

    #[test]
    fn a_one_loses_the_turn_total_and_passes_the_die() {
        let g = pig();
        let mut s = g.initial_state();
        g.apply(&mut s, Seat(0), &PigAction::Roll).unwrap();
        g.apply_chance(&mut s, &Die(5)).unwrap();
        assert_eq!(s.turn_total, 5);
        g.apply(&mut s, Seat(0), &PigAction::Roll).unwrap();
        g.apply_chance(&mut s, &Die(1)).unwrap();
        assert_eq!(s.turn_total, 0);
        assert_eq!(s.scores[Seat(0)], 0);
        assert_eq!(g.to_act(&s), ToAct::Seat(Seat(1)));
    }

    #[test]
    fn holding_banks_and_reaching_the_target_ends_the_game() {
        let g = Pig::new(PigConfig {
            target: 8,
            ..PigConfig::default()
        })
        .unwrap();
        let mut s = g.initial_state();
        g.apply(&mut s, Seat(0), &PigAction::Roll).unwrap();
        g.apply_chance(&mut s, &Die(4)).unwrap();
        g.apply(&mut s, Seat(0), &PigAction::Hold).unwrap();
        assert_eq!(s.scores[Seat(0)], 4);
        g.apply(&mut s, Seat(1), &PigAction::Roll).unwrap();
        g.apply_chance(&mut s, &Die(6)).unwrap();
        g.apply(&mut s, Seat(1), &PigAction::Roll).unwrap();
        g.apply_chance(&mut s, &Die(2)).unwrap();
        assert_eq!(g.to_act(&s), ToAct::Over);
        let o = g.outcome(&s).unwrap();
        assert_eq!(o.scores, vec![4, 8]);
        assert_eq!(o.places, vec![2, 1]);
    }

    #[test]
    fn holding_nothing_is_refused_and_changes_nothing() {
        let g = pig();
        let mut s = g.initial_state();
        let before = s.clone();
        assert_eq!(
            g.apply(&mut s, Seat(0), &PigAction::Hold),
            Err(PigError::NothingToHold)
        );
        assert_eq!(s, before);
    }

    #[test]
    fn config_out_of_range_names_the_field() {
        let e = Pig::new(PigConfig {
            seats: 9,
            ..PigConfig::default()
        })
        .unwrap_err();
        assert!(
            matches!(e, PigError::Core(Error::Config(ConfigError { ref field, .. })) if field == "seats")
        );
    }
}
