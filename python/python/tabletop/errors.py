"""Typed exceptions raised by the native module.

Every one carries the registry's error ``kind`` (its wire name, as the
``serve`` protocol reports it: ``"Refused"``, ``"NoBot"``, ...), the
``rule`` id when a rule of the game refused (``"M-12"``, ``"MI-39"``,
``"C1"``; the game names it, nothing is read out of the message), and the
``message``. Nothing changes in a state when one of these is raised.

The classes follow the kinds::

    TabletopError
    ├── IllegalActionError    Refused, NoActionAtIndex, NotChance, BadNotation
    ├── NoSeatToActError      NoSeatToAct (chance pending or game over)
    │   ├── GameOverError     GameOver
    │   └── ChancePendingError ChancePending
    ├── NotYourTurnError      NotYourTurn
    ├── SeatError             UnknownSeat (a player number not at the table)
    ├── NoBotError            NoBot (no bot sits at the seat to act)
    ├── ConfigError           Config
    ├── BadJsonError          BadJson
    ├── UnknownGameError      UnknownGame
    ├── UnknownBotError       UnknownBot
    ├── BotBudgetError        BotBudget
    ├── BotSpecError          BotSpec
    └── ReplayError           Replay
"""

from typing import Optional


class TabletopError(Exception):
    """Base class: ``kind`` names the registry error, ``rule`` the rule id."""

    def __init__(self, message: str, kind: str = "", rule: Optional[str] = None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.rule = rule


class IllegalActionError(TabletopError, ValueError):
    """An action, chance outcome or index the game refuses (``rule`` names
    the rule broken when it has an id)."""


class NoSeatToActError(TabletopError, RuntimeError):
    """A seat's move was asked for while chance is pending or the game is over."""


class GameOverError(NoSeatToActError):
    """A move after the end of the game."""


class ChancePendingError(NoSeatToActError):
    """A move while a chance event waits to be resolved."""


class NotYourTurnError(TabletopError, RuntimeError):
    """A move of a seat whose turn it is not."""


class SeatError(TabletopError, ValueError):
    """A player number that is not a seat at this table."""


class NoBotError(TabletopError, LookupError):
    """A bot move was asked for at a seat where no bot sits (``set_bot`` first)."""


class ConfigError(TabletopError, ValueError):
    """A config the game refuses."""


class BadJsonError(TabletopError, ValueError):
    """A config, action or replay of the wrong shape (or an unknown field)."""


class UnknownGameError(TabletopError, LookupError):
    """No registered game has that name."""


class UnknownBotError(TabletopError, LookupError):
    """No bot of that name for this game."""


class BotBudgetError(TabletopError, ValueError):
    """A bot asking for more search per move than allowed."""


class BotSpecError(TabletopError, ValueError):
    """A bot spec that does not parse (``mcts(iters=5``) or has bad parameters."""


class ReplayError(TabletopError, ValueError):
    """A replay that does not verify (``rule`` names the rule its first
    illegal step breaks, when it has an id)."""


__all__ = [
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
