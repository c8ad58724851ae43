"""Haggis combinations: what a group of cards forms, what it is worth, and what may follow it (RULES 4.3–4.6).

:func:`classify` lists every way a group of cards can be played; :func:`why_not` says in plain words why a
group forms nothing; :func:`why_cannot_follow` is the cascade of small named rules that decides whether one
combination may follow another.

>>> [c.name for c in classify(parse_cards("7R 7G"))]
['pair of 7s']
>>> [c.name for c in classify(parse_cards("5B J0 7B"))]
['sequence 5-6-7 in blue']
>>> [c.name for c in classify(parse_cards("5R 5G J0 Q0"))]
['set of four 5s', 'sequence of pairs 5-5-6-6 in red and green']
>>> why_not(parse_cards("5R 6R"))
'a sequence needs at least 3 ranks'
>>> why_cannot_follow(classify(parse_cards("6R 6G"))[0], classify(parse_cards("7B 7O"))[0])
'you must play a pair higher than 7-7, or a bomb'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from ..i18n import N_, join_words, tr, tr_text
from .cards import JACK, KING, QUEEN, HaggisCard, HaggisSuit, parse_cards, rank_text, sort_cards

__all__ = [
    "BOMB_LADDER",
    "Bomb",
    "Combo",
    "ComboKind",
    "Fill",
    "beats",
    "classify",
    "describe",
    "follow_rules",
    "read_as_bomb",
    "read_as_sequence",
    "read_as_sequences_of_sets",
    "read_as_set",
    "what_beats",
    "why_cannot_follow",
    "why_not",
]

HIGHEST_NUMBER = 10
ODD_BOMB_RANKS = (3, 5, 7, 9)


class ComboKind(Enum):
    """The four families of RULES 4.3 and 4.5. A single card is a set of one."""

    SET = "set"
    SEQUENCE = "sequence"
    SEQUENCE_OF_SETS = "sequence of sets"
    BOMB = "bomb"


class Bomb(IntEnum):
    """The bombs, lowest to highest (RULES 4.5); the value is the bomb's step on the ladder."""

    RAINBOW_3579 = 1
    JQ = 2
    JK = 3
    QK = 4
    JQK = 5
    SUITED_3579 = 6

    @property
    def label(self) -> str:
        """``J-Q``, ``3-5-7-9 in four suits`` …"""
        if self is Bomb.RAINBOW_3579:
            return tr("3-5-7-9 in four suits", context="bomb")
        if self is Bomb.SUITED_3579:
            return tr("3-5-7-9 in one suit", context="bomb")
        return {Bomb.JQ: "J-Q", Bomb.JK: "J-K", Bomb.QK: "Q-K", Bomb.JQK: "J-Q-K"}[self]

    @property
    def full_name(self) -> str:
        """``J-Q bomb``, ``3-5-7-9 in one suit bomb`` (小ボム／大ボム for the 3-5-7-9 bombs in Japanese); the enum's
        own ``name`` (``JQ``) stays the member's name."""
        return tr_text(_BOMB_NAMES[self])


_BOMB_NAMES = {
    Bomb.RAINBOW_3579: N_("3-5-7-9 in four suits bomb"),
    Bomb.JQ: N_("J-Q bomb"),
    Bomb.JK: N_("J-K bomb"),
    Bomb.QK: N_("Q-K bomb"),
    Bomb.JQK: N_("J-Q-K bomb"),
    Bomb.SUITED_3579: N_("3-5-7-9 in one suit bomb"),
}


BOMB_LADDER: tuple[Bomb, ...] = tuple(Bomb)
_WILD_BOMBS = {
    frozenset((JACK, QUEEN)): Bomb.JQ,
    frozenset((JACK, KING)): Bomb.JK,
    frozenset((QUEEN, KING)): Bomb.QK,
    frozenset((JACK, QUEEN, KING)): Bomb.JQK,
}


