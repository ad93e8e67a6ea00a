"""Rules engines of four educational tabletop games, from Python.

The games run in Rust; this package is a thin layer over the same
registry the ``serve`` protocol uses. The API follows OpenSpiel's
``pyspiel``::

    import numpy as np, tabletop
    game = tabletop.load_game("moon", {"players": 2})
    state = game.new_initial_state(seed=7)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        obs = state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    print(state.returns())

``tabletop.pettingzoo.env(name)`` wraps a game as a PettingZoo AEC
environment with action masks, ``tabletop.gym.make(name)`` one seat as a
Gymnasium environment, and ``tabletop.openspiel`` registers the games
with OpenSpiel (``pyspiel.load_game("tabletop_moon")``). The three load
on first use, each needing its optional dependencies (the extras
``pettingzoo`` and ``openspiel``).
"""

import importlib

from . import errors
from ._tabletop import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Game,
    State,
    arena,
    from_replay,
    games,
    load_game,
)
from .errors import (
    BadJsonError,
    BotBudgetError,
    BotSpecError,
    ChancePendingError,
    ConfigError,
    GameOverError,
    IllegalActionError,
    NoBotError,
    NoSeatToActError,
    NotYourTurnError,
    ReplayError,
    SeatError,
    TabletopError,
    UnknownBotError,
    UnknownGameError,
)

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Game",
    "State",
    "arena",
    "from_replay",
    "games",
    "load_game",
    "errors",
    "TabletopError",
    "IllegalActionError",
    "NoSeatToActError",
    "GameOverError",
    "ChancePendingError",
    "NotYourTurnError",
    "SeatError",
    "NoBotError",
    "ConfigError",
    "BadJsonError",
    "UnknownGameError",
    "UnknownBotError",
    "BotBudgetError",
    "BotSpecError",
    "ReplayError",
]

#: The submodules that load on first use, and the extra each one needs.
_LAZY = {"pettingzoo": "pettingzoo", "gym": "gym", "openspiel": "openspiel"}


def __getattr__(name):
    # PEP 562: `tabletop.pettingzoo` works after a plain `import tabletop`,
    # and a missing optional dependency says which extra to install.
    if name not in _LAZY:
        raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
    try:
        return importlib.import_module(f"tabletop.{name}")
    except ImportError as err:
        raise ImportError(
            f"tabletop.{name} needs {err.name or 'an optional dependency'}: "
            f"pip install 'tabletop[{_LAZY[name]}]' ({err})"
        ) from err
