"""The Haggis rule set as data (RULES section 4): one frozen, keyword-only dataclass and its presets.

>>> HaggisRules().players, HaggisRules().target, HaggisRules().haggis_size
(2, 250, 8)
>>> HaggisRules(players=3).haggis_size
3
>>> HaggisRules(players=4)
Traceback (most recent call last):
...
hearts_lessons.errors.RulesError: Haggis is played by 2 or 3 players, not 4
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..errors import RulesError
from .cards import HaggisSuit, suits_in_play

__all__ = [
    "BET_SIZES",
    "BIG_BET",
    "GO_OUT_POINTS_PER_CARD",
    "HAND_SIZE",
    "LITTLE_BET",
    "LONG_GAME",
    "THREE_PLAYERS",
    "TWO_PLAYERS",
    "HaggisRules",
]

HAND_SIZE = 14
"""Number cards dealt to each player (RULES 4.2); the three wilds come on top."""
LITTLE_BET, BIG_BET = 15, 30
BET_SIZES = (LITTLE_BET, BIG_BET)
GO_OUT_POINTS_PER_CARD = 5
"""RULES 4.8: 5 per card (seed 003 first wrote 10 and corrected itself)."""


@dataclass(frozen=True, kw_only=True)
class HaggisRules:
    """The options of RULES 4. Every option is read in exactly one place of the engine.

    - ``players``: 2 (four suits, 8-card Haggis) or 3 (five suits, 3-card Haggis).
    - ``target``: the game ends after a hand in which someone reaches it (250, or 350 for the long game). Any
      positive target is accepted so that a lesson can show a short game (project choice).
    - ``failed_bet_loses``: a failed bettor also loses the amount (a reading of seed 003); by default they lose
      nothing and the amount goes to the others (RULES 4.7).
    """

    players: int = 2
    target: int = 250
    failed_bet_loses: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (2, 3):
            raise RulesError(f"Haggis is played by 2 or 3 players, not {self.players}")
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target <= 0:
            raise RulesError(f"the target score must be a positive whole number, not {self.target!r}")
        if not isinstance(self.failed_bet_loses, bool):
            raise RulesError("failed_bet_loses is either True or False")

    @property
    def suits(self) -> tuple[HaggisSuit, ...]:
        return suits_in_play(self.players)

    @property
    def haggis_size(self) -> int:
        """The cards left face down after the deal: 8 with two players, 3 with three."""
        return 9 * len(self.suits) - HAND_SIZE * self.players

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HaggisRules:
        """Rebuild rules saved by :meth:`to_dict`; unknown keys are refused."""
        unknown = set(data) - {"players", "target", "failed_bet_loses"}
        if unknown:
            raise RulesError(f"unknown Haggis rule option(s): {', '.join(sorted(unknown))}")
        return cls(**data)


TWO_PLAYERS = HaggisRules()
THREE_PLAYERS = HaggisRules(players=3)
LONG_GAME = HaggisRules(target=350)
