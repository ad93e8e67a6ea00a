//! High card: the smallest game with hidden cards (Kuhn poker's shape).
//!
//! Two seats ante, each is dealt one card from a small deck, then seat 0
//! checks or bets; the betting closes after at most three actions. A fold
//! gives the pot to the other seat; a showdown gives it to the higher card.
//!
//! Move notation ([`crate::Notation`]): `check` | `bet` | `call` | `fold`,
//! read in any case, or by one letter (`k` for check, `b`, `c`, `f`).

use serde::{Deserialize, Serialize};

use crate::{
    Deck, Determinize, Error, Game, GameRng, Outcome, Render, RuleError, Seat, ToAct, Viewer,
};

/// Table choices for high card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HighCardConfig {
    /// Cards in the deck, ranked 1 to `deck_size`; 3 to 13.
    pub deck_size: u8,
    /// Chips each seat puts in before the deal, 1 to 100.
    pub ante: u32,
    /// Size of a bet or call, 1 to 100.
    pub bet: u32,
}

impl Default for HighCardConfig {
    fn default() -> Self {
        HighCardConfig {
            deck_size: 3,
            ante: 1,
            bet: 1,
        }
    }
}

/// A betting action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum HighCardAction {
    /// Pass without betting (only when no bet is open).
    Check,
    /// Put in one bet (only when no bet is open).
    Bet,
    /// Match the open bet and go to the showdown.
    Call,
    /// Give up the pot to the other seat.
    Fold,
}

/// A position of high card, both hands included.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HighCardState {
    /// Cards not dealt.
    pub deck: Deck<u8>,
    /// Each seat's card, once dealt.
    pub hands: [Option<u8>; 2],
    /// The betting so far, at most three actions.
    pub history: Vec<HighCardAction>,
}

/// What a viewer sees: its own card, the betting, and both cards only after a showdown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HighCardObs {
    /// The viewer's seat, if a seat.
    pub seat: Option<Seat>,
    /// The viewer's own card, once dealt.
    pub own_card: Option<u8>,
    /// Both cards, shown only at a showdown.
    pub shown: Option<[u8; 2]>,
    /// The betting so far.
    pub history: Vec<HighCardAction>,
    /// Cards the viewer has not seen (the deck and the other hand), sorted.
    pub unseen: Vec<u8>,
}

/// Why a high-card action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HighCardError {
    /// A rule every game shares.
    #[error(transparent)]
    Core(#[from] Error),
    /// Check and bet need no open bet; call and fold need one.
    #[error("{action:?} is not allowed after {history:?}")]
    OutOfSequence {
        /// The action tried.
        action: HighCardAction,
        /// The betting so far.
        history: Vec<HighCardAction>,
    },
}

impl RuleError for HighCardError {
    /// High card has no rules document: no variant names a rule id.
    fn rule(&self) -> Option<&'static str> {
        match self {
            HighCardError::Core(e) => e.rule(),
            HighCardError::OutOfSequence { .. } => None,
        }
    }

    fn core(&self) -> Option<&Error> {
        match self {
            HighCardError::Core(e) => Some(e),
            HighCardError::OutOfSequence { .. } => None,
        }
    }
}

/// The rules object of high card.
#[derive(Clone, Debug)]
pub struct HighCard {
    pub(super) config: HighCardConfig,
}

/// How the betting stands after a history.
enum Betting {
    /// The seat to act and whether a bet is open.
    Open { seat: Seat, facing_bet: bool },
    /// Someone folded: the other seat takes the pot.
    Folded { winner: Seat },
    /// Both cards are compared.
    Showdown,
}

impl HighCard {
    fn betting(history: &[HighCardAction]) -> Betting {
        use HighCardAction::{Bet, Check, Fold};
        match history {
            [] => Betting::Open {
                seat: Seat(0),
                facing_bet: false,
            },
            [Check] => Betting::Open {
                seat: Seat(1),
                facing_bet: false,
            },
            [Bet] => Betting::Open {
                seat: Seat(1),
                facing_bet: true,
            },
            [Check, Bet] => Betting::Open {
                seat: Seat(0),
                facing_bet: true,
            },
            [Bet, Fold] => Betting::Folded { winner: Seat(0) },
            [Check, Bet, Fold] => Betting::Folded { winner: Seat(1) },
            _ => Betting::Showdown,
        }
    }

