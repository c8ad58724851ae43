"""Facts the coach's explanations need beyond the play facts of :mod:`hearts_lessons.facts`.

- the moon: ``moon_watch`` (another seat has taken every point card so far), ``stops_moon`` (this card takes the
  lead of a trick with a point card from it), ``moon_open`` (nobody else has taken a point card);
- the trick: ``stays_under`` (the card does not take the lead; the trick may not be over), ``cancels`` (two
  identical cards of several decks), ``none_below`` (you cannot stay under), ``out_above`` (the cards still out
  that could beat a card), ``all_out_above``, ``none_out``, ``bleeds`` (leads) and ``still_out`` (a big penalty
  card); where the rules set cards aside unseen (hole cards, a kitty: :func:`every_unseen_held` is false) the
  "not yet seen" kinds ``unseen_above``, ``all_unseen_above``, ``bleeds_unseen`` and ``unseen`` say the same
  without claiming that a card will be played;
- the pass: ``pass_empties`` (a suit emptied, unless cards of it come back), ``drop_when_void`` (the big penalty
  card kept for that void), ``passes_with_below`` / ``passes_unguarded`` and ``keeps_with_below`` /
  ``keeps_unguarded`` (a big penalty card passed or kept, with the cards below it in the hand or kept),
  ``passes_above_big``, ``passes_high_points`` and ``passes_highest`` (the highest cards of a suit, lower ones
  kept);
- the game: ``total_before``, ``points_end_game``, ``lowest_total`` and ``not_lowest_total``.

Each kind is a predicate on a position (a :class:`~hearts_lessons.lean.Lean` or
:class:`~hearts_lessons.state.HandState`, in play or, for the pass facts, before the pass) computed from what the
seat named by ``seat`` can see, and its words in one place. :mod:`hearts_lessons.bots.explain` builds the coach's
sentences from them.

>>> from hearts_lessons.facts import make
>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4C TC KC 2D; QC 2S 3S 4S; 5C 5D 6D 7D; 8C 8D 9D TD", hold=True, leader=1,
...                          trick_number=9, hearts_broken=True)
>>> s.play("QC"); s.play("5C"); s.play("8C")
>>> make("stays_under", s, seat=0, card="TC", winning="QC", winner=1).words(you=0)
'the 10♣ stays under the Q♣: West is still winning the trick'
>>> make("stays_under", s, seat=0, card="KC", winning="QC", winner=1)
Traceback (most recent call last):
...
hearts_lessons.facts.FactError: not true of this position: stays_under(seat=0, card=KC, winning=QC, winner=1)
>>> make("overtakes", s, seat=0, card="KC", winning="QC").words(you=0)
'the K♣ beats the Q♣ and takes the lead of the trick'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, Suit, cards_of_mask
from ..i18n import N_
from . import _after, _holds_card, _last_winner, _suit, _to_play_with, _trick_value, _unseen, _winning_now, kind

if TYPE_CHECKING:
    from ..lean import Lean

__all__ = ["big_cards", "every_unseen_held", "seen_taken"]


def big_cards(pos: Lean) -> int:
    """The big penalty cards of the position's rules (the Q♠ in the standard game): worth 5 points or more."""
    from ..bots.features import tables_for

    return tables_for(pos.k).big


def seen_taken(pos: Lean, seat: int) -> int:
    """The cards ``seat`` has taken in tricks (played, so every seat saw them; hole cards left out)."""
    return int(pos._taken[seat] & pos._seen)


def every_unseen_held(pos: Lean, seat: int) -> bool:
    """Whether every card ``seat`` cannot see is in another seat's hand (so it is "still out": it will be
    played). False where the rules set cards aside unseen (hole cards with 5–7 players, a kitty…): then the
    unseen cards outnumber the cards the other seats hold, and the seat cannot tell which are set aside. Known to
    the seat: it compares the number of cards it cannot see with the sizes of the other hands.

    >>> from hearts_lessons.rules import Rules
    >>> from hearts_lessons.state import HandState
    >>> every_unseen_held(HandState.deal(seed=1), 0), every_unseen_held(HandState.deal(Rules(players=7), seed=1), 0)
    (True, False)
    """
    from . import _unseen

    held = sum(pos._hands[s].bit_count() for s in range(pos.k.players) if s != seat)
    return int(_unseen(pos, seat)).bit_count() == held


def _rank(card: Card) -> int:
    return int(card.rank)


