"""Listing the plays a hand can make: the hot path of the bots and of the widgets' hints.

:func:`candidate_plays` lists the combinations a hand can play (optionally only those that may follow a given
combination), each at its highest value. Project choice: wilds only fill places the hand cannot fill itself. A
set uses as many held cards of its rank as fit before any wild; a sequence or a sequence of sets uses every
held card of its suits inside its ranks, and its wilds stand for the cards missing there. Holding 5R 6R 7R, the
list offers 5R 6R 7R but not 5R J0 7R. Such plays are still legal and
:class:`~hearts_lessons.haggis.state.HaggisHand` accepts them; the list leaves them out because they only waste
a wild, and a shorter list makes playouts faster.

>>> hand = parse_cards("4R 5R 6R 6G J0")
>>> [c.name for c in candidate_plays(hand, classify(parse_cards("3B 4B 5B"))[0])]
['sequence 4-5-6 in red', 'sequence 5-6-7 in red']
>>> len(candidate_plays(hand)) > 10
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from .cards import HaggisCard, HaggisSuit, parse_cards
from .combos import (
    ODD_BOMB_RANKS,
    Combo,
    ComboKind,
    beats,
    classify,
    read_as_bomb,
    read_as_sequence,
    read_as_sequences_of_sets,
    read_as_set,
)

__all__ = ["bombs_in", "candidate_plays"]

_RANKS = range(2, 11)


class _HandIndex:
    """A hand split for enumeration: number cards by rank and by suit, rank bit masks per suit, wild subsets."""

    def __init__(self, hand: Sequence[HaggisCard]) -> None:
        self.by_rank: dict[int, list[HaggisCard]] = {}
        self.by_suit: dict[HaggisSuit, dict[int, HaggisCard]] = {}
        self.rank_bits: dict[HaggisSuit, int] = {}
        wilds = []
        for card in sorted(hand, key=lambda c: c.sort_key):
            if card.suit is None:
                wilds.append(card)
                continue
            self.by_rank.setdefault(card.rank, []).append(card)
            self.by_suit.setdefault(card.suit, {})[card.rank] = card
            self.rank_bits[card.suit] = self.rank_bits.get(card.suit, 0) | (1 << card.rank)
        self.wilds = wilds
        self.wild_subsets = [list(combinations(wilds, n)) for n in range(len(wilds) + 1)]

    def block(self, suits: Sequence[HaggisSuit], low: int, high: int) -> list[HaggisCard]:
        """The held number cards of these suits with ranks from ``low`` to ``high``."""
        return [
            card for suit in suits for rank, card in self.by_suit.get(suit, {}).items() if low <= rank <= high
        ]

    def count(self, suit: HaggisSuit, span_bits: int) -> int:
        return (self.rank_bits.get(suit, 0) & span_bits).bit_count()


def _span_bits(low: int, high: int) -> int:
    return ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)


def _shifts_up(index: _HandIndex, suits: Sequence[HaggisSuit], low: int, high: int) -> bool:
    """Whether a wild at the bottom of this block would rather go on top: the block is read higher anyway
    (same cards, listed from the next block up) or the wild would stand for a card the hand holds."""
    return high < 10 and all(index.count(suit, 1 << low) == 0 for suit in suits)


def _sets(index: _HandIndex, size: int | None) -> Iterator[Combo]:
    wild_count = len(index.wilds)
    for cards in index.by_rank.values():
        held = len(cards)
        sizes = range(1, held + wild_count + 1) if size is None else (size,)
        for n in sizes:
            if n <= held:
                for chosen in combinations(cards, n):
                    combo = read_as_set(chosen, ())
                    if combo is not None:
                        yield combo
            elif n - held <= wild_count:
                for extra in index.wild_subsets[n - held]:
                    combo = read_as_set(cards, extra)
                    if combo is not None:
                        yield combo
    if size in (None, 1):
        for wild in index.wilds:
            combo = read_as_set((), (wild,))
            if combo is not None:
                yield combo


def _sequences(index: _HandIndex, length: int | None) -> Iterator[Combo]:
    wild_count = len(index.wilds)
    lengths = range(3, 10) if length is None else (length,)
    for suit in index.by_suit:
        for n in lengths:
            for low in range(2, 12 - n):
                high = low + n - 1
                held = index.count(suit, _span_bits(low, high))
                if held == 0 or n - held > wild_count or _shifts_up(index, (suit,), low, high):
                    continue
                cards = index.block((suit,), low, high)
                for extra in index.wild_subsets[n - held]:
                    combo = read_as_sequence(cards, extra)
                    if combo is not None:
                        yield combo


def _sequences_of_sets(index: _HandIndex, width: int | None, length: int | None) -> Iterator[Combo]:
    wild_count = len(index.wilds)
    widths = range(2, len(HaggisSuit) + 1) if width is None else (width,)
    lengths = range(2, 10) if length is None else (length,)
    for m in lengths:
        for low in range(2, 12 - m):
            high = low + m - 1
            bits = _span_bits(low, high)
            counts = {suit: index.count(suit, bits) for suit in index.by_suit}
            # a suit of the block needs a card in it (an empty one is a wild-only suit) and few gaps
            eligible = [suit for suit, n in counts.items() if n and m - n <= wild_count]
            for k in widths:
                # each wild-only suit costs m wilds
                for real in range(max(1, k - wild_count // m), min(k, len(eligible)) + 1):
                    for suits in combinations(eligible, real):
                        missing = (k - real) * m + sum(m - counts[suit] for suit in suits)
                        if missing > wild_count or _shifts_up(index, suits, low, high):
                            continue
                        cards = index.block(suits, low, high)
                        for extra in index.wild_subsets[missing]:
                            for combo in read_as_sequences_of_sets(cards, extra):
                                if combo.width == k:
                                    yield combo


def _bombs(index: _HandIndex) -> Iterator[Combo]:
    odd = [index.by_rank.get(rank, []) for rank in ODD_BOMB_RANKS]
    for chosen in product(*odd):
        combo = read_as_bomb(chosen, ())
        if combo is not None:
            yield combo
    for n in range(2, len(index.wilds) + 1):
        for extra in index.wild_subsets[n]:
            combo = read_as_bomb((), extra)
            if combo is not None:
                yield combo


def bombs_in(hand: Sequence[HaggisCard]) -> list[Combo]:
    """Every bomb the hand can play.

    >>> [b.name for b in bombs_in(parse_cards("3R 5R 7R 9R 9G J0 K0"))]
    ['3-5-7-9 in one suit bomb', 'J-K bomb']
    """
    return list(_bombs(_HandIndex(hand)))


def candidate_plays(hand: Sequence[HaggisCard], previous: Combo | None = None) -> list[Combo]:
    """The combinations ``hand`` can play, or only those that may follow ``previous`` (bombs included).

    Each group of cards appears once per shape, at its highest value, in a stable order: sets, sequences,
    sequences of sets, bombs; see the module docstring for the one kind of play the list leaves out.
    """
    index = _HandIndex(hand)
    sources: list[Iterator[Combo]]
    if previous is None:
        sources = [_sets(index, None), _sequences(index, None), _sequences_of_sets(index, None, None)]
    elif previous.kind is ComboKind.SET:
        sources = [_sets(index, previous.size)]
    elif previous.kind is ComboKind.SEQUENCE:
        sources = [_sequences(index, previous.size)]
    elif previous.kind is ComboKind.SEQUENCE_OF_SETS:
        sources = [_sequences_of_sets(index, previous.width, previous.length)]
    else:
        sources = []
    sources.append(_bombs(index))
    seen: dict[tuple[tuple[HaggisCard, ...], ComboKind, int], Combo] = {}
    for source in sources:
        for combo in source:
            if previous is not None and not beats(combo, previous):
                continue
            key = (combo.cards, combo.kind, combo.width)
            if key not in seen or seen[key].value < combo.value:
                seen[key] = combo
    return list(seen.values())


def _self_check(text: str) -> bool:
    """Every listed play is one of :func:`classify`'s readings of its cards (used by the doctest below).

    >>> _self_check("3R 5R 7R 9R 4R 5G 5B J0 Q0 K0")
    True
    """
    return all(combo in classify(combo.cards) for combo in candidate_plays(parse_cards(text)))
