"""What one seat may know during a hand: the input of the bots and of the play widget.

A view holds the seat's own cards, every seat's face-up wilds and card count, the current trick, the bets and
the points captured so far (the captured cards were played face up, so everyone saw them: project choice). It
never holds another seat's hidden number cards or the Haggis.

>>> from hearts_lessons.haggis.state import HaggisHand
>>> view = HaggisHand.deal(seed=3, dealer=1).view(0)
>>> view.seat, view.to_act, view.card_counts, view.top is None
(0, 0, (17, 17), True)
>>> sorted({type(a).__name__ for a in view.legal_actions()})
['Bet', 'Play']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Bet, HaggisAction, Pass, Play
from .cards import HaggisCard
from .combos import Combo
from .plays import candidate_plays
from .rules import BET_SIZES, HaggisRules
from .scoring import capture_points

if TYPE_CHECKING:
    from .state import HaggisHand, TrickPlay

__all__ = ["HaggisView", "view_of"]


@dataclass(frozen=True, slots=True)
class HaggisView:
    """One seat's knowledge of the hand. ``hand`` is the seat's own cards, wilds included."""

    seat: int
    rules: HaggisRules
    hand: tuple[HaggisCard, ...]
    card_counts: tuple[int, ...]
    wilds: tuple[tuple[HaggisCard, ...], ...]
    trick: tuple[TrickPlay, ...]
    to_act: int | None
    bets: tuple[int, ...]
    captured_points: tuple[int, ...]
    out_order: tuple[int, ...]
    may_bet: bool
    """Whether the seat may bet now (decided by the hand's bet rules when the view is built)."""

    @property
    def top(self) -> Combo | None:
        """The combination to beat, or ``None`` when leading."""
        return self.trick[-1].combo if self.trick else None

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats that still hold cards."""
        return tuple(s for s, n in enumerate(self.card_counts) if s != self.seat and n)

    def plays(self) -> list[Combo]:
        """The combinations this seat may play now (see :func:`~.plays.candidate_plays`)."""
        if not self.my_turn:
            return []
        return candidate_plays(self.hand, self.top)

    def legal_actions(self) -> list[HaggisAction]:
        """Plays, then a pass (unless leading), then bets (while allowed)."""
        if not self.my_turn:
            return []
        actions: list[HaggisAction] = [Play(self.seat, combo) for combo in self.plays()]
        if self.top is not None:
            actions.append(Pass(self.seat))
        if self.may_bet:
            actions.extend(Bet(self.seat, amount) for amount in BET_SIZES)
        return actions


def view_of(hand: HaggisHand, seat: int) -> HaggisView:
    """Build ``seat``'s view of a hand."""
    return HaggisView(
        seat=seat,
        rules=hand.rules,
        hand=tuple(hand.held[seat]),
        card_counts=tuple(hand.counts),
        wilds=tuple(tuple(c for c in held if c.is_wild) for held in hand.held),
        trick=tuple(hand.trick),
        to_act=hand.to_act,
        bets=tuple(hand.bets),
        captured_points=tuple(capture_points(pile) for pile in hand.captured),
        out_order=tuple(hand.out_order),
        may_bet=hand.can_bet(BET_SIZES[0], seat=seat),
    )
