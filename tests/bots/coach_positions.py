"""Seeded coach decisions for the tests of the coach's words: hands of every preset (3 to 7 players) played by
rule-based bots, stopping at each decision (a pass or a card) of every seat."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from hearts_lessons.bots.coach import Candidate
from hearts_lessons.bots.features import bits
from hearts_lessons.bots.rulebased import RuleBasedBot, rules_pass, rules_play
from hearts_lessons.cards import Card, card_from_id
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import PRESETS

TABLES = [(key, n) for key, preset in PRESETS.items() for n in preset.players if 3 <= n <= 7]
"""Every (preset, player count) from 3 to 7 players."""


@dataclass
class Decision:
    state: HandState
    """A copy of the hand at the decision (the real position, hidden cards included)."""
    seat: int
    kind: str
    """``pass`` or ``play``."""


def decisions(hands: int, *, first_seed: int = 0) -> Iterator[Decision]:
    """Every decision of ``hands`` seeded hands, the tables taken in turn; some hands start near the end of a
    game (totals close to the target) so that the score's facts are said too."""
    bot = RuleBasedBot()
    for index in range(hands):
        seed = first_seed + index
        key, n = TABLES[seed % len(TABLES)]
        rules = PRESETS[key].rules_for(n)
        totals = None
        if seed % 5 == 4 and rules.target:
            totals = [rules.target - 3 - 7 * s for s in range(n)]
        state = HandState.deal(rules, seed=seed, dealer=seed % n, hand_number=seed % 4,
                               totals_before=totals)  # fmt: skip
        rng = random.Random(seed)
        while state.phase is not Phase.DONE:
            if state.phase is Phase.DEALERS_CHOICE:
                from hearts_lessons.bots.base import dealers_choice

                state.choose_passes(dealers_choice(state.view(state.dealer), rng))
            elif state.phase is Phase.PASSING:
                for seat in list(state.to_pass):
                    yield Decision(state.copy(), seat, "pass")
                    state.pass_cards(seat, bot.choose_pass(state.view(seat), rng))
            elif state.phase is Phase.PLAYING:
                seat = state.to_play
                yield Decision(state.copy(), seat, "play")
                state.play(bot.choose_play(state.view(seat), rng), seat)
            elif state.phase is Phase.MOON_CHOICE:
                from hearts_lessons.bots.base import moon_choice

                state.choose_moon(moon_choice(state))


def candidates(decision: Decision, *, tie_index: int) -> list[Candidate]:
    """Made-up coach numbers for a decision (the facts do not depend on them): the rule-based move first (the
    coach's pick), another move within the coach's uncertainty of it (cycling with ``tie_index``), so that the
    sentence must say whether the two do the same thing, and a clearly worse one."""
    view = decision.state.view(decision.seat)
    if decision.kind == "play":
        ref: tuple[Card, ...] = (card_from_id(rules_play(view)),)
        others = [(card_from_id(c),) for c in bits(view.legal_mask) if c != ref[0].id]
    else:
        from hearts_lessons.bots.coach import pass_candidates

        ref = tuple(card_from_id(c) for c in rules_pass(view))
        others = [tuple(card_from_id(c) for c in combo) for combo in pass_candidates(view)
                  if set(combo) != {c.id for c in ref}]  # fmt: skip
    base = (3.0, 5.0, 2.0, 6.0, 4.0)
    found = [Candidate(ref, 4.0, 1.0, 0, 0, 0, 5, reference=True, values=base)]
    if others:
        tie = others[tie_index % len(others)]
        close = (2.5, 5.5, 1.5, 6.5, 3.0)  # lower on average, within the uncertainty
        found.append(Candidate(tie, sum(close) / 5, 1.0, 0, 0, 0, 5, saving=0.2, saving_half_width=1.0,
                               values=close))  # fmt: skip
        if len(others) > 1:
            worse = others[(tie_index + 1) % len(others)]
            if worse != tie:
                found.append(Candidate(worse, 14.0, 1.0, 0, 0, 0, 5, values=tuple(v + 10 for v in base)))
    return found


def first_trick() -> HandState:
    """North's Q♣ wins the first trick so far; South holds the 10♣ and the K♣ (the reviewer's 10♣/K♣ case)."""
    s = HandState.from_cards(["TC KC 3D 5D 8D 9D 4S 6S 8S 2H 5H 9H JH",
                              "2C 4C 6D 7D TD JD 2S 3S 5S 3H 4H 6H 7H",
                              "QC 5C 8C 2D 4D QD KD AD 7S 9S 8H TH QH",
                              "3C 6C 7C 9C JC AC TS JS QS KS AS KH AH"], hold=True)  # fmt: skip
    for code in ("2C", "QC", "3C"):
        s.play(code)
    return s
