"""Scoring a Haggis hand (RULES 4.7–4.8): bets, the going-out bonus, and the points on captured cards.

>>> bet_points((30, 0), first_out=0, failed_bet_loses=False)
(30, 0)
>>> bet_points((30, 0), first_out=1, failed_bet_loses=False)
(0, 30)
>>> bet_points((30, 0), first_out=1, failed_bet_loses=True)
(-30, 30)
>>> from hearts_lessons.haggis.cards import parse_cards
>>> capture_points(parse_cards("3R 4R 9B J0 K1"))
9
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..i18n import join_words, tr, tr_n
from .cards import HaggisCard, card_points
from .rules import GO_OUT_POINTS_PER_CARD, LITTLE_BET

__all__ = ["GoOut", "HandResult", "bet_points", "capture_points", "go_out_bonus"]


def capture_points(cards: Iterable[HaggisCard]) -> int:
    """The points of captured cards: 3, 5, 7, 9 one each; J 2, Q 3, K 5."""
    return sum(card_points(card) for card in cards)


def go_out_bonus(cards_held: int) -> int:
    """RULES 4.8: 5 for each card held by the opponent with most cards (seed 003 first wrote 10, then 5).

    >>> go_out_bonus(5)
    25
    """
    return GO_OUT_POINTS_PER_CARD * cards_held


def bet_points(bets: Sequence[int], *, first_out: int, failed_bet_loses: bool) -> tuple[int, ...]:
    """Each seat's points from bets (RULES 4.7). ``bets[seat]`` is 0 (no bet), 15 or 30.

    A winning bettor gains the bet. A failed bet's amount goes to the first player out and to each player who
    did not bet; the failed bettor loses nothing, or loses the amount with ``failed_bet_loses``.

    >>> bet_points((15, 30, 0), first_out=2, failed_bet_loses=False)
    (0, 0, 45)
    >>> bet_points((15, 0, 0), first_out=2, failed_bet_loses=False)
    (0, 15, 15)
    """
    points = [0] * len(bets)
    for seat, amount in enumerate(bets):
        if not amount:
            continue
        if seat == first_out:
            points[seat] += amount
            continue
        for other in range(len(bets)):
            if other != seat and (other == first_out or not bets[other]):
                points[other] += amount
        if failed_bet_loses:
            points[seat] -= amount
    return tuple(points)


def _points(n: int) -> str:
    return tr_n("{n} point", "{n} points", n, context="haggis")


@dataclass(frozen=True, slots=True)
class GoOut:
    """A player going out: who, the opponent holding most cards at that moment, how many, and the bonus."""

    seat: int
    opponent: int
    cards_held: int

    @property
    def points(self) -> int:
        return go_out_bonus(self.cards_held)


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything scored at the end of a hand, with the reasons, seat by seat."""

    players: int
    bets: tuple[int, ...]
    going_out: tuple[GoOut, ...]
    captured: tuple[tuple[HaggisCard, ...], ...]
    leftover: tuple[HaggisCard, ...]
    haggis: tuple[HaggisCard, ...]
    last_player: int
    last_trick_winner: int
    failed_bet_loses: bool

    @property
    def first_out(self) -> int:
        return self.going_out[0].seat

    @property
    def bet_points(self) -> tuple[int, ...]:
        return bet_points(self.bets, first_out=self.first_out, failed_bet_loses=self.failed_bet_loses)

    @property
    def go_out_points(self) -> tuple[int, ...]:
        points = [0] * self.players
        for event in self.going_out:
            points[event.seat] += event.points
        return tuple(points)

    @property
    def card_points(self) -> tuple[int, ...]:
        return tuple(capture_points(pile) for pile in self.captured)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(
            b + g + c for b, g, c in zip(self.bet_points, self.go_out_points, self.card_points, strict=True)
        )

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The scoring in sentences, in the order of RULES 4.7–4.8 (bets, going out, captured cards)."""
        name = list(names) if names is not None else [tr("seat {n}", n=s) for s in range(self.players)]
        first = self.first_out
        lines = [tr("{who} went out first.", who=name[first].capitalize())]
        for seat, amount in enumerate(self.bets):
            if not amount:
                continue
            little = amount == LITTLE_BET
            if seat == first:
                lines.append(tr("Bet: {who} bet little ({amount}) and went out first: +{amount}.", who=name[seat],
                                amount=amount) if little else
                             tr("Bet: {who} bet big ({amount}) and went out first: +{amount}.", who=name[seat],
                                amount=amount))  # fmt: skip
                continue
            takers = join_words([name[o] for o in range(self.players)
                                 if o != seat and (o == first or not self.bets[o])])  # fmt: skip
            size = tr("little ({amount})", amount=amount) if little else tr("big ({amount})", amount=amount)
            if self.failed_bet_loses:
                lines.append(tr("Bet: {who} bet {size} but did not go out first: +{amount} to {takers}; {who} loses "
                                "{amount}.", who=name[seat], size=size, amount=amount, takers=takers))  # fmt: skip
            else:
                lines.append(tr("Bet: {who} bet {size} but did not go out first: +{amount} to {takers}.",
                                who=name[seat], size=size, amount=amount, takers=takers))  # fmt: skip
        if not any(self.bets):
            lines.append(tr("Bets: nobody bet."))
        for event in self.going_out:
            lines.append(tr(
                "Going out: 5 × {held} = {points} points for {who} ({opponent} held the most cards, {held}, at that "
                "moment).", held=event.cards_held, points=event.points, who=name[event.seat],
                opponent=name[event.opponent]))  # fmt: skip
        leftover_points = capture_points(self.leftover)
        haggis_points = capture_points(self.haggis)
        lines.append(tr(
            "Cards: the Haggis ({n} cards, {points}) and the {left} cards left in {last}'s hand ({left_points}) go "
            "to {first}.", n=len(self.haggis), points=_points(haggis_points), left=len(self.leftover),
            last=name[self.last_player], left_points=_points(leftover_points), first=name[first]))  # fmt: skip
        for seat in range(self.players):
            lines.append(tr("Captured by {who}: {n} cards worth {points}.", who=name[seat],
                            n=len(self.captured[seat]), points=_points(self.card_points[seat])))  # fmt: skip
        for seat in range(self.players):
            lines.append(tr(
                "Hand total for {who}: {bets} (bets) + {going_out} (going out) + {cards} (cards) = {total}.",
                who=name[seat], bets=self.bet_points[seat], going_out=self.go_out_points[seat],
                cards=self.card_points[seat], total=self.totals[seat]))  # fmt: skip
        return lines
