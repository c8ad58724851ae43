"""Combinations: golden classifications, wild fills, invalid groups with their reasons, the bomb ladder, and
which combination may follow which."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_lessons.haggis.cards import (
    HaggisCard,
    HaggisSuit,
    number_card,
    number_deck,
    parse_cards,
    wilds_of,
)
from hearts_lessons.haggis.combos import (
    BOMB_LADDER,
    Bomb,
    Combo,
    ComboKind,
    beats,
    classify,
    describe,
    what_beats,
    why_cannot_follow,
    why_not,
)


def readings(text: str) -> list[tuple[str, int]]:
    return [(c.name, c.value) for c in classify(parse_cards(text))]


def one(text: str) -> Combo:
    found = classify(parse_cards(text))
    assert len(found) == 1, found
    return found[0]


GOLDEN = [
    ("7R", [("single 7", 7)]),
    ("K0", [("single K (a wild played alone ranks 13)", 13)]),
    ("7R 7G", [("pair of 7s", 7)]),
    ("7R 7G 7B", [("triple of 7s", 7)]),
    ("7R 7G 7B 7O 7V", [("set of five 7s", 7)]),
    ("7R J0", [("pair of 7s", 7)]),
    ("7R 7G 7B 7O 7V J0 Q0 K0", [("set of eight 7s", 7)]),
    ("4R 5R 6R", [("sequence 4-5-6 in red", 6)]),
    ("2R 3R 4R 5R 6R 7R 8R 9R 10R", [("sequence 2-3-4-5-6-7-8-9-10 in red", 10)]),
    ("4R 6R J0", [("sequence 4-5-6 in red", 6)]),  # a wild fills a gap
    ("4R 5R J0", [("sequence 4-5-6 in red", 6)]),  # ... or the top end
    ("9R 10R J0", [("sequence 8-9-10 in red", 10)]),  # ... or the bottom end: never above 10
    ("5B J0 Q0", [("triple of 5s", 5), ("sequence 5-6-7 in blue", 7)]),
    ("5R 5G 6R 6G", [("sequence of pairs 5-5-6-6 in red and green", 6)]),
    ("5R 5G 5B 6R 6G 6B", [("sequence of triples 5-5-5-6-6-6 in red, green and blue", 6)]),
    ("5R 5G 6R J0", [("sequence of pairs 5-5-6-6 in red and green", 6)]),
    ("5R 5G 7R 7G J0 Q0", [("sequence of pairs 5-5-6-6-7-7 in red and green", 7)]),
    ("9R 9G 10R J0", [("sequence of pairs 9-9-10-10 in red and green", 10)]),
    ("5R 5G J0 Q0", [("set of four 5s", 5), ("sequence of pairs 5-5-6-6 in red and green", 6)]),
    ("3R 5O 7G 9B", [("3-5-7-9 in four suits bomb", 1)]),
    ("3B 5B 7B 9B", [("3-5-7-9 in one suit bomb", 6)]),
    ("J0 Q0", [("J-Q bomb", 2)]),
    ("J0 K0", [("J-K bomb", 3)]),
    ("Q0 K0", [("Q-K bomb", 4)]),
    ("K0 J0 Q0", [("J-Q-K bomb", 5)]),
]


@pytest.mark.parametrize(("text", "expected"), GOLDEN)
def test_golden_combinations(text: str, expected: list[tuple[str, int]]) -> None:
    assert readings(text) == expected
    assert why_not(parse_cards(text)) is None


def test_wild_fills_are_explained() -> None:
    assert one("4R 6R J0").explain() == "sequence 4-5-6 in red (J0 as 5 of red); value 6"
    assert one("9R 10R K1").explain() == "sequence 8-9-10 in red (K1 as 8 of red); value 10"
    assert one("7R J0").explain() == "pair of 7s (J0 as 7); value 7"
    seq_of_pairs = one("5R 5G 6R J0")
    assert [(f.wild.code, f.rank, f.suit.letter if f.suit else None) for f in seq_of_pairs.fills] == [
        ("J0", 6, "G")
    ]


INVALID = [
    ("", "choose at least one card"),
    ("5R 5R", "the same card is chosen twice"),
    ("5R 6R", "a sequence needs at least 3 ranks"),
    ("5R 6G", "a pair needs two cards of the same rank, and a sequence at least 3 ranks"),
    ("5R 6G 7B", "a sequence needs all its cards in one suit"),
    ("4R 5R 8R", "a sequence needs consecutive ranks: 4 to 8 is 5 ranks, but there are only 3 cards"),
    ("2R 3R 4R 5R 6R 7R 8R 9R 10R J0", "a sequence runs from 2 to 10 at most, so it has at most 9 cards"),
    ("3R 5R 7G 9B", "3-5-7-9 is a bomb only in four different suits or all in one suit"),
    ("3R 5G 7B J0", "wild cards cannot be part of a 3-5-7-9 bomb"),
    ("3R 5R 7R K0", "wild cards cannot be part of a 3-5-7-9 bomb"),
    ("J0 J1", "face cards played together are a bomb only as J-Q, J-K, Q-K or J-Q-K (one of each letter)"),
    ("5R 5G 7R 7G", "a sequence of sets needs consecutive ranks"),
    ("5R 5G 6R", "in a sequence of sets every rank needs the same number of cards"),
    ("5R 5G 6R 6B", "a sequence of sets needs the same suits at every rank"),
    (
        "5R 5G 8R J0",
        "as a sequence of sets of 2 over 4 ranks these cards would need 8 cards, wilds included; there are 4",
    ),
]


@pytest.mark.parametrize(("text", "reason"), INVALID)
def test_invalid_groups_say_why(text: str, reason: str) -> None:
    cards = parse_cards(text)
    assert classify(cards) == []
    assert why_not(cards) == reason


def test_bomb_ladder_order() -> None:
    assert [b.label for b in BOMB_LADDER] == [
        "3-5-7-9 in four suits",
        "J-Q",
        "J-K",
        "Q-K",
        "J-Q-K",
        "3-5-7-9 in one suit",
    ]
    bombs = [one(t) for t in ("3R 5O 7G 9B", "J0 Q0", "J0 K0", "Q0 K0", "J0 Q0 K0", "3G 5G 7G 9G")]
    assert [b.bomb for b in bombs] == list(Bomb)
    for low, lower in enumerate(bombs):
        for high, higher in enumerate(bombs):
            assert beats(higher, lower) is (high > low)


@pytest.mark.parametrize(
    "text", ["2R", "10R 10G 10B 10O", "2R 3R 4R 5R 6R 7R 8R 9R 10R", "K0", "9R 9G 10R 10G"]
)
def test_every_bomb_beats_every_non_bomb_and_never_the_reverse(text: str) -> None:
    target = classify(parse_cards(text))[0]
    lowest = one("3R 5O 7G 9B")
    assert beats(lowest, target)
    assert why_cannot_follow(target, lowest) == (
        "after a bomb only a higher bomb may follow (the 3-5-7-9 in four suits bomb is on the table)"
    )


FOLLOWS = [
    ("8R 8G", "7B 7O", None),
    ("7R 7G", "7B 7O", "you must play a pair higher than 7-7, or a bomb"),
    ("6R 6G", "7B 7O", "you must play a pair higher than 7-7, or a bomb"),
    ("9R 9G 9B", "7B 7O", "you must play a pair higher than 7-7, or a bomb"),
    ("5G 6G 7G", "4R 5R 6R 7R", "you must play a sequence of 4 higher than 4-5-6-7, or a bomb"),
    ("5G 6G 7G 8G", "4R 5R 6R 7R", None),
    ("6R 6G 7R 7G", "5B 5O 6B 6O", None),
    (
        "6R 6G 7R 7G 8R 8G",
        "5R 5G 5B 6R 6G 6B",
        "you must play a sequence of triples over 2 ranks higher than 5-5-5-6-6-6, or a bomb",
    ),
    ("J0", "10R", None),
    ("Q1", "J0", None),
    ("10R", "K0", "you must play a single higher than K, or a bomb"),
    ("J0 Q0", "Q1 K1", "the J-Q bomb does not beat the Q-K bomb"),
    ("Q1 K1", "J0 Q0", None),
]


@pytest.mark.parametrize(("play", "table", "reason"), FOLLOWS)
def test_which_play_may_follow_which(play: str, table: str, reason: str | None) -> None:
    assert why_cannot_follow(one(play), one(table)) == reason
    assert beats(one(play), one(table)) is (reason is None)


def test_what_beats() -> None:
    assert what_beats(one("7R 7G")) == "a higher pair (8-8 up to 10-10), or any bomb"
    assert what_beats(one("9R")) == "a higher single (10 up to K), or any bomb"
    assert what_beats(one("K0")) == "only a bomb: no single is higher"
    assert what_beats(one("8B 9B 10B")) == "only a bomb: no sequence of 3 is higher"
    assert what_beats(one("3B 5B 7B 9B")) == "nothing: it is the highest bomb"


def test_describe_lists_every_reading() -> None:
    assert describe("5B J0 Q0").count("\n") == 1
    assert describe("5R 6R").startswith("forms nothing: a sequence needs at least 3 ranks")


ALL_CARDS = [*number_deck(3), *wilds_of(0)]


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8, unique=True), st.randoms())
def test_classification_is_order_independent(cards: list[HaggisCard], rnd: random.Random) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert classify(shuffled) == classify(cards)
    assert why_not(shuffled) == why_not(cards)
    assert (why_not(cards) is None) is bool(classify(cards))


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8, unique=True))
def test_readings_keep_their_cards_and_stay_in_range(cards: list[HaggisCard]) -> None:
    for combo in classify(cards):
        assert sorted(combo.cards) == sorted(cards)
        if combo.is_bomb:
            assert 1 <= combo.value <= 6 and not combo.fills
        else:
            assert combo.value <= (13 if combo.size == 1 else 10)
            assert len(combo.fills) == sum(c.is_wild for c in cards) or combo.size == 1
            assert combo.width * (combo.length if combo.kind is not ComboKind.SET else 1) == combo.size


def _stand_in(rank: int, suit: HaggisSuit | None, taken: list[HaggisCard]) -> HaggisCard | None:
    """The number card a wild stands for: of its suit, or any suit not already in the group."""
    for option in [suit] if suit is not None else list(HaggisSuit):
        card = number_card(rank, option)
        if card not in taken:
            return card
    return None


@given(st.lists(st.sampled_from(number_deck(3)), min_size=1, max_size=6, unique=True), st.integers(1, 3))
def test_a_wild_reads_like_the_card_it_stands_for(numbers: list[HaggisCard], wild_count: int) -> None:
    """Replacing each wild of a set or sequence by the number card it stands for keeps the reading."""
    group = numbers + list(wilds_of(0)[:wild_count])
    for combo in classify(group):
        if combo.kind not in (ComboKind.SET, ComboKind.SEQUENCE) or combo.size == 1:
            continue
        replaced = list(numbers)
        for fill in combo.fills:
            card = _stand_in(fill.rank, fill.suit, replaced)
            if card is None:  # e.g. a set of seven 7s: only five real 7s exist
                break
            replaced.append(card)
        else:
            assert any(
                (r.kind, r.size, r.value) == (combo.kind, combo.size, combo.value) for r in classify(replaced)
            )
