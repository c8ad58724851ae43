"""The reviewer's coach positions, re-run with the real coach: each tied card's own average (never "both"),
"the worst" only when it costs more, "1 point", and "not yet seen" where the rules set cards aside unseen."""

from __future__ import annotations

import random
import re

from hearts_lessons.bots.coach import Advice, Candidate, CoachBot
from hearts_lessons.bots.explain import play_facts, play_sentences
from hearts_lessons.bots.rulebased import RuleBasedBot
from hearts_lessons.cards import parse_cards
from hearts_lessons.facts import check
from hearts_lessons.facts.coach import every_unseen_held
from hearts_lessons.rules import STANDARD, Rules
from hearts_lessons.state import HandState, Phase

from .coach_positions import first_trick as _first_trick

BOT = RuleBasedBot()


def _position(rules: Rules, seed: int, steps: int) -> HandState:
    """A seeded hand played by rule-based bots until the ``steps``-th card is to be played."""
    st = HandState.deal(rules, seed=seed)
    rng = random.Random(seed)
    if st.phase is Phase.PASSING:
        for s in list(st.to_pass):
            st.pass_cards(s, BOT.choose_pass(st.view(s), rng))
    for _ in range(steps - 1):
        st.play(BOT.choose_play(st.view(st.to_play), rng), st.to_play)
    return st


def _advice(st: HandState) -> Advice:
    return CoachBot(worlds=8, pass_worlds=6, lookahead=0).advise(st.view(st.to_play), random.Random(1))


def test_two_tied_cards_each_have_their_own_average() -> None:
    """Seed 251, 7 plays in: the Q♣ and the 10♣ are within the coach's uncertainty but average differently: the
    sentence gives both averages and the paired difference with its interval, never one number for both."""
    advice = _advice(_position(STANDARD, 251, 7))
    rows = {r["move"]: r["expected points"] for r in advice.rows()}
    text = advice.sentence
    assert " both" not in text
    first, second = advice.candidates[0], min(advice.candidates[1:], key=lambda c: c.mean)
    if "Either the" in text:
        assert f"the {first.label} costs {first.mean:.1f} points on average" in text
        assert f"the {second.label} {second.mean:.1f}" in text
        assert re.search(r"costs \d+\.\d ± \d+\.\d points (more|less) in the same deals", text)
    assert rows  # the table shows the same averages
    assert round(float(str(rows[first.label])), 1) == round(first.mean, 1)


def _cand(code: str, values: tuple[float, ...], reference: bool = False) -> Candidate:
    return Candidate(tuple(parse_cards(code)), sum(values) / len(values), 0.5, 0, 0, 0, len(values),
                     reference=reference, values=values)  # fmt: skip


def test_the_worst_is_named_only_when_it_costs_more() -> None:
    """The 10♣ and K♣ tied; a third card (the 3♦) that costs the same as the best to one decimal is not "the
    worst"; one that costs more is."""
    view = _first_trick().view(0)
    ten = _cand("TC", (8.0, 9.0, 9.7), reference=True)
    king = _cand("KC", (8.0, 9.1, 9.6))
    same = _cand("3D", (8.0, 9.02, 9.7))
    text, _ = play_sentences(view, [ten, king, same])
    assert "the K♣ does something else" in text.replace("The", "the") and "the worst" not in text, text
    costly = _cand("3D", (12.0, 13.0, 14.0))
    text, _ = play_sentences(view, [ten, king, costly])
    assert "the worst, 3♦, costs 13.0" in text, text


def test_a_lone_card_says_why_it_is_alone_and_agrees_in_number() -> None:
    """One card only in the coach's figures: the only legal card, or every legal card equivalent to it (no card
    still out ranks between them), or the only card the coach was asked about; never "the only sensible card"
    (a reader hears that the others were tried and rejected)."""
    view = _first_trick().view(0)
    assert view.legal_mask & (view.legal_mask - 1)  # several legal cards
    text, _ = play_sentences(view, [_cand("TC", (1.0, 1.0, 1.0), reference=True)])
    assert text.endswith("It is the only card the coach tried: 1 point expected.")
    text, _ = play_sentences(view, [_cand("TC", (2.0, 3.0, 2.5), reference=True)])
    assert text.endswith("It is the only card the coach tried: 2.5 points expected.")
    alone = HandState.from_cards("4D 9C; QH 2D; TD 3S; 6D 5S", hold=True, leader=1, trick_number=11,
                                 hearts_broken=True)  # fmt: skip
    for card in ("2D", "TD", "6D"):
        alone.play(card)
    assert [c.code for c in alone.legal_plays()] == ["4D"]
    text, _ = play_sentences(alone.view(0), [_cand("4D", (0.0, 1.0, 2.0), reference=True)])
    assert text.endswith("It is your only legal card: 1 point expected."), text
    same = HandState.from_cards("4S 5S; QH 2D; TD 3D; 6D 7D", hold=True, leader=1, trick_number=11,
                                hearts_broken=True)  # fmt: skip
    for card in ("2D", "TD", "6D"):
        same.play(card)
    legal = [c.code for c in same.legal_plays()]
    assert legal == ["4S", "5S"]  # void in diamonds; no spade still out between the 4♠ and the 5♠
    text, _ = play_sentences(same.view(0), [_cand("5S", (0.0, 0.0, 0.0), reference=True)])
    assert text.endswith("Your other legal cards would do the same: no card still out ranks between them (no points "
                         "expected)."), text  # fmt: skip


def test_cards_set_aside_are_not_yet_seen() -> None:
    """7 players (three hole cards set aside unseen), seed 359, 22 plays in: the 8♦'s higher diamonds are "not
    yet seen" (the A♦ is set aside), never "still out"; with 4 players every unseen card is in a hand."""
    st = _position(Rules(players=7), 359, 22)
    seat = st.to_play
    assert st.hole_cards and not every_unseen_held(st, seat)
    said = [f for c in st.legal_plays() for f in play_facts(st.view(seat), c)]
    words = [f.words(players=7, you=seat) for f in said]
    assert not any("still out above" in w or w.endswith("is still out") for w in words), words
    assert all(check(f, st) for f in said)
    assert any(f.kind in ("unseen_above", "all_unseen_above", "unseen", "bleeds_unseen") for f in said), words
    four = _position(STANDARD, 359, 22)
    assert every_unseen_held(four, four.to_play)
    facts = [f for c in four.legal_plays() for f in play_facts(four.view(four.to_play), c)]
    assert not any(f.kind in ("unseen_above", "all_unseen_above", "unseen", "bleeds_unseen") for f in facts)


def test_a_pass_of_high_clubs_says_why() -> None:
    """The reviewer's pass trainer (seed 1): "Pass the K♣, Q♣ and 10♣." gave no reason."""
    from hearts_lessons.widgets.strategy import _pass_deal

    st = _pass_deal(STANDARD, 1, None)
    advice = CoachBot(pass_worlds=8).advise(st.view(0), random.Random(1))
    head = advice.sentence.split(". ")[0]
    assert ": " in head, advice.sentence
    assert advice.facts and all(check(f, st) for f in advice.facts)
