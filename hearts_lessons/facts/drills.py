"""Facts the practice drills say about their Hearts positions, and about the coach's measurements behind them.

The play facts of :mod:`hearts_lessons.facts` speak of one card of the seat to play; the drills also speak of the
rules (which cards a seat may play, and the engine's reason for each refused card), of finished tricks (who won,
who discarded), of the points each seat took, of the cards still out, and of what the coach measured (a card's
or a pass's cost against the best, with its interval). Each kind is a predicate on the position (a
:class:`~hearts_lessons.state.HandState`; for measured facts the :class:`Measured` table the sentence reads).

>>> from hearts_lessons.state import HandState
>>> from hearts_lessons.facts import make
>>> s = HandState.from_cards("4H 9C KH; QH 2S 3H; KD 3S 4D; 6D 5S 8D", hold=True, leader=1, trick_number=10,
...                          hearts_broken=True)
>>> make("may_play", s, seat=1, cards=["QH", "2S", "3H"]).words()
'West may play the 2♠, 3♥ and Q♥'
>>> make("refused", s, seat=1, card="9C", reason="x")
Traceback (most recent call last):
...
hearts_lessons.facts.FactError: not true of this position: refused(seat=1, card=9C, reason=x)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import QUEEN_OF_SPADES, Card, Suit, cards_of_mask
from ..i18n import LANGUAGES, N_, language
from ..lean import Phase
from ..rules import PassDirection
from . import kind

if TYPE_CHECKING:
    from ..state import HandState

__all__ = ["Measured", "mean_interval", "one_decimal"]


def _every_language(said: Callable[[], str | None]) -> set[str | None]:
    """What ``said`` returns in each of the book's languages: a reason the engine gives in words is the same fact
    in every language, so a fact that quotes it holds whichever language it was made in."""
    out: set[str | None] = set()
    for lang in LANGUAGES:
        with language(lang):
            out.add(said())
    return out


def _penalty(card: Card) -> bool:
    return card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES


def _cards_tuple(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


# -- the rules ----------------------------------------------------------------------------------------------


@kind("may_play", N_("{seat} may play the {cards}"))
def _may_play(pos: HandState, *, seat: int, cards: tuple[Card, ...]) -> bool:
    """``cards`` are exactly the legal cards of ``seat``, whose turn it is."""
    return pos.to_play == seat and _cards_tuple(pos.legal_plays()) == tuple(cards)


@kind("refused", N_("the {card} may not be played: {reason}"))
def _refused(pos: HandState, *, seat: int, card: Card, reason: str) -> bool:
    """``reason`` is the engine's reason (:meth:`~hearts_lessons.state.HandState.why_not`) for refusing ``card``,
    in any of the book's languages (the fact is checked on the cards whatever language it was worded in)."""
    return pos.to_play == seat and reason in _every_language(lambda: pos.why_not(card, seat))


@kind("must_follow", N_("{seat} hold{seat:s} {suit}, so {seat} must follow suit"))
def _must_follow(pos: HandState, *, seat: int, suit: Suit) -> bool:
    return (pos.to_play == seat and pos.lead_suit == int(suit)
            and any(c.suit is suit for c in pos.hand(seat)))  # fmt: skip


@kind("cannot_follow", N_("{seat} hold{seat:s} no {suit}"))
def _cannot_follow(pos: HandState, *, seat: int, suit: Suit) -> bool:
    return pos.to_play == seat and pos.lead_suit == int(suit) and not any(c.suit is suit for c in pos.hand(seat))


@kind("to_lead", N_("{seat} to lead"))
def _to_lead(pos: HandState, *, seat: int) -> bool:
    """``seat`` leads the next trick (no card on the table yet)."""
    return pos.phase is Phase.PLAYING and pos.to_play == seat and not pos.current_trick


@kind("you_lead", N_("{seat} lead{seat:s} this trick"))
def _you_lead(pos: HandState, *, seat: int) -> bool:
    return _to_lead(pos, seat=seat)


