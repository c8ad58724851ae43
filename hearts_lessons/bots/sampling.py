"""Dealing the hidden cards again, consistently with what one seat knows (the coach's *determinization*).

A seat sees its own hand and every card played. It also knows where the cards it passed went (the receiver
holds them until it plays them), which suits each seat has shown void in, how many cards each seat holds, and,
before the first card, that the leader holds the opening card (2♣). :func:`sample_hands` deals the unseen cards
to the other seats (and to the hole, when some cards are set aside unseen) so that every one of these facts
holds. The deal is random: cards with the fewest possible owners are dealt first, each to an allowed seat with
a chance proportional to the room left in that seat's hand.

>>> import random
>>> from hearts_lessons.state import HandState
>>> s = HandState.deal(seed=9)
>>> for seat in range(4):
...     s.pass_cards(seat, s.hand(seat)[:3])
>>> v = s.view(0)
>>> hands = sample_hands(v, random.Random(1))
>>> hands[0] == v.hand_mask, [h.bit_count() for h in hands]
(True, [13, 13, 13, 13])
>>> all(hands[target] & mask == mask for target, mask in v.pass_recipients)
True
"""

from __future__ import annotations

import random

from ..views import SeatView
from .features import bits

__all__ = ["known_holdings", "sample_hands", "surprises", "weighted_worlds"]

HOLE = -1


def known_holdings(view: SeatView) -> list[int]:
    """Cards the seat knows another seat holds: its passed cards not yet played (once cards were exchanged)
    and, before the first card, the opening card in the leader's hand."""
    fixed = [0] * view.players
    if view.received_mask or view.phase.value not in ("passing", "dealers_choice"):
        for target, mask in view.pass_recipients:
            if target != view.seat:
                fixed[target] |= mask & ~view.played_mask
    opening = view.opening_card
    if (
        view.phase.value == "playing" and view.trick_number == 0 and not view.current_trick
        and opening >= 0 and view.leader != view.seat and not (view.played_mask >> opening) & 1
    ):  # fmt: skip
        fixed[view.leader] |= 1 << opening
    return fixed


def sample_hands(view: SeatView, rng: random.Random) -> list[int]:
    """Every seat's hand (the viewer's own as it is), the hidden cards dealt at random consistently with the
    view. Cards left over (hole cards) are the unseen cards no hand got."""
    n = view.players
    me = view.seat
    fixed = known_holdings(view)
    taken = 0
    for mask in fixed:
        taken |= mask
    unknown = view.unseen_mask & ~taken
    room = {s: view.hand_sizes[s] - fixed[s].bit_count() for s in range(n) if s != me}
    if any(r < 0 for r in room.values()):
        raise ValueError("the view is inconsistent: a seat holds fewer cards than it is known to hold")
    hole_room = unknown.bit_count() - sum(room.values())
    if hole_room < 0:
        raise ValueError("the view is inconsistent: too few unseen cards for the hands")
    if hole_room:
        room[HOLE] = hole_room
    suit_of = view.k.suit_of
    allowed: list[list[int]] = []
    for suit in range(4):
        allowed.append([s for s in room if s == HOLE or not (view.voids[s] >> suit) & 1])
    cards = bits(unknown)
    rng.shuffle(cards)
    cards.sort(key=lambda c: len(allowed[suit_of[c]]))
    for _attempt in range(50):
        dealt = _deal(cards, allowed, dict(room), suit_of, rng)
        if dealt is not None:
            break
    else:
        dealt = _deal_carefully(cards, allowed, dict(room), suit_of, rng)
    hands = [fixed[s] | dealt.get(s, 0) for s in range(n)]
    hands[me] = view.hand_mask
    return hands


def _deal(cards: list[int], allowed: list[list[int]], room: dict[int, int], suit_of: dict[int, int],
          rng: random.Random) -> dict[int, int] | None:  # fmt: skip
    dealt: dict[int, int] = {s: 0 for s in room}
    for cid in cards:
        options = [s for s in allowed[suit_of[cid]] if room[s] > 0]
        if not options:
            return None
        pick = rng.random() * sum(room[s] for s in options)
        for seat in options:
            pick -= room[seat]
            if pick < 0:
                break
        room[seat] -= 1
        dealt[seat] |= 1 << cid
    return dealt


