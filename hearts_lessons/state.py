"""One hand of Hearts, phase by phase: deal, (dealer's choice,) passing, play, (moon choice,) score.

Every action has three verbs: ``verify_*`` raises :class:`~hearts_lessons.errors.IllegalActionError` with the
reason, ``can_*`` answers yes or no, and the verb itself applies the action. A refused action leaves the state
unchanged. Cards are held as bit masks inside; the public API speaks in :class:`~hearts_lessons.cards.Card`.

>>> s = HandState.deal(seed=1)
>>> s.phase, s.pass_direction
(<Phase.PASSING: 'passing'>, <PassDirection.LEFT: 'left'>)
>>> for seat in range(4):
...     s.pass_cards(seat, s.hand(seat)[-3:])
>>> s.phase, s.to_play, s.legal_plays()
(<Phase.PLAYING: 'playing'>, 3, [2C])
>>> s.play("3C")
Traceback (most recent call last):
...
hearts_lessons.errors.IllegalPlayError: you do not hold the 3♣
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardParseError, Suit, card_from_id, cards_of_mask, ids_of_mask, mask_of
from .errors import IllegalPassError, IllegalPlayError, RecordError, RulesError
from .i18n import tr, tr_n
from .layout import layout_for
from .lean import FIELDS as LEAN_FIELDS
from .lean import Lean, Phase, RawTrick, deal_masks, direction_offset, pass_targets
from .legality import legal_mask, play_reason
from .records import dump_record, load_record, require
from .rules import STANDARD, HoleCards, OpeningLead, PassDirection, Points, Rules
from .scoring import MOON_CHOICES
from .seats import seat_name

__all__ = [
    "CHECKS",
    "Action",
    "HandState",
    "ImpossiblePositionError",
    "Phase",
    "Problem",
    "Status",
    "Trick",
    "direction_offset",
    "pass_targets",
]

CardLike = Card | str


@dataclass(frozen=True, slots=True)
class Action:
    """One recorded action. ``kind`` is ``choose_passes``, ``pass``, ``play`` or ``moon``."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()
    choice: str | None = None
    passes: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> list[Any]:
        if self.kind == "play":
            return ["play", self.seat, _code(self.cards[0])]
        if self.kind == "pass":
            return ["pass", self.seat, [_code(c) for c in self.cards]]
        if self.kind == "moon":
            return ["moon", self.seat, self.choice]
        return ["choose_passes", self.seat, {d: n for d, n in self.passes}]


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: who led, the cards in play order, who won it (``None`` if every card of the led suit was
    cancelled), and the points it carried."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None
    points: Points

    @property
    def cards(self) -> list[Card]:
        return [c for _, c in self.plays]

    @property
    def lead_suit(self) -> Suit | None:
        if not self.plays:
            return None
        card = self.plays[0][1]
        return Suit.HEARTS if card.is_joker else card.suit


CHECKS: tuple[str, ...] = (
    "not_in_deck",
    "twice",
    "gone",
    "hand_sizes",
    "hole",
    "hearts_unbroken",
    "hearts_broken",
    "void",
    "opening_lead",
    "earlier_tricks",
)
"""The checks of :meth:`HandState.status`, in the order it runs them:

- ``not_in_deck``: a card on the table that these rules' deck does not hold (a removed card, a second deck's card);
- ``twice``: a card in two places (two hands, a hand and a trick, a hand and the hole cards …);
- ``gone``: the cards in no hand, on no trick and not among the hole cards are the cards of the tricks played
  before the position; there must be exactly as many as those tricks took (none at the first trick, where every
  hand is full);
- ``hand_sizes``: every player holds as many cards as the others, less one for each who has played to this trick;
- ``hole``: the cards left over after an even deal are all set aside, or gone to the trick whose winner takes them;
- ``hearts_unbroken``: hearts are not broken, yet a card that breaks them (a heart, and the Q♠ where penalty
  cards break hearts) has been played;
- ``hearts_broken``: hearts are broken, yet no card that breaks them has been played;
- ``void``: a player who has shown a void in a suit (by not following it) holds a card of that suit;
- ``opening_lead``: the first trick is led by a player the opening-lead rule does not name, or, after it, the
  club that opens it (the 2♣) has not been played;
- ``earlier_tricks``: the cards gone cannot make the tricks said to be played before the position. A player who
  still holds a suit held it then, so followed every trick led in it: each suit's cards gone must be enough for
  the leads in it (the first trick is a club lead where the lowest club opens); and when one trick was played
  before, some way of giving its cards to the players must make a legal first trick, won by the player who leads
  now, that breaks hearts exactly when the position says they are broken (one deck, no jokers, no hole cards)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a position could not have happened, as data: which check failed (one of :data:`CHECKS`), the seats
    and cards concerned, the counts it compared, and the sentence in English (made from those data, so that
    another edition can word the same data in its own language)."""

    check: str
    text: str
    seats: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    counts: tuple[tuple[str, int], ...] = ()

    def count(self, name: str) -> int:
        """One of the counts the check compared (``KeyError`` if the check has no such count)."""
        return dict(self.counts)[name]


@dataclass(frozen=True, slots=True)
class Status:
    """Whether a position has a legal history (:meth:`HandState.status`): ``ok`` (the value is then true), or
    the problems that rule it out, each a :class:`Problem`, in :data:`CHECKS` order."""

    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def checks(self) -> tuple[str, ...]:
        """The names of the failed checks, in :data:`CHECKS` order (empty when the position is possible)."""
        return tuple(p.check for p in self.problems)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return "this position could have happened"
        return " ".join(p.text for p in self.problems)


class ImpossiblePositionError(ValueError):
    """A position that no legal play of a deal reaches (refused by :meth:`HandState.from_cards`); ``status``
    holds the problems and the message says them."""

    def __init__(self, status: Status) -> None:
        super().__init__(f"this position could not have happened: {status}")
        self.status = status


def _join(cards: Iterable[Card]) -> str:
    symbols = [c.symbol for c in cards]
    if len(symbols) <= 1:
        return "".join(symbols)
    return ", ".join(symbols[:-1]) + " and " + symbols[-1]


