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
    return f"{n} point" if n == 1 else f"{n} points"


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
        name = list(names) if names is not None else [f"seat {s}" for s in range(self.players)]
        first = self.first_out
        lines = [f"{name[first].capitalize()} went out first."]
        for seat, amount in enumerate(self.bets):
            if not amount:
                continue
            size = "little" if amount == LITTLE_BET else "big"
            if seat == first:
                lines.append(f"Bet: {name[seat]} bet {size} ({amount}) and went out first: +{amount}.")
                continue
            takers = [o for o in range(self.players) if o != seat and (o == first or not self.bets[o])]
            loss = f"; {name[seat]} loses {amount}" if self.failed_bet_loses else ""
            lines.append(
                f"Bet: {name[seat]} bet {size} ({amount}) but did not go out first: "
                f"+{amount} to {' and '.join(name[t] for t in takers)}{loss}."
            )
        if not any(self.bets):
            lines.append("Bets: nobody bet.")
        for event in self.going_out:
            lines.append(
                f"Going out: 5 × {event.cards_held} = {event.points} points for {name[event.seat]} "
                f"({name[event.opponent]} held the most cards, {event.cards_held}, at that moment)."
            )
        leftover_points = capture_points(self.leftover)
        haggis_points = capture_points(self.haggis)
        lines.append(
            f"Cards: the Haggis ({len(self.haggis)} cards, {_points(haggis_points)}) and the {len(self.leftover)} "
            f"cards left in {name[self.last_player]}'s hand ({_points(leftover_points)}) go to {name[first]}."
        )
        for seat in range(self.players):
            lines.append(
                f"Captured by {name[seat]}: {len(self.captured[seat])} cards worth {_points(self.card_points[seat])}."
            )
        for seat in range(self.players):
            lines.append(
                f"Hand total for {name[seat]}: {self.bet_points[seat]} (bets) + {self.go_out_points[seat]} "
                f"(going out) + {self.card_points[seat]} (cards) = {self.totals[seat]}."
            )
        return lines
