"""How an agent names a move: the action views the OpenSpiel games and the
PettingZoo and Gymnasium environments share.

The engine's own index (``State.legal_actions()``, each game's RULES.md,
"Learning view") is the action wherever its space is small enough to mask.
Two games need another view, built here only from the engine's own lists
(legal indices, the protocol's score-sorted page); no rule lives here:

- ``PlaysView`` (Binary Scrabble, whose index is a 63-bit number): an
  action is a slot, the position of a move among the ``slots`` best
  plays of the moment by score (the engine's ``legal_page(sort="score")``),
  with ``pass`` always the last listed slot. Each slot has a feature
  vector. It cannot express the plays ranked below the cap, nor the
  exchanges that do not fit in it.
- ``StackSlotsView`` (Moon Base, whose 840,137 indices are almost all
  stacks): every move but a stack keeps its engine index, renumbered to
  close the gap; a stack is a slot, its position among the legal stacks
  in the engine's order, with a feature vector decoded from its index.
  It cannot express the stacks past the 1,024th of a position (the most
  seen in 2,000 random games was 607, see docs/python.md).
"""

from typing import List, Optional

import numpy as np

#: Binary Scrabble plays offered per turn by ``PlaysView``.
PLAY_SLOTS = 64
#: Moon Base stacks offered per turn by ``StackSlotsView``.
STACK_SLOTS = 1024


class IndexView:
    """The engine's index is the action (masks over the whole space)."""

    features = None

    def __init__(self, game):
        self.game = game
        self.size = game.num_distinct_actions()

    def legal(self, state) -> List[int]:
        # Ascending, as OpenSpiel wants (the engine lists in its own order).
        return sorted(state.legal_actions())

    def mask(self, state) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[state.legal_actions()] = 1
        return mask

    def apply(self, state, action: int):
        state.apply_action(action)

    def name(self, state, action: int) -> str:
        return state.action_to_string(action)

    def feature_rows(self, state):
        return None


class PlaysView:
    """Binary Scrabble: the ``slots`` best plays by score, ``pass`` last."""

    #: Per slot: is a play, is an exchange, is pass, score / 100, across,
    #: row / 14, column / 14, tiles placed / 7, tiles exchanged / 7, blanks
    #: placed / 7, then the placed faces counted per kind / 7 (12 kinds).
    KINDS = ["Zero", "One", "Equals", "Plus", "Minus", "Times", "Divide", "And", "Or", "Xor", "Not"]
    features = 10 + 11

    def __init__(self, game, slots: int = PLAY_SLOTS):
        self.game = game
        self.size = slots
        self._cache = (None, None)

    def _moves(self, state):
        steps = state.step_count()
        cached, moves = self._cache
        if cached is not None and cached[0] is state and cached[1] == steps:
            return moves
        key = (state, steps)
        if state.current_player() < 0:
            moves = []
        else:
            page = state.legal_page(limit=self.size, sort="score")
            moves = list(zip(page["actions"], page["names"], page.get("scores") or [0] * len(page["names"])))
            if not any(name == "pass" for _, name, _ in moves):
                moves = moves[: self.size - 1] + [("Pass", "pass", 0)]
        self._cache = (key, moves)
        return moves

    def legal(self, state) -> List[int]:
        return list(range(len(self._moves(state))))

    def mask(self, state) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[: len(self._moves(state))] = 1
        return mask

    def _move(self, state, action):
        moves = self._moves(state)
        if not 0 <= action < len(moves):
            from .errors import IllegalActionError

            raise IllegalActionError(
                f"no play in slot {action}: {len(moves)} slots are legal now", "NoActionAtIndex", None
            )
        return moves[action]

    def apply(self, state, action: int):
        obj, _, _ = self._move(state, int(action))
        state.apply_action_object(obj)

    def name(self, state, action: int) -> str:
        return self._move(state, int(action))[1]

    def feature_rows(self, state) -> np.ndarray:
        rows = np.zeros((self.size, self.features), dtype=np.float32)
        for i, (obj, _, score) in enumerate(self._moves(state)):
            if obj == "Pass":
                rows[i, 2] = 1.0
                continue
            if "Exchange" in obj:
                rows[i, 1] = 1.0
                rows[i, 8] = len(obj["Exchange"]) / 7.0
                continue
            play = obj["Play"]
            tiles = play["tiles"]
            rows[i, 0] = 1.0
            rows[i, 3] = score / 100.0
            rows[i, 4] = 1.0 if play["dir"] == "Across" else 0.0
            first = tiles[0]["square"]
            rows[i, 5] = (int(first[1:]) - 1) / 14.0
            rows[i, 6] = (ord(first[0]) - ord("A")) / 14.0
            rows[i, 7] = len(tiles) / 7.0
            rows[i, 9] = sum(t["blank"] for t in tiles) / 7.0
            for t in tiles:
                if t["face"] in self.KINDS:
                    rows[i, 10 + self.KINDS.index(t["face"])] += 1.0 / 7.0
        return rows


