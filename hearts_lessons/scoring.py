"""Scoring a hand, in the order of ``RULES.md`` section 3.2 (steps 1–4; steps 5–8 are the game's).

>>> from hearts_lessons.cards import parse_cards, mask_of
>>> from hearts_lessons.layout import layout_for
>>> from hearts_lessons.rules import STANDARD
>>> k = layout_for(STANDARD)
>>> everything = k.deck
>>> hearts_and_queen = k.moon_cards
>>> s = score_hand(k, [hearts_and_queen, 0, 0, everything & ~hearts_and_queen], [5, 0, 0, 8], everything)
>>> s.points, s.shooter
((0, 26, 26, 26), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from .cards import Card, mask_of
from .i18n import tr
from .layout import Layout, layout_for
from .rules import Moon, Points, Rules
from .seats import seat_name

__all__ = [
    "MOON_CHOICES",
    "HandScore",
    "PointTables",
    "best_moon_choice",
    "format_points",
    "point_tables",
    "points_words",
    "score_hand",
    "score_taken",
]

MOON_CHOICES: dict[Moon, tuple[str, ...]] = {
    Moon.SHOOTER_CHOOSES: ("others_add", "shooter_subtracts"),
    Moon.SIGN_TO_OTHERS: ("plus", "minus"),
}
"""Moon rules that ask the shooter to choose, and the choices."""


class HandScore:
    """The score of one hand: what each seat took and what it scores, with the reasons in words. A value: its
    fields are read-only, and two scores with the same fields are equal.

    (A plain class rather than a frozen dataclass: the engine scores every hand of every simulation, and a
    dataclass's generated ``__init__`` stays interpreted Python in the compiled build.)"""

    __slots__ = ("_card_points", "_moon_choice", "_notes", "_points", "_reset_shooter", "_shooter", "_sun")

    def __init__(
        self,
        card_points: tuple[Points, ...],
        points: tuple[Points, ...],
        shooter: int | None,
        sun: bool,
        moon_choice: str | None,
        reset_shooter: bool,
        notes: tuple[Note, ...],
    ) -> None:
        self._card_points = card_points
        self._points = points
        self._shooter = shooter
        self._sun = sun
        self._moon_choice = moon_choice
        self._reset_shooter = reset_shooter
        self._notes = notes

    @property
    def card_points(self) -> tuple[Points, ...]:
        """Step 1–2: each seat's card points (after the 10♣ multiplier)."""
        return self._card_points

    @property
    def points(self) -> tuple[Points, ...]:
        """Steps 1–4: what each seat adds to its total for this hand."""
        return self._points

    @property
    def shooter(self) -> int | None:
        """The seat that shot the moon (or the sun), if any."""
        return self._shooter

    @property
    def sun(self) -> bool:
        """The shooter took every trick (shot the sun)."""
        return self._sun

    @property
    def moon_choice(self) -> str | None:
        """The shooter's choice of how the moon scores, under a moon rule that asks for one."""
        return self._moon_choice

    @property
    def reset_shooter(self) -> bool:
        """The shooter's running total is reset to 0 (moon option)."""
        return self._reset_shooter

    @property
    def notes(self) -> tuple[str, ...]:
        """The reasons, in words (in the book's language; worded when asked for, not while scoring)."""
        return tuple(_note_words(note) for note in self._notes)

    def notes_for(self, you: int) -> tuple[str, ...]:
        """The reasons in words for a reader who sits at seat ``you`` and is called "You" at the table: that
        seat's notes say "You" (``You took every penalty card: …``), the others name their seats as
        :attr:`notes` does."""
        return tuple(_note_words(note, you) for note in self._notes)

    def _fields(self) -> tuple[object, ...]:
        return (self._card_points, self._points, self._shooter, self._sun, self._moon_choice, self._reset_shooter,
                self._notes)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandScore):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"HandScore(card_points={self._card_points!r}, points={self._points!r}, shooter={self._shooter!r}, "
                f"sun={self._sun!r}, moon_choice={self._moon_choice!r}, reset_shooter={self._reset_shooter!r}, "
                f"notes={self.notes!r})")  # fmt: skip

    def __reduce__(self) -> tuple[type[HandScore], tuple[object, ...]]:
        return (HandScore, self._fields())


