"""The Ray example on a one-machine Ray cluster started by the test (the
same code runs on a real cluster).

Ray removed `local_mode` (Ray 2.60 refuses it: "no longer supported"), so
the test starts a local cluster of one CPU instead: real worker processes,
as on a cluster, which also checks that tasks pickle and import."""

import pathlib
import sys

import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'tabletop[ray]')")

import tabletop  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))
import ray_arena  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    examples = str(pathlib.Path(ray_arena.__file__).parent)
    ray.init(
        num_cpus=1,
        include_dashboard=False,
        log_to_driver=False,
        # Workers import the example module by name, as a cluster's would.
        runtime_env={"env_vars": {"PYTHONPATH": examples}},
    )
    yield
    ray.shutdown()


def test_arena_chunks_merge_into_one_table(local_ray):
    rows = ray_arena.run_arena("pig", ["random", "mcts:10"], games=24, chunks=3, seed=5)
    assert [r["games"] for r in rows] == [24, 24]
    # The merged table is the sum of the same chunks played directly.
    direct = [
        tabletop.arena("pig", ["random", "mcts:10"], games=8, seed=5 * 1_000_003 + i)
        for i in range(3)
    ]
    for entrant, row in enumerate(rows):
        assert row["wins"] == sum(t[entrant]["wins"] for t in direct)
        assert row["win_rate"] == pytest.approx(row["wins"] / 24)


def test_self_play_batch_returns_replays_in_seed_order(local_ray):
    games = ray_arena.run_self_play("market-island", games=6, chunks=2, seed=100)
    assert [g[0] for g in games] == list(range(100, 106))
    for seed, returns, replay in games:
        state = tabletop.from_replay(replay)
        assert state.is_terminal() and state.returns() == returns
