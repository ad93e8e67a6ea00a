//! Inputs the fuzz suite (`fuzz/`, see fuzz/README.md) found mishandled,
//! kept here so `cargo test` catches them again without cargo-fuzz.

use tabletop::game_core::Game;
use tabletop::moon_base::{Config, MoonBase, PassRule, StartPlayer, State};

/// A Moon Base state in the pile set-up (MB-7), the last pile half drawn;
/// `{unplaced}` is the retired rings per seat.
fn moon_base_set_up(unplaced: &str) -> String {
    format!(
        r#"{{"phase":"Piles","round":0,"first_player":null,"colour_of":null,
        "piles":[[["Silver","Navy","Gold","Silver","Navy","Navy"],["Silver","Navy","Gold","Gold","Gold","Navy"],
        ["Navy","Navy","Silver","Silver","Gold","Silver"],["Silver","Gold","Gold","Gold","Silver","Navy"]],
        [["Navy","Gold","Navy","Navy","Gold","Gold"],["Gold","Gold","Silver","Gold","Gold","Silver"],
        ["Silver","Silver","Navy","Silver"],[]]],
        "hands":[[[0,0,0],[0,0,0]],[[0,0,0],[0,0,0]]],"rings":[],"tower":null,"bases":[],
        "settlements_left":[6,6],"bases_left":[6,6],"unplaced":{unplaced},"built_this_round":[0,0]}}"#
    )
}

/// Found by the `state_replay` target: `check_state` let a set-up state
/// hold 40 retired rings (it counted rings in play only after set-up), and
/// the state the next draw led to was refused. No ring is in play before
/// the first take, so such a state is refused from the start.
#[test]
fn moon_base_set_up_with_rings_in_play_is_refused() {
    let game = MoonBase::new(Config {
        rounds: 2,
        pass_rule: PassRule::ForfeitTurn,
        start_player: StartPlayer::Random,
        ..Config::default()
    })
    .unwrap();
    let honest: State = serde_json::from_str(&moon_base_set_up("[0,0]")).unwrap();
    assert_eq!(game.check_state(&honest), Ok(()));
    let damaged: State = serde_json::from_str(&moon_base_set_up("[40,0]")).unwrap();
    let refused = game.check_state(&damaged).unwrap_err();
    assert!(refused.to_string().contains("rings"), "{refused}");
}
