"""Saved records: the shared envelope, round trips of random seeded hands and games, and corrupted records, which
are refused with :class:`RecordError` and never with another exception."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.errors import RecordError
from hearts_lessons.game import GameState
from hearts_lessons.playout import random_playout
from hearts_lessons.records import dump_record, load_record, require
from hearts_lessons.rules import HoleCards, Moon, PassDirection, Rules
from hearts_lessons.state import HandState

HYPOTHESIS = settings(max_examples=60, derandomize=True, deadline=None)

RULES = [
    Rules(),
    Rules(players=3),
    Rules(players=5, pass_cycle=(PassDirection.SPLIT,)),
    Rules(players=6, unpassable=(Rules().deck[0],), removed_cards=()),  # 4 hole cards, 2♣ unpassable
    Rules(players=7, hole_cards=HoleCards.FIRST_HEART_TRICK),
    Rules(pass_cycle=(PassDirection.DEALERS_CHOICE,), moon=Moon.SHOOTER_CHOOSES),
]


def played(rules_index: int, seed: int, keep: float) -> HandState:
    """A seeded hand played at random, then taken back to a fraction ``keep`` of its actions."""
    state = HandState.deal(RULES[rules_index], seed=seed, hand_number=seed % 4)
    random_playout(state, random.Random(seed))
    part = state.restart()
    for action in state.actions[: int(keep * len(state.actions))]:
        part.apply(action)
    return part


# -- the envelope ------------------------------------------------------------------------------------------------
def test_envelope() -> None:
    text = dump_record("hand", {"x": 1})
    assert json.loads(text) == {"format": "hearts-lessons", "kind": "hand", "version": 1, "x": 1}
    assert load_record(text, "hand")["x"] == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "the file is not valid JSON"),
        (b"\xff\xfe", "the file is not valid JSON"),
        ("[1, 2]", "the record must be a JSON object"),
        ('{"format": "chess"}', "this is not a hearts-lessons record (format is 'chess')"),
        ('{"format": "hearts-lessons", "kind": "game", "version": 1}', "this record holds a 'game', not a 'hand'"),
        ('{"format": "hearts-lessons", "kind": "hand", "version": 2}', "unsupported record version 2"),
    ],
)
def test_envelope_errors(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError) as info:
        load_record(text, "hand")
    assert message in str(info.value)


def test_require() -> None:
    data = {"seed": 3, "flag": True, "name": "x"}
    assert require(data, "seed", int) == 3
    with pytest.raises(RecordError, match="has no 'dealer' field"):
        require(data, "dealer", int)
    with pytest.raises(RecordError, match="'flag' field has the wrong type"):
        require(data, "flag", int)
    with pytest.raises(RecordError, match="'name' field has the wrong type"):
        require(data, "name", list)


# -- round trips -------------------------------------------------------------------------------------------------
@HYPOTHESIS
@given(st.integers(0, len(RULES) - 1), st.integers(0, 10_000), st.floats(0, 1))
def test_random_hands_save_and_load_to_an_equal_state(rules_index: int, seed: int, keep: float) -> None:
    state = played(rules_index, seed, keep)
    text = state.to_json()
    loaded = HandState.from_json(text)
    assert loaded.to_json() == text
    assert loaded.phase is state.phase and loaded.score == state.score
    assert [loaded.hand(s) for s in range(state.players)] == [state.hand(s) for s in range(state.players)]
    assert loaded.current_trick == state.current_trick and loaded.tricks == state.tricks
    assert loaded.legal_plays() == state.legal_plays()


@settings(max_examples=12, derandomize=True, deadline=None)
@given(st.integers(0, len(RULES) - 1), st.integers(0, 10_000), st.integers(1, 3))
def test_random_games_save_and_load_to_an_equal_state(rules_index: int, seed: int, hands: int) -> None:
    game = GameState(RULES[rules_index], seed=seed)
    rng = random.Random(seed)
    for _ in range(hands):
        random_playout(game.current, rng)
        if game.next_hand() is None:
            break
    text = game.to_json()
    loaded = GameState.from_json(text)
    assert loaded.to_json() == text and loaded.totals == game.totals


# -- corruptions -------------------------------------------------------------------------------------------------
def hand_record(seed: int = 5) -> dict[str, Any]:
    state = HandState.deal(seed=seed)
    random_playout(state, random.Random(seed))
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def load_hand(data: Any) -> HandState:
    return HandState.from_json(json.dumps(data))


def play_indices(data: dict[str, Any]) -> list[int]:
    return [i for i, a in enumerate(data["actions"]) if a[0] == "play"]


def test_a_changed_card_in_the_deal_is_refused() -> None:
    data = hand_record()
    data["deal"][0][0], data["deal"][1][0] = data["deal"][1][0], data["deal"][0][0]
    with pytest.raises(RecordError, match="the deal does not match the record's seed"):
        load_hand(data)
    data = hand_record()
    data["deal"][0][0] = data["deal"][1][0]
    with pytest.raises(RecordError, match="lists a card twice"):
        load_hand(data)


def test_a_changed_card_in_a_play_is_refused() -> None:
    data = hand_record()
    first = play_indices(data)[0]
    data["actions"][first][2] = "AH"  # the opening lead must be the 2♣
    with pytest.raises(RecordError, match=f"action {first + 1} .* is not legal"):
        load_hand(data)


def test_a_dropped_pass_is_refused() -> None:
    data = hand_record()
    del data["actions"][0]
    with pytest.raises(RecordError, match="is not legal"):
        load_hand(data)


def test_a_dropped_play_is_refused() -> None:
    data = hand_record()
    del data["actions"][play_indices(data)[1]]
    with pytest.raises(RecordError, match="is not legal"):
        load_hand(data)


def test_reordered_plays_are_refused() -> None:
    data = hand_record()
    a, b = play_indices(data)[1:3]
    data["actions"][a], data["actions"][b] = data["actions"][b], data["actions"][a]
    with pytest.raises(RecordError, match="is not legal"):
        load_hand(data)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rules", "standard"), ("rules", {"players": "four"}), ("dealer", "0"), ("dealer", 9), ("hand_number", -1),
        ("hand_number", None), ("deal", "2C"), ("deal", [["ZZ"]]), ("deal", [[1, 2]]), ("hole", 3),
        ("direction", "up"), ("direction", 1), ("seed", "5"), ("seed", True), ("totals_before", 7),
        ("totals_before", [1, 2]), ("totals_before", [{"re": "x", "im": 1}] * 4), ("actions", {}),
        ("actions", [["play"]]), ("actions", [["dance", 0, "2C"]]), ("actions", [["play", True, "2C"]]),
        ("actions", [["pass", 0, "2C 3C 4C"]]), ("actions", [["pass", 0, ["2C#9", "3C", "4C"]]]),
        ("actions", [["moon", 0, 1]]), ("actions", [["choose_passes", 0, {"left": 1}]]),
    ],
)  # fmt: skip
def test_wrong_types_and_values_are_refused(field: str, value: Any) -> None:
    data = hand_record()
    data[field] = value
    with pytest.raises(RecordError):
        load_hand(data)


@pytest.mark.parametrize("field", ["rules", "dealer", "hand_number", "deal", "hole", "direction", "actions"])
def test_missing_fields_are_refused(field: str) -> None:
    data = hand_record()
    del data[field]
    with pytest.raises(RecordError):
        load_hand(data)


def test_game_record_corruptions_are_refused() -> None:
    game = GameState(seed=3)
    for seed in range(2):
        random_playout(game.current, random.Random(seed))
        game.next_hand()
    data = json.loads(game.to_json())
    cases: list[dict[str, Any]] = []
    for mutate in (
        lambda d: d.update(hands=[]),
        lambda d: d.update(first_dealer=7),
        lambda d: d.update(seed=4),  # the deals no longer come from the seed
        lambda d: d["hands"][0].update(dealer=1),
        lambda d: d["hands"].pop(1),  # a hand is missing: the next hand's number is wrong
        lambda d: d["hands"][1]["actions"].pop(),  # hand 2 is not finished, yet hand 3 follows
        lambda d: d.update(last_hand_scored="yes"),
        lambda d: d.update(last_hand_scored=True),  # the game is not over
        lambda d: d["hands"].__setitem__(0, "hand"),
    ):
        case = copy.deepcopy(data)
        mutate(case)
        cases.append(case)
    for case in cases:
        with pytest.raises(RecordError):
            GameState.from_json(json.dumps(case))


JSON_NOISE = st.sampled_from(
    [None, 0, 1, -1, 3, 10**30, 1.5, True, False, "", "x", "QS", "2C", "2C#1", "left", "play", [], {}, [[]],
     ["play", 0, "2C"], {"re": 1, "im": 2}, {"left": 1}]
)  # fmt: skip


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += paths(value, (*prefix, index))
    return out


def corrupt(data: Any, draw: Any) -> Any:
    data = copy.deepcopy(data)
    path = draw(st.sampled_from(paths(data)))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = draw(st.sampled_from(["replace", "drop", "swap", "reverse"]))
    if how == "drop":
        del parent[key]
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = draw(st.integers(0, len(parent) - 1))
        parent[key], parent[other] = parent[other], parent[key]
    elif how == "reverse" and isinstance(parent[key], str) and len(parent[key]) > 1:
        parent[key] = parent[key][::-1]
    else:
        parent[key] = draw(JSON_NOISE)
    return data


@HYPOTHESIS
@given(st.integers(0, len(RULES) - 1), st.integers(0, 500), st.floats(0, 1), st.data())
def test_random_corruptions_give_record_error_or_a_valid_state(
    rules_index: int, seed: int, keep: float, data: st.DataObject
) -> None:
    record = json.loads(played(rules_index, seed, keep).to_json())
    for _ in range(data.draw(st.integers(1, 2))):
        record = corrupt(record, data.draw)
    try:
        state = HandState.from_json(json.dumps(record))
    except RecordError as exc:
        assert str(exc)
        return
    # the corruption happened to leave a legal record (e.g. the last action dropped): it is consistent
    assert HandState.from_json(state.to_json()).to_json() == state.to_json()


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.integers(0, 200), st.data())
def test_random_game_corruptions_give_record_error_or_a_valid_game(seed: int, data: st.DataObject) -> None:
    game = GameState(Rules(players=3 + seed % 5), seed=seed)
    random_playout(game.current, random.Random(seed))
    game.next_hand()
    record = corrupt(json.loads(game.to_json()), data.draw)
    try:
        loaded = GameState.from_json(json.dumps(record))
    except RecordError:
        return
    assert GameState.from_json(loaded.to_json()).to_json() == loaded.to_json()


def test_a_puzzle_that_starts_mid_hand_saves_loads_and_undoes() -> None:
    puzzle = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=1, trick_number=5,
                                  hearts_broken=True, check=False)  # fmt: skip
    puzzle.play("QH")
    loaded = HandState.from_json(puzzle.to_json())
    assert loaded.to_json() == puzzle.to_json()
    assert loaded.start == (1, 5, True) and loaded.trick_number == 5 and loaded.hearts_broken
    loaded.undo()
    assert loaded.to_play == 1 and loaded.legal_plays() == puzzle.restart().legal_plays()