def format_points(value: int | float | complex) -> str:
    """Print a score; complex scores as ``3+13i``.

    >>> format_points(5), format_points(complex(3, -13)), format_points(13j)
    ('5', '3-13i', '13i')
    """
    if isinstance(value, complex):
        re, im = value.real, value.imag
        re_s = f"{re:g}" if re else ""
        if not im:
            return re_s or "0"
        im_abs = abs(im)
        im_s = ("" if im_abs == 1 else f"{im_abs:g}") + "i"
        if not re_s:
            return ("-" if im < 0 else "") + im_s
        return f"{re_s}{'-' if im < 0 else '+'}{im_s}"
    return str(value)


def points_words(value: int | float | complex) -> str:
    """A score in words for a learner: ``1 point``, ``13 points``, ``-10 points``, ``13i points``.

    >>> points_words(1), points_words(0), points_words(-10), points_words(13j)
    ('1 point', '0 points', '-10 points', '13i points')
    """
    text = format_points(value)
    return tr("{points} point", points=text) if text == "1" else tr("{points} points", points=text)


PointTable = tuple[int, int, tuple[Points, ...]]
"""The points of one kind of card (penalty or bonus) in one 16-bit block of card ids (a suit of one deck):
``(shift, cards, sums)``, the block's cards of that kind as a mask shifted down by ``shift``, and for every subset
of them (such a mask, used as an index) the sum of their values. A plain tuple indexed by the mask (entries of
masks that are no such subset are 0), not a dict: a look-up reads one pointer instead of searching a table of
thousands of entries spread over the memory."""
PointTables = tuple[list[PointTable], list[PointTable]]
"""A layout's card points: the :data:`PointTable` s of its penalty cards (positive values) and of its bonus cards
(the other non-zero values), one for each block that has such cards."""

_POINT_TABLES: dict[int, tuple[Layout, PointTables]] = {}


def point_tables(k: Layout) -> PointTables:
    """The :data:`PointTables` of a layout, built on first use and kept (a block has at most 14 scoring cards,
    so at most 16,384 subsets). Each sum adds the block's values from the lowest id up, starting from ``0``:
    the order :func:`score_hand` always added them in.

    >>> from hearts_lessons.rules import STANDARD
    >>> k = layout_for(STANDARD)
    >>> penalties, bonuses = point_tables(k)
    >>> [(shift, len(sums)) for shift, _, sums in penalties], bonuses  # the queen's block and the hearts
    ([(32, 1025), (48, 8192)], [])
    >>> shift, hearts, sums = penalties[1]
    >>> sums[hearts]  # all 13 hearts
    13
    """
    entry = _POINT_TABLES.get(id(k))
    if entry is not None and entry[0] is k:
        return entry[1]
    values = k.values
    tables: PointTables = ([], [])
    for shift in range(0, k.deck.bit_length(), 16):
        block = (k.scoring >> shift) & 0xFFFF
        penalties = (k.moon_cards >> shift) & block  # (the cards with a positive value)
        for kind, part in enumerate((penalties, block & ~penalties)):
            if not part:
                continue
            sums: list[Points] = [0] * (part + 1)
            sub = -part & part  # the subsets of ``part`` in increasing order: each one's highest card removed is
            while sub:  # a smaller subset, already summed
                top = sub.bit_length() - 1
                sums[sub] = sums[sub ^ (1 << top)] + values[shift + top]
                sub = (sub - part) & part
            tables[kind].append((shift, part, tuple(sums)))
    if len(_POINT_TABLES) >= 64:  # many rules values made in one session: keep the cache small
        _POINT_TABLES.clear()
    _POINT_TABLES[id(k)] = (k, tables)
    return tables


