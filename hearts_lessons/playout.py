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
from collections.abc import Callable

from .cards import card_from_id
from .lean import moon_choice_for
from .state import HandState, Phase

__all__ = ["finish_with", "nth_bit", "random_bit", "random_pass", "random_playout"]


def nth_bit(mask: int, index: int) -> int:
    """The id of the ``index``-th set bit of ``mask`` (0 = lowest)."""
    for _ in range(index):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_bit(mask: int, rng: random.Random) -> int:
    """The id of a uniformly random set bit of ``mask``."""
    return nth_bit(mask, int(rng.random() * mask.bit_count()))


def random_pass(state: HandState, rng: random.Random, *, record: bool = True) -> None:
    """Every seat that still has to pass passes uniformly random cards (unpassable cards excluded): for each
    card, the :func:`random_bit` of the seat's passable cards not chosen yet."""
    need = state.cards_to_pass
    forbidden = state.k.unpassable
    hands = state._hands
    rand = rng.random
    for seat in state.to_pass:
        pool = hands[seat] & ~forbidden
        chosen = []
        for _ in range(need):
            mask = pool
            index = int(rand() * mask.bit_count())
            while index:
                mask &= mask - 1
                index -= 1
            cid = (mask & -mask).bit_length() - 1
            pool ^= 1 << cid
            chosen.append(cid)
        if record:
            state.pass_cards(seat, [card_from_id(c) for c in chosen])
        else:
            state._passes[seat] = tuple(chosen)
    if not record:
        state._exchange()


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
                state.play_id(nth_bit(mask, int(rand() * mask.bit_count())))
        else:
            state.random_play(rng)
    _settle(state, rng)


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
