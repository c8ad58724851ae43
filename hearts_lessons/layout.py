"""Bit masks derived once from a :class:`~hearts_lessons.rules.Rules` value, for the engine's hot path.

A :class:`Layout` is cached per rules value, so building one costs nothing after the first time.

>>> k = layout_for(Rules())
>>> bin(k.suit_masks[Suit.HEARTS]).count("1"), bin(k.penalty).count("1"), k.moon_value
(13, 14, 26)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .cards import QUEEN_OF_SPADES, Card, Rank, Suit, mask_of
from .rules import PassDirection, Points, Rules

__all__ = ["Layout", "direction_offset", "layout_for", "pass_targets"]


@dataclass(frozen=True, slots=True)
class Layout:
    """Masks and tables for one rules value. ``values[id]`` is a card's points, ``suit_of[id]`` its suit (-1 for an
    id that is no card of the deck)."""

    rules: Rules
    deck: int
    """Mask of every card used this hand."""
    deck_ids: tuple[int, ...]
    """The ids of those cards, in id order (the order they are shuffled from)."""
    deck_bits: tuple[int, ...]
    """Their bits (``1 << id``), in the same order."""
    suit_masks: tuple[int, ...]
    """Each suit's cards, by suit number (clubs, diamonds, spades, hearts; the jokers count as hearts). A tuple of
    any length to the type checker: the compiled build keeps it as one Python tuple, not four numbers that it
    would have to put back together at every look-up by a suit held in a variable."""
    hearts: int
    """The heart suit, jokers included."""
    penalty: int
    """Cards that are penalty cards for the play rules (positive value; 10♣ when it doubles)."""
    moon_cards: int
    """Cards with a positive value: the ones a shooter must take."""
    scoring: int
    """Cards with a non-zero value."""
    queen: int
    jokers: int
    values: dict[int, Points]
    suit_of: tuple[int, ...]
    moon_value: Points
    """M, the penalty total of the deck (``rules.moon_value`` when set)."""
    ten_of_clubs: int
    multi_deck: bool
    play_rules: tuple[str, ...]
    """Names of the legality rules active under these rules, in cascade order."""
    players: int
    breakers: int
    """Cards whose play breaks hearts: penalty cards, or only hearts (Windows Hearts option)."""
    unpassable: int
    """Cards that may not be passed (``rules.unpassable``)."""
    plays: tuple[tuple[tuple[int, int, int], ...], ...]
    """``plays[seat][id]``: the record of that seat playing that card in a trick, ``(seat, id, rank)`` (a joker's
    rank is set when its trick is complete), made once so that the hot path does not build one for each card."""
    turns: tuple[tuple[PassDirection, tuple[tuple[int, int], ...]], ...]
    """The pass cycle (``rules.cycle``): for each hand of it, its direction and its passes (:func:`pass_targets`)."""
    cascades: list[Any] = field(default_factory=lambda: [None, None, None, None])
    """Filled by :mod:`hearts_lessons.legality`: the cascade for each moment of play (the numbers of its rules),
    built on first use."""
    shortcuts: list[int] = field(default_factory=lambda: [-1])
    """Filled by :mod:`hearts_lessons.legality` on first use: which of ``legal_mask``'s shortcuts hold under these
    rules (bit 0: following after the first trick is "follow suit" alone; bit 1: leading after the first trick is
    free once hearts are broken)."""
    trick_points: dict[int, Points] = field(default_factory=dict)
    """Filled by :mod:`hearts_lessons.lean` as tricks are taken, interpreted: the points of the scoring cards that a
    trick takes, by their mask (one look-up instead of a Python step per card)."""

    def __reduce__(self) -> tuple[type[Layout], tuple[Any, ...]]:
        """Pickled as a call of the constructor with every field (a rules value sent to another process carries
        its layout). Compiled with mypyc, a frozen dataclass cannot be restored field by field afterwards."""
        return (Layout, tuple(getattr(self, f.name) for f in fields(self)))


def _suit_id_mask(suit: int, decks: int) -> int:
    mask = 0
    for copy in range(decks):
        for rank in range(2, 15):
            mask |= 1 << (copy * 64 + suit * 16 + rank - 2)
    return mask


def layout_for(rules: Rules) -> Layout:
    """The :class:`Layout` of ``rules``, built once per rules value and kept on it."""
    cached: Layout | None = rules.__dict__.get("_layout")
    if cached is None:
        cached = _build(rules)
        object.__setattr__(rules, "_layout", cached)
    return cached


def _build(rules: Rules) -> Layout:
    deck_cards = rules.deck
    deck = mask_of(deck_cards)
    suits = tuple(_suit_id_mask(s, rules.decks) & deck for s in range(4))
    jokers = mask_of(c for c in deck_cards if c.is_joker)
    hearts = suits[Suit.HEARTS] | jokers
    suits = (suits[0], suits[1], suits[2], hearts)
    values: dict[int, Points] = {}
    penalty = moon_cards = scoring = 0
    for card in deck_cards:
        value = rules.points_of(card)
        if value != 0:
            values[card.id] = value
            scoring |= card.bit
        if rules.is_penalty(card):
            penalty |= card.bit
        if _positive(value):
            moon_cards |= card.bit
    moon_value: Points
    if rules.moon_value is not None:
        moon_value = rules.moon_value
    else:
        moon_value = sum((v for i, v in values.items() if (moon_cards >> i) & 1), start=0)
    ten_clubs = mask_of(c for c in deck_cards if c.rank == Rank.TEN and c.suit == Suit.CLUBS)
    names = ["must_follow", "opening_lead", "first_trick_points"]
    if rules.must_break_hearts:
        names.append("hearts_not_broken")
    else:
        names.append("first_trick_hearts_lead")
    if rules.queen_lead_restricted:
        names.append("queen_lead_restricted")
    if rules.queen_first_when_only_penalty:
        names.append("queen_first_when_only_penalty")
    suit_of = {c.id: (Suit.HEARTS if c.is_joker else c.suit) for c in deck_cards}
    return Layout(
        rules=rules,
        deck=deck,
        deck_ids=tuple(c.id for c in deck_cards),
        deck_bits=tuple(c.bit for c in deck_cards),
        suit_masks=suits,
        hearts=hearts,
        penalty=penalty,
        moon_cards=moon_cards,
        scoring=scoring,
        queen=mask_of(c for c in deck_cards if _is_queen(c)),
        jokers=jokers,
        values=values,
        suit_of=tuple(int(suit_of.get(i, -1)) for i in range(deck.bit_length())),
        moon_value=moon_value,
        ten_of_clubs=ten_clubs if rules.ten_of_clubs_multiplier != 1 else 0,
        multi_deck=rules.decks > 1,
        play_rules=tuple(names),
        players=rules.players,
        breakers=penalty if rules.penalty_cards_break_hearts else hearts,
        unpassable=mask_of(rules.unpassable),
        plays=tuple(
            tuple((seat, cid, (cid & 15) + 2) for cid in range(deck.bit_length())) for seat in range(rules.players)
        ),
        turns=tuple((direction, pass_targets(direction, rules)) for direction in rules.cycle),
    )


def direction_offset(direction: PassDirection | str, players: int) -> int:
    """How many seats to the left the cards go: left 1, right ``players - 1``, across ``players // 2``."""
    d = direction if isinstance(direction, PassDirection) else PassDirection(direction)
    if d is PassDirection.LEFT:
        return 1
    if d is PassDirection.RIGHT:
        return players - 1
    if d is PassDirection.ACROSS:
        return players // 2
    raise ValueError(f"{d.value} is not a single direction")


def pass_targets(direction: PassDirection, rules: Rules) -> tuple[tuple[int, int], ...]:
    """The pass of a hand as ``(offset, count)`` pairs: who gets how many cards (empty for hold)."""
    n = rules.players
    if direction is PassDirection.HOLD or direction is PassDirection.DEALERS_CHOICE:
        return ()
    if direction is PassDirection.SPLIT:
        return tuple((offset, 1) for offset in range(1, n))
    return ((direction_offset(direction, n), rules.cards_passed),)


def _is_queen(card: Card) -> bool:
    return card.rank == QUEEN_OF_SPADES.rank and card.suit == QUEEN_OF_SPADES.suit


def _positive(value: Points) -> bool:
    if isinstance(value, complex):
        return value.real > 0 or value.imag > 0
    return value > 0
