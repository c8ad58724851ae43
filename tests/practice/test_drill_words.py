"""The words of every drill, read as a learner reads them (after the review of issue 29): a hint claims only what
is true of its drill; numbers agree with their nouns and verbs; a drill speaks of its seat one way ("you" when the
question says "You are West"); a right answer says why the card the reader chose is right; a wrong answer says
what goes wrong with that card."""

from __future__ import annotations

import re

import pytest

from hearts_lessons.cards import QUEEN_OF_SPADES, Card, Suit
from hearts_lessons.practice.drills import Attempt, Drill, stage, stages
from hearts_lessons.practice.positions import top_of_trick, wins
from hearts_lessons.seats import seat_name


@pytest.fixture(scope="module")
def every_drill() -> list[Drill]:
    return [d for s in stages().values() for d in s.drills()]


def _texts(d: Drill) -> dict[str, str]:
    """Every sentence a reader of ``d`` can be shown, by where it is said."""
    out = {"goal": d.goal, "hint": d.hint, "right": d.right, "wrong": d.wrong}
    out.update({f"why:{k}": v for k, v in d.why.items()})
    out.update({f"right:{k}": v for k, v in d.rights.items()})
    return {k: v for k, v in out.items() if v}


RULE_HINTS = {
    # rules of the game, true of every position of it (RULES.md), said as hints
    "The first card sets the suit; a card of another suit never wins.",
    "Taking every point card is called shooting the moon.",
    "Same kind, same number of cards, higher value — or a bomb.",
    "Each heart is 1 point and the Q♠ 13; other cards are worth nothing.",
    "Each heart is 1 point and the Q♠ 13.",
    "A set is cards of one rank; a sequence is 3 or more ranks in a row of one suit; wilds (J, Q, K) fill a gap.",
    "The 3-5-7-9 in one suit is the highest; in four suits the lowest.",
    "Four hands make one round of passing.",
    "Bombs give the trick away.",
    "After a bomb only a higher bomb may follow: 3-5-7-9 in four suits < J-Q < J-K < Q-K < J-Q-K < 3-5-7-9 in one "
    "suit.",
    "3, 5, 7 and 9 score 1 each; J 2, Q 3, K 5; the rest nothing.",
    "Only the suit led can win: compare your cards of that suit with the highest one played.",
}
"""Hints that state something: each is a rule of the game. Any other hint asks (it ends with a question) or tells
the reader what to do, or is made of facts checked on its drill."""

_DO = ("Count", "Compare", "Find", "Look", "Which", "What", "Who", "Has", "Do", "Can", "For each", "You hold")


def test_a_hint_claims_nothing_its_drill_does_not_show(every_drill: list[Drill]) -> None:
    """ducking-6 and -9 said "A low card makes someone else win the trick" while their answers were a Q♥, a K♥ and
    a K♦: a hint is a rule of the game, a question, an instruction, or made of facts checked on its drill."""
    for d in every_drill:
        hint = d.hint
        for said in d.said:
            if said.where == "hint":
                for fact in said.facts:
                    hint = hint.replace(fact.words(you=said.you), "", 1)
        if d.hint in RULE_HINTS:
            continue
        sentences = [s.strip() for s in re.split(r"(?<=[.?])\s+", d.hint) if s.strip()]
        for sentence in sentences:
            claims = sentence.endswith(".") and not sentence.startswith(_DO)
            if sentence.startswith("If it is not the shooter"):  # lesson 12's rule, a condition on the question
                claims = False
            assert not claims, (d.id, sentence)
        assert "low card makes" not in d.hint, d.id


def test_the_lead_drills_hint_asks_instead_of_claiming() -> None:
    for index in (2, 5, 8):
        d = stage("ducking").drill(index)
        assert d.hint.endswith("?"), d.hint


def test_numbers_agree_with_their_words(every_drill: list[Drill]) -> None:
    """counting-7 said "so 1 are out"; points-8 "the trick holds Q♠ and J♥" (without "the")."""
    one_many = re.compile(r"(?<![\d.,−-])1 (are|have|were|points|cards|ranks)\b")
    many_one = re.compile(r"(?<![\w.,−-])(?<!rick )(?<!to )(0|[2-9]|\d\d+) (is|has been|point|card|rank)\b")
    bare = re.compile(r"\b(holds|took|hold) (\d{1,2}|[JQKA])[♠♥♦♣]")
    for d in every_drill:
        for where, text in _texts(d).items():
            assert not one_many.search(text), (d.id, where, text)
            assert not many_one.search(text), (d.id, where, text)
            assert not bare.search(text), (d.id, where, text)


def test_a_haggis_goal_reads_as_a_sentence() -> None:
    for index in (2, 5, 8):
        goal = stage("haggis_combos").drill(index).goal
        assert re.match(r"Your opponent played [^.]+, which form a ", goal), goal


