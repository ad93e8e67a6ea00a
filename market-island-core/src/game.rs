//! The [`Game`] implementation of [`MarketIsland`] (MI-34..MI-42).

use game_core::{Error, Game, GameRng, Outcome, Seat, ToAct, Viewer};

use crate::state::{Phase, SeatState, State};
use crate::{Action, Card, Chance, MarketIsland};
use crate::{Config, MarketError, Obs};

impl Game for MarketIsland {
    const NAME: &'static str = "market-island";
    const RULES_VERSION: u32 = 1;
    type Config = Config;
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Obs = Obs;
    type Error = MarketError;

    fn new(config: Config) -> Result<Self, MarketError> {
        MarketIsland::build(config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn seats(&self) -> usize {
        usize::from(self.config.seats)
    }

    fn initial_state(&self) -> State {
        self.initial.clone()
    }

    fn to_act(&self, s: &State) -> ToAct {
        match s.phase {
            Phase::StartSeat
            | Phase::FirstWc
            | Phase::Roll { .. }
            | Phase::BlockDraw { .. }
            | Phase::MiningDraw { .. }
            | Phase::TieBreak { .. } => ToAct::Chance,
            Phase::Decide { seat } => ToAct::Seat(seat),
            Phase::Over => ToAct::Over,
        }
    }

    fn legal_actions(&self, s: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if s.phase == (Phase::Decide { seat }) {
            self.decisions(s, seat, out);
        }
    }

    fn random_action(
        &self,
        s: &State,
        seat: Seat,
        rng: &mut GameRng,
        _scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        // What `legal_actions` lists, drawn as the listed draw is, unlisted.
        if s.phase != (Phase::Decide { seat }) {
            return None;
        }
        self.random_decision(s, seat, rng)
    }

    fn check(&self, s: &State, seat: Seat, a: &Action) -> Result<(), MarketError> {
        self.to_act(s).check_seat(seat, self.seats())?;
        let legal = match (s.seats.get(seat).map(SeatState::drawn_count), a) {
            (Some(1 | 2), Action::Decline) => true,
            (Some(1), Action::Mine) | (Some(2), Action::Keep(0 | 1)) => self.may_join(s, seat),
            (Some(_) | None, Action::Decline | Action::Mine | Action::Keep(_)) => false,
        };
        if legal {
            Ok(())
        } else {
            Err(MarketError::IllegalAction { action: *a })
        }
    }

    fn apply(&self, s: &mut State, seat: Seat, a: &Action) -> Result<(), MarketError> {
        self.check(s, seat, a)?;
        self.guard(s)?;
        self.decide(s, seat, *a);
        Ok(())
    }

    fn apply_unchecked(&self, s: &mut State, seat: Seat, a: &Action) {
        debug_assert!(self.check(s, seat, a).is_ok(), "illegal {a:?} for {seat}");
        self.decide(s, seat, *a);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Chance, u32)>) {
        out.clear();
        match s.phase {
            Phase::StartSeat => {
                out.extend(Seat::all(s.seats.len()).map(|p| (Chance::StartSeat(p), 1)))
            }
            Phase::FirstWc | Phase::MiningDraw { .. } => out.extend(
                s.piles
                    .mining
                    .unseen()
                    .iter()
                    .map(|(f, n)| (Chance::Mining(*f), *n)),
            ),
            Phase::Roll { .. } => {
                out.extend((1..=self.config.die_faces).map(|d| (Chance::Die(d), 1)))
            }
            Phase::BlockDraw { seat } => {
                let pile = self.square_of(s, seat).pile();
                out.extend(
                    s.piles
                        .cards(pile)
                        .unseen()
                        .iter()
                        .map(|(c, n)| (Chance::Card(*c), *n)),
                );
            }
            Phase::TieBreak { tied } => out.extend(tied.iter().map(|p| (Chance::TieBreak(p), 1))),
            Phase::Decide { .. } | Phase::Over => {}
        }
    }

    fn apply_chance(&self, s: &mut State, c: &Chance) -> Result<(), MarketError> {
        self.to_act(s).check_chance()?;
        // MI-38: only a listed outcome; nothing changes otherwise.
        let listed = match (s.phase, c) {
            (Phase::StartSeat, Chance::StartSeat(p)) => p.index() < s.seats.len(),
            (Phase::FirstWc | Phase::MiningDraw { .. }, Chance::Mining(f)) => {
                s.piles.mining.unseen_count(f) > 0
            }
            (Phase::Roll { .. }, Chance::Die(d)) => (1..=self.config.die_faces).contains(d),
            (Phase::BlockDraw { seat }, Chance::Card(card)) => {
                let pile = self.square_of(s, seat).pile();
                s.piles.cards(pile).unseen_count(card) > 0
            }
            (Phase::TieBreak { tied }, Chance::TieBreak(p)) => tied.contains(*p),
            _ => false,
        };
        if !listed {
            return Err(Error::BadChance.into());
        }
        self.guard(s)?;
        self.resolve_chance(s, c)
    }

    fn apply_chance_unchecked(&self, s: &mut State, c: &Chance) {
        let result = self.resolve_chance(s, c);
        debug_assert!(result.is_ok(), "unlisted outcome {c:?}");
    }

    fn random_chance(
        &self,
        s: &State,
        rng: &mut GameRng,
        _scratch: &mut Vec<(Chance, u32)>,
    ) -> Option<Chance> {
        // The weights `chance_outcomes` lists, in its order, unlisted.
        match s.phase {
            Phase::StartSeat => {
                let i = uniform(rng, s.seats.len())?;
                Some(Chance::StartSeat(Seat(i as u8)))
            }
            Phase::FirstWc | Phase::MiningDraw { .. } => s
                .piles
                .mining
                .random_unseen(rng)
                .map(|f| Chance::Mining(*f)),
            Phase::Roll { .. } => {
                let faces = usize::from(self.config.die_faces);
                let i = uniform(rng, faces)?;
                Some(Chance::Die(i as u8 + 1))
            }
            Phase::BlockDraw { seat } => {
                let pile = self.square_of(s, seat).pile();
                s.piles
                    .cards(pile)
                    .random_unseen(rng)
                    .map(|c| Chance::Card(*c))
            }
            Phase::TieBreak { tied } => {
                let i = uniform(rng, tied.iter().count())?;
                tied.iter().nth(i).map(Chance::TieBreak)
            }
            Phase::Decide { .. } | Phase::Over => None,
        }
    }

    fn observe(&self, s: &State, v: Viewer) -> Obs {
        Obs::new(s, v)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        self.final_outcome(s)
    }

    fn max_steps(&self) -> usize {
        // Set-up: start seat and first WC. Per turn and seat: a roll, a block
        // draw, at most two mining draws and a decision; one tie-break.
        let n = self.seats();
        2 + usize::from(self.config.max_turns) * (5 * n + 1)
    }

    fn check_state(&self, s: &State) -> Result<(), MarketError> {
        crate::validate::check_state(self, s)
    }

    fn public_chance(&self, s: &State, c: &Chance, v: Viewer) -> Option<Chance> {
        match s.phase {
            // MI-41: a drawn card is seen by its drawer only, unless the
            // automatic steps after the draw show it (or that it is an Axe).
            Phase::BlockDraw { seat } if v == Viewer::Seat(seat) => Some(*c),
            Phase::BlockDraw { seat } => self.block_draw_public(s, seat, c),
            Phase::MiningDraw { seat } => (v == Viewer::Seat(seat)).then_some(*c),
            Phase::StartSeat
            | Phase::FirstWc
            | Phase::Roll { .. }
            | Phase::Decide { .. }
            | Phase::TieBreak { .. }
            | Phase::Over => Some(*c),
        }
    }

    fn public_action(&self, s: &State, seat: Seat, a: &Action, v: Viewer) -> Option<Action> {
        match a {
            // Which of two drawn cards was kept means nothing to a viewer who
            // saw neither and for whom the kept card stays face down (MI-41):
            // the log then says only that the seat acted. When the viewer
            // saw a drawn card, or the reveal follows at once (MI-15), the
            // choice shows in its observation and the log names it.
            Action::Keep(_) => {
                let mut first = s.clone();
                let mut second = s.clone();
                let tells = self.apply(&mut first, seat, &Action::Keep(0)).is_ok()
                    && self.apply(&mut second, seat, &Action::Keep(1)).is_ok()
                    && self.observe(&first, v) != self.observe(&second, v);
                tells.then_some(*a)
            }
            Action::Decline | Action::Mine => Some(*a),
        }
    }
}

impl MarketIsland {
    /// The effects of a listed chance outcome (MI-6..MI-17): what
    /// `apply_chance` does after its checks.
    fn resolve_chance(&self, s: &mut State, c: &Chance) -> Result<(), MarketError> {
        match (s.phase, *c) {
            (Phase::StartSeat, Chance::StartSeat(p)) => {
                s.start = Some(p);
                s.phase = Phase::FirstWc;
            }
            (Phase::FirstWc, Chance::Mining(f)) => {
                let _ = s.piles.mining.take_unseen(&f);
                self.set_first_wc(s, f);
            }
            (Phase::Roll { seat }, Chance::Die(d)) => self.roll(s, seat, d),
            (Phase::BlockDraw { seat }, Chance::Card(card)) => {
                let pile = self.square_of(s, seat).pile();
                let deck = s.piles.cards_mut(pile);
                if let Some(i) = unseen_index(deck.unseen(), &card) {
                    let _ = deck.take_unseen_at(i);
                }
                self.block_drawn(s, seat, card);
            }
            (Phase::MiningDraw { seat }, Chance::Mining(f)) => {
                let _ = s.piles.mining.take_unseen(&f);
                self.put_drawn(s, seat, f, crate::Knowledge::seat(seat));
                self.draw_mining(s, seat);
            }
            (Phase::TieBreak { .. }, Chance::TieBreak(p)) => self.finish_mined(s, p),
            _ => return Err(Error::BadChance.into()),
        }
        Ok(())
    }
}

/// Where `card` is among a pile's unseen cards (sorted by face, then
/// effect): a search by face, a byte compare, then the few cards of that
/// face. The whole-card order costs a match on the effect per step, and
/// this runs on every block draw.
fn unseen_index(unseen: &[(Card, u32)], card: &Card) -> Option<usize> {
    let first = unseen.partition_point(|(c, _)| c.face < card.face);
    let same_face = unseen.get(first..)?.iter();
    same_face
        .take_while(|(c, _)| c.face == card.face)
        .position(|(c, _)| c == card)
        .map(|i| first + i)
}

/// What `rng.pick` draws from `n` outcomes of weight 1, with the same use
/// of `rng`, without summing the weights: the index `below(n)`.
fn uniform(rng: &mut GameRng, n: usize) -> Option<usize> {
    (n > 0).then(|| rng.below_u64(n as u64) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Effect, Face, Side};
    use game_core::Deck;

    /// The search by face finds every card, among others of its face too,
    /// where the whole-card binary search finds it, and misses what is absent.
    #[test]
    fn unseen_index_finds_what_the_binary_search_finds() {
        let face = |t: &str| t.parse::<Face>().unwrap();
        let receive = |amount, from| Effect::Receive { amount, from };
        let cards = [
            Card::new(face("AH"), Effect::Jellyfish),
            Card::new(face("5D"), receive(2, Side::Left)),
            Card::new(face("5D"), receive(2, Side::Right)),
            Card::new(face("5D"), Effect::Fire { amount: 1 }),
            Card::new(face("9C"), Effect::Axe),
            Card::new(Face::JOKER, Effect::Fire { amount: 1 }),
            Card::new(Face::JOKER, Effect::Fire { amount: 1 }),
        ];
        let deck: Deck<Card> = Deck::new(cards);
        let unseen = deck.unseen();
        let absent = [
            Card::new(face("5D"), receive(3, Side::Left)),
            Card::new(face("2C"), Effect::Totem),
            Card::new(face("KS"), Effect::Totem),
        ];
        for card in cards.iter().chain(&absent) {
            let want = unseen.binary_search_by(|(c, _)| c.cmp(card)).ok();
            assert_eq!(unseen_index(unseen, card), want, "{card:?}");
        }
        assert_eq!(unseen_index(&[], &cards[0]), None);
    }
}
