//! `Preview`: a move's score is the mover's MB-27 points it fixes at once
//! (a base's 1, the retired rings and settlements of the end of placement)
//! and no move costs anything. Every legal action of seeded games of every
//! test config is previewed and applied to a copy of the state; the
//! mover's MB-27 part of `score_breakdown` must move by the preview.

use crate::configs;

use game_core::testkit::{any_move, walk_decisions};
use game_core::{Game, Preview, Seat};
use moon_base_core::{Action, Config, MoonBase, State};

#[derive(Debug, Default)]
struct Seen {
    compared: usize,
    bases: usize,
    endings: usize,
}

/// The mover's MB-27 points as scoring reads them, 0 before colours.
fn base_points(game: &MoonBase, s: &State, seat: Seat) -> i64 {
    game.score_breakdown(s)
        .map_or(0, |b| b.seats[seat.index()].base)
}

fn play_game(config: Config, seed: u64, seen: &mut Seen) {
    let game = MoonBase::new(config).expect("a test config");
    walk_decisions(&game, seed, |s, seat, legal, rng| {
        for a in legal {
            let preview = game.preview(s, seat, a);
            assert!(preview.costs.is_empty(), "{a:?}: no move costs anything");
            assert_ne!(preview.score, Some(0), "{a:?}: no score is None");
            let mut after = s.clone();
            game.apply(&mut after, seat, a).expect("a legal action");
            let gained = base_points(&game, &after, seat) - base_points(&game, s, seat);
            assert_eq!(preview.score.unwrap_or(0), gained, "{a:?}: MB-27");
            seen.compared += 1;
            seen.bases += usize::from(matches!(a, Action::PlaceResourceBase(_)));
            seen.endings += usize::from(!matches!(a, Action::PlaceResourceBase(_)) && gained != 0);
        }
        any_move(legal.len(), rng)
    });
}

#[test]
fn preview_is_the_mb27_points_apply_fixes_in_seeded_games() {
    let mut seen = Seen::default();
    for (i, config) in configs::configs().into_iter().enumerate() {
        for seed in 0..3 {
            play_game(config.clone(), 100 * i as u64 + seed, &mut seen);
        }
    }
    assert!(seen.compared > 1000, "{seen:?}");
    assert!(seen.bases > 10, "{seen:?}");
    assert!(seen.endings > 10, "{seen:?}");
}
