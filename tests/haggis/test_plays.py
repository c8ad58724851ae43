"""Listing a hand's plays: complete up to the documented project choice, each play a valid reading."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.haggis.cards import HaggisCard, number_deck, parse_cards, wilds_of
from hearts_lessons.haggis.combos import Combo, beats, classify
from hearts_lessons.haggis.plays import bombs_in, candidate_plays

Shape = tuple[object, int, int]


def brute_force(hand: list[HaggisCard]) -> list[Combo]:
    """Every reading of every group of cards from the hand."""
    return [
        combo for n in range(1, len(hand) + 1) for group in combinations(hand, n) for combo in classify(group)
    ]


def values_by_shape(combos: list[Combo]) -> dict[Shape, set[int]]:
    found: dict[Shape, set[int]] = {}
    for combo in combos:
        found.setdefault(combo.shape, set()).add(combo.value)
    return found


hands = st.tuples(
    st.lists(st.sampled_from(number_deck(3)), min_size=1, max_size=8, unique=True),
    st.integers(0, 3),
).map(lambda t: t[0] + list(wilds_of(1)[: t[1]]))


@settings(max_examples=60, deadline=None)
@given(hands)
def test_every_shape_and_value_a_hand_can_play_is_listed(hand: list[HaggisCard]) -> None:
    listed = candidate_plays(hand)
    assert all(combo in classify(combo.cards) for combo in listed)
    assert values_by_shape(listed) == values_by_shape(brute_force(hand))


@settings(max_examples=60, deadline=None)
@given(hands, st.lists(st.sampled_from(number_deck(3)), min_size=1, max_size=6, unique=True))
def test_following_lists_exactly_the_beating_plays(hand: list[HaggisCard], table: list[HaggisCard]) -> None:
    for previous in classify(table):
        listed = candidate_plays(hand, previous)
        assert all(beats(combo, previous) for combo in listed)
        everything = [c for c in candidate_plays(hand) if beats(c, previous)]
        assert {(c.cards, c.shape) for c in listed} == {(c.cards, c.shape) for c in everything}


def test_wilds_only_fill_what_the_hand_cannot() -> None:
    listed = candidate_plays(parse_cards("5R 6R 7R J0"))
    groups = {" ".join(c.code for c in combo.cards) for combo in listed}
    assert "5R 6R 7R" in groups and "5R 6R 7R J0" in groups
    assert "5R 7R J0" not in groups  # J0 standing in for the 6R held: legal, but not listed
    assert classify(parse_cards("5R 7R J0"))  # ... and still a legal combination


def test_each_group_is_listed_once_per_shape_at_its_highest_value() -> None:
    listed = candidate_plays(parse_cards("5B J0 Q0"))
    assert sorted((c.name, c.value) for c in listed if c.size == 3) == [
        ("sequence 5-6-7 in blue", 7),
        ("triple of 5s", 5),
    ]


def test_bombs_in_a_hand() -> None:
    assert [b.name for b in bombs_in(parse_cards("3R 3G 5O 7G 9B J0 Q0"))] == [
        "3-5-7-9 in four suits bomb",
        "J-Q bomb",
    ]
    assert bombs_in(parse_cards("3R 5R 7R 9G J0")) == []