def _hand_of_suit(pos: Lean, seat: int, suit: int) -> list[Card]:
    return cards_of_mask(pos._hands[seat] & pos.k.suit_masks[suit])


def _cards_equal(found: list[Card], cards: tuple[Card, ...]) -> bool:
    return sorted(c.id for c in found) == sorted(c.id for c in cards)


# -- the moon -----------------------------------------------------------------------------------------------------


@kind("moon_watch", N_("{shooter} {shooter:has} taken every point card so far ({points}) and may shoot the moon"))
def _moon_watch(pos: Lean, *, seat: int, shooter: int, points: Any) -> bool:
    """Another seat, ``shooter``, has taken every point card taken so far (``points`` of them, at least one card):
    nobody else has, so it can still take them all."""
    moon = pos.k.moon_cards
    takers = [s for s in range(pos.k.players) if seen_taken(pos, s) & moon]
    if takers != [shooter] or shooter == seat:
        return False
    return bool(_trick_value(pos, [c.id for c in cards_of_mask(seen_taken(pos, shooter) & moon)]) == points)


@kind("stops_moon", N_("if the {card} keeps the trick, {shooter} cannot take every point"))
def _stops_moon(pos: Lean, *, seat: int, card: Card, shooter: int) -> bool:
    """Played now, ``card`` takes the lead of the trick from ``shooter``, and the trick then holds a point card
    that ``shooter`` would need (so a seat other than the shooter would take a point)."""
    best = _winning_now(pos)
    if not _to_play_with(pos, seat, card) or best is None or best[0] != shooter or shooter == seat:
        return False
    after = _winning_now(_after(pos, card)) if len(pos._trick) + 1 < pos.k.players else _last_winner(pos, card)
    if after is None or after[0] != seat:
        return False
    ids = [cid for _, cid, _ in pos._trick] + [card.id]
    return any(pos.k.moon_cards >> cid & 1 for cid in ids)


@kind("moon_open", N_("no other player has taken a point card: you can still take every point"))
def _moon_open(pos: Lean, *, seat: int) -> bool:
    moon = pos.k.moon_cards
    return moon != 0 and not any(seen_taken(pos, s) & moon for s in range(pos.k.players) if s != seat)


# -- the trick ----------------------------------------------------------------------------------------------------


@kind("stays_under", N_("the {card} stays under the {winning}: {winner} {winner:is} still winning the trick"))
def _stays_under(pos: Lean, *, seat: int, card: Card, winning: Card, winner: int) -> bool:
    """Played now, ``card`` (of the suit led) does not take the lead from ``winner``'s ``winning`` card, which
    still wins the trick so far (or wins it, when ``card`` is the trick's last)."""
    best = _winning_now(pos)
    if not _to_play_with(pos, seat, card) or best is None or best[0] != winner or best[1] != winning.id:
        return False
    if _suit(pos, card) != pos.lead_suit:
        return False
    after = _winning_now(_after(pos, card)) if len(pos._trick) + 1 < pos.k.players else _last_winner(pos, card)
    return after is not None and after[0] == winner


@kind("cancels", N_("the {card} cancels the identical {card} on the table: neither can win the trick"))
def _cancels(pos: Lean, *, seat: int, card: Card) -> bool:
    """With several decks, ``card`` played now meets the one card on the table identical to it (the same suit and
    rank): the two cancel (:func:`~hearts_lessons.lean._winner`)."""
    if not pos.k.multi_deck or not _to_play_with(pos, seat, card):
        return False
    twins = [cid for _, cid, _ in pos._trick if cid & 63 == card.id & 63]
    return len(twins) == 1


@kind("none_below", N_("you hold no {suit} below the {winning}"))
def _none_below(pos: Lean, *, seat: int, suit: Suit, winning: Card) -> bool:
    """``seat`` holds cards of ``suit`` (``winning``'s suit), none ranked below ``winning``."""
    if _suit(pos, winning) != int(suit):
        return False
    mine = _hand_of_suit(pos, seat, int(suit))
    return bool(mine) and all(_rank(c) > _rank(winning) for c in mine)


@kind("out_above", N_("still out above the {card}: the {cards}"))
def _out_above(pos: Lean, *, seat: int, card: Card, cards: tuple[Card, ...]) -> bool:
    """``cards`` are exactly the cards of ``card``'s suit ranked above it that ``seat`` cannot see (neither in its
    hand nor played): the cards that could still beat it."""
    return every_unseen_held(pos, seat) and _unseen_above(pos, seat, card, cards)


