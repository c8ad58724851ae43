"""Two passes played against each other in the same sampled deals (a paired comparison), to grade a reader's
pass: good only when the deals show it within half a point of the coach's.

Both passes are played in the same sampled deals of the hidden cards, ``PASS_BATCH`` at a time, up to
``PASS_DEALS``; the other seats pass and play like the rule-based player. The comparison stops once the upper end
of the 95% interval of the paired difference (the reader's points minus the coach's) is at most ``PASS_MARGIN``
(shown within half a point), or once its lower end is above ``PASS_MARGIN`` (measurably worse by more). So no
pass measurably a point or more worse is ever shown good, nor one the deals cannot show within half a point.
Used by the passing drills (:class:`~hearts_lessons.practice.strategy_drills.PassGrader`) and the lessons' pass
trainer (:class:`~hearts_lessons.widgets.strategy.PassTrainer`).

>>> from hearts_lessons.cards import parse_cards
>>> from hearts_lessons.state import HandState
>>> state = HandState.deal(seed=3)
>>> hand = state.hand(0)
>>> table = compare_passes(state, 3, hand[:3], hand[:3])
>>> table.diff(hand[:3], hand[:3])[:2]
(0.0, 0.0)
>>> shown_within(table, hand[:3], hand[:3])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card
from ..facts.drills import Measured
from ..lean import LeanView
from ..state import HandState
from .coach import _pass_world
from .features import cost_of, tables_for
from .rollout import finish, rules_rollout
from .rulebased import rules_pass

__all__ = ["PASS_BATCH", "PASS_DEALS", "PASS_MARGIN", "compare_passes", "shown_within"]

PASS_BATCH = 250
"""Deals per batch when a reader's pass is compared with the coach's (:func:`compare_passes`)."""
PASS_DEALS = 2000
"""At most this many common deals for one comparison."""
PASS_MARGIN = 0.5
"""A pass is good when the deals show it within this many points of the coach's (the upper end of the 95%
interval of the paired difference)."""


def shown_within(table: Measured, chosen: Sequence[Card], coach: Sequence[Card], margin: float = PASS_MARGIN) -> bool:
    """Whether ``table`` shows ``chosen`` within ``margin`` points of ``coach``: the upper end of the 95% interval
    of the paired difference (``chosen``'s points minus ``coach``'s) is at most ``margin``."""
    diff, half, _ = table.diff(tuple(chosen), tuple(coach))
    return diff + half <= margin


def compare_passes(state: HandState, seed: int, coach: Sequence[Card], chosen: Sequence[Card]) -> Measured:
    """South's (seat 0's) pass ``chosen`` and the coach's pass ``coach`` in the same deals, batch by batch until
    decided (see the module's description); the table holds each pass's points per deal and its Q♠ share."""
    view = state.view(0)
    rng = random.Random(seed)
    passes = (tuple(coach), tuple(chosen))
    values: tuple[list[float], list[float]] = ([], [])
    queens = [0, 0]
    big = tables_for(view.k).big
    table = Measured({}, {})
    while len(values[0]) < PASS_DEALS:
        for _ in range(PASS_BATCH):
            base = _pass_world(view, rng)
            others = {s: tuple(rules_pass(LeanView(base, s))) for s in range(view.players) if s != 0}
            for index, cards in enumerate(passes):
                played = base.copy()
                played._passes = [tuple(c.id for c in cards) if s == 0 else others[s] for s in range(view.players)]
                played._exchange()
                finish(played, rules_rollout, rng)
                assert played._score is not None
                values[index].append(cost_of(played._score.points[0]))
                queens[index] += bool(played._taken[0] & big)
        n = len(values[0])
        table = Measured({frozenset(p): tuple(v) for p, v in zip(passes, values, strict=True)},
                         {frozenset(p): q / n for p, q in zip(passes, queens, strict=True)})  # fmt: skip
        diff, half, _ = table.diff(tuple(chosen), tuple(coach))
        if diff + half <= PASS_MARGIN or diff - half > PASS_MARGIN:
            break
    return table
