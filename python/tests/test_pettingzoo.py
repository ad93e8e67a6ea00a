"""The PettingZoo AEC environment passes PettingZoo's own API test."""

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

import tabletop  # noqa: E402
import tabletop.pettingzoo as tz  # noqa: E402

MASKABLE = ["moon", "market-island", "moon-base", "pig", "high-card"]


@pytest.mark.parametrize("name", MASKABLE)
def test_api_test_passes(name):
    pettingzoo_test.api_test(tz.env(name), num_cycles=100)


def test_market_island_four_seats_plays_by_masks():
    env = tz.env("market-island")
    env.reset(seed=3)
    assert env.agents == ["player_0", "player_1", "player_2", "player_3"]
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() >= 1
        assert obs["observation"].shape == tuple(env.game.observation_tensor_shape())
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert env.agents == []


def test_same_seed_same_game():
    a, b = tz.env("pig"), tz.env("pig")
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


def test_scrabble_says_why_it_has_no_mask():
    with pytest.raises(ValueError, match="too many"):
        tz.env("binary-scrabble")
    assert "binary-scrabble" in tabletop.games()