def _feasible(counts: list[int], allowed: list[list[int]], room: dict[int, int]) -> bool:
    """Hall's condition: every set of suits fits in the room of the seats allowed to hold them."""
    for subset in range(1, 16):
        need = sum(counts[s] for s in range(4) if subset >> s & 1)
        if not need:
            continue
        seats = {seat for s in range(4) if subset >> s & 1 for seat in allowed[s]}
        if need > sum(room[seat] for seat in seats):
            return False
    return True


def _deal_carefully(cards: list[int], allowed: list[list[int]], room: dict[int, int], suit_of: dict[int, int],
                    rng: random.Random) -> dict[int, int]:  # fmt: skip
    """A slower deal that checks, before each card, that the rest can still be dealt (never gets stuck)."""
    counts = [0, 0, 0, 0]
    for cid in cards:
        counts[suit_of[cid]] += 1
    if not _feasible(counts, allowed, room):
        raise ValueError("no deal of the hidden cards agrees with this view")
    dealt: dict[int, int] = {s: 0 for s in room}
    for cid in cards:
        suit = suit_of[cid]
        counts[suit] -= 1
        options = []
        for seat in allowed[suit]:
            if room[seat] > 0:
                room[seat] -= 1
                if _feasible(counts, allowed, room):
                    options.append(seat)
                room[seat] += 1
        seat = rng.choice(options)
        room[seat] -= 1
        dealt[seat] |= 1 << cid
    return dealt


def surprises(view: SeatView, hands: list[int], *, stop: int | None = None) -> int:
    """How many cards the other seats played (with a choice) that the rule-based player would not have played,
    had the hidden cards been ``hands``: replays the hand's play from its first trick. A world in which the
    others' play makes sense is more likely (the coach weighs worlds by this; 0 for puzzles that start
    mid-hand, where there is no history to replay). With ``stop``, the replay ends when that many are found."""
    from ..legality import legal_mask
    from ..rules import PassDirection
    from ..state import HandState
    from .features import LiveView
    from .rulebased import rules_play

    if view.trick_number != len(view.tricks):
        return 0
    history = [(seat, card.id) for trick in view.tricks for seat, card in trick.plays]
    history += [(seat, cid) for seat, cid, _ in view.current_trick]
    start = list(hands)
    for seat, cid in history:
        start[seat] |= 1 << cid
    held = 0
    for mask in start:
        held |= mask
    state = HandState(view.rules, start, view.k.deck & ~held, dealer=view.dealer, hand_number=view.hand_number,
                      direction=PassDirection.HOLD, totals_before=view.totals_before)  # fmt: skip
    k = view.k
    count = 0
    for seat, cid in history:
        if state.to_play != seat:
            return 0
        legal = legal_mask(k, state, state._hands[seat])
        if not (legal >> cid) & 1:
            return 0
        if seat != view.seat and legal & (legal - 1) and rules_play(LiveView(state, seat, legal), legal) != cid:
            count += 1
            if stop is not None and count >= stop:
                return count
        state._apply_play(cid)
    return count


def weighted_worlds(view: SeatView, rng: random.Random, count: int, *, pool: int = 4, weight: float = 0.1,
                    stop: int = 3) -> list[list[int]]:  # fmt: skip
    """``count`` worlds drawn from ``pool * count`` samples, each weighted by ``weight ** surprises`` (counted up
    to ``stop``): worlds in which the other seats' play so far is what a rule-based player would have done are
    preferred. (Against rule-based players this matters: after two tricks only a few percent of the uniformly
    sampled worlds explain every card they played, while the true deal always does.)"""
    if count <= 0:
        return []
    if (not view.tricks and not view.current_trick) or view.trick_number != len(view.tricks):
        return [sample_hands(view, rng) for _ in range(count)]  # no play to learn from (or a puzzle's start)
    samples = [sample_hands(view, rng) for _ in range(pool * count)]
    weights = [weight ** surprises(view, hands, stop=stop) for hands in samples]
    return rng.choices(samples, weights, k=count)
