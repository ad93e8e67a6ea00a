"""Every registered game plays to the end from Python, with the learning
view's promises kept at every step."""

import numpy as np
import pytest

import tabletop


def play_random(game, seed):
    state = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed)
    shape = tuple(game.observation_tensor_shape())
    space = game.num_distinct_actions()
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        assert 0 <= player < game.num_players()
        legal = state.legal_actions()
        assert legal, "a seat to act always has a move"
        assert len(set(legal)) == len(legal)
        assert all(0 <= a < space for a in legal)
        assert len(state.legal_action_objects()) == len(legal)
        tensor = state.observation_tensor(player)
        assert tensor.shape == shape and tensor.dtype == np.float32
        assert np.isfinite(tensor).all()
        state.apply_action(int(rng.choice(legal)))
        steps += 1
    assert state.current_player() == tabletop.TERMINAL_PLAYER
    assert state.legal_actions() == []
    assert len(state.returns()) == game.num_players()
    assert state.outcome() is not None
    return state, steps


def test_games_lists_every_registered_game():
    assert tabletop.games() == [
        "moon",
        "binary-scrabble",
        "market-island",
        "moon-base",
        "pig",
        "high-card",
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_play_to_the_end(game_name, seed):
    game = tabletop.load_game(game_name)
    state, steps = play_random(game, seed)
    assert steps > 0


def test_tensors_of_every_seat_and_spectator_have_the_shape(game_name):
    game = tabletop.load_game(game_name)
    state = game.new_initial_state(seed=4)
    shape = tuple(game.observation_tensor_shape())
    for player in list(range(game.num_players())) + [-1]:
        assert state.observation_tensor(player).shape == shape
        assert isinstance(state.observation_string(player), str)
        assert isinstance(state.observation_object(player), dict)


def test_configs_change_the_table():
    game = tabletop.load_game("market-island", {"seats": 3})
    assert game.num_players() == 3
    assert game.config()["seats"] == 3
    state, _ = play_random(game, 5)
    assert len(state.returns()) == 3


def test_the_tensor_shows_a_seat_its_own_card_only():
    # High card with seed 42 deals card 1 to seat 0 and card 3 to seat 1
    # (docs/protocol.md); the own-card block follows the seat flag and the
    # seat one-hot (game-core/src/demo/learning.rs).
    state = tabletop.load_game("high-card").new_initial_state(seed=42)
    assert list(state.observation_tensor(0)[3:6]) == [1.0, 0.0, 0.0]
    assert list(state.observation_tensor(1)[3:6]) == [0.0, 0.0, 1.0]
    assert list(state.observation_tensor(-1)[3:6]) == [0.0, 0.0, 0.0]


def test_clone_is_independent():
    state = tabletop.load_game("pig").new_initial_state(seed=3)
    copy = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert copy.step_count() < state.step_count()
    assert copy.to_replay() != state.to_replay()


def test_random_playout_is_fixed_by_its_seed(game_name):
    game = tabletop.load_game(game_name)
    a = game.new_initial_state(seed=8)
    b = game.new_initial_state(seed=8)
    assert a.random_playout(21) > 0
    b.random_playout(21)
    assert a.is_terminal()
    assert a.to_replay() == b.to_replay()


def test_index_playout_plays_the_python_loop_in_rust(game_name):
    """`index_playout` makes the calls of a Python loop: it ends the game,
    is fixed by its seed, and every step it plays is legal (the replay
    loads back, each step checked)."""
    game = tabletop.load_game(game_name)
    a = game.new_initial_state(seed=4)
    b = game.new_initial_state(seed=4)
    assert a.index_playout(13) > 0
    b.index_playout(13)
    assert a.is_terminal()
    assert a.to_replay() == b.to_replay()
    assert tabletop.from_replay(a.to_replay()).to_replay() == a.to_replay()


def test_new_states_start_fresh_from_the_games_config():
    """A new state restarts the game's config from its seed, whatever was
    played on the states made before it."""
    config = {"mode": "Competitive", "players": 3}
    game = tabletop.load_game("moon", config)
    first = game.new_initial_state(seed=6)
    first.random_playout(1)
    again = game.new_initial_state(seed=6)
    assert again.step_count() < first.step_count()
    assert again.num_players() == 3
    fresh = tabletop.load_game("moon", config).new_initial_state(seed=6)
    assert again.to_replay() == fresh.to_replay()


def test_chance_nodes_can_be_played_by_hand():
    game = tabletop.load_game("pig")
    state = game.new_initial_state(seed=1, auto_chance=False)
    state.apply_action(0)  # roll
    assert state.is_chance_node()
    assert state.current_player() == tabletop.CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert [i for i, _ in outcomes] == list(range(6))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    faces = [o for o, _ in state.chance_outcome_objects()]
    assert faces == [1, 2, 3, 4, 5, 6]
    state.apply_action(5)  # a six
    assert state.observation_object()["turn_total"] == 6
    assert state.current_player() == 0


def test_bots_play_from_python(game_name):
    game = tabletop.load_game(game_name)
    state = game.new_initial_state(seed=2)
    bots = game.bots()
    assert bots[:2] == ["random", "mcts"]
    own = bots[-1]
    for seat in range(game.num_players()):
        state.set_bot(seat, own, seed=seat)
    for _ in range(3):
        if state.is_terminal():
            break
        action = state.play_bot()
        assert action is not None


def test_arena_returns_a_table():
    rows = tabletop.arena("pig", ["random", "mcts:20"], games=6, seed=1)
    assert len(rows) == 2
    assert rows[0]["bot"] == "random" and rows[1]["bot"].startswith("mcts")
    for r in rows:
        assert r["games"] == 6
        assert 0.0 <= r["win_rate"] <= 1.0
        assert set(r) >= {"wins", "mean_place", "mean_score"}


def test_the_optional_modules_load_from_a_plain_import():
    import subprocess
    import sys

    code = (
        "import tabletop\n"
        "assert tabletop.gym.make('moon').action_space.n == 428\n"
        "assert tabletop.pettingzoo.env('pig').possible_agents == ['player_0', 'player_1']\n"
        "import sys; sys.modules['pyspiel'] = None\n"  # as if open-spiel were missing
        "try:\n"
        "    tabletop.openspiel\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "pip install 'tabletop[openspiel]'" in out
    with pytest.raises(AttributeError):
        tabletop.no_such_module


def test_narration_tells_each_step_in_words_and_the_end_once_over(game_name):
    game = tabletop.load_game(game_name)
    state = game.new_initial_state(seed=6)
    assert state.narrate_end(0) is None
    state, _ = play_random(game, 6)
    for player in list(range(game.num_players())) + [None]:
        sentences = state.narration(player)
        # One sentence per step of that player's log, none of them empty.
        assert len(sentences) == len(state.log_text(player))
        assert all(s.strip() for s in sentences)
        assert state.narrate_end(player)


def test_a_seat_reads_its_own_deal_in_words_and_the_other_seat_does_not():
    # High card with seed 42 deals card 1 to seat 0 and card 3 to seat 1.
    state = tabletop.load_game("high-card").new_initial_state(seed=42)
    to_seat_0 = " ".join(state.narration(0))
    to_seat_1 = " ".join(state.narration(1))
    assert "you are dealt a 1" in to_seat_0
    assert "you are dealt a 3" in to_seat_1
    assert "3" not in to_seat_0 and "1" not in to_seat_1