def _unseen_above(pos: Lean, seat: int, card: Card, cards: tuple[Card, ...]) -> bool:
    suit = _suit(pos, card)
    out = [c for c in cards_of_mask(_unseen(pos, seat) & pos.k.suit_masks[suit]) if _rank(c) > _rank(card)]
    return bool(out) and _cards_equal(out, cards)


@kind("unseen_above", N_("not yet seen above the {card}: the {cards}"))
def _unseen_above_kind(pos: Lean, *, seat: int, card: Card, cards: tuple[Card, ...]) -> bool:
    """``out_above`` where the rules set cards aside unseen (:func:`every_unseen_held` is false): ``cards`` are
    exactly the cards of ``card``'s suit above it that ``seat`` has not seen; some may be set aside."""
    return not every_unseen_held(pos, seat) and _unseen_above(pos, seat, card, cards)


@kind("all_out_above", N_("all the {suit} still out rank above the {card}: whoever follows suit beats it"))
def _all_out_above(pos: Lean, *, seat: int, card: Card, suit: Suit) -> bool:
    """``seat`` leads ``card``; some cards of its suit are out and every one ranks above it."""
    return every_unseen_held(pos, seat) and _all_unseen_above(pos, seat, card, suit)


def _all_unseen_above(pos: Lean, seat: int, card: Card, suit: Suit) -> bool:
    if pos._trick or not _to_play_with(pos, seat, card) or _suit(pos, card) != int(suit):
        return False
    out = cards_of_mask(_unseen(pos, seat) & pos.k.suit_masks[int(suit)])
    return bool(out) and all(_rank(c) > _rank(card) for c in out)


@kind("all_unseen_above", N_("all the {suit} not yet seen rank above the {card}: whoever follows suit beats it"))
def _all_unseen_above_kind(pos: Lean, *, seat: int, card: Card, suit: Suit) -> bool:
    """``all_out_above`` where the rules set cards aside unseen (:func:`every_unseen_held` is false)."""
    return not every_unseen_held(pos, seat) and _all_unseen_above(pos, seat, card, suit)


@kind("none_out", N_("no other {suit_one} is still out: nobody can beat the {card}"))
def _none_out(pos: Lean, *, seat: int, card: Card, suit: Suit) -> bool:
    """``seat`` leads ``card`` of ``suit``, and every other card of that suit is in its hand or played (nobody
    can follow suit, so nobody can beat it)."""
    if pos._trick or not _to_play_with(pos, seat, card) or _suit(pos, card) != int(suit):
        return False
    return not _unseen(pos, seat) & pos.k.suit_masks[int(suit)]


@kind(
    "bleeds",
    N_("the {big} is still out and you hold no {suit} above it: leading the {card} may force it out (bleeding {suit})"),
)
def _bleeds(pos: Lean, *, seat: int, card: Card, big: Card, suit: Suit) -> bool:
    """``seat`` leads ``card``, of the suit of the big penalty card ``big``, ranked below it; ``big`` is out and
    ``seat`` holds no card of that suit above it (leading the suit again and again forces it out: bleeding); every
    unseen card is in another hand (:func:`every_unseen_held`; else ``bleeds_unseen``)."""
    return every_unseen_held(pos, seat) and _bleeding(pos, seat, card, big, suit)


@kind(
    "bleeds_unseen",
    N_("the {big} is not yet seen and you hold no {suit} above it: leading the {card} may force it out "
       "(bleeding {suit})"),
)
def _bleeds_unseen(pos: Lean, *, seat: int, card: Card, big: Card, suit: Suit) -> bool:
    """``bleeds`` where the rules set cards aside unseen (:func:`every_unseen_held` is false)."""
    return not every_unseen_held(pos, seat) and _bleeding(pos, seat, card, big, suit)


@kind("still_out", N_("the {card} is still out"))
def _still_out(pos: Lean, *, seat: int, card: Card) -> bool:
    """``seat`` has not seen ``card``, and every card it has not seen is in another hand
    (:func:`every_unseen_held`): the card will be played."""
    return every_unseen_held(pos, seat) and bool(_unseen(pos, seat) >> card.id & 1)


@kind("unseen", N_("the {card} is not yet seen"))
def _unseen_card(pos: Lean, *, seat: int, card: Card) -> bool:
    """``seat`` has not seen ``card`` (not in its hand, not played), where the rules set cards aside unseen
    (:func:`every_unseen_held` is false: the card may be set aside; the play fact ``out`` says "still out")."""
    return not every_unseen_held(pos, seat) and bool(_unseen(pos, seat) >> card.id & 1)


