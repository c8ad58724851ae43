"""Errors with messages a learner can read. All are ``ValueError`` subclasses."""

from __future__ import annotations

__all__ = ["IllegalActionError", "IllegalPassError", "IllegalPlayError", "RecordError", "RulesError"]


class IllegalActionError(ValueError):
    """An action the rules do not allow now. ``reason`` says why in plain words; the state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IllegalPlayError(IllegalActionError):
    """A card that may not be played now."""


class IllegalPassError(IllegalActionError):
    """Cards that may not be passed."""


class RulesError(ValueError):
    """An impossible combination of rule options, refused when the rules are built."""


class RecordError(ValueError):
    """A saved game or hand that is malformed or does not replay; the message says what is wrong."""
