//! Fair search bots: a bot's move depends only on what its seat sees.

use crate::{Bot, BotView, Determinize, GameRng, ToAct, Viewer};

/// Plays `games` random games from `seed`; at every `every`-th seat
/// decision it draws a twin of the state that the seat to act cannot tell
/// apart from it ([`Determinize::determinize`]), asks two fresh bots from
/// `make` for a move in each, with the same bot seed, and demands the same
/// move. Returns how many checks had a twin that really differed (hidden
/// cards elsewhere), so a caller can insist that some did.
///
/// # Errors
/// The first state whose twin got another move (or whose twin the seat
/// could tell apart), described.
pub fn check_bot_is_blind<G: Determinize>(
    game: &G,
    games: u32,
    seed: u64,
    every: usize,
    make: &dyn Fn() -> Box<dyn Bot<G>>,
) -> Result<usize, String> {
    let mut differing = 0;
    let mut legal = Vec::new();
    let mut twin_legal = Vec::new();
    let mut chances = Vec::new();
    for g in 0..games {
        let mut rng = GameRng::for_stream(seed, u64::from(g));
        let mut s = game.initial_state();
        let mut decision = 0usize;
        for step in 0..game.max_steps() {
            match game.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    game.chance_outcomes(&s, &mut chances);
                    let Some(c) = rng.pick(&chances).cloned() else {
                        break;
                    };
                    game.apply_chance(&mut s, &c)
                        .map_err(|e| format!("game {g} step {step}: chance refused: {e}"))?;
                }
                ToAct::Seat(seat) => {
                    game.legal_actions(&s, seat, &mut legal);
                    if legal.is_empty() {
                        return Err(format!("game {g} step {step}: no legal action"));
                    }
                    decision += 1;
                    if decision.is_multiple_of(every.max(1)) {
                        let mut twin_rng = GameRng::for_stream(seed ^ 0x7715, step as u64);
                        let twin = game.determinize(&s, seat, &mut twin_rng);
                        game.legal_actions(&twin, seat, &mut twin_legal);
                        let viewer = Viewer::Seat(seat);
                        if game.observe(&twin, viewer) != game.observe(&s, viewer)
                            || twin_legal != legal
                        {
                            return Err(format!(
                                "game {g} step {step}: the twin is not indistinguishable"
                            ));
                        }
                        if twin != s {
                            differing += 1;
                        }
                        let bot_seed = seed.wrapping_add(step as u64);
                        let a = make().select(
                            &BotView::new(game, &s, seat, &legal, false),
                            &mut GameRng::new(bot_seed),
                        );
                        let b = make().select(
                            &BotView::new(game, &twin, seat, &twin_legal, false),
                            &mut GameRng::new(bot_seed),
                        );
                        if a != b {
                            return Err(format!(
                                "game {g} step {step}, {seat}: {a:?} in the state, {b:?} in its twin"
                            ));
                        }
                    }
                    let i = rng.below(u32::try_from(legal.len()).unwrap_or(1)) as usize;
                    game.apply_unchecked(&mut s, seat, &legal[i]);
                }
            }
        }
    }
    Ok(differing)
}