def _some_cards(cards: Sequence[Card]) -> str:
    """``the 5♥ and Q♠``; more than three hearts are counted: ``the Q♠ and 9 hearts``."""
    hearts = [c for c in cards if c.suit is Suit.HEARTS and not c.is_joker]
    if len(cards) <= 3 or len(hearts) <= 1:
        return "the " + _join(cards)
    others = [c for c in cards if c not in hearts]
    counted = f"{len(hearts)} hearts"
    return f"the {_join(others)} and {counted}" if others else counted


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _status(state: HandState) -> Status:
    """The checks of :meth:`HandState.status` (see :data:`CHECKS`)."""
    k = state.k
    rules = state.rules
    n = state.players
    problems: list[Problem] = []

    # where every card is: hands, hole cards, the trick on the table, the tricks played since the position began
    places: list[tuple[str, int]] = [(seat_name(s, n) + "'s hand", m) for s, m in enumerate(state._hands)]
    places.append(("the hole cards", state._hole))
    places.append(("the trick on the table", sum(1 << cid for _, cid, _ in state._trick)))
    for raw in state._tricks:
        places.append((f"trick {raw[0] + 1}", sum(1 << cid for _, cid, _ in raw[2])))
    on_table = 0
    twice = 0
    for _, mask in places:
        twice |= on_table & mask
        on_table |= mask
    strange = on_table & ~k.deck
    if strange:
        cards = tuple(cards_of_mask(strange))
        problems.append(Problem("not_in_deck", f"The {_join(cards)} {'is' if len(cards) == 1 else 'are'} not in "
                                f"the deck of these rules.", cards=cards))  # fmt: skip
    if twice:
        cards = tuple(cards_of_mask(twice))
        where = [name for name, mask in places if mask & twice]
        holders = tuple(s for s, mask in enumerate(state._hands) if mask & twice)
        problems.append(Problem("twice", f"The {_join(cards)} {'is' if len(cards) == 1 else 'are'} in two places "
                                f"at once ({', '.join(where)}).", seats=holders, cards=cards))  # fmt: skip

    # counting: the deal leaves `left_over` cards (the hole cards); the rest make hands of `full` cards
    deck_size = k.deck.bit_count()
    left_over = deck_size % n
    full = deck_size // n
    before = state.start[1] if state.start is not None else 0  # tricks played before the position began
    hole_given = state._hole.bit_count()
    gone_mask = k.deck & ~on_table
    # the cards gone are counted as the deck's cards less the cards set out (a card out twice or not in the deck
    # takes the place of one gone: ``twice`` and ``not_in_deck`` say that)
    gone = deck_size - sum(mask.bit_count() for _, mask in places)
    hole_taken = left_over - hole_given if hole_given <= left_over else 0  # taken before the position began
    expected = before * n + hole_taken
    if gone != expected:
        if before == 0:
            text = (f"At the first trick every hand is full ({_plural(full, 'card')}), but "
                    f"{_plural(gone - hole_taken, 'card')} of the deck {'is' if gone - hole_taken == 1 else 'are'} "
                    f"in no hand.")  # fmt: skip
        else:
            text = (f"{_plural(before, 'trick')} played before this position took {_plural(before * n, 'card')}, "
                    f"but {_plural(gone - hole_taken, 'card')} of the deck {'is' if gone - hole_taken == 1 else 'are'}"
                    f" in no hand and on no trick.")  # fmt: skip
        problems.append(Problem("gone", text, counts=(("tricks_before", before), ("expected", before * n),
                                                      ("gone", gone - hole_taken))))  # fmt: skip

    counted = gone == expected and not twice and not strange  # the cards gone are those of the tricks before
    played_now = {seat for seat, _, _ in state._trick}
    sizes = [m.bit_count() + (1 if s in played_now else 0) for s, m in enumerate(state._hands)]
    if len(set(sizes)) > 1:
        counts = tuple((f"seat_{s}", m.bit_count()) for s, m in enumerate(state._hands))
        held = ", ".join(f"{seat_name(s, n)} {m.bit_count()}" for s, m in enumerate(state._hands))
        text = "The hands do not fit the play: every player holds as many cards as the others, less the card each "
        text += f"has played to this trick, but they hold {held}."
        problems.append(Problem("hand_sizes", text, seats=tuple(range(n)), counts=counts))

    # hole cards: all set aside, or (where they go to a trick's winner) possibly taken before the position began
    rule = rules.hole_cards
    hole_text = ""
    if hole_given > left_over or 0 < hole_given < left_over:
        hole_text = (f"The deal leaves {_plural(left_over, 'card')} over (the hole cards), but the position sets "
                     f"{hole_given} aside.")  # fmt: skip
    elif hole_given == 0 and left_over:
        if before == 0 or rule is HoleCards.SET_ASIDE:
            hole_text = (f"The deal leaves {_plural(left_over, 'card')} over, set aside as the hole cards, but the "
                         f"position sets none aside.")  # fmt: skip
        elif rule is HoleCards.FIRST_HEART_TRICK and not gone_mask & k.hearts:
            hole_text = ("The hole cards go to the winner of the first trick with a heart, but no heart has been "
                         "played: they cannot have been taken.")  # fmt: skip
        elif rule is HoleCards.FIRST_PENALTY_TRICK and not gone_mask & k.penalty:
            hole_text = ("The hole cards go to the winner of the first trick with a penalty card, but no penalty "
                         "card has been played: they cannot have been taken.")  # fmt: skip
    elif hole_given and before and state._hole_owner is None and state.start is not None:
        if rule is HoleCards.FIRST_TRICK and not k.multi_deck:
            hole_text = (f"The hole cards go to the winner of the first trick, but they are still set aside after "
                         f"{_plural(before, 'trick')}.")  # fmt: skip
        elif rule is HoleCards.FIRST_HEART_TRICK and gone_mask & k.hearts:
            hole_text = ("The hole cards go to the winner of the first trick with a heart; a heart has been played, "
                         "but they are still set aside.")  # fmt: skip
        elif rule is HoleCards.FIRST_PENALTY_TRICK and gone_mask & k.penalty:
            hole_text = ("The hole cards go to the winner of the first trick with a penalty card; one has been "
                         "played, but they are still set aside.")  # fmt: skip
    if hole_text:
        problems.append(Problem("hole", hole_text, cards=tuple(cards_of_mask(state._hole)),
                                counts=(("left_over", left_over), ("hole", hole_given))))  # fmt: skip

    # hearts: broken exactly when a card that breaks them has been played (some gone cards may be hole cards)
    played = on_table & ~state._hole
    for _, mask in places[: n + 1]:
        played &= ~mask
    # cards gone beyond what the tricks before took are no play, so they say nothing of hearts (``gone`` says it)
    breakers_gone = gone_mask & k.breakers if counted else 0
    breaking = (played & k.breakers) | breakers_gone
    what = "a heart or a penalty card" if rules.penalty_cards_break_hearts else "a heart"
    if rules.penalty_cards_break_hearts and k.penalty & ~k.hearts == k.queen:
        what = "a heart or the Q♠"
    if not state.hearts_broken and (played & k.breakers or breakers_gone.bit_count() > hole_taken):
        cards = tuple(cards_of_mask(breaking))
        text = (f"Hearts are not broken, yet {_some_cards(cards)} {'has' if len(cards) == 1 else 'have'} been "
                f"played ({what} breaks hearts).")  # fmt: skip
        problems.append(Problem("hearts_unbroken", text, cards=cards))
    if state.hearts_broken and not breaking and counted:
        text = f"Hearts are broken, yet no card that breaks them ({what}) has been played."
        problems.append(Problem("hearts_broken", text))

    for seat, voids in enumerate(state._voids):
        for suit in Suit:
            kept = state._hands[seat] & k.suit_masks[suit] if voids >> suit & 1 else 0
            if kept:
                cards = tuple(cards_of_mask(kept))
                text = (f"{seat_name(seat, n)} has shown a void in {suit.english} (by not following the suit), yet "
                        f"holds the {_join(cards)}.")  # fmt: skip
                problems.append(Problem("void", text, seats=(seat,), cards=cards))

    if before and rules.opening_lead is OpeningLead.LOWEST_CLUB and counted:
        # the first trick, played before the position, was opened with the lowest club in play
        clubs = k.deck & k.suit_masks[Suit.CLUBS] & ~state._hole
        low = clubs & -clubs
        if low and not low & gone_mask:
            card = card_from_id(low.bit_length() - 1)
            text = (f"{_plural(before, 'trick')} {'was' if before == 1 else 'were'} played before this position, "
                    f"but the {card.symbol}, which opens the first trick, has not been played.")  # fmt: skip
            problems.append(Problem("opening_lead", text, cards=(card,)))
    if state.start is not None and before == 0 and counted:
        opener = _opening_leader(state)
        if opener is not None and opener != state.start[0]:
            left = rules.opening_lead is OpeningLead.LEFT_OF_DEALER
            who = "the player left of the dealer" if left else "the holder of the lowest club"
            text = (f"{seat_name(state.start[0], n)} leads the first trick, but {who}, "
                    f"{seat_name(opener, n)}, leads it.")  # fmt: skip
            problems.append(Problem("opening_lead", text, seats=(state.start[0], opener)))
    if before and counted and state.start is not None and not k.jokers and not problems:
        found = _earlier_tricks(state, before, gone_mask & ~state._hole, left_over)
        if found is not None:
            problems.append(found)
    return Status(tuple(problems))


