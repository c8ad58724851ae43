"""Actions and their JSON form."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_lessons.errors import IllegalActionError, RecordError
from hearts_lessons.haggis.actions import (
    Bet,
    IllegalHaggisActionError,
    IllegalHaggisBetError,
    IllegalHaggisPassError,
    IllegalHaggisPlayError,
    Pass,
    Play,
    action_from_json,
    action_to_json,
)
from hearts_lessons.haggis.cards import parse_cards
from hearts_lessons.haggis.combos import classify


def test_errors_are_illegal_action_errors_with_reasons() -> None:
    for error in (IllegalHaggisPlayError, IllegalHaggisPassError, IllegalHaggisBetError):
        assert issubclass(error, IllegalHaggisActionError) and issubclass(error, IllegalActionError)
        assert issubclass(error, ValueError)
        assert error("because").reason == "because"


@pytest.mark.parametrize("cards", ["5R", "5R 5G J0 Q0", "8G 9G J1 K1", "J0 Q0 K0", "3R 5O 7G 9B"])
def test_every_reading_round_trips(cards: str) -> None:
    for combo in classify(parse_cards(cards)):
        play = Play(1, combo)
        assert action_from_json(action_to_json(play)) == play


def test_texts() -> None:
    assert Pass(2).text == "seat 2 passes"
    assert Bet(0, 15).text == "seat 0 bets little (15)" and Bet(0, 30).text == "seat 0 bets big (30)"
    assert action_to_json(Pass(1)) == {"seat": 1, "pass": True}
    assert action_from_json({"seat": 1, "pass": True}) == Pass(1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ({"pass": True}, "whole number 'seat'"),
        ({"seat": True, "pass": True}, "whole number 'seat'"),
        ({"seat": 0, "bet": "big"}, "whole number 'bet'"),
        ({"seat": 0}, "neither a play, a pass nor a bet"),
        ({"seat": 0, "play": "5Z", "kind": "set", "width": 1, "value": 5}, "does not exist"),
        ({"seat": 0, "play": "5R", "kind": "run", "width": 1, "value": 5}, "unknown kind"),
        (
            {"seat": 0, "play": "5R", "kind": "set", "width": 1, "value": 6},
            "cannot be played as a set of value 6",
        ),
        ({"seat": 0, "play": "5R", "kind": "set", "width": 1}, "whole number 'value'"),
    ],
)
def test_malformed_actions_are_refused(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        action_from_json(data)