@dataclass(frozen=True, slots=True)
class Fill:
    """What a wild stands for inside a combination: a rank, and a suit where the combination fixes one."""

    wild: HaggisCard
    rank: int
    suit: HaggisSuit | None = None

    def __str__(self) -> str:
        if self.suit is None:
            return tr("{wild} as {rank}", wild=self.wild.code, rank=self.rank)
        return tr("{wild} as {rank} of {suit}", wild=self.wild.code, rank=self.rank, suit=self.suit.word)


@dataclass(frozen=True, slots=True)
class Combo:
    """One way of playing a group of cards.

    ``value`` is the highest rank (RULES 4.3), or the bomb's step on the ladder. ``width`` is the number of
    cards at each rank: the size of a set, 1 for a sequence, k for a sequence of sets of k (0 for a bomb).
    Combinations of the same *shape* (kind, number of cards, width) compare by value.
    """

    kind: ComboKind
    cards: tuple[HaggisCard, ...]
    value: int
    width: int
    bomb: Bomb | None = None
    fills: tuple[Fill, ...] = ()

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def length(self) -> int:
        """The number of different ranks (1 for a set)."""
        if self.kind is ComboKind.BOMB:
            return 0
        return self.size // self.width if self.kind is not ComboKind.SET else 1

    @property
    def lowest(self) -> int:
        """The lowest rank the combination covers."""
        return self.value - self.length + 1

    @property
    def shape(self) -> tuple[ComboKind, int, int]:
        """What a follower must match: kind, number of cards, cards per rank (RULES 4.6)."""
        return (self.kind, self.size, self.width)

    @property
    def is_bomb(self) -> bool:
        return self.kind is ComboKind.BOMB

    @property
    def uses_wilds(self) -> bool:
        return any(card.is_wild for card in self.cards)

    @property
    def ranks_text(self) -> str:
        """The ranks as players say them: ``7-7``, ``4-5-6``, ``5-5-6-6``, ``J``; a bomb's label."""
        if self.bomb is not None:
            return self.bomb.label
        return _ranks_text(self.value, self.length, self.width)

    @property
    def shape_name(self) -> str:
        """``single``, ``pair``, ``triple``, ``set of 4``, ``sequence of 3``, ``sequence of pairs over 2 ranks``."""
        return _shape_name(self.kind, self.size, self.width)

    @property
    def name(self) -> str:
        """A short description: ``pair of 7s``, ``sequence 4-5-6 in red``, ``J-Q bomb``."""
        if self.bomb is not None:
            return self.bomb.full_name
        if self.kind is ComboKind.SET:
            rank = rank_text(self.value)
            if self.size == 1:
                if self.value > 10:
                    return tr("single {rank} (a wild played alone ranks {value})", rank=rank, value=self.value)
                return tr("single {rank}", rank=rank)
            words = _SET_NAMES.get(self.size)
            if words is None:
                return tr("set of {n} {rank}s", n=self.size, rank=rank)
            return tr_text(words, rank=rank)
        suits = _suits_text(self)
        if self.kind is ComboKind.SEQUENCE:
            shape = tr("sequence", context="combination")
        else:
            shape = {2: tr("sequence of pairs"), 3: tr("sequence of triples")}.get(self.width) or tr(
                "sequence of sets of {width}", width=self.width
            )
        if suits:
            return tr("{shape} {ranks} in {suits}", shape=shape, ranks=self.ranks_text, suits=suits)
        return tr("{shape} {ranks}", shape=shape, ranks=self.ranks_text)

    def explain(self) -> str:
        """The name, what each wild stands for, and the value.

        >>> classify(parse_cards("5B J0 7B"))[0].explain()
        'sequence 5-6-7 in blue (J0 as 6 of blue); value 7'
        """
        name = self.name
        if self.fills:
            fills = tr(", ", context="list").join(str(f) for f in self.fills)
            name = tr("{name} ({fills})", name=name, fills=fills)
        if self.bomb is not None:
            return tr("{name}; step {step} of {steps} on the bomb ladder", name=name, step=self.value,
                      steps=len(BOMB_LADDER))  # fmt: skip
        return tr("{name}; value {value}", name=name, value=self.value)

    def __repr__(self) -> str:
        return f"<{self.name}: {' '.join(c.code for c in self.cards)}>"


