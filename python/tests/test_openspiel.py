"""The four games as real pyspiel games: OpenSpiel's own code, unchanged,
runs on them (random_sim_test, MCTS, evaluate_bots, rl_environment,
ISMCTS), and the pyspiel surface a user reaches for answers."""

import json
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (pip install 'tabletop[openspiel]')")

import tabletop  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

tabletop.openspiel  # registers the games through the lazy attribute

GAMES = ["tabletop_moon", "tabletop_binary_scrabble", "tabletop_market_island", "tabletop_moon_base"]

#: Each game's default and two other configs, as OpenSpiel parameters.
CONFIGS = {
    "tabletop_moon": [{}, {"players": 2}, {"players": 3, "mode": "Competitive", "max_rounds": 6}],
    "tabletop_binary_scrabble": [{}, {"players": 3}, {"players": 4, "max_scoreless_turns": 2}],
    "tabletop_market_island": [{}, {"seats": 2}, {"seats": 3, "max_turns": 8, "die_faces": 4}],
    "tabletop_moon_base": [{}, {"rounds": 2}, {"config": json.dumps({"rounds": 1, "start_player": "Random"})}],
}


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert set(GAMES) <= names
    game = pyspiel.load_game("tabletop_binary_scrabble")
    assert game.get_type().short_name == "tabletop_binary_scrabble"
    assert game.num_players() == 2


@pytest.mark.parametrize("name,params", [(n, p) for n in GAMES for p in CONFIGS[n]])
def test_random_sim_test(name, params):
    game = pyspiel.load_game(name, params)
    # Moon Base: OpenSpiel checks an 840,137-entry mask at every step.
    sims = 1 if name in ("tabletop_binary_scrabble", "tabletop_moon_base") else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("tabletop_market_island", {"seats": 3})
    assert game.num_players() == 3
    assert game.tabletop.config()["seats"] == 3
    nested = pyspiel.load_game("tabletop_moon_base", {"config": json.dumps({"rounds": 1})})
    assert nested.tabletop.config()["rounds"] == 1
    with pytest.raises(Exception):
        pyspiel.load_game("tabletop_market_island", {"seats": 9})


@pytest.mark.parametrize("name", GAMES)
def test_mcts_against_random_through_evaluate_bots(name):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(1)
    sims = 2 if name == "tabletop_binary_scrabble" else 4
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims, evaluator=evaluator, random_state=rng)]
    for seat in range(1, game.num_players()):
        bots.append(pyspiel.make_uniform_random_bot(seat, 7 + seat))
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == game.num_players()
    assert all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", GAMES)
def test_an_rl_environment_episode(name):
    env = rl_environment.Environment(pyspiel.load_game(name))
    rng = np.random.default_rng(3)
    step = env.reset()
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert legal
        info = step.observations["info_state"][player]
        assert len(info) == env.observation_spec()["info_state"][0]
        step = env.step([int(rng.choice(legal))])
        steps += 1
    assert steps > 0
    assert all(-1.0 <= r <= 1.0 for r in step.rewards)


@pytest.mark.parametrize("name", ["tabletop_binary_scrabble", "tabletop_market_island"])
def test_ismcts_searches_resampled_worlds(name):
    game = pyspiel.load_game(name)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng, allow_inconsistent_action_sets=True
    )
    state = game.new_initial_state()
    moves = 0
    while moves < 2 and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 2


def advance(state, plies, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_resampled_worlds_keep_the_information_state():
    game = pyspiel.load_game("tabletop_binary_scrabble")
    state = advance(game.new_initial_state(), 40)
    while state.is_chance_node():
        advance(state, 1)
    player = state.current_player()
    info = state.information_state_string(player)
    assert info != state.observation_string(player)
    worlds = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(5)]
    other = 1 - player
    for w in worlds:
        assert w.information_state_string(player) == info
        # The seat's own rack is the same, so are its plays.
        assert w.legal_actions() == state.legal_actions()
        assert [w.action_to_string(player, a) for a in w.legal_actions()] == [
            state.action_to_string(player, a) for a in state.legal_actions()
        ]
        assert w.observation_string(player) == state.observation_string(player)
    assert len({w.observation_string(other) for w in worlds}) > 1
    with pytest.raises(TypeError):
        pickle.dumps(worlds[0])


def test_the_pyspiel_surface():
    game = pyspiel.load_game("tabletop_market_island")
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == game.tabletop.max_game_length()
    assert game.observation_tensor_size() == int(np.prod(game.tabletop.observation_tensor_shape()))
    assert game.num_distinct_actions() == game.tabletop.num_distinct_actions()
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert state.legal_actions() == [a for a, _ in outcomes]
    assert all(a < game.max_chance_outcomes() for a in state.legal_actions())
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    advance(state, 12)
    assert state.history() == [int(a) for a in state.history()] and len(state.history()) == 12
    while state.is_chance_node():
        advance(state, 1)
    player = state.current_player()
    mask = state.legal_actions_mask(player)
    assert [i for i, m in enumerate(mask) if m] == state.legal_actions()
    assert not any(state.legal_actions_mask((player + 1) % game.num_players()))
    action = state.legal_actions()[-1]
    name = state.action_to_string(player, action)
    assert name == state.inner.legal_action_names()[state.inner.legal_actions().index(action)]
    assert state.rewards() == [0.0] * game.num_players()
    tensor = np.asarray(state.observation_tensor(player))
    assert tensor.shape == (game.observation_tensor_size(),)
    # Pickling and serialization replay the history: the same state.
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert game.deserialize_state(state.serialize()).history() == state.history()
    advance(state, 10_000)
    assert state.is_terminal()
    assert state.rewards() == state.returns()
    assert sorted(state.returns())[-1] == 1.0


def test_a_clone_is_its_own_game():
    game = pyspiel.load_game("tabletop_market_island")
    state = advance(game.new_initial_state(), 6)
    copy = state.clone()
    assert copy.history() == state.history()
    advance(copy, 5, seed=9)
    assert len(copy.history()) > len(state.history())
    assert str(state) == str(advance(game.new_initial_state(), 6))


@pytest.mark.parametrize("bad", [-1, 2**70, 10**6])
def test_bad_indices_raise_illegal_action(bad):
    state = tabletop.load_game("moon-base").new_initial_state(seed=1)
    before = state.to_replay()
    with pytest.raises(tabletop.IllegalActionError) as caught:
        state.apply_action(bad)
    assert caught.value.kind == "NoActionAtIndex"
    assert state.to_replay() == before


def test_bad_indices_in_pyspiel_change_nothing():
    game = pyspiel.load_game("tabletop_moon")
    state = game.new_initial_state()
    # An index the engine refuses raises its IllegalActionError through
    # pyspiel; -1 and ints past int64 pyspiel refuses itself, before the
    # game sees them (SpielError, TypeError).
    with pytest.raises(tabletop.IllegalActionError):
        state.apply_action(10**6)
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(-1)
    with pytest.raises(TypeError):
        state.apply_action(2**70)
    assert state.history() == []
    assert state.legal_actions() == game.new_initial_state().legal_actions()
