"""Facts for the puzzle ladder: passes, counted cards, and each puzzle theme as a predicate on the position.

The kinds here extend :mod:`hearts_lessons.facts` (same rules: a predicate on the cards, one English template).
The position is a :class:`~hearts_lessons.state.HandState` at the puzzle, the seat to move not yet moved.

:func:`theme_holds` checks that a puzzle earns each theme it carries: a ``shooting`` puzzle's seat can still take
every point (no other seat has taken a point card), a ``stopping-moon`` one has another seat that can (it took
every point card taken so far), a ``ducking`` answer stays under the winning card or is the lowest of its suit
with a higher card still out, and so on (:data:`THEME_RULES` says each in words).

>>> from hearts_lessons.facts import make
>>> from hearts_lessons.cards import Suit
>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4H 9C KH; QH 2S 3H; KD 3S 4D; 6D 5S 8D", hold=True, leader=1, trick_number=10,
...                          hearts_broken=True)
>>> make("one_higher_out", s, seat=0, card="4H", suit=Suit.HEARTS).words()
'one card of its suit above the 4♥ is still out'
>>> make("lower_out", s, seat=0, card="8D", suit=Suit.DIAMONDS, count=2).words()
'2 lower diamonds than the 8♦ are still out'
>>> theme_holds("endgame", s, 1, ("QH",)), theme_holds("ducking", s, 1, ("2S",))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, Suit
from ..i18n import N_
from ..state import Phase
from . import _after, _higher_unseen, _lower_unseen, _suit, _unseen, _winning_now, kind

__all__ = ["THEME_RULES", "theme_holds"]

QUEEN = Card.from_str("QS")


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.from_str(value)


# -- counted cards --------------------------------------------------------------------------------------------
@kind("one_higher_out", N_("one card of its suit above the {card} is still out"))
def _one_higher_out(pos: Any, *, seat: int, card: Card, suit: Suit) -> bool:
    return _suit(pos, card) == int(suit) and _higher_unseen(pos, seat, card) == 1


@kind("lower_out", N_("{count} lower {suit} than the {card} are still out"))
def _lower_out(pos: Any, *, seat: int, card: Card, suit: Suit, count: int) -> bool:
    return count >= 2 and _suit(pos, card) == int(suit) and _lower_unseen(pos, seat, card) == count


@kind("played_higher", N_("the {played} went in an earlier trick: no card of its suit above the {card} is still out"))
def _played_higher(pos: Any, *, seat: int, card: Card, played: Card, suit: Suit) -> bool:
    """``played`` (of ``card``'s suit, higher) went in an earlier trick, and no card of the suit above ``card`` is
    still out."""
    if _suit(pos, card) != int(suit) or _suit(pos, played) != int(suit) or played.rank <= card.rank:
        return False
    on_table = {cid for _, cid, _ in pos._trick}
    gone = pos._seen & ~pos._hands[seat]
    return bool(gone >> played.id & 1) and played.id not in on_table and _higher_unseen(pos, seat, card) == 0


@kind("queen_goes", N_("the Q♠ falls on a trick {winner} {winner:is} winning"))
def _queen_goes(pos: Any, *, seat: int, winner: int) -> bool:
    """``seat`` plays the Q♠ now and ``winner`` (another seat) is winning the trick after it."""
    if pos.to_play != seat or not pos._hands[seat] >> QUEEN.id & 1 or not pos._trick or winner == seat:
        return False
    after = _winning_now(_after(pos, QUEEN)) if len(pos._trick) + 1 < pos.k.players else _last(pos, QUEEN)
    return after is not None and after[0] == winner


def _last(pos: Any, card: Card) -> tuple[int, int, int] | None:
    copy = _after(pos, card)
    raw = copy._tricks[-1]
    winner = raw[3]
    return None if winner is None else next(entry for entry in raw[2] if entry[0] == winner)


@kind("no_lower_out", N_("no card of its suit below the {card} is still out"))
def _no_lower_out(pos: Any, *, seat: int, card: Card) -> bool:
    return _lower_unseen(pos, seat, card) == 0 and bool(_unseen(pos, seat) & pos.k.suit_masks[_suit(pos, card)])


@kind("you_took_all_points", N_("you have taken every point card of the earlier tricks"))
def _you_took_all_points(pos: Any, *, seat: int) -> bool:
    """Every point card taken so far went to ``seat`` (which took at least one)."""
    return _point_takers(pos) == [seat]


@kind("no_points_taken", N_("nobody has taken a point card yet"))
def _no_points_taken(pos: Any) -> bool:
    return not any(taken & pos.k.moon_cards for taken in pos._taken)


# -- passes ---------------------------------------------------------------------------------------------------
def _passing(pos: Any, seat: int, cards: Sequence[Card]) -> bool:
    return seat in pos.to_pass and all(pos._hands[seat] >> c.id & 1 for c in cards)


@kind("pass_goes_to", N_("the {cards} go to {other}"))
def _pass_goes_to(pos: Any, *, seat: int, cards: tuple[Card, ...], other: int) -> bool:
    """``seat`` passes to ``other`` (a pass to one seat: standard Hearts)."""
    targets = pos.targets
    return _passing(pos, seat, cards) and len(targets) == 1 and (seat + targets[0][0]) % pos.k.players == other


@kind("highest_of_suit", N_("the {cards} are your highest {suit}"))
def _highest_of_suit(pos: Any, *, seat: int, cards: tuple[Card, ...], suit: Suit) -> bool:
    """Two or more cards of ``suit``, the highest ``seat`` holds in it, and not all it holds (then "highest" would
    compare them with nothing: see ``all_of_suit``)."""
    if not cards or any(c.suit != suit for c in cards) or not all(pos._hands[seat] >> c.id & 1 for c in cards):
        return False
    held = [c for c in _hand(pos, seat) if c.suit == suit]
    top = sorted(held, key=lambda c: -c.rank)[: len(cards)]
    return {c.id for c in top} == {c.id for c in cards} and 2 <= len(cards) < len(held)


@kind("all_of_suit", N_("the {cards} are all your {suit}: passing them leaves you void in {suit}"))
def _all_of_suit(pos: Any, *, seat: int, cards: tuple[Card, ...], suit: Suit) -> bool:
    """Two or more cards, every card of ``suit`` that ``seat`` holds (so that passing them leaves it void)."""
    if len(cards) < 2 or any(c.suit != suit for c in cards):
        return False
    return {c.id for c in _hand(pos, seat) if c.suit == suit} == {c.id for c in cards}


# -- what a card does on a trick not yet decided, and what tells two cards apart --------------------------------
@kind("leads_for_now", (N_("the {card} beats the {winning} for now, with 1 player still to play"),
                        N_("the {card} beats the {winning} for now, with {count} players still to play")))
def _leads_for_now(pos: Any, *, seat: int, card: Card, winning: Card, count: int) -> bool:
    """Played now (not as the trick's last card), ``card`` wins the trick so far over ``winning``, and ``count``
    players still play to the trick after it (so it may yet be overtaken: it does not take the trick yet)."""
    best = _winning_now(pos)
    if pos.to_play != seat or not pos._hands[seat] >> card.id & 1 or best is None or best[1] != winning.id:
        return False
    after_it = pos.k.players - len(pos._trick) - 1
    if after_it != count or count < 1:
        return False
    now = _winning_now(_after(pos, card))
    return now is not None and now[0] == seat


@kind("keeps_winner", N_("you keep the {kept}, which no {suit_one} still out can beat"))
def _keeps_winner(pos: Any, *, seat: int, card: Card, kept: Card, suit: Suit) -> bool:
    """``seat`` plays ``card`` and keeps ``kept`` (another card of the same suit), above every card of the suit
    still out (and some are out): a card that will win a trick of its suit whenever it is played to one."""
    if pos.to_play != seat or card.id == kept.id or _suit(pos, card) != int(suit) or _suit(pos, kept) != int(suit):
        return False
    if not (pos._hands[seat] >> card.id & 1 and pos._hands[seat] >> kept.id & 1):
        return False
    return _higher_unseen(pos, seat, kept) == 0 and bool(_unseen(pos, seat) & pos.k.suit_masks[int(suit)])


@kind("spades_above_queen", N_("the Q♠, which you do not hold, ranks below the {cards}"))
def _spades_above_queen(pos: Any, *, seat: int, cards: tuple[Card, ...]) -> bool:
    return (bool(cards) and all(c.suit == Suit.SPADES and c.rank > QUEEN.rank for c in cards)
            and all(pos._hands[seat] >> c.id & 1 for c in cards) and not pos._hands[seat] >> QUEEN.id & 1)  # fmt: skip


def _lower_spades(pos: Any, seat: int) -> int:
    """How many spades below the Q♠ ``seat`` holds: what guards the Q♠ (Lesson 10)."""
    return sum(1 for c in _hand(pos, seat) if c.suit == Suit.SPADES and c.rank < QUEEN.rank)


@kind("queen_few_guards", (N_("the Q♠ has only 1 lower spade to guard it"),
                           N_("the Q♠ has only {count} lower spades to guard it")))
def _queen_few_guards(pos: Any, *, seat: int, count: int) -> bool:
    """``seat`` holds the Q♠ and exactly ``count`` spades below it, 1 or 2: "only" is Lesson 10's line (with two
    or fewer lower spades, pass the Q♠); with 3 or more lower spades this fact refuses (they guard it)."""
    return 1 <= count <= 2 and QUEEN in _hand(pos, seat) and _lower_spades(pos, seat) == count


@kind("queen_unguarded", N_("no lower spade guards the Q♠"))
def _queen_unguarded(pos: Any, *, seat: int) -> bool:
    """``seat`` holds the Q♠ and no spade below it."""
    return QUEEN in _hand(pos, seat) and _lower_spades(pos, seat) == 0


def _kept_hearts(pos: Any, seat: int, cards: tuple[Card, ...], passed: tuple[Card, ...]) -> list[Card] | None:
    """The hearts ``seat`` holds, highest first, when ``cards`` are hearts it holds and does not pass."""
    hearts = sorted((c for c in _hand(pos, seat) if c.suit == Suit.HEARTS), key=lambda c: -c.rank)
    ids = {c.id for c in hearts}
    if not cards or not all(c.id in ids for c in cards) or {c.id for c in cards} & {c.id for c in passed}:
        return None
    return hearts


@kind("keeps_top_hearts", N_("you keep the {cards}, your 2 highest hearts"))
def _keeps_top_hearts(pos: Any, *, seat: int, cards: tuple[Card, ...], passed: tuple[Card, ...]) -> bool:
    """``seat`` keeps ``cards``, its 2 highest hearts, and holds more hearts than these (else ``keeps_all_hearts``:
    "highest" would compare them with nothing)."""
    hearts = _kept_hearts(pos, seat, cards, passed)
    return (hearts is not None and len(cards) == 2 and len(hearts) > 2
            and {c.id for c in hearts[:2]} == {c.id for c in cards})  # fmt: skip


@kind("keeps_all_hearts", N_("you keep the {cards}, all your hearts"))
def _keeps_all_hearts(pos: Any, *, seat: int, cards: tuple[Card, ...], passed: tuple[Card, ...]) -> bool:
    """``seat`` keeps ``cards``, every heart it holds (none of them passed)."""
    hearts = _kept_hearts(pos, seat, cards, passed)
    return hearts is not None and {c.id for c in hearts} == {c.id for c in cards}


def _hand(pos: Any, seat: int) -> list[Card]:
    from ..cards import cards_of_mask

    return list(cards_of_mask(pos._hands[seat]))


# -- themes ---------------------------------------------------------------------------------------------------
def _takes_lead(pos: Any, seat: int, card: Card) -> bool:
    """Played now, ``card`` leads the trick or is winning it (as far as it is played)."""
    if not pos._trick:
        return True
    after = _winning_now(_after(pos, card)) if len(pos._trick) + 1 < pos.k.players else _last(pos, card)
    return after is not None and after[0] == seat


def _legal(pos: Any, seat: int) -> list[Card]:
    return [c for c in _hand(pos, seat) if not pos.why_not(c, seat)]


def _point_takers(pos: Any) -> list[int]:
    return [s for s in range(pos.k.players) if pos._taken[s] & pos.k.moon_cards]


def _theme_play(name: str, pos: Any, seat: int, card: Card) -> bool:
    lead = pos.lead_suit if pos._trick else -1
    suit = card.suit
    same = [c for c in _legal(pos, seat) if c.suit == suit]
    lower_legal = [c for c in same if c.rank < card.rank]
    unseen_higher = _higher_unseen(pos, seat, card) > 0
    best = _winning_now(pos)
    if name == "ducking":
        if lead >= 0 and int(suit) == lead and best is not None:
            under = not _takes_lead(pos, seat, card)
            over_held = any(_takes_lead(pos, seat, c) for c in same if c.rank > card.rank)
            if under and over_held:
                return True  # stays under the winning card while holding one that would win
            last = len(pos._trick) == pos.k.players - 1
            return (not last and not lower_legal and len(same) > 1 and unseen_higher
                    and all(_takes_lead(pos, seat, c) for c in same))  # fmt: skip
        if lead < 0:
            held = sum(1 for c in _hand(pos, seat) if c.suit == suit)
            return not lower_legal and held > 1 and unseen_higher
        return False
    if name == "unloading":
        return bool(lower_legal) and card != QUEEN
    if name == "dumping-queen":
        if card == QUEEN:
            return bool(pos._trick) and not _takes_lead(pos, seat, card)
        queen_legal = any(c == QUEEN for c in same)
        last = len(pos._trick) == pos.k.players - 1
        return (queen_legal and last and int(suit) == lead and _takes_lead(pos, seat, card)
                and _takes_lead(pos, seat, QUEEN))  # fmt: skip
    if name == "making-void":
        following = lead >= 0 and int(suit) == lead
        cards_held = _hand(pos, seat)
        return not following and len(cards_held) >= 2 and [c for c in cards_held if c.suit == suit] == [card]
    if name == "counting":
        if not _unseen(pos, seat) & pos.k.suit_masks[int(suit)]:
            return False
        on_table = {cid for _, cid, _ in pos._trick}
        gone = pos._seen & ~pos._hands[seat]
        earlier = [c for c in _suit_cards(suit) if gone >> c.id & 1 and c.id not in on_table]
        higher_gone = any(c.rank > card.rank for c in earlier)
        lower_gone = any(c.rank < card.rank for c in earlier)
        not_last = len(pos._trick) < pos.k.players - 1
        if higher_gone and not unseen_higher and not_last and _takes_lead(pos, seat, card):
            return True
        return lead < 0 and lower_gone and _lower_unseen(pos, seat, card) == 0
    if name == "stopping-moon":
        takers = _point_takers(pos)
        return len(takers) == 1 and takers[0] != seat
    if name == "shooting":
        return _point_takers(pos) == [seat] and _takes_lead(pos, seat, card)
    if name == "endgame":
        return bool(pos.trick_number >= 9)
    return False


def _suit_cards(suit: Suit) -> list[Card]:
    return [Card.from_str(r + "CDSH"[int(suit)]) for r in "23456789TJQKA"]


def _theme_pass(name: str, pos: Any, seat: int, cards: Sequence[Card]) -> bool:
    hand = _hand(pos, seat)
    if name == "passing":
        return True
    if name == "dumping-queen":
        return QUEEN in cards
    if name == "making-void":
        return any(held and all(c in cards for c in held)
                   for held in ([c for c in hand if c.suit == s] for s in Suit))  # fmt: skip
    if name == "shooting":
        hearts = sorted((c for c in hand if c.suit == Suit.HEARTS), key=lambda c: -c.rank)[:2]
        return len(hearts) == 2 and not set(hearts) & set(cards) and all(c.rank <= 10 for c in cards)
    return False


THEME_RULES: dict[str, str] = {
    "ducking": "following suit, the answer stays under the winning card while the seat holds one that would win; "
               "or it is the lowest of its suit (led, or followed when every card of the suit goes over) and a "
               "higher card of its suit is still out",
    "unloading": "a lower card of the answer's suit was legal (and the answer is not the Q♠)",
    "dumping-queen": "the Q♠ onto a trick another seat is winning; or, playing last, a spade that takes the trick "
                     "the Q♠ would take too; a pass that gives the Q♠ away",
    "making-void": "the answer is the seat's last card of its suit, not followed to the suit led; a pass of every "
                   "card of a suit",
    "counting": "the answer is the highest of its suit still in play while a higher one went in an earlier trick "
                "(and it leads or takes the lead); or it leads the lowest while a lower one went earlier",
    "stopping-moon": "another seat has taken every point card taken so far: it can still take them all",
    "shooting": "the seat has taken every point card taken so far (it can still take them all) and the answer "
                "leads or takes the lead; a pass that keeps the seat's two highest hearts and passes nothing above "
                "the 10",
    "endgame": "trick 10 or later",
    "passing": "a pass",
}  # fmt: skip
"""Each theme's predicate, in words (for the ladder page and the docs)."""

def theme_holds(name: str, pos: Any, seat: int, answer: Sequence[Card | str]) -> bool:
    """Whether the puzzle at ``pos`` (``seat`` to move) with this ``answer`` earns the theme ``name``."""
    if name not in THEME_RULES:
        raise KeyError(f"no theme {name!r}")
    cards = [_card(c) for c in answer]
    if pos.phase is Phase.PASSING:
        if seat not in pos.to_pass:
            return False
        return _theme_pass(name, pos, seat, cards)
    if name == "passing" or pos.to_play != seat or len(cards) != 1:
        return False
    return _theme_play(name, pos, seat, cards[0])
