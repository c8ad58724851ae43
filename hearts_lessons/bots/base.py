"""The policy interface every bot implements, the two simplest bots, and drivers that play hands and games.

A bot sees a :class:`~hearts_lessons.views.SeatView` (its own hand, the cards played, what it passed and
received) and never the hidden cards. It answers with cards; the drivers apply them through the engine's
verified API, so a bot can never break a rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..cards import Card, card_from_id, cards_of_mask
from ..game import GameState
from ..playout import nth_bit
from ..rules import STANDARD, PassDirection, Rules
from ..scoring import best_moon_choice
from ..state import HandState, Phase
from ..views import SeatView

if TYPE_CHECKING:
    from .features import Knowledge

__all__ = [
    "BOTS",
    "BeginnerBot",
    "Policy",
    "RandomBot",
    "bot_names",
    "bot_step",
    "make_bot",
    "passable_cards",
    "play_game",
    "play_hand",
    "register",
]


@runtime_checkable
class Policy(Protocol):
    """What a bot must do. ``name`` is shown in tables and widgets."""

    name: str

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        """The cards to pass (``sum(count for _, count in view.targets)`` of them, in the order of
        ``view.targets``)."""
        ...

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        """A card from ``view.legal``."""
        ...


def passable_cards(view: SeatView) -> list[Card]:
    """The cards of the hand that may be passed (unpassable cards removed)."""
    banned = set(view.rules.unpassable)
    return [c for c in view.hand if c not in banned]


class RandomBot:
    """Passes and plays uniformly at random among the legal choices."""

    name = "random"

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        need = sum(count for _, count in view.targets)
        return rng.sample(passable_cards(view), need)

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        mask = view.legal_mask
        return card_from_id(nth_bit(mask, rng.randrange(mask.bit_count())))


class BeginnerBot:
    """Passes its highest cards and plays its lowest legal card: what many people do in their first game."""

    name = "beginner"

    def choose_pass(self, view: SeatView, rng: random.Random) -> list[Card]:
        need = sum(count for _, count in view.targets)
        cards = sorted(passable_cards(view), key=lambda c: (c.rank, c.suit))
        return cards[-need:]

    def choose_play(self, view: SeatView, rng: random.Random) -> Card:
        return min(cards_of_mask(view.legal_mask), key=lambda c: (c.rank, c.suit))


BOTS: dict[str, Callable[..., Policy]] = {"random": RandomBot, "beginner": BeginnerBot}
"""The bots by name, weakest first; other modules add theirs with :func:`register`."""


def register(name: str, factory: Callable[..., Policy]) -> None:
    BOTS[name] = factory


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, **options: Any) -> Policy:
    """A bot by name (see :data:`BOTS`)."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None
    return factory(**options)


def dealers_choice(view: Knowledge, rng: random.Random) -> dict[str | PassDirection, int]:
    """A dealer's-choice pass for bots: all cards to the left, right or across, chosen at random."""
    options = ["left", "right"] + (["across"] if view.players % 2 == 0 else [])
    return {rng.choice(options): view.rules.cards_passed}


def moon_choice(state: HandState) -> str:
    """The shooter's best moon choice for the current totals (see :func:`~hearts_lessons.scoring.best_moon_choice`)."""
    shooter = state.moon_shooter
    assert shooter is not None
    return best_moon_choice(state.rules, shooter, state.totals_before)


def play_hand(state: HandState, bots: Sequence[Policy] | Mapping[int, Policy], rng: random.Random,
              *, until_seat: int | None = None) -> HandState:  # fmt: skip
    """Let the bots act until the hand is over (or until it is ``until_seat``'s turn to act, for a human
    player at that seat). Seats missing from a mapping are never played for."""
    seats = dict(enumerate(bots)) if isinstance(bots, Sequence) else dict(bots)
    while state.phase is not Phase.DONE:
        if state.phase is Phase.DEALERS_CHOICE:
            if state.dealer == until_seat or state.dealer not in seats:
                return state
            state.choose_passes(dealers_choice(state.view(state.dealer), rng))
        elif state.phase is Phase.PASSING:
            waiting = [s for s in state.to_pass if s in seats and s != until_seat]
            if not waiting:
                return state
            for seat in waiting:
                state.pass_cards(seat, seats[seat].choose_pass(state.view(seat), rng))
        elif state.phase is Phase.PLAYING:
            seat = state.to_play
            if seat == until_seat or seat not in seats:
                return state
            state.play(seats[seat].choose_play(state.view(seat), rng), seat)
        elif state.phase is Phase.MOON_CHOICE:
            shooter = state.moon_shooter
            if shooter == until_seat or shooter not in seats:
                return state
            state.choose_moon(moon_choice(state))
    return state


def bot_step(state: HandState, bots: Mapping[int, Policy], rng: random.Random) -> str | None:
    """Let one bot take one action if a bot is to act; return a sentence saying what it did, or ``None`` when
    the hand waits for a seat without a bot (or is over). Widgets call this to show bots at a visible pace."""
    before = len(state.actions)
    play_hand_once(state, bots, rng)
    if len(state.actions) == before:
        return None
    action = state.actions[-1]
    from ..table import seat_name

    who = seat_name(action.seat, state.players)
    if action.kind == "play":
        return f"{who} played the {action.cards[0].symbol}."
    if action.kind == "pass":
        return f"{who} chose {len(action.cards)} cards to pass."
    if action.kind == "moon":
        return f"{who} shot the moon and chose: {action.choice.replace('_', ' ') if action.choice else ''}."
    return f"{who} (dealer) chose the passes: {', '.join(f'{n} {d}' for d, n in action.passes) or 'hold'}."


def play_hand_once(state: HandState, bots: Mapping[int, Policy], rng: random.Random) -> None:
    """At most one bot action (a bot whose seat must act now), applied through the verified API."""
    if state.phase is Phase.DEALERS_CHOICE and state.dealer in bots:
        state.choose_passes(dealers_choice(state.view(state.dealer), rng))
    elif state.phase is Phase.PASSING:
        for seat in state.to_pass:
            if seat in bots:
                state.pass_cards(seat, bots[seat].choose_pass(state.view(seat), rng))
                return
    elif state.phase is Phase.PLAYING and state.to_play in bots:
        seat = state.to_play
        state.play(bots[seat].choose_play(state.view(seat), rng), seat)
    elif state.phase is Phase.MOON_CHOICE and state.moon_shooter in bots:
        state.choose_moon(moon_choice(state))


def play_game(bots: Sequence[Policy], rules: Rules = STANDARD, *, seed: int = 0, first_dealer: int = 0,
              max_hands: int = 1000) -> GameState:  # fmt: skip
    """Play a whole game between bots (one per seat), seeded."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} bots are needed, not {len(bots)}")
    game = GameState(rules, seed=seed, first_dealer=first_dealer)
    rng = random.Random(seed)
    for _ in range(max_hands):
        play_hand(game.current, bots, rng)
        if game.next_hand() is None:
            return game
    raise RuntimeError("the game did not end within max_hands")



