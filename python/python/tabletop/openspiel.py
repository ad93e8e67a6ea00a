"""The four games as real OpenSpiel games (``pip install 'tabletop[openspiel]'``).

Importing this module registers ``tabletop_moon``,
``tabletop_binary_scrabble``, ``tabletop_market_island`` and
``tabletop_moon_base`` with ``pyspiel.register_game``, so OpenSpiel's own
code runs on them unchanged::

    import pyspiel, tabletop.openspiel
    game = pyspiel.load_game("tabletop_market_island", {"seats": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

Each game is a ``pyspiel.Game`` subclass with its ``GameType`` and
``GameInfo``, its states subclass ``pyspiel.State``, as OpenSpiel's
Python games (``open_spiel/python/games``) are. The rules run in Rust; a
state wraps a ``tabletop.State`` whose chance is manual.

Chance is explicit (``EXPLICIT_STOCHASTIC``): every die, draw and shuffle
the engine resolves is a chance node whose outcomes and probabilities
come from the engine (``chance_outcomes``), and the chance action is the
outcome's position in that list. A state is therefore fixed by its
history alone: a clone has no future luck to share, serialization and
pickling replay the history, and OpenSpiel's sampling (``random_sim_test``,
MCTS, ``evaluate_bots``, ``rl_environment``) draws chance itself.

Parameters: each scalar field of the game's config (``players``,
``seats``, ``rounds``, ...) with its default, plus ``config``, a JSON text
of any other fields (nested ones, or ones whose default is none); a
scalar parameter that differs from its default wins over the JSON.

Returns are utilities in [-1, 1] (``State.utilities()``): first place or
a team win 1, last place -1, linear by place between; a team loss is
below 0 and rises with the score. The game is general-sum.
"""

import base64
import json
from typing import Any, Dict

import numpy as np
import pyspiel

from . import load_game as _load_game
from ._views import view_for

#: The registered OpenSpiel names, by tabletop name.
NAMES = {
    "moon": "tabletop_moon",
    "binary-scrabble": "tabletop_binary_scrabble",
    "market-island": "tabletop_market_island",
    "moon-base": "tabletop_moon_base",
}

#: Games whose observation hides something from a seat (others' tiles,
#: cards, goals); Moon Base shows each seat the whole state.
_IMPERFECT = {"moon", "binary-scrabble", "market-island"}


def _max_chance_outcomes(name: str, config: Dict[str, Any]) -> int:
    """A bound on the outcomes of any chance event of ``name`` under
    ``config``: what the engine's chance types can take (tests check it
    against the engine's lists)."""
    if name == "moon":
        return 16 + 1 + 14  # a 4-bit goal, the BUG, 14 event kinds (M-2..M-4)
    if name == "binary-scrabble":
        return 12  # a tile kind drawn from the bag
    if name == "market-island":
        # The default decks (omitted from the config) hold at most 54
        # cards a pile (B-2..B-4: 52 faces and two Jokers).
        decks = config.get("decks") or {}
        piles = [len(decks.get(k) or [None] * 54) for k in ("income", "expense", "action", "mining")]
        return max([config["seats"], config["die_faces"], 53] + piles)
    if name == "moon-base":
        return 3  # a ring colour, or one of two seats to start
    raise ValueError(name)


def _parameters(name: str) -> Dict[str, Any]:
    """The game parameters: the default config's scalar fields and ``config``."""
    defaults = _load_game(name).config()
    params = {
        k: v for k, v in defaults.items() if isinstance(v, (bool, int, float, str))
    }
    params["config"] = ""
    return params


def _encode(config_text: str) -> str:
    """``config`` as the game keeps it: JSON's commas and braces would
    break OpenSpiel's game string (``name(key=value,...)``), which it
    parses to pickle and serialize games, so it is kept as base64 (the
    URL alphabet, no padding) behind ``b64:``."""
    if not config_text or config_text.startswith("b64:"):
        return config_text
    raw = base64.urlsafe_b64encode(json.dumps(json.loads(config_text)).encode()).decode()
    return "b64:" + raw.rstrip("=")


def _decode(config_text: str) -> Dict[str, Any]:
    if not config_text:
        return {}
    if config_text.startswith("b64:"):
        raw = config_text[4:]
        config_text = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()
    return json.loads(config_text)


def config_from_params(name: str, params: Dict[str, Any]) -> Dict[str, Any]:
    """The tabletop config that OpenSpiel parameters ``params`` ask for."""
    defaults = _parameters(name)
    config = _decode(params.get("config") or "")
    for key, value in params.items():
        if key == "config":
            continue
        if key not in config or value != defaults.get(key):
            config[key] = value
    return config


