"""The Gymnasium view: one seat against the engine's bots, masked for
sb3-contrib, checked by Gymnasium's own env checker."""

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tabletop  # noqa: E402

GAMES = ["moon", "binary-scrabble", "market-island", "moon-base"]


@pytest.mark.parametrize("name", GAMES)
def test_check_env_passes(name):
    env = tabletop.gym.make(name, render_mode="ansi")
    with warnings.catch_warnings():
        # Unbounded Box observations draw a warning, not a failure.
        warnings.simplefilter("ignore")
        check_env(env)


def play(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


@pytest.mark.parametrize("name", ["moon", "market-island", "moon-base"])
def test_masked_random_episodes_end_with_the_utility(name):
    env = tabletop.gym.make(name, opponents="random")
    total, steps, info = play(env, 2)
    assert steps > 0 and not info.get("illegal_action")
    assert -1.0 <= total <= 1.0
    assert total == env.state.utilities()[0]
    assert info["score"] == env.state.returns()[0]


def test_moon_solo_needs_no_opponents_and_scales_the_score():
    env = tabletop.gym.make("moon")
    assert env.opponents == {}
    total, _, info = play(env, 5)
    # MOON solo: a won game is 1; a lost one is below 0, higher with the score.
    outcome = env.state.outcome()
    if outcome["team"] == "Won":
        assert total == 1.0
    else:
        assert total == pytest.approx(-1.0 / (1.0 + max(info["score"], 0)))


def test_a_seed_replays_the_episode_and_none_is_new_luck():
    a = tabletop.gym.make("market-island", opponents="random")
    b = tabletop.gym.make("market-island", opponents="random")
    play(a, 9)
    play(b, 9)
    assert a.state.to_replay() == b.state.to_replay()
    seeded = a.state.seed()
    a.reset()
    assert a.state.seed() != seeded
    # Never seeded: each environment's games are its own.
    c = tabletop.gym.make("market-island", opponents="random")
    d = tabletop.gym.make("market-island", opponents="random")
    c.reset()
    d.reset()
    assert c.state.seed() != d.state.seed()


def test_an_illegal_action_ends_the_episode_with_the_lowest_reward():
    env = tabletop.gym.make("market-island", {"seats": 2}, opponents=["mcts:5"])
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.state.to_replay()
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.state.to_replay() == before


def test_opponents_are_checked():
    with pytest.raises(tabletop.UnknownBotError):
        tabletop.gym.make("market-island", opponents="deep-blue")
    with pytest.raises(ValueError):
        tabletop.gym.make("market-island", opponents=["random"])


def test_scrabble_slots_carry_features():
    env = tabletop.gym.make("binary-scrabble", opponents="random")
    obs, _ = env.reset(seed=3)
    n = int(env.action_masks().sum())
    rows = obs["action_features"]
    assert rows.shape == (env.action_space.n, 21)
    assert rows[:n].any(axis=1).all() and not rows[n:].any()
    # `pass` is the last legal slot; plays come best first.
    assert rows[n - 1, 2] == 1.0
    plays = rows[:n][rows[:n, 0] == 1.0]
    assert list(plays[:, 3]) == sorted(plays[:, 3], reverse=True)


def test_the_text_render_ends_with_the_last_steps_in_words():
    env = tabletop.gym.make("market-island", render_mode="ansi")
    env.reset(seed=3)
    mask = env.action_masks()
    env.step(int(np.flatnonzero(mask)[0]))
    text = env.render()
    assert "what happened:" in text
    last = env.state.narration(env.seat)[-1]
    assert text.rstrip().endswith(last) or last in text
