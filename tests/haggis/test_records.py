"""Saving and loading hands and games: round trips, and tampered records refused with a clear message."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hearts_lessons.errors import RecordError
from hearts_lessons.haggis.bots import GreedyBot, RandomBot
from hearts_lessons.haggis.game import HaggisGame
from hearts_lessons.haggis.rules import THREE_PLAYERS, HaggisRules
from hearts_lessons.haggis.simulate import play_game, play_hand
from hearts_lessons.haggis.state import HaggisHand


def finished_hand(seed: int = 3) -> HaggisHand:
    return play_hand(
        HaggisHand.deal(seed=seed), [GreedyBot(), RandomBot(bet_chance=0.5)], random.Random(seed)
    )


def edit(text: str, change: Any) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_hand_round_trip() -> None:
    hand = finished_hand()
    again = HaggisHand.from_record(hand.to_record())
    assert again.actions == hand.actions and again.dealt == hand.dealt
    assert again.result == hand.result
    assert json.loads(hand.to_record())["kind"] == "haggis-hand"


def test_unfinished_and_hand_built_records_round_trip() -> None:
    hand = HaggisHand.deal(THREE_PLAYERS, seed=9)
    hand.apply(hand.legal_actions()[0])
    assert HaggisHand.from_record(hand.to_record()).actions == hand.actions
    chosen = HaggisHand.from_cards(
        hands=["2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O", "7O 8O 9O 10O 2G 3G 4G 5G 6G 7G 8G 9G 10G 2B"]
    )
    chosen.play("2R 3R 4R")
    again = HaggisHand.from_record(chosen.to_record())
    assert again.seed is None and again.held == chosen.held


def _first_play(data: dict[str, Any]) -> dict[str, Any]:
    first: dict[str, Any] = next(a for a in data["actions"] if "play" in a)
    return first


TAMPERING = [
    ("the seed", lambda d: d.update(seed=d["seed"] + 1), "do not match seed"),
    ("a card", lambda d: d["hands"].__setitem__(0, d["hands"][0].replace("R", "X", 1)), "does not exist"),
    ("swapped hands", lambda d: d.update(hands=d["hands"][::-1]), "do not match seed"),
    ("the scores", lambda d: d["totals"].__setitem__(0, d["totals"][0] + 1), "saved scores"),
    (
        "an action's seat",
        lambda d: d["actions"][0].update(seat=1 - d["actions"][0]["seat"]),
        "action 1 .* not legal",
    ),
    ("a dropped action", lambda d: d["actions"].pop(), "do not finish the hand|saved scores"),
    (
        "a malformed action",
        lambda d: d["actions"].__setitem__(0, {"seat": 0}),
        "neither a play, a pass nor a bet",
    ),
    ("a play's reading", lambda d: _first_play(d).update(kind="bomb", value=9), "cannot be played as a bomb"),
    ("the rules", lambda d: d["rules"].update(players=5), "rules are not valid"),
    ("the leader", lambda d: d.update(leader=7), "not possible"),
    ("the kind", lambda d: d.update(kind="haggis-game"), "holds a 'haggis-game'"),
]


@pytest.mark.parametrize(("what", "change", "message"), TAMPERING, ids=[t[0] for t in TAMPERING])
def test_tampered_hand_records_are_refused(what: str, change: Any, message: str) -> None:
    text = finished_hand().to_record()
    with pytest.raises(RecordError, match=message):
        HaggisHand.from_record(edit(text, change))


def test_an_illegal_replayed_play_names_the_action_and_reason() -> None:
    hand = HaggisHand.from_cards(
        hands=["2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O", "7O 8O 9O 10O 2G 3G 4G 5G 6G 7G 8G 9G 10G 2B"]
    )
    hand.play("5R 6R 7R")
    hand.play("8G 9G 10G")
    text = edit(hand.to_record(), lambda d: d["actions"][1].update(play="2G 3G 4G", value=4))
    with pytest.raises(
        RecordError,
        match=r"action 2 of the record \(seat 1 plays 2G 3G 4G .*\) is not legal: "
        r"you must play a sequence of 3 higher than 5-6-7, or a bomb",
    ):
        HaggisHand.from_record(text)


def test_not_json_is_refused() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        HaggisHand.from_record("{")


def test_game_round_trip_and_tampering() -> None:
    game = play_game([GreedyBot(), RandomBot()], seed=5, rules=HaggisRules(target=120))
    text = game.to_record()
    again = HaggisGame.from_record(text)
    assert again.totals == game.totals and again.winner == game.winner and len(again.hands) == len(game.hands)
    with pytest.raises(RecordError, match="saved totals"):
        HaggisGame.from_record(edit(text, lambda d: d["totals"].__setitem__(1, 0)))
    with pytest.raises(RecordError, match="hand 2's dealer is"):
        HaggisGame.from_record(edit(text, lambda d: d["hands"][1].update(dealer=1 - d["hands"][1]["dealer"])))
    with pytest.raises(RecordError, match="hand 2's seed is 12345"):
        HaggisGame.from_record(edit(text, lambda d: d["hands"][1].update(seed=12345)))
    with pytest.raises(RecordError, match="follows the end of the game"):
        HaggisGame.from_record(edit(text, lambda d: d["hands"].append(d["hands"][-1])))
    with pytest.raises(RecordError, match="starts before hand 1 is over"):
        HaggisGame.from_record(edit(text, lambda d: d["hands"][0].update(actions=[], totals=None)))
    with pytest.raises(RecordError, match="no hands"):
        HaggisGame.from_record(edit(text, lambda d: d.update(hands=[])))
