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
from .i18n import get_language, join_words, tr
from .rules import Points
from .scoring import format_points
from .state import Trick
from .table import seat_name

__all__ = ["explain_trick"]


def explain_trick(trick: Trick, players: int, *, name: Callable[[int, int], str] = seat_name,
                  you: int | None = None, last: bool = False) -> str:  # fmt: skip
    """Why the trick went where it went, in two or three sentences.

    ``name(seat, players)`` names the seats: pass the names the card table beside the explanation shows.
    ``you`` is the seat the table calls "You" (its reader): that seat is spoken to, not named ("You led the
    4♦", "your 10♦", "you take 1 point"), so the words agree with the table. ``last``: the hand's last trick,
    after which nobody leads again (the sentence says it ended the hand).

    >>> from hearts_lessons.state import HandState
    >>> s = HandState.from_cards("TD 9C; QH 2S; 4D 3S; 6D 5S", hold=True, leader=2, trick_number=11,
    ...                          hearts_broken=True)
    >>> for card in ("4D", "6D", "TD", "QH"):
    ...     trick = s.play(card)
    >>> explain_trick(trick, 4, you=0).split(". ")[2]
    'The highest diamond, your 10♦, wins: you take 1 point and lead the next trick.'
    """
    if not trick.plays:
        return tr("No card has been played yet.")

    def who(seat: int) -> str:
        return tr("you", context="player") if seat == you else name(seat, players)

    leader, lead_card = trick.plays[0]
    lead = trick.lead_suit
    assert lead is not None
    if leader == you:
        parts = [tr("You led the {card}, so {suits} decide this trick.", card=lead_card.symbol, suits=lead.word)]
    else:
        parts = [tr("{name} led the {card}, so {suits} decide this trick.", name=who(leader), card=lead_card.symbol,
                    suits=lead.word)]  # fmt: skip
    discards: list[tuple[int, Card]] = [
        (seat, card) for seat, card in trick.plays[1:] if (Suit.HEARTS if card.is_joker else card.suit) != lead
    ]
    for seat, card in discards:
        if seat == you:
            parts.append(tr("You could not follow suit and discarded the {card}.", card=card.symbol))
        else:
            parts.append(tr("{name} could not follow suit and discarded the {card}.", name=who(seat),
                            card=card.symbol))  # fmt: skip
    codes: dict[tuple[int, int], list[int]] = {}
    for seat, card in trick.plays:
        codes.setdefault((card.rank, card.suit), []).append(seat)
    twins = [seats for seats in codes.values() if len(seats) > 1]
    for seats in twins:
        names = [who(s) for s in seats[:2]]
        if seats[0] == you:
            names[0] = tr("You", context="player")
        parts.append(tr("{pair} played identical cards: they cancel, so neither can win.", pair=join_words(names)))
    if trick.winner is None:
        parts.append(tr("No card of the suit led is left standing: the cards stay on the table for the next trick."))
        return _join_sentences(parts)
    standing = [card for _, card in trick.plays
                if (Suit.HEARTS if card.is_joker else card.suit) == lead and len(codes[(card.rank, card.suit)]) == 1]
    if not standing:  # every card of the suit led cancelled: the last trick goes to its leader (lean.py)
        parts.append(_leader_takes_last(trick.winner == you, trick.points, {
            "name": who(trick.winner), "points": format_points(trick.points)}))  # fmt: skip
        return _join_sentences(parts)
    winner = trick.winner
    winner_card = next(card for seat, card in trick.plays if seat == winner)
    spoken = winner == you
    if spoken:
        best = tr("your joker") if winner_card.is_joker else tr("your {card}", card=winner_card.symbol)
    elif winner_card.is_joker:
        best = tr("{name}'s joker", name=name(winner, players))
    else:
        best = tr("{name}'s {card}", name=name(winner, players), card=winner_card.symbol)
    points = format_points(trick.points)
    facts = {"suit": lead.one, "best": best, "name": who(winner), "points": points}
    if last:
        parts.append(_last_trick_sentence(spoken, trick.points, facts))
    elif spoken and not trick.points:
        parts.append(tr("The highest {suit}, {best}, wins: you take no points and lead the next trick.", **facts))
    elif spoken and trick.points == 1:
        parts.append(tr("The highest {suit}, {best}, wins: you take {points} point and lead the next trick.", **facts))
    elif spoken:
        parts.append(tr("The highest {suit}, {best}, wins: you take {points} points and lead the next trick.",
                        **facts))  # fmt: skip
    elif not trick.points:
        parts.append(tr("The highest {suit}, {best}, wins: {name} takes no points and leads the next trick.",
                        **facts))  # fmt: skip
    elif trick.points == 1:
        parts.append(tr("The highest {suit}, {best}, wins: {name} takes {points} point and leads the next trick.",
                        **facts))  # fmt: skip
    else:
        parts.append(tr("The highest {suit}, {best}, wins: {name} takes {points} points and leads the next trick.",
                        **facts))  # fmt: skip
    return _join_sentences(parts)


def _last_trick_sentence(spoken: bool, points: Points, facts: dict[str, str]) -> str:
    """Who won the hand's last trick and what it took: nobody leads again (a moon's choice may still follow, so
    the sentence says the play is over, not the hand)."""
    if spoken and not points:
        return tr("The highest {suit}, {best}, wins the last trick: you take no points, and the play of the hand is "
                  "over.", **facts)  # fmt: skip
    if spoken and points == 1:
        return tr("The highest {suit}, {best}, wins the last trick: you take {points} point, and the play of the hand "
                  "is over.", **facts)  # fmt: skip
    if spoken:
        return tr("The highest {suit}, {best}, wins the last trick: you take {points} points, and the play of the "
                  "hand is over.", **facts)  # fmt: skip
    if not points:
        return tr("The highest {suit}, {best}, wins the last trick: {name} takes no points, and the play of the hand "
                  "is over.", **facts)  # fmt: skip
    if points == 1:
        return tr("The highest {suit}, {best}, wins the last trick: {name} takes {points} point, and the play of the "
                  "hand is over.", **facts)  # fmt: skip
    return tr("The highest {suit}, {best}, wins the last trick: {name} takes {points} points, and the play of the "
              "hand is over.", **facts)  # fmt: skip


def _leader_takes_last(spoken: bool, points: Points, facts: dict[str, str]) -> str:
    """The last trick when every card of the suit led cancelled: it goes to its leader (nothing is left to carry)."""
    if spoken and points == 1:
        return tr("No card of the suit led is left standing: the last trick goes to you, its leader, and you take "
                  "{points} point; the play of the hand is over.", **facts)  # fmt: skip
    if spoken:
        return tr("No card of the suit led is left standing: the last trick goes to you, its leader, and you take "
                  "{points} points; the play of the hand is over.", **facts)  # fmt: skip
    if points == 1:
        return tr("No card of the suit led is left standing: the last trick goes to its leader, {name}, who takes "
                  "{points} point; the play of the hand is over.", **facts)  # fmt: skip
    return tr("No card of the suit led is left standing: the last trick goes to its leader, {name}, who takes "
              "{points} points; the play of the hand is over.", **facts)  # fmt: skip


def _join_sentences(parts: list[str]) -> str:
    """Sentences one after another: a space between English sentences, none between Japanese ones."""
    return ("" if get_language() == "ja" else " ").join(parts)