    fn dealt(s: &HighCardState) -> bool {
        s.hands.iter().all(Option::is_some)
    }

    /// Chips each seat has put in.
    fn stakes(&self, history: &[HighCardAction]) -> [u32; 2] {
        let mut stakes = [self.config.ante; 2];
        for (i, a) in history.iter().enumerate() {
            // Seats alternate from seat 0 whatever the actions.
            let seat = i % 2;
            if matches!(a, HighCardAction::Bet | HighCardAction::Call) {
                stakes[seat] += self.config.bet;
            }
        }
        stakes
    }
}

impl Game for HighCard {
    const NAME: &'static str = "high-card";
    const RULES_VERSION: u32 = 1;
    type Config = HighCardConfig;
    type State = HighCardState;
    type Action = HighCardAction;
    type Chance = u8;
    type Obs = HighCardObs;
    type Error = HighCardError;

    fn new(config: HighCardConfig) -> Result<Self, HighCardError> {
        if !(3..=13).contains(&config.deck_size) {
            return Err(Error::config("deck_size", config.deck_size, "3 to 13").into());
        }
        if !(1..=100).contains(&config.ante) {
            return Err(Error::config("ante", config.ante, "1 to 100").into());
        }
        if !(1..=100).contains(&config.bet) {
            return Err(Error::config("bet", config.bet, "1 to 100").into());
        }
        Ok(HighCard { config })
    }

    fn config(&self) -> &HighCardConfig {
        &self.config
    }

    fn seats(&self) -> usize {
        2
    }

    fn initial_state(&self) -> HighCardState {
        HighCardState {
            deck: Deck::new(1..=self.config.deck_size),
            hands: [None, None],
            history: Vec::new(),
        }
    }

    fn to_act(&self, s: &HighCardState) -> ToAct {
        if !Self::dealt(s) {
            return ToAct::Chance;
        }
        match Self::betting(&s.history) {
            Betting::Open { seat, .. } => ToAct::Seat(seat),
            Betting::Folded { .. } | Betting::Showdown => ToAct::Over,
        }
    }

    fn legal_actions(&self, s: &HighCardState, seat: Seat, out: &mut Vec<HighCardAction>) {
        out.clear();
        if self.to_act(s) != ToAct::Seat(seat) {
            return;
        }
        if let Betting::Open { facing_bet, .. } = Self::betting(&s.history) {
            if facing_bet {
                out.extend([HighCardAction::Call, HighCardAction::Fold]);
            } else {
                out.extend([HighCardAction::Check, HighCardAction::Bet]);
            }
        }
    }

