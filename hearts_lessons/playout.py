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
from .legality import legal_mask
from .scoring import MOON_CHOICES, best_moon_choice
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
    """Every seat that still has to pass passes uniformly random cards (unpassable cards excluded)."""
    need = state.cards_to_pass
    forbidden = 0
    for card in state.rules.unpassable:
        forbidden |= card.bit
    for seat in state.to_pass:
        pool = state.hand_mask(seat) & ~forbidden
        chosen = []
        for _ in range(need):
            cid = random_bit(pool, rng)
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
        choice = best_moon_choice(state.rules, shooter, state.totals_before)
        state.choose_moon(choice if choice in MOON_CHOICES[state.rules.moon] else rng.choice(state.moon_choices))


def random_playout(state: HandState, rng: random.Random, *, record: bool = True) -> None:
    """Finish the hand with uniformly random legal passes and plays (dealer's choice: a random legal choice).

    With ``record=False`` the actions are not kept (no undo or saving; fastest, for simulations)."""
    if state.phase is Phase.DEALERS_CHOICE:
        state.choose_passes({"left": rng.randint(0, state.rules.cards_passed)})
    if state.phase is Phase.PASSING:
        random_pass(state, rng, record=record)
    k = state.k
    hands = state._hands
    players = k.players
    rand = rng.random
    apply = state._apply_play if not record else state.play_id
    remaining = sum(h.bit_count() for h in hands) if state.phase is Phase.PLAYING else 0
    for _ in range(remaining):  # one card per iteration until every hand is empty
        mask = legal_mask(k, state, hands[(state.leader + len(state._trick)) % players])
        index = int(rand() * mask.bit_count())
        while index:
            mask &= mask - 1
            index -= 1
        apply((mask & -mask).bit_length() - 1)
    _settle(state, rng)


def finish_with(
    state: HandState, choose: Callable[[HandState, int, int], int], rng: random.Random, *, record: bool = False
) -> None:
    """Finish the play of a hand, asking ``choose(state, seat, legal_mask)`` for each card id (fast path for
    rollout policies; the chosen id must be in the mask)."""
    k = state.k
    apply = state._apply_play if not record else state.play_id
    while state.phase is Phase.PLAYING:
        seat = state.to_play
        mask = legal_mask(k, state, state._hands[seat])
        cid = choose(state, seat, mask)
        if not (mask >> cid) & 1:
            raise ValueError(f"the policy chose {card_from_id(cid)}, which is not legal now")
        apply(cid)
    _settle(state, rng)
