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

import math
import random
from collections.abc import Sequence
from typing import final

from ..lean import Lean
from ..legality import legal_mask
from ..rules import HoleCards, PassDirection
from ..state import HandState
from ..views import SeatView
from .features import Sight, bits, played_by
from .rulebased import hand_pass, hand_pass_scores, rules_card, rules_choose

__all__ = ["DEFAULT_BURN", "DEFAULT_THIN", "PASS_WEIGHT", "Replay", "Worlds", "holder_share", "known_holdings",
           "pass_reading", "pass_surprises", "sample_hands", "surprises"]  # fmt: skip

HOLE = -1
DEFAULT_BURN = 150
"""Burn-in steps of each chain of :class:`Worlds` at the coach's default strength."""
DEFAULT_THIN = 10
"""Steps of a chain of :class:`Worlds` between two worlds it gives. A step swaps at most two cards, so worlds a few
steps apart are much alike; at 10 (3 before 2026-11-26) a chain's worlds in a row differ in about three times as
many cards, for about a third more of the coach's time (compiled, 0.014 s a card decision at 100 worlds became
0.019 s). Against three rule-based bots on 1,000 duplicate deals the
coach saved 1.92 ± 0.17 points a hand at 10 and 1.80 ± 0.17 at 3: better on average, but the difference is
within the noise (README, Benchmarks)."""
PASS_WEIGHT = 0.1
"""How much less likely a world is for each card of the pass received that the passer's rule-based pass would
not have given from the hand the world implies (:func:`pass_surprises`)."""
MISFIT_WEIGHT = 0.3
"""With ``fit`` (:class:`Worlds`): how much less likely a world is for each card of a player who does not play like
the rule-based player that it would not have played (for one who does, ``weight``: 0.001). A player choosing the
rule-based card about half the time and otherwise any legal card among about four makes a surprise about 0.3 times
as likely as no surprise."""
MISFIT_PASS_WEIGHT = 0.5
"""With ``fit``: :data:`PASS_WEIGHT` for a passer whose pass no world of the chains explains."""


def _choice(rng: random.Random, seq: list[int]) -> int:
    """``rng.choice(seq)``, with the same draws from the same generator (CPython's ``Random.choice`` of
    3.11–3.13 draws ``getrandbits(len(seq).bit_length())`` until the number is below the length), without its two
    interpreted calls: the coach's chains draw two cards a step.

    >>> rng, same = random.Random(7), random.Random(7)
    >>> [_choice(rng, [3, 1, 4, 1, 5]) for _ in range(6)] == [same.choice([3, 1, 4, 1, 5]) for _ in range(6)]
    True
    """
    n = len(seq)
    if not n:
        raise IndexError("cannot choose from an empty sequence")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return seq[r]


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


def _unplaced(view: SeatView, fixed: list[int]) -> int:
    """The unseen cards whose holder the seat does not know (``fixed``: :func:`known_holdings`)."""
    taken = 0
    for mask in fixed:
        taken |= mask
    return view.unseen_mask & ~taken


def _replayable(view: SeatView) -> bool:
    """Whether the view holds the hand's play from its first trick (a puzzle may start mid-hand)."""
    return view.trick_number == len(view.tricks)


def sample_hands(view: SeatView, rng: random.Random) -> list[int]:
    """Every seat's hand (the viewer's own as it is), the hidden cards dealt at random consistently with the
    view. Cards left over (hole cards) are the unseen cards no hand got."""
    n = view.players
    me = view.seat
    fixed = known_holdings(view)
    unknown = _unplaced(view, fixed)
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


