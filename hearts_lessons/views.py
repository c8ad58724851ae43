"""What one seat may know about a hand: the bots decide from this only, never from hidden cards.

>>> from hearts_lessons.state import HandState
>>> s = HandState.deal(seed=4)
>>> v = s.view(0)
>>> len(v.hand), v.hand_sizes, v.to_play
(13, (13, 13, 13, 13), -1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Suit, card_from_id, cards_of_mask
from .layout import Layout
from .rules import PassDirection, Points, Rules

if TYPE_CHECKING:
    from .state import HandState, Phase, Trick

__all__ = ["SeatView", "state_from_view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of a hand. Masks (``*_mask``) mirror the card lists for fast bots."""

    seat: int
    rules: Rules
    k: Layout
    phase: Phase
    dealer: int
    hand_number: int
    direction: PassDirection
    targets: tuple[tuple[int, int], ...]
    hand_mask: int
    legal_mask: int
    """The cards this seat may play now (0 when it is not its turn)."""
    to_play: int
    leader: int
    trick_number: int
    current_trick: tuple[tuple[int, int, int], ...]
    """The trick in progress as (seat, card id, effective rank)."""
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    played_mask: int
    taken_masks: tuple[int, ...]
    """Cards each seat has taken: tricks are turned face down in play, but every card taken was seen played
    (hole cards and the kitty excepted: they show here only for the seat that took them)."""
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    voids: tuple[int, ...]
    """Per seat, a 4-bit mask of the suits it has shown void."""
    passed_mask: int
    received_mask: int
    pass_recipients: tuple[tuple[int, int], ...]
    """Where this seat's passed cards went: (target seat, mask)."""
    hole_count: int
    hole_mask_known: int
    hole_owner: int | None
    pending_mask: int
    jokers_played: int
    opening_card: int
    totals_before: tuple[Points, ...]

    @classmethod
    def of(cls, state: HandState, seat: int) -> SeatView:
        n = state.players
        passed_ids = state._passes[seat] or ()
        recipients: list[tuple[int, int]] = []
        position = 0
        for offset, count in state.targets:
            mask = 0
            for cid in passed_ids[position : position + count]:
                mask |= 1 << cid
            recipients.append(((seat + offset) % n, mask))
            position += count
        exchanged = state.phase.value not in ("passing", "dealers_choice")
        hole = state._hole
        owner = state._hole_owner
        face_up = state.rules.leftover_face_up
        taken = []
        for s in range(n):
            mask = state._taken[s]
            if owner is not None and s != seat and owner == s and not face_up:
                mask &= ~hole
            taken.append(mask)
        return cls(
            seat=seat,
            rules=state.rules,
            k=state.k,
            phase=state.phase,
            dealer=state.dealer,
            hand_number=state.hand_number,
            direction=state.direction,
            targets=state.targets,
            hand_mask=0 if state.phase.value == "dealers_choice" and seat == state.dealer else state._hands[seat],
            legal_mask=state.legal_mask(seat),
            to_play=state.to_play,
            leader=state.leader,
            trick_number=state.trick_number,
            current_trick=tuple(state._trick),
            tricks=tuple(state.tricks),
            hearts_broken=state.hearts_broken,
            played_mask=state._seen,
            taken_masks=tuple(taken),
            tricks_won=tuple(state._tricks_won),
            hand_sizes=tuple(m.bit_count() for m in state._hands),
            voids=tuple(state._voids),
            passed_mask=sum(1 << c for c in passed_ids),
            received_mask=state._received[seat] if exchanged else 0,
            pass_recipients=tuple(recipients),
            hole_count=hole.bit_count(),
            hole_mask_known=hole if owner == seat or face_up else 0,
            hole_owner=owner,
            pending_mask=state._pending,
            jokers_played=state._jokers_played,
            opening_card=state.opening_card,
            totals_before=state.totals_before,
        )

    # readable accessors
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hand(self) -> list[Card]:
        return cards_of_mask(self.hand_mask)

    @property
    def legal(self) -> list[Card]:
        return cards_of_mask(self.legal_mask)

    @property
    def lead_suit(self) -> int:
        return self.k.suit_of[self.current_trick[0][1]] if self.current_trick else -1

    @property
    def trick_cards(self) -> list[tuple[int, Card]]:
        return [(s, card_from_id(c)) for s, c, _ in self.current_trick]

    def void_suits(self, seat: int) -> list[Suit]:
        return [s for s in Suit if self.voids[seat] >> s & 1]

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: held by the others (or hole cards it has not looked at)."""
        known = self.hand_mask | self.played_mask | self.hole_mask_known
        return self.k.deck & ~known

    def points_taken(self, seat: int) -> Points:
        total: Points = 0
        mask = self.taken_masks[seat] & self.k.scoring
        while mask:
            low = mask & -mask
            total += self.k.values[low.bit_length() - 1]
            mask ^= low
        return total


def state_from_view(view: SeatView, hands: list[int], hole: int | None = None) -> HandState:
    """A playable state that agrees with ``view`` and gives the other seats the cards ``hands`` (for Monte
    Carlo sampling of the hidden cards). Only the play phase can be rebuilt this way."""
    from .state import HandState, Phase

    if view.phase is not Phase.PLAYING:
        raise ValueError("only a hand in play can be rebuilt from a view")
    if hands[view.seat] != view.hand_mask:
        raise ValueError("the sampled hands must give the viewing seat its own hand")
    if hole is None:
        # the hole cards are the cards of the deck that nobody holds and nobody has played (whether set aside,
        # or taken by a seat that did not show them to this one)
        held = 0
        for mask in hands:
            held |= mask
        hole_mask = view.k.deck & ~held & ~view.played_mask
    else:
        hole_mask = hole
    state = HandState(
        view.rules, list(hands), hole_mask, dealer=view.dealer, hand_number=view.hand_number,
        direction=PassDirection.HOLD, totals_before=view.totals_before,
    )  # fmt: skip
    state.phase = Phase.PLAYING
    state.leader = view.leader
    state.trick_number = view.trick_number
    state.opening_card = view.opening_card
    state._trick = list(view.current_trick)
    state._tricks = [(t.number, t.leader, tuple((p, c.id, c.rank) for p, c in t.plays), t.winner, t.points)
                     for t in view.tricks]
    state.hearts_broken = view.hearts_broken
    state.lead_suit = view.lead_suit
    state._seen = view.played_mask
    state._taken = list(view.taken_masks)
    if view.hole_owner is not None:
        state._hole_owner = view.hole_owner
        state._taken[view.hole_owner] |= hole_mask
    state._tricks_won = list(view.tricks_won)
    state._voids = list(view.voids)
    state._pending = view.pending_mask
    state._jokers_played = view.jokers_played
    return state