@kind("you_cannot_follow", N_("{seat} cannot follow suit: {seat} hold{seat:s} no {suit}"))
def _you_cannot_follow(pos: HandState, *, seat: int, suit: Suit) -> bool:
    return _cannot_follow(pos, seat=seat, suit=suit)


@kind("hand_over", N_("the hand is over"))
def _hand_over(pos: HandState) -> bool:
    return pos.phase is Phase.DONE


@kind("passed_done", N_("the cards have been passed"))
def _passed_done(pos: HandState) -> bool:
    return pos.phase is Phase.PLAYING and pos.trick_number == 0 and pos.direction is not PassDirection.HOLD and all(
        pos.passed(s) for s in range(pos.players))


@kind("pass_now", N_("pass {count} cards {direction}"))
def _pass_now(pos: HandState, *, seat: int, count: int, direction: str) -> bool:
    return pos.phase is Phase.PASSING and seat in pos.to_pass and pos.cards_to_pass == count and (
        pos.direction.value == direction)


@kind("led", N_("the {card} was led"))
def _led(pos: HandState, *, card: Card) -> bool:
    return bool(pos.current_trick) and pos.current_trick[0][1] == card


@kind("plays_last_to", N_("{seat} play{seat:s} last to this trick"))
def _plays_last_to(pos: HandState, *, seat: int) -> bool:
    return pos.to_play == seat and len(pos.current_trick) == pos.players - 1


@kind("leads_first", N_("{seat} hold{seat:s} the 2♣, and whoever holds the 2♣ leads it to the first trick"))
def _leads_first(pos: HandState, *, seat: int) -> bool:
    return pos.trick_number == 0 and not pos.current_trick and pos.to_play == seat and any(
        c.code == "2C" for c in pos.hand(seat))


@kind("lacks", N_("{seat} {seat:does} not hold the {card}"))
def _lacks(pos: HandState, *, seat: int, card: Card) -> bool:
    return card not in pos.hand(seat)


@kind("first_trick", N_("this is the first trick"))
def _first_trick(pos: HandState) -> bool:
    return pos.trick_number == 0


@kind("hearts_unbroken", N_("no heart and no Q♠ has been played yet, so hearts are not broken"))
def _hearts_unbroken(pos: HandState) -> bool:
    played = [c for t in pos.tricks for c in t.cards] + [c for _, c in pos.current_trick]
    return not pos.hearts_broken and not any(_penalty(c) for c in played)


@kind("hearts_broken_by", N_("the {card} was played on trick {trick}, so hearts are broken"))
def _hearts_broken_by(pos: HandState, *, card: Card, trick: int) -> bool:
    """``card`` is the first heart or Q♠ played, on trick number ``trick`` (counted from 1)."""
    for t in pos.tricks:
        for _, c in t.plays:
            if _penalty(c):
                return bool(pos.hearts_broken) and c == card and t.number + 1 == trick
    return False


@kind("only_hearts", N_("{seat} hold{seat:s} nothing but hearts"))
def _only_hearts(pos: HandState, *, seat: int) -> bool:
    hand = pos.hand(seat)
    return bool(hand) and all(c.suit is Suit.HEARTS for c in hand)


@kind("next_trick", N_("trick {trick} is about to be led"))
def _next_trick(pos: HandState, *, trick: int) -> bool:
    return not pos.current_trick and pos.trick_number + 1 == trick


# -- finished tricks -----------------------------------------------------------------------------------------


def _last(pos: HandState) -> Any:
    return pos.tricks[-1] if pos.tricks and not pos.current_trick else None


@kind("won_last", N_("{winner:poss} {card} is the highest of the {suit} played: {winner} win{winner:s} the trick"))
def _won_last(pos: HandState, *, winner: int, card: Card, suit: Suit) -> bool:
    trick = _last(pos)
    return (trick is not None and trick.winner == winner and dict(trick.plays)[winner] == card
            and trick.lead_suit is suit)  # fmt: skip


@kind("discarded_last", N_("{seat:poss} {card} is a discard: only {suit} can win"))
def _discarded_last(pos: HandState, *, seat: int, card: Card, suit: Suit) -> bool:
    trick = _last(pos)
    return (trick is not None and dict(trick.plays).get(seat) == card and trick.lead_suit is suit
            and card.suit is not suit)  # fmt: skip


