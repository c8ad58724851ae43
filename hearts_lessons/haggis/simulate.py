"""Seeded playouts: bots play hands and games, and a head-to-head statistic for the lessons.

>>> from hearts_lessons.haggis.bots import GreedyBot, RandomBot
>>> hand = play_hand(HaggisHand.deal(seed=1, dealer=0), [GreedyBot(), RandomBot()], random.Random(1))
>>> hand.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .bots import HaggisBot
from .game import HaggisGame
from .rules import TWO_PLAYERS, HaggisRules
from .state import HaggisHand

__all__ = ["HeadToHead", "head_to_head", "play_game", "play_hand"]


def play_hand(hand: HaggisHand, bots: Sequence[HaggisBot], rng: random.Random) -> HaggisHand:
    """Let the bots (one per seat) play the hand to its end; return it."""
    if len(bots) != hand.players:
        raise ValueError(f"a {hand.players}-player hand needs {hand.players} bots")
    while hand.to_act is not None:
        seat = hand.to_act
        hand.apply(bots[seat].choose_action(hand.view(seat), rng))
    return hand


def play_game(
    bots: Sequence[HaggisBot],
    *,
    seed: int,
    rules: HaggisRules = TWO_PLAYERS,
    first_dealer: int | None = None,
    max_hands: int = 200,
) -> HaggisGame:
    """A whole seeded game between bots. ``max_hands`` guards against an endless run of tied games."""
    game = HaggisGame(rules, seed=seed, first_dealer=first_dealer)
    rng = random.Random(seed)
    while True:
        play_hand(game.current, bots, rng)
        if game.is_over:
            return game
        if len(game.hands) >= max_hands:
            raise RuntimeError(f"no winner after {max_hands} hands")
        game.start_next_hand()


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two bots over many two-player hands, each deal played twice with the seats swapped."""

    first: str
    second: str
    hands: int
    points_first: int
    points_second: int
    first_out_first: int

    @property
    def mean_first(self) -> float:
        return self.points_first / self.hands

    @property
    def mean_second(self) -> float:
        return self.points_second / self.hands

    @property
    def share_out_first(self) -> float:
        """How often the first bot went out first."""
        return self.first_out_first / self.hands


def head_to_head(first: HaggisBot, second: HaggisBot, *, deals: int, seed: int) -> HeadToHead:
    """Play ``deals`` seeded two-player deals twice each (seats swapped, which cancels the luck of the deal)."""
    points = [0, 0]
    out_first = 0
    for deal in range(deals):
        for swap in (False, True):
            bots = [second, first] if swap else [first, second]
            hand = HaggisHand.deal(TWO_PLAYERS, seed=seed * 100_003 + deal, dealer=deal % 2)
            play_hand(hand, bots, random.Random(f"{seed}/{deal}/{swap}"))
            assert hand.result is not None
            seat_of_first = 1 if swap else 0
            points[0] += hand.result.totals[seat_of_first]
            points[1] += hand.result.totals[1 - seat_of_first]
            out_first += hand.result.first_out == seat_of_first
    return HeadToHead(first.name, second.name, 2 * deals, points[0], points[1], out_first)
