"""MOON random playouts: driven from Python through `apply_action`, and
as one `random_playout` call (in Rust, through the same registry session).
Prints microseconds per ply of each; the README quotes them.

    python examples/speed.py [game] [games]
"""

import json
import random
import sys
import time

import tabletop


def python_loop(game, seeds):
    plies = 0
    start = time.perf_counter()
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return time.perf_counter() - start, plies


def rust_playout(game, seeds):
    states = [game.new_initial_state(seed=seed) for seed in seeds]
    start = time.perf_counter()
    for seed, state in zip(seeds, states):
        state.random_playout(seed)
    elapsed = time.perf_counter() - start
    # Seat moves only (chance is drawn inside), counted after the clock.
    plies = sum(
        sum(1 for s in json.loads(state.to_replay())["steps"] if "Action" in s)
        for state in states
    )
    return elapsed, plies


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "moon"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    game = tabletop.load_game(name)
    # Rounds interleave the two ways and keep each one's best, so a busy
    # machine slows both alike.
    best_py = best_rs = float("inf")
    for r in range(rounds):
        seeds = list(range(r * games, (r + 1) * games))
        t, n = python_loop(game, seeds)
        best_py = min(best_py, t / n)
        t, n = rust_playout(game, seeds)
        best_rs = min(best_rs, t / n)
    print(f"{name}: best of {rounds} rounds of {games} games")
    print(f"  python loop (legal_actions + apply_action): {1e6 * best_py:.2f} us/ply")
    print(f"  state.random_playout(seed):                 {1e6 * best_rs:.2f} us/ply")
    print(f"  ratio: {best_py / best_rs:.1f}x")


if __name__ == "__main__":
    main()