Note = tuple[str, int | str, int, str]
"""One reason of a score as data: ``(kind, who, players, value)``; ``who`` is a seat (named when the note is worded,
by :func:`~hearts_lessons.seats.seat_name`) or the name the caller gave it; ``value`` a score already formatted.
:func:`_note_words` words it: scoring (the bots' hot path) stores the facts, the words come when they are shown."""


def _seat_words(name: Callable[[int], str] | None, seat: int) -> int | str:
    """A seat in the notes of a score: by ``name`` when given, else its number (named when the note is worded)."""
    return seat if name is None else name(seat)


def _note_words(note: Note, you: int | None = None) -> str:
    """One note of a score in the book's language; the note of seat ``you`` (the reader) says "You"."""
    kind, who_, players, value = note
    if you is not None and isinstance(who_, int) and who_ == you:
        return _your_note_words(kind, value)
    who = (seat_name(who_, players) if who_ >= 0 else "") if isinstance(who_, int) else who_
    if kind == "ten":
        return tr("{name} took the 10♣: card points × {factor}.", name=who, factor=value)
    if kind == "sun":
        return tr("{name} took every trick: shot the sun (M = {m}).", name=who, m=value)
    if kind == "moon":
        return tr("{name} took every penalty card: shot the moon (M = {m}).", name=who, m=value)
    if kind == "others":
        return tr("Every other player scores {m}.", m=value)
    if kind == "others_bonus":  # another player took a bonus card: it scores M and that card
        return tr("Every other player scores {m}, plus any bonus card they took.", m=value)
    if kind == "reset":
        return tr("{name}'s running total goes back to 0.", name=who)
    if kind == "subtracts":
        return tr("{name} scores −{m}.", name=who, m=value)
    if kind == "plus":
        return tr("Every other player's total changes by +{m}.", m=value)
    if kind == "minus":
        return tr("Every other player's total changes by −{m}.", m=value)
    if kind == "bonus":
        return tr("Bonus cards still count for whoever took them.")
    if kind == "no_trick":
        return tr("{name} took no trick: −{bonus}.", name=who, bonus=value)
    raise ValueError(f"unknown kind of score note {kind!r}")


def _your_note_words(kind: str, value: str) -> str:
    """A note about the reader's own seat, addressed to the reader (a note about every seat has no owner)."""
    if kind == "ten":
        return tr("You took the 10♣: card points × {factor}.", factor=value)
    if kind == "sun":
        return tr("You took every trick: shot the sun (M = {m}).", m=value)
    if kind == "moon":
        return tr("You took every penalty card: shot the moon (M = {m}).", m=value)
    if kind == "reset":
        return tr("Your running total goes back to 0.")
    if kind == "subtracts":
        return tr("You score −{m}.", m=value)
    if kind == "no_trick":
        return tr("You took no trick: −{bonus}.", bonus=value)
    raise ValueError(f"unknown kind of score note about one seat {kind!r}")


_NO_MOON: Final = Moon.NONE
"""(A module constant: interpreted, read three times faster than the enum's member off its class.)"""


