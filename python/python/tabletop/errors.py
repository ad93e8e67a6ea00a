"""Typed exceptions raised by the native module.

Every one carries the registry's error ``kind`` and, when the game's
message cites one, the ``rule`` id (``"M-12"``, ``"MI-39"``, ``"C1"``), so
a caller can tell *which* rule an action broke without parsing text.
Nothing changes in a state when one of these is raised.
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
    """An action (or chance outcome, or index) the game refuses."""


class NoSeatToActError(TabletopError, RuntimeError):
    """A seat's move was asked for while chance is pending or the game is over."""


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
    """A replay that does not verify."""


__all__ = [
    "TabletopError",
    "IllegalActionError",
    "NoSeatToActError",
    "ConfigError",
    "BadJsonError",
    "UnknownGameError",
    "UnknownBotError",
    "BotBudgetError",
    "BotSpecError",
    "ReplayError",
]
