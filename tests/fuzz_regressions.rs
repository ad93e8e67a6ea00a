//! Inputs the fuzz suite (`fuzz/`, see fuzz/README.md) found mishandled,
//! kept here so `cargo test` catches them again without cargo-fuzz.

use tabletop::game_core::Game;
use tabletop::moon_base::{Config, MoonBase, PassRule, StartPlayer, State};

/// A Moon Base state in the pile set-up (MB-7), the last pile half drawn;
/// `{unplaced}` is the retired rings per seat, `{built}` the settlements
/// built this round per seat.
fn moon_base_set_up(unplaced: &str, built: &str) -> String {
    format!(
        r#"{{"phase":"Piles","round":0,"first_player":null,"colour_of":null,
        "piles":[[["Silver","Navy","Gold","Silver","Navy","Navy"],["Silver","Navy","Gold","Gold","Gold","Navy"],
        ["Navy","Navy","Silver","Silver","Gold","Silver"],["Silver","Gold","Gold","Gold","Silver","Navy"]],
        [["Navy","Gold","Navy","Navy","Gold","Gold"],["Gold","Gold","Silver","Gold","Gold","Silver"],
        ["Silver","Silver","Navy","Silver"],[]]],
        "hands":[[[0,0,0],[0,0,0]],[[0,0,0],[0,0,0]]],"rings":[],"tower":null,"bases":[],
        "settlements_left":[6,6],"bases_left":[6,6],"unplaced":{unplaced},"built_this_round":{built}}}"#
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
    let honest: State = serde_json::from_str(&moon_base_set_up("[0,0]", "[0,0]")).unwrap();
    assert_eq!(game.check_state(&honest), Ok(()));
    let damaged: State = serde_json::from_str(&moon_base_set_up("[40,0]", "[0,0]")).unwrap();
    let refused = game.check_state(&damaged).unwrap_err();
    assert!(refused.to_string().contains("rings"), "{refused}");
}

/// Found by the `state_replay` target in CI: a set-up state that claimed 3
/// settlements built this round passed `check_state` (the count was checked
/// from the first selection on), and the first selection after set-up was
/// refused. Nothing is built before the first placement (MB-23).
#[test]
fn moon_base_set_up_with_builds_this_round_is_refused() {
    let game = MoonBase::new(Config {
        rounds: 1,
        ..Config::default()
    })
    .unwrap();
    let damaged: State = serde_json::from_str(&moon_base_set_up("[0,0]", "[0,3]")).unwrap();
    let refused = game.check_state(&damaged).unwrap_err();
    assert!(
        refused.to_string().contains("built_this_round"),
        "{refused}"
    );
}

/// Found by the `moon` target on an edited config (one queue slot, wide
/// goals): a BUG drawn as a partner pushed the only goal off the queue
/// (M-31 c) and the goal card vanished, so `check_state` refused the lost
/// state ("a goal card is missing"). The pushed-off goal is now discarded.
#[test]
fn moon_goal_pushed_off_by_a_partner_bug_is_discarded() {
    use tabletop::moon::{Card, EventKind, Moon, Phase};
    let config = serde_json::from_str(
        r#"{"mode":"Cooperative","players":1,"width":6,"difficulty":"Easy","energy":null,
        "seat_energy":null,"bugs":2,"init_registers":null,
        "operations":["Inc","Dec","Ror","Not","Mov","Or","And","Xor","Nor","Nand","Xnor","Add","Sub"],
        "costs":null,"events":["ResetA","ResetB","ErrorXor","ResetD","ErrorB","ErrorC","ErrorD",
        "ErrorRol","ErrorNot","ResetC","Ok","Ok","Ok","Ok","Reset2","Reset4","Reset8"],
        "include_zero_goal":true,"goal_deck_size":null,"slots":1,"solve_check":"AnyChange",
        "events_occupy_slots":true,"ok_repairs_bug":false,"error_clears_register":false,
        "auto_end_when_idle":false,"forbid_self_mov":false,"wide_goal_model":"DeckPartner",
        "wide_revealed_card_high":true,"coop_energy":"SharedPool","coop_ram":false,
        "ram_hidden":false,"score_check_at_turn_start":true,"competitive_end":"EndOfRound",
        "max_rounds":64,"hackers":[],"purple_free_movs":2,"red_free_logic":2,
        "bug_reveal":"ToUser","extra_ops":null,"v1_table_orientation":"FirstBlock4Bit"}"#,
    )
    .unwrap();
    let game = Moon::new(config).unwrap();
    let mut state = game.initial_state();
    let draws = [
        Card::Goal(6),
        Card::Goal(8),
        Card::Goal(0),
        Card::Goal(1),
        Card::Event(EventKind::ErrorD),
        Card::Bug,
    ];
    for card in draws {
        game.apply_chance(&mut state, &card).unwrap();
        assert_eq!(game.check_state(&state), Ok(()), "after {card:?}");
    }
    assert_eq!(state.phase, Phase::Lost);
    assert_eq!(state.discarded().copies(1), 1, "goal 0001 is discarded");
}

