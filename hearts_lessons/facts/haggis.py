"""Facts the Haggis drills say about the cards they show (RULES 4.3–4.6), each checked with the Haggis engine.

The position of a Haggis fact is the tuple of cards a drill shows; a fact names cards by their codes (``"5O 8G
10R"``), and its predicate reads them again and checks they are among the cards shown.

>>> from hearts_lessons.haggis.cards import parse_cards
>>> from hearts_lessons.facts import make
>>> shown = tuple(parse_cards("5O 8G 10R"))
>>> make("not_one_suit", shown, cards="5O 8G 10R").words()
'5O 8G 10R are not all of one suit, so they are no sequence'
>>> make("not_in_a_row", shown, cards="5O 8G 10R", low=5, high=10, span=6, count=3).words()
'5O 8G 10R do not run in a row (5 to 10 is 6 ranks for 3 cards), so they are no sequence'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..haggis.cards import HaggisCard, card_points, parse_cards, sort_cards
from ..haggis.combos import BOMB_LADDER, Bomb, Combo, beats, classify, why_cannot_follow
from ..haggis.plays import bombs_in
from ..haggis.state import HaggisHand
from ..i18n import N_, tr
from . import kind

__all__: list[str] = []


def _cards(shown: Sequence[HaggisCard], codes: str) -> list[HaggisCard] | None:
    """The cards named by ``codes``, if each is among the cards shown."""
    cards = parse_cards(codes)
    pool = Counter(shown)
    if any(pool[c] < n for c, n in Counter(cards).items()):
        return None
    return cards


def _combo(shown: Sequence[HaggisCard], codes: str, name: str) -> Combo | None:
    cards = _cards(shown, codes)
    if cards is None:
        return None
    return next((c for c in classify(cards) if c.name == name), None)


@kind("reads_as", N_("{cards} form a {name}"))
def _reads_as(shown: Sequence[HaggisCard], *, cards: str, name: str) -> bool:
    group = _cards(shown, cards)
    readings = classify(group) if group is not None else []
    return bool(readings) and readings[0].name == name


@kind("played_as", N_("{cards}, which form a {name}"))
def _played_as(shown: Sequence[HaggisCard], *, cards: str, name: str) -> bool:
    """The same fact as ``reads_as``, worded to follow a verb ("Your opponent played 4G 7G J1 K1, which form …")."""
    return _reads_as(shown, cards=cards, name=name)


@kind("not_reading", N_("not a {name}"))
def _not_reading(shown: Sequence[HaggisCard], *, cards: str, name: str) -> bool:
    """No reading of ``cards`` is the combination ``name``."""
    group = _cards(shown, cards)
    return group is not None and name not in {c.name for c in classify(group)}


@kind("engine_reading", N_("the engine reads them as a {reading}"))
def _engine_reading(shown: Sequence[HaggisCard], *, cards: str, reading: str) -> bool:
    """``reading`` is the Haggis engine's account of the first reading of ``cards`` (:meth:`Combo.explain`)."""
    group = _cards(shown, cards)
    readings = classify(group) if group is not None else []
    return bool(readings) and readings[0].explain() == reading


@kind("not_one_rank", N_("{cards} are not all of one rank, so they are no set"))
def _not_one_rank(shown: Sequence[HaggisCard], *, cards: str) -> bool:
    group = _cards(shown, cards)
    return group is not None and len({c.rank for c in group if not c.is_wild}) > 1


@kind("not_one_suit", N_("{cards} are not all of one suit, so they are no sequence"))
def _not_one_suit(shown: Sequence[HaggisCard], *, cards: str) -> bool:
    group = _cards(shown, cards)
    return group is not None and len({c.suit for c in group if not c.is_wild}) > 1


@kind("not_in_a_row", N_("{cards} do not run in a row ({low} to {high} is {span} ranks for {count} cards), so they are "
      "no sequence"))
def _not_in_a_row(shown: Sequence[HaggisCard], *, cards: str, low: int, high: int, span: int, count: int) -> bool:
    group = _cards(shown, cards)
    if group is None or any(c.is_wild for c in group):
        return False
    ranks = [c.rank for c in group]
    return (min(ranks), max(ranks), len(group)) == (low, high, count) and span == high - low + 1 > count


@kind("no_rank_twice", N_("no rank of {cards} appears twice, so they are no sequence of sets"))
def _no_rank_twice(shown: Sequence[HaggisCard], *, cards: str) -> bool:
    group = _cards(shown, cards)
    return group is not None and not any(c.is_wild for c in group) and len({c.rank for c in group}) == len(group)


@kind("may_follow", N_("{cards}, a {name}, is the same shape as the {table} and higher"))
def _may_follow(shown: Sequence[HaggisCard], *, cards: str, name: str, table: str, table_cards: str) -> bool:
    mine, theirs = _combo(shown, cards, name), _combo(shown, table_cards, table)
    return (mine is not None and theirs is not None and beats(mine, theirs) and mine.shape == theirs.shape
            and not mine.is_bomb)  # fmt: skip


