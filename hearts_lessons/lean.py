"""The play of a hand on plain integers: the engine's hot path, and the one place where a card is played.

A :class:`Lean` hand holds the play of a hand as ints, bit masks and lists of ints: who holds what, the trick in
progress, what each seat took. Playing a card, finishing a trick (who wins it, where the points and the hole
cards go) and ending the play (is there a moon to choose? the score) are written here once.
:class:`~hearts_lessons.state.HandState` *is* a ``Lean`` with the readable API, the phases before the play and
the record of every action on top; the fast loops (random playouts, the coach's rollouts and its reading of the
others' play, the lab's hands) run on a ``Lean`` copy without building the readable history card by card. Legal
cards come from :func:`~hearts_lessons.legality.legal_mask` (the play rules read a ``Lean``'s fields) and scores
from :func:`~hearts_lessons.scoring.score_hand`: one implementation of the rules.

>>> import random
>>> from hearts_lessons.state import HandState
>>> s = HandState.deal(seed=7, hand_number=3)
>>> lean = s.lean_copy()
>>> lean.random_play(random.Random(7))
>>> lean.settle(random.Random(7))
>>> lean.phase, lean._score is not None and sum(lean._score.points) in (26, 78)
(<Phase.DONE: 'done'>, True)
>>> s.trick_number, lean.trick_number  # the copy played; the hand it came from did not
(0, 13)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from importlib.machinery import EXTENSION_SUFFIXES
from itertools import repeat, starmap
from math import floor
from operator import getitem, itemgetter
from typing import TYPE_CHECKING, Final

from .layout import Layout, direction_offset, pass_targets
from .legality import cascade_mask, legal_mask, shortcut_flags
from .rules import HoleCards, OpeningLead, PassDirection, Points, Rules
from .scoring import MOON_CHOICES, HandScore, best_moon_choice, score_hand

try:  # the compiler's mark: present wherever mypy is (the compiled build needs it); absent in the live site
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - run as Python without mypy installed, the mark does nothing

    def mypyc_attr(*_names: str, **_flags: object) -> Callable[[type[Lean]], type[Lean]]:  # type: ignore[misc]
        """Stands in for ``mypy_extensions.mypyc_attr``, which only marks a class for the mypyc compiler
        (``scripts/compile_engine.sh``): a fresh install or the live site runs this module as Python."""
        return lambda cls: cls


if TYPE_CHECKING:
    from .state import Trick

__all__ = ["FIELDS", "Choose", "Lean", "LeanView", "Phase", "RawTrick", "deal_masks", "direction_offset",
           "moon_choice_for", "pass_targets", "seat_sight"]  # fmt: skip


class Phase(Enum):
    DEALERS_CHOICE = "dealers_choice"
    """The dealer names the passes for this hand before seeing their cards."""
    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon_choice"
    """The shooter chooses how the moon scores."""
    DONE = "done"


# The hot path reads the members it needs from module constants: interpreted (CPython 3.11), reading an enum's
# member off its class costs three times as much as reading a global (1% of a random hand's time).
_DEALERS_CHOICE: Final = Phase.DEALERS_CHOICE
_PASSING: Final = Phase.PASSING
_PLAYING: Final = Phase.PLAYING
_MOON_CHOICE: Final = Phase.MOON_CHOICE
_DONE: Final = Phase.DONE
_SET_ASIDE: Final = HoleCards.SET_ASIDE
_HOLDER_ANY_CLUB: Final = OpeningLead.LOWEST_CLUB_HOLDER_ANY_CLUB

RawTrick = tuple[int, int, tuple[tuple[int, int, int], ...], int | None, Points]
"""A completed trick as stored: number, leader, (seat, card id, effective rank) plays, winner, points."""

Choose = Callable[["Lean", int, int], int]
"""A rollout policy on the hot path: ``choose(lean, seat, legal_mask)`` returns a card id of the mask."""


def moon_choice_for(rules: Rules, shooter: int, totals: tuple[Points, ...], rng: random.Random) -> str:
    """The moon choice the bots and playouts make (:func:`~hearts_lessons.scoring.best_moon_choice`)."""
    choice = best_moon_choice(rules, shooter, totals)
    choices = MOON_CHOICES[rules.moon]
    return choice if choice in choices else rng.choice(choices)


def deal_masks(k: Layout, dealer: int, seed: int, rng: random.Random | None) -> tuple[list[int], int]:
    """A shuffled deal as masks: each seat's hand and the cards left over (the hole). The deck (in id order)
    is shuffled by ``random.Random(seed).shuffle``, or, given ``rng``, sorted by one ``rng.random()`` per card
    (a stable sort; faster than shuffle's bit draws), then dealt one card at a time clockwise, starting left
    of the dealer.

    >>> from hearts_lessons.rules import STANDARD
    >>> from hearts_lessons.layout import layout_for
    >>> hands, hole = deal_masks(layout_for(STANDARD), 0, 7, None)
    >>> [h.bit_count() for h in hands], hole
    ([13, 13, 13, 13], 0)
    """
    deck_bits = k.deck_bits
    size = len(deck_bits)
    order: list[int]
    if rng is None:
        order = list(range(size))
        random.Random(seed).shuffle(order)
    else:
        keys = list(starmap(rng.random, repeat((), size)))  # built-in loops: fast compiled or not
        order = sorted(range(size), key=keys.__getitem__)
    bits: tuple[int, ...] = itemgetter(*order)(deck_bits)  # the bits in the shuffled order (one C call)
    n = k.players
    dealt = size // n * n
    hands = [0] * n
    for first in range(n):  # every n-th card of the order goes to the same seat (distinct bits: sum is "or")
        hands[(dealer + 1 + first) % n] = sum(bits[first:dealt:n])
    return hands, sum(bits[dealt:])


def _picks(pool: int, need: int, rand: Callable[[], float]) -> tuple[int, ...]:
    """``need`` cards of ``pool`` at random: for each, the ``rand()``-th of the cards not chosen yet, lowest first.
    Interpreted (:data:`BY_TABLE`), the ids of ``pool`` are listed lowest first from its bytes
    (:data:`_IDS_BY_BYTE`: built-in calls only) and each card is popped from the list; compiled, the card is found by
    walking the mask's bits (plain machine arithmetic). The same cards either way.

    A random index is ``floor(rand() * count)`` here (:meth:`Lean.random_play` takes as many steps without the
    call): the same number as ``int()`` would give (it is never negative), but interpreted a plain function call,
    where ``int()`` is a call of a type that costs three times as much (5% of a random hand's instructions)."""
    chosen: list[int] = []
    if BY_TABLE:
        ids = list(sum(map(getitem, _IDS_BY_BYTE, pool.to_bytes((pool.bit_length() + 7) >> 3, "little")), ()))
        for _ in range(need):  # (a loop, not a list comprehension: interpreted, that is one function call more)
            chosen.append(ids.pop(floor(rand() * len(ids))))
        return tuple(chosen)
    for _ in range(need):
        mask = pool
        index = floor(rand() * mask.bit_count())
        while index:
            mask &= mask - 1
            index -= 1
        bit = mask & -mask
        pool ^= bit
        chosen.append(bit.bit_length() - 1)
    return tuple(chosen)


BY_TABLE: Final = not __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Whether the points of a trick are looked up (:func:`_trick_points`): interpreted, one look-up instead of a Python
step per scoring card; compiled, adding them up is plain machine arithmetic and the faster. The same points either
way."""
_IDS_BY_BYTE: Final = tuple(
    tuple(tuple(8 * byte + b for b in range(8) if value >> b & 1) for value in range(256)) for byte in range(16)
)
"""For the ``byte``-th byte of a mask (from the lowest) and its value, the ids of its set bits, lowest first: the ids of
a mask of up to 128 bits are the concatenation of its bytes' entries (:func:`_picks`)."""
_POINTS_KEPT = 1 << 14
"""At most this many trick points are kept in a layout's table (variants with several decks, or cards left pending
from a trick nobody won, take many kinds of tricks)."""


def _trick_points(k: Layout, scoring: int) -> Points:
    """The points of the scoring cards of ``scoring`` (a mask) taken in one trick: their values added from the lowest
    id up, starting from 0; interpreted (:data:`BY_TABLE`), looked up in ``k.trick_points``, where they are kept."""
    if BY_TABLE:
        kept = k.trick_points
        found = kept.get(scoring)
        if found is not None:
            return found
    points: Points = 0
    values = k.values
    rest = scoring
    while rest:
        low = rest & -rest
        points += values[low.bit_length() - 1]
        rest ^= low
    if BY_TABLE:
        if len(kept) >= _POINTS_KEPT:
            kept.clear()
        kept[scoring] = points
    return points


_FOLLOWERS: dict[int, list[list[int]]] = {}


def _followers(players: int) -> list[list[int]]:
    """For each leader, the seats that follow to a trick, in order (kept per player count)."""
    found = _FOLLOWERS.get(players)
    if found is None:
        found = [[(leader + i) % players for i in range(1, players)] for leader in range(players)]
        _FOLLOWERS[players] = found
    return found


FIELDS: tuple[str, ...] = (
    "_hands",
    "_hole",
    "_hole_owner",
    "_in_play",
    "_jokers_played",
    "_passes",
    "_pending",
    "_received",
    "_score",
    "_seen",
    "_taken",
    "_trick",
    "_tricks",
    "_tricks_won",
    "_voids",
    "dealer",
    "direction",
    "hearts_broken",
    "k",
    "lead_suit",
    "leader",
    "opening_card",
    "phase",
    "rules",
    "targets",
    "totals_before",
    "trick_number",
)
"""The fields of a :class:`Lean` hand (a :class:`~hearts_lessons.state.HandState` adds its own)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Lean:
    """The play of one hand on ints. A :class:`~hearts_lessons.state.HandState` is one; :meth:`lean_copy` gives
    an independent bare copy for the hot loops."""

    __slots__ = FIELDS

    k: Layout
    rules: Rules
    _hands: list[int]
    _taken: list[int]
    _tricks_won: list[int]
    _voids: list[int]
    _trick: list[tuple[int, int, int]]
    _tricks: list[RawTrick]
    leader: int
    lead_suit: int
    """The suit led to the current trick (as an int), or -1 when the next card leads."""
    trick_number: int
    hearts_broken: bool
    """Whether hearts are broken (a penalty card, or a heart, has been played)."""
    opening_card: int
    _seen: int
    _pending: int
    _hole: int
    _hole_owner: int | None
    _in_play: int
    _jokers_played: int
    phase: Phase
    _score: HandScore | None
    dealer: int
    direction: PassDirection
    targets: tuple[tuple[int, int], ...]
    totals_before: tuple[Points, ...]
    _passes: list[tuple[int, ...] | None]
    _received: list[int]

    def lean_copy(self) -> Lean:
        """An independent bare copy of the hand's play (its lists copied; no history of actions)."""
        other = Lean.__new__(Lean)
        other.k = self.k
        other.rules = self.rules
        other._hands = list(self._hands)
        other._taken = list(self._taken)
        other._tricks_won = list(self._tricks_won)
        other._voids = list(self._voids)
        other._trick = list(self._trick)
        other._tricks = list(self._tricks)
        other.leader = self.leader
        other.lead_suit = self.lead_suit
        other.trick_number = self.trick_number
        other.hearts_broken = self.hearts_broken
        other.opening_card = self.opening_card
        other._seen = self._seen
        other._pending = self._pending
        other._hole = self._hole
        other._hole_owner = self._hole_owner
        other._in_play = self._in_play
        other._jokers_played = self._jokers_played
        other.phase = self.phase
        other._score = self._score
        other.dealer = self.dealer
        other.direction = self.direction
        other.targets = self.targets
        other.totals_before = self.totals_before
        other._passes = list(self._passes)
        other._received = list(self._received)
        return other

    # -- facts ---------------------------------------------------------------------------------------------
    @property
    def score(self) -> HandScore | None:
        """The hand's score once it is over."""
        return self._score

    @property
    def to_play(self) -> int:
        """The seat whose turn it is to play (-1 outside the play phase)."""
        if self.phase is not Phase.PLAYING:
            return -1
        return (self.leader + len(self._trick)) % self.k.players

    @property
    def moon_shooter(self) -> int | None:
        """The seat that must choose how the moon scores (in the moon-choice phase), or the seat that shot."""
        if self.phase is not Phase.MOON_CHOICE:
            return self._score.shooter if self._score else None
        moon_cards = self.k.moon_cards & self._in_play
        return next(s for s in range(self.k.players) if self._taken[s] & moon_cards == moon_cards)

    # -- the deal and the pass ----------------------------------------------------------------------------
    def _set_up(
        self,
        rules: Rules,
        k: Layout,
        hands: list[int],
        hole: int,
        dealer: int,
        direction: PassDirection,
        targets: tuple[tuple[int, int], ...],
        totals_before: tuple[Points, ...],
    ) -> None:
        """The hand as dealt (``hands`` is kept, not copied): nobody has passed or played. The phase and the
        leader are set by the caller (:meth:`_begin`)."""
        n = k.players
        self.rules = rules
        self.k = k
        self.dealer = dealer
        self._hands = hands
        self._hole = hole
        self._hole_owner = None
        # Every card of the deck but set-aside hole cards can be taken. In a puzzle with short hands the cards not
        # dealt count as taken before the puzzle by nobody in particular, so a puzzle cannot end in a moon.
        self._in_play = k.deck & ~hole if rules.hole_cards is _SET_ASIDE else k.deck
        self.direction = direction
        self.targets = targets
        self._passes = [None] * n
        self._received = [0] * n
        self._taken = [0] * n
        self._tricks_won = [0] * n
        self._voids = [0] * n
        self._trick = []
        self._tricks = []
        self._pending = 0
        self._seen = 0
        self.hearts_broken = False
        self.lead_suit = -1
        self._jokers_played = 0
        self._score = None
        self.trick_number = 0
        self.leader = -1
        self.opening_card = -1
        self.totals_before = totals_before

    def _begin(self) -> None:
        """The first phase after the deal: the dealer's choice of passes, the passing, or the play itself."""
        if self.direction is PassDirection.DEALERS_CHOICE:
            self.phase = _DEALERS_CHOICE
        elif self.targets:
            self.phase = _PASSING
        else:
            self._start_play()

    def _choose_targets(self, targets: tuple[tuple[int, int], ...]) -> None:
        """The dealer's choice is made: these passes (``(offset, count)`` pairs), or none and the play starts."""
        self.targets = targets
        if targets:
            self.phase = Phase.PASSING
        else:
            self._start_play()

    def random_passes(self, rng: random.Random) -> None:
        """Every seat that has not passed yet passes uniformly random cards (unpassable cards excluded): for each
        card, the ``rng.random()``-th of the seat's passable cards not chosen yet, lowest first; then the cards
        change hands and the play starts. Nothing is recorded (the fast path of
        :func:`~hearts_lessons.playout.random_pass`)."""
        need = 0
        for _, count in self.targets:
            need += count
        forbidden = self.k.unpassable
        hands = self._hands
        passes = self._passes
        rand = rng.random
        for seat in range(self.k.players):
            if passes[seat] is None:
                passes[seat] = _picks(hands[seat] & ~forbidden, need, rand)
        self._exchange()

    # -- the start of the play -----------------------------------------------------------------------------
    def _exchange(self) -> None:
        """Every seat has chosen its pass: the cards change hands (in the order of :attr:`targets`), and the
        play starts."""
        n = self.k.players
        hands = self._hands
        received = self._received
        passes = self._passes
        targets = self.targets
        for seat in range(n):
            ids = passes[seat] or ()
            position = 0
            for offset, count in targets:
                given = 0
                for cid in ids[position : position + count]:
                    given |= 1 << cid
                hands[seat] = hands[seat] & ~given  # (not ``&=`` on the item: compiled, a generic Python operation)
                target = (seat + offset) % n
                received[target] = received[target] | given
                position += count
        for seat in range(n):
            hands[seat] = hands[seat] | received[seat]
        self._start_play()

    def _start_play(self) -> None:
        """The play begins: who leads, and with which card if the opening lead is fixed."""
        self.phase = _PLAYING
        n = self.k.players
        opening = self.rules.opening_lead
        if opening is OpeningLead.LEFT_OF_DEALER:
            self.leader = (self.dealer + 1) % n
            self.opening_card = -1
            return
        hands = self._hands
        in_hands = 0
        for mask in hands:
            in_hands |= mask
        lowest = in_hands & self.k.suit_masks[0]  # the clubs
        if not lowest:  # a puzzle without clubs: the player left of the dealer leads
            self.leader = (self.dealer + 1) % n
            return
        low = lowest & -lowest
        self.opening_card = low.bit_length() - 1
        for seat in range(n):
            if hands[seat] & low:
                self.leader = seat
                break
        if opening is _HOLDER_ANY_CLUB:
            self.opening_card = -1

    # -- play ----------------------------------------------------------------------------------------------
    def random_play(self, rng: random.Random) -> None:
        """Play to the end with uniformly random legal cards (one ``rng.random()`` per card, a seat with one
        legal card included): the ``floor(rng.random() * count)``-th of the ``count`` legal cards, lowest first,
        as in :func:`_picks`, found by walking the bits while a float index, ``rng.random() * count``, is at
        least 1.0, taking 1.0 off at each step: exactly ``floor()`` steps (1.0 off a float below 2**53 is
        exact), without calling ``floor`` (interpreted, 3% of a random hand's time).

        The hot loop of the benchmarks and the lab: one trick at a time, on local variables. Legal cards come
        from the cascade (:func:`~hearts_lessons.legality.cascade_mask`, what ``legal_mask`` gives), except where
        the cascade itself says that no rule can bite (``legal_mask``'s shortcuts, checked here once a trick):
        when following suit after the first trick under a cascade of "follow suit" alone
        (:func:`~hearts_lessons.legality.follows_only`: the cards of the suit led, or the whole hand when it has
        none), and when leading after the first trick once hearts are broken under a cascade whose leading rules
        all lapse then (:func:`~hearts_lessons.legality.leads_free_once_broken`: the whole hand). Tests check both
        against ``legal_mask``. With one deck and no jokers the winner is tracked card by card (the highest id of
        the suit led); otherwise :meth:`_finish_trick` finds it."""
        k = self.k
        players = k.players
        hands = self._hands
        voids = self._voids
        suit_of = k.suit_of
        suit_masks = k.suit_masks
        breakers = k.breakers
        jokers = k.jokers
        simple = not (k.multi_deck or jokers)
        flags = shortcut_flags(k)
        plain_follow = bool(flags & 1)
        free_leads = bool(flags & 2)
        rand = rng.random
        taken = self._taken
        tricks_won = self._tricks_won
        scoring_cards = k.scoring
        by_table = BY_TABLE
        worth = k.trick_points
        followers = _followers(players)
        plays = k.plays
        playing = _PLAYING
        # a trick that :meth:`_close_trick` must close: cards pending from a trick nobody won, or hole cards
        # waiting for a trick to take them
        unusual = self._pending != 0 or (self._hole != 0 and self._hole_owner is None)
        seen = self._seen  # (kept here and written back after the play: no rule of play reads it)
        broken = self.hearts_broken
        while self.phase is playing:
            trick = self._trick
            later = self.trick_number != 0
            plain = plain_follow and later
            before = seen
            trick_mask = 0
            if trick:  # a trick in progress (a copy taken mid-trick)
                lead = self.lead_suit
                best, winner = -1, -1
                for entry in trick:
                    cid = entry[1]
                    trick_mask |= 1 << cid
                    if cid > best and suit_of[cid] == lead:
                        best, winner = cid, entry[0]
                leader = self.leader
                seats = followers[leader][len(trick) - 1 :]
            else:  # the lead
                seat = leader = self.leader
                hand = hands[seat]
                # the card is picked as for the followers below, written out twice so the loop calls nothing
                mask = hand if free_leads and later and broken else cascade_mask(k, self, hand)
                index = rand() * mask.bit_count()  # (floor(index) steps: see above)
                while index >= 1.0:
                    mask &= mask - 1
                    index -= 1.0
                bit = mask & -mask
                cid = bit.bit_length() - 1
                hands[seat] = hand ^ bit
                seen |= bit
                lead = self.lead_suit = suit_of[cid]
                best, winner = cid, seat
                trick.append(plays[seat][cid])  # (seat, cid, rank): a joker's rank is set when the trick is complete
                seats = followers[seat]
            lead_mask = suit_masks[lead]
            lead_bit = 1 << lead
            for seat in seats:
                hand = hands[seat]
                mask = (hand & lead_mask or hand) if plain else cascade_mask(k, self, hand)
                index = rand() * mask.bit_count()  # (floor(index) steps: see above)
                while index >= 1.0:
                    mask &= mask - 1
                    index -= 1.0
                bit = mask & -mask
                cid = bit.bit_length() - 1
                hands[seat] = hand ^ bit
                seen |= bit
                if suit_of[cid] == lead:  # the suit led (a joker counts as a heart)
                    if cid > best:
                        best, winner = cid, seat
                else:
                    voids[seat] = voids[seat] | lead_bit  # (not ``|=`` on the item, as in :meth:`_apply_play`)
                trick.append(plays[seat][cid])
            # Once per trick, not per card: hearts break (no rule for following a suit looks at it), and the
            # jokers played get their ranks in the order they were played.
            played = seen ^ before
            if not broken and played & breakers:
                self.hearts_broken = broken = True
            if not simple:
                if played & jokers:
                    self._rank_jokers(played & jokers)
                self._finish_trick()
            elif unusual:
                self._close_trick((winner - leader) % players, trick_mask | played)
                unusual = self._pending != 0 or (self._hole != 0 and self._hole_owner is None)
            else:  # the usual trick (:meth:`_close_trick` without pending cards or hole cards)
                taken_mask = played | trick_mask if trick_mask else played  # (the cards played before a copy)
                taken[winner] = taken[winner] | taken_mask  # (not ``|=`` on the item, as in :meth:`_apply_play`)
                tricks_won[winner] = tricks_won[winner] + 1
                scoring = taken_mask & scoring_cards
                points = worth.get(scoring) if by_table else None  # (:func:`_trick_points` without a call)
                if points is None:
                    points = _trick_points(k, scoring)
                self._tricks.append((self.trick_number, leader, tuple(trick), winner, points))
                self._trick = []
                self.lead_suit = -1
                self.trick_number += 1
                self.leader = winner
                if not hands[0]:  # the last trick (as in :meth:`_close_trick`)
                    self._end_of_play()
        self._seen = seen

    def _joker_rank(self) -> int:
        """The rank of a joker played now: the first joker played in the hand ranks above the ace, the second
        below the two."""
        rank = 15 if self._jokers_played == 0 else 1
        self._jokers_played += 1
        return rank

    def _rank_jokers(self, played: int) -> None:
        """The jokers of ``played`` in the trick on the table get their ranks (:meth:`_joker_rank`), in the order
        of the trick."""
        trick = self._trick
        for index, (seat, cid, _) in enumerate(trick):
            if (played >> cid) & 1:
                trick[index] = (seat, cid, self._joker_rank())

    def finish(self, choose: Choose) -> None:
        """Play to the end, asking ``choose(lean, seat, legal_mask)`` for each card (it must be legal); a seat
        with one legal card plays it without asking."""
        self._run(choose)

    def settle(self, rng: random.Random) -> None:
        """Score a moon that needs the shooter's choice with the bots' choice (:func:`moon_choice_for`)."""
        if self.phase is _MOON_CHOICE:
            shooter = self.moon_shooter
            assert shooter is not None
            self._score_moon(moon_choice_for(self.rules, shooter, self.totals_before, rng))

    def _score_moon(self, choice: str) -> None:
        self._score = score_hand(self.k, self._taken, self._tricks_won, self._in_play, choice)
        self.phase = _DONE

    def _run(self, choose: Choose) -> None:
        """Play to the end with the cards chosen by ``choose``."""
        k = self.k
        players = k.players
        hands = self._hands
        play = self._apply_play
        playing = Phase.PLAYING
        while self.phase is playing:
            seat = (self.leader + len(self._trick)) % players
            mask = legal_mask(k, self, hands[seat])
            if not mask & (mask - 1):  # one legal card: played without asking
                cid = mask.bit_length() - 1
            else:
                cid = choose(self, seat, mask)
                if not (mask >> cid) & 1:
                    from .cards import card_from_id

                    raise ValueError(f"the policy chose {card_from_id(cid)}, which is not legal now")
            play(cid)

    def _apply_play(self, cid: int) -> None:
        """Play card ``cid`` for the seat to move (unchecked: the caller has checked that it is legal)."""
        k = self.k
        trick = self._trick
        placed = len(trick)
        seat = (self.leader + placed) % k.players
        bit = 1 << cid
        hands = self._hands
        hands[seat] = hands[seat] ^ bit  # (not ``^=`` on the item: compiled, that is a generic Python operation)
        if placed:
            lead = self.lead_suit
            if not bit & k.suit_masks[lead]:  # not the suit led (a joker counts as a heart)
                voids = self._voids
                voids[seat] = voids[seat] | (1 << lead)
        else:
            self.lead_suit = k.suit_of[cid]
        trick.append((seat, cid, self._joker_rank()) if bit & k.jokers else k.plays[seat][cid])
        self._seen |= bit
        if not self.hearts_broken and bit & k.breakers:
            self.hearts_broken = True
        if placed + 1 == k.players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """Close the trick just completed: find its winner and hand it over (:meth:`_close_trick`)."""
        k = self.k
        entries = self._trick
        winner_index = -1
        mask = 0
        if k.multi_deck or k.jokers:
            found = _winner(entries, self.lead_suit, k)
            winner_index = -1 if found is None else found
            for entry in entries:
                mask |= 1 << entry[1]
        else:  # one deck, no jokers: the highest id of the suit led wins
            lead_mask = k.suit_masks[self.lead_suit]
            best = -1
            for index, entry in enumerate(entries):
                cid = entry[1]
                bit = 1 << cid
                mask |= bit
                if cid > best and bit & lead_mask:
                    best, winner_index = cid, index
        self._close_trick(winner_index, mask)

    def _close_trick(self, winner_index: int, mask: int) -> None:
        """The completed trick (its cards ``mask``) goes to the play at ``winner_index`` (-1: no play wins, as
        when identical cards cancel): points, hole cards, the record of the trick, and the end of the play
        after the last trick."""
        k = self.k
        entries = self._trick
        points: Points = 0
        last = not self._hands[0]
        winner: int | None
        if winner_index < 0:
            winner = self.leader if last else None  # RULES 3: if the last trick has no winner, its leader takes it
        else:
            winner = entries[winner_index][0]
        if winner is None:
            self._pending |= mask
        else:
            if self._pending:
                mask |= self._pending
                self._pending = 0
            if self._hole and self._hole_owner is None:
                hole_rule = self.rules.hole_cards
                if hole_rule is not HoleCards.SET_ASIDE and (
                    hole_rule is HoleCards.FIRST_TRICK
                    or (hole_rule is HoleCards.FIRST_HEART_TRICK and mask & k.hearts)
                    or (hole_rule is HoleCards.FIRST_PENALTY_TRICK and mask & k.penalty)
                ):
                    mask |= self._hole
                    self._hole_owner = winner
            taken = self._taken
            taken[winner] = taken[winner] | mask
            tricks_won = self._tricks_won
            tricks_won[winner] = tricks_won[winner] + 1
            points = _trick_points(k, mask & k.scoring)
            self.leader = winner
        self._tricks.append((self.trick_number, entries[0][0], tuple(entries), winner, points))
        self._trick = []
        self.lead_suit = -1
        self.trick_number += 1
        if last:
            self._end_of_play()

    def _end_of_play(self) -> None:
        rules = self.rules
        if self._hole and self._hole_owner is None and rules.hole_cards is not _SET_ASIDE:
            # no trick triggered the hole cards (e.g. no heart was ever played): nobody takes them
            self._in_play &= ~self._hole
        k = self.k
        moon_cards = k.moon_cards & self._in_play
        needs_choice = rules.moon in MOON_CHOICES and any(taken & moon_cards == moon_cards for taken in self._taken)
        if needs_choice and moon_cards:
            self.phase = _MOON_CHOICE
        else:
            self._score = score_hand(k, self._taken, self._tricks_won, self._in_play)
            self.phase = _DONE


def _winner(entries: list[tuple[int, int, int]], lead: int, k: Layout) -> int | None:
    """The index of the winning play: highest rank of the suit led; identical cards of several decks cancel."""
    suit_of = k.suit_of
    cancelled: set[int] = set()
    if k.multi_deck:
        groups: dict[int, list[int]] = {}
        for index, (_, cid, _) in enumerate(entries):
            groups.setdefault(cid & 63, []).append(index)
        for members in groups.values():
            if len(members) >= 2:
                cancelled.update(members[:2])
    best: int | None = None
    best_rank = -1
    for index, (_, cid, rank) in enumerate(entries):
        if index in cancelled or suit_of[cid] != lead:
            continue
        if rank > best_rank:
            best, best_rank = index, rank
    return best


def seat_sight(lean: Lean, seat: int, face_up: bool) -> tuple[int, list[int], int]:
    """What ``seat`` sees of the cards of ``lean``: its hand (none while a dealer names the passes before looking
    at it), each seat's taken cards (hole cards another seat took face down hidden: the hand's own list when
    nothing is hidden, else a copy) and the hole cards it knows. ``face_up`` is ``rules.leftover_face_up``.
    :class:`LeanView` and the bots' :class:`~hearts_lessons.bots.features.Sight` read a seat through it."""
    hand = 0 if lean.phase is _DEALERS_CHOICE and seat == lean.dealer else lean._hands[seat]
    taken = lean._taken
    owner = lean._hole_owner
    known = 0
    if face_up:
        known = lean._hole
    elif owner is not None:
        if owner == seat:
            known = lean._hole
        else:
            taken = list(taken)
            taken[owner] &= ~lean._hole
    return hand, taken, known


class LeanView:
    """One seat's knowledge of a :class:`Lean` hand (a :class:`~hearts_lessons.state.HandState` is one), read on
    demand: what a :class:`~hearts_lessons.views.SeatView` of the same moment shows (a test checks every field),
    for the bots' decisions in rollouts and simulations."""

    __slots__ = ("_lean", "_legal", "k", "rules", "seat")

    def __init__(self, lean: Lean, seat: int, legal: int = -1) -> None:
        self._lean = lean
        self.seat = seat
        self.k = lean.k
        self.rules = lean.rules
        self._legal = legal

    @property
    def players(self) -> int:
        return self.k.players

    @property
    def hand_mask(self) -> int:
        return seat_sight(self._lean, self.seat, self.rules.leftover_face_up)[0]

    @property
    def legal_mask(self) -> int:
        if self._legal < 0:
            lean = self._lean
            self._legal = legal_mask(lean.k, lean, lean._hands[self.seat]) if lean.to_play == self.seat else 0
        return self._legal

    @property
    def leader(self) -> int:
        return self._lean.leader

    @property
    def trick_number(self) -> int:
        return self._lean.trick_number

    @property
    def current_trick(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(self._lean._trick)

    @property
    def hearts_broken(self) -> bool:
        return self._lean.hearts_broken

    @property
    def played_mask(self) -> int:
        return self._lean._seen

    @property
    def taken_masks(self) -> tuple[int, ...]:
        return tuple(seat_sight(self._lean, self.seat, self.rules.leftover_face_up)[1])

    @property
    def voids(self) -> tuple[int, ...]:
        return tuple(self._lean._voids)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(m.bit_count() for m in self._lean._hands)

    @property
    def targets(self) -> tuple[tuple[int, int], ...]:
        return self._lean.targets

    @property
    def direction(self) -> PassDirection:
        return self._lean.direction

    @property
    def passed_mask(self) -> int:
        return sum(1 << c for c in self._lean._passes[self.seat] or ())

    @property
    def received_mask(self) -> int:
        lean = self._lean
        if lean.phase is Phase.PASSING or lean.phase is Phase.DEALERS_CHOICE:
            return 0
        return lean._received[self.seat]

    @property
    def hole_mask_known(self) -> int:
        return seat_sight(self._lean, self.seat, self.rules.leftover_face_up)[2]

    @property
    def unseen_mask(self) -> int:
        hand, _, known = seat_sight(self._lean, self.seat, self.rules.leftover_face_up)
        return self.k.deck & ~(hand | self._lean._seen | known)

    @property
    def totals_before(self) -> tuple[Points, ...]:
        return self._lean.totals_before

    @property
    def tricks(self) -> tuple[Trick, ...]:
        from .state import _trick_of

        return tuple(_trick_of(raw) for raw in self._lean._tricks)