class TabletopGame(pyspiel.Game):
    """One tabletop game under one config, as OpenSpiel sees it."""

    def __init__(self, name: str, params=None):
        params = dict(params or {})
        if "config" in params:
            params["config"] = _encode(params["config"])
        self.tabletop_name = name
        self.tabletop_config = config_from_params(name, {**_parameters(name), **params})
        self.tabletop = _load_game(name, self.tabletop_config)
        self.view = view_for(self.tabletop, name, engine_indices=True)
        config = self.tabletop.config()
        length = self.tabletop.max_game_length()
        game_type = _game_type(name)
        info = pyspiel.GameInfo(
            num_distinct_actions=int(self.view.size),
            max_chance_outcomes=_max_chance_outcomes(name, config),
            num_players=self.tabletop.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self):
        return TabletopState(self)

    def __reduce__(self):
        # OpenSpiel pickles games (random_sim_test does): load it again.
        return (pyspiel.load_game, (self.get_type().short_name, self.get_parameters()))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self, iig_obs_type, params)


class TabletopState(pyspiel.State):
    """A game in progress; the rules run in the wrapped ``tabletop.State``."""

    def __init__(self, game, inner=None, prefix=None):
        super().__init__(game)
        self._game = game
        # Seed 0: with chance manual the seed draws nothing.
        self.inner = inner if inner is not None else game.tabletop.new_initial_state(seed=0, auto_chance=False)
        # A resampled world keeps each player's log up to the resampling
        # (see resample_from_infostate); None for a game from the start.
        self._prefix = prefix
        self._origin = None

    # -- the pyspiel.State interface -----------------------------------
    def current_player(self):
        return self.inner.current_player()

    def _legal_actions(self, player):
        if player != self.inner.current_player():
            return []
        return self._game.view.legal(self.inner)

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        if self.inner.is_chance_node():
            self.inner.apply_action(action)
        else:
            self._game.view.apply(self.inner, action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return "chance " + self.inner.action_to_string(action)
        return self._game.view.name(self.inner, action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.utilities()

    def rewards(self):
        # Terminal rewards: the returns arrive with the last step.
        return self.inner.utilities()

    def __str__(self):
        return str(self.inner)

    # -- hidden information --------------------------------------------
    def _log(self, player):
        """``player``'s perfect-recall log: what it saw of every step."""
        lines = list(self._prefix[player]) if self._prefix is not None else []
        return lines + self.inner.log_text(player)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, its hidden parts
        redrawn by the game's own determinization (seeded from
        ``probability_sampler``). Every player's log up to here is kept as
        ``player_id`` saw it, so information states stay keyed alike."""
        seed = int(probability_sampler() * (1 << 53))
        world = self.inner.determinized(player_id, seed)
        world_state = TabletopState(self._game, inner=world)
        mine = self._log(player_id)
        world_state._prefix = [mine for _ in range(self._game.num_players())]
        world_state._origin = (self.history(), player_id, seed, self._prefix is not None)
        return world_state

    # -- copies and pickling -------------------------------------------
    def __deepcopy__(self, memo):
        copy = TabletopState(self._game, inner=self.inner.clone(), prefix=self._prefix)
        copy._origin = self._origin
        return copy

    def __reduce__(self):
        if self._origin is not None:
            raise TypeError("a resampled state is a search world, not a game: pickle the state it came from")
        return (_restore, (self._game.get_type().short_name, self._game.get_parameters(), self.history()))


def _restore(short_name, params, history):
    state = pyspiel.load_game(short_name, params).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


class _Observer:
    """OpenSpiel's PyObserver: the observation tensor and string of a seat,
    or (perfect recall) its information state: its log and observation."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        size = 0 if self.perfect_recall else int(np.prod(game.tabletop.observation_tensor_shape()))
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if not self.perfect_recall:
            self.tensor[:] = state.inner.observation_tensor(player).ravel()

    def string_from(self, state, player):
        seen = state.inner.observation_string(player)
        if not self.perfect_recall:
            return seen
        return "\n".join(state._log(player) + [seen])


def _game_type(name):
    params = _parameters(name)
    return pyspiel.GameType(
        short_name=NAMES[name],
        long_name=f"tabletop {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if name in _IMPERFECT
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _register(name):
    class Game(TabletopGame):
        def __init__(self, params=None):
            super().__init__(name, params)

    # A module attribute of its own name: OpenSpiel pickles games.
    Game.__name__ = Game.__qualname__ = "TabletopGame_" + NAMES[name]
    globals()[Game.__name__] = Game
    pyspiel.register_game(_game_type(name), Game)


for _name in NAMES:
    _register(_name)


def load(name: str, config=None):
    """``pyspiel.load_game`` of tabletop game ``name`` with a config dict."""
    params = {"config": json.dumps(config)} if config else {}
    return pyspiel.load_game(NAMES[name], params)


__all__ = ["NAMES", "TabletopGame", "TabletopState", "config_from_params", "load"]