@kind("lower_last", N_("{seat:poss} {card} is lower than {winner:poss} {winning}"))
def _lower_last(pos: HandState, *, seat: int, card: Card, winner: int, winning: Card) -> bool:
    trick = _last(pos)
    if trick is None:
        return False
    plays = dict(trick.plays)
    return (plays.get(seat) == card and plays.get(winner) == winning and trick.winner == winner
            and card.suit is winning.suit and card.rank < winning.rank)  # fmt: skip


@kind("last_trick_points", N_("the trick holds the {cards}: {points}"))
def _last_trick_points(pos: HandState, *, cards: tuple[Card, ...], points: Any) -> bool:
    trick = _last(pos)
    return (trick is not None and tuple(sorted(c for c in trick.cards if _penalty(c))) == tuple(cards)
            and trick.points == points)  # fmt: skip


@kind("took", N_("{seat} took the {cards}: {points}"))
def _took(pos: HandState, *, seat: int, cards: tuple[Card, ...], points: Any) -> bool:
    return tuple(sorted(c for c in pos.taken(seat) if _penalty(c))) == tuple(cards) and pos.points_taken(seat) == points


@kind("took_none", N_("{seat} took no heart and not the Q♠"))
def _took_none(pos: HandState, *, seat: int) -> bool:
    return not pos.points_taken(seat)


@kind("shot_moon", N_("{shooter} took every heart and the Q♠"))
def _shot_moon(pos: HandState, *, shooter: int) -> bool:
    return pos.score is not None and pos.score.shooter == shooter


@kind("scores", N_("{seat} score{seat:s} {points} for this hand"))
def _scores(pos: HandState, *, seat: int, points: Any) -> bool:
    return pos.score is not None and pos.score.points[seat] == points


@kind("only_taker", N_("{shooter} {shooter:has} taken every point so far ({points})"))
def _only_taker(pos: HandState, *, shooter: int, points: Any) -> bool:
    takers = [s for s in range(pos.players) if pos.points_taken(s)]
    return takers == [shooter] and pos.points_taken(shooter) == points


# -- what one seat can see -----------------------------------------------------------------------------------


def _unseen(pos: HandState, seat: int) -> list[Card]:
    return cards_of_mask(pos.view(seat).unseen_mask)


@kind("suit_count", N_("13 {suit}: {held} in {seat:poss} hand, {played} played, so {out} still out"))
def _suit_count(pos: HandState, *, seat: int, suit: Suit, held: int, played: int, out: int) -> bool:
    """Of the 13 cards of ``suit``, ``held`` are in ``seat``'s hand, ``played`` have been played and ``out`` are in
    the other hands (worded without a verb that would have to agree with a count: "1 still out")."""
    return (sum(c.suit is suit for c in pos.hand(seat)) == held
            and sum(c.suit is suit for c in cards_of_mask(pos.played_mask)) == played
            and sum(c.suit is suit for c in _unseen(pos, seat)) == out and held + played + out == 13)  # fmt: skip


@kind("master", N_("no card still out beats the {card}"))
def _master(pos: HandState, *, seat: int, card: Card) -> bool:
    return card in pos.hand(seat) and not any(u.suit is card.suit and u.rank > card.rank for u in _unseen(pos, seat))


@kind("beaten_by_out", N_("the {higher} is still out and beats the {card}"))
def _beaten_by_out(pos: HandState, *, seat: int, card: Card, higher: Card) -> bool:
    return (card in pos.hand(seat) and higher in _unseen(pos, seat) and higher.suit is card.suit
            and higher.rank > card.rank)  # fmt: skip


@kind("below_winning", N_("the {card} is your highest card below the {winning}"))
def _below_winning(pos: HandState, *, seat: int, card: Card, winning: Card) -> bool:
    legal = pos.legal_plays()
    lower = [c for c in legal if c.suit is winning.suit and c.rank < winning.rank]
    return pos.to_play == seat and bool(lower) and max(lower, key=lambda c: c.rank) == card


