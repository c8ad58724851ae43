"""Deals and small drivers shared by the tests (not a test module)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearts_lessons.rules import STANDARD, Rules
from hearts_lessons.state import HandState, Phase

if TYPE_CHECKING:  # the engine's tests use this module too: they never load the widgets
    from hearts_lessons.widgets.play import PlayTable

# Seat 0 holds A♣ K♣, the top three spades and the top eight hearts: played by `run_scripted` (seat 0 plays its
# highest legal card, everyone else their lowest), seat 0 wins all 13 tricks: a moon and a sun.
SUN_DEAL = (
    "AC KC AS KS QS AH KH QH JH TH 9H 8H 7H; 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 6H 5H; "
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD; 2S 3S 4S 5S 6S 7S 8S 9S TS JS 4H 3H 2H"
)
# As SUN_DEAL, but seat 0's K♣ is swapped for the 3♦: seat 0 takes every penalty card in 12 tricks and loses
# the last trick (3♦ led, seat 2's A♦ wins, no points): a moon but not a sun.
MOON_DEAL = (
    "AC 3D AS KS QS AH KH QH JH TH 9H 8H 7H; 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 6H 5H; "
    "2D KC 4D 5D 6D 7D 8D 9D TD JD QD KD AD; 2S 3S 4S 5S 6S 7S 8S 9S TS JS 4H 3H 2H"
)
# Three players, all 52 cards, the 2♥ is the one hole card. Seat 0 wins every trick; the first trick with a
# heart (trick 5) gives it the hole card.
THREE_HOLE_DEAL = (
    "AC KC QC AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H; 2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S 5S 6S 7S 8S; "
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 9S TS JS 3H"
)


def run_scripted(state: HandState, high_seat: int = 0) -> HandState:
    """Play the hand out: ``high_seat`` plays its highest legal card (by id), the others their lowest."""
    while state.phase is Phase.PLAYING:
        legal = state.legal_plays()
        pick = max if state.to_play == high_seat else min
        state.play(pick(legal, key=lambda c: c.id))
    return state


def scripted(deal: str, rules: Rules = STANDARD, **kwargs: object) -> HandState:
    """A hold hand from ``deal``, played out by :func:`run_scripted`."""
    return run_scripted(HandState.from_cards(deal, rules, hold=True, **kwargs))  # type: ignore[arg-type]


def finish_hand(table: PlayTable) -> None:
    """Play the reader's part of a play table's hand (the first cards for the pass, the first legal card, the
    first moon scoring), through the table's own clicks and buttons."""
    while table.hand.phase is not Phase.DONE:
        state = table.hand
        if state.phase is Phase.PASSING and 0 in state.to_pass:
            for card in state.hand(0)[: state.cards_to_pass]:
                table.cards.click(card.code)
            table.cards.press("pass")
        elif state.phase is Phase.PLAYING and state.to_play == 0:
            table.cards.click(state.legal_plays()[0].code)
        elif state.phase is Phase.MOON_CHOICE:
            table.cards.press("moon:" + state.moon_choices[0])
        else:
            raise AssertionError(f"the table waits in {state.phase}")
