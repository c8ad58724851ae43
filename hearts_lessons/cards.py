"""Suits, ranks and cards, their notations, and decks for every player count.

Every physical card has a small integer *id* so that sets of cards can be held as bit masks (the engine's hot
path works on masks; the readable API works on :class:`Card` values). The id layout is
``copy * 64 + suit * 16 + rank - 2``: a suit's cards are 16 ids apart from the next suit's, from the 2 (``+0``) to
the ace (``+12``), so a card's rank is ``(id & 15) + 2`` and a higher id of the same suit is a higher card. The
two jokers of Hi-Lo Joker Hearts are the heart-suit cards of rank 15 (``+13``) in copies 0 and 1, and a second deck
(Cancellation Hearts) simply lives 64 bits higher. The ids of one deck run from 0 to 61, so its masks stay
within the 62 bits a compiled build (mypyc) keeps as plain machine integers.

>>> Card.from_str("QS")
QS
>>> parse_cards("10D Q♠ 2c")
[TD, QS, 2C]
>>> str(Card.from_str("TD")), Card.from_str("TD").symbol
('TD', '10♦')
>>> sort_hand(parse_cards("2H AS 3C KD"))
[3C, KD, AS, 2H]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from .i18n import tr

__all__ = [
    "JOKER_RANK",
    "QUEEN_OF_SPADES",
    "TWO_OF_CLUBS",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card_from_id",
    "cards_of_mask",
    "full_deck",
    "mask_of",
    "parse_cards",
    "sort_hand",
]


class Suit(IntEnum):
    """The four suits, in the order players usually sort a hand (colours alternate)."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        return "CDSH"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♠♥"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def english(self) -> str:
        return ("clubs", "diamonds", "spades", "hearts")[self]

    @property
    def word(self) -> str:
        """The suit's name in the book's language, as in "you hold no clubs" (``english`` stays English).

        >>> Suit.SPADES.word
        'spades'
        """
        return (tr("clubs", context="suit"), tr("diamonds", context="suit"), tr("spades", context="suit"),
                tr("hearts", context="suit"))[self]

    @property
    def one(self) -> str:
        """One card's suit in the book's language, as in "a club" (English singular; the same word in Japanese).

        >>> Suit.CLUBS.one
        'club'
        """
        return (tr("club", context="suit"), tr("diamond", context="suit"), tr("spade", context="suit"),
                tr("heart", context="suit"))[self]

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Parse ``C``, ``♣``, ``clubs`` (any case)."""
        key = text.strip().lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.english, suit.english[:-1]):
                return suit
        if key in ("♧",):
            return cls.CLUBS
        if key in ("♢",):
            return cls.DIAMONDS
        if key in ("♤",):
            return cls.SPADES
        if key in ("♡",):
            return cls.HEARTS
        raise CardParseError(f"{text!r} is not a suit (use C, D, S, H or ♣ ♦ ♠ ♥)")


class Rank(IntEnum):
    """Card ranks, ace high. ``JOKER`` is used only by variants with jokers."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        """One-character code: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` (``*`` for a joker)."""
        return "23456789TJQKA*"[self - 2]

    @property
    def label(self) -> str:
        """The label printed on a card: ``10`` rather than ``T``."""
        return "10" if self == Rank.TEN else ("Joker" if self == Rank.JOKER else self.letter)

    @property
    def english(self) -> str:
        names = {11: "jack", 12: "queen", 13: "king", 14: "ace", 15: "joker"}
        return names.get(int(self), str(int(self)))


JOKER_RANK = Rank.JOKER


class CardParseError(ValueError):
    """Raised when text cannot be read as a card."""


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card. ``copy`` tells identical cards of several decks apart (0 for the first deck).

    Jokers are ``Card(Rank.JOKER, Suit.HEARTS, copy)``: in Hi-Lo Joker Hearts they belong to the heart suit for
    every rule; ``copy`` 0 and 1 name the two jokers.
    """

    rank: Rank
    suit: Suit
    copy: int = 0

    @property
    def id(self) -> int:
        """The card's bit position in masks."""
        return self.copy * 64 + self.suit * 16 + self.rank - 2

    @property
    def bit(self) -> int:
        return 1 << self.id

    @property
    def is_joker(self) -> bool:
        return self.rank == Rank.JOKER

    @property
    def code(self) -> str:
        """Short code: ``QS``, ``TD``; jokers ``J1``/``J2``. Cards of a second deck keep the same code."""
        if self.is_joker:
            return f"J{self.copy + 1}"
        return self.rank.letter + self.suit.letter

    @property
    def symbol(self) -> str:
        """The usual printed form: ``Q♠``, ``10♦``; jokers ``Joker 1``."""
        if self.is_joker:
            return f"Joker {self.copy + 1}"
        return self.rank.label + self.suit.symbol

    @property
    def name(self) -> str:
        """Words for screen readers: ``queen of spades``."""
        if self.is_joker:
            return f"joker {self.copy + 1}"
        return f"{self.rank.english} of {self.suit.english}"

    def __repr__(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.code

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``QS``, ``TD``, ``10D``, ``Q♠``, ``10♦``, ``♠Q``, ``qs``; jokers ``J1``, ``J2``.

        >>> Card.from_str("10♦") == Card.from_str("td")
        True
        >>> Card.from_str("ZZ")
        Traceback (most recent call last):
        ...
        hearts_lessons.cards.CardParseError: 'ZZ' is not a card (write it like QS, TD, 10D, Q♠ or 10♦)
        """
        return _parse_one(text)


_RANK_WORDS = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14,
}  # fmt: skip
_SUIT_CHARS = "CDSH♣♦♠♥♧♢♤♡"
_CARD_RE = re.compile(
    r"^\s*(?:(?P<r1>10|[2-9TJQKA])\s*(?P<s1>[CDSH♣♦♠♥♧♢♤♡])|(?P<s2>[CDSH♣♦♠♥♧♢♤♡])\s*(?P<r2>10|[2-9TJQKA]))\s*$",
    re.IGNORECASE,
)
_JOKER_RE = re.compile(r"^\s*(?:J|JOKER\s*)(?P<n>[12])\s*$", re.IGNORECASE)


def _parse_one(text: str) -> Card:
    if not isinstance(text, str):
        raise CardParseError(f"{text!r} is not a card")
    cleaned = text.replace("\ufe0f", "")
    joker = _JOKER_RE.match(cleaned)
    if joker:
        return Card(Rank.JOKER, Suit.HEARTS, int(joker["n"]) - 1)
    match = _CARD_RE.match(cleaned)
    if not match:
        raise CardParseError(f"{text!r} is not a card (write it like QS, TD, 10D, Q♠ or 10♦)")
    rank_text = (match["r1"] or match["r2"]).upper()
    suit_text = match["s1"] or match["s2"]
    return Card(Rank(_RANK_WORDS[rank_text]), Suit.from_str(suit_text))


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse cards separated by spaces or commas, or a list of codes and cards.

    >>> parse_cards("2C, 3c  QS")
    [2C, 3C, QS]
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    else:
        parts = list(text)
    return [p if isinstance(p, Card) else _parse_one(p) for p in parts]


_CARD_BY_ID: dict[int, Card] = {}


def card_from_id(card_id: int) -> Card:
    """The card with this id (see the module docstring)."""
    card = _CARD_BY_ID.get(card_id)
    if card is None:
        copy, rest = divmod(card_id, 64)
        suit, offset = divmod(rest, 16)
        rank = offset + 2
        if not (copy >= 0 and 0 <= suit <= 3 and 2 <= rank <= 15):
            raise ValueError(f"{card_id} is not a card id")
        card = Card(Rank(rank), Suit(suit), copy)
        _CARD_BY_ID[card_id] = card
    return card


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def ids_of_mask(mask: int) -> Iterator[int]:
    """The ids of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a mask in sorting order (see :func:`sort_hand`)."""
    return [card_from_id(i) for i in sorted(ids_of_mask(mask), key=_sort_key_id)]


def _sort_key_id(card_id: int) -> tuple[int, int, int]:
    copy, rest = divmod(card_id, 64)
    suit, offset = divmod(rest, 16)
    return (suit, offset, copy)


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Sort the way players hold cards: ♣ ♦ ♠ ♥ (colours alternate), low to high within a suit."""
    return sorted(cards, key=lambda c: (c.suit, c.rank, c.copy))


def full_deck(*, decks: int = 1, jokers: int = 0) -> list[Card]:
    """The cards of ``decks`` standard 52-card decks plus ``jokers`` jokers (at most 2), in id order."""
    if not 1 <= decks <= 3:
        raise ValueError("between 1 and 3 decks are supported")
    if not 0 <= jokers <= 2:
        raise ValueError("at most 2 jokers are supported")
    cards = [Card(Rank(r), s, c) for c in range(decks) for s in Suit for r in range(2, 15)]
    cards += [Card(Rank.JOKER, Suit.HEARTS, j) for j in range(jokers)]
    return sorted(cards, key=lambda c: c.id)


QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)