@kind("cannot_win", N_("the {card} is lower than the {winning} already on the trick, so it cannot win it"))
def _cannot_win(pos: HandState, *, seat: int, card: Card, winning: Card) -> bool:
    """``card`` (of the suit led) ranks below ``winning``, the highest card of the suit led on the table: whatever
    the players after ``seat`` play, ``card`` does not win the trick."""
    if pos.to_play != seat or card not in pos.legal_plays() or not pos.current_trick:
        return False
    lead = pos.current_trick[0][1].suit
    top = max((c for _, c in pos.current_trick if c.suit is lead), key=lambda c: c.rank)
    return top == winning and card.suit is lead and card.rank < winning.rank


@kind("spade_below_queen", N_("the {card} is a spade below the Q♠"))
def _spade_below_queen(pos: HandState, *, seat: int, card: Card) -> bool:
    return card in pos.hand(seat) and card.suit is Suit.SPADES and card.rank < QUEEN_OF_SPADES.rank


@kind("spade_above_queen", N_("the {card} is above the Q♠: if the queen falls on it, you take 13 points"))
def _spade_above_queen(pos: HandState, *, seat: int, card: Card) -> bool:
    return card in pos.hand(seat) and card.suit is Suit.SPADES and card.rank > QUEEN_OF_SPADES.rank


@kind("not_a_spade", N_("the {card} is not a spade"))
def _not_a_spade(pos: HandState, *, seat: int, card: Card) -> bool:
    return card in pos.hand(seat) and card.suit is not Suit.SPADES


def _with(pos: HandState, card: Card) -> Any:
    from . import _trick_value

    return _trick_value(pos, [cid for _, cid, _ in pos._trick] + [card.id])


@kind("also_wins", N_("the {card} wins too, but the {cheaper} wins it for no more points and is lower: keep the {card} "
      "as a stopper"))
def _also_wins(pos: HandState, *, seat: int, card: Card, cheaper: Card) -> bool:
    from . import _takes_trick

    return (_takes_trick(pos, seat=seat, card=card) and _takes_trick(pos, seat=seat, card=cheaper)
            and _with(pos, cheaper) <= _with(pos, card) and cheaper.rank < card.rank)  # fmt: skip


@kind("wins_dearer",
      N_("the {card} wins too, but the trick would hold {points} with it and {fewer} with the {cheaper}"))
def _wins_dearer(pos: HandState, *, seat: int, card: Card, cheaper: Card, points: Any, fewer: Any) -> bool:
    from . import _takes_trick

    return (_takes_trick(pos, seat=seat, card=card) and _takes_trick(pos, seat=seat, card=cheaper)
            and _with(pos, card) == points and _with(pos, cheaper) == fewer and fewer < points)  # fmt: skip


@kind("other_stops", N_("{other}, not {shooter}, {other:is} winning the trick, so the moon is already stopped without "
      "you"))
def _other_stops(pos: HandState, *, other: int, shooter: int) -> bool:
    from . import _trick_value, _winning_now

    best = _winning_now(pos)
    points = _trick_value(pos, [cid for _, cid, _ in pos._trick])
    last = len(pos._trick) == pos.k.players - 1  # the reader's card ends the trick: a duck leaves it to ``other``
    return best is not None and best[0] == other and other not in (shooter, pos.to_play) and bool(points) and last


@kind("moon_goes_on", N_("{shooter} would take this trick's {points} too and still hold every point taken so far"))
def _moon_goes_on(pos: HandState, *, card: Card, shooter: int, points: Any) -> bool:
    """``shooter`` has taken every point so far, and after ``card`` (the last card of the trick) wins a trick
    holding ``points``."""
    if pos.to_play == shooter or len(pos._trick) != pos.k.players - 1 or card not in pos.legal_plays():
        return False
    takers = [s for s in range(pos.players) if pos.points_taken(s)]
    after = pos.copy()
    trick = after.play(card)
    return (takers == [shooter] and trick is not None and trick.winner == shooter and trick.points == points
            and bool(points))  # fmt: skip


