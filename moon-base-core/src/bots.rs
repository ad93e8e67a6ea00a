//! A heuristic bot to play against: settlements first, then height.
//!
//! The generic [`game_core::RandomBot`] and [`game_core::MctsBot`] work on
//! this game as they are (it has perfect information, so MCTS's
//! determinization returns the state itself).

use game_core::{Bot, BotView, GameRng, Seat};

use crate::{Action, Colour, MoonBase, Phase, Size, State};

/// A one-ply greedy bot.
///
/// In placement it tries every legal placement and keeps the one whose
/// position scores best for its seat: the score if play stopped now, plus
/// the settlements the next building phase would give (capped by supply),
/// minus the same for the opponent, then the height of its rings. When
/// selecting it takes the pair with the most rings of its colour (navy
/// next, for collabos). Bases go where the opponent could otherwise place a
/// ring; an optional base is never declined. Ties are broken at random, so
/// games vary.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

/// A position's value for `seat`, in tenths of a point.
fn value(game: &MoonBase, s: &State, seat: Seat) -> i64 {
    let Some(b) = game.score_breakdown(s) else {
        return 0;
    };
    let me = seat.index() & 1;
    let other = 1 - me;
    let potential = |p: usize| -> i64 {
        let colour = b.tallies.colour_of[p];
        let left = s.settlements_left.as_slice().get(p).copied().unwrap_or(0);
        let n = game.settlement_candidates(s, colour).count();
        2 * i64::try_from(n.min(usize::from(left))).unwrap_or(0)
    };
    let mine = b.seats[me].total + potential(me);
    let theirs = b.seats[other].total + potential(other);
    let colour = b.tallies.colour_of[me];
    let height = i64::from(b.tallies.highest[colour.index()]);
    10 * (mine - theirs) + height
}

/// How much `seat` wants the two rings on top of a pile.
fn pair_value(s: &State, seat: Seat, colours: &[Colour]) -> i64 {
    let mine = s.colour(seat);
    colours
        .iter()
        .take(2)
        .map(|&c| {
            if Some(c) == mine {
                3
            } else if c == Colour::Navy {
                1
            } else {
                0
            }
        })
        .sum()
}

impl HeuristicBot {
    /// The legal action with the best value; ties at random.
    fn best(legal: &[Action], rng: &mut GameRng, mut score: impl FnMut(&Action) -> i64) -> Action {
        let mut best: Vec<Action> = Vec::new();
        let mut top = i64::MIN;
        for a in legal {
            let v = score(a);
            if v > top {
                top = v;
                best.clear();
            }
            if v == top {
                best.push(*a);
            }
        }
        let i = rng.below(u32::try_from(best.len()).unwrap_or(1)) as usize;
        best.get(i)
            .or(legal.first())
            .copied()
            .unwrap_or(Action::Pass)
    }
}