    fn check(
        &self,
        s: &HighCardState,
        seat: Seat,
        a: &HighCardAction,
    ) -> Result<(), HighCardError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        let facing_bet = matches!(
            Self::betting(&s.history),
            Betting::Open {
                facing_bet: true,
                ..
            }
        );
        let needs_bet = matches!(a, HighCardAction::Call | HighCardAction::Fold);
        if needs_bet != facing_bet {
            return Err(HighCardError::OutOfSequence {
                action: *a,
                history: s.history.clone(),
            });
        }
        Ok(())
    }

    fn apply(
        &self,
        s: &mut HighCardState,
        seat: Seat,
        a: &HighCardAction,
    ) -> Result<(), HighCardError> {
        self.check(s, seat, a)?;
        s.history.push(*a);
        Ok(())
    }

    fn chance_outcomes(&self, s: &HighCardState, out: &mut Vec<(u8, u32)>) {
        out.clear();
        if self.to_act(s) == ToAct::Chance {
            s.deck.extend_draw_outcomes(out);
        }
    }

    fn apply_chance(&self, s: &mut HighCardState, c: &u8) -> Result<(), HighCardError> {
        self.to_act(s).check_chance()?;
        s.deck.take_unseen(c).map_err(|_| Error::BadChance)?;
        // Cards are dealt to seat 0, then seat 1.
        if let Some(slot) = s.hands.iter_mut().find(|h| h.is_none()) {
            *slot = Some(*c);
        }
        Ok(())
    }

    fn observe(&self, s: &HighCardState, v: Viewer) -> HighCardObs {
        let seat = v.seat().filter(|s| s.index() < 2);
        let own_card = seat.and_then(|seat| s.hands[seat.index()]);
        let shown = match (Self::dealt(s), Self::betting(&s.history), s.hands) {
            (true, Betting::Showdown, [Some(a), Some(b)]) => Some([a, b]),
            _ => None,
        };
        let mut unseen: Vec<u8> = Vec::new();
        if shown.is_none() {
            for (card, n) in s.deck.unseen() {
                unseen.extend(std::iter::repeat_n(*card, *n as usize));
            }
            for (i, h) in s.hands.iter().enumerate() {
                if let Some(c) = h
                    && seat.map(Seat::index) != Some(i)
                {
                    unseen.push(*c);
                }
            }
            unseen.sort_unstable();
        }
        HighCardObs {
            seat,
            own_card,
            shown,
            history: s.history.clone(),
            unseen,
        }
    }

    fn outcome(&self, s: &HighCardState) -> Option<Outcome> {
        if self.to_act(s) != ToAct::Over {
            return None;
        }
        let stakes = self.stakes(&s.history);
        let winner = match Self::betting(&s.history) {
            Betting::Folded { winner } => winner,
            Betting::Showdown | Betting::Open { .. } => {
                if s.hands[0] > s.hands[1] {
                    Seat(0)
                } else {
                    Seat(1)
                }
            }
        };
        let loser = 1 - winner.index();
        let won = i64::from(stakes[loser]);
        let mut scores = vec![-won; 2];
        scores[winner.index()] = won;
        Some(Outcome::from_scores(scores))
    }

    fn max_steps(&self) -> usize {
        // Two deals and at most three betting actions.
        5
    }

    fn check_state(&self, s: &HighCardState) -> Result<(), HighCardError> {
        s.deck.check().map_err(Error::BadState)?;
        let mut cards: Vec<u8> = s.hands.iter().flatten().copied().collect();
        for (card, n) in s.deck.unseen() {
            cards.extend(std::iter::repeat_n(*card, *n as usize));
        }
        cards.extend(s.deck.queue().iter().map(|(c, ())| *c));
        cards.sort_unstable();
        if cards != (1..=self.config.deck_size).collect::<Vec<_>>() {
            return Err(Error::state("deck", "cards are not exactly one of each rank").into());
        }
        if s.hands[0].is_none() && s.hands[1].is_some() {
            return Err(Error::state("hands", "seat 1 dealt before seat 0").into());
        }
        if !s.history.is_empty() && !Self::dealt(s) {
            return Err(Error::state("history", "betting before the deal").into());
        }
        let mut replay = Vec::new();
        for a in &s.history {
            let open = matches!(Self::betting(&replay), Betting::Open { .. });
            let facing = matches!(
                Self::betting(&replay),
                Betting::Open {
                    facing_bet: true,
                    ..
                }
            );
            let needs_bet = matches!(a, HighCardAction::Call | HighCardAction::Fold);
            if !open || needs_bet != facing {
                return Err(Error::state("history", "impossible betting sequence").into());
            }
            replay.push(*a);
        }
        Ok(())
    }

    fn public_chance(&self, s: &HighCardState, c: &u8, v: Viewer) -> Option<u8> {
        // The card goes to the first seat without one; only that seat sees it.
        let receiver = s.hands.iter().position(Option::is_none);
        (v.seat().map(Seat::index) == receiver).then_some(*c)
    }
}