# -- the coach's measurements --------------------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half width of its 95% interval (normal approximation).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 1.265]
    """
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@dataclass(frozen=True, slots=True, eq=False)
class Measured:
    """A table the coach measured: for each move (cards, as a frozenset), its value in each sampled deal (points
    taken; every move tried in the same deals, in the same order). Measured facts are checked on it."""

    values: dict[frozenset[Card], tuple[float, ...]]
    queen: dict[frozenset[Card], float]
    """Share of deals in which the move's seat took the Q♠."""

    def diff(self, cards: Sequence[Card], best: Sequence[Card]) -> tuple[float, float, int]:
        """How many points ``cards`` cost more than ``best`` (paired, over the deals both were tried in), the
        half width of its 95% interval, and the number of deals."""
        mine, theirs = self.values[frozenset(cards)], self.values[frozenset(best)]
        pairs = [u - v for u, v in zip(mine, theirs, strict=False)]
        mean, half = mean_interval(pairs)
        return mean, half, len(pairs)


def _close(a: float, text: str) -> bool:
    """``text`` is ``a`` rounded to one decimal (as the sentence shows it)."""
    return text == f"{a:.1f}"


def one_decimal(value: float) -> str:
    """A measured number as a sentence shows it (``5.0``, ``-0.2``)."""
    return f"{value:.1f}"


@kind("costs_more", N_("over {deals} deals the {cards} cost {diff} ± {half} points more than the {best} on average"))
def _costs_more(table: Measured, *, cards: tuple[Card, ...], best: tuple[Card, ...], diff: str, half: str,
                deals: int) -> bool:  # fmt: skip
    """Measurably worse: the paired difference's 95% interval lies above 0."""
    d, h, n = table.diff(cards, best)
    return n == deals and _close(d, diff) and _close(h, half) and d - h > 0


@kind("within_half", N_("over {deals} common deals the {cards} cost {diff} ± {half} points against the {best} (yours "
      "minus the coach's): within half a point"))
def _within_half(table: Measured, *, cards: tuple[Card, ...], best: tuple[Card, ...], diff: str, half: str,
                 deals: int) -> bool:  # fmt: skip
    """Shown within half a point of ``best``: the upper end of the 95% interval is at most 0.5."""
    d, h, n = table.diff(cards, best)
    return n == deals and _close(d, diff) and _close(h, half) and d + h <= 0.5


@kind("not_within_half", N_("over {deals} common deals the {cards} cost {diff} ± {half} points against the {best} "
      "(yours minus the coach's): not shown within half a point"))
def _not_within_half(table: Measured, *, cards: tuple[Card, ...], best: tuple[Card, ...], diff: str, half: str,
                     deals: int) -> bool:  # fmt: skip
    d, h, n = table.diff(cards, best)
    return n == deals and _close(d, diff) and _close(h, half) and d + h > 0.5


@kind("tried_all", N_("the coach played each of your {count} legal cards in the same {deals} sampled deals of the "
      "hidden cards"))
def _tried_all(table: Measured, *, cards: tuple[Card, ...], count: int, deals: int) -> bool:
    """The table holds exactly one move per card of ``cards`` (the legal cards), each tried in ``deals`` deals."""
    return (len(cards) == count and set(table.values) == {frozenset([c]) for c in cards}
            and all(len(v) == deals for v in table.values.values()))  # fmt: skip


def _means(table: Measured) -> dict[frozenset[Card], float]:
    return {k: sum(v) / len(v) for k, v in table.values.items() if v}


@kind("cost_least", N_("over {deals} deals the {cards} cost {mean} points on average, the fewest of your cards"))
def _cost_least(table: Measured, *, cards: tuple[Card, ...], mean: str, deals: int) -> bool:
    means = _means(table)
    mine = means.get(frozenset(cards))
    return (mine is not None and mine <= min(means.values()) and _close(mine, mean)
            and len(table.values[frozenset(cards)]) == deals)  # fmt: skip


@kind("cost_near_least", N_("over {deals} deals the {cards} cost {mean} points on average, within {gap} points of the "
      "fewest ({least}, with the {best})"))