def _earlier_tricks(state: HandState, before: int, gone: int, left_over: int) -> Problem | None:
    """The ``earlier_tricks`` check (:data:`CHECKS`): can the cards ``gone`` make the ``before`` tricks played
    before a position set up mid-hand? ``None`` when they can (as far as the check sees)."""
    k = state.k
    n = state.players
    played_since: list[int] = [0] * n  # each seat's cards played since the position began: held before it too
    for raw in state._tricks:
        for seat, cid, _ in raw[2]:
            played_since[seat] |= 1 << cid
    for seat, cid, _ in state._trick:
        played_since[seat] |= 1 << cid
    held = [state._hands[s] | played_since[s] for s in range(n)]
    club_lead = state.rules.opening_lead is OpeningLead.LOWEST_CLUB and bool(gone & k.suit_masks[Suit.CLUBS])
    capacity = 0
    for suit in Suit:
        holders = [s for s in range(n) if held[s] & k.suit_masks[suit]]
        count = (gone & k.suit_masks[suit]).bit_count()
        leads = count // max(len(holders), 1)  # each lead in the suit takes one of them from every holder
        capacity += leads
        if suit is Suit.CLUBS and club_lead and not leads:
            who = _join_names([seat_name(s, n) for s in holders])
            text = (f"The first trick was led with a club, and {who} still {'holds' if len(holders) == 1 else 'hold'} "
                    f"clubs, so {'that player' if len(holders) == 1 else 'each of them'} followed it: that takes "
                    f"{_plural(len(holders), 'club')}, but only {_plural(count, 'club')} "
                    f"{'has' if count == 1 else 'have'} been played.")  # fmt: skip
            return Problem("earlier_tricks", text, seats=tuple(holders), cards=tuple(cards_of_mask(gone)),
                           counts=(("clubs_needed", len(holders)), ("clubs_gone", count)))  # fmt: skip
    if capacity < before:
        text = (f"{_plural(before, 'trick')} {'was' if before == 1 else 'were'} played before this position, but the "
                f"cards gone cannot make {'it' if before == 1 else 'them'}: whoever still holds a suit followed every "
                f"trick led in it, and the cards gone are enough for only {_plural(capacity, 'lead')}.")  # fmt: skip
        return Problem("earlier_tricks", text, cards=tuple(cards_of_mask(gone)),
                       counts=(("tricks_before", before), ("leads_possible", capacity)))  # fmt: skip
    exact = before == 1 and not k.multi_deck and not left_over and state.start is not None
    if exact and not _first_trick_fits(state, held, cards_of_mask(gone)):
        leader = seat_name(state.start[0], n) if state.start is not None else "?"
        text = (f"One trick was played before this position, with the {_join(cards_of_mask(gone))}, but no way of "
                f"giving those cards to the players makes a legal first trick won by {leader}, who leads now, "
                f"with hearts {'broken' if state.hearts_broken else 'not broken'} after it.")  # fmt: skip
        return Problem("earlier_tricks", text, cards=tuple(cards_of_mask(gone)),
                       counts=(("tricks_before", 1),))  # fmt: skip
    return None


def _join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _first_trick_fits(state: HandState, held: Sequence[int], gone: Sequence[Card]) -> bool:
    """Whether giving the first trick's cards ``gone`` (one a seat) to the seats, each beside what it ``held``
    when the position began, makes a legal first trick won by the player who leads now, that breaks hearts exactly
    when the position says."""
    from itertools import permutations

    n = state.players
    start = state.start
    if start is None or len(gone) != n:
        return True
    for order in permutations(gone):
        hands = [held[s] | order[s].bit for s in range(n)]
        trial = HandState(state.rules, hands, 0, dealer=state.dealer, direction=PassDirection.HOLD)
        fits = True
        for _ in range(n):
            seat = trial.to_play
            if not trial.legal_mask() >> order[seat].id & 1:
                fits = False
                break
            trial._apply_play(order[seat].id)
        if fits and trial.leader == start[0] and trial.hearts_broken == state.hearts_broken:
            return True
    return False


