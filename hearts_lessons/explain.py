"""Plain-language explanations of what happened: who won a trick and why, what a score is made of.

>>> from hearts_lessons.state import HandState
>>> s = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=0, trick_number=11, hearts_broken=True)
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


def explain_trick(trick: Trick, players: int, *, name: Callable[[int, int], str] = seat_name,
                  you: int | None = None) -> str:  # fmt: skip
    """Why the trick went where it went, in two or three sentences.

    ``name(seat, players)`` names the seats: pass the names the card table beside the explanation shows.
    ``you`` is the seat the table calls "You" (its reader): that seat is spoken to, not named ("You led the
    4♦", "your 10♦", "you take 1 point"), so the words agree with the table.

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.from_cards("TD 9C; QH 2S; 4D 3S; 6D 5S", hold=True, leader=2, trick_number=11,
    ...                          hearts_broken=True)
    >>> for card in ("4D", "6D", "TD", "QH"):
    ...     trick = s.play(card)
    >>> explain_trick(trick, 4, you=0).split(". ")[2]
    'The highest diamond, your 10♦, wins: you take 1 point and lead the next trick.'
    """
    if not trick.plays:
        return "No card has been played yet."

    def who(seat: int, *, first: bool = False) -> str:
        if seat == you:
            return "You" if first else "you"
        return name(seat, players)

    leader, lead_card = trick.plays[0]
    lead = trick.lead_suit
    assert lead is not None
    parts = [f"{who(leader, first=True)} led the {lead_card.symbol}, so {_plural_suit(lead)} decide this trick."]
    discards: list[tuple[int, Card]] = [
        (seat, card) for seat, card in trick.plays[1:] if (Suit.HEARTS if card.is_joker else card.suit) != lead
    ]
    for seat, card in discards:
        parts.append(f"{who(seat, first=True)} could not follow suit and discarded the {card.symbol}.")
    codes: dict[tuple[int, int], list[int]] = {}
    for seat, card in trick.plays:
        codes.setdefault((card.rank, card.suit), []).append(seat)
    twins = [seats for seats in codes.values() if len(seats) > 1]
    for seats in twins:
        pair = " and ".join(who(s, first=i == 0) for i, s in enumerate(seats[:2]))
        parts.append(f"{pair} played identical cards: they cancel, so neither can win.")
    if trick.winner is None:
        parts.append("No card of the suit led is left standing: the cards stay on the table for the next trick.")
        return " ".join(parts)
    winner = trick.winner
    winner_card = next(card for seat, card in trick.plays if seat == winner)
    spoken = winner == you
    take, lead_next = ("take", "lead") if spoken else ("takes", "leads")
    points = (f"{take} {format_points(trick.points)} point{'s' if trick.points != 1 else ''}" if trick.points
              else f"{take} no points")  # fmt: skip
    owner = "your" if spoken else f"{name(winner, players)}'s"
    best = f"{owner} joker" if winner_card.is_joker else f"{owner} {winner_card.symbol}"
    parts.append(
        f"The highest {lead.english[:-1]}, {best}, wins: {who(winner)} {points} and {lead_next} the next trick."
    )
    return " ".join(parts)
