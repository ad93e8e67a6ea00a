//! `Preview`: an operation's cost is the energy `apply` takes off (M-11,
//! M-44, M-45, M-48), a token play spends its token, and a move's score
//! is the goals it solves at once (M-24, M-40). Every legal action of
//! seeded games of every test config is previewed and then applied to a
//! copy of the state, and the two must agree.

use crate::configs;

use game_core::testkit::{any_move, walk_decisions};
use game_core::{Game, Preview, Seat};
use moon_core::{Action, Config, Mode, Moon, State};

/// The amount of `resource` among the preview's costs (0 when absent).
fn cost(preview: &game_core::MovePreview, resource: &str) -> i64 {
    preview
        .costs
        .iter()
        .filter(|c| c.resource == resource)
        .map(|c| c.amount)
        .sum()
}

/// What the seeded games compared.
#[derive(Debug, Default)]
struct Seen {
    energy: usize,
    paid: usize,
    tokens: usize,
    scored: usize,
    free: usize,
}

/// Previews each legal action of `seat` in `s` against `apply` on a copy.
fn check_all(game: &Moon, s: &State, seat: Seat, legal: &[Action], seen: &mut Seen) {
    let holder = if game.mode() == Mode::Cooperative {
        Seat(0)
    } else {
        seat
    };
    for a in legal {
        let preview = game.preview(s, seat, a);
        let mut after = *s;
        game.apply(&mut after, seat, a).expect("a legal action");
        let gained = i64::from(after.scores[holder]) - i64::from(s.scores[holder]);
        assert_eq!(preview.score.unwrap_or(0), gained, "{a:?}: the points");
        assert_ne!(preview.score, Some(0), "{a:?}: no score is None");
        seen.scored += usize::from(gained > 0);
        let energy = cost(&preview, "energy");
        assert!(
            preview
                .costs
                .iter()
                .all(|c| c.amount > 0 && ["energy", "token"].contains(&c.resource)),
            "{a:?}: {preview:?}"
        );
        match a {
            Action::Op(op) | Action::Token(op) => {
                // A new turn (M-22's automatic end, say) refills the energy:
                // then what was taken off no longer shows.
                if (after.turn, after.round) == (s.turn, s.round) {
                    let taken =
                        i64::from(s.energy.half_units()) - i64::from(after.energy.half_units());
                    assert_eq!(energy, taken, "{a:?}: the energy apply takes");
                    seen.energy += 1;
                    seen.paid += usize::from(taken > 0);
                    seen.free += usize::from(taken == 0);
                }
                let token = matches!(a, Action::Token(_));
                assert_eq!(cost(&preview, "token"), i64::from(token), "{a:?}");
                // A solve may earn a token back (M-47) and a turn's end
                // may expire them (M-48): compare only when neither can.
                if token && gained == 0 && after.turn == s.turn {
                    let count = |st: &State| i64::from(st.tokens[holder].count(op.kind()));
                    assert_eq!(count(s) - count(&after), 1, "{a:?}: the token spent");
                    seen.tokens += 1;
                }
            }
            Action::ChooseOk(_)
            | Action::UseBug(_)
            | Action::EndTurn
            | Action::HiddenRamWrite { .. } => {
                assert!(preview.costs.is_empty(), "{a:?} costs nothing");
            }
        }
    }
}

fn play_game(config: &Config, seed: u64, seen: &mut Seen) {
    let game = Moon::new(config.clone()).expect("a test config");
    walk_decisions(&game, seed, |s, seat, legal, rng| {
        check_all(&game, s, seat, legal, seen);
        any_move(legal.len(), rng)
    });
}

#[test]
fn preview_is_what_apply_takes_and_scores_in_seeded_games() {
    let mut seen = Seen::default();
    let configs = configs::coop_configs()
        .into_iter()
        .chain(configs::comp_configs());
    for (i, config) in configs.enumerate() {
        for seed in 0..4 {
            play_game(&config, 100 * i as u64 + seed, &mut seen);
        }
    }
    // Every kind of comparison happened.
    assert!(seen.paid > 1000, "{seen:?}");
    assert!(seen.scored > 0, "{seen:?}");
    assert!(seen.tokens > 0, "{seen:?}");
    assert!(seen.free > 0, "{seen:?}");
}