def _ranks_text(top: int, length: int, width: int) -> str:
    return "-".join(rank_text(r) for r in range(top - length + 1, top + 1) for _ in range(width))


_SET_NAMES = {
    2: N_("pair of {rank}s"),
    3: N_("triple of {rank}s"),
    4: N_("set of four {rank}s"),
    5: N_("set of five {rank}s"),
    6: N_("set of six {rank}s"),
    7: N_("set of seven {rank}s"),
    8: N_("set of eight {rank}s"),
}


def _shape_name(kind: ComboKind, size: int, width: int) -> str:
    if kind is ComboKind.BOMB:
        return tr("bomb")
    if kind is ComboKind.SET:
        if size == 1:
            return tr("single")
        if size == 2:
            return tr("pair")
        if size == 3:
            return tr("triple")
        return tr("set of {n}", n=size)
    if kind is ComboKind.SEQUENCE:
        return tr("sequence of {n}", n=size)
    if width == 2:
        return tr("sequence of pairs over {n} ranks", n=size // width)
    if width == 3:
        return tr("sequence of triples over {n} ranks", n=size // width)
    return tr("sequence of sets of {width} over {n} ranks", width=width, n=size // width)


def _suits_text(combo: Combo) -> str:
    suits = sorted(
        {c.suit for c in combo.cards if c.suit is not None}
        | {f.suit for f in combo.fills if f.suit is not None}
    )
    if not suits:
        return ""
    names = [s.word for s in suits]
    extra = combo.width - len(suits) if combo.kind is ComboKind.SEQUENCE_OF_SETS else 0
    if extra:
        names.append(tr("another suit") if extra == 1 else tr("{n} other suits", n=extra))
    return join_words(names)


def _make(
    kind: ComboKind,
    numbers: Sequence[HaggisCard],
    wilds: Sequence[HaggisCard],
    value: int,
    width: int,
    fills: Sequence[Fill] = (),
    bomb: Bomb | None = None,
) -> Combo:
    return Combo(kind, tuple(sort_cards([*numbers, *wilds])), value, width, bomb, tuple(fills))


# --- classification -----------------------------------------------------------------------------------------


def read_as_bomb(numbers: Sequence[HaggisCard], wilds: Sequence[HaggisCard]) -> Combo | None:
    """The bomb these number cards and wilds form, if any (no wilds inside a 3-5-7-9 bomb)."""
    if not numbers and len(wilds) >= 2:
        bomb = _WILD_BOMBS.get(frozenset(w.rank for w in wilds))
        if bomb is None or len(wilds) != len({w.rank for w in wilds}):
            return None
        return _make(ComboKind.BOMB, (), wilds, int(bomb), 0, bomb=bomb)
    if not wilds and sorted(c.rank for c in numbers) == list(ODD_BOMB_RANKS):
        suits = {c.suit for c in numbers}
        bomb = Bomb.SUITED_3579 if len(suits) == 1 else Bomb.RAINBOW_3579 if len(suits) == 4 else None
        if bomb is not None:
            return _make(ComboKind.BOMB, numbers, (), int(bomb), 0, bomb=bomb)
    return None


def read_as_set(numbers: Sequence[HaggisCard], wilds: Sequence[HaggisCard]) -> Combo | None:
    """The set (single, pair, …) these cards form, if any; a lone wild is a single of rank 11–13."""
    if not numbers:
        if len(wilds) == 1:  # a lone face card is a single of rank 11, 12 or 13 (RULES 4.4)
            return _make(ComboKind.SET, (), wilds, wilds[0].rank, 1)
        return None
    rank = numbers[0].rank
    if any(c.rank != rank for c in numbers):
        return None
    size = len(numbers) + len(wilds)
    return _make(ComboKind.SET, numbers, wilds, rank, size, [Fill(w, rank) for w in sort_cards(wilds)])


def read_as_sequence(numbers: Sequence[HaggisCard], wilds: Sequence[HaggisCard]) -> Combo | None:
    """The highest sequence these cards form, if any: wilds fill gaps, then go above, never past 10."""
    size = len(numbers) + len(wilds)
    if size < 3 or not numbers or len({c.suit for c in numbers}) != 1:
        return None
    ranks = {c.rank for c in numbers}
    if len(ranks) != len(numbers):
        return None
    top = min(min(ranks) + size - 1, HIGHEST_NUMBER)  # wilds go above the cards, but never above 10
    low = top - size + 1
    if low < 2 or max(ranks) > top:
        return None
    suit = numbers[0].suit
    missing = [r for r in range(low, top + 1) if r not in ranks]
    fills = [Fill(w, r, suit) for w, r in zip(sort_cards(wilds), missing, strict=True)]
    return _make(ComboKind.SEQUENCE, numbers, wilds, top, 1, fills)


def read_as_sequences_of_sets(numbers: Sequence[HaggisCard], wilds: Sequence[HaggisCard]) -> list[Combo]:
    """The sequences of sets these cards form, highest for each width (pairs, triples, …)."""
    found: list[Combo] = []
    size = len(numbers) + len(wilds)
    if not numbers:
        return found
    suits = sorted({c.suit for c in numbers if c.suit is not None})
    held = {(c.rank, c.suit) for c in numbers}
    low_rank, high_rank = min(c.rank for c in numbers), max(c.rank for c in numbers)
    for width in range(2, len(HaggisSuit) + 1):
        length = size // width
        if size % width or length < 2 or len(suits) > width:
            continue
        top = min(low_rank + length - 1, HIGHEST_NUMBER)
        low = top - length + 1
        if low < 2 or high_rank > top:
            continue
        slots: list[HaggisSuit | None] = [*suits, *([None] * (width - len(suits)))]
        spare = iter(sort_cards(wilds))
        fills = [
            Fill(next(spare), rank, suit)
            for rank in range(low, top + 1)
            for suit in slots
            if suit is None or (rank, suit) not in held
        ]
        found.append(_make(ComboKind.SEQUENCE_OF_SETS, numbers, wilds, top, width, fills))
    return found


def classify(cards: Iterable[HaggisCard]) -> list[Combo]:
    """Every way these cards can be played, the highest value for each shape; ``[]`` if they form nothing.

    Wilds fill gaps and either end of a sequence, and a sequence never goes above 10 (RULES 4.4), so the
    wilds are placed as high as they can go:

    >>> for reading in classify(parse_cards("8G 9G J1 K1")):
    ...     print(reading.explain())
    sequence 7-8-9-10 in green (J1 as 7 of green, K1 as 10 of green); value 10
    sequence of pairs 8-8-9-9 in green and another suit (J1 as 8, K1 as 9); value 9
    >>> [c.name for c in classify(parse_cards("Q0 K0"))]
    ['Q-K bomb']
    >>> classify(parse_cards("3R 5R 7G 9B"))
    []
    """
    group = sort_cards(cards)
    if not group or len(set(group)) != len(group):
        return []
    numbers = [c for c in group if not c.is_wild]
    wilds = [c for c in group if c.is_wild]
    bomb = read_as_bomb(numbers, wilds)
    if bomb is not None:
        return [bomb]
    if not numbers and len(wilds) >= 2:  # two or more face cards alone are only ever a bomb
        return []
    found = [c for c in (read_as_set(numbers, wilds), read_as_sequence(numbers, wilds)) if c is not None]
    return found + read_as_sequences_of_sets(numbers, wilds)


def why_not(cards: Iterable[HaggisCard]) -> str | None:
    """Why these cards form no combination, in plain words; ``None`` if they form one.

    >>> why_not(parse_cards("3R 5G 7B J0"))
    'wild cards cannot be part of a 3-5-7-9 bomb'
    >>> why_not(parse_cards("3R 5R 7G 9B"))
    '3-5-7-9 is a bomb only in four different suits or all in one suit'
    >>> why_not(parse_cards("4R 5R 8R"))
    'a sequence needs consecutive ranks: 4 to 8 is 5 ranks, but there are only 3 cards'
    >>> why_not(parse_cards("5R 5G 6R 6B"))
    'a sequence of sets needs the same suits at every rank'
    """
    group = list(cards)
    if classify(group):
        return None
    for rule in _INVALID_REASONS:
        reason = rule(group)
        if reason is not None:
            return reason
    return tr(
        "these cards form no combination: a set is one rank, a sequence is one suit of consecutive ranks, "
        "and a sequence of sets has the same suits at consecutive ranks"
    )


# The reasons a group forms nothing, most specific first. Each looks at a group already known to be invalid.


def _no_cards(group: list[HaggisCard]) -> str | None:
    return tr("choose at least one card") if not group else None


def _repeated_card(group: list[HaggisCard]) -> str | None:
    return tr("the same card is chosen twice") if len(set(group)) != len(group) else None


def _face_cards_alone(group: list[HaggisCard]) -> str | None:
    if all(c.is_wild for c in group):
        return tr("face cards played together are a bomb only as J-Q, J-K, Q-K or J-Q-K (one of each letter)")
    return None


def _mixed_odd_bomb(group: list[HaggisCard]) -> str | None:
    if sorted(c.rank for c in group) == list(ODD_BOMB_RANKS):
        return tr("3-5-7-9 is a bomb only in four different suits or all in one suit")
    return None


def _wild_in_odd_bomb(group: list[HaggisCard]) -> str | None:
    numbers = [c.rank for c in group if not c.is_wild]
    distinct = len(set(numbers)) == len(numbers)
    if len(group) == 4 and len(numbers) < 4 and distinct and set(numbers) <= set(ODD_BOMB_RANKS):
        return tr("wild cards cannot be part of a 3-5-7-9 bomb")
    return None


def _sequence_reason(group: list[HaggisCard]) -> str | None:
    numbers = [c for c in group if not c.is_wild]
    ranks = [c.rank for c in numbers]
    if len(set(ranks)) != len(ranks):
        return None  # some rank repeats: see the sequence-of-sets reason
    if len({c.suit for c in numbers}) > 1:
        if len(group) < 3:
            return tr("a pair needs two cards of the same rank, and a sequence at least 3 ranks")
        return tr("a sequence needs all its cards in one suit")
    if len(group) < 3:
        return tr("a sequence needs at least 3 ranks")
    if len(group) > HIGHEST_NUMBER - 1:
        return tr("a sequence runs from 2 to 10 at most, so it has at most 9 cards")
    span = max(ranks) - min(ranks) + 1
    return tr(
        "a sequence needs consecutive ranks: {low} to {high} is {span} ranks, but there are only {n} cards",
        low=min(ranks), high=max(ranks), span=span, n=len(group),
    )


def _sets_reason(group: list[HaggisCard]) -> str | None:
    numbers = [c for c in group if not c.is_wild]
    counts = Counter(c.rank for c in numbers)
    ranks = sorted(counts)
    wild_count = len(group) - len(numbers)
    if wild_count == 0:
        if ranks[-1] - ranks[0] + 1 != len(ranks):
            return tr("a sequence of sets needs consecutive ranks")
        if len(set(counts.values())) > 1:
            return tr("in a sequence of sets every rank needs the same number of cards")
        return tr("a sequence of sets needs the same suits at every rank")
    width = max(max(counts.values()), len({c.suit for c in numbers}))
    length = max(ranks[-1] - ranks[0] + 1, 2)
    return tr(
        "as a sequence of sets of {width} over {length} ranks these cards would need {need} cards, "
        "wilds included; there are {n}",
        width=width, length=length, need=width * length, n=len(group),
    )


_INVALID_REASONS: tuple[Callable[[list[HaggisCard]], str | None], ...] = (
    _no_cards,
    _repeated_card,
    _face_cards_alone,
    _mixed_odd_bomb,
    _wild_in_odd_bomb,
    _sequence_reason,
    _sets_reason,
)


# --- following --------------------------------------------------------------------------------------------


def _bomb_after_bomb(combo: Combo, previous: Combo) -> str | None:
    if previous.bomb is None:
        return None
    if combo.bomb is None:
        return tr("after a bomb only a higher bomb may follow (the {previous} is on the table)", previous=previous.name)
    if combo.bomb <= previous.bomb:
        return tr("the {combo} does not beat the {previous}", combo=combo.name, previous=previous.name)
    return None


def _same_shape_higher(combo: Combo, previous: Combo) -> str | None:
    if combo.bomb is not None or previous.bomb is not None:
        return None  # a bomb beats any non-bomb (RULES 4.5); bomb against bomb is decided above
    if combo.shape != previous.shape or combo.value <= previous.value:
        return tr("you must play a {shape} higher than {ranks}, or a bomb", shape=previous.shape_name,
                  ranks=previous.ranks_text)  # fmt: skip
    return None


follow_rules: tuple[Callable[[Combo, Combo], str | None], ...] = (_bomb_after_bomb, _same_shape_higher)
"""The cascade deciding whether one combination may follow another; each rule returns a reason or ``None``."""


def why_cannot_follow(combo: Combo, previous: Combo) -> str | None:
    """Why ``combo`` may not follow ``previous`` in a trick, or ``None`` if it may (RULES 4.5–4.6).

    >>> jq, qk = classify(parse_cards("J0 Q0"))[0], classify(parse_cards("Q1 K1"))[0]
    >>> why_cannot_follow(jq, qk)
    'the J-Q bomb does not beat the Q-K bomb'
    >>> why_cannot_follow(qk, classify(parse_cards("10R 10G"))[0]) is None
    True
    """
    for rule in follow_rules:
        reason = rule(combo, previous)
        if reason is not None:
            return reason
    return None


def beats(combo: Combo, previous: Combo) -> bool:
    """Whether ``combo`` may follow ``previous``."""
    return why_cannot_follow(combo, previous) is None


def what_beats(combo: Combo) -> str:
    """In words, what may follow this combination.

    >>> what_beats(classify(parse_cards("7R 7G"))[0])
    'a higher pair (8-8 up to 10-10), or any bomb'
    >>> what_beats(classify(parse_cards("J0 K0"))[0])
    'only a higher bomb: Q-K, J-Q-K, 3-5-7-9 in one suit'
    """
    if combo.bomb is not None:
        higher = [b.label for b in BOMB_LADDER if b > combo.bomb]
        if not higher:
            return tr("nothing: it is the highest bomb")
        return tr("only a higher bomb: {bombs}", bombs=tr(", ", context="list").join(higher))
    top = KING if combo.kind is ComboKind.SET and combo.size == 1 else HIGHEST_NUMBER
    if combo.value >= top:
        return tr("only a bomb: no {shape} is higher", shape=combo.shape_name)
    step = _ranks_text(combo.value + 1, combo.length, combo.width)
    if combo.value + 1 == top:
        return tr("a higher {shape} ({ranks}), or any bomb", shape=combo.shape_name, ranks=step)
    return tr("a higher {shape} ({low} up to {high}), or any bomb", shape=combo.shape_name, low=step,
              high=_ranks_text(top, combo.length, combo.width))  # fmt: skip


def describe(text: str | Iterable[HaggisCard]) -> str:
    """Everything :func:`classify` and :func:`why_not` say about some cards, as one line per reading.

    >>> print(describe("9R 9B K1"))
    triple of 9s (K1 as 9); value 9 — beaten by a higher triple (10-10-10), or any bomb
    >>> print(describe("2R 4G"))
    forms nothing: a pair needs two cards of the same rank, and a sequence at least 3 ranks
    """
    cards = parse_cards(text) if isinstance(text, str) else list(text)
    readings = classify(cards)
    if not readings:
        return tr("forms nothing: {reason}", reason=why_not(cards))
    return "\n".join(tr("{reading} — beaten by {what}", reading=c.explain(), what=what_beats(c)) for c in readings)
