"""The three Haggis actions (play, pass, bet), their errors, and their JSON form for saved records.

>>> play = Play(0, classify(parse_cards("5R 6R 7R"))[0])
>>> play.text
'seat 0 plays 5R 6R 7R (sequence 5-6-7 in red)'
>>> action_from_json(action_to_json(play)) == play
True
>>> action_from_json({"seat": 1, "bet": 30})
Bet(seat=1, amount=30)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError, RecordError
from ..i18n import tr
from .cards import HaggisCardParseError, parse_cards
from .combos import Combo, ComboKind, classify

__all__ = [
    "Bet",
    "HaggisAction",
    "IllegalHaggisActionError",
    "IllegalHaggisBetError",
    "IllegalHaggisPassError",
    "IllegalHaggisPlayError",
    "Pass",
    "Play",
    "action_from_json",
    "action_to_json",
]


class IllegalHaggisActionError(IllegalActionError):
    """A Haggis action the rules do not allow now; ``reason`` says why and the hand is unchanged."""


class IllegalHaggisPlayError(IllegalHaggisActionError):
    """Cards that may not be played now."""


class IllegalHaggisPassError(IllegalHaggisActionError):
    """A pass that is not allowed (the leader must play)."""


class IllegalHaggisBetError(IllegalHaggisActionError):
    """A bet that is not allowed now."""


@dataclass(frozen=True, slots=True)
class Play:
    """A seat plays a combination (the combination says how its cards are read, e.g. which rank a wild is)."""

    seat: int
    combo: Combo

    @property
    def text(self) -> str:
        return tr("seat {seat} plays {cards} ({combo})", seat=self.seat,
                  cards=" ".join(c.code for c in self.combo.cards), combo=self.combo.name)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Pass:
    """A seat passes; it may still play later in the same trick (RULES 4.6)."""

    seat: int

    @property
    def text(self) -> str:
        return tr("seat {seat} passes", seat=self.seat)


@dataclass(frozen=True, slots=True)
class Bet:
    """A seat bets little (15) or big (30) on going out first (RULES 4.7). Betting does not end the turn."""

    seat: int
    amount: int

    @property
    def text(self) -> str:
        if self.amount == 15:
            return tr("seat {seat} bets little ({amount})", seat=self.seat, amount=self.amount)
        return tr("seat {seat} bets big ({amount})", seat=self.seat, amount=self.amount)


HaggisAction = Play | Pass | Bet


def action_to_json(action: HaggisAction) -> dict[str, Any]:
    """The JSON object saved in a record for one action."""
    if isinstance(action, Play):
        combo = action.combo
        return {
            "seat": action.seat,
            "play": " ".join(c.code for c in combo.cards),
            "kind": combo.kind.value,
            "width": combo.width,
            "value": combo.value,
        }
    if isinstance(action, Pass):
        return {"seat": action.seat, "pass": True}
    return {"seat": action.seat, "bet": action.amount}


def _int_field(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"the action {data!r} needs a whole number {key!r}")
    return value


def action_from_json(data: Any) -> HaggisAction:
    """Read one saved action; raise :class:`RecordError` saying what is malformed.

    Only the shape of the action is checked here; whether it is legal is decided by replaying it.
    """
    if not isinstance(data, dict):
        raise RecordError(f"an action must be a JSON object, not {data!r}")
    seat = _int_field(data, "seat")
    if "bet" in data:
        return Bet(seat, _int_field(data, "bet"))
    if data.get("pass") is True:
        return Pass(seat)
    if not isinstance(data.get("play"), str):
        raise RecordError(f"the action {data!r} is neither a play, a pass nor a bet")
    try:
        cards = parse_cards(data["play"])
    except HaggisCardParseError as exc:
        raise RecordError(f"the action {data!r} names a card that does not exist: {exc}") from None
    width, value = _int_field(data, "width"), _int_field(data, "value")
    for combo in classify(cards):
        if (combo.kind.value, combo.width, combo.value) == (data.get("kind"), width, value):
            return Play(seat, combo)
    kinds = [k.value for k in ComboKind]
    if data.get("kind") not in kinds:
        raise RecordError(f"the action {data!r} has an unknown kind (one of {', '.join(kinds)})")
    raise RecordError(f"the cards {data['play']} cannot be played as a {data['kind']} of value {value}")
