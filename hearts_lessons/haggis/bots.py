"""Haggis bots. A bot is any object with a ``name`` and ``choose_action(view, rng)``; it sees only its seat's
:class:`~hearts_lessons.haggis.view.HaggisView`, never the other hands or the Haggis. Both bots here play two and
three players.

- :class:`RandomBot` plays a random legal play or pass (and now and then bets at random).
- :class:`GreedyBot` sheds its lowest cards first in the longest combination that holds them, keeps its
  3-5-7-9 bombs and its wilds for when they matter (an opponent close to going out, or its own last cards),
  and bets when its hand breaks into few combinations.

>>> from hearts_lessons.haggis.state import HaggisHand
>>> hand = HaggisHand.deal(seed=4, dealer=1)
>>> action = GreedyBot().choose_action(hand.view(0), random.Random(0))
>>> hand.can(action)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .actions import Bet, HaggisAction, Pass, Play
from .cards import HaggisCard
from .combos import Combo
from .plays import bombs_in, candidate_plays
from .rules import BET_SIZES, BIG_BET, LITTLE_BET
from .scoring import capture_points
from .view import HaggisView

__all__ = ["GreedyBot", "HaggisBot", "RandomBot", "count_pieces"]


class HaggisBot(Protocol):
    """What the engine needs from a bot."""

    @property
    def name(self) -> str: ...

    def choose_action(self, view: HaggisView, rng: random.Random) -> HaggisAction: ...


@dataclass(frozen=True)
class RandomBot:
    """Any legal play or pass, uniformly; bets with probability ``bet_chance`` while it may."""

    name: str = "random"
    bet_chance: float = 0.05

    def choose_action(self, view: HaggisView, rng: random.Random) -> HaggisAction:
        if view.may_bet and rng.random() < self.bet_chance:
            return Bet(view.seat, rng.choice(BET_SIZES))
        options = [a for a in view.legal_actions() if not isinstance(a, Bet)]
        return rng.choice(options)


def count_pieces(cards: Sequence[HaggisCard]) -> int:
    """How many combinations a greedy split of the number cards needs: take the longest combination (lowest
    first on ties) until no card is left. Fewer pieces mean a hand that can go out quickly.

    >>> from hearts_lessons.haggis.cards import parse_cards
    >>> count_pieces(parse_cards("2R 3R 4R 5R 9G 9B"))
    2
    """
    rest = [c for c in cards if not c.is_wild]
    pieces = 0
    while rest:
        best = min(
            (c for c in candidate_plays(rest) if not c.is_bomb),
            key=lambda c: (-c.size, c.lowest),
        )
        for card in best.cards:
            rest.remove(card)
        pieces += 1
    return pieces


@dataclass(frozen=True)
class GreedyBot:
    """A simple, sensible player (see the module docstring). The thresholds are its parameters.

    - ``danger``: an opponent holding this many cards or fewer may go out soon: then the bot spends wilds and
      bombs to take the lead.
    - ``big_bet_pieces`` / ``little_bet_pieces``: bet big (little) when the hand splits into at most this many
      combinations and holds a 3-5-7-9 bomb (big) or at most this many (little).
    """

    name: str = "greedy"
    danger: int = 5
    big_bet_pieces: int = 4
    little_bet_pieces: int = 5

    def choose_action(self, view: HaggisView, rng: random.Random) -> HaggisAction:
        if view.may_bet:
            amount = self.bet_amount(view.hand)
            if amount:
                return Bet(view.seat, amount)
        plays = view.plays()
        for combo in plays:
            if combo.size == len(view.hand):
                return Play(view.seat, combo)  # going out beats everything else
        if view.top is None:
            return Play(view.seat, self._lead(view, plays))
        choice = self._follow(view, plays)
        return Pass(view.seat) if choice is None else Play(view.seat, choice)

    def bet_amount(self, hand: Sequence[HaggisCard]) -> int:
        """0, 15 or 30 for a full hand."""
        pieces = count_pieces(hand)
        if pieces <= self.big_bet_pieces and _bomb_cards(hand):
            return BIG_BET
        if pieces <= self.little_bet_pieces:
            return LITTLE_BET
        return 0

    def _in_danger(self, view: HaggisView) -> bool:
        return any(view.card_counts[s] <= self.danger for s in view.opponents)

    def _lead(self, view: HaggisView, plays: list[Combo]) -> Combo:
        kept = _bomb_cards(view.hand)
        counts = Counter(c.rank for c in view.hand if not c.is_wild)
        if self._in_danger(view):  # lead high, and not a single, so a near-empty opponent cannot shed easily
            return min(plays, key=lambda c: (c.is_bomb, c.uses_wilds, c.size == 1, -c.value))
        return min(
            plays,
            key=lambda c: (
                c.is_bomb,
                c.uses_wilds,
                any(x in kept for x in c.cards),
                c.lowest,
                _breaks_set(c, counts),
                -c.size,
            ),
        )

    def _follow(self, view: HaggisView, plays: list[Combo]) -> Combo | None:
        if not plays:
            return None
        kept = _bomb_cards(view.hand)
        counts = Counter(c.rank for c in view.hand if not c.is_wild)
        plain = [
            c for c in plays if not c.is_bomb and not c.uses_wilds and not any(x in kept for x in c.cards)
        ]
        if plain:
            return min(plain, key=lambda c: (_breaks_set(c, counts), c.value))
        danger = self._in_danger(view)
        trick_points = sum(capture_points(p.combo.cards) for p in view.trick)
        ordinary = [c for c in plays if not c.is_bomb]
        if ordinary and (danger or trick_points >= 3 or len(view.hand) <= 6):
            return min(ordinary, key=lambda c: (sum(x.is_wild for x in c.cards), c.value))
        bombs = [c for c in plays if c.is_bomb]
        if bombs and (danger or len(view.hand) - min(b.size for b in bombs) <= 3):
            return min(bombs, key=lambda c: c.value)
        return None


def _bomb_cards(hand: Sequence[HaggisCard]) -> set[HaggisCard]:
    """The number cards of a 3-5-7-9 bomb the hand holds (kept back as a silent bomb, seed 003)."""
    kept: set[HaggisCard] = set()
    for combo in bombs_in([c for c in hand if not c.is_wild]):
        kept.update(combo.cards)
    return kept


def _breaks_set(combo: Combo, counts: Counter[int]) -> bool:
    """Whether playing ``combo`` splits a larger group of one rank that the hand holds."""
    return any(counts[c.rank] > combo.width for c in combo.cards if not c.is_wild)
