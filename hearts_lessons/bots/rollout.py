"""The coach's rollouts on the hot path: a sampled world played to the end of the hand, plainly or looking ahead.

A *rollout* finishes a hand in one of the coach's sampled worlds: every seat plays the rollout policy's cards (by
default the rule-based player's, :func:`rules_rollout`), and a seat expected to shoot the moon plays to take
every point for as long as it can (:func:`finish`). *Looking ahead* (:func:`look_ahead`) plays the coach's own
next decisions card by card instead: each of its candidate cards (:func:`play_candidates`) is played out in that
world and the best is kept.

These run hundreds of thousands of times a minute, so this module is compiled with the rest of the hot path
(``scripts/compile_engine.sh``); the coach (:mod:`hearts_lessons.bots.coach`) is the readable part that samples
the worlds, tallies the rollouts and explains its choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..lean import Lean, LeanView, Phase
from ..legality import legal_mask
from .features import Knowledge, bits, tables_for
from .rulebased import rules_choose, rules_finish, rules_play
from .shooter import shooter_play

__all__ = ["Rollout", "finish", "look_ahead", "play_candidates", "rollout_card", "rules_rollout"]

Rollout = Callable[[Knowledge, int], int]
"""A rollout policy: the card (an id) a seat plays, given what it knows and its legal cards (a mask)."""


def rules_rollout(view: Knowledge, legal: int) -> int:
    """The default rollout policy: the rule-based player's card (:func:`~hearts_lessons.bots.rulebased.rules_play`);
    the rollouts recognise it and call the rule-based player on the hot path instead."""
    return rules_play(view, legal)


def alone_on_points(lean: Lean, seat: int, points: int) -> bool:
    """No seat but ``seat`` has taken a point card (a moon is still possible for it)."""
    return not any(taken & points for other, taken in enumerate(lean._taken) if other != seat)


def shoot(lean: Lean, seat: int, legal: int) -> int:
    """The card of a seat playing for the moon (:func:`~hearts_lessons.bots.shooter.shooter_play`)."""
    return shooter_play(LeanView(lean, seat, legal), legal)


def play_candidates(view: Knowledge) -> list[int]:
    """The legal cards worth trying: of cards that are equivalent (same suit, same points, and no card between
    them that is unseen or on the table in this trick: with the 6♠ led, the 5♠ ducks and the 7♠ wins), only the
    highest."""
    t = tables_for(view.k)
    legal = view.legal_mask
    unseen = view.unseen_mask
    for _, cid, _ in view.current_trick:
        unseen |= 1 << cid  # a card on the table separates two cards as an unseen card does
    out: list[int] = []
    for cid in sorted(bits(legal), key=lambda c: (t.suit[c], (c & 15) + 2)):
        if out:
            prev = out[-1]
            suit = t.suit[cid]
            if t.suit[prev] == suit and t.cost[prev] == t.cost[cid] and not t.multi:
                between = t.under[suit][(cid & 15) + 2] & ~t.under[suit][(prev & 15) + 3]
                if not between & unseen and not (t.catchers | t.big) >> prev & 1:
                    out[-1] = cid
                    continue
        out.append(cid)
    return out


def rollout_card(lean: Lean, seat: int, legal: int, rollout: Rollout, shooter: int, points: int) -> int:
    """The card of ``seat`` (at least two legal cards) in a rollout: the shooter's while it plays for the moon,
    else ``rollout``'s."""
    if seat == shooter and alone_on_points(lean, seat, points):
        return shoot(lean, seat, legal)
    if rollout is rules_rollout:
        return rules_choose(lean, seat, legal)
    return rollout(LeanView(lean, seat, legal), legal)


def finish(lean: Lean, rollout: Rollout, rng: random.Random, shooter: int = -1) -> None:
    """A rollout: every seat plays ``rollout``'s cards to the end of the hand, on the hot path; ``shooter`` (a
    seat, or -1) plays to take every point instead (:func:`~hearts_lessons.bots.shooter.shooter_play`) for as
    long as no other seat has taken a point card. The hand is then scored (``lean.settle``)."""
    if rollout is rules_rollout:
        rules_finish(lean, shooter, shoot)
    elif shooter < 0:
        lean.finish(lambda ln, seat, mask: rollout(LeanView(ln, seat, mask), mask))
    else:
        points = tables_for(lean.k).points

        def choose(ln: Lean, seat: int, mask: int) -> int:
            view = LeanView(ln, seat, mask)
            if seat == shooter and alone_on_points(ln, seat, points):
                return shooter_play(view, mask)
            return rollout(view, mask)

        lean.finish(choose)
    lean.settle(rng)


def look_ahead(lean: Lean, rollout: Rollout, rng: random.Random, shooter: int, me: int, depth: int,
               value: Callable[[Lean], float]) -> Lean:  # fmt: skip
    """A rollout in which ``me`` looks ahead: the others play as in the plain rollout (:func:`finish`), and at
    each of ``me``'s next ``depth`` decisions every candidate card (:func:`play_candidates`) is played out in this
    world (the rest of the hand by the plain rollout), and the one of least ``value`` is played (the plain
    rollout's own card when none is lower). Returns the finished hand (``lean`` itself, or the best trial of the
    last decision). Looking ahead knows the world, so it is optimistic, but alike for every card compared."""
    k = lean.k
    players = k.players
    points = tables_for(k).points
    playing = Phase.PLAYING
    while lean.phase is playing and depth > 0:
        seat = (lean.leader + len(lean._trick)) % players
        legal = legal_mask(k, lean, lean._hands[seat])
        if not legal & (legal - 1):
            lean._apply_play(legal.bit_length() - 1)
            continue
        plain = rollout_card(lean, seat, legal, rollout, shooter, points)
        if seat != me:
            lean._apply_play(plain)
            continue
        depth -= 1
        best: Lean | None = None
        best_card = plain
        least = math.inf
        tried = [plain]
        for cid in play_candidates(LeanView(lean, seat, legal)):
            if cid != plain:
                tried.append(cid)
        for cid in tried:
            trial = lean.lean_copy()
            trial._apply_play(cid)
            finish(trial, rollout, rng, shooter)
            cost = value(trial)
            if cost < least:
                best, best_card, least = trial, cid, cost
        assert best is not None
        if not depth:
            return best  # played out to the end already
        lean._apply_play(best_card)
    finish(lean, rollout, rng, shooter)
    return lean
