"""Where the Hearts drills come from: seeded deals played by the bots, searched for a position that fits a goal.

Every position is a deal shuffled with a known seed and played by the rule-based bots (a moon-shooting bot where a
drill needs a moon), stopped before some card; :func:`find` and :func:`first_drill` search a drill's own seeds, so
the same drill always comes back. The searches of the coach's drills cost a measurement per position tried: the
locator file remembers where each ended (only a shortcut: the drill is still made and measured from that position,
and if it no longer fits, the full search runs again). The small helpers that say things about a position (who
wins, which cards are refused and why) live here too.

>>> p = find(1, 0, lambda s: s.trick_number == 3 and s.lead_suit < 0)
>>> p.trick_number, len(p.current_trick)
(3, 0)
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..bots.rulebased import RuleBasedBot
from ..bots.shooter import ShooterBot
from ..cards import QUEEN_OF_SPADES, Card, Suit
from ..i18n import tr_text
from ..rules import STANDARD, PassDirection
from ..seats import seat_name
from ..state import HandState, Phase, Trick
from .drills import Drill, Picture, Words

__all__ = ["AFRESH", "BOT", "FOUND", "HEARTS", "LOCATOR_FILE", "NO_PASS", "SEARCH", "find", "first_drill",
           "hint_for", "illegal_reasons", "is_penalty", "labels_of", "last_trick", "locators", "named", "positions_of",
           "seeds_for", "shuffled", "symbols", "tick_drill", "top_of_trick", "wins"]  # fmt: skip

NO_PASS = STANDARD.with_options(pass_cycle=(PassDirection.HOLD,))
"""Standard Hearts without passing: the drills' deals start with the cards dealt."""
SEARCH = 300
"""Deals tried per drill before giving up (a generator that gives up is a bug the tests catch)."""

BOT = RuleBasedBot()
HEARTS = Suit.HEARTS


def named(seat: int) -> str:
    return seat_name(seat, 4)


def symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def labels_of(cards: Sequence[Card]) -> dict[str, str]:
    return {c.code: c.symbol for c in cards}


def is_penalty(card: Card) -> bool:
    return card.suit is HEARTS or card == QUEEN_OF_SPADES


@functools.lru_cache(maxsize=128)
def positions_of(seed: int, passing: bool = False, shooter: int | None = None) -> tuple[HandState, ...]:
    """The positions of one seeded hand played by the bots: the state before each card, then the finished hand.
    ``shooter`` names a seat played by a bot that always goes for the moon."""
    state = HandState.deal(STANDARD if passing else NO_PASS, seed=seed, hand_number=seed % 3 if passing else 0)
    bots = {s: (ShooterBot(always=True) if s == shooter else BOT) for s in range(4)}
    rng = random.Random(seed)
    while state.phase is Phase.PASSING:
        for seat in state.to_pass:
            state.pass_cards(seat, bots[seat].choose_pass(state.view(seat), rng))
    out = []
    while state.phase is Phase.PLAYING:
        out.append(state.copy())
        seat = state.to_play
        state.play(bots[seat].choose_play(state.view(seat), rng), seat)
    out.append(state.copy())
    return tuple(out)


def seeds_for(stage: int, index: int) -> Iterator[int]:
    base = 100_000 * stage + 1_000 * index
    return iter(range(base, base + SEARCH))


def find(stage: int, index: int, test: Callable[[HandState], bool], *, passing: bool = False,
          shooter: Callable[[int], int | None] = lambda seed: None) -> HandState:  # fmt: skip
    """A copy of the first position (from the drill's own seeds) that passes ``test``; a seeded choice among
    a hand's positions that pass, so drills do not all stop at the same trick."""
    for seed in seeds_for(stage, index):
        found = [p for p in positions_of(seed, passing, shooter(seed)) if test(p)]
        if found:
            return random.Random(seed).choice(found).copy()
    raise RuntimeError(f"no position found for drill {index} of stage {stage}")


