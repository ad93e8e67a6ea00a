"""A large arena (or self-play batch) as Ray tasks.

Each task plays one chunk of games with ``tabletop.arena`` (in Rust, GIL
released) and returns its table; the driver merges the tables. The same
code runs on a laptop (``ray.init()``), in Ray's local mode (the test) or
on a cluster (``ray.init(address="auto")`` on a node of it)::

    python examples/ray_arena.py moon-base random,heuristic --games 2000 --chunks 16
    python examples/ray_arena.py market-island ev,random --address auto

Chunk ``i`` plays with seed ``seed * 1_000_003 + i``, so a run is fixed by
its arguments whatever the cluster's size or scheduling.
"""

import argparse
from typing import Dict, List, Optional

import ray

import tabletop


@ray.remote
def arena_chunk(name: str, bots: List[str], games: int, seed: int, config: Optional[dict]):
    """One chunk of the arena: a table, one row per line-up position."""
    return tabletop.arena(name, bots, games=games, seed=seed, config=config, threads=1)


@ray.remote
def self_play_chunk(name: str, seeds: List[int], config: Optional[dict]):
    """Random self-play games: (seed, returns, replay text) per game."""
    game = tabletop.load_game(name, config)
    out = []
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        state.random_playout(seed)
        out.append((seed, state.returns(), state.to_replay()))
    return out


def merge(tables: List[List[Dict]]) -> List[Dict]:
    """Adds chunk tables up: counts summed, means weighted by games."""
    merged = []
    for rows in zip(*tables):
        games = sum(r["games"] for r in rows)
        weight = games or 1
        merged.append(
            {
                "entrant": rows[0]["entrant"],
                "bot": rows[0]["bot"],
                "games": games,
                "wins": sum(r["wins"] for r in rows),
                "win_rate": sum(r["wins"] for r in rows) / weight,
                "mean_place": sum(r["mean_place"] * r["games"] for r in rows) / weight,
                "mean_score": sum(r["mean_score"] * r["games"] for r in rows) / weight,
                "score_min": min((r["score_min"] for r in rows if r["score_min"] is not None), default=None),
                "score_max": max((r["score_max"] for r in rows if r["score_max"] is not None), default=None),
                "team_wins": sum(r["team_wins"] for r in rows),
                "finished": sum(r["finished"] for r in rows),
            }
        )
    return merged


def run_arena(name: str, bots: List[str], games: int, chunks: int, seed: int = 0,
              config: Optional[dict] = None) -> List[Dict]:
    """Splits `games` into `chunks` Ray tasks and merges their tables."""
    sizes = [games // chunks + (1 if i < games % chunks else 0) for i in range(chunks)]
    futures = [
        arena_chunk.remote(name, bots, n, seed * 1_000_003 + i, config)
        for i, n in enumerate(sizes)
        if n > 0
    ]
    return merge(ray.get(futures))


def run_self_play(name: str, games: int, chunks: int, seed: int = 0,
                  config: Optional[dict] = None):
    """`games` random self-play games in `chunks` tasks, in seed order."""
    seeds = [seed + i for i in range(games)]
    futures = [self_play_chunk.remote(name, seeds[i::chunks], config) for i in range(chunks)]
    return sorted((g for chunk in ray.get(futures) for g in chunk), key=lambda g: g[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("bots", help="comma-separated bot names, one per seat (cycled)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--chunks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--address", default=None, help='a cluster ("auto"), or none for this machine')
    args = parser.parse_args()
    ray.init(address=args.address)
    for row in run_arena(args.game, args.bots.split(","), args.games, args.chunks, args.seed):
        print(f"{row['bot']:>12}  games {row['games']:>6}  win rate {row['win_rate']:.3f}"
              f"  mean place {row['mean_place']:.2f}  mean score {row['mean_score']:.1f}")


if __name__ == "__main__":
    main()