def _cost_near_least(table: Measured, *, cards: tuple[Card, ...], best: tuple[Card, ...], mean: str, least: str,
                     gap: str, deals: int) -> bool:  # fmt: skip
    means = _means(table)
    mine, low = means.get(frozenset(cards)), means.get(frozenset(best))
    return (mine is not None and low is not None and low <= min(means.values()) and mine - low <= float(gap)
            and _close(mine, mean) and _close(low, least) and len(table.values[frozenset(cards)]) == deals)  # fmt: skip


@kind("cheapest_wrong", N_("the cheapest of the other cards, the {other}, cost {more} points more on average"))
def _cheapest_wrong(table: Measured, *, cards: tuple[Card, ...], right: tuple[Card, ...], other: Card,
                    more: str) -> bool:  # fmt: skip
    """``other`` costs the least of the cards not in ``right`` (each right card is one move), ``more`` points above
    ``cards`` on average."""
    means = _means(table)
    rest = {k: m for k, m in means.items() if not k <= frozenset(right)}
    mine, theirs = means.get(frozenset(cards)), rest.get(frozenset([other]))
    return (mine is not None and theirs is not None and theirs <= min(rest.values())
            and frozenset(cards) <= frozenset(right) and _close(theirs - mine, more))  # fmt: skip


@kind("queen_share", N_("you take the Q♠ in {share} of those deals after the {cards}"))
def _queen_share(table: Measured, *, cards: tuple[Card, ...], share: str) -> bool:
    return f"{table.queen[frozenset(cards)]:.0%}" == share


@kind("least_cost", N_("of the {count} passes the coach tried in the same {deals} deals, the {cards} cost the fewest "
      "points on average ({mean})"))
def _least_cost(table: Measured, *, cards: tuple[Card, ...], count: int, deals: int, mean: str) -> bool:
    means = {k: sum(v) / len(v) for k, v in table.values.items() if v}
    mine = means.get(frozenset(cards))
    return (mine is not None and len(means) == count and all(len(v) == deals for v in table.values.values())
            and mine <= min(means.values()) and _close(mine, mean))  # fmt: skip


@kind("pass_refused", N_("{reason}"))
def _pass_refused(pos: HandState, *, seat: int, card: Card, reason: str) -> bool:
    """``reason`` is the engine's reason (:meth:`~hearts_lessons.state.HandState.why_not_pass`), in any of the
    book's languages."""
    return reason in _every_language(lambda: pos.why_not_pass(seat, card))


@kind("passes_to", N_("hand {hand} of a game passes {direction}"))
def _passes_to(rules: Any, *, hand: int, direction: str) -> bool:
    """In ``rules`` (a :class:`~hearts_lessons.rules.Rules`), hand number ``hand`` (from 1) passes
    ``direction`` (the direction's name, or ``hold``)."""
    cycle = rules.cycle
    return bool(cycle) and cycle[(hand - 1) % len(cycle)].value == direction.split()[0]


@kind("pass_cycle", N_("the passes go {cycle}, then again from the start"))
def _pass_cycle(rules: Any, *, cycle: str) -> bool:
    return cycle.split(", ") == [d.value for d in rules.cycle]


@kind("moon_plans", N_("over {deals} deals of the other hands, going for the moon succeeded {success} of the time and "
      "scored {shoot} points against the others' average (fewer is better), playing safe {safe}"))
def _moon_plans(verdict: Any, *, deals: int, success: str, shoot: str, safe: str) -> bool:
    """The numbers of a :class:`~hearts_lessons.bots.shooter.MoonVerdict` (relative points: lower is better)."""
    return (verdict.worlds == deals and f"{verdict.success:.0%}" == success
            and f"{verdict.shoot_relative:+.1f}" == shoot and f"{verdict.safe_relative:+.1f}" == safe)  # fmt: skip


@kind("moon_better", N_("{plan} did better, beyond the 95% interval of the difference (± {half})"))
def _moon_better(verdict: Any, *, plan: str, half: str) -> bool:
    gap = abs(verdict.shoot_relative - verdict.safe_relative)
    better = "shooting" if verdict.shoot_relative < verdict.safe_relative else "playing safe"
    return plan == better and gap > verdict.half_width and _close(verdict.half_width, half)