LOCATOR_FILE = Path(__file__).parent / "data" / "drill_positions.json"
"""Where the searches of the coach's drills ended: ``{"<stage>:<index>": [seed, position]}``. Only a shortcut:
the drill is still made (and its answer measured) from that position, and if it no longer qualifies the full
search runs again. Rebuild with ``python -m hearts_lessons.practice.strategy_drills``."""
FOUND: dict[str, list[int]] = {}
AFRESH = [False]


@functools.cache
def locators() -> dict[str, list[int]]:
    try:
        data = json.loads(LOCATOR_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): list(v) for k, v in data.items()} if isinstance(data, dict) else {}


def hint_for(key: str) -> list[int] | None:
    return None if AFRESH[0] else locators().get(key)


def shuffled(seed: int, **kwargs: Any) -> list[HandState]:
    positions = list(positions_of(seed, **kwargs))
    random.Random(seed).shuffle(positions)
    return positions


def first_drill(stage: int, index: int, make: Callable[[HandState], Drill | None], **kwargs: Any) -> Drill:
    """The first drill ``make`` accepts, over the positions of the drill's seeds in a seeded order; a search the
    locator file remembers starts where it ended (the coach's drills cost a measurement per position tried)."""
    key = f"{stage}:{index}"
    hint = hint_for(key)
    if hint is not None and len(hint) == 2:
        seed, at = hint
        positions = shuffled(seed, **kwargs)
        if 0 <= at < len(positions):
            drill = make(positions[at].copy())
            if drill is not None:
                FOUND[key] = [seed, at]
                return drill
    for seed in seeds_for(stage, index):
        for at, p in enumerate(shuffled(seed, **kwargs)):
            drill = make(p.copy())
            if drill is not None:
                FOUND[key] = [seed, at]
                return drill
    raise RuntimeError(f"no position found for drill {index} of stage {stage}")


def wins(state: HandState, card: Card) -> bool:
    """Whether ``card``, played last to the current trick, wins it."""
    after = state.copy()
    trick = after.play(card)
    return trick is not None and trick.winner == state.to_play


def top_of_trick(state: HandState) -> tuple[int, Card]:
    """The card that is winning the current trick so far, and its seat."""
    lead = state.current_trick[0][1].suit
    return max(((s, c) for s, c in state.current_trick if c.suit is lead), key=lambda sc: sc[1].rank)


def illegal_reasons(state: HandState, words: Words | None = None) -> dict[str, str]:
    """The engine's reason for each card of the seat to play that it may not play (``why_not``, word for word),
    each said as a ``refused`` fact (recorded in ``words``)."""
    seat = state.to_play
    words = words or Words(state)
    out = {}
    for c in state.hand(seat):
        reason = state.why_not(c, seat)
        if reason is not None:
            out[c.code] = words.say(f"why:{c.code}", words.fact("refused", seat=seat, card=c, reason=reason))
    return out


def tick_drill(key: str, index: int, state: HandState, goal: str, right: str, hint: str,
               words: Words | None = None) -> Drill:  # fmt: skip
    """A drill "tick every legal card": ``right`` is followed by the legal cards (a fact), each refused card gets
    the engine's reason."""
    seat = state.to_play
    hand = state.hand(seat)
    words = words or Words(state)
    legal = state.legal_plays()
    listed = words.say("right", words.fact("may_play", seat=seat, cards=legal))
    right = tr_text(": ", context="between facts").join((right, listed)) if right else listed
    return Drill(f"{key}-{index + 1}", key, goal, "tick", tuple(c.code for c in hand),
                 tuple(c.code for c in legal), right, illegal_reasons(state, words), hint,
                 Picture(state, seat), labels_of(hand), said=tuple(words.said))  # fmt: skip


def last_trick(state: HandState) -> Trick:
    return state.tricks[-1]