impl Determinize for HighCard {
    fn determinize(&self, s: &HighCardState, seat: Seat, rng: &mut GameRng) -> HighCardState {
        let mut out = s.clone();
        let showdown = Self::dealt(s) && matches!(Self::betting(&s.history), Betting::Showdown);
        if showdown {
            return out;
        }
        // Pool the cards `seat` has not seen and deal the other hand from it.
        let other = 1 - seat.index().min(1);
        let mut pool: Vec<u8> = Vec::new();
        for (card, n) in s.deck.unseen() {
            pool.extend(std::iter::repeat_n(*card, *n as usize));
        }
        if let Some(card) = s.hands[other] {
            pool.push(card);
            let pick = rng.below(pool.len() as u32) as usize;
            let card = pool.swap_remove(pick);
            out.hands[other] = Some(card);
            out.deck = Deck::new(pool);
        }
        out
    }
}

impl Render for HighCard {
    fn render_obs(&self, o: &HighCardObs) -> String {
        let own = o
            .own_card
            .map_or_else(|| "none".to_owned(), |c| c.to_string());
        let history: Vec<String> = o.history.iter().map(|a| self.render_action(a)).collect();
        let mut text = format!(
            "deck 1..={}, your card: {own}, betting: [{}]",
            self.config.deck_size,
            history.join(", ")
        );
        if let Some([a, b]) = o.shown {
            text.push_str(&format!("\nshowdown: seat 0 has {a}, seat 1 has {b}"));
        }
        text
    }

    fn render_action(&self, a: &HighCardAction) -> String {
        match a {
            HighCardAction::Check => "check".into(),
            HighCardAction::Bet => "bet".into(),
            HighCardAction::Call => "call".into(),
            HighCardAction::Fold => "fold".into(),
        }
    }

    fn render_chance(&self, c: &u8) -> String {
        format!("dealt {c}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dealt(a: u8, b: u8) -> (HighCard, HighCardState) {
        let g = HighCard::new(HighCardConfig::default()).unwrap();
        let mut s = g.initial_state();
        g.apply_chance(&mut s, &a).unwrap();
        g.apply_chance(&mut s, &b).unwrap();
        (g, s)
    }

    #[test]
    fn a_fold_gives_the_ante_to_the_bettor() {
        let (g, mut s) = dealt(1, 3);
        g.apply(&mut s, Seat(0), &HighCardAction::Bet).unwrap();
        g.apply(&mut s, Seat(1), &HighCardAction::Fold).unwrap();
        assert_eq!(g.outcome(&s).unwrap().scores, vec![1, -1]);
    }

    #[test]
    fn a_called_bet_goes_to_the_higher_card() {
        let (g, mut s) = dealt(1, 3);
        g.apply(&mut s, Seat(0), &HighCardAction::Check).unwrap();
        g.apply(&mut s, Seat(1), &HighCardAction::Bet).unwrap();
        g.apply(&mut s, Seat(0), &HighCardAction::Call).unwrap();
        assert_eq!(g.outcome(&s).unwrap().scores, vec![-2, 2]);
        assert_eq!(g.observe(&s, Viewer::Spectator).shown, Some([1, 3]));
    }

    #[test]
    fn the_other_card_stays_hidden_before_a_showdown() {
        let (g, s) = dealt(2, 3);
        let o = g.observe(&s, Viewer::Seat(Seat(0)));
        assert_eq!(o.own_card, Some(2));
        assert_eq!(o.shown, None);
        assert_eq!(o.unseen, vec![1, 3]);
        assert_eq!(
            g.public_chance(&g.initial_state(), &1, Viewer::Seat(Seat(0))),
            Some(1)
        );
        assert_eq!(
            g.public_chance(&g.initial_state(), &1, Viewer::Seat(Seat(1))),
            None
        );
    }

    #[test]
    fn calling_without_a_bet_is_out_of_sequence() {
        let (g, mut s) = dealt(2, 3);
        let before = s.clone();
        assert!(matches!(
            g.apply(&mut s, Seat(0), &HighCardAction::Call),
            Err(HighCardError::OutOfSequence { .. })
        ));
        assert_eq!(s, before);
    }
}
