"""A moon shooter: plays the rule-based game, but recognises a hand that can take every point card and then
plays to win tricks (seed ``002_01de176b917b05ba.txt``: shoot only with many high cards, not with many low
ones, and give up as soon as someone else has taken a point).

A hand is a *shooting hand* when its :attr:`~hearts_lessons.bots.features.HandFeatures.moon_score` reaches
``threshold`` (scaled to the hand size). While shooting, the bot passes its lowest cards, leads its highest
cards (masters first: cards no unseen card outranks), wins every trick it can and discards low cards of side
suits; once another seat takes a point card it plays like :mod:`~hearts_lessons.bots.rulebased`.

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards(
...     "AH KH QH JH TH 9H AS KS QS AD KD AC KC; 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D; "
...     "4D 5D 6D 7D 8D 9D TD JD QD 2S 3S 4S 5S; 6S 7S 8S 9S TS JS 2H 3H 4H 5H 6H 7H 8H", hold=True)
>>> ShooterBot().wants_to_shoot(s.view(0)), ShooterBot().wants_to_shoot(s.view(1))
(True, False)
"""

from __future__ import annotations

import random

from ..cards import Card, card_from_id
from ..rules import Moon
from ..views import SeatView
from .features import Knowledge, Tables, bits, hand_features, tables_for, trick_state
from .rulebased import rules_pass, rules_play

__all__ = ["DEFAULT_THRESHOLD", "ShooterBot", "shooter_pass", "shooter_play", "shooting"]

DEFAULT_THRESHOLD = 10.0
"""The :attr:`moon_score` of a 13-card hand from which the shooter tries (calibrated in the moon lesson)."""


def _hand_size(view: Knowledge) -> int:
    return view.rules.hand_size


def shooting(view: Knowledge, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Whether the seat is (still) going for the moon: the rules have a moon, nobody else has taken a point
    card, and either the seat has taken point cards already or its hand is strong enough."""
    if view.rules.moon is Moon.NONE:
        return False
    t = tables_for(view.k)
    mine = False
    for seat, taken in enumerate(view.taken_masks):
        if taken & t.points:
            if seat != view.seat:
                return False
            mine = True
    if mine:
        return True
    hand = view.hand_mask
    size = hand.bit_count()
    if size == 0:
        return False
    score = hand_features(hand, view.k).moon_score
    return score >= threshold * size / _hand_size(view)


def shooter_pass(view: Knowledge) -> list[int]:
    """Pass the lowest cards, keeping hearts (a shooter must win every heart)."""
    need = sum(count for _, count in view.targets)
    t = tables_for(view.k)
    passable = view.hand_mask
    for card in view.rules.unpassable:
        passable &= ~card.bit
    order = sorted(bits(passable), key=lambda c: ((t.points >> c) & 1, c & 15, c))
    return order[:need]


def _masters(view: Knowledge, t: Tables, mask: int) -> int:
    """Cards of ``mask`` that no unseen card of their suit outranks."""
    out = 0
    unseen = view.unseen_mask
    for cid in bits(mask):
        suit = t.suit[cid]
        if not unseen & view.k.suit_masks[suit] & ~t.under[suit][(cid & 15) + 1]:
            out |= 1 << cid
    return out


def shooter_play(view: Knowledge, legal: int = -1) -> int:
    """The card of a seat that is shooting: win every trick it can."""
    if legal < 0:
        legal = view.legal_mask
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    t = tables_for(view.k)
    k = view.k
    trick = trick_state(view, t)
    if trick.lead_suit < 0:
        masters = _masters(view, t, legal)
        if masters:
            return t.top_rank(masters & t.points) if masters & t.points else t.top_rank(masters)
        longest, best_len = legal, -1
        for suit in range(4):
            mine = legal & k.suit_masks[suit]
            if mine and (view.hand_mask & k.suit_masks[suit]).bit_count() > best_len:
                longest, best_len = mine, (view.hand_mask & k.suit_masks[suit]).bit_count()
        return t.top(longest)
    follow = legal & k.suit_masks[trick.lead_suit]
    if follow:
        over = follow & ~t.under[trick.lead_suit][trick.winning_rank + 1]
        if over:
            return t.top(over) if not trick.last else t.bottom(over)
        return t.bottom(follow)
    plain = legal & ~t.points & ~t.big
    if plain:
        return t.bottom(plain) if not plain & ~t.bonus else t.bottom(plain & ~t.bonus)
    return t.bottom(legal)


class ShooterBot:
    """Shoots the moon with a strong hand, else plays like the rule-based bot. ``always=True`` makes it try
    with every hand (for experiments: how often does a hand like this succeed?)."""

    name = "shooter"

    def __init__(self, threshold: float = DEFAULT_THRESHOLD, always: bool = False) -> None:
        self.threshold = -1e9 if always else threshold
        if always:
            self.name = "shooter (always)"

    def wants_to_shoot(self, view: Knowledge) -> bool:
        return shooting(view, self.threshold)

    def pass_ids(self, view: Knowledge, rng: random.Random) -> list[int]:
        return shooter_pass(view) if self.wants_to_shoot(view) else rules_pass(view)

    def play_id(self, view: Knowledge, rng: random.Random) -> int:
        legal = view.legal_mask
        return shooter_play(view, legal) if self.wants_to_shoot(view) else rules_play(view, legal)

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        return [card_from_id(c) for c in self.pass_ids(view, rng)]

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        return card_from_id(self.play_id(view, rng))
