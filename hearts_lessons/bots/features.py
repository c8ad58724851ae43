"""What the smarter bots compute from a seat's knowledge: card tables per rule set, a fast live view of one
seat, the state of the current trick, moon threats, and features of a hand.

The bots read a :class:`Knowledge`: anything with the fields of a :class:`~hearts_lessons.views.SeatView` that
they use. A ``SeatView`` is one; :class:`LiveView` is another, a read-only window on a live hand that shows one
seat's knowledge only, without copying the hand (the simulation harness and the coach's rollouts use it: building
a full ``SeatView`` for every card would cost more than the bot's whole decision).

>>> from hearts_lessons.state import HandState
>>> s = HandState.deal(seed=5)
>>> f = hand_features(s.view(0).hand_mask, s.k)
>>> f.length, sorted(f.as_dict())[:3]
(13, ['aces', 'clubs', 'diamonds'])
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Final, Protocol, final

from ..cards import Suit
from ..layout import Layout
from ..lean import Lean, Phase, seat_sight
from ..rules import Moon, PassDirection, Points, Rules

if TYPE_CHECKING:
    from ..state import HandState, Trick

__all__ = [
    "DEFEND_SHARE",
    "THREAT_SHARE",
    "HandFeatures",
    "Knowledge",
    "LiveView",
    "Sight",
    "Tables",
    "TrickState",
    "bits",
    "cost_of",
    "hand_features",
    "moon_threat",
    "sight_of",
    "start_of_play_hand",
    "tables_for",
    "threat_in",
    "trick_state",
]


class Knowledge(Protocol):
    """The part of a seat's view the bots read (a :class:`~hearts_lessons.views.SeatView` is one)."""

    @property
    def seat(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def k(self) -> Layout: ...
    @property
    def players(self) -> int: ...
    @property
    def hand_mask(self) -> int: ...
    @property
    def legal_mask(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick_number(self) -> int: ...
    @property
    def current_trick(self) -> tuple[tuple[int, int, int], ...]: ...
    @property
    def hearts_broken(self) -> bool: ...
    @property
    def played_mask(self) -> int: ...
    @property
    def taken_masks(self) -> tuple[int, ...]: ...
    @property
    def voids(self) -> tuple[int, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def targets(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def direction(self) -> PassDirection: ...
    @property
    def passed_mask(self) -> int: ...
    @property
    def received_mask(self) -> int: ...
    @property
    def hole_mask_known(self) -> int: ...
    @property
    def unseen_mask(self) -> int: ...
    @property
    def totals_before(self) -> tuple[Points, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...


def cost_of(value: Points) -> float:
    """A score as one number to minimise: the value itself, or re + im for Complex Hearts' complex scores
    (so Q♠ = 13i costs 13 like in the standard game)."""
    if isinstance(value, complex):
        return value.real + value.imag
    return float(value)


def bits(mask: int) -> list[int]:
    """The ids of the set bits of ``mask``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True, slots=True, eq=False)
class Tables:
    """Lookup tables for one rule set (built once per :class:`~hearts_lessons.layout.Layout`)."""

    k: Layout
    cost: tuple[float, ...]
    """Each card id's points as a float (0 for cards that do not score)."""
    suit: tuple[int, ...]
    """Each card id's suit (-1 for ids that are not cards)."""
    under: tuple[tuple[int, ...], ...]
    """``under[suit][rank]``: the cards of the deck of that suit ranked below ``rank`` (every deck copy)."""
    points: int
    """Cards with a positive value (the ones a shooter must take)."""
    bonus: int
    """Cards with a negative value (bonuses: worth taking)."""
    big: int
    """Penalty cards worth 5 or more (Q♠ in the standard game): the cards everyone wants to dump."""
    catchers: int
    """Cards ranked above a big penalty card of their suit (A♠, K♠): they may have to win it."""
    multi: bool
    """More than one copy of a card (Cancellation Hearts): the fast highest/lowest shortcuts do not apply."""
    moon_total: float
    """The layout's moon value as one number (:func:`cost_of`): all the points a shooter takes."""
    heavy: int
    """``big | catchers``: the big penalty cards and the cards that could catch them."""

    def top(self, mask: int) -> int:
        """The highest-ranked card of ``mask`` (by rank, then by suit)."""
        if not self.multi:
            return mask.bit_length() - 1
        return max(bits(mask), key=lambda c: ((c & 15) + 2, c & 63))

    def bottom(self, mask: int) -> int:
        """The lowest-ranked card of ``mask``."""
        if not self.multi:
            return (mask & -mask).bit_length() - 1
        return min(bits(mask), key=lambda c: ((c & 15) + 2, c & 63))

    def top_rank(self, mask: int) -> int:
        """The card of ``mask`` with the highest rank, whatever its suit (ties: the highest suit id)."""
        best, best_rank = -1, -1
        while mask:
            low = mask & -mask
            cid = low.bit_length() - 1
            if (cid & 15) + 2 >= best_rank:
                best, best_rank = cid, ((cid & 15) + 2)
            mask ^= low
        return best

    def costliest(self, mask: int) -> int:
        """The card of ``mask`` worth the most points (ties: the highest rank)."""
        best, best_cost, best_rank = -1, -1e9, -1
        cost = self.cost
        while mask:
            low = mask & -mask
            cid = low.bit_length() - 1
            here, rank = cost[cid], (cid & 15) + 2
            if here > best_cost or (here == best_cost and rank > best_rank):  # (no pair built and compared)
                best, best_cost, best_rank = cid, here, rank
            mask ^= low
        return best

    def points_in(self, mask: int) -> float:
        """The points of the cards of ``mask``."""
        total = 0.0
        mask &= self.k.scoring
        cost = self.cost
        while mask:
            low = mask & -mask
            total += cost[low.bit_length() - 1]
            mask ^= low
        return total


_TABLES: dict[int, Tables] = {}


def tables_for(k: Layout) -> Tables:
    """The :class:`Tables` of a layout (cached)."""
    found = _TABLES.get(id(k))
    if found is not None and found.k is k:
        return found
    made = _build_tables(k)
    _TABLES[id(k)] = made
    return made


def _build_tables(k: Layout) -> Tables:
    size = max(k.deck_ids) + 1
    cost = [0.0] * size
    suit = [-1] * size
    for cid in k.deck_ids:
        suit[cid] = k.suit_of[cid]
        if cid in k.values:
            cost[cid] = cost_of(k.values[cid])
    under: list[tuple[int, ...]] = []
    for s in range(4):
        row = []
        for rank in range(17):
            mask = 0
            for cid in bits(k.suit_masks[s]):
                if (cid & 15) + 2 < rank:
                    mask |= 1 << cid
            row.append(mask)
        under.append(tuple(row))
    points = bonus = big = 0
    for cid in k.deck_ids:
        if cost[cid] > 0:
            points |= 1 << cid
        elif cost[cid] < 0:
            bonus |= 1 << cid
        if cost[cid] >= 5 and (k.penalty >> cid) & 1:
            big |= 1 << cid
    catchers = 0
    for cid in bits(big):
        s = suit[cid]
        catchers |= k.suit_masks[s] & ~under[s][(cid & 15) + 3]
    return Tables(
        k=k, cost=tuple(cost), suit=tuple(suit), under=tuple(under), points=points, bonus=bonus, big=big,
        catchers=catchers & ~big, multi=k.multi_deck, moon_total=cost_of(k.moon_value), heavy=big | catchers,
    )  # fmt: skip


class LiveView:
    """One seat's knowledge of a live hand, read on demand (no copying). It shows exactly what a
    :class:`~hearts_lessons.views.SeatView` of the same moment shows (a test checks every field), so a bot
    given a ``LiveView`` sees no hidden card either.

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.deal(seed=2)
    >>> LiveView(s, 1).hand_mask == s.view(1).hand_mask
    True
    """

    __slots__ = ("_legal", "_state", "k", "rules", "seat")

    def __init__(self, state: HandState, seat: int, legal: int = -1) -> None:
        self._state = state
        self.seat = seat
        self.k = state.k
        self.rules = state.rules
        self._legal = legal

    @property
    def players(self) -> int:
        return self.k.players

    @property
    def phase(self) -> object:
        return self._state.phase

    @property
    def hand_mask(self) -> int:
        state = self._state
        if state.phase is Phase.DEALERS_CHOICE and self.seat == state.dealer:
            return 0  # the dealer names the passes before seeing their cards
        return state._hands[self.seat]

    @property
    def legal_mask(self) -> int:
        if self._legal < 0:
            self._legal = self._state.legal_mask(self.seat)
        return self._legal

    @property
    def leader(self) -> int:
        return self._state.leader

    @property
    def trick_number(self) -> int:
        return self._state.trick_number

    @property
    def current_trick(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(self._state._trick)

    @property
    def hearts_broken(self) -> bool:
        return self._state.hearts_broken

    @property
    def played_mask(self) -> int:
        return self._state._seen

    @property
    def taken_masks(self) -> tuple[int, ...]:
        state = self._state
        owner = state._hole_owner
        if owner is None or owner == self.seat or self.rules.leftover_face_up:
            return tuple(state._taken)
        taken = list(state._taken)
        taken[owner] &= ~state._hole
        return tuple(taken)

    @property
    def voids(self) -> tuple[int, ...]:
        return tuple(self._state._voids)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(m.bit_count() for m in self._state._hands)

    @property
    def targets(self) -> tuple[tuple[int, int], ...]:
        return self._state.targets

    @property
    def direction(self) -> PassDirection:
        return self._state.direction

    @property
    def passed_mask(self) -> int:
        return sum(1 << c for c in self._state._passes[self.seat] or ())

    @property
    def received_mask(self) -> int:
        state = self._state
        if state.phase is Phase.PASSING or state.phase is Phase.DEALERS_CHOICE:
            return 0
        return state._received[self.seat]

    @property
    def hole_mask_known(self) -> int:
        state = self._state
        return state._hole if state._hole_owner == self.seat or self.rules.leftover_face_up else 0

    @property
    def unseen_mask(self) -> int:
        return self.k.deck & ~(self.hand_mask | self._state._seen | self.hole_mask_known)

    @property
    def totals_before(self) -> tuple[Points, ...]:
        return self._state.totals_before

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._state.tricks)


KNOWLEDGE_FIELDS: tuple[str, ...] = (
    "seat", "rules", "players", "hand_mask", "legal_mask", "leader", "trick_number", "current_trick",
    "hearts_broken", "played_mask", "taken_masks", "voids", "hand_sizes", "targets", "direction", "passed_mask",
    "received_mask", "hole_mask_known", "unseen_mask", "totals_before", "tricks",
)  # fmt: skip
"""The fields of :class:`Knowledge` (tests compare a :class:`LiveView` with a ``SeatView`` on each)."""


_NO_MOON: Final = Moon.NONE


@final
class Sight:
    """The part of a seat's knowledge that the rule-based play reads, as plain attributes (:func:`sight_of` from
    any :class:`Knowledge`; :meth:`look` at a seat of a :class:`~hearts_lessons.lean.Lean` hand, again and again
    for each decision of a rollout): reading them is much cheaper than a view's properties, in Python and
    compiled. The lists may be the hand's own (not copies): read them, never change them.

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.deal(seed=2)
    >>> a, b = sight_of(s.view(1)), Sight(s.k, s.rules).look(s, 1)
    >>> (a.hand, a.unseen, a.voids, a.taken, a.trick) == (b.hand, b.unseen, b.voids, b.taken, b.trick)
    True
    """

    __slots__ = ("face_up", "hand", "k", "no_moon", "rules", "seat", "t", "taken", "trick", "trick_number",
                 "unseen", "voids")  # fmt: skip

    def __init__(self, k: Layout, rules: Rules) -> None:
        self.k = k
        self.rules = rules
        self.t = tables_for(k)
        self.face_up = rules.leftover_face_up
        self.no_moon = rules.moon is _NO_MOON
        self.seat = -1
        self.hand = 0
        """The seat's cards (``hand_mask``)."""
        self.unseen = 0
        """The cards the seat has not seen (``unseen_mask``)."""
        self.voids: list[int] = []
        self.taken: list[int] = []
        """Each seat's taken cards as this seat sees them (``taken_masks``)."""
        self.trick: list[tuple[int, int, int]] = []
        """The trick on the table (``current_trick``)."""
        self.trick_number = 0

    def look(self, lean: Lean, seat: int) -> Sight:
        """This sight, now of ``seat`` in ``lean`` (a hand of the same rules): what a
        :class:`~hearts_lessons.lean.LeanView` of it shows, read from the hand's fields at once."""
        hand, taken, known = seat_sight(lean, seat, self.face_up)
        self.seat = seat
        self.hand = hand
        self.unseen = self.k.deck & ~(hand | lean._seen | known)
        self.voids = lean._voids
        self.taken = taken
        self.trick = lean._trick
        self.trick_number = lean.trick_number
        return self

    def threat(self) -> int:
        """:func:`moon_threat` of this knowledge at the rule-based player's share, :data:`DEFEND_SHARE`."""
        if self.no_moon:
            return -1
        return threat_in(self.taken, self.seat, self.t, DEFEND_SHARE)


def sight_of(view: Knowledge) -> Sight:
    """The :class:`Sight` of a seat's view."""
    sight = Sight(view.k, view.rules)
    sight.seat = view.seat
    sight.hand = view.hand_mask
    sight.unseen = view.unseen_mask
    sight.voids = list(view.voids)
    sight.taken = list(view.taken_masks)
    sight.trick = list(view.current_trick)
    sight.trick_number = view.trick_number
    return sight


def played_by(view: Knowledge, seat: int) -> int:
    """The cards ``seat`` has played so far in this hand (earlier tricks and the trick on the table)."""
    mask = 0
    for trick in view.tricks:
        for who, card in trick.plays:
            if who == seat:
                mask |= card.bit
    for who, cid, _ in view.current_trick:
        if who == seat:
            mask |= 1 << cid
    return mask


def start_of_play_hand(view: Knowledge) -> int:
    """The seat's hand as it was when the play began (after passing): its cards plus those it has played."""
    return view.hand_mask | played_by(view, view.seat)


@dataclass(frozen=True, slots=True)
class TrickState:
    """The trick in progress as one seat sees it."""

    lead_suit: int
    """-1 when the seat leads."""
    winner: int
    """The seat winning so far (-1 when leading)."""
    winning_rank: int
    points: float
    """Points in the trick so far."""
    last: bool
    """The seat plays the last card of the trick."""


def trick_state(view: Knowledge, t: Tables) -> TrickState:
    """Who is winning the current trick, with what, and how many points it holds."""
    trick = view.current_trick
    if not trick:
        return TrickState(-1, -1, -1, 0.0, False)
    suit = t.suit
    lead = suit[trick[0][1]]
    winner, best = -1, -1
    points = 0.0
    cost = t.cost
    for seat, cid, rank in trick:
        if suit[cid] == lead and rank > best:
            winner, best = seat, rank
        points += cost[cid]
    return TrickState(lead, winner, best, points, len(trick) == view.players - 1)


DEFEND_SHARE = 0.4
"""The share of all the points that another seat must have taken, with every point card taken so far, before the
rule-based player defends against a moon (:meth:`Sight.threat`; lesson 12: the Q♠ alone is enough). The coach's
explanations then say that the seat "has taken every point so far and may shoot the moon"."""
THREAT_SHARE = 0.6
"""The share of all the points that another seat must have taken, with every point card taken so far, before
:func:`moon_threat` names it. Measured on 2,000 hands of four rule-based bots (seeds 0–1,999; 19 moons): a seat
alone on points with 40% of them (the Q♠ alone is 50%) was seen in 873 hands and shot in 19 of them (2%, Wilson
95% interval 1–3%); with 60%, in 46 hands, 11 of which it shot (24%, 14–38%): ``python bench/bots.py
--threat-hands 2000``. The coach's rollouts let the seat named play to shoot (at 40%, :data:`DEFEND_SHARE`, that
assumption was wrong in almost every hand it was made), and its explanations tell you to take a trick from it.
With 60% instead of 40%, the coach saved 0.05 ± 0.02 points a hand more against three rule-based bots (the same
1,000 duplicate deals, paired), stopped as many of their moons, and thought for less time (a seat playing to
shoot is the slow part of a rollout)."""


def moon_threat(view: Knowledge, t: Tables, *, share: float = THREAT_SHARE) -> int:
    """The seat that looks like shooting the moon, or -1: another seat has taken every point card taken so
    far, and at least ``share`` of all the points (:func:`threat_in`); -1 when no moon rule is in force."""
    if view.rules.moon is Moon.NONE:
        return -1
    return threat_in(list(view.taken_masks), view.seat, t, share)


def threat_in(taken: list[int], seat: int, t: Tables, share: float) -> int:
    """Of the cards each seat has taken (``taken``, as ``seat`` sees them): the other seat that has taken every
    point card taken so far and at least ``share`` of all the points, or -1."""
    points = t.points
    shooter = -1
    for other, mask in enumerate(taken):
        if mask & points:
            if shooter >= 0:
                return -1
            shooter = other
    if shooter < 0 or shooter == seat:
        return -1
    total = t.moon_total
    if total <= 0 or t.points_in(taken[shooter] & points) < share * total:
        return -1
    return shooter


@dataclass(frozen=True, slots=True)
class HandFeatures:
    """Simple counts that describe a hand (used by the moon shooter and in the moon lesson's experiments)."""

    length: int
    clubs: int
    diamonds: int
    spades: int
    hearts: int
    aces: int
    kings: int
    high_cards: int
    """Cards ranked jack or higher."""
    low_cards: int
    """Cards ranked 2 to 6."""
    top_hearts: int
    """How many of the top hearts (A, K, Q, …) the hand holds without a gap."""
    longest: int
    """The length of the longest suit."""
    queen: bool
    """Holds a big penalty card (Q♠ in the standard game)."""
    spade_guards: int
    """Cards below the Q♠ in its suit."""

    def as_dict(self) -> dict[str, int | bool]:
        return asdict(self)

    @property
    def moon_chance(self) -> float:
        """The chance that a shooter holding this hand (before passing) takes every point card against three
        rule-based players: a logistic model fitted to 24,000 simulated four-player hands (see the moon lesson,
        ``notebooks/12_the_moon.ipynb``). A run of top hearts, long hearts and high cards help; low cards and
        unguarded spades hurt.

        >>> from hearts_lessons.cards import parse_cards, mask_of
        >>> from hearts_lessons.layout import layout_for
        >>> from hearts_lessons.rules import STANDARD
        >>> k = layout_for(STANDARD)
        >>> strong = hand_features(mask_of(parse_cards("AH KH QH JH TH AS KS QS AD KD AC KC QC")), k)
        >>> weak = hand_features(mask_of(parse_cards("2H 3H 4S 5S 6D 7D 8C 9C 2C 3C 4C 5D 6S")), k)
        >>> strong.moon_chance > 0.9, weak.moon_chance < 0.05
        (True, True)
        """
        z = (
            -3.85
            + 0.13 * self.kings
            + 0.12 * self.high_cards
            - 0.13 * self.low_cards
            + 0.57 * self.top_hearts
            + 0.23 * self.hearts
            + 0.19 * self.longest
            - 0.36 * self.spades
            + 0.63 * self.queen
            + 0.33 * self.spade_guards
        )
        return 1.0 / (1.0 + math.exp(-z))


def hand_features(hand: int, k: Layout) -> HandFeatures:
    """Count the features of a hand (a mask)."""
    t = tables_for(k)
    ranks = [(c & 15) + 2 for c in bits(hand)]
    lengths = [(hand & k.suit_masks[s]).bit_count() for s in range(4)]
    hearts = hand & k.suit_masks[Suit.HEARTS]
    top = 0
    for rank in (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2):
        has = any(((c & 15) + 2) == rank for c in bits(hearts))
        in_deck = any(((c & 15) + 2) == rank for c in bits(k.suit_masks[Suit.HEARTS]))
        if not in_deck:
            continue
        if not has:
            break
        top += 1
    big = hand & t.big
    guards = 0
    for cid in bits(t.big & k.suit_masks[Suit.SPADES]):
        guards = (hand & t.under[Suit.SPADES][(cid & 15) + 2]).bit_count()
    return HandFeatures(
        length=len(ranks), clubs=lengths[0], diamonds=lengths[1], spades=lengths[2], hearts=lengths[3],
        aces=ranks.count(14), kings=ranks.count(13), high_cards=sum(r >= 11 for r in ranks),
        low_cards=sum(r <= 6 for r in ranks), top_hearts=top, longest=max(lengths), queen=bool(big),
        spade_guards=guards,
    )  # fmt: skip
