"""Haggis cards: number cards 2–10 in five suits, and each player's own wild J, Q and K.

Notation (project choice, used in records, tests and lessons): a number card is its rank and a suit letter,
``5R`` or ``10G`` (``T`` is accepted for 10). The five suits are colours, each drawn with its own shape so the
cards also read in black and white: R red ●, O orange ◆, G green ▲, B blue ■, V violet ✦.
Two players use the first four suits (RULES 4.1). A wild is its letter and its owner's seat: ``J0``, ``Q1``,
``K2``; a bare ``J`` means seat 0's jack.

>>> parse_cards("5R 10g TB J Q1")
[5R, 10G, 10B, J0, Q1]
>>> HaggisCard.from_str("7V").symbol, HaggisCard.from_str("K1").name
('7✦', 'wild king of seat 1')
>>> [card_points(c) for c in parse_cards("2R 3R 8G 9B J0 Q0 K0")]
[0, 1, 0, 1, 2, 3, 5]
>>> len(number_deck(2)), len(number_deck(3))
(36, 45)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from ..i18n import N_, tr, tr_text

__all__ = [
    "JACK",
    "KING",
    "QUEEN",
    "WILD_RANKS",
    "HaggisCard",
    "HaggisCardParseError",
    "HaggisSuit",
    "card_points",
    "cards_text",
    "number_card",
    "number_deck",
    "parse_cards",
    "rank_text",
    "sort_cards",
    "suits_in_play",
    "wild_card",
    "wilds_of",
]

JACK, QUEEN, KING = 11, 12, 13
WILD_RANKS = (JACK, QUEEN, KING)
_WILD_LETTERS = {JACK: "J", QUEEN: "Q", KING: "K"}
_WILD_WORDS = {JACK: N_("wild jack of seat {seat}"), QUEEN: N_("wild queen of seat {seat}"),
               KING: N_("wild king of seat {seat}")}


class HaggisCardParseError(ValueError):
    """Text that cannot be read as a Haggis card."""


class HaggisSuit(IntEnum):
    """The five Haggis suits. Two players leave out ``VIOLET``."""

    RED = 0
    ORANGE = 1
    GREEN = 2
    BLUE = 3
    VIOLET = 4

    @property
    def letter(self) -> str:
        return "ROGBV"[self]

    @property
    def symbol(self) -> str:
        return "●◆▲■✦"[self]

    @property
    def english(self) -> str:
        return ("red", "orange", "green", "blue", "violet")[self]

    @property
    def word(self) -> str:
        """The suit's colour in the book's language, as in "sequence 5-6-7 in red" (``english`` stays English).

        >>> HaggisSuit.BLUE.word
        'blue'
        """
        return (tr("red", context="haggis suit"), tr("orange", context="haggis suit"),
                tr("green", context="haggis suit"), tr("blue", context="haggis suit"),
                tr("violet", context="haggis suit"))[self]

    @property
    def colour(self) -> str:
        """The ink used to draw the suit (dark enough to read on a white card)."""
        return ("#c62828", "#a14000", "#1b5e20", "#1f5fbf", "#7b1fa2")[self]


def suits_in_play(players: int) -> tuple[HaggisSuit, ...]:
    """The suits dealt for a player count (RULES 4.1: four suits for two players, five for three)."""
    if players not in (2, 3):
        raise ValueError("Haggis is played by 2 or 3 players")
    return tuple(HaggisSuit)[: 4 if players == 2 else 5]


def rank_text(rank: int) -> str:
    """``2``…``10``, then ``J``, ``Q``, ``K`` for the ranks of wilds played alone (11–13)."""
    return _WILD_LETTERS.get(rank, str(rank))


@dataclass(frozen=True, slots=True)
class HaggisCard:
    """One card. Number cards have a suit and no owner; wilds (rank 11–13) have an owner seat and no suit.

    Build cards with :func:`number_card`, :func:`wild_card` or :meth:`from_str`; they are compared by value.
    """

    rank: int
    suit: HaggisSuit | None = None
    owner: int | None = None

    def __post_init__(self) -> None:
        if self.suit is not None:
            if not 2 <= self.rank <= 10 or self.owner is not None:
                raise ValueError(f"a number card has a rank from 2 to 10 and no owner, not {self.rank}")
        elif self.rank not in WILD_RANKS or self.owner is None or not 0 <= self.owner <= 2:
            raise ValueError("a wild card is a J, Q or K (11–13) with an owner seat 0–2")

    @property
    def is_wild(self) -> bool:
        return self.suit is None

    @property
    def code(self) -> str:
        """The short code: ``5R``, ``10G``, ``J0``."""
        if self.suit is None:
            return f"{_WILD_LETTERS[self.rank]}{self.owner}"
        return f"{self.rank}{self.suit.letter}"

    @property
    def symbol(self) -> str:
        """The printed form: ``5●``; a wild prints its letter only (``J``)."""
        if self.suit is None:
            return _WILD_LETTERS[self.rank]
        return f"{self.rank}{self.suit.symbol}"

    @property
    def name(self) -> str:
        """Words for screen readers: ``5 of red``, ``wild jack of seat 0``."""
        if self.suit is None:
            return tr_text(_WILD_WORDS[self.rank], seat=self.owner)
        return tr("{rank} of {suit}", context="haggis card", rank=self.rank, suit=self.suit.word)

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Rank first (players of climbing games sort by rank), then suit; wilds after the number cards."""
        if self.suit is None:
            return (self.rank, 9, self.owner or 0)
        return (self.rank, int(self.suit), 0)

    def __lt__(self, other: HaggisCard) -> bool:
        return self.sort_key < other.sort_key

    def __repr__(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.code

    @classmethod
    def from_str(cls, text: str) -> HaggisCard:
        """Parse ``5R``, ``10g``, ``TG``, ``5●``, ``J``, ``Q1``.

        >>> HaggisCard.from_str("5●") == HaggisCard.from_str("5r")
        True
        >>> HaggisCard.from_str("11R")
        Traceback (most recent call last):
        ...
        hearts_lessons.haggis.cards.HaggisCardParseError: '11R' is not a Haggis card (write 5R, 10G, J0, Q1 or K2)
        """
        return _parse_one(text)


_NUMBERS: dict[tuple[int, HaggisSuit], HaggisCard] = {
    (rank, suit): HaggisCard(rank, suit) for suit in HaggisSuit for rank in range(2, 11)
}
_WILDS: dict[tuple[int, int], HaggisCard] = {
    (rank, owner): HaggisCard(rank, None, owner) for owner in range(3) for rank in WILD_RANKS
}


def number_card(rank: int, suit: HaggisSuit) -> HaggisCard:
    """The number card of this rank (2–10) and suit."""
    try:
        return _NUMBERS[(rank, suit)]
    except KeyError:
        raise ValueError(f"there is no number card of rank {rank}") from None


def wild_card(rank: int, owner: int) -> HaggisCard:
    """The wild J (11), Q (12) or K (13) of seat ``owner``."""
    try:
        return _WILDS[(rank, owner)]
    except KeyError:
        raise ValueError(f"there is no wild card of rank {rank} for seat {owner}") from None


def wilds_of(seat: int) -> tuple[HaggisCard, HaggisCard, HaggisCard]:
    """A player's own J, Q, K (RULES 4.1: face up, part of their hand)."""
    return (_WILDS[(JACK, seat)], _WILDS[(QUEEN, seat)], _WILDS[(KING, seat)])


def number_deck(players: int) -> list[HaggisCard]:
    """The number cards used by ``players`` players: 36 (four suits) or 45 (five suits)."""
    return [_NUMBERS[(rank, suit)] for suit in suits_in_play(players) for rank in range(2, 11)]


def card_points(card: HaggisCard) -> int:
    """Points for a captured card (RULES 4.8): 3, 5, 7, 9 score 1; J 2, Q 3, K 5; the rest 0."""
    if card.suit is None:
        return {JACK: 2, QUEEN: 3, KING: 5}[card.rank]
    return 1 if card.rank in (3, 5, 7, 9) else 0


def sort_cards(cards: Iterable[HaggisCard]) -> list[HaggisCard]:
    """Cards in display order: by rank, then suit, wilds last."""
    return sorted(cards, key=lambda c: c.sort_key)


def cards_text(cards: Iterable[HaggisCard]) -> str:
    """Codes separated by spaces, in display order.

    >>> cards_text(parse_cards("K0 9B 3R"))
    '3R 9B K0'
    """
    return " ".join(c.code for c in sort_cards(cards))


_SUIT_BY_CHAR = {s.letter: s for s in HaggisSuit} | {s.symbol: s for s in HaggisSuit}
_NUMBER_RE = re.compile(r"^(10|[2-9T])([ROGBV●◆▲■✦])$", re.IGNORECASE)
_WILD_RE = re.compile(r"^([JQK])([0-2]?)$", re.IGNORECASE)


def _parse_one(text: object) -> HaggisCard:
    if isinstance(text, HaggisCard):
        return text
    if not isinstance(text, str):
        raise HaggisCardParseError(f"{text!r} is not a Haggis card")
    cleaned = text.strip()
    number = _NUMBER_RE.match(cleaned)
    if number:
        rank = 10 if number[1].upper() == "T" else int(number[1])
        return _NUMBERS[(rank, _SUIT_BY_CHAR[number[2].upper()])]
    wild = _WILD_RE.match(cleaned)
    if wild:
        rank = {"J": JACK, "Q": QUEEN, "K": KING}[wild[1].upper()]
        return _WILDS[(rank, int(wild[2] or 0))]
    raise HaggisCardParseError(tr("{text} is not a Haggis card (write 5R, 10G, J0, Q1 or K2)", text=repr(text)))


def parse_cards(text: str | Iterable[str | HaggisCard]) -> list[HaggisCard]:
    """Parse cards separated by spaces or commas (or a list of codes and cards), keeping their order."""
    parts: list[str | HaggisCard]
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    else:
        parts = list(text)
    return [_parse_one(p) for p in parts]
