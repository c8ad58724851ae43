"""Plain-language explanations of what happened: who won a trick and why, what a score is made of.

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=0, trick_number=1, hearts_broken=True)
>>> for card in ("4D", "QH", "TD", "6D"):
...     trick = s.play(card)
>>> import textwrap
>>> print(textwrap.fill(explain_trick(trick, 4), 100))
South led the 4♦, so diamonds decide this trick. West could not follow suit and discarded the Q♥.
The highest diamond, North's 10♦, wins: North takes 1 point and leads the next trick.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Card, Suit
from .scoring import format_points
from .state import Trick
from .table import seat_name

__all__ = ["explain_trick"]


def _plural_suit(suit: Suit) -> str:
    return suit.english


def explain_trick(trick: Trick, players: int, *, name: Callable[[int, int], str] = seat_name) -> str:
    """Why the trick went where it went, in two or three sentences."""
    if not trick.plays:
        return "No card has been played yet."
    leader, lead_card = trick.plays[0]
    lead = trick.lead_suit
    assert lead is not None
    parts = [f"{name(leader, players)} led the {lead_card.symbol}, so {_plural_suit(lead)} decide this trick."]
    discards: list[tuple[int, Card]] = [
        (seat, card) for seat, card in trick.plays[1:] if (Suit.HEARTS if card.is_joker else card.suit) != lead
    ]
    for seat, card in discards:
        parts.append(f"{name(seat, players)} could not follow suit and discarded the {card.symbol}.")
    codes: dict[tuple[int, int], list[int]] = {}
    for seat, card in trick.plays:
        codes.setdefault((card.rank, card.suit), []).append(seat)
    twins = [seats for seats in codes.values() if len(seats) > 1]
    for seats in twins:
        who = " and ".join(name(s, players) for s in seats[:2])
        parts.append(f"{who} played identical cards: they cancel, so neither can win.")
    if trick.winner is None:
        parts.append("No card of the suit led is left standing: the cards stay on the table for the next trick.")
        return " ".join(parts)
    winner_card = next(card for seat, card in trick.plays if seat == trick.winner)
    points = f"takes {format_points(trick.points)} point{'s' if trick.points != 1 else ''}" if trick.points else (
        "takes no points"
    )
    if winner_card.is_joker:
        best = f"{name(trick.winner, players)}'s joker"
    else:
        best = f"{name(trick.winner, players)}'s {winner_card.symbol}"
    parts.append(
        f"The highest {lead.english[:-1]}, {best}, wins: "
        f"{name(trick.winner, players)} {points} and leads the next trick."
    )
    return " ".join(parts)
