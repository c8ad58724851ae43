"""Facts about a position, each checked on the cards before a sentence says it.

Every sentence the drills, the puzzles and the coach say about a deal is made of :class:`Fact` values. A fact
has a *kind* (``"trick_points"``, ``"ducks"``, ``"higher_out"`` …), its arguments (cards, seats, suits,
counts) and nothing else: no words. Each kind is registered once with

- a **predicate** ``holds(position, **args) -> bool`` computed on the cards (the position is a
  :class:`~hearts_lessons.state.HandState`, or a :class:`~hearts_lessons.lean.Lean`, with ``seat`` among the
  arguments when the fact is about what one seat sees or does), and
- its **words**: one English template with named placeholders (``"{card} ducks under the {winning}"``), so that
  the wording lives in one place (and a translated edition needs one table, not a search through templates).

:func:`make` builds a fact and checks it: a fact that is false of its position raises :class:`FactError` (a
generator that would say something untrue fails loudly instead). :func:`check` re-checks a fact, for tests
that walk every drill, puzzle and coach decision.

Play facts are about the seat to play and one of its cards, *before* the card is played, from what that seat
can see (its hand, the cards played, the trick on the table): "out" means neither in the seat's hand nor
played.

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4H 9C KH; QH 2S 3H; KD 3S 4D; 6D 5S 8D", hold=True, leader=1, trick_number=10,
...                          hearts_broken=True)
>>> for card in ("QH", "KD", "6D"):
...     _ = s.play(card)
>>> f = make("ducks", s, seat=0, card="4H", winning="QH", winner=1)
>>> f.words(you=0)
'the 4♥ stays under the Q♥: West keeps the trick'
>>> make("trick_points", s, seat=0, card="4H", points=2).words(you=0)
'the trick would hold 2 points'
>>> make("trick_points", s, seat=0, card="4H", points=1)
Traceback (most recent call last):
...
hearts_lessons.facts.FactError: not true of this position: trick_points(seat=0, card=4H, points=1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import Card, Suit, card_from_id, cards_of_mask
from ..i18n import N_, join_words, tr, tr_text
from ..scoring import format_points
from ..seats import seat_name

if TYPE_CHECKING:
    from ..lean import Lean

__all__ = ["KINDS", "Fact", "FactError", "Kind", "Seat", "check", "clauses", "join_cards", "kind", "make", "phrase",
           "points_text"]


class FactError(AssertionError):
    """A fact that is not true of the position it was made for (a bug in whatever made it)."""


Predicate = Callable[..., bool]


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    words: str | tuple[str, str]
    """English template, marked with :func:`~hearts_lessons.i18n.N_` and translated where it is worded
    (:meth:`Fact.words`); placeholders are argument names (``{card}``, ``{winner}``, ``{count}`` …), and for a
    suit argument ``{suit_one}`` names one card of it ("heart"). A pair is (one, more): chosen by ``count``."""
    holds: Predicate
    """``holds(position, **args)``: whether a fact of this kind is true of the position."""


KINDS: dict[str, Kind] = {}
"""Every kind of fact, by name."""


def kind(name: str, words: str | tuple[str, str]) -> Callable[[Predicate], Predicate]:
    """Register a predicate as the kind ``name`` with its English ``words`` (a decorator)."""

    def register(holds: Predicate) -> Predicate:
        if name in KINDS:
            raise ValueError(f"the fact kind {name!r} is registered twice")
        KINDS[name] = Kind(name, words, holds)
        return holds

    return register


_SEAT_ARGS = ("seat", "winner", "shooter", "leader", "player", "other", "taker")
"""Arguments that name a seat (and are worded as the seat's name, or "you")."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One checked fact: its kind and arguments (cards as :class:`~hearts_lessons.cards.Card`)."""

    kind: str
    args: tuple[tuple[str, Any], ...]

    def __getitem__(self, name: str) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def arguments(self) -> dict[str, Any]:
        return dict(self.args)

    def words(self, *, players: int = 4, you: int | None = None,
              name: Callable[[int, int], str] = seat_name) -> str:  # fmt: skip
        """The fact in the book's language. ``you`` is the seat spoken to ("you" instead of its name).
        ``instead``: words to put in a placeholder instead of its argument's (two cards named together)."""
        return self.worded(players=players, you=you, name=name)

    def worded(self, *, players: int = 4, you: int | None = None, name: Callable[[int, int], str] = seat_name,
               instead: Mapping[str, str] | None = None) -> str:
        """:meth:`words`, with the words of some placeholders given (``instead={"card": "8♠ or the 5♠"}``)."""
        template = KINDS[self.kind].words
        if isinstance(template, tuple):
            template = template[0] if self.arguments.get("count") == 1 else template[1]
        values: dict[str, Any] = {key: _word(key, value, players, you, name) for key, value in self.args}
        for key, value in self.args:
            if isinstance(value, Suit):
                values[f"{key}_one"] = value.one
        if instead:
            values.update(instead)
        return tr_text(template, **values)

    def __str__(self) -> str:
        inner = ", ".join(f"{key}={_plain(value)}" for key, value in self.args)
        return f"{self.kind}({inner})"


def _plain(value: Any) -> str:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return " ".join(c.code for c in value)
    if isinstance(value, Suit):
        return value.english
    return str(value)


def _word(key: str, value: Any, players: int, you: int | None, name: Callable[[int, int], str]) -> str:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        return join_cards(value)
    if isinstance(value, Suit):
        return value.word
    if key in _SEAT_ARGS and isinstance(value, int):
        return Seat(tr("you", context="seat"), you=True) if value == you else Seat(name(value, players))
    if key == "points":
        return points_text(value)
    if isinstance(value, str) and key in _VALUE_WORDS:
        return _VALUE_WORDS[key](value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


_PASS_DIRECTIONS = (N_("left", context="pass direction"), N_("right", context="pass direction"),
                    N_("across", context="pass direction"), N_("hold", context="pass direction"),
                    N_("hold (no passing)", context="pass direction"))
"""The pass directions as a fact's ``direction`` argument holds them (a :class:`~hearts_lessons.rules.PassDirection`
value, or the drills' "hold (no passing)"), worded where the fact is."""
_MOON_PLANS = (N_("shooting", context="moon plan"), N_("playing safe", context="moon plan"))
"""The plans of a moon decision as a fact's ``plan`` argument holds them."""


def _direction(value: str) -> str:
    return tr_text(value, context="pass direction")


def _cycle(value: str) -> str:
    return tr(", ", context="pass cycle").join(_direction(part) for part in value.split(", "))


_VALUE_WORDS: dict[str, Callable[[str], str]] = {
    "direction": _direction,
    "cycle": _cycle,
    "plan": lambda value: tr_text(value, context="moon plan"),
}
"""Arguments that hold a language-free value (a pass direction's name, a plan), and how each is worded."""


class Seat(str):
    """A seat's name in a sentence, which agrees with it: ``{seat:s}`` is the verb's "s" ("West hold*s*", "you
    hold"), ``{seat:has}``, ``{seat:is}``, ``{seat:does}`` the verb itself, ``{seat:poss}`` the owner ("West's",
    "your").

    >>> "{0} hold{0:s} no hearts; {0:poss} 4♥; {0} {0:is} winning".format(Seat("you"))
    'you hold no hearts; your 4♥; you are winning'
    >>> "{0} hold{0:s} no hearts; {0:poss} 4♥; {0} {0:has} taken".format(Seat("West"))
    "West holds no hearts; West's 4♥; West has taken"
    """

    _YOU: ClassVar[dict[str, str]] = {"s": "", "has": "have", "is": "are", "does": "do", "poss": "your"}
    _OTHER: ClassVar[dict[str, str]] = {"s": "s", "has": "has", "is": "is", "does": "does"}
    you: bool

    def __new__(cls, text: str, you: bool | None = None) -> Seat:
        made = super().__new__(cls, text)
        made.you = text.lower() == "you" if you is None else you
        return made

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if spec not in self._YOU:
            raise ValueError(f"no seat form {spec!r}")
        if self.you:
            return self._YOU[spec]
        return f"{self}'s" if spec == "poss" else self._OTHER[spec]


def join_cards(cards: Iterable[Card]) -> str:
    """``9♣``, ``8♣ and 9♣``, ``4♣, 8♣ and 9♣`` (in the book's language).

    >>> join_cards([Card.from_str("8C"), Card.from_str("9C"), Card.from_str("4C")])
    '8♣, 9♣ and 4♣'
    """
    return join_words(c.symbol for c in cards)


def points_text(points: Any) -> str:
    """``1 point``, ``4 points``, ``no points``, ``-10 points`` (in the book's language)."""
    if not points:
        return tr("no points")
    if points == 1:
        return tr("{points} point", points=format_points(points))
    return tr("{points} points", points=format_points(points))


def clauses(words: Iterable[str]) -> str:
    """Facts' words joined into one clause list: "a; b; c" in English (in Japanese, sentences)."""
    return tr("; ", context="between facts").join(words)


def _normal(value: Any) -> Any:
    if isinstance(value, str) and 2 <= len(value) <= 3 and value[-1] in "CDSH":
        return Card.from_str(value)
    if isinstance(value, list | set | frozenset):
        if all(isinstance(v, str | Card) for v in value):
            return tuple(sorted(_normal(v) for v in value))
        return tuple(value)
    return value


def make(kind_name: str, position: Any, **args: Any) -> Fact:
    """The fact ``kind_name`` with these arguments, checked true of ``position`` (else :class:`FactError`).
    Card codes given as strings ("QS") become cards."""
    if kind_name not in KINDS:
        raise KeyError(f"no fact kind {kind_name!r}")
    normal = {key: _normal(value) for key, value in args.items()}
    made = Fact(kind_name, tuple(normal.items()))
    if not KINDS[kind_name].holds(position, **normal):
        raise FactError(f"not true of this position: {made}")
    return made


def check(fact: Fact, position: Any) -> bool:
    """Whether ``fact`` is true of ``position`` (its kind's predicate)."""
    return bool(KINDS[fact.kind].holds(position, **fact.arguments))


def phrase(facts: Iterable[Fact], *, players: int = 4, you: int | None = None,
           name: Callable[[int, int], str] = seat_name) -> str:  # fmt: skip
    """Facts joined into one clause list ("a; b; c"; :func:`clauses`)."""
    return clauses(f.words(players=players, you=you, name=name) for f in facts)


# -- play facts ---------------------------------------------------------------------------------------------
# Shared helpers on a position in the play phase: the trick on the table and what one seat can see.


def _trick_entries(pos: Lean) -> list[tuple[int, int, int]]:
    return list(pos._trick)


def _suit(pos: Lean, card: Card) -> int:
    return int(pos.k.suit_of[card.id])


def _winning_now(pos: Lean) -> tuple[int, int, int] | None:
    """(seat, card id, rank) of the play winning the trick on the table so far, or None."""
    from ..lean import _winner

    entries = _trick_entries(pos)
    if not entries:
        return None
    index = _winner(entries, pos.lead_suit, pos.k)
    return None if index is None else entries[index]


def _after(pos: Lean, card: Card) -> Lean:
    """A copy of ``pos`` with ``card`` played by the seat to play (it must be legal)."""
    from ..legality import legal_mask

    copy = pos.lean_copy()
    if not legal_mask(copy.k, copy, copy._hands[copy.to_play]) >> card.id & 1:
        raise FactError(f"{card.symbol} is not a legal card here")
    copy._apply_play(card.id)
    return copy


def _unseen(pos: Lean, seat: int) -> int:
    """Cards ``seat`` cannot see: in the deck, not in its hand, not played (nor taken as hole cards it saw)."""
    return pos.k.deck & ~pos._hands[seat] & ~pos._seen & ~pos._taken[seat]


def _holds_card(pos: Lean, seat: int, card: Card) -> bool:
    return bool(pos._hands[seat] >> card.id & 1)


def _to_play_with(pos: Lean, seat: int, card: Card) -> bool:
    return pos.to_play == seat and _holds_card(pos, seat, card)


def _trick_value(pos: Lean, ids: Iterable[int]) -> Any:
    values = pos.k.values
    total: Any = 0
    for cid in ids:
        total += values.get(cid, 0)
    return total


@kind("trick_points", N_("the trick would hold {points}"))
def _trick_points(pos: Lean, *, seat: int, card: Card, points: Any) -> bool:
    """The cards on the table plus ``card`` carry ``points`` (the seat's own card counts)."""
    if not _to_play_with(pos, seat, card):
        return False
    ids = [cid for _, cid, _ in pos._trick] + [card.id]
    return bool(_trick_value(pos, ids) == points)


@kind("trick_holds", N_("the trick already holds {points}"))
def _trick_holds(pos: Lean, *, points: Any) -> bool:
    """The cards already on the table carry ``points``."""
    return bool(_trick_value(pos, [cid for _, cid, _ in pos._trick]) == points)


@kind("winning", N_("{winner:poss} {winning} is winning the trick so far"))
def _winning(pos: Lean, *, winner: int, winning: Card) -> bool:
    best = _winning_now(pos)
    return best is not None and best[0] == winner and best[1] == winning.id


@kind("ducks", N_("the {card} stays under the {winning}: {winner} keep{winner:s} the trick"))
def _ducks(pos: Lean, *, seat: int, card: Card, winning: Card, winner: int) -> bool:
    """Played now as the trick's last card, ``card`` (of the suit led) stays under ``winner``'s ``winning`` card,
    which takes the trick. (Before the last card, see ``stays_under``: the trick is not decided yet.)"""
    if not _plays_last(pos, seat=seat) or not _to_play_with(pos, seat, card):
        return False
    if not _winning(pos, winner=winner, winning=winning) or _suit(pos, card) != pos.lead_suit:
        return False
    after = _last_winner(pos, card)
    return after is not None and after[0] == winner


def _last_winner(pos: Lean, card: Card) -> tuple[int, int, int] | None:
    """The winning play of the trick completed by ``card`` (played last)."""
    copy = _after(pos, card)
    raw = copy._tricks[-1]
    winner = raw[3]
    if winner is None:
        return None
    return next(entry for entry in raw[2] if entry[0] == winner)


@kind("overtakes", N_("the {card} beats the {winning} and takes the lead of the trick"))
def _overtakes(pos: Lean, *, seat: int, card: Card, winning: Card) -> bool:
    """Played now, ``card`` wins the trick so far, over the ``winning`` card that led it."""
    best = _winning_now(pos)
    if not _to_play_with(pos, seat, card) or best is None or best[1] != winning.id:
        return False
    after = _winning_now(_after(pos, card)) if len(pos._trick) + 1 < pos.k.players else _last_winner(pos, card)
    return after is not None and after[0] == seat


@kind("plays_last", N_("you play last to this trick"))
def _plays_last(pos: Lean, *, seat: int) -> bool:
    return pos.to_play == seat and len(pos._trick) == pos.k.players - 1


@kind("takes_trick", N_("the {card} takes the trick"))
def _takes_trick(pos: Lean, *, seat: int, card: Card) -> bool:
    """Played now as the last card of the trick, ``card`` wins it."""
    if not _plays_last(pos, seat=seat) or not _holds_card(pos, seat, card):
        return False
    best = _last_winner(pos, card)
    return best is not None and best[0] == seat


@kind("discards", N_("you hold no {suit}, so the {card} is a discard"))
def _discards(pos: Lean, *, seat: int, card: Card, suit: Suit) -> bool:
    """``seat`` cannot follow the suit led (``suit``) and ``card`` is of another suit."""
    if not _to_play_with(pos, seat, card) or pos.lead_suit != int(suit):
        return False
    return not pos._hands[seat] & pos.k.suit_masks[int(suit)] and _suit(pos, card) != int(suit)


@kind("higher_out", (N_("1 higher {suit_one} than the {card} is still out"),
                     N_("{count} higher {suit} than the {card} are still out")))
def _higher_out(pos: Lean, *, seat: int, card: Card, suit: Suit, count: int) -> bool:
    """``count`` cards of ``card``'s suit rank above it and are neither in ``seat``'s hand nor played."""
    if _suit(pos, card) != int(suit):
        return False
    return _higher_unseen(pos, seat, card) == count


def _higher_unseen(pos: Lean, seat: int, card: Card) -> int:
    out = _unseen(pos, seat) & pos.k.suit_masks[_suit(pos, card)]
    return sum(1 for c in cards_of_mask(out) if c.rank > card.rank)


def _lower_unseen(pos: Lean, seat: int, card: Card) -> int:
    out = _unseen(pos, seat) & pos.k.suit_masks[_suit(pos, card)]
    return sum(1 for c in cards_of_mask(out) if c.rank < card.rank)


@kind("none_higher_out", N_("no {suit_one} still out can beat the {card}"))
def _none_higher_out(pos: Lean, *, seat: int, card: Card, suit: Suit) -> bool:
    return _suit(pos, card) == int(suit) and _higher_unseen(pos, seat, card) == 0 and bool(
        _unseen(pos, seat) & pos.k.suit_masks[int(suit)]
    )


@kind("none_lower_out", N_("no lower {suit_one} is still out"))
def _none_lower_out(pos: Lean, *, seat: int, card: Card, suit: Suit) -> bool:
    return _suit(pos, card) == int(suit) and _lower_unseen(pos, seat, card) == 0


@kind("void_after", N_("it leaves you void in {suit}"))
def _void_after(pos: Lean, *, seat: int, cards: tuple[Card, ...], suit: Suit) -> bool:
    """After ``cards`` leave ``seat``'s hand (played or passed), it holds no card of ``suit`` (it held some)."""
    hand = pos._hands[seat]
    removed = 0
    for card in cards:
        if not hand >> card.id & 1:
            return False
        removed |= card.bit
    suit_mask = pos.k.suit_masks[int(suit)]
    return bool(hand & suit_mask) and not hand & ~removed & suit_mask


@kind("holds", N_("you hold the {cards}"))
def _holds(pos: Lean, *, seat: int, cards: tuple[Card, ...]) -> bool:
    return all(_holds_card(pos, seat, c) for c in cards)


@kind("out", N_("the {card} is still out"))
def _out(pos: Lean, *, seat: int, card: Card) -> bool:
    return bool(_unseen(pos, seat) >> card.id & 1)


@kind("all_points_to", N_("{shooter} {shooter:has} taken every point card of the earlier tricks"))
def _all_points_to(pos: Lean, *, shooter: int) -> bool:
    """Every point card taken so far went to ``shooter`` (who took at least one)."""
    moon = pos.k.moon_cards
    takers = [s for s in range(pos.k.players) if pos._taken[s] & moon]
    return takers == [shooter]


def cards_named(mask: int) -> tuple[Card, ...]:
    """The cards of a mask as a tuple in card order (for a fact's ``cards`` argument)."""
    return tuple(cards_of_mask(mask))


def card_of(cid: int) -> Card:
    return card_from_id(cid)


def facts_hold(facts: Iterable[Fact], position: Any) -> list[Fact]:
    """The facts among ``facts`` that are *not* true of ``position`` (empty when all hold)."""
    return [f for f in facts if not check(f, position)]


def as_args(fact: Fact) -> Mapping[str, Any]:
    return fact.arguments


from . import coach as coach  # noqa: E402  (the coach's kinds: hearts_lessons/facts/coach.py)
from . import drills as drills  # noqa: E402  (the drills' kinds register themselves)
from . import haggis as haggis  # noqa: E402  (the Haggis drills' kinds)
from . import puzzles as puzzles  # noqa: E402  (the puzzle ladder's kinds and theme predicates)