def _deal(cards: list[int], allowed: list[list[int]], room: dict[int, int], suit_of: tuple[int, ...],
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


def _deal_carefully(cards: list[int], allowed: list[list[int]], room: dict[int, int], suit_of: tuple[int, ...],
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


@final
class _Plan:
    """The public side of the play so far, for the worlds that start it with one leader and opening card: the
    spot before each card (for the legal cards), what every seat saw then (a :class:`Sight` without the hand),
    and each seat's count of surprises for each hand it might hold (filled as worlds ask)."""

    __slots__ = ("ok", "seen", "sights", "spots", "terms")

    def __init__(self) -> None:
        self.ok = True
        """Each card of the history was played in turn (else no world with this start explains the play)."""
        self.spots: list[Lean] = []
        self.sights: list[Sight] = []
        self.seen: list[int] = []
        self.terms: dict[tuple[int, int], int] = {}
        """(seat, the seat's cards now) -> its surprises, or -1 when it could not have played its cards."""


class Replay:
    """The play so far as one seat saw it, ready to be replayed in many worlds (:func:`surprises`): built once
    per decision, then :meth:`surprises` replays it on a bare :class:`~hearts_lessons.lean.Lean` hand.

    When no card is left over (no hole), the play so far is the same in every world but for who held what, so
    each seat's surprises depend on its own cards only: they are worked out once per seat and hand and summed
    (a world of the coach's chains differs from the last one in two seats' hands)."""

    __slots__ = ("_plans", "_turns", "history", "k", "replayable", "seat", "template")

    def __init__(self, view: SeatView) -> None:
        self.k = view.k
        self.seat = view.seat
        self.replayable = _replayable(view)
        history: list[tuple[int, int]] = []
        if self.replayable:
            history = [(seat, card.id) for trick in view.tricks for seat, card in trick.plays]
            history += [(seat, cid) for seat, cid, _ in view.current_trick]
        self.history = history
        """Every card played so far: (seat, card id), in order."""
        self.template = HandState(view.rules, [0] * view.players, 0, dealer=view.dealer,
                                  hand_number=view.hand_number, direction=PassDirection.HOLD,
                                  totals_before=view.totals_before).lean_copy()  # fmt: skip
        """The hand before its first card, without cards: each replay copies it and deals a world's cards."""
        turns: list[list[tuple[int, int, int]]] = [[] for _ in range(view.players)]
        later = [0] * view.players
        for index in range(len(history) - 1, -1, -1):
            seat, cid = history[index]
            later[seat] |= 1 << cid
            turns[seat].append((index, cid, later[seat]))
        for mine in turns:
            mine.reverse()
        self._turns = turns
        """Each seat's cards of the history: (index, card id, the cards it played from that one on)."""
        self._plans: dict[tuple[int, int], _Plan] = {}

    def surprises(self, hands: Sequence[int], stop: int | None = None) -> int:
        """:func:`surprises` of the world ``hands``."""
        if not self.replayable:
            return 0
        lean = self._start(hands)
        impossible = len(self.history) + 1 if stop is None else stop  # the play so far could not have happened
        if lean._hole or (stop is not None and stop < 1):
            return self._replay(lean, impossible, stop)
        plan = self._plan_for(lean)
        if not plan.ok:
            return impossible
        count = 0
        for seat in range(len(hands)):
            if self._turns[seat]:
                term = self._term(plan, seat, hands[seat])
                if term < 0:
                    return impossible
                count += term
        return count if stop is None or count < stop else stop

    def seat_surprises(self, hands: Sequence[int]) -> list[int] | None:
        """Each seat's own surprises in the world ``hands`` (0 for the viewer and for a seat that has not played),
        or ``None`` when they cannot be told apart: the world cannot explain the play at all, some cards are left
        over (a hole: the replay is then not seat by seat), or the view does not start at the first trick."""
        if not self.replayable:
            return None
        lean = self._start(hands)
        if lean._hole:
            return None
        plan = self._plan_for(lean)
        if not plan.ok:
            return None
        out = [0] * len(hands)
        for seat in range(len(hands)):
            if self._turns[seat]:
                term = self._term(plan, seat, hands[seat])
                if term < 0:
                    return None
                out[seat] = term
        return out

    def _start(self, hands: Sequence[int]) -> Lean:
        """The hand before its first card in the world ``hands``: each seat's cards now plus the cards it has
        played, the rest left over (the hole)."""
        k = self.k
        start = list(hands)
        for seat, cid in self.history:
            start[seat] |= 1 << cid
        held = 0
        for mask in start:
            held |= mask
        lean = self.template.lean_copy()
        lean._hands = start
        lean._hole = k.deck & ~held
        lean._in_play = k.deck & ~lean._hole if lean.rules.hole_cards is HoleCards.SET_ASIDE else k.deck
        lean._start_play()
        return lean

    def _plan_for(self, lean: Lean) -> _Plan:
        """The history played from ``lean``'s start (one plan per leader and opening card, kept)."""
        key = (lean.leader, lean.opening_card)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._plan(lean)
        return plan

    def _plan(self, lean: Lean) -> _Plan:
        """Play the history on (a copy of) ``lean``, keeping the spot before each card."""
        plan = _Plan()
        lean = lean.lean_copy()
        k = self.k
        players = k.players
        for seat, cid in self.history:
            if (lean.leader + len(lean._trick)) % players != seat:
                plan.ok = False
                break
            plan.spots.append(lean.lean_copy())
            sight = Sight(k, lean.rules)
            sight.seat = seat
            sight.voids = list(lean._voids)
            sight.taken = list(lean._taken)
            sight.trick = list(lean._trick)
            sight.trick_number = lean.trick_number
            plan.sights.append(sight)
            plan.seen.append(lean._seen)
            lean._apply_play(cid)
        return plan

    def _term(self, plan: _Plan, seat: int, hand_now: int) -> int:
        """The surprises of ``seat``'s cards in the history when it holds ``hand_now`` now (-1: it could not
        have played them)."""
        found = plan.terms.get((seat, hand_now))
        if found is not None:
            return found
        k = self.k
        deck = k.deck
        count = 0
        for index, cid, later in self._turns[seat]:
            hand = hand_now | later
            legal = legal_mask(k, plan.spots[index], hand)
            if not (legal >> cid) & 1:
                count = -1
                break
            if seat != self.seat and legal & (legal - 1):
                sight = plan.sights[index]
                sight.hand = hand
                sight.unseen = deck & ~(hand | plan.seen[index])
                if rules_card(sight, legal) != cid:
                    count += 1
        plan.terms[(seat, hand_now)] = count
        return count

    def _replay(self, lean: Lean, impossible: int, stop: int | None) -> int:
        """The surprises, replaying the history card by card on ``lean`` (a world with cards left over)."""
        players = self.k.players
        me = self.seat
        count = 0
        for seat, cid in self.history:
            if (lean.leader + len(lean._trick)) % players != seat:
                return impossible
            legal = legal_mask(self.k, lean, lean._hands[seat])
            if not (legal >> cid) & 1:
                return impossible
            if seat != me and legal & (legal - 1) and rules_choose(lean, seat, legal) != cid:
                count += 1
                if stop is not None and count >= stop:
                    return count
            lean._apply_play(cid)
        return count


def surprises(view: SeatView, hands: list[int], *, stop: int | None = None) -> int:
    """How many cards the other seats played (with a choice) that the rule-based player would not have played,
    had the hidden cards been ``hands``: replays the hand's play from its first trick. A world in which the
    others' play makes sense is more likely (the coach weighs worlds by this; 0 for puzzles that start
    mid-hand, where there is no history to replay). A world in which the play so far could not have happened
    (a card its player could not legally have played) counts as more surprises than there were cards.
    With ``stop``, the replay ends when that many are found (and an impossible world counts ``stop``).
    (Many worlds of one view: :class:`Replay`.)"""
    return Replay(view).surprises(hands, stop)


def pass_reading(view: SeatView) -> tuple[int, bool] | None:
    """Who passed this seat its received cards, and whether their whole pre-pass hand can be rebuilt from a
    world (``exact``: the passer received this seat's own pass, as in an across pass; otherwise the passer also
    received cards from a third seat, unseen here). ``None`` when there is nothing to read: no single passer,
    no cards received, or a puzzle that starts mid-hand.

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.deal(seed=9, hand_number=2)  # an across pass
    >>> for seat in range(4):
    ...     s.pass_cards(seat, s.hand(seat)[:3])
    >>> pass_reading(s.view(0)), pass_reading(HandState.deal(seed=9, hand_number=3).view(0))
    ((2, True), None)
    """
    if not view.received_mask or len(view.targets) != 1 or not _replayable(view):
        return None
    offset, count = view.targets[0]
    n = view.players
    if count != view.received_mask.bit_count() or offset % n == 0:
        return None
    passer = (view.seat - offset) % n
    return passer, (passer - offset) % n == view.seat


def pass_surprises(view: SeatView, hands: Sequence[int]) -> int:
    """How many of the cards this seat received the passer's rule-based pass would not have given, had the
    hidden cards been ``hands`` (0 when there is no pass to read: :func:`pass_reading`).

    The passer's hand before the pass is its hand now, plus the cards it has played, plus the cards it passed
    (the ones received here). With an across pass it also received this seat's own pass, which is taken out:
    the hand is then exact. With a left or right pass it received cards from a third seat that this seat has
    not seen; the passer's rule-based pass is read from the hand without the cards it would most want to pass
    (those most likely came in with the pass from the third seat, who passes the same way), which is a guess.
    """
    reading = pass_reading(view)
    if reading is None:
        return 0
    passer, exact = reading
    return _PassRead(view, passer, exact).surprises(hands[passer])


@final
class _PassRead:
    """What :func:`pass_surprises` reads of the view, read once (for many worlds)."""

    __slots__ = ("exact", "k", "need", "passed", "played", "received")

    def __init__(self, view: SeatView, passer: int, exact: bool) -> None:
        self.k = view.k
        self.exact = exact
        self.received = view.received_mask
        self.passed = view.passed_mask
        self.played = played_by(view, passer)
        need = 0
        for _, count in view.targets:
            need += count
        self.need = need

    def surprises(self, held: int) -> int:
        """:func:`pass_surprises` of a world in which the passer holds ``held``."""
        received = self.received
        hand = held | received | self.played
        count = received.bit_count()
        if self.exact:
            hand &= ~self.passed
        else:
            scores = hand_pass_scores(self.k, hand & ~received)
            incoming = sorted(scores, key=lambda c: (-scores[c], -((c & 15) + 2), c))[:count]
            for cid in incoming:
                hand &= ~(1 << cid)
        chosen = hand_pass(self.k, hand, self.need) if self.need > 0 else []
        return sum(not (received >> cid) & 1 for cid in chosen)


class Worlds:
    """Deals of the hidden cards that explain the others' play so far, for a seat that has seen some tricks.

    A deal's weight is ``weight ** surprises`` (:func:`surprises`, counted up to two more than the current
    deal's): against rule-based players, only deals in which every card they chose is the card they would have
    chosen are likely. Uniform sampling finds such deals rarely (after two or three tricks, a few in a hundred),
    so the worlds come from ``chains`` Markov chains instead (Metropolis): each starts from the best of a few
    sampled deals, and each step proposes to swap two hidden cards between two seats (never against a void
    shown, never a card whose holder is known), accepted with the chance the weights give. After ``burn``
    steps, every ``thin``-th deal is a world. The pass received is read too: each card of it that the passer's
    rule-based pass would not have given from the hand the deal implies (:func:`pass_surprises`) makes the deal
    :data:`PASS_WEIGHT` times as likely (``read_pass=False``: not read). With nothing to learn from (no play and
    no pass received, or a puzzle that starts mid-hand) the worlds are plain samples (:func:`sample_hands`).

    >>> from hearts_lessons.state import HandState
    >>> from hearts_lessons.bots import RuleBasedBot
    >>> from hearts_lessons.bots.base import bot_step
    >>> s = HandState.deal(seed=4, hand_number=3)  # a hand without passing
    >>> bots = {seat: RuleBasedBot() for seat in range(4)}
    >>> rng = random.Random(4)
    >>> while s.trick_number < 4:  # four tricks of rule-based play
    ...     _ = bot_step(s, bots, rng)
    >>> v = s.view(s.to_play)
    >>> worlds = Worlds(v, random.Random(1)).take(20)
    >>> plain = [sample_hands(v, random.Random(d)) for d in range(20)]
    >>> explained = [sum(surprises(v, w) == 0 for w in ws) for ws in (worlds, plain)]
    >>> explained[0] > 10 * max(explained[1], 1)
    True
    """

    def __init__(self, view: SeatView, rng: random.Random, *, chains: int = 4, burn: int = DEFAULT_BURN,
                 thin: int = DEFAULT_THIN, weight: float = 0.001, pool: int = 20,
                 read_pass: bool = True, fit: bool = False) -> None:  # fmt: skip
        self.view = view
        self.rng = rng
        self.chains = max(1, chains)
        self.burn = burn
        self.thin = max(1, thin)
        self.weight = weight
        self.pool = pool
        self.read_pass = read_pass and pass_reading(view) is not None
        self._pass_factor = math.log(PASS_WEIGHT) / math.log(weight)
        """A pass surprise in units of play surprises (the chains' weights are ``weight ** energy``)."""
        played = bool(view.tricks or view.current_trick)
        self.plain = (not played and not self.read_pass) or not _replayable(view)
        self.movable = _unplaced(view, known_holdings(view))
        """The hidden cards whose place is not known (only these move)."""
        self._cards = bits(self.movable)
        self._states: list[tuple[list[int], float]] = []
        self._replay = Replay(view)
        reading = pass_reading(view)
        self._passer = reading[0] if reading is not None else -1
        self._pass_read = _PassRead(view, *reading) if reading is not None else None
        self._pass_counts: dict[int, int] = {}
        """The pass surprises of each hand of the passer seen so far (they depend on nothing else)."""
        self.steps = self.accepted = 0
        self.fit = fit
        """Read each player's fit after the burn-in (:meth:`_read_fit`): a player whose play (or pass) no chain's
        world explains is read as one who does not play like the rule-based player."""
        self.misfits: tuple[int, ...] = ()
        """The seats read as not playing like the rule-based player (``fit``; the passer counts when its pass is
        not explained)."""
        self._factors: list[float] | None = None
        """With ``fit``, once read: what one surprise of each seat counts, in units of a rule-based player's."""

    def _read_fit(self) -> None:
        """Weigh the surprises of a player whose play no chain's world explains as :data:`MISFIT_WEIGHT` (and a pass
        no chain's world explains as :data:`MISFIT_PASS_WEIGHT`), then walk the chains for half a burn-in more."""
        fewest: list[int] | None = None
        for hands, _ in self._states:
            terms = self._replay.seat_surprises(hands)
            if terms is None:
                return
            fewest = terms if fewest is None else [min(a, b) for a, b in zip(fewest, terms, strict=True)]
        pass_misfit = False
        read = self._pass_read
        if self.read_pass and read is not None:
            pass_misfit = min(read.surprises(hands[self._passer]) for hands, _ in self._states) > 0
        if fewest is None:
            return
        misfits = {seat for seat, count in enumerate(fewest) if count > 0 and seat != self.view.seat}
        if pass_misfit:
            misfits.add(self._passer)
            self._pass_factor = math.log(MISFIT_PASS_WEIGHT) / math.log(self.weight)
        if not misfits:
            return
        self.misfits = tuple(sorted(misfits))
        soft = math.log(MISFIT_WEIGHT) / math.log(self.weight)
        self._factors = [soft if seat in misfits else 1.0 for seat in range(self.view.players)]
        self._states = [self._walk((hands, self.energy(hands)), self.burn // 2) for hands, _ in self._states]

    def take(self, count: int) -> list[list[int]]:
        """``count`` more worlds (every seat's hand; the viewer's own as it is)."""
        if self.plain or count <= 0 or len(self._cards) < 2:
            return [sample_hands(self.view, self.rng) for _ in range(max(count, 0))]
        if not self._states:
            self._states = [self._walk(self._start(), self.burn) for _ in range(self.chains)]
            if self.fit:
                self._read_fit()
        out: list[list[int]] = []
        index = 0
        while len(out) < count:
            chain = index % self.chains
            self._states[chain] = self._walk(self._states[chain], self.thin)
            out.append(list(self._states[chain][0]))
            index += 1
        return out

    def energy(self, hands: list[int], stop: float = float(1 << 30)) -> float:
        """The deal's surprises (play, and pass read when it is): its weight is ``weight ** energy``. The count
        of play surprises stops once the energy reaches ``stop``."""
        extra = 0.0
        read = self._pass_read
        if self.read_pass and read is not None:
            held = hands[self._passer]
            found = self._pass_counts.get(held)
            if found is None:
                found = self._pass_counts[held] = read.surprises(held)
            extra = found * self._pass_factor
        factors = self._factors
        if factors is not None:
            terms = self._replay.seat_surprises(hands)
            if terms is None:  # no world with these cards explains the play so far
                return float(len(self._replay.history) + 1) + extra
            total = 0.0
            for factor, term in zip(factors, terms, strict=True):
                total += factor * term
            return total + extra
        return self._replay.surprises(hands, max(1, math.ceil(stop - extra))) + extra

    def _start(self) -> tuple[list[int], float]:
        best: list[int] = []
        fewest = float(1 << 30)
        for _ in range(max(1, self.pool // self.chains)):
            hands = sample_hands(self.view, self.rng)
            count = self.energy(hands, fewest)
            if not best or count < fewest:
                best, fewest = hands, count
                if not count:
                    break
        return best, fewest

    def _owner(self, hands: list[int], cid: int) -> int:
        for seat, mask in enumerate(hands):
            if (mask >> cid) & 1:
                return seat
        return HOLE

    def _walk(self, state: tuple[list[int], float], steps: int) -> tuple[list[int], float]:
        hands, count = state
        view, rng, cards = self.view, self.rng, self._cards
        voids, suit_of = view.voids, view.k.suit_of
        for _ in range(steps):
            self.steps += 1
            x = _choice(rng, cards)
            y = _choice(rng, cards)
            a, b = self._owner(hands, x), self._owner(hands, y)
            if a == b:
                continue
            if (b != HOLE and (voids[b] >> suit_of[x]) & 1) or (a != HOLE and (voids[a] >> suit_of[y]) & 1):
                continue
            swapped = list(hands)
            swap = (1 << x) | (1 << y)
            if a != HOLE:
                swapped[a] ^= swap
            if b != HOLE:
                swapped[b] ^= swap
            new = self.energy(swapped, count + 2)
            if new <= count or rng.random() < self.weight ** (new - count):
                hands, count = swapped, new
                self.accepted += 1
        return hands, count


def holder_share(view: SeatView, true_hands: Sequence[int], worlds: Sequence[Sequence[int]]) -> float:
    """The share of the seat's unseen cards that the worlds deal to the seat that really holds them (averaged
    over the worlds): how well a way of dealing reads the hidden cards, when the true deal is known.

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.deal(seed=2, hand_number=3)
    >>> truth = [s.hand_mask(seat) for seat in range(4)]
    >>> holder_share(s.view(0), truth, [truth])
    1.0
    """
    hidden = bits(view.unseen_mask)
    if not worlds or not hidden:
        raise ValueError("no worlds, or no hidden card")
    owner = {c: seat for seat, mask in enumerate(true_hands) for c in hidden if (mask >> c) & 1}
    right = sum((hands[owner[c]] >> c) & 1 for hands in worlds for c in hidden if c in owner)
    return right / (len(worlds) * len(hidden))