def score_hand(
    k: Layout,
    taken: Sequence[int],
    tricks_won: Sequence[int],
    in_play: int,
    moon_choice: str | None = None,
    *,
    name: Callable[[int], str] | None = None,
) -> HandScore:
    """Score a finished hand from the cards each seat took (masks).

    ``in_play`` is the mask of cards that could be taken this hand (hole cards set aside excluded). A moon rule
    that lets the shooter choose needs ``moon_choice`` (one of :data:`MOON_CHOICES`).
    """
    rules = k.rules
    n = len(taken)
    penalty_tables, bonus_tables = point_tables(k)
    bonus_part: list[Points] = []
    multipliers: list[Points] = []
    cards: list[Points] = []
    notes: list[Note] = []
    multiplier = rules.ten_of_clubs_multiplier
    ten = k.ten_of_clubs if multiplier != 1 else 0
    for seat in range(n):
        pen: Points = 0
        bonus: Points = 0
        mask = taken[seat]
        for shift, part, sums in penalty_tables:
            sub = (mask >> shift) & part
            if sub:
                pen += sums[sub]
        for shift, part, sums in bonus_tables:
            sub = (mask >> shift) & part
            if sub:
                bonus += sums[sub]
        bonus_part.append(bonus)
        if mask & ten:
            multipliers.append(multiplier)
            notes.append(("ten", _seat_words(name, seat), n, format_points(multiplier)))
            cards.append(_clean((pen + bonus) * multiplier))
        else:
            multipliers.append(1)
            total = pen + bonus
            cards.append(total if type(total) is int else _clean(total))
    card_points = tuple(cards)

    moon_cards = k.moon_cards & in_play
    shooter: int | None = None
    sun = False
    if rules.moon is not _NO_MOON and moon_cards:
        for seat in range(n):
            if taken[seat] & moon_cards == moon_cards:
                shooter = seat
                break
        if rules.shoot_the_sun:
            for seat in range(n):
                if taken[seat] & in_play == in_play:
                    shooter, sun = seat, True
    points: list[Points]
    reset = False
    choice: str | None = None
    if shooter is None:
        points = cards
    else:
        m: Points = k.moon_value * (2 if sun else 1)
        notes.append(("sun" if sun else "moon", _seat_words(name, shooter), n, format_points(m)))
        points = [_clean(bonus_part[s] * multipliers[s]) for s in range(n)]
        mode = rules.moon
        if mode in MOON_CHOICES:
            if moon_choice not in MOON_CHOICES[mode]:
                raise ValueError(f"this moon rule needs a choice from {MOON_CHOICES[mode]}, not {moon_choice!r}")
            choice = moon_choice
        if mode is Moon.OTHERS_ADD or mode is Moon.RESET_TO_ZERO or choice == "others_add":
            for seat in range(n):
                if seat != shooter:
                    points[seat] += m
            others_bonus = any(bonus_part[seat] for seat in range(n) if seat != shooter)
            notes.append(("others_bonus" if others_bonus else "others", -1, n, format_points(m)))
            if mode is Moon.RESET_TO_ZERO:
                reset = True
                notes.append(("reset", _seat_words(name, shooter), n, ""))
        elif mode is Moon.SHOOTER_SUBTRACTS or choice == "shooter_subtracts":
            points[shooter] -= m
            notes.append(("subtracts", _seat_words(name, shooter), n, _bracketed(m)))
        else:
            sign = 1 if choice == "plus" else -1
            for seat in range(n):
                if seat != shooter:
                    points[seat] += sign * m
            notes.append(("plus" if sign > 0 else "minus", -1, n, _bracketed(m)))
        if any(bonus_part) and not any(note[0] == "others_bonus" for note in notes):
            notes.append(("bonus", -1, n, ""))
    if rules.no_tricks_bonus and shooter is None:
        for seat in range(n):
            if tricks_won[seat] == 0:
                points[seat] -= rules.no_tricks_bonus
                notes.append(("no_trick", _seat_words(name, seat), n, str(rules.no_tricks_bonus)))
    if points is cards and not rules.no_tricks_bonus:  # no moon, no bonus: the card points, already clean
        return HandScore(card_points, card_points, shooter, sun, choice, reset, tuple(notes))
    final: list[Points] = []
    for value in points:
        final.append(value if type(value) is int else _clean(value))
    return HandScore(card_points, tuple(final), shooter, sun, choice, reset, tuple(notes))


