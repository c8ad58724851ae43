"""Facts the Haggis drills say about the cards they show (RULES 4.3–4.6), each checked with the Haggis engine.

The position of a Haggis fact is the tuple of cards a drill shows; a fact names cards by their codes (``"5O 8G
10R"``), and its predicate reads them again and checks they are among the cards shown.

>>> from hearts_lessons.haggis.cards import parse_cards
>>> from hearts_lessons.facts import make
>>> shown = tuple(parse_cards("5O 8G 10R"))
>>> make("not_one_suit", shown, cards="5O 8G 10R").words()
'5O 8G 10R are not all of one suit, so they are no sequence'
>>> make("not_in_a_row", shown, cards="5O 8G 10R", low=5, high=10, span=6, count=3).words()
'5O 8G 10R do not run in a row (5 to 10 is 6 ranks for 3 cards), so they are no sequence'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..haggis.cards import HaggisCard, parse_cards
from ..haggis.combos import Combo, beats, classify, why_cannot_follow
from . import kind

__all__: list[str] = []


def _cards(shown: Sequence[HaggisCard], codes: str) -> list[HaggisCard] | None:
    """The cards named by ``codes``, if each is among the cards shown."""
    cards = parse_cards(codes)
    pool = Counter(shown)
    if any(pool[c] < n for c, n in Counter(cards).items()):
        return None
    return cards


def _combo(shown: Sequence[HaggisCard], codes: str, name: str) -> Combo | None:
    cards = _cards(shown, codes)
    if cards is None:
        return None
    return next((c for c in classify(cards) if c.name == name), None)


@kind("reads_as", "{cards} form a {name}")
def _reads_as(shown: Sequence[HaggisCard], *, cards: str, name: str) -> bool:
    group = _cards(shown, cards)
    readings = classify(group) if group is not None else []
    return bool(readings) and readings[0].name == name


@kind("not_one_rank", "{cards} are not all of one rank, so they are no set")
def _not_one_rank(shown: Sequence[HaggisCard], *, cards: str) -> bool:
    group = _cards(shown, cards)
    return group is not None and len({c.rank for c in group if not c.is_wild}) > 1


@kind("not_one_suit", "{cards} are not all of one suit, so they are no sequence")
def _not_one_suit(shown: Sequence[HaggisCard], *, cards: str) -> bool:
    group = _cards(shown, cards)
    return group is not None and len({c.suit for c in group if not c.is_wild}) > 1


@kind("not_in_a_row", "{cards} do not run in a row ({low} to {high} is {span} ranks for {count} cards), so they are "
      "no sequence")
def _not_in_a_row(shown: Sequence[HaggisCard], *, cards: str, low: int, high: int, span: int, count: int) -> bool:
    group = _cards(shown, cards)
    if group is None or any(c.is_wild for c in group):
        return False
    ranks = [c.rank for c in group]
    return (min(ranks), max(ranks), len(group)) == (low, high, count) and span == high - low + 1 > count


@kind("no_rank_twice", "no rank of {cards} appears twice, so they are no sequence of sets")
def _no_rank_twice(shown: Sequence[HaggisCard], *, cards: str) -> bool:
    group = _cards(shown, cards)
    return group is not None and not any(c.is_wild for c in group) and len({c.rank for c in group}) == len(group)


@kind("may_follow", "the {name} {cards} is the same shape as the {table} and higher")
def _may_follow(shown: Sequence[HaggisCard], *, cards: str, name: str, table: str, table_cards: str) -> bool:
    mine, theirs = _combo(shown, cards, name), _combo(shown, table_cards, table)
    return (mine is not None and theirs is not None and beats(mine, theirs) and mine.shape == theirs.shape
            and not mine.is_bomb)  # fmt: skip


@kind("may_not_follow", "{reason}")
def _may_not_follow(shown: Sequence[HaggisCard], *, cards: str, name: str, table: str, table_cards: str,
                    reason: str) -> bool:  # fmt: skip
    """``reason`` is the Haggis engine's reason (:func:`~hearts_lessons.haggis.combos.why_cannot_follow`)."""
    mine, theirs = _combo(shown, cards, name), _combo(shown, table_cards, table)
    return mine is not None and theirs is not None and why_cannot_follow(mine, theirs) == reason