def _opening_leader(state: HandState) -> int | None:
    """Who leads the first trick of the position's deal (as :meth:`Lean._start_play` finds it, from the hands
    as they were when the play began), or ``None`` if the hands are not known then (a passing hand)."""
    if state.targets and state.direction is not PassDirection.HOLD:
        return None
    n = state.players
    if state.rules.opening_lead is OpeningLead.LEFT_OF_DEALER:
        return (state.dealer + 1) % n
    clubs = 0
    for mask in state.deal_cards:
        clubs |= mask & state.k.suit_masks[Suit.CLUBS]
    if not clubs:
        return (state.dealer + 1) % n
    low = clubs & -clubs
    return next(s for s, mask in enumerate(state.deal_cards) if mask & low)


def _code(card: Card) -> str:
    return card.code if card.copy == 0 or card.is_joker else f"{card.code}#{card.copy}"


def _card(value: CardLike) -> Card:
    if isinstance(value, Card):
        return value
    code, sep, copy = str(value).partition("#")
    card = Card.from_str(code)
    if not sep:
        return card
    if copy not in ("0", "1", "2"):  # decks are numbered 0 to 2 (at most three decks)
        raise CardParseError(f"{value!r} is not a card (a card of another deck is written like QS#1)")
    return Card(card.rank, card.suit, int(copy))


def _codes(text: str) -> list[str]:
    """Split a list of card codes (``"QS 2C, QS#1"``: ``#1`` names the card of the second deck)."""
    return text.replace(",", " ").replace(";", " ").split()


_HAND_FIELDS = ("actions", "deal_cards", "hand_number", "seed", "start")
"""The fields a :class:`HandState` adds to those of its :class:`~hearts_lessons.lean.Lean` part."""


