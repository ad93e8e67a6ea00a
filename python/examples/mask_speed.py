"""Masked random steps a second from Python, per game, two ways:

- ``mask loop``: the calls a masked agent makes each ply on a
  ``tabletop.State`` through the environments' action view: the mask,
  a uniform pick among its legal entries, the step;
- ``pettingzoo``: the whole AEC loop, ``env.last()`` (the observation
  tensor and the mask) then ``env.step(action)``.

Chance is drawn in the engine. Steps are counted per second of this
process's CPU time (``time.process_time``), so a shared, busy machine
slows the figures less than it would wall-clock ones. Prints one line
per game; docs/python.md
quotes the figures (the target is 20,000 steps/s for every game but
Binary Scrabble).

    python examples/mask_speed.py [seconds per game] [game ...]
"""

import sys
import time

import numpy as np

import tabletop
import tabletop.pettingzoo
from tabletop._views import view_for

GAMES = ["moon", "binary-scrabble", "market-island", "moon-base"]


def mask_loop(name, seconds):
    game = tabletop.load_game(name)
    view = view_for(game, name)
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal():
            mask = view.mask(state)
            legal = np.flatnonzero(mask)
            view.apply(state, int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def pettingzoo_loop(name, seconds):
    env = tabletop.pettingzoo.env(name)
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    names = sys.argv[2:] or GAMES
    print(f"{'game':16} {'actions':>8} {'mask loop':>12} {'pettingzoo':>12}  (steps per CPU second, {seconds:g} s each)")
    for name in names:
        size = view_for(tabletop.load_game(name), name).size
        print(f"{name:16} {size:8d} {mask_loop(name, seconds):12,.0f} {pettingzoo_loop(name, seconds):12,.0f}")


if __name__ == "__main__":
    main()