class StackSlotsView:
    """Moon Base: fixed indices for every move but a stack; stacks by slot.

    The engine's layout (moon-base-core/RULES.md, "Learning view"):
    ``ChooseColour`` 3, ``PlaceTower`` C, ``TakePair`` 4, ``PlaceOnCrater``
    6C, then the stacks (6 x 48 x K² x 4), then ``Pass``,
    ``PlaceResourceBase`` C, ``DeclineResourceBase``: C craters from the
    config's board, K from the size of the space.
    """

    #: Per stack slot: piece / 5, first support / 47, offset x and y in
    #: -1..1 (lattice cells / the half width), second support's rank / 3.
    features = 5

    def __init__(self, game, slots: int = STACK_SLOTS):
        self.game = game
        craters = len(game.config()["board"]["craters"])
        total = game.num_distinct_actions()
        self.stack_start = 7 + 7 * craters
        stacks = total - 9 - 8 * craters
        self.cells = round((stacks / (6 * 48 * 4)) ** 0.5)
        assert 6 * 48 * 4 * self.cells**2 == stacks, "moon-base learning view changed"
        self.stack_end = self.stack_start + stacks
        self.fixed = total - stacks
        self.slots = slots
        self.size = self.fixed + slots
        self._cache = (None, None)
        self._no_stacks = np.zeros(0, dtype=np.int64)

    def _split(self, state):
        # One listing per position, shared by the mask, the features and
        # the step (the cache holds the state itself, so no other state
        # can be mistaken for it).
        steps = state.step_count()
        cached, split = self._cache
        if cached is not None and cached[0] is state and cached[1] == steps:
            return split
        legal = state.legal_actions()
        lo, hi = self.stack_start, self.stack_end
        if any(lo <= i < hi for i in legal):
            legal = np.array(legal, dtype=np.int64)
            is_stack = (legal >= lo) & (legal < hi)
            fixed = legal[~is_stack]
            fixed[fixed >= hi] -= hi - lo
            stacks = legal[is_stack][: self.slots]
        else:
            # No stack (most plies): plain lists cost less than numpy.
            fixed = [i - (hi - lo) if i >= hi else i for i in legal]
            stacks = self._no_stacks
        self._cache = ((state, steps), (fixed, stacks))
        return fixed, stacks

    def legal(self, state) -> List[int]:
        fixed, stacks = self._split(state)
        return list(fixed) + list(range(self.fixed, self.fixed + len(stacks)))

    def mask(self, state) -> np.ndarray:
        fixed, stacks = self._split(state)
        mask = np.zeros(self.size, dtype=np.int8)
        mask[fixed] = 1
        mask[self.fixed : self.fixed + len(stacks)] = 1
        return mask

    def to_engine(self, state, action: int) -> Optional[int]:
        if not 0 <= action < self.size:
            return None
        if action >= self.fixed:
            _, stacks = self._split(state)
            slot = action - self.fixed
            return int(stacks[slot]) if slot < len(stacks) else None
        if action >= self.stack_start:
            return action + (self.stack_end - self.stack_start)
        return action

    def apply(self, state, action: int):
        index = self.to_engine(state, int(action))
        if index is None:
            from .errors import IllegalActionError

            raise IllegalActionError(f"no legal move in slot {action}", "NoActionAtIndex", None)
        state.apply_action(index)

    def name(self, state, action: int) -> str:
        index = self.to_engine(state, int(action))
        return state.action_to_string(-1 if index is None else index)

    def feature_rows(self, state) -> np.ndarray:
        _, stacks = self._split(state)
        rows = np.zeros((self.slots, self.features), dtype=np.float32)
        n = len(stacks)
        if n == 0:
            return rows
        # Decoded as the layout writes it: ((piece x 48 + a) x K² + cell) x 4 + rank.
        q, rank = np.divmod(stacks - self.stack_start, 4)
        q, cell = np.divmod(q, self.cells * self.cells)
        piece, support = np.divmod(q, 48)
        y, x = np.divmod(cell, self.cells)
        half = (self.cells - 1) / 2
        rows[:n] = np.column_stack((piece / 5.0, support / 47.0, x / half - 1.0, y / half - 1.0, rank / 3.0))
        return rows


def view_for(game, name: str, engine_indices: bool = False):
    """The action view of ``game`` (loaded as ``name``); with
    ``engine_indices`` the engine's own index wherever it fits OpenSpiel's
    32-bit action count (all games but Binary Scrabble)."""
    if name == "binary-scrabble":
        return PlaysView(game)
    if name == "moon-base" and not engine_indices:
        return StackSlotsView(game)
    return IndexView(game)
