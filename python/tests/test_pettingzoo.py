"""The PettingZoo AEC environments pass PettingZoo's own API, seed and
render tests on every game, with masks cheap enough to use."""

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

import tabletop  # noqa: E402

GAMES = ["moon", "binary-scrabble", "market-island", "moon-base", "pig", "high-card"]


@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name):
    cycles = 20 if name == "binary-scrabble" else 100
    pettingzoo_test.api_test(tabletop.pettingzoo.env(name), num_cycles=cycles)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test_passes(name):
    cycles = 10 if name == "binary-scrabble" else 100
    pettingzoo_test.seed_test(lambda: tabletop.pettingzoo.env(name), num_cycles=cycles)


@pytest.mark.parametrize("name", GAMES)
def test_render_test_passes(name, capsys):
    pettingzoo_test.render_test(lambda render_mode=None: tabletop.pettingzoo.env(name, render_mode=render_mode))
    assert capsys.readouterr().out  # human mode printed the board


def test_market_island_four_seats_plays_by_masks():
    env = tabletop.pettingzoo.env("market-island")
    env.reset(seed=3)
    assert env.agents == ["player_0", "player_1", "player_2", "player_3"]
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert -1.0 <= reward <= 1.0 and "score" in info
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        assert obs["observation"].shape == tuple(env.game.observation_tensor_shape())
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert env.agents == []


def test_same_seed_same_game():
    a, b = tabletop.pettingzoo.env("pig"), tabletop.pettingzoo.env("pig")
    a.reset(seed=9)
    b.reset(seed=9)
    for _ in range(10):
        if a.terminations[a.agent_selection]:
            break
        mask = a.observe(a.agent_selection)["action_mask"]
        action = int(np.flatnonzero(mask)[-1])
        a.step(action)
        b.step(action)
    assert a.state.to_replay() == b.state.to_replay()


def test_moon_base_is_small_and_plays_every_legal_move():
    env = tabletop.pettingzoo.env("moon-base")
    env.reset(seed=4)
    assert env.action_space("player_0").n == env.view.fixed + 1024 < 1400
    rng = np.random.default_rng(1)
    stacks = 0
    for agent in env.agent_iter(max_iter=10_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        # Every legal move of the engine has exactly one action.
        assert int(mask.sum()) == len(env.state.legal_actions())
        slots = np.flatnonzero(mask[env.view.fixed :])
        stacks += len(slots)
        rows = obs["action_features"]
        assert rows[slots].any(axis=1).all() or len(slots) == 0
        engine = sorted(env.view.to_engine(env.state, int(a)) for a in np.flatnonzero(mask))
        assert engine == sorted(env.state.legal_actions())
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert stacks > 0


def test_moon_base_stack_features_decode_the_engine_index():
    # The piece and support decoded from a stack's index match the move.
    env = tabletop.pettingzoo.env("moon-base")
    env.reset(seed=4)
    rng = np.random.default_rng(2)
    for _ in range(400):
        obs = env.observe(env.agent_selection)
        slots = np.flatnonzero(obs["action_mask"][env.view.fixed :])
        if len(slots):
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(slots)
    index = env.view.to_engine(env.state, env.view.fixed + int(slots[0]))
    move = env.state.legal_action_objects()[env.state.legal_actions().index(index)]
    assert "Stack" in move
    stack = move["Stack"]
    # Pieces are size-major: large gold, silver, navy, then small (RULES.md).
    piece = ["Large", "Small"].index(stack["piece"]["size"]) * 3 + ["Gold", "Silver", "Navy"].index(
        stack["piece"]["colour"]
    )
    row = obs["action_features"][slots[0]]
    assert round(row[0] * 5) == piece
    assert round(row[1] * 47) == stack["a"]
    # Neighbouring lattice points differ by one cell in the offset features.
    others = [
        env.state.legal_action_objects()[env.state.legal_actions().index(env.view.to_engine(env.state, env.view.fixed + int(s)))]["Stack"]
        for s in slots
    ]
    for s, other in zip(slots, others):
        if other["a"] == stack["a"] and other["y"] == stack["y"] and other["x"] != stack["x"]:
            step = (other["x"] - stack["x"]) / 5
            cells = obs["action_features"][s][2] - row[2]
            assert cells * (env.view.cells - 1) / 2 == pytest.approx(step)
            break
    else:
        pytest.fail("no neighbouring stack to compare")