@kind("may_not_follow", N_("{reason}"))
def _may_not_follow(shown: Sequence[HaggisCard], *, cards: str, name: str, table: str, table_cards: str,
                    reason: str) -> bool:  # fmt: skip
    """``reason`` is the Haggis engine's reason (:func:`~hearts_lessons.haggis.combos.why_cannot_follow`)."""
    mine, theirs = _combo(shown, cards, name), _combo(shown, table_cards, table)
    return mine is not None and theirs is not None and why_cannot_follow(mine, theirs) == reason


# -- bombs ---------------------------------------------------------------------------------------------------


@kind("bomb_ladder", N_("the bombs from lowest to highest: {ladder}"))
def _bomb_ladder(ladder_: Sequence[Bomb], *, ladder: str) -> bool:
    """``ladder`` is the bomb ladder of the rules (RULES 4.5), lowest first; the position is the ladder."""
    return ladder == " < ".join(b.label for b in BOMB_LADDER) and tuple(ladder_) == BOMB_LADDER


@kind("bomb_above", N_("{high} is above {low} on the bomb ladder"))
def _bomb_above(ladder_: Sequence[Bomb], *, high: str, low: str) -> bool:
    labels = [b.label for b in ladder_]
    return high in labels and low in labels and labels.index(high) > labels.index(low)


@kind("lowest_beating", N_("the {name} is your lowest bomb above the {table}"))
def _lowest_beating(shown: Sequence[HaggisCard], *, cards: str, name: str, table: str, table_cards: str,
                    mine: str) -> bool:  # fmt: skip
    """Of the bombs in the cards ``mine``, the one named ``name`` (made of ``cards``) is the lowest that beats the
    bomb on the table."""
    theirs, bomb = _combo(shown, table_cards, table), _combo(shown, cards, name)
    held = _cards(shown, mine)
    if theirs is None or bomb is None or held is None or not beats(bomb, theirs):
        return False
    beating = [b for b in bombs_in(held) if beats(b, theirs)]
    return bool(beating) and min(b.value for b in beating) == bomb.value


@kind("no_bomb_beats", N_("none of your bombs is above the {table}"))
def _no_bomb_beats(shown: Sequence[HaggisCard], *, table: str, table_cards: str, mine: str) -> bool:
    theirs, held = _combo(shown, table_cards, table), _cards(shown, mine)
    return theirs is not None and held is not None and not any(beats(b, theirs) for b in bombs_in(held))


@kind("spends_more", N_("the {name} beats the {table} too, but it is higher than the {lowest}: keep it for later"))
def _spends_more(shown: Sequence[HaggisCard], *, cards: str, name: str, table: str, table_cards: str,
                 lowest: str, lowest_cards: str) -> bool:  # fmt: skip
    theirs, bomb, low = (_combo(shown, table_cards, table), _combo(shown, cards, name),
                         _combo(shown, lowest_cards, lowest))  # fmt: skip
    return (theirs is not None and bomb is not None and low is not None and beats(bomb, theirs)
            and beats(low, theirs) and bomb.value > low.value)  # fmt: skip


@kind("bombed_trick", N_("you led {lead} ({lead_name}); your opponent bombed with {bomb}; you passed"))
def _bombed_trick(hand: HaggisHand, *, lead: str, lead_name: str, bomb: str) -> bool:
    """The last trick of ``hand``: seat 0 led ``lead``, seat 1 bombed with the bomb whose ranks are ``bomb``, and
    seat 0 passed (the trick ended)."""
    plays = hand.tricks[-1].plays if hand.tricks else ()
    return (len(plays) == 2 and plays[0].seat == 0 and plays[1].seat == 1
            and " ".join(c.code for c in sort_cards(plays[0].combo.cards)) == lead
            and plays[0].combo.name == lead_name and plays[1].combo.is_bomb
            and plays[1].combo.ranks_text == bomb)  # fmt: skip


@kind("captured_after_bomb", N_("the trick was won by a bomb: it goes to {taker}, who played just before the bomb"))
def _captured_after_bomb(hand: HaggisHand, *, taker: str) -> bool:
    """The last trick of ``hand`` was won by a bomb and captured by ``taker`` ("you" for seat 0, else "your
    opponent"), who played the combination just before the bomb."""
    trick = hand.tricks[-1]
    names = {0: tr("you", context="seat"), 1: tr("your opponent")}
    return trick.won_by_bomb and names.get(trick.taker) == taker and trick.plays[-2].seat == trick.taker


@kind("trick_card_points", N_("the trick's cards score {counted}: {points}"))
def _trick_card_points(hand: HaggisHand, *, counted: str, points: int) -> bool:
    trick = hand.tricks[-1]
    scoring = tr(", ", context="list").join(tr("{card} {n}", context="card points", card=c.code, n=card_points(c))
                                       for c in sort_cards(trick.cards) if card_points(c))  # fmt: skip
    nothing = tr("nothing", context="points")
    return sum(card_points(c) for c in trick.cards) == points and (scoring or nothing) == counted