def _bleeding(pos: Lean, seat: int, card: Card, big: Card, suit: Suit) -> bool:
    if pos._trick or not _to_play_with(pos, seat, card) or not big_cards(pos) >> big.id & 1:
        return False
    s = _suit(pos, big)
    if s != int(suit) or _suit(pos, card) != s or _rank(card) >= _rank(big):
        return False
    if not _unseen(pos, seat) >> big.id & 1:
        return False
    return all(_rank(c) < _rank(big) for c in _hand_of_suit(pos, seat, s))


# -- the pass -----------------------------------------------------------------------------------------------------


def _in_hand(pos: Lean, seat: int, cards: tuple[Card, ...]) -> bool:
    return all(_holds_card(pos, seat, c) for c in cards) and len({c.id for c in cards}) == len(cards)


def _kept(pos: Lean, seat: int, passed: tuple[Card, ...]) -> int:
    mask = pos._hands[seat]
    for card in passed:
        mask &= ~card.bit
    return int(mask)


@kind("pass_empties", N_("passing the {cards} leaves you no {suit} (unless you receive some)"))
def _pass_empties(pos: Lean, *, seat: int, cards: tuple[Card, ...], suit: Suit) -> bool:
    """``cards`` are in ``seat``'s hand, and every card of ``suit`` it holds is among them."""
    mask = pos.k.suit_masks[int(suit)]
    return (_in_hand(pos, seat, cards) and bool(pos._hands[seat] & mask)
            and not _kept(pos, seat, cards) & mask)  # fmt: skip


@kind("drop_when_void", N_("you keep the {big} to drop when {suit} are led and you hold none"))
def _drop_when_void(pos: Lean, *, seat: int, passed: tuple[Card, ...], suit: Suit, big: Card) -> bool:
    """``seat`` keeps the big penalty card ``big`` and passes every card of ``suit`` (another suit)."""
    return (_pass_empties(pos, seat=seat, cards=passed, suit=suit) and bool(big_cards(pos) >> big.id & 1)
            and bool(_kept(pos, seat, passed) >> big.id & 1) and _suit(pos, big) != int(suit))  # fmt: skip


@kind("passes_with_below", N_("you pass the {card}, which you hold with the {cards} below it"))
def _passes_with_below(pos: Lean, *, seat: int, passed: tuple[Card, ...], card: Card,
                       cards: tuple[Card, ...]) -> bool:  # fmt: skip
    """``card`` is passed; ``cards`` are exactly the cards of its suit below it in ``seat``'s hand before the pass."""
    if not _in_hand(pos, seat, passed) or card not in passed:
        return False
    below = [c for c in _hand_of_suit(pos, seat, _suit(pos, card)) if _rank(c) < _rank(card)]
    return bool(below) and _cards_equal(below, cards)


@kind("passes_unguarded", N_("you pass the {card}: you hold no {suit} below it to guard it"))
def _passes_unguarded(pos: Lean, *, seat: int, passed: tuple[Card, ...], card: Card, suit: Suit) -> bool:
    if not _in_hand(pos, seat, passed) or card not in passed or _suit(pos, card) != int(suit):
        return False
    return not any(_rank(c) < _rank(card) for c in _hand_of_suit(pos, seat, int(suit)))


@kind("keeps_with_below", N_("you keep the {card} with the {cards} below it"))
def _keeps_with_below(pos: Lean, *, seat: int, passed: tuple[Card, ...], card: Card,
                      cards: tuple[Card, ...]) -> bool:  # fmt: skip
    """``card`` stays in ``seat``'s hand after passing ``passed``, and ``cards`` are exactly the cards of its suit
    below it that stay too."""
    if not _in_hand(pos, seat, passed) or card in passed or not _holds_card(pos, seat, card):
        return False
    kept = _kept(pos, seat, passed) & pos.k.suit_masks[_suit(pos, card)]
    below = [c for c in cards_of_mask(kept) if _rank(c) < _rank(card)]
    return bool(below) and _cards_equal(below, cards)


@kind("keeps_unguarded", N_("you keep the {card} with no {suit} below it"))
def _keeps_unguarded(pos: Lean, *, seat: int, passed: tuple[Card, ...], card: Card, suit: Suit) -> bool:
    if not _in_hand(pos, seat, passed) or card in passed or not _holds_card(pos, seat, card):
        return False
    if _suit(pos, card) != int(suit):
        return False
    kept = _kept(pos, seat, passed) & pos.k.suit_masks[int(suit)]
    return not any(_rank(c) < _rank(card) for c in cards_of_mask(kept))


