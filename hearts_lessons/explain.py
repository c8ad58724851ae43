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
from .state import HandState, Trick
from .table import seat_name

__all__ = ["explain_trick"]


def explain_trick(trick: Trick, players: int, *, name: Callable[[int, int], str] = seat_name,
                  you: int | None = None, last: bool = False, state: HandState | None = None) -> str:  # fmt: skip
    """Why the trick went where it went, in two or three sentences.

    ``state``, the hand the trick belongs to, lets the sentences say which cards went with the trick besides its
    own: those of earlier tricks nobody won (Cancellation Hearts) and the hole cards or the kitty. A face-down
    kitty another seat took is named but neither shown nor counted in the points said (only its taker may look
    at it, RULES.md), while the hand is played; without ``you`` (an open table) everything is shown.

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
    if lead_card.is_joker:  # its number is not its rank (the first joker played ranks high): named as a joker
        parts = [tr("You led a joker, so hearts decide this trick.") if leader == you else
                 tr("{name} led a joker, so hearts decide this trick.", name=who(leader))]  # fmt: skip
    elif leader == you:
        parts = [tr("You led the {card}, so {suits} decide this trick.", card=lead_card.symbol, suits=lead.word)]
    else:
        parts = [tr("{name} led the {card}, so {suits} decide this trick.", name=who(leader), card=lead_card.symbol,
                    suits=lead.word)]  # fmt: skip
    discards: list[tuple[int, Card]] = [
        (seat, card) for seat, card in trick.plays[1:] if (Suit.HEARTS if card.is_joker else card.suit) != lead
    ]
    for seat, card in discards:
        if card.is_joker:  # its number is not its rank (the first joker played ranks high): named as a joker
            if seat == you:
                parts.append(tr("You could not follow suit and discarded a joker."))
            else:
                parts.append(tr("{name} could not follow suit and discarded a joker.", name=who(seat)))
            continue
        if seat == you:
            parts.append(tr("You could not follow suit and discarded the {card}.", card=card.symbol))
        else:
            parts.append(tr("{name} could not follow suit and discarded the {card}.", name=who(seat),
                            card=card.symbol))  # fmt: skip
    identical: dict[tuple[int, int], list[int]] = {}  # the plays (their indices) of each card, several decks
    for index, (_, card) in enumerate(trick.plays):
        if not card.is_joker:  # the two jokers of Hi-Lo Joker (one deck) are two different cards
            identical.setdefault((card.rank, card.suit), []).append(index)
    cancelled: set[int] = set()  # as the engine: of identical cards, the first two cancel (a third stands)
    for members in identical.values():
        if len(members) < 2:
            continue
        cancelled.update(members[:2])
        seats = [trick.plays[i][0] for i in members]
        names = [who(s) for s in seats[:2]]
        if seats[0] == you:
            names[0] = tr("You", context="player")
        parts.append(tr("{pair} played identical cards: they cancel, so neither can win.", pair=join_words(names)))
        if trick.plays[members[0]][1].suit != lead:
            continue  # discards: none of them could win, cancelled or not
        symbol = trick.plays[members[0]][1].symbol
        for seat in seats[2:]:
            if seat == you:
                parts.append(tr("Your {card} is a third identical card: only the first two cancel, so yours can "
                                "still win.", card=symbol))  # fmt: skip
            else:
                parts.append(tr("{name}'s {card} is a third identical card: only the first two cancel, so it can "
                                "still win.", name=name(seat, players), card=symbol))  # fmt: skip
    if trick.winner is None:
        parts.append(tr("No card of the suit led is left standing: the cards stay on the table for the next trick."))
        return _join_sentences(parts)
    standing = [card for index, (_, card) in enumerate(trick.plays)
                if (Suit.HEARTS if card.is_joker else card.suit) == lead and index not in cancelled]
    if not standing:  # every card of the suit led cancelled: the last trick goes to its leader (lean.py)
        shown, joined = _joined(trick, state, you, who)
        parts.append(_leader_takes_last(trick.winner == you, shown, {
            "name": who(trick.winner), "points": format_points(shown)}))  # fmt: skip
        return _join_sentences([*parts[:-1], *joined, parts[-1]])  # the sentence that ends the play comes last
    winner = trick.winner
    winner_card = next(card for seat, card in trick.plays if seat == winner)
    spoken = winner == you
    shown_points, joined = _joined(trick, state, you, who)
    if spoken:
        best = tr("your joker") if winner_card.is_joker else tr("your {card}", card=winner_card.symbol)
    elif winner_card.is_joker:
        best = tr("{name}'s joker", name=name(winner, players))
    else:
        best = tr("{name}'s {card}", name=name(winner, players), card=winner_card.symbol)
    points = format_points(shown_points)
    facts = {"suit": lead.one, "best": best, "name": who(winner), "points": points}
    if last:
        parts.append(_last_trick_sentence(spoken, shown_points, facts))
    elif spoken and not shown_points:
        parts.append(tr("The highest {suit}, {best}, wins: you take no points and lead the next trick.", **facts))
    elif spoken and shown_points == 1:
        parts.append(tr("The highest {suit}, {best}, wins: you take {points} point and lead the next trick.", **facts))
    elif spoken:
        parts.append(tr("The highest {suit}, {best}, wins: you take {points} points and lead the next trick.",
                        **facts))  # fmt: skip
    elif not shown_points:
        parts.append(tr("The highest {suit}, {best}, wins: {name} takes no points and leads the next trick.",
                        **facts))  # fmt: skip
    elif shown_points == 1:
        parts.append(tr("The highest {suit}, {best}, wins: {name} takes {points} point and leads the next trick.",
                        **facts))  # fmt: skip
    else:
        parts.append(tr("The highest {suit}, {best}, wins: {name} takes {points} points and leads the next trick.",
                        **facts))  # fmt: skip
    # the sentence that ends the play of the hand comes last: what went with the trick is said before it
    return _join_sentences([*parts[:-1], *joined, parts[-1]] if last else [*parts, *joined])


def _joined(trick: Trick, state: HandState | None, you: int | None,
            who: Callable[[int], str]) -> tuple[Points, list[str]]:  # fmt: skip
    """The points the trick's winner is said to take, and the sentences about the cards that went with the trick
    besides its own (carried from tricks nobody won; the hole cards or kitty): what ``you`` may see of them."""
    if state is None or trick.winner is None:
        return trick.points, []
    said: list[str] = []
    tricks = state.tricks
    at = next(i for i, t in enumerate(tricks) if t.number == trick.number)
    carried = 0
    while at - carried > 0 and tricks[at - carried - 1].winner is None:
        carried += 1
    if carried == 1:
        said.append(tr("The cards of the trick before, which nobody won, go with it."))
    elif carried:
        said.append(tr("The cards of the {n} tricks before, which nobody won, go with it.", n=carried))
    if state.hole_trick != trick.number:
        return trick.points, said
    hole = state.hole_cards
    cards = " ".join(c.symbol for c in hole)
    kitty = len(hole) == 1
    if you is not None and state.hidden_from(you) & state.hole_cards_mask:
        hidden: Points = 0
        for card in hole:
            hidden += state.rules.points_of(card)
        if kitty:
            said.append(tr("{name} also takes the face-down kitty: only its taker sees it, and its points are not "
                           "counted here until the play of the hand is over.", name=who(trick.winner)))
        else:
            said.append(tr("{name} also takes the face-down hole cards: only their taker sees them, and their "
                           "points are not counted here until the play of the hand is over.", name=who(trick.winner)))
        return trick.points - hidden, said
    if state.rules.leftover_face_up:
        said.append(tr("The left-over cards, face up since the deal, go with it: {cards}.", cards=cards))
    elif kitty:
        said.append(tr("The kitty goes with it: the {cards}.", cards=cards))
    else:
        said.append(tr("The hole cards go with it: {cards}.", cards=cards))
    return trick.points, said


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
    if spoken and not points:
        return tr("No card of the suit led is left standing: the last trick goes to you, its leader, and you take "
                  "no points; the play of the hand is over.", **facts)  # fmt: skip
    if not points:
        return tr("No card of the suit led is left standing: the last trick goes to its leader, {name}, who takes "
                  "no points; the play of the hand is over.", **facts)  # fmt: skip
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
