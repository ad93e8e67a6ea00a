"""A Gymnasium environment: one seat of a game against the engine's bots.

``tabletop.gym.make("moon")`` is MOON solo; for a game of several seats
the other seats are played by built-in Rust bots (``opponents``: one spec
for all, or one per other seat, as ``Game.bots()`` names them: ``random``,
``mcts``, ``mcts:N``, each game's own)::

    env = tabletop.gym.make("market-island", {"seats": 3}, opponents="mcts:50")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(env.action_masks().nonzero()[0][0]))

Actions are those of the PettingZoo environment (``tabletop.pettingzoo``):
the engine's index, or a slot in Binary Scrabble and Moon Base, whose
slots ``obs["action_features"]`` describes (the observation is then a
Dict, else the tensor alone). ``action_masks()`` gives the legal ones, as
sb3-contrib's ``MaskablePPO`` asks.

Reward: 0 at every step but the last, then the seat's utility in [-1, 1]
(``State.utilities()``, OpenSpiel's returns): first place or a team win
1, last place -1, linear by place between; a team loss is below 0 and
rises with the score (MOON solo: -1 for 0 points, -0.5 for 1, ... ). That
is the game's score scaled into its utility range; ``info["score"]`` holds
the raw final score. An illegal action ends the episode with reward -1
and ``info["illegal_action"]``: nothing in the game is played (unmasked
samplers, such as ``check_env``'s, do not crash the environment).
"""

from typing import Any, Dict, List, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import load_game
from ._story import with_story
from ._views import view_for
from .errors import IllegalActionError


class TabletopGymEnv(gymnasium.Env):
    """One seat (``seat``) of a game; every other seat a Rust bot."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        name: str,
        config: Optional[Dict[str, Any]] = None,
        opponents: Union[None, str, Sequence[str]] = None,
        seat: int = 0,
        render_mode: Optional[str] = None,
    ):
        self.game = load_game(name, config)
        self.name = name
        self.view = view_for(self.game, name)
        seats = self.game.num_players()
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat} is not at this table of {seats}")
        others = [s for s in range(seats) if s != seat]
        if opponents is None:
            opponents = "random"
        if isinstance(opponents, str):
            opponents = [opponents] * len(others)
        if len(opponents) != len(others):
            raise ValueError(f"{len(others)} other seats, {len(opponents)} opponents given")
        self.seat = seat
        self.opponents: Dict[int, str] = dict(zip(others, opponents))
        # Each spec checked now (UnknownBotError, BotBudgetError) by seating it once.
        probe = self.game.new_initial_state(seed=0)
        for s, spec in self.opponents.items():
            probe.set_bot(s, spec)
        tensor = spaces.Box(-np.inf, np.inf, tuple(self.game.observation_tensor_shape()), np.float32)
        if self.view.features is None:
            self.observation_space = tensor
        else:
            rows = (getattr(self.view, "slots", self.view.size), self.view.features)
            self.observation_space = spaces.Dict(
                {"observation": tensor, "action_features": spaces.Box(-np.inf, np.inf, rows, np.float32)}
            )
        self.action_space = spaces.Discrete(self.view.size)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.state = None

    def _obs(self):
        tensor = self.state.observation_tensor(self.seat)
        if self.view.features is None:
            return tensor
        if self.state.current_player() == self.seat:
            rows = self.view.feature_rows(self.state)
        else:
            rows = np.zeros(self.observation_space["action_features"].shape, np.float32)
        return {"observation": tensor, "action_features": rows}

    def _play_others(self):
        """Lets the bots move until this seat is to act or the game is over."""
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            self.state.play_bot()

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        # Gymnasium's np_random (seeded by `seed`, else fresh) seeds the game
        # and its bots, so a seed replays the episode and no seed is new luck.
        game_seed = int(self.np_random.integers(0, 2**63))
        self.state = self.game.new_initial_state(seed=game_seed)
        for s, spec in self.opponents.items():
            self.state.set_bot(s, spec, seed=int(self.np_random.integers(0, 2**63)))
        self._play_others()
        return self._obs(), {}

    def action_masks(self) -> np.ndarray:
        """The legal actions of this seat now, as a bool array."""
        if self.state.is_terminal() or self.state.current_player() != self.seat:
            return np.zeros(self.view.size, dtype=bool)
        return self.view.mask(self.state).astype(bool)

    def step(self, action):
        try:
            self.view.apply(self.state, int(action))
        except IllegalActionError as err:
            return self._obs(), -1.0, True, False, {"illegal_action": True, "error": str(err)}
        self._play_others()
        if self.render_mode == "human":
            self.render()
        if self.state.is_terminal():
            reward = float(self.state.utilities()[self.seat])
            return self._obs(), reward, True, False, {"score": self.state.returns()[self.seat]}
        return self._obs(), 0.0, False, False, {}

    def render(self):
        """``ansi``: the seat's view as text, then the last steps in words;
        ``human``: prints it."""
        if self.render_mode is None or self.state is None:
            return None
        text = with_story(self.state, self.state.observation_string(self.seat), self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(
    game: str,
    config: Optional[Dict[str, Any]] = None,
    opponents: Union[None, str, List[str]] = None,
    seat: int = 0,
    render_mode: Optional[str] = None,
) -> TabletopGymEnv:
    """A Gymnasium env of ``game`` for ``seat``, the others ``opponents``."""
    return TabletopGymEnv(game, config, opponents, seat, render_mode)


__all__ = ["TabletopGymEnv", "make"]
