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
from .combos import Bomb, Combo, ComboKind, classify
from .plays import bombs_in, candidate_plays
from .rules import BET_SIZES, BIG_BET, LITTLE_BET
from .scoring import capture_points
from .view import HaggisView

__all__ = ["GreedyBot", "HaggisBot", "RandomBot", "count_pieces", "count_plays_left"]


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


def count_plays_left(cards: Sequence[HaggisCard]) -> int:
    """:func:`count_pieces` of the number cards, plus one play for the wilds (alone or as a bomb)."""
    numbers = [c for c in cards if not c.is_wild]
    return count_pieces(numbers) + (len(numbers) < len(cards))


@dataclass(frozen=True)
class GreedyBot:
    """A simple, sensible player (see the module docstring). The thresholds are its parameters.

    - ``danger``: an opponent holding this many cards or fewer may go out soon; then the bot leads high and
      spends wilds and bombs to take the lead.
    - ``big_bet_plays`` / ``little_bet_plays``: with two players, bet big (little) when the full hand needs at
      most this many plays (see :func:`count_plays_left`); with three players, one play fewer, as a failed bet
      then pays two opponents. Measured with the bot against itself: hands needing at most 6 plays went out
      first 4 times in 5, hands needing 7 plays 2 times in 3, while an average hand needs 8 or 9.

    Project choice, measured with :func:`~hearts_lessons.haggis.simulate.head_to_head`: the bot keeps its
    wilds and the unbeatable 3-5-7-9 bomb in one suit for when they matter, but sheds the cards of a 3-5-7-9
    bomb in four suits like any others; holding those four cards back cost it more than the low bomb won.
    """

    name: str = "greedy"
    danger: int = 5
    big_bet_plays: int = 6
    little_bet_plays: int = 7

    def choose_action(self, view: HaggisView, rng: random.Random) -> HaggisAction:
        if view.may_bet:
            amount = self.bet_amount(view.hand, players=view.rules.players)
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

    def bet_amount(self, hand: Sequence[HaggisCard], *, players: int = 2) -> int:
        """0, 15 or 30 for a full hand: the fewer plays it needs, the bigger the bet."""
        needed = count_plays_left(hand) + (players - 2)
        if needed <= self.big_bet_plays:
            return BIG_BET
        if needed <= self.little_bet_plays:
            return LITTLE_BET
        return 0

    def _in_danger(self, view: HaggisView) -> bool:
        return any(view.card_counts[s] <= self.danger for s in view.opponents)

    def _lead(self, view: HaggisView, plays: list[Combo]) -> Combo:
        finisher = _finishing_bomb(view.hand, plays)
        if finisher is not None:  # a bomb keeps the lead, then the last combination goes out
            return finisher
        if self._in_danger(view):  # lead high, and not a single, so a near-empty opponent cannot shed easily
            return min(plays, key=lambda c: (c.is_bomb, c.uses_wilds, c.size == 1, -c.value))
        kept = _kept_cards(view.hand)
        counts = Counter(c.rank for c in view.hand if not c.is_wild)
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
        kept = _kept_cards(view.hand)
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
        bombs = sorted((c for c in plays if c.is_bomb), key=lambda c: c.value)
        for bomb in bombs:
            if danger or _goes_out_in_one([c for c in view.hand if c not in bomb.cards]):
                return bomb
        return None


def _kept_cards(hand: Sequence[HaggisCard]) -> set[HaggisCard]:
    """The cards of a 3-5-7-9 bomb in one suit, kept back as a silent bomb (seed 003)."""
    kept: set[HaggisCard] = set()
    for combo in bombs_in([c for c in hand if not c.is_wild]):
        if combo.bomb is Bomb.SUITED_3579:
            kept.update(combo.cards)
    return kept


def _finishing_bomb(hand: Sequence[HaggisCard], plays: list[Combo]) -> Combo | None:
    """The lowest bomb after which the rest of the hand goes out in one play, if there is one."""
    for bomb in sorted((c for c in plays if c.is_bomb), key=lambda c: c.value):
        if _goes_out_in_one([c for c in hand if c not in bomb.cards]):
            return bomb
    return None


def _goes_out_in_one(cards: Sequence[HaggisCard]) -> bool:
    """Whether these cards can all be played at once (or there are none)."""
    return not cards or bool(classify(cards))


def _breaks_set(combo: Combo, counts: Counter[int]) -> bool:
    """Whether ``combo`` is a set of fewer cards than the hand holds of its rank (e.g. one 7 of a pair).
    A sequence that takes one card of a pair does not count: measured, avoiding that too made the bot worse."""
    return combo.kind is ComboKind.SET and counts[combo.value] > combo.size
