"""The error types every part of leyte raises.

All of them are ``ValueError`` subclasses, the way python-chess does it: a caller that only wants "bad input" can
catch ``ValueError``; a caller that wants to know more catches the specific class.
"""

from __future__ import annotations


class LeyteError(ValueError):
    """Base class: something the user gave us (an action, a file, a scenario) is not acceptable."""


class IllegalAction(LeyteError):
    """An action refused by the rules. The message names the rule case and the reason; the game is unchanged."""

    def __init__(self, rule: str, reason: str, *, state: str = "") -> None:
        self.rule = rule
        self.reason = reason
        self.state = state
        where = f" [{state}]" if state else ""
        super().__init__(f"illegal action ({rule}): {reason}{where}")


class ScenarioError(LeyteError):
    """A scenario or data file that cannot be loaded; the message names the file, row and field."""


class SaveError(LeyteError):
    """A saved game that cannot be loaded: truncated, corrupted, from another version, or hostile."""


class NotYetImplemented(LeyteError, NotImplementedError):
    """A rule the engine does not play yet. Raised loudly rather than silently skipping the rule."""

    def __init__(self, rule: str, what: str) -> None:
        self.rule = rule
        super().__init__(f"rule {rule} is not implemented yet: {what}")
