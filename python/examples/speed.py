"""Random playouts of a game (MOON by default), three ways, per ply:

- a Python loop: `legal_actions()`, `random.Random.choice`, `apply_action()`;
- the same calls made in Rust (`state.index_playout(seed)`): the binding's
  yardstick, what the loop would cost with no interpreter and no crossing;
- one `state.random_playout(seed)` call: the engine's playout, which draws
  without listing the legal actions.

States are made before each clock starts (as a learning loop's reset is
not a ply). Prints microseconds per ply; the README quotes them.

    python examples/speed.py [game] [games] [rounds]
"""

import json
import random
import sys
import time

import tabletop


def python_loop(states, seeds):
    plies = 0
    start = time.perf_counter()
    for seed, state in zip(seeds, states):
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return time.perf_counter() - start, plies


def in_rust(states, seeds, playout):
    start = time.perf_counter()
    steps = sum(playout(state, seed) for seed, state in zip(seeds, states))
    return time.perf_counter() - start, steps


def seat_moves(states):
    """Plies as the Python loop counts them: seat moves, not chance."""
    return sum(
        sum(1 for step in json.loads(state.to_replay())["steps"] if "Action" in step)
        for state in states
    )


def per_ply(elapsed, plies):
    return elapsed / max(plies, 1)


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "moon"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    game = tabletop.load_game(name)
    # Rounds interleave the three ways and keep each one's best, so a
    # busy machine slows them alike.
    best = {"python": float("inf"), "index": float("inf"), "playout": float("inf")}
    reset = float("inf")
    for r in range(rounds):
        seeds = list(range(r * games, (r + 1) * games))
        start = time.perf_counter()
        states = [game.new_initial_state(seed=seed) for seed in seeds]
        reset = min(reset, (time.perf_counter() - start) / games)
        best["python"] = min(best["python"], per_ply(*python_loop(states, seeds)))
        states = [game.new_initial_state(seed=seed) for seed in seeds]
        timed = in_rust(states, seeds, lambda s, seed: s.index_playout(seed))
        best["index"] = min(best["index"], per_ply(*timed))
        states = [game.new_initial_state(seed=seed) for seed in seeds]
        elapsed, _ = in_rust(states, seeds, lambda s, seed: s.random_playout(seed))
        best["playout"] = min(best["playout"], per_ply(elapsed, seat_moves(states)))
    py, index, playout = best["python"], best["index"], best["playout"]
    print(f"{name}: best of {rounds} rounds of {games} games, per ply")
    print(f"  python loop (legal_actions + choice + apply_action): {1e6 * py:.3f} us")
    print(f"  the same calls in Rust (state.index_playout):        {1e6 * index:.3f} us")
    print(f"  engine playout (state.random_playout):               {1e6 * playout:.3f} us")
    print(f"  python loop / same calls in Rust: {py / index:.1f}x")
    print(f"  python loop / engine playout:     {py / playout:.1f}x")
    print(f"  new_initial_state: {1e6 * reset:.2f} us")


if __name__ == "__main__":
    main()
