"""The Haggis rule set: options, validation, presets."""

from __future__ import annotations

import pytest

from hearts_lessons.errors import RulesError
from hearts_lessons.haggis.rules import LONG_GAME, THREE_PLAYERS, TWO_PLAYERS, HaggisRules


def test_defaults_and_presets() -> None:
    assert (TWO_PLAYERS.players, TWO_PLAYERS.target, TWO_PLAYERS.failed_bet_loses) == (2, 250, False)
    assert THREE_PLAYERS.players == 3 and len(THREE_PLAYERS.suits) == 5
    assert LONG_GAME.target == 350
    assert (TWO_PLAYERS.haggis_size, THREE_PLAYERS.haggis_size) == (8, 3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 4}, "2 or 3 players"),
        ({"players": True}, "2 or 3 players"),
        ({"target": 0}, "positive whole number"),
        ({"target": 2.5}, "positive whole number"),
        ({"failed_bet_loses": "yes"}, "True or False"),
    ],
)
def test_inconsistent_rules_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        HaggisRules(**options)  # type: ignore[arg-type]


def test_rules_round_trip_through_dicts() -> None:
    rules = HaggisRules(players=3, target=350, failed_bet_loses=True)
    assert HaggisRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="unknown"):
        HaggisRules.from_dict({"players": 2, "jokers": 2})


def test_rules_are_frozen_and_keyword_only() -> None:
    with pytest.raises(AttributeError):
        TWO_PLAYERS.players = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        HaggisRules(3)  # type: ignore[misc]