impl Bot<MoonBase> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn select(&mut self, view: &BotView<'_, MoonBase>, rng: &mut GameRng) -> Action {
        let game = view.game();
        let s = view.observation();
        let seat = view.seat();
        let legal = view.legal();
        match s.phase {
            Phase::Place { .. } => Self::best(legal, rng, |a| {
                let mut t = s.clone();
                if game.place_ring(&mut t, a).is_err() {
                    return i64::MIN + 1;
                }
                value(game, &t, seat)
            }),
            Phase::Select { step } => {
                let size = if step < 2 { Size::Large } else { Size::Small };
                Self::best(legal, rng, |a| match *a {
                    Action::TakePair(i) => s.piles[size.index()]
                        .get(usize::from(i))
                        .map_or(0, |p| pair_value(&s, seat, p)),
                    Action::ChooseColour(_)
                    | Action::PlaceTower(_)
                    | Action::PlaceOnCrater { .. }
                    | Action::Stack { .. }
                    | Action::Pass
                    | Action::PlaceResourceBase(_)
                    | Action::DeclineResourceBase => 0,
                })
            }
            Phase::Base { .. } => {
                // Block a crater the opponent could use for a ring; never
                // decline a base (B-16), which only gives up a point.
                let opponent = State::other(seat);
                let colour = s.colour(opponent).unwrap_or(Colour::Navy);
                Self::best(legal, rng, |a| match *a {
                    Action::PlaceResourceBase(k) => {
                        let size = game.board().crater(k).map_or(Size::Large, |c| c.size);
                        let ring = Action::PlaceOnCrater {
                            piece: crate::Piece::new(size, colour),
                            crater: k,
                        };
                        i64::from(game.check_placement(&s, &ring).is_ok())
                    }
                    Action::DeclineResourceBase => -1,
                    Action::ChooseColour(_)
                    | Action::PlaceTower(_)
                    | Action::TakePair(_)
                    | Action::PlaceOnCrater { .. }
                    | Action::Stack { .. }
                    | Action::Pass => 0,
                })
            }
            Phase::Piles
            | Phase::DrawStart
            | Phase::ChooseColour
            | Phase::PlaceTower
            | Phase::Over => Self::best(legal, rng, |_| 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use game_core::{Bot, BotView, Game, GameRng, RandomBot, Seat, ToAct};

    use super::HeuristicBot;
    use crate::{Config, MoonBase};

    /// Plays one game, `heuristic` in seat `h`; returns the winner.
    fn play(game: &MoonBase, seed: u64, h: u8) -> Seat {
        let mut rng = GameRng::new(seed);
        let mut s = game.initial_state();
        let mut legal = Vec::new();
        let mut chances = Vec::new();
        let mut bots: [Box<dyn Bot<MoonBase>>; 2] = [Box::new(RandomBot), Box::new(RandomBot)];
        bots[usize::from(h)] = Box::new(HeuristicBot);
        loop {
            match game.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    game.chance_outcomes(&s, &mut chances);
                    let c = *rng.pick(&chances).unwrap();
                    game.apply_chance(&mut s, &c).unwrap();
                }
                ToAct::Seat(seat) => {
                    game.legal_actions(&s, seat, &mut legal);
                    let view = BotView::new(game, &s, seat, &legal, false);
                    let a = bots[seat.index()].select(&view, &mut rng);
                    game.apply(&mut s, seat, &a).unwrap();
                }
            }
        }
        let o = game.outcome(&s).unwrap();
        if o.places[0] == 1 { Seat(0) } else { Seat(1) }
    }

    #[test]
    fn mcts_plays_through_the_trait() {
        use game_core::{MctsBot, MctsConfig};
        let game = MoonBase::new(Config {
            rounds: 1,
            ..Config::default()
        })
        .unwrap();
        let mut s = game
            .sandbox(
                Seat(0),
                crate::Colour::Gold,
                game.board().find("L06").unwrap(),
            )
            .unwrap();
        s.hands[Seat(0)].add(crate::Piece::new(crate::Size::Large, crate::Colour::Gold));
        let mut legal = Vec::new();
        game.legal_actions(&s, Seat(0), &mut legal);
        let mut bot = MctsBot::new(MctsConfig {
            iterations: 50,
            ..MctsConfig::default()
        });
        let view = BotView::new(&game, &s, Seat(0), &legal, false);
        let a = bot.select(&view, &mut GameRng::new(1));
        assert!(legal.contains(&a));
    }

    #[test]
    fn heuristic_beats_random_most_of_the_time() {
        let game = MoonBase::new(Config {
            rounds: 3,
            ..Config::default()
        })
        .unwrap();
        let games = 12;
        let wins = (0..games)
            .filter(|&i| {
                let h = (i % 2) as u8;
                play(&game, 1000 + i, h) == Seat(h)
            })
            .count();
        assert!(wins >= 9, "heuristic won only {wins} of {games}");
    }
}