@kind(
    "passes_above_big",
    N_("you pass the {cards}, ranked above the {big}, which you do not hold (a card above it may be made to take it)"),
)
def _passes_above_big(pos: Lean, *, seat: int, cards: tuple[Card, ...], big: Card) -> bool:
    """``cards`` (passed, held) are of the suit of the big penalty card ``big``, ranked above it; ``seat`` does not
    hold ``big`` (a card above it may win a trick it is dropped on)."""
    if not cards or not _in_hand(pos, seat, cards) or not big_cards(pos) >> big.id & 1:
        return False
    if _holds_card(pos, seat, big):
        return False
    s = _suit(pos, big)
    return all(_suit(pos, c) == s and _rank(c) > _rank(big) for c in cards)


@kind(
    "passes_highest",
    (
        N_("you pass the {cards}, your highest {suit_one}, and keep lower ones"),
        N_("you pass the {cards}, your {count} highest {suit}, and keep lower ones"),
    ),
)
def _passes_highest(pos: Lean, *, seat: int, cards: tuple[Card, ...], suit: Suit, count: int) -> bool:
    """``cards`` (``count`` of them, held) are the highest cards of ``suit`` in ``seat``'s hand, and it keeps at
    least one lower card of that suit."""
    if not cards or len(cards) != count or not _in_hand(pos, seat, cards):
        return False
    if any(_suit(pos, c) != int(suit) for c in cards):
        return False
    held = sorted(_hand_of_suit(pos, seat, int(suit)), key=_rank, reverse=True)
    return len(held) > count and _cards_equal(held[:count], cards) and _rank(held[count]) < min(map(_rank, cards))


@kind(
    "passes_high_points",
    (
        N_("you pass a high point card (jack or higher), which can win tricks: the {cards}"),
        N_("you pass high point cards (jack or higher), which can win tricks: the {cards}"),
    ),
)
def _passes_high_points(pos: Lean, *, seat: int, cards: tuple[Card, ...], count: int) -> bool:
    """``cards`` (``count`` of them, held) each carry positive points and rank jack or higher."""
    if not cards or len(cards) != count or not _in_hand(pos, seat, cards):
        return False
    values = pos.k.values
    return all(_rank(c) >= 11 and _positive(values.get(c.id, 0)) for c in cards)


def _positive(value: Any) -> bool:
    if isinstance(value, complex):
        return value.real + value.imag > 0
    return bool(value > 0)


# -- the game -----------------------------------------------------------------------------------------------------


@kind("total_before", N_("you have {points} and the game ends at {target}"))
def _total_before(pos: Lean, *, seat: int, points: Any, target: int) -> bool:
    """``seat``'s total before this hand is ``points``; the game ends at ``target`` points."""
    totals = pos.totals_before
    return bool(totals) and totals[seat] == points and pos.rules.target == target


@kind("points_end_game", N_("taking {points} more would end the game"))
def _points_end_game(pos: Lean, *, seat: int, points: Any) -> bool:
    """``points`` more this hand take ``seat``'s total to the end of the game (reach the target, or pass it when
    the game ends above the target), and fewer would not."""
    from ..rules import GameEnd

    totals = pos.totals_before
    rules = pos.rules
    mine = totals[seat] if totals else 0
    if not totals or rules.game_end is GameEnd.FIXED_HANDS or isinstance(mine, complex):
        return False
    needed = rules.target - mine + (1 if rules.game_end is GameEnd.EXCEED_TARGET else 0)
    return bool(points == max(needed, 0))


@kind("lowest_total", N_("your total is the lowest"))
def _lowest_total(pos: Lean, *, seat: int) -> bool:
    totals = _real_totals(pos)
    return bool(totals) and totals[seat] == min(totals)


@kind("not_lowest_total", N_("another player's total is lower than yours"))
def _not_lowest_total(pos: Lean, *, seat: int) -> bool:
    totals = _real_totals(pos)
    return bool(totals) and totals[seat] > min(totals)


def _real_totals(pos: Lean) -> list[float]:
    """The totals before this hand as numbers (empty when there are none, or when they are complex)."""
    out: list[float] = []
    for total in pos.totals_before:
        if isinstance(total, complex):
            return []
        out.append(float(total))
    return out