def score_taken(
    rules: Rules,
    taken: Sequence[Iterable[Card]],
    *,
    tricks_won: Sequence[int] | None = None,
    moon_choice: str | None = None,
) -> HandScore:
    """Score a hand from the cards each seat took (a scoring calculator). Every card of the deck counts as in
    play, so a moon needs every penalty card of the deck. Without ``tricks_won``, a seat that took any card is
    counted as having won a trick.

    >>> from hearts_lessons.cards import parse_cards
    >>> from hearts_lessons.rules import STANDARD
    >>> score_taken(STANDARD, [parse_cards("QS 2H 3H"), parse_cards("4H"), [], []]).points
    (15, 1, 0, 0)
    >>> score_taken(STANDARD, [parse_cards("QS"), [], [], []]).shooter is None
    True
    """
    k = layout_for(rules)
    masks = [mask_of(cards) for cards in taken]
    if len(masks) != rules.players:
        raise ValueError(f"give the cards taken by each of the {rules.players} players")
    union = 0
    for mask in masks:
        if mask & union:
            raise ValueError("a card is listed for two players")
        if mask & ~k.deck:
            raise ValueError("a card is not in the deck of these rules")
        union |= mask
    won = list(tricks_won) if tricks_won is not None else [1 if m else 0 for m in masks]
    return score_hand(k, masks, won, k.deck, moon_choice)


def _bracketed(value: Points) -> str:
    """A score to put after a sign: ``(13+13i)`` when it has two parts."""
    text = format_points(value)
    return f"({text})" if isinstance(value, complex) and value.real and value.imag else text


def _clean(value: Points) -> Points:
    """Keep integer scores as ``int`` (and complex ones as ``complex``)."""
    if isinstance(value, complex):
        return value
    return int(value)


def _moon_outcome(
    rules: Rules, shooter: int, totals: Sequence[Points], m: Points, by_size: bool, choice: str
) -> tuple[int, float, int]:
    """How good a moon choice is for the shooter (larger is better), for :func:`best_moon_choice`."""
    from .rules import GameEnd

    after = [complex(t) for t in totals]
    if choice == "others_add":
        after = [t + (m if s != shooter else 0) for s, t in enumerate(after)]
    elif choice == "shooter_subtracts":
        after[shooter] -= m
    else:
        sign = 1 if choice == "plus" else -1
        after = [t + (sign * m if s != shooter else 0) for s, t in enumerate(after)]
    sizes: list[float] = [abs(t) if by_size else t.real for t in after]
    ends: bool
    if rules.game_end is GameEnd.REACH_TARGET:
        ends = any(size >= rules.target for size in sizes)
    elif rules.game_end is GameEnd.EXCEED_TARGET:
        ends = any(size > rules.target for size in sizes)
    else:
        ends = False
    lowest = sizes[shooter] <= min(sizes)
    rank = (2 if lowest else -1) if ends else 0
    margin: float = min(size for s, size in enumerate(sizes) if s != shooter) - sizes[shooter]
    before: float = sum(float(abs(t)) if by_size else complex(t).real for t in totals)
    nearer_end: float = sum(sizes) - before
    tie_break = 1 if (nearer_end > 0) == lowest else 0
    return (rank, round(margin, 9), tie_break)


def best_moon_choice(rules: Rules, shooter: int, totals: Sequence[Points], moon_value: Points | None = None) -> str:
    """The moon choice a shooter should make, given the totals before the hand (a simple, explainable policy
    used by the bots and offered as the widgets' suggestion).

    Ending the game while lowest is best, ending it while not lowest is worst; otherwise keep the best margin over
    the nearest rival, and when both choices give the same margin (adding M to the others or subtracting it from
    yourself usually do) bring the end nearer when leading, push it away when behind.

    >>> from hearts_lessons.rules import STANDARD
    >>> chooses = STANDARD.with_options(moon=Moon.SHOOTER_CHOOSES)
    >>> best_moon_choice(chooses, 0, [10, 80, 40, 50])   # others +26 ends the game with seat 0 lowest
    'others_add'
    >>> best_moon_choice(chooses, 0, [90, 80, 40, 50])   # others +26 would end it with seat 0 losing
    'shooter_subtracts'
    """
    choices = MOON_CHOICES[rules.moon]
    m = layout_for(rules).moon_value if moon_value is None else moon_value
    by_size = rules.magnitude_scores or isinstance(m, complex)

    return max(choices, key=lambda choice: _moon_outcome(rules, shooter, totals, m, by_size, choice))
