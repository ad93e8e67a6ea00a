"""No clairvoyance: an unseeded game is a new game, and a copy does not
share its original's future chance unless the caller asks for it."""

import pickle

import pytest

import tabletop


def play_same_moves(state, plies):
    """Plays the first legal action `plies` times; returns the replay's steps."""
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    return state.to_replay()


def chance_steps(state):
    import json

    return [s for s in json.loads(state.to_replay())["steps"] if "Chance" in s]


def test_unseeded_games_are_new_games():
    game = tabletop.load_game("market-island")
    seeds = {game.new_initial_state().seed() for _ in range(5)}
    assert len(seeds) == 5
    # Each one's luck differs too: the start seat and the first draws.
    openings = {str(chance_steps(game.new_initial_state())) for _ in range(5)}
    assert len(openings) > 1


def test_a_seed_replays_the_same_game():
    game = tabletop.load_game("market-island")
    a, b = game.new_initial_state(seed=7), game.new_initial_state(seed=7)
    assert a.seed() == b.seed() == 7
    assert play_same_moves(a, 30) == play_same_moves(b, 30)


@pytest.mark.parametrize("name", ["market-island", "binary-scrabble"])
def test_clones_playing_the_same_moves_draw_their_own_luck(name):
    state = tabletop.load_game(name).new_initial_state(seed=3)
    clones = [state.clone() for _ in range(3)]
    assert len({c.seed() for c in clones} | {state.seed()}) == 4
    futures = [str(chance_steps(tabletop.from_replay(play_same_moves(c, 12)))) for c in [state] + clones]
    # The original's future draws are not what a searching copy sees.
    assert len(set(futures)) > 1
    assert futures[0] not in futures[1:]


def test_same_chance_copies_replay_the_future():
    state = tabletop.load_game("market-island").new_initial_state(seed=3)
    twin = state.clone(same_chance=True)
    assert twin.seed() == state.seed()
    assert play_same_moves(twin, 20) == play_same_moves(state, 20)


def test_clone_seeds_are_fixed_by_the_seed():
    # A seeded experiment that searches on copies is reproducible.
    game = tabletop.load_game("market-island")
    a, b = game.new_initial_state(seed=5), game.new_initial_state(seed=5)
    assert [a.clone().seed() for _ in range(3)] == [b.clone().seed() for _ in range(3)]


def test_pickle_is_the_same_game_and_the_same_future():
    state = tabletop.load_game("market-island").new_initial_state(seed=11)
    play_same_moves(state, 5)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.to_replay() == state.to_replay()
    assert play_same_moves(copy, 20) == play_same_moves(state, 20)
    manual = tabletop.load_game("pig").new_initial_state(seed=1, auto_chance=False)
    manual.apply_action(0)  # roll: a die is pending
    again = pickle.loads(pickle.dumps(manual))
    assert again.auto_chance() is False
    assert again.is_chance_node()


def test_determinized_worlds_look_the_same_to_the_seat():
    state = tabletop.load_game("binary-scrabble").new_initial_state(seed=2)
    seen = state.observation_string(0)
    worlds = [state.determinized(0, seed) for seed in range(6)]
    for w in worlds:
        assert w.observation_string(0) == seen
        assert w.current_player() == state.current_player()
    # Seat 1's rack is hidden from seat 0: the worlds redraw it.
    assert len({w.observation_string(1) for w in worlds}) > 1
