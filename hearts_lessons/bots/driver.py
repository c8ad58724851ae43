"""A fast driver for bots, for simulations: the same rules as :func:`~hearts_lessons.bots.base.play_hand`, without
recording actions or building a :class:`~hearts_lessons.views.SeatView` for every card.

A bot that has the fast methods ``pass_ids(view, rng)`` and ``play_id(view, rng)`` (see :class:`FastPolicy`) is
given a :class:`~hearts_lessons.bots.features.LiveView` (one seat's knowledge, read from the live hand); one that
has ``play_sight(sight, legal, rng)`` (see :class:`SightPolicy`) plays its cards from a
:class:`~hearts_lessons.bots.features.Sight` instead; any other :class:`~hearts_lessons.bots.base.Policy` gets a
``SeatView``. Every card is checked against the legal mask (an illegal choice raises), and a seat with one legal
card plays it without asking its bot. When every seat's bot is a
:class:`~hearts_lessons.bots.rulebased.RuleBasedBot` (that class itself), the cards are passed in
:func:`~hearts_lessons.bots.rulebased.rules_passes` and played in
:func:`~hearts_lessons.bots.rulebased.rules_finish` instead (the same cards: each is chosen from the legal ones).

>>> import random
>>> from hearts_lessons.state import HandState
>>> from hearts_lessons.bots import make_bot
>>> s = HandState.deal(seed=3)
>>> run_hand(s, [make_bot("rules") for _ in range(4)], random.Random(3)).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..cards import card_from_id
from ..errors import IllegalPlayError
from ..legality import legal_mask
from ..scoring import best_moon_choice
from ..state import HandState, Phase
from .base import Policy, dealers_choice
from .features import Knowledge, LiveView, Sight
from .rulebased import RuleBasedBot, rules_finish, rules_passes

__all__ = ["FastPolicy", "SightPolicy", "run_hand"]


@runtime_checkable
class FastPolicy(Protocol):
    """A bot that decides on masks from a :class:`~hearts_lessons.bots.features.Knowledge`."""

    def pass_ids(self, view: Knowledge, rng: random.Random) -> list[int]: ...

    def play_id(self, view: Knowledge, rng: random.Random) -> int: ...


@runtime_checkable
class SightPolicy(Protocol):
    """A bot that plays from a :class:`~hearts_lessons.bots.features.Sight` (the seat's knowledge as plain
    fields, refreshed for each card): ``play_sight(sight, legal, rng)`` for a seat with at least two legal
    cards."""

    def play_sight(self, sight: Sight, legal: int, rng: random.Random) -> int: ...


_FAST_TYPES: dict[type, bool] = {}
_SIGHT_TYPES: dict[type, bool] = {}


def _is(bot: Policy, protocol: type, known: dict[type, bool]) -> bool:
    """Whether ``bot`` implements ``protocol``, checked once per class (protocol checks are slow)."""
    kind = type(bot)
    found = known.get(kind)
    if found is None:
        found = known[kind] = isinstance(bot, protocol)
    return found


def _fast(bot: Policy) -> FastPolicy | None:
    """The bot as a :class:`FastPolicy`, if it is one."""
    return bot if _is(bot, FastPolicy, _FAST_TYPES) else None  # type: ignore[return-value]


def _sighted(bot: Policy) -> SightPolicy | None:
    """The bot as a :class:`SightPolicy`, if it is one."""
    return bot if _is(bot, SightPolicy, _SIGHT_TYPES) else None  # type: ignore[return-value]


def _fine_pass(state: HandState, seat: int, ids: list[int]) -> bool:
    """A quick check of a pass on masks (the verified API explains a refusal)."""
    mask = 0
    for cid in ids:
        mask |= 1 << cid
    if len(ids) != state.cards_to_pass or mask.bit_count() != len(ids) or mask & ~state._hands[seat]:
        return False
    return not mask & state.k.unpassable


def run_hand(state: HandState, bots: Sequence[Policy], rng: random.Random) -> HandState:
    """Play the hand to its end with one bot per seat (actions are not recorded: no undo, no saving)."""
    fast = [_fast(b) for b in bots]
    if state.phase is Phase.DEALERS_CHOICE:
        state.choose_passes(dealers_choice(state.view(state.dealer), rng))
    styles = [b.style for b in bots if isinstance(b, RuleBasedBot) and type(b) is RuleBasedBot]
    rule_based = len(styles) == len(bots)
    if state.phase is Phase.PASSING and rule_based:
        rules_passes(state, rng, styles)  # the rule-based passes, straight from the hand's masks
    if state.phase is Phase.PASSING:
        for seat in state.to_pass:
            quick = fast[seat]
            if quick is not None:
                ids = quick.pass_ids(LiveView(state, seat, 0), rng)
                if not _fine_pass(state, seat, ids):
                    state.verify_pass(seat, [card_from_id(c) for c in ids])  # raises with the reason
            else:
                cards = bots[seat].choose_pass(state.view(seat), rng)
                state.verify_pass(seat, cards)
                ids = [c.id for c in cards]
            state._passes[seat] = tuple(ids)
        state._exchange()
    if state.phase is Phase.PLAYING:
        if rule_based:
            # a table of rule-based bots: their cards come straight from the rule-based player's own loop
            rules_finish(state, styles=styles)
        else:
            _play(state, bots, fast, rng)
    if state.phase is Phase.MOON_CHOICE:
        shooter = state.moon_shooter
        assert shooter is not None
        state.choose_moon(best_moon_choice(state.rules, shooter, state.totals_before))
    return state


def _play(state: HandState, bots: Sequence[Policy], fast: list[FastPolicy | None], rng: random.Random) -> None:
    """The play of the hand, card by card, each from its seat's bot."""
    k = state.k
    hands = state._hands
    players = k.players
    sighted = [_sighted(b) for b in bots]
    sight = Sight(k, state.rules)
    while state.phase is Phase.PLAYING:
        seat = (state.leader + len(state._trick)) % players
        legal = legal_mask(k, state, hands[seat])
        if legal & (legal - 1):
            quick = fast[seat]
            seer = sighted[seat]
            if seer is not None:
                cid = seer.play_sight(sight.look(state, seat), legal, rng)
            elif quick is not None:
                cid = quick.play_id(LiveView(state, seat, legal), rng)
            else:
                cid = bots[seat].choose_play(state.view(seat), rng).id
            if not (legal >> cid) & 1:
                raise IllegalPlayError(f"{bots[seat].name} chose {card_from_id(cid)}, which is not legal now")
        else:
            cid = legal.bit_length() - 1
        state._apply_play(cid)