/// Found by the `state_replay` target (a long run): a Market Island state in
/// a seat's roll whose other seat was marked as having drawn a mining card
/// passed `check_state`, and when that seat's mining step came it went to
/// its decision with no card in hand, a state `check_state` refused. Mining
/// cards are drawn only in the mining step (P2), by seats that may mine,
/// in turn order (MI-13).
#[test]
fn market_island_mining_draws_outside_the_mining_step_are_refused() {
    use tabletop::game_core::{Game, GameRng, Session, ToAct};
    use tabletop::market_island::{MarketIsland, Phase, State};
    let game = MarketIsland::new(tabletop::market_island::Config::default()).unwrap();
    let mut session = Session::with_game(game.clone(), 11);
    let mut rng = GameRng::new(11);
    session.set_auto_chance(false);
    // Play to a roll after the first turn's mining.
    while !matches!(session.state().phase(), Phase::Roll { .. }) || session.state().turn() < 2 {
        match session.to_act() {
            ToAct::Chance => {
                let outcomes = session.chance_outcomes().to_vec();
                let c = *rng.pick(&outcomes).unwrap();
                session.apply_chance(&c).unwrap();
            }
            ToAct::Seat(seat) => {
                let legal = session.legal_actions();
                let a = legal[rng.below(legal.len() as u32) as usize];
                session.act(seat, &a).unwrap();
            }
            ToAct::Over => panic!("the game ended before turn 2"),
        }
    }
    assert_eq!(game.check_state(session.state()), Ok(()));
    let mut edited = serde_json::to_value(session.state()).unwrap();
    edited["seats"][1]["drew"] = 1.into();
    let damaged: State = serde_json::from_value(edited.clone()).unwrap();
    let refused = game.check_state(&damaged).unwrap_err();
    assert!(refused.to_string().contains("drew"), "{refused}");
    // Eligible to mine does not make a draw before the mining step right.
    edited["seats"][1]["eligible"] = true.into();
    let damaged: State = serde_json::from_value(edited).unwrap();
    let refused = game.check_state(&damaged).unwrap_err();
    assert!(
        refused.to_string().contains("before the mining step"),
        "{refused}"
    );
}

/// Found by the `state_replay` target (a second long run): a Market Island
/// state whose deciding seat was already marked as having declined passed
/// `check_state`; the seat then kept a card, and the state with a card both
/// kept and declined was refused. No seat decides before its mining step
/// ends (MI-13).
#[test]
fn market_island_decisions_before_the_mining_step_are_refused() {
    use tabletop::game_core::{Game, GameRng, Session, ToAct};
    use tabletop::market_island::{MarketIsland, Phase, State};
    let game = MarketIsland::new(tabletop::market_island::Config::default()).unwrap();
    let mut session = Session::with_game(game.clone(), 5);
    let mut rng = GameRng::new(5);
    // Play to the first mining decision.
    let seat = loop {
        match session.to_act() {
            ToAct::Seat(seat) if matches!(session.state().phase(), Phase::Decide { .. }) => {
                break seat;
            }
            ToAct::Seat(seat) => {
                let legal = session.legal_actions();
                let a = legal[rng.below(legal.len() as u32) as usize];
                session.act(seat, &a).unwrap();
            }
            ToAct::Chance | ToAct::Over => panic!("no mining decision came"),
        }
    };
    assert_eq!(game.check_state(session.state()), Ok(()));
    let mut edited = serde_json::to_value(session.state()).unwrap();
    edited["seats"][seat.index()]["declined"] = true.into();
    let damaged: State = serde_json::from_value(edited).unwrap();
    let refused = game.check_state(&damaged).unwrap_err();
    assert!(refused.to_string().contains("mining decision"), "{refused}");
}

/// Found by the `state_replay` target (a fresh-seed run): a Market Island
/// state in play with an empty ledger passed `check_state`; the block mined
/// next then stood at height 0, and the chain check refused it as a bad
/// genesis. Play begins with the genesis block (MI-7), so a state in play
/// without it is refused.
#[test]
fn market_island_play_without_a_genesis_block_is_refused() {
    use tabletop::game_core::{Game, Session, ToAct};
    use tabletop::market_island::{MarketIsland, Phase, State};
    let game = MarketIsland::new(tabletop::market_island::Config::default()).unwrap();
    // Chance is drawn as it comes: the session stands at the first
    // decision of turn 1, after the genesis block.
    let session = Session::with_game(game.clone(), 7);
    assert!(matches!(session.to_act(), ToAct::Seat(_)));
    assert!(!matches!(
        session.state().phase(),
        Phase::StartSeat | Phase::FirstWc
    ));
    assert_eq!(game.check_state(session.state()), Ok(()));
    let mut edited = serde_json::to_value(session.state()).unwrap();
    assert_eq!(edited["ledger"].as_array().map(Vec::len), Some(1));
    edited["ledger"] = serde_json::json!([]);
    let refused = match serde_json::from_value::<State>(edited) {
        Ok(damaged) => game.check_state(&damaged).unwrap_err().to_string(),
        Err(e) => e.to_string(),
    };
    assert!(refused.contains("genesis"), "{refused}");
}