def test_the_seat_named_in_the_question_is_the_seat_in_the_feedback(every_drill: list[Drill]) -> None:
    """tricks-1 asked "Tick every card West may play" and told each wrong card "you must follow ♣": a drill that
    speaks to a seat ("You are West: …") calls it "you" everywhere, and never by name; a drill that does not
    speak to the reader never says "you"."""
    names = [seat_name(s, 4) for s in range(4)]
    spoken = 0
    for d in every_drill:
        if d.stage.startswith("haggis"):
            continue
        texts = _texts(d)
        match = re.match(r"You are (\w+)\b", d.goal)
        if match:
            spoken += 1
            seat = names.index(match.group(1))
            for said in d.said:
                if said.you is not None or (said.facts and said.facts[0].kind in ("may_play", "refused")):
                    assert said.you == seat, (d.id, said.where)
            for where, text in texts.items():
                if where != "goal":
                    assert not re.search(rf"\b{match.group(1)}\b", text), (d.id, where, text)
        assert not re.search(r"Tick every card (South|West|North|East) may", d.goal), d.id
        if not re.search(r"\byou(r)?\b", d.goal, re.I):
            for where, text in texts.items():
                assert not re.search(r"\byou(r)?\b", text, re.I), (d.id, where, text)
    assert spoken >= 25


def test_a_right_card_is_told_why_it_is_right(every_drill: list[Drill]) -> None:
    """discarding-1 accepted 7 of 8 cards, and the 6♠ was told about the 2♥ and the K♠: the right text of a play
    drill names the card the reader chose."""
    several = 0
    for d in every_drill:
        if d.kind != "play":
            continue
        several += len(d.answer) > 1
        for code in d.answer:
            text = Attempt(d).submit(code).text
            assert f"the {d.label(code)} " in text, (d.id, code, text)
    assert several >= 8


def test_a_right_coach_card_says_what_it_cost(every_drill: list[Drill]) -> None:
    for d in every_drill:
        if d.stage in ("ducking", "discarding") and len(d.answer) > 1 and "coach" in d.right:
            for code in d.answer:
                text = d.rights[code]
                assert f"the {d.label(code)} cost" in text and "the cheapest of the other cards" in text, d.id


def test_a_card_that_takes_a_stopped_moons_points_is_told_it_takes_them_for_nothing(every_drill: list[Drill]) -> None:
    """stopping_moon-3 told the A♥ only that North is winning: a card that takes the trick while another player
    than the shooter already beats it takes the trick's points (its own card counted) for nothing."""
    seen = 0
    for d in every_drill:
        if d.stage != "stopping_moon" or d.kind != "play":
            continue
        state = d.picture.state
        assert state is not None
        takers = [s for s in range(4) if state.points_taken(s)]
        top_seat, _ = top_of_trick(state)
        for c in state.legal_plays():
            if c.code in d.answer:
                continue
            text = d.why[c.code]
            points = sum(13 if x == QUEEN_OF_SPADES else 1 for x in [*(x for _, x in state.current_trick), c]
                         if x.suit is Suit.HEARTS or x == QUEEN_OF_SPADES)  # fmt: skip
            if top_seat != takers[0]:
                assert wins(state, c)
                seen += 1
                assert f"would hold {points} point" in text and "for nothing" in text, (d.id, text)
            elif not wins(state, c):  # a duck leaves the trick and its points to the shooter
                assert f"{seat_name(takers[0], 4)} would take this trick" in text, (d.id, text)
    assert seen >= 1


def test_a_bleed_drill_claims_no_one_follows_who_cannot(every_drill: list[Drill]) -> None:
    """counting-3 said "a spade below the Q♠ makes everyone follow" while North held no spade."""
    for d in every_drill:
        if "Bleed spades" in d.goal:
            assert "everyone" not in d.right and "every player" not in d.right, d.id
            single = len(d.answer) == 1
            assert ("it can never win" if single else "none of them can ever win") in d.right, d.id
            state = d.picture.state
            assert state is not None
            assert all(Card.from_str(code).suit is Suit.SPADES for code in d.answer)


def test_a_wrong_number_is_told_whether_it_is_too_high_or_too_low(every_drill: list[Drill]) -> None:
    numbers = [d for d in every_drill if d.kind == "number"]
    assert len(numbers) >= 10
    for d in numbers:
        answer = float(d.answer[0])
        high, low = Attempt(d).submit(answer + 2).text, Attempt(d).submit(answer - 1).text
        assert high.startswith(f"Not yet: {answer + 2:g} is too high: "), (d.id, high)
        assert low.startswith(f"Not yet: {answer - 1:g} is too low: "), (d.id, low)
