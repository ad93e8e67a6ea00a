"""A PettingZoo AEC environment over any registered game.

``tabletop.pettingzoo.env("market-island")`` gives an ``AECEnv`` whose
agents are the seats (``player_0`` ...). Each observation is a dict with
the game's ``observation`` tensor (float32, the shape documented in the
game's RULES.md) and an ``action_mask`` (int8, 1 for each legal action
index of the agent to act, all zeros for the others), as PettingZoo's
classic environments do. Chance (dice, draws) is drawn from the reset
seed inside the engine. Rewards come once, at the end: each seat's final
score (``State.returns()``). All rules and legality stay in Rust.
"""

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import load_game

#: Action spaces larger than this get no mask (Binary Scrabble's index is a
#: 63-bit number); use ``State.legal_actions()`` with those games instead.
MAX_MASKED_ACTIONS = 1 << 24


class TabletopEnv(AECEnv):
    """One game of the registry as an AEC environment."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "tabletop_v0",
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
        actions = self.game.num_distinct_actions()
        if actions > MAX_MASKED_ACTIONS:
            raise ValueError(
                f"{name} has {actions} action indices, too many for an action "
                "mask; drive it through tabletop.State.legal_actions() instead"
            )
        self.metadata = dict(self.metadata, name=f"tabletop_{name.replace('-', '_')}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.render_mode = render_mode
        self._actions = actions
        self._next_seed = 0
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is None:
            seed = self._next_seed
        # The same seed gives the same game; a reset without one moves on.
        self._next_seed = seed + 1
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
        observation = self.state.observation_tensor(seat)
        if self.state.current_player() == seat:
            mask = self.state.legal_actions_mask()
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # Raises IllegalActionError (with the rule id) and changes nothing
        # on an index that is not legal.
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass


def env(name: str, config: Optional[Dict[str, Any]] = None, render_mode: Optional[str] = None):
    """The AEC environment of game ``name`` (see ``tabletop.games()``)."""
    return TabletopEnv(name, config, render_mode)


__all__ = ["TabletopEnv", "env", "MAX_MASKED_ACTIONS"]
