"""Fast playouts on bit masks: the hot path for simulations and Monte Carlo bots.

These functions drive a :class:`~hearts_lessons.state.HandState` through the *same* legality cascade and the
same trick and scoring code as the readable API; they only skip recording actions and building ``Card``
objects. Use them when thousands of hands must be played.

>>> import random
>>> from hearts_lessons.state import HandState
>>> s = HandState.deal(seed=7)
>>> random_playout(s, random.Random(7))
>>> s.is_over, sum(s.score.points) in (26, 78)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import floor

from .cards import card_from_id
from .layout import layout_for
from .lean import _DEALERS_CHOICE, _PASSING, Lean, deal_masks, direction_offset, moon_choice_for
from .rules import PassDirection, Points, Rules
from .state import HandState, Phase

__all__ = ["dealt_hand", "finish_with", "nth_bit", "random_bit", "random_hand", "random_pass", "random_playout"]


def nth_bit(mask: int, index: int) -> int:
    """The id of the ``index``-th set bit of ``mask`` (0 = lowest)."""
    for _ in range(index):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_bit(mask: int, rng: random.Random) -> int:
    """The id of a uniformly random set bit of ``mask``."""
    return nth_bit(mask, floor(rng.random() * mask.bit_count()))


def random_pass(state: HandState, rng: random.Random, *, record: bool = True) -> None:
    """Every seat that still has to pass passes uniformly random cards (unpassable cards excluded): for each
    card, the :func:`random_bit` of the seat's passable cards not chosen yet. With ``record=False`` the passes
    are not kept as actions (:meth:`~hearts_lessons.lean.Lean.random_passes`: the same cards)."""
    if not record:
        if state.phase is Phase.PASSING:
            state.random_passes(rng)
        return
    need = state.cards_to_pass
    forbidden = state.k.unpassable
    hands = state._hands
    for seat in state.to_pass:
        pool = hands[seat] & ~forbidden
        chosen = []
        for _ in range(need):
            cid = random_bit(pool, rng)
            pool ^= 1 << cid
            chosen.append(cid)
        state.pass_cards(seat, [card_from_id(c) for c in chosen])


def _settle(state: HandState, rng: random.Random) -> None:
    if state.phase is Phase.MOON_CHOICE:
        shooter = state.moon_shooter
        assert shooter is not None
        state.choose_moon(moon_choice_for(state.rules, shooter, state.totals_before, rng))


def random_playout(state: HandState, rng: random.Random, *, record: bool = True) -> None:
    """Finish the hand with uniformly random legal passes and plays (dealer's choice: a random legal choice).

    With ``record=False`` the actions are not kept (no undo or saving; fastest, for simulations: the play runs
    on its :class:`~hearts_lessons.lean.Lean` part)."""
    if state.phase is Phase.DEALERS_CHOICE:
        state.choose_passes({"left": rng.randint(0, state.rules.cards_passed)})
    if state.phase is Phase.PASSING:
        random_pass(state, rng, record=record)
    if state.phase is Phase.PLAYING:
        if record:
            rand = rng.random
            while state.phase is Phase.PLAYING:
                mask = state.legal_mask()
                state.play_id(nth_bit(mask, floor(rand() * mask.bit_count())))
        else:
            state.random_play(rng)
    _settle(state, rng)


def dealt_hand(
    rules: Rules,
    rng: random.Random,
    *,
    dealer: int = 0,
    hand_number: int = 0,
    totals_before: Sequence[Points] | None = None,
) -> Lean:
    """A bare :class:`~hearts_lessons.lean.Lean` hand as dealt with ``rng`` (:func:`~hearts_lessons.lean.deal_masks`),
    in its first phase (the dealer's choice, the passing or the play): the cards of ``HandState.deal(rules,
    dealer=dealer, hand_number=hand_number, rng=rng)`` without the readable state around them.

    >>> from hearts_lessons.rules import STANDARD
    >>> lean = dealt_hand(STANDARD, random.Random(7))
    >>> lean.phase, [bin(hand).count("1") for hand in lean._hands]
    (<Phase.PASSING: 'passing'>, [13, 13, 13, 13])
    """
    k = layout_for(rules)
    n = rules.players
    hands, hole = deal_masks(k, dealer, 0, rng)
    turns = k.turns
    direction, targets = turns[hand_number % len(turns)]
    totals: tuple[Points, ...] = tuple(totals_before) if totals_before else (0,) * n
    lean = Lean()
    lean._set_up(rules, k, hands, hole, dealer % n, direction, targets, totals)
    lean._begin()
    return lean


def random_hand(
    rules: Rules,
    rng: random.Random,
    *,
    dealer: int = 0,
    hand_number: int = 0,
    totals_before: Sequence[Points] | None = None,
) -> Lean:
    """A whole random hand on the hot path, returned finished and scored (its ``score``): dealt with
    ``rng`` (:func:`dealt_hand`), uniformly random passes and plays, the bots' moon choice.
    It is the same hand, with the same random draws, as ``HandState.deal(rules, dealer=dealer,
    hand_number=hand_number, rng=rng)`` followed by :func:`random_playout` with ``record=False``, without the
    readable :class:`~hearts_lessons.state.HandState` around it.

    >>> from hearts_lessons.rules import STANDARD
    >>> lean = random_hand(STANDARD, random.Random(7))
    >>> lean.phase, sum(lean.score.points) in (26, 78)
    (<Phase.DONE: 'done'>, True)
    """
    lean = dealt_hand(rules, rng, dealer=dealer, hand_number=hand_number, totals_before=totals_before)
    if lean.phase is _DEALERS_CHOICE:  # as random_playout's dealer: 0 to cards_passed cards to the left
        count = rng.randint(0, rules.cards_passed)
        lean._choose_targets(((direction_offset(PassDirection.LEFT, rules.players), count),) if count else ())
    if lean.phase is _PASSING:
        lean.random_passes(rng)
    lean.random_play(rng)
    lean.settle(rng)
    return lean


def finish_with(
    state: HandState, choose: Callable[[HandState, int, int], int], rng: random.Random, *, record: bool = False
) -> None:
    """Finish the play of a hand, asking ``choose(state, seat, legal_mask)`` for each card id (the chosen id must
    be in the mask; with ``record=False`` a seat with one legal card plays it without asking). Rollouts on the
    hot path call :meth:`~hearts_lessons.lean.Lean.finish` on a bare copy."""
    if record:
        while state.phase is Phase.PLAYING:
            seat = state.to_play
            mask = state.legal_mask()
            cid = choose(state, seat, mask)
            if not (mask >> cid) & 1:
                raise ValueError(f"the policy chose {card_from_id(cid)}, which is not legal now")
            state.play_id(cid)
    else:
        state.finish(lambda _, seat, mask: choose(state, seat, mask))
    _settle(state, rng)
