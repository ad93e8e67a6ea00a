"""MaskablePPO (sb3-contrib) learns MOON solo from ``tabletop.gym``, and a
plot compares its return with MOON's own solver bot on the same games.

Not run in CI (it needs torch, and minutes). With the extras installed::

    pip install "./python[gym]" sb3-contrib matplotlib
    python python/examples/train_moon_ppo.py --steps 100000 --out docs/moon_ppo.png

Every ``--eval-every`` steps the policy (deterministic, masked) plays
``--eval-games`` seeded games; the solver (``state.set_bot(0, "solver")``)
plays the same seeds once. Returns are the environment's rewards: the
utility in [-1, 1] (a won game 1; a lost one -1/(1 + score)).
"""

import argparse

import numpy as np

import tabletop
import tabletop.gym


def solver_return(seeds):
    """The MOON solver's mean utility over games of these seeds."""
    game = tabletop.load_game("moon")
    total = 0.0
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        state.set_bot(0, "solver", seed=seed)
        while not state.is_terminal():
            state.play_bot()
        total += state.utilities()[0]
    return total / len(seeds)


def policy_return(model, seeds):
    """The policy's mean return, masked and deterministic, on these seeds."""
    env = tabletop.gym.make("moon")
    total = 0.0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            total += reward
            done = terminated or truncated
    return total / len(seeds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--eval-every", type=int, default=10_000)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--out", default="docs/moon_ppo.png")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)
    from stable_baselines3.common.callbacks import BaseCallback

    seeds = list(range(10_000, 10_000 + args.eval_games))
    solver = solver_return(seeds)
    print(f"solver: mean return {solver:.3f} over {len(seeds)} games")

    points = []

    class Evaluate(BaseCallback):
        def _on_step(self):
            if self.num_timesteps % args.eval_every == 0:
                r = policy_return(self.model, seeds)
                points.append((self.num_timesteps, r))
                print(f"{self.num_timesteps:>8} steps: mean return {r:.3f}")
            return True

    env = tabletop.gym.make("moon")
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
    points.append((0, policy_return(model, seeds)))
    print(f"       0 steps: mean return {points[0][1]:.3f}")
    model.learn(total_timesteps=args.steps, callback=Evaluate())

    csv = args.out.rsplit(".", 1)[0] + ".csv"
    np.savetxt(csv, np.array(points), delimiter=",", header=f"steps,return (solver {solver:g})", fmt="%g")
    plot(points, solver, len(seeds), args.out)


def plot(points, solver, games, out):
    """The return curve against the solver's line, as a PNG at ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, returns = zip(*points)
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=120)
    ax.plot(steps, returns, marker="o", label="MaskablePPO (masked, deterministic)")
    ax.axhline(solver, color="tab:green", linestyle="--", label="MOON solver bot")
    ax.set_xlabel("environment steps")
    ax.set_ylabel(f"mean return, {games} seeded games")
    ax.set_ylim(-1.05, 1.05)
    ax.set_title("MOON solo: tabletop.gym.make('moon')")
    ax.legend(loc="center right")
    fig.tight_layout()
    fig.savefig(out)
    print(f"wrote {out}")

if __name__ == "__main__":
    main()
