//! Bots: players that choose from what their seat may see.

use crate::{Determinize, Game, GameRng, Seat};

/// A player program.
///
/// A bot is handed a [`BotView`]: its seat's observation and legal actions.
/// It never sees the hidden state, unless it declares itself omniscient
/// ([`Bot::is_omniscient`]), which arenas report, so cheating is explicit.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> String;

    /// Chooses one of `view.legal()`, which is never empty.
    fn select(&mut self, view: &BotView<'_, G>, rng: &mut GameRng) -> G::Action;

    /// As [`Bot::select`], but a searching bot asks `stop` between units of
    /// work and, once it says yes, answers at once with the best it has.
    ///
    /// This is how a server bounds a bot's wall-clock time without the
    /// library reading a clock: the caller's `stop` looks at the time. A bot
    /// that is never stopped plays exactly as [`Bot::select`]. The default,
    /// for bots whose work is bounded anyway, ignores `stop`.
    fn select_until(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> G::Action {
        let _ = stop;
        self.select(view, rng)
    }

    /// As [`Bot::select_until`], for a bot that can fail: a program in
    /// another process that crashed or answered garbage says why in `Err`,
    /// and an arena counts the game as its forfeit. The default never fails.
    ///
    /// # Errors
    /// Why the bot could not choose.
    fn try_select_until(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
        stop: &dyn Fn() -> bool,
    ) -> Result<G::Action, String> {
        Ok(self.select_until(view, rng, stop))
    }

    /// True for a bot that reads the full state (a cheat, or a baseline).
    fn is_omniscient(&self) -> bool {
        false
    }
}

/// What a bot may know when it is asked to move.
pub struct BotView<'a, G: Game> {
    game: &'a G,
    state: &'a G::State,
    seat: Seat,
    legal: &'a [G::Action],
    omniscient: bool,
}

impl<'a, G: Game> BotView<'a, G> {
    /// The view of `seat` in `state` with its `legal` actions; `omniscient`
    /// opens [`BotView::state`]. Runners pass the bot's own declaration.
    pub fn new(
        game: &'a G,
        state: &'a G::State,
        seat: Seat,
        legal: &'a [G::Action],
        omniscient: bool,
    ) -> Self {
        BotView {
            game,
            state,
            seat,
            legal,
            omniscient,
        }
    }

    /// The rules object.
    pub fn game(&self) -> &'a G {
        self.game
    }

    /// The seat the bot plays.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions, sorted; never empty when a runner asks.
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// The seat's observation.
    pub fn observation(&self) -> G::Obs {
        self.game.observe(self.state, self.seat.into())
    }

    /// The full state, for omniscient bots only (`None` otherwise).
    pub fn state(&self) -> Option<&'a G::State> {
        self.omniscient.then_some(self.state)
    }
}

impl<G: Determinize> BotView<'_, G> {
    /// A state consistent with what the seat knows, hidden parts redrawn:
    /// what a fair search bot plays on.
    pub fn determinize(&self, rng: &mut GameRng) -> G::State {
        if self.omniscient {
            self.state.clone()
        } else {
            self.game.determinize(self.state, self.seat, rng)
        }
    }
}

/// Plays a uniformly random legal action.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn select(&mut self, view: &BotView<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = view.legal();
        let i = rng.below(u32::try_from(legal.len()).unwrap_or(u32::MAX)) as usize;
        legal[i.min(legal.len().saturating_sub(1))].clone()
    }
}

/// The default [`Game::random_action`]: lists the legal actions of `seat`
/// into `scratch` and draws one with `rng.below(len)`. Public so a game's
/// tests can check that its override picks the same action with the same
/// use of `rng`.
pub fn listed_random_action<G: Game>(
    game: &G,
    s: &G::State,
    seat: Seat,
    rng: &mut GameRng,
    scratch: &mut Vec<G::Action>,
) -> Option<G::Action> {
    game.legal_actions(s, seat, scratch);
    if scratch.is_empty() {
        return None;
    }
    let i = rng.below(scratch.len() as u32) as usize;
    scratch.get(i).cloned()
}

/// Checks over seeded random games of `game` that its
/// [`Game::random_action`] picks what [`listed_random_action`] picks at
/// every decision, and its [`Game::random_chance`] what `rng.pick` draws
/// from [`Game::chance_outcomes`] at every chance step, each leaving the
/// rng in the same place. Returns the steps checked. For the tests of
/// games that override them.
///
/// # Errors
/// The seed, step and both picks of the first difference.
pub fn check_random_action<G: Game>(
    game: &G,
    seeds: std::ops::Range<u64>,
) -> Result<usize, String> {
    let mut checked = 0;
    let (mut listed, mut scratch, mut chances) = (Vec::new(), Vec::new(), Vec::new());
    for seed in seeds {
        let mut state = game.initial_state();
        let mut rng = GameRng::new(seed);
        for step in 0..game.max_steps() {
            // Both draws from one stream, a new one at every step.
            let mut a = GameRng::for_stream(seed, step as u64);
            let mut b = a.clone();
            let same = match game.to_act(&state) {
                crate::ToAct::Seat(seat) => {
                    let want = listed_random_action(game, &state, seat, &mut a, &mut listed);
                    let got = game.random_action(&state, seat, &mut b, &mut scratch);
                    (want == got)
                        .then_some(())
                        .ok_or(format!("listed {want:?}, picked {got:?}"))
                }
                crate::ToAct::Chance => {
                    game.chance_outcomes(&state, &mut chances);
                    let want = a.pick(&chances).cloned();
                    let got = game.random_chance(&state, &mut b, &mut chances);
                    (want == got)
                        .then_some(())
                        .ok_or(format!("listed {want:?}, drew {got:?}"))
                }
                crate::ToAct::Over => break,
            };
            let same = same.and_then(|()| {
                (a.next_u64() == b.next_u64())
                    .then_some(())
                    .ok_or("the rng moved differently".to_owned())
            });
            if let Err(e) = same {
                return Err(format!("seed {seed}, step {step}: {e}"));
            }
            checked += 1;
            if random_playout(game, &mut state, &mut rng, 1, &mut listed, &mut chances) == 0 {
                break;
            }
        }
    }
    Ok(checked)
}

/// Plays one random game to the end from `state`: uniform legal actions,
/// chance by weight. Returns the steps played; stops early (without an
/// outcome) after `limit` steps or when a game offers no move.
///
/// `actions` and `chances` are scratch buffers, so a caller in a loop
/// allocates nothing per playout.
pub fn random_playout<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut GameRng,
    limit: usize,
    actions: &mut Vec<G::Action>,
    chances: &mut Vec<(G::Chance, u32)>,
) -> usize {
    let mut steps = 0;
    while steps < limit {
        match game.to_act(state) {
            crate::ToAct::Over => break,
            crate::ToAct::Chance => {
                let Some(c) = game.random_chance(state, rng, chances) else {
                    break;
                };
                game.apply_chance_unchecked(state, &c);
            }
            crate::ToAct::Seat(seat) => {
                let Some(a) = game.random_action(state, seat, rng, actions) else {
                    break;
                };
                game.apply_unchecked(state, seat, &a);
            }
        }
        steps += 1;
    }
    steps
}
