"""Every sentence a drill can say is made of facts true of its position; drills agree with their lessons' rules;
tick feedback names every card; a pass is good only when the deals show it within half a point."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

import pytest

from hearts_lessons.cards import QUEEN_OF_SPADES, Card
from hearts_lessons.facts import FactError, check, make
from hearts_lessons.practice import strategy_drills
from hearts_lessons.practice.drills import Attempt, Drill, false_facts, stage, stages
from hearts_lessons.practice.positions import top_of_trick, wins
from hearts_lessons.state import HandState

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="module")
def every_drill() -> list[Drill]:
    started = time.perf_counter()
    drills = [d for s in stages().values() for d in s.drills()]
    print(f"{len(drills)} drills made in {time.perf_counter() - started:.1f} s")
    return drills


def test_every_fact_of_every_sentence_holds(every_drill: list[Drill]) -> None:
    """Walk every drill of every stage (Hearts and Haggis): each fact of each sentence (goal, hint, the answer's
    reason, the reason for every wrong option) holds on its position, and the sentence says its words."""
    assert len(every_drill) == sum(s.count for s in stages().values()) >= 90
    said = 0
    for d in every_drill:
        assert false_facts(d) == [], d.id
        said += sum(len(s.facts) for s in d.said)
        wrong = [o for o in d.options if o not in d.answer]
        if d.kind in ("play", "choice", "tick") and d.stage not in ("haggis_bombs", "shooting") and not (
                d.stage == "passing" and d.kind == "choice"):  # fmt: skip
            assert any(s.where == "right" for s in d.said), d.id  # the answer's reason is made of facts
            for option in wrong:
                assert any(s.where == f"why:{option}" for s in d.said), (d.id, option)
    print(f"{len(every_drill)} drills, {said} facts checked")
    assert said >= 550


def test_a_false_fact_is_caught() -> None:
    d = stage("tricks").drill(1)
    state = d.picture.state
    assert state is not None
    fact = next(f for s in d.said for f in s.facts if f.kind == "takes_trick")
    other = HandState.deal(seed=3)
    assert check(fact, state) and not check(fact, other)
    with pytest.raises(FactError):
        make("may_play", state, seat=state.to_play, cards=[c for c in state.hand(state.to_play)])


def test_a_tick_drill_names_every_card_missing_and_every_card_wrongly_ticked(every_drill: list[Drill]) -> None:
    ticks = [d for d in every_drill if d.kind == "tick" and len(d.answer) >= 3 and len(d.options) > len(d.answer) + 1]
    assert ticks
    for d in ticks[:6]:
        wrong = [o for o in d.options if o not in d.answer]
        chosen = [d.answer[0], *wrong[:2]]
        text = Attempt(d).submit(chosen).text
        for code in [*d.answer[1:], *wrong[:2]]:
            assert d.label(code) in text, (d.id, code, text)
        for code in wrong[:2]:
            assert d.why[code].rstrip(".") in text


def test_win_this_trick_never_rewards_taking_points(every_drill: list[Drill]) -> None:
    for d in every_drill:
        if d.goal.endswith("Win this trick."):
            state = d.picture.state
            assert state is not None
            assert not any(c == QUEEN_OF_SPADES or c.suit.english == "hearts" for _, c in state.current_trick)
            assert QUEEN_OF_SPADES.code not in d.answer


def _trick_points(state: HandState, card: Card) -> int:
    cards = [c for _, c in state.current_trick] + [card]
    return sum(13 if c == QUEEN_OF_SPADES else 1 for c in cards if c == QUEEN_OF_SPADES or c.suit.english == "hearts")


def test_moon_drills_follow_lesson_12(every_drill: list[Drill]) -> None:
    """Lesson 12: when another player already beats the trick, duck and keep your stoppers; when the shooter is
    winning it, take it with the cheapest card that takes a point from them."""
    moons = [d for d in every_drill if d.stage == "stopping_moon" and d.kind == "play"]
    cases = set()
    for d in moons:
        state = d.picture.state
        assert state is not None and len(state.current_trick) == 3
        takers = [s for s in range(4) if state.points_taken(s)]
        assert len(takers) == 1 and takers[0] != 0
        shooter = takers[0]
        top_seat, _ = top_of_trick(state)
        legal = state.legal_plays()
        if top_seat != shooter:
            cases.add("duck")
            assert {c.code for c in legal if not wins(state, c)} == set(d.answer), d.id
        else:
            cases.add("win")
            winners = [c for c in legal if wins(state, c)]
            cheapest = min((_trick_points(state, c), c.rank) for c in winners)
            assert {c.code for c in winners if (_trick_points(state, c), c.rank) == cheapest} == set(d.answer)
            for code in d.answer:  # the points said include the reader's own card
                assert f"would hold {_trick_points(state, Card.from_str(code))} point" in d.right
    assert cases == {"duck", "win"}


def test_ducking_and_discarding_drills_follow_lesson_11(every_drill: list[Drill]) -> None:
    """Lesson 11: duck with the highest card that still loses; discard the Q♠ first when you can."""
    for d in every_drill:
        state = d.picture.state
        if d.goal.startswith("Duck:"):
            assert state is not None
            _, top = top_of_trick(state)
            losing = [c for c in state.legal_plays() if c.suit is top.suit and c.rank < top.rank]
            assert d.answer == (max(losing, key=lambda c: c.rank).code,)
        if d.stage == "discarding":
            assert state is not None
            if QUEEN_OF_SPADES in state.legal_plays():
                assert QUEEN_OF_SPADES.code in d.answer, d.id


def test_each_stage_names_its_lesson() -> None:
    """Every stage names the lesson it practises, by the lesson's own title, and the strategy page's description
    of each stage links it."""
    import json

    for s in stages().values():
        notebook, title = s.lesson
        cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
        assert "".join(cells[0]["source"]).splitlines()[0] == f"# {title}", s.key
    page = json.loads((NOTEBOOKS / "41_practice_strategy.ipynb").read_text(encoding="utf-8"))["cells"]
    for key in ("passing", "ducking", "discarding", "counting", "stopping_moon", "shooting"):
        at = next(i for i, c in enumerate(page) if "".join(c["source"]) == f'StageDrills("{key}")')
        notebook, title = stage(key).lesson
        assert f"[{title}]({notebook})" in "".join(page[at - 1]["source"]), key


def test_a_wrong_coach_answer_says_what_the_coach_measured(every_drill: list[Drill]) -> None:
    coached = [d for d in every_drill if d.stage == "discarding"]
    for d in coached:
        wrong = [o for o in d.options if o not in d.answer and o in d.why and "may not be played" not in d.why[o]]
        for code in wrong:
            assert f"the {d.label(code)} cost" in d.why[code] and "points more than the" in d.why[code]


def test_a_pass_is_good_only_when_the_deals_show_it_within_half_a_point() -> None:
    d = stage("passing").drill(4)
    grader = d.grader
    assert isinstance(grader, strategy_drills.PassGrader)
    own, text, said = grader.judge(list(d.answer))
    assert own and said.facts and all(check(f, said.on) for f in said.facts) and "the coach's own pass" in text
    started = time.perf_counter()
    right, text, said = grader.judge(["JH", "AD", "KD"])
    assert time.perf_counter() - started < 5.0  # one click (about 1.5 s in plain Python)
    assert all(check(f, said.on) for f in said.facts)
    fact = said.facts[0]
    assert not right and fact.kind == "not_within_half" and float(fact["diff"]) + float(fact["half"]) > 0.5, text
    # every pass the grader calls good is shown within half a point: no pass measurably worse is good
    hand = [c.code for c in d.picture.state.hand(0)]  # type: ignore[union-attr]
    for chosen in itertools.islice(itertools.combinations(hand[-5:], 3), 3):
        ok, _, said = grader.judge(list(chosen))
        f = said.facts[0] if said.facts else None
        if ok and f is not None:
            assert float(f["diff"]) + float(f["half"]) <= 0.5 + 0.1
        if f is not None and float(f["diff"]) - float(f["half"]) >= 1.0:
            assert not ok


def _impossible(state: HandState) -> str | None:
    """Why a Hearts position could not have happened (an independent check, card by card), or None."""
    deck = {Card.from_str(f"{r}{s}") for r in "23456789TJQKA" for s in "CDHS"}
    held = [c for seat in range(4) for c in state.hand(seat)]
    played = [c for t in state.tricks for c in t.cards] + [c for _, c in state.current_trick]
    before = state.start[1] if state.start else 0  # a position set up after this many tricks (from_cards)
    gone = deck - set(held) - set(played)  # the cards of those earlier tricks
    if len(held) + len(played) + len(gone) != 52 or len(gone) != 4 * before or set(held) & set(played):
        return "not every card is in exactly one place"
    if state.start and not state.start[2] and any(c == QUEEN_OF_SPADES or c.suit.english == "hearts" for c in gone):
        return "a point card went in the earlier tricks, yet hearts are not broken"
    if before + len(state.tricks) != state.trick_number and state.phase.name == "PLAYING":
        return "the trick count disagrees with the tricks played"
    on_table = {seat for seat, _ in state.current_trick}
    for seat in range(4):
        if len(state.hand(seat)) != 13 - before - len(state.tricks) - (seat in on_table):
            return f"seat {seat} holds the wrong number of cards"
    for trick in state.tricks:
        for seat, card in trick.plays:
            if card.suit is not trick.lead_suit and any(c.suit is trick.lead_suit for c in state.hand(seat)):
                return f"seat {seat} discarded on trick {trick.number + 1} yet still holds the suit led"
    broken = any(c == QUEEN_OF_SPADES or c.suit.english == "hearts" for t in state.tricks for c in t.cards)
    if state.phase.name == "PLAYING" and not state.current_trick and bool(state.hearts_broken) != broken:
        return "hearts_broken disagrees with the cards played"
    return None


def test_every_hearts_drill_position_could_have_happened(every_drill: list[Drill]) -> None:
    """Full hands at the start, every card in one place, voids kept, hearts broken only by a point card played
    (an independent check beside ``HandState.status()``)."""
    checked = 0
    for d in every_drill:
        state = d.picture.state
        if state is None:
            continue
        assert _impossible(state) is None, (d.id, _impossible(state))
        checked += 1
    assert checked >= 60


def test_moon_facts_on_a_built_trick() -> None:
    """The stopping facts on a trick built by hand: spades led, South last with the 6♠, Q♠ and A♠."""
    s = HandState.from_cards("6S QS AS; 5S 9C 9D; 5C 3C 4C; 3S 8D 7C", hold=True, leader=1, trick_number=10,
                             hearts_broken=True)  # fmt: skip
    for card in ("5S", "5C", "3S"):
        s.play(card)
    assert make("also_wins", s, seat=0, card="AS", cheaper="6S").words(you=0).startswith("the A♠ wins too")
    assert make("wins_dearer", s, seat=0, card="QS", cheaper="6S", points=13, fewer=0)
    assert make("trick_points", s, seat=0, card="QS", points=13)  # the reader's own card counts
    for kind_name, args in (("also_wins", {"card": "6S", "cheaper": "AS"}),
                            ("wins_dearer", {"card": "AS", "cheaper": "6S", "points": 13, "fewer": 0}),
                            ("cannot_win", {"card": "6S", "winning": "5S"})):  # fmt: skip
        with pytest.raises(FactError):
            make(kind_name, s, seat=0, **args)


def test_a_pass_of_cards_not_shown_is_refused_with_its_reason() -> None:
    d = stage("passing").drill(1)
    hand = set(d.options)
    stranger = next(c.code for c in (Card.from_str(f"{r}{s}") for r in "23456789TJQKA" for s in "CDHS")
                    if c.code not in hand)  # fmt: skip
    ok, why = d.verdict([*d.answer[:2], stranger])
    assert not ok and why == f"{stranger} is not among the cards shown"


def test_pass_bleed_and_shoot_drills_follow_their_lessons(every_drill: list[Drill]) -> None:
    """Lesson 10: with the Q♠ and two or fewer lower spades, pass the Q♠. Lesson 11: bleed with spades below the
    Q♠. Lesson 12: without the A♥ an attempt at the moon rarely succeeds, so no "shoot" answer lacks it."""
    spades = "23456789TJ"
    for d in every_drill:
        state = d.picture.state
        if d.kind == "pass":
            assert state is not None
            hand = [c.code for c in state.hand(0)]
            guards = sum(code[1] == "S" and code[0] in spades for code in hand)
            if "QS" in hand and guards <= 2:
                assert "QS" in d.answer, d.id
        if d.goal.endswith("Bleed spades: lead a spade that cannot take the queen."):
            assert state is not None
            assert set(d.answer) == {c.code for c in state.legal_plays() if c.code[1] == "S" and c.code[0] in spades}
        if d.answer == ("Shoot the moon",):
            assert state is not None and "AH" in {c.code for c in state.hand(0)}, d.id