class HandState(Lean):
    """The state of one hand. Build with :meth:`deal` (seeded) or :meth:`from_cards` (a given deal). The play
    itself (cards, tricks, the score of the play) is its :class:`~hearts_lessons.lean.Lean` part."""

    __slots__ = _HAND_FIELDS

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        hole: int,
        *,
        dealer: int = 0,
        hand_number: int = 0,
        seed: int | None = None,
        direction: PassDirection | None = None,
        totals_before: Sequence[Points] | None = None,
    ) -> None:
        k = layout_for(rules)
        n = rules.players
        if len(hands) != n:
            raise ValueError(f"{n} hands are needed, not {len(hands)}")
        chosen = direction if direction is not None else rules.cycle[hand_number % len(rules.cycle)]
        totals: tuple[Points, ...] = tuple(totals_before) if totals_before else (0,) * n
        self._set_up(rules, k, list(hands), hole, dealer % n, chosen, pass_targets(chosen, rules), totals)
        self.hand_number = hand_number
        self.seed = seed
        self.deal_cards: tuple[int, ...] = tuple(hands)
        self.actions: list[Action] = []
        self.start: tuple[int, int, bool] | None = None
        """For a puzzle that starts mid-hand: (leader, trick number, hearts broken)."""
        self._begin()

    # -- construction --------------------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        rules: Rules = STANDARD,
        *,
        seed: int = 0,
        dealer: int = 0,
        hand_number: int = 0,
        totals_before: Sequence[Points] | None = None,
        rng: random.Random | None = None,
    ) -> HandState:
        """Shuffle with ``seed`` and deal one card at a time clockwise, starting left of the dealer; cards left
        over after an even deal are the hole cards (or kitty). Simulations of many hands may pass one seeded
        ``rng`` instead (the record then keeps the deal itself, not a seed)."""
        hands, hole = deal_masks(layout_for(rules), dealer, seed, rng)
        return cls(rules, hands, hole, dealer=dealer, hand_number=hand_number, seed=None if rng else seed,
                   totals_before=totals_before)  # fmt: skip

    @classmethod
    def from_cards(
        cls,
        hands: str | Sequence[str | Iterable[CardLike]],
        rules: Rules = STANDARD,
        *,
        hole: str | Iterable[CardLike] = (),
        dealer: int = 0,
        hand_number: int = 0,
        hold: bool = False,
        direction: PassDirection | None = None,
        leader: int | None = None,
        trick_number: int = 0,
        hearts_broken: bool = False,
        check: bool = True,
    ) -> HandState:
        """Set up a hand from given cards (for puzzles and tests). ``hands`` is a list with one entry per seat,
        or one string with seats separated by ``;``. Hands may be shorter than a full deal (a puzzle from the
        middle of a hand); the first-trick rules apply while ``trick_number`` is 0. ``hold=True`` skips
        passing. A puzzle can start mid-hand: ``leader`` (who leads), ``trick_number`` and ``hearts_broken``
        (these need ``hold=True``).

        A position that no legal play could reach is refused with :class:`ImpossiblePositionError` saying why
        (:meth:`status`): two-card hands are the last two tricks of a hand, not its first. ``check=False`` builds
        it anyway (a test of one rule on a toy position).

        >>> HandState.from_cards("QS 7C; 3C 4D; 4C 5D; 5C 6D", hold=True, trick_number=11, leader=0,
        ...                      hearts_broken=True).hand(0)
        [7C, QS]
        >>> import textwrap
        >>> try:
        ...     HandState.from_cards("QS 2C; 3C 4D; 4C 5D; 5C 6D")
        ... except ImpossiblePositionError as refused:
        ...     print(textwrap.fill(str(refused), 100))
        this position could not have happened: At the first trick every hand is full (13 cards), but 44
        cards of the deck are in no hand.
        """
        if isinstance(hands, str):
            hands = [h.strip() for h in hands.split(";")]
        if len(hands) != rules.players:
            raise ValueError(f"these rules are for {rules.players} players; {len(hands)} hands were given")
        masks: list[int] = []
        seen = 0
        for seat_cards in hands:
            cards = [_card(c) for c in (_codes(seat_cards) if isinstance(seat_cards, str) else seat_cards)]
            mask = 0
            for card in cards:
                if card.bit & ~layout_for(rules).deck:
                    raise ValueError(f"{card.symbol} is not in the deck of these rules")
                if card.bit & (seen | mask):
                    raise ValueError(f"{card.symbol} is dealt twice")
                mask |= card.bit
            seen |= mask
            masks.append(mask)
        sizes = {m.bit_count() for m in masks}
        if len(sizes) != 1:
            raise ValueError("every player must hold the same number of cards")
        hole_cards = [_card(c) for c in (_codes(hole) if isinstance(hole, str) else hole)]
        hole_mask = mask_of(hole_cards)
        if hole_mask & seen:
            raise ValueError("a hole card is also in a hand")
        chosen = PassDirection.HOLD if hold else direction
        state = cls(rules, masks, hole_mask, dealer=dealer, hand_number=hand_number, direction=chosen)
        if leader is not None or trick_number or hearts_broken:
            state._set_start(state.leader if leader is None else leader, trick_number, hearts_broken)
        if check:
            found = state.status()
            if not found.ok:
                raise ImpossiblePositionError(found)
        return state

    @classmethod
    def played_to(
        cls,
        rules: Rules = STANDARD,
        *,
        cards_each: int,
        seed: int = 0,
        hearts_broken: bool | None = None,
        dealer: int = 0,
    ) -> HandState:
        """A position from late in a hand that could have happened: a seeded deal (no passing) played with random
        legal cards until each hand holds ``cards_each`` cards, then set up afresh from there with
        :meth:`from_cards` (the earlier tricks are gone; the next trick's leader leads). ``hearts_broken``
        asks for hearts broken (``True``) or not yet (``False``: the play then avoids cards that break hearts
        when it can, and tries further deals until none was played); ``None`` takes what the play gave. A
        position that no deal gives (hearts unbroken with fewer cards in the hands than break hearts) raises
        ``ValueError``.

        >>> s = HandState.played_to(cards_each=5, seed=2, hearts_broken=False)
        >>> s.trick_number, [len(s.hand(seat)) for seat in range(4)], s.hearts_broken, s.status().ok
        (8, [5, 5, 5, 5], False, True)
        """
        k = layout_for(rules)
        full = k.deck.bit_count() // rules.players
        if not 1 <= cards_each <= full:
            raise ValueError(f"a hand of these rules holds 1 to {full} cards, not {cards_each}")
        rng = random.Random(seed)
        for _ in range(200):
            hands, hole = deal_masks(k, dealer, rng.randrange(2**32), None)
            state = cls(rules, hands, hole, dealer=dealer, direction=PassDirection.HOLD)
            while state.phase is Phase.PLAYING and state.trick_number < full - cards_each:
                legal = state.legal_mask()
                if hearts_broken is False and legal & ~k.breakers:
                    legal &= ~k.breakers
                state.play_id(rng.choice(list(ids_of_mask(legal))))
            if hearts_broken is None or state.hearts_broken == hearts_broken:
                break
        else:
            raise ValueError(f"no play of these rules leaves hearts {'' if hearts_broken else 'un'}broken with "
                             f"{cards_each} cards in each hand")  # fmt: skip
        hole_left = state._hole if state._hole_owner is None else 0
        return cls.from_cards(
            [cards_of_mask(m) for m in state._hands], rules, hole=cards_of_mask(hole_left), dealer=dealer, hold=True,
            leader=state.leader, trick_number=state.trick_number, hearts_broken=state.hearts_broken,
        )  # fmt: skip

    def _set_start(self, leader: int, trick_number: int, hearts_broken: bool) -> None:
        """Start a puzzle mid-hand: who leads, how many tricks were played before, whether hearts are broken."""
        if self.phase is not Phase.PLAYING or self.actions or self._tricks:
            raise ValueError("a puzzle that starts mid-hand needs hold=True")
        if not 0 <= leader < self.players:
            raise ValueError(f"there is no seat {leader}")
        if trick_number < 0:
            raise ValueError("the trick number cannot be negative")
        self.leader = leader
        self.trick_number = trick_number
        self.hearts_broken = hearts_broken
        if trick_number:
            self.opening_card = -1
            # The cards of the earlier tricks are gone: played, so no seat holds them and no sampled deal hands
            # them out again (a seat's view counts them as played, not as still out).
            held = 0
            for mask in self._hands:
                held |= mask
            self._seen |= self.k.deck & ~held & ~self._hole
        self.start = (leader, trick_number, hearts_broken)

    def copy(self) -> HandState:
        """An independent copy (cheap: lists of ints)."""
        other = HandState.__new__(HandState)  # not object.__new__: a compiled Lean (mypyc) refuses that
        for name in _SLOTS:
            value = getattr(self, name)
            if isinstance(value, list):
                value = list(value)
            setattr(other, name, value)
        return other

    # -- facts ---------------------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def to_pass(self) -> list[int]:
        """Seats that still have to pass."""
        if self.phase is not Phase.PASSING:
            return []
        return [s for s in range(self.players) if self._passes[s] is None]

    @property
    def pass_direction(self) -> PassDirection:
        return self.direction

    @property
    def cards_to_pass(self) -> int:
        return sum(count for _, count in self.targets)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, sorted."""
        return cards_of_mask(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    @property
    def hole_cards(self) -> list[Card]:
        """Cards left over after the deal (the kitty, hole cards, Cancellation's leftovers)."""
        return cards_of_mask(self._hole)

    @property
    def hole_cards_mask(self) -> int:
        """:attr:`hole_cards` as a mask of card ids."""
        return self._hole

    @property
    def hole_owner(self) -> int | None:
        """The seat that took the hole cards, once someone has."""
        return self._hole_owner

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return [(seat, card_from_id(cid)) for seat, cid, _ in self._trick]

    @property
    def tricks(self) -> list[Trick]:
        """Completed tricks, in order."""
        return [_trick_of(raw) for raw in self._tricks]

    def taken(self, seat: int) -> list[Card]:
        return cards_of_mask(self._taken[seat])

    def taken_mask(self, seat: int) -> int:
        return self._taken[seat]

    def tricks_won(self, seat: int) -> int:
        return self._tricks_won[seat]

    def points_taken(self, seat: int) -> Points:
        """Card points taken so far this hand (before moon and bonuses)."""
        return self._points_of(self._taken[seat])

    def _points_of(self, mask: int) -> Points:
        total: Points = 0
        for cid in ids_of_mask(mask & self.k.scoring):
            total += self.k.values[cid]
        return total

    @property
    def hole_trick(self) -> int | None:
        """The number of the trick that took the hole cards (the kitty) with it, or ``None`` while nobody has
        (:attr:`hole_owner`): the first trick with a winner that the rule names (RULES.md 2.1: the first trick, the
        first with a heart, the first with a penalty card, counting the cards it carries from tricks nobody won).

        >>> from hearts_lessons.variants import PRESETS
        >>> s = HandState.deal(PRESETS["kitty"].rules, seed=7)
        >>> for seat in list(s.to_pass):
        ...     s.pass_cards(seat, s.hand(seat)[: s.cards_to_pass])
        >>> while s.hole_owner is None:
        ...     _ = s.play(s.legal_plays()[0])
        >>> s.hole_trick == s.tricks[-1].number and s.tricks[-1].winner == s.hole_owner
        True
        """
        if self._hole_owner is None:
            return None
        rule, k = self.rules.hole_cards, self.k
        carried = 0
        for trick in self.tricks:
            mask = carried
            for _, card in trick.plays:
                mask |= card.bit
            if trick.winner is None:
                carried = mask
                continue
            carried = 0
            if (rule is HoleCards.FIRST_TRICK or (rule is HoleCards.FIRST_HEART_TRICK and mask & k.hearts)
                    or (rule is HoleCards.FIRST_PENALTY_TRICK and mask & k.penalty)):  # fmt: skip
                return trick.number
        raise AssertionError("the hole cards have an owner, but no trick the rule names took them")

    def hidden_from(self, viewer: int) -> int:
        """The taken cards ``viewer`` may not see (a mask): hole cards or a kitty another seat took face down
        (RULES.md 2.1, Kitty Hearts: only the taker looks at them), while the hand is being played. Left-over
        cards that lie face up, and every card once the play is over, are seen by all."""
        owner = self._hole_owner
        if owner is None or owner == viewer or self.rules.leftover_face_up:
            return 0
        if self.phase is not Phase.PLAYING:
            return 0
        return self._hole

    def taken_seen(self, seat: int, viewer: int) -> list[Card]:
        """The cards ``seat`` took, as ``viewer`` sees them (:meth:`hidden_from`)."""
        return cards_of_mask(self._taken[seat] & ~self.hidden_from(viewer))

    def points_seen(self, seat: int, viewer: int) -> Points:
        """The card points ``seat`` took so far, as ``viewer`` sees them: without a face-down kitty or hole cards
        another seat took (:meth:`hidden_from`)."""
        return self._points_of(self._taken[seat] & ~self.hidden_from(viewer))

    def passed(self, seat: int) -> list[Card]:
        """The cards this seat passed (empty before it passes or in a hold hand)."""
        chosen = self._passes[seat]
        return [card_from_id(i) for i in chosen] if chosen else []

    def received(self, seat: int) -> list[Card]:
        """The cards this seat received (known once everyone has passed)."""
        return cards_of_mask(self._received[seat])

    def voids(self, seat: int) -> list[Suit]:
        """Suits this seat has shown it does not hold (by not following)."""
        return [s for s in Suit if self._voids[seat] >> s & 1]

    @property
    def played_mask(self) -> int:
        return self._seen

    def status(self) -> Status:
        """Whether this position could have happened: whether some legal play of some deal reaches it (like
        python-chess's ``Board.status()``). A dealt hand and every position played to from it could; a position
        built with :meth:`from_cards` could if every card is in exactly one place, the cards gone are those of
        the tricks said to be played before it, hearts are broken exactly when a card that breaks them is gone,
        no player holds a suit it has shown a void in, and the hole cards are accounted for (:data:`CHECKS`).
        The result is ``ok``, or lists each :class:`Problem` with its check, cards, seats and sentence.

        >>> HandState.deal(seed=3).status().ok
        True
        >>> s = HandState.from_cards("QS 2C; 3C 4D; 4C 5D; 5C 6D", check=False)
        >>> s.status().checks
        ('gone',)
        >>> print(s.status())
        At the first trick every hand is full (13 cards), but 44 cards of the deck are in no hand.
        >>> late = HandState.from_cards("QS 7C; 3C 4D; 4C 5D; 5C 6D", hold=True, trick_number=11, leader=0,
        ...                             check=False)
        >>> late.status().checks, late.status().problems[0].cards[:2]
        (('hearts_unbroken',), (2H, 3H))
        >>> print(late.status())
        Hearts are not broken, yet 13 hearts have been played (a heart or the Q♠ breaks hearts).
        >>> HandState.from_cards("QS 7C; 3C 4D; 4C 5D; 5C 6D", hold=True, trick_number=11, leader=0,
        ...                      hearts_broken=True).status().ok
        True
        """
        return _status(self)

    # -- dealer's choice -----------------------------------------------------------------------------------
    def verify_choose_passes(self, passes: Mapping[str | PassDirection, int]) -> tuple[tuple[str, int], ...]:
        """Check the dealer's choice: counts per direction (left, right, across), total at most cards_passed."""
        if self.phase is not Phase.DEALERS_CHOICE:
            raise IllegalPassError(tr("the dealer chooses the passes only at the start of a dealer's-choice hand"))
        clean: list[tuple[str, int]] = []
        total = 0
        for key, count in passes.items():
            try:
                direction = PassDirection(key)
                direction_offset(direction, self.players)
            except ValueError:
                reason = tr("{key} is not a direction (use left, right or across)", key=repr(key))
                raise IllegalPassError(reason) from None
            if direction is PassDirection.ACROSS and self.players % 2:
                raise IllegalPassError(tr("passing across needs an even number of players"))
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise IllegalPassError(tr("a pass count is a whole number of 0 or more"))
            if count:
                clean.append((direction.value, count))
                total += count
        if total > self.rules.cards_passed:
            raise IllegalPassError(tr("at most {n} cards in all may be passed", n=self.rules.cards_passed))
        offsets = [direction_offset(d, self.players) for d, _ in clean]
        if len(set(offsets)) != len(offsets):
            raise IllegalPassError(tr("two directions go to the same player"))
        return tuple(clean)

    def choose_passes(self, passes: Mapping[str | PassDirection, int]) -> None:
        """The dealer names how many cards everyone passes in each direction (``{"left": 2, "right": 1}``)."""
        clean = self.verify_choose_passes(passes)
        self.actions.append(Action("choose_passes", self.dealer, passes=clean))
        self._choose_targets(tuple((direction_offset(d, self.players), n) for d, n in clean))

    # -- passing -------------------------------------------------------------------------------------------
    def why_not_pass(self, seat: int, card: CardLike) -> str | None:
        """Why this card cannot be among the cards ``seat`` passes, or ``None``."""
        if self.phase is not Phase.PASSING:
            return tr("it is not time to pass")
        if not 0 <= seat < self.players:
            return tr("there is no seat {seat}", seat=seat)
        c = _card(card)
        if not self._hands[seat] & c.bit:
            return tr("you do not hold the {card}", card=c.symbol)
        if c in self.rules.unpassable:
            return tr("the {card} may not be passed", card=c.symbol)
        return None

    def verify_pass(self, seat: int, cards: Iterable[CardLike]) -> list[Card]:
        """Raise :class:`IllegalPassError` unless ``seat`` may pass exactly these cards now."""
        if self.phase is not Phase.PASSING:
            raise IllegalPassError(tr("it is not time to pass"))
        if not 0 <= seat < self.players:
            raise IllegalPassError(tr("there is no seat {seat}", seat=seat))
        if self._passes[seat] is not None:
            raise IllegalPassError(tr("you have already passed"))
        try:
            chosen = [_card(c) for c in cards]
        except CardParseError as exc:
            raise IllegalPassError(str(exc)) from None
        need = self.cards_to_pass
        if len(set(chosen)) != len(chosen):
            raise IllegalPassError(tr("the same card is chosen twice"))
        for card in chosen:
            reason = self.why_not_pass(seat, card)
            if reason:
                raise IllegalPassError(reason)
        if len(chosen) != need:
            raise IllegalPassError(tr_n("pass exactly {n} card (you chose {chosen})",
                                        "pass exactly {n} cards (you chose {chosen})", need, chosen=len(chosen)))
        return chosen

    def can_pass(self, seat: int, cards: Iterable[CardLike]) -> bool:
        try:
            self.verify_pass(seat, cards)
        except IllegalPassError:
            return False
        return True

    def pass_cards(self, seat: int, cards: Iterable[CardLike]) -> None:
        """Choose the cards ``seat`` passes. With several directions (split, dealer's choice) the cards go in
        the order of :attr:`targets`: first to the first target, and so on. Nobody receives anything until
        every seat has chosen."""
        chosen = self.verify_pass(seat, cards)
        self._passes[seat] = tuple(c.id for c in chosen)
        self.actions.append(Action("pass", seat, tuple(chosen)))
        if all(p is not None for p in self._passes):
            self._exchange()

    # -- play ----------------------------------------------------------------------------------------------
    def legal_mask(self, seat: int | None = None) -> int:
        """Mask of the cards the player to move may play (0 if it is not ``seat``'s turn)."""
        if self.phase is not Phase.PLAYING:
            return 0
        turn = self.to_play
        if seat is not None and seat != turn:
            return 0
        return legal_mask(self.k, self, self._hands[turn])

    def legal_plays(self, seat: int | None = None) -> list[Card]:
        """The cards the player to move may play, sorted."""
        return cards_of_mask(self.legal_mask(seat))

    def why_not(self, card: CardLike, seat: int | None = None) -> str | None:
        """Why ``card`` may not be played now (by ``seat``, default the player to move), or ``None`` if it may."""
        if self.phase is not Phase.PLAYING:
            return {
                Phase.PASSING: tr("cards are being passed: play starts when everyone has passed"),
                Phase.DEALERS_CHOICE: tr("the dealer is choosing the passes"),
                Phase.MOON_CHOICE: tr("the hand is over: the shooter is choosing how to score the moon"),
                Phase.DONE: tr("the hand is over"),
            }[self.phase]
        try:
            c = _card(card)
        except CardParseError as exc:
            return str(exc)
        turn = self.to_play
        if seat is not None and seat != turn:
            return tr("it is not your turn ({name} plays next)", name=seat_name(turn, self.players))
        hand = self._hands[turn]
        if not hand & c.bit:
            return tr("you do not hold the {card}", card=c.symbol)
        return play_reason(self.k, self, hand, c.id)

    def verify_play(self, card: CardLike, seat: int | None = None) -> Card:
        """Raise :class:`IllegalPlayError` with the reason unless the card may be played now."""
        reason = self.why_not(card, seat)
        if reason is not None:
            raise IllegalPlayError(reason)
        return _card(card)

    def can_play(self, card: CardLike, seat: int | None = None) -> bool:
        return self.why_not(card, seat) is None

    def play(self, card: CardLike, seat: int | None = None) -> Trick | None:
        """Play a card for the player to move. Returns the trick if this card completed it."""
        c = self.verify_play(card, seat)
        seat_ = self.to_play
        self.actions.append(Action("play", seat_, (c,)))
        done = len(self._tricks)
        self._apply_play(c.id)
        return _trick_of(self._tricks[-1]) if len(self._tricks) > done else None

    def play_id(self, card_id: int) -> Trick | None:
        """Play a card by id for the player to move; the id must be in :meth:`legal_mask` (fast path)."""
        if not (self.legal_mask() >> card_id) & 1:
            raise IllegalPlayError(self.why_not(card_from_id(card_id)) or tr("that card cannot be played now"))
        self.actions.append(Action("play", self.to_play, (card_from_id(card_id),)))
        done = len(self._tricks)
        self._apply_play(card_id)
        return _trick_of(self._tricks[-1]) if len(self._tricks) > done else None

    # -- moon choice ---------------------------------------------------------------------------------------
    @property
    def moon_choices(self) -> tuple[str, ...]:
        return MOON_CHOICES.get(self.rules.moon, ()) if self.phase is Phase.MOON_CHOICE else ()

    def choose_moon(self, choice: str) -> None:
        """The shooter's choice (see :data:`~hearts_lessons.scoring.MOON_CHOICES`)."""
        if self.phase is not Phase.MOON_CHOICE:
            raise IllegalPlayError(tr("there is no moon to score now"))
        if choice not in self.moon_choices:
            raise IllegalPlayError(tr("choose one of: {choices}", choices=", ".join(self.moon_choices)))
        shooter = self.moon_shooter
        assert shooter is not None
        self._score_moon(choice)
        self.actions.append(Action("moon", shooter, choice=choice))

    # -- actions as data -----------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a recorded action (verifying it)."""
        if action.kind == "play":
            if action.seat != self.to_play:
                raise IllegalPlayError(tr("it is not {name}'s turn", name=seat_name(action.seat, self.players)))
            self.play(action.cards[0])
        elif action.kind == "pass":
            self.pass_cards(action.seat, action.cards)
        elif action.kind == "moon":
            if action.seat != self.moon_shooter:
                raise IllegalPlayError(tr("{name} did not shoot the moon", name=seat_name(action.seat, self.players)))
            self.choose_moon(action.choice or "")
        elif action.kind == "choose_passes":
            if action.seat != self.dealer:
                raise IllegalPassError(tr("only the dealer chooses the passes"))
            self.choose_passes(dict(action.passes))
        else:
            raise ValueError(f"unknown action {action.kind!r}")

    def restart(self) -> HandState:
        """A fresh state of the same deal, before any action."""
        fresh = HandState(
            self.rules, self.deal_cards, self._hole, dealer=self.dealer, hand_number=self.hand_number,
            seed=self.seed, direction=self.direction, totals_before=self.totals_before,
        )  # fmt: skip
        if self.start is not None:
            fresh._set_start(*self.start)
        return fresh

    def undo(self) -> Action:
        """Take back the last action (the hand is replayed without it). Returns the action taken back."""
        if not self.actions:
            raise IllegalPlayError(tr("there is nothing to undo"))
        replay = self.restart()
        for action in self.actions[:-1]:
            replay.apply(action)
        last = self.actions[-1]
        for name in _SLOTS:
            setattr(self, name, getattr(replay, name))
        return last

    # -- records -------------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The hand as JSON data: rules, the deal and every action."""
        return {
            "rules": self.rules.to_json(),
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "seed": self.seed,
            "direction": self.direction.value,
            "deal": [[_code(c) for c in cards_of_mask(m)] for m in self.deal_cards],
            "hole": [_code(c) for c in cards_of_mask(self._hole)],
            "totals_before": [_points_json(t) for t in self.totals_before],
            "start": None if self.start is None else {
                "leader": self.start[0], "trick_number": self.start[1], "hearts_broken": self.start[2]},
            "actions": [a.to_json() for a in self.actions],
        }  # fmt: skip

    def to_json(self) -> str:
        """Save the hand (finished or in progress) as JSON text."""
        return dump_record("hand", self.record())

    @classmethod
    def from_json(cls, text: str | bytes) -> HandState:
        """Load a hand saved by :meth:`to_json`, replaying and verifying every action; a malformed or
        tampered record raises :class:`~hearts_lessons.errors.RecordError` saying what is wrong."""
        return cls.from_record(load_record(text, "hand"))

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> HandState:
        d = dict(data)
        try:
            rules = Rules.from_json(require(d, "rules", dict))
        except RulesError as exc:
            raise RecordError(tr("the rules in the record are invalid: {error}", error=exc)) from None
        dealer = require(d, "dealer", int)
        hand_number = require(d, "hand_number", int)
        if not 0 <= dealer < rules.players or hand_number < 0:
            raise RecordError(tr("the dealer or hand number is out of range"))
        deal = require(d, "deal", list)
        hole = require(d, "hole", list)
        try:
            direction = PassDirection(require(d, "direction", str))
        except ValueError:
            raise RecordError(tr("the record's pass direction is unknown")) from None
        seed = d.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(tr("the record's seed must be a whole number"))
        raw_totals = d.get("totals_before") or []
        if not isinstance(raw_totals, list) or (raw_totals and len(raw_totals) != rules.players):
            raise RecordError(tr("the record's totals_before must list one score per player"))
        totals = [_points_from_json(t) for t in raw_totals]
        try:
            hands = [mask_of(_card(c) for c in seat) for seat in deal]
            hole_mask = mask_of(_card(c) for c in hole)
        except (CardParseError, TypeError, AttributeError):
            raise RecordError(tr("the record's deal holds something that is not a card")) from None
        _check_deal(rules, deal, hands, hole, hole_mask)
        if seed is not None:
            fresh = cls.deal(rules, seed=seed, dealer=dealer, hand_number=hand_number)
            if list(fresh.deal_cards) != hands or fresh._hole != hole_mask:
                raise RecordError(tr("the deal does not match the record's seed (the record was changed)"))
        state = cls(rules, hands, hole_mask, dealer=dealer, hand_number=hand_number, seed=seed,
                    direction=direction, totals_before=totals or None)  # fmt: skip
        start = d.get("start")
        if start is not None:
            if not isinstance(start, dict):
                raise RecordError(tr("the record's 'start' must be a JSON object"))
            leader = require(start, "leader", int, "start")
            number = require(start, "trick_number", int, "start")
            broken = require(start, "hearts_broken", bool, "start")
            try:
                state._set_start(leader, number, broken)
            except ValueError as exc:
                raise RecordError(tr("the record's puzzle start is invalid: {error}", error=exc)) from None
        for index, raw in enumerate(require(d, "actions", list)):
            action = _action_from_json(raw, index)
            try:
                state.apply(action)
            except (ValueError, IndexError) as exc:
                reason = tr("action {n} ({action}) is not legal: {error}", n=index + 1, action=raw, error=exc)
                raise RecordError(reason) from None
        return state

    # -- views and display ---------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its hand, the cards played, what it passed and received."""
        from .views import SeatView

        return SeatView.of(self, seat)

    def _repr_html_(self) -> str:
        from .table import table_html

        return table_html(self)

    def __repr__(self) -> str:
        return f"<HandState {self.rules.name}, hand {self.hand_number + 1}, {self.phase.value}>"


_SLOTS = LEAN_FIELDS + _HAND_FIELDS
"""Every field of a hand's state."""


def _trick_of(raw: RawTrick) -> Trick:
    number, leader, entries, winner, points = raw
    return Trick(number, leader, tuple((seat, card_from_id(cid)) for seat, cid, _ in entries), winner, points)


def _check_deal(rules: Rules, deal: list[Any], hands: list[int], hole: list[Any], hole_mask: int) -> None:
    if len(deal) != rules.players:
        raise RecordError(tr("the deal has {n} hands for {players} players", n=len(deal), players=rules.players))
    union = hole_mask
    for mask in hands:
        union |= mask
    if union.bit_count() != sum(len(seat) for seat in deal) + len(hole):
        raise RecordError(tr("the deal lists a card twice"))
    if len({m.bit_count() for m in hands}) != 1:
        raise RecordError(tr("the hands of the deal are not all the same size"))
    if union & ~layout_for(rules).deck:
        raise RecordError(tr("the deal holds a card that is not in these rules' deck"))


def _action_from_json(raw: Any, index: int) -> Action:
    malformed = RecordError(tr("action {n} is malformed: {action}", n=index + 1, action=repr(raw)))
    if not isinstance(raw, list) or len(raw) != 3 or not isinstance(raw[1], int) or isinstance(raw[1], bool):
        raise malformed
    kind, seat, arg = raw
    try:
        if kind == "play" and isinstance(arg, str):
            return Action("play", seat, (_card(arg),))
        if kind == "pass" and isinstance(arg, list) and all(isinstance(c, str) for c in arg):
            return Action("pass", seat, tuple(_card(c) for c in arg))
        if kind == "moon" and isinstance(arg, str):
            return Action("moon", seat, choice=arg)
        if kind == "choose_passes" and isinstance(arg, dict):
            return Action("choose_passes", seat, passes=tuple((str(d), n) for d, n in arg.items()))
    except CardParseError as exc:
        raise RecordError(tr("action {n}: {error}", n=index + 1, error=exc)) from None
    raise malformed


def _points_json(value: Points) -> Any:
    if isinstance(value, complex):
        return {"re": value.real, "im": value.imag}
    return value


def _points_from_json(raw: Any) -> Points:
    if isinstance(raw, dict) and set(raw) == {"re", "im"}:
        parts = raw["re"], raw["im"]
        if all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in parts):
            return complex(*parts)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise RecordError(tr("{value} is not a score", value=repr(raw)))


from .views import SeatView  # noqa: E402  (views imports this module's types)
