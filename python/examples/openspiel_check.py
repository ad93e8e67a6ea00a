"""OpenSpiel's own code, unchanged, on every tabletop game: what issue 27
asks of ``pip install "./python[openspiel]"``.

For each game: ``pyspiel.load_game``, ``pyspiel.random_sim_test``,
``MCTSBot`` (random rollouts) against ``UniformRandomBot`` through
``evaluate_bots``, and one ``rl_environment`` episode of random legal
moves. Prints one line per game and the time it took.

    python examples/openspiel_check.py [mcts simulations]
"""

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, mcts

import tabletop.openspiel  # noqa: F401  (registers tabletop_*)


def main():
    sims = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    rng = np.random.RandomState(0)
    for name in tabletop.openspiel.NAMES.values():
        start = time.perf_counter()
        game = pyspiel.load_game(name)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bots = [mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rng)]
        bots += [pyspiel.make_uniform_random_bot(p, p) for p in range(1, game.num_players())]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        env = rl_environment.Environment(game)
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        print(
            f"{name:26} random_sim_test ok; MCTS({sims}) vs random {np.round(returns, 2).tolist()}; "
            f"rl_environment rewards {np.round(step.rewards, 2).tolist()} ({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
