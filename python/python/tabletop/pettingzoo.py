"""PettingZoo AEC environments over every registered game.

``tabletop.pettingzoo.env("market-island")`` gives an ``AECEnv`` whose
agents are the seats (``player_0`` ...). Each observation is a dict with
the game's ``observation`` tensor (float32, the shape documented in the
game's RULES.md) and an ``action_mask`` (int8, 1 for each legal action of
the agent to act, all zeros for the others), as PettingZoo's classic
environments do. Chance (dice, draws) is drawn inside the engine from the
reset's seed; a reset without a seed after a seeded one takes the next
seed, and the first unseeded reset a fresh one from the operating system.

The action is the engine's index (``State.legal_actions()``) except in
two games, whose spaces are too large to mask (see ``tabletop._views``):

- Binary Scrabble: an action is a slot among the 64 best plays of the
  moment by score, ``pass`` last; ``action_features`` (64 x 21) describes
  each slot's play. Plays ranked below the cap, and most exchanges,
  cannot be chosen.
- Moon Base: every move but a stack keeps its engine index (renumbered
  past the stacks), and a stack is a slot among the legal stacks, 1,024
  at most, described by ``action_features`` (1024 x 5): 1,353 actions.

Rewards come once, at the end: each seat's utility in [-1, 1]
(``State.utilities()``: first place 1, last -1, linear by place between;
a team loss below 0, rising with the score); ``infos[agent]["score"]``
then holds the game's own final score. All rules and legality stay in
Rust.
"""

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import load_game
from ._story import with_story
from ._views import view_for

#: Kept for callers of the old name: every game now has a maskable view.
MAX_MASKED_ACTIONS = 1 << 24


def _fresh_seed() -> int:
    return int.from_bytes(__import__("os").urandom(8), "little")


class TabletopEnv(AECEnv):
    """One game of the registry as an AEC environment."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "tabletop_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str,
        config: Optional[Dict[str, Any]] = None,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.game = load_game(name, config)
        self.name = name
        self.view = view_for(self.game, name)
        actions = self.view.size
        self.metadata = dict(self.metadata, name=f"tabletop_{name.replace('-', '_')}_v1")
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        shape = tuple(self.game.observation_tensor_shape())
        fields = {
            "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
        if self.view.features is not None:
            rows = (getattr(self.view, "slots", actions), self.view.features)
            fields["action_features"] = spaces.Box(-np.inf, np.inf, rows, np.float32)
        self.observation_spaces = {a: spaces.Dict(fields) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._actions = actions
        self._next_seed = None
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else _fresh_seed()
        # The same seed gives the same game; a reset without one moves on.
        self._next_seed = (seed + 1) % (1 << 64)
        self.state = self.game.new_initial_state(seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        player = self.state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent):
        seat = self._seat[agent]
        out = {"observation": self.state.observation_tensor(seat)}
        if self.state.current_player() == seat:
            out["action_mask"] = self.view.mask(self.state)
        else:
            out["action_mask"] = np.zeros(self._actions, dtype=np.int8)
        if self.view.features is not None:
            if self.state.current_player() == seat:
                out["action_features"] = self.view.feature_rows(self.state)
            else:
                space = self.observation_spaces[agent]["action_features"]
                out["action_features"] = np.zeros(space.shape, dtype=np.float32)
        return out

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # Raises IllegalActionError (with the rule id) and changes nothing
        # on an action that is not legal.
        self.view.apply(self.state, int(action))
        if self.state.is_terminal():
            scores = self.state.returns()
            for a, u, s in zip(self.possible_agents, self.state.utilities(), scores):
                self.rewards[a] = float(u)
                self.terminations[a] = True
                self.infos[a] = {"score": s}
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """``ansi``: the spectator's text, then the last steps in words;
        ``human``: prints it, returns None."""
        if self.render_mode is None:
            return None
        text = with_story(self.state, str(self.state))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(name: str, config: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None):
    """The AEC environment of game ``name`` (see ``tabletop.games()``)."""
    return TabletopEnv(name, config, render_mode)


__all__ = ["TabletopEnv", "env", "MAX_MASKED_ACTIONS"]
