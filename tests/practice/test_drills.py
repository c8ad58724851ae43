"""Every drill's answer agrees with the engine; stars by tries; feedback names the rule or the danger."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.cards import Card
from hearts_lessons.haggis.cards import parse_cards as haggis_cards
from hearts_lessons.haggis.combos import beats, classify, why_cannot_follow
from hearts_lessons.practice import positions, strategy_drills
from hearts_lessons.practice.drills import PARTS, Attempt, Drill, stage, stages, stars_for_tries
from hearts_lessons.seats import seat_name
from hearts_lessons.state import HandState


@pytest.fixture(scope="module")
def every_drill() -> list[Drill]:
    return [d for s in stages().values() for d in s.drills()]


def _wins(state: HandState, card: Card) -> bool:
    after = state.copy()
    trick = after.play(card)
    return trick is not None and trick.winner == state.to_play


def test_stages_in_the_beginners_order_with_6_to_15_drills() -> None:
    keys = list(stages())
    assert keys == [k for part in ("basics", "strategy", "haggis") for k in PARTS[part]]
    assert keys[:2] == ["tricks", "first_trick"] and keys[-2:] == ["haggis_combos", "haggis_bombs"]
    assert all(6 <= s.count <= 15 for s in stages().values())
    with pytest.raises(KeyError, match="no stage 'nope'"):
        stage("nope")
    with pytest.raises(IndexError):
        stage("tricks").drill(99)


def test_every_drill_is_well_formed(every_drill: list[Drill]) -> None:
    ids = [d.id for d in every_drill]
    assert len(ids) == len(set(ids))
    for d in every_drill:
        assert d.goal and d.right and d.hint, d.id
        right, _ = d.verdict(d.answer[0] if d.kind in ("play", "choice", "number") else list(d.answer))
        assert right or d.kind == "pass", d.id  # a pass is graded by the coach (tested below)
        for option in d.options:
            if d.kind in ("play", "choice") and option not in d.answer:
                ok, why = d.verdict(option)
                assert not ok and why and why == d.why[option], (d.id, option)


def test_legal_play_drills_tick_exactly_the_legal_cards(every_drill: list[Drill]) -> None:
    ticks = [d for d in every_drill if d.kind == "tick" and d.stage in ("tricks", "first_trick", "breaking")]
    assert len(ticks) >= 12
    for d in ticks:
        state = d.picture.state
        assert state is not None
        legal = state.legal_plays()
        assert set(d.answer) == {c.code for c in legal}, d.id
        assert set(d.options) == {c.code for c in state.hand(state.to_play)}
        for code in set(d.options) - set(d.answer):
            # the engine's reason, word for word
            assert d.why[code] == f"the {d.label(code)} may not be played: {state.why_not(code)}", d.id


def test_trick_drills_agree_with_the_trick_winner(every_drill: list[Drill]) -> None:
    for d in every_drill:
        state = d.picture.state
        if d.goal.endswith("Who wins this trick?"):
            assert state is not None
            assert d.answer == (seat_name(state.tricks[-1].winner or 0, 4),)
        elif d.goal.endswith("Win this trick."):
            assert state is not None and len(state.current_trick) == 3
            for card in state.legal_plays():
                assert (card.code in d.answer) == _wins(state, card), (d.id, card)


def test_point_drills_agree_with_the_score(every_drill: list[Drill]) -> None:
    numbers = [d for d in every_drill if d.stage == "points"]
    for d in numbers:
        state = d.picture.state
        assert state is not None
        if "How many points did" in d.goal:
            seat = next(s for s in range(4) if f"did {seat_name(s, 4)} take" in d.goal)
            assert d.answer == (str(state.points_taken(seat)),)
        elif "winner of this trick" in d.goal:
            assert d.answer == (str(state.tricks[-1].points),)
        else:
            assert state.score is not None and state.score.shooter is not None
            seat = next(s for s in range(4) if f"does {seat_name(s, 4)} score" in d.goal)
            assert d.answer == (str(state.score.points[seat]),)
            assert sorted(state.score.points) == [0, 26, 26, 26]


def test_ducking_and_counting_drills_agree_with_the_cards(every_drill: list[Drill]) -> None:
    for d in every_drill:
        state = d.picture.state
        if d.goal == "You are South: play a card that cannot win this trick.":
            assert state is not None
            top = max((c for _, c in state.current_trick if c.suit == state.current_trick[0][1].suit),
                      key=lambda c: c.rank)  # fmt: skip
            assert set(d.answer) == {c.code for c in state.legal_plays() if c.suit != top.suit or c.rank < top.rank}
        if d.goal.startswith("Tick every card in your hand that no card still out"):
            assert state is not None
            unseen = state.view(0).unseen_mask
            for card in state.hand(0):
                beaten = any(unseen >> o.id & 1 for o in _higher(card))
                assert (card.code in d.answer) == (not beaten), (d.id, card)
        if "How many" in d.goal and "still out" in d.goal:
            assert state is not None
            suit = next(s for s in ("spades", "hearts", "diamonds", "clubs") if s in d.goal)
            out = [c for c in _unseen_cards(state) if c.suit.english == suit]
            assert d.answer == (str(len(out)),)


def _higher(card: Card) -> list[Card]:
    from hearts_lessons.cards import Rank

    return [Card(r, card.suit) for r in Rank if Rank.TWO <= r <= Rank.ACE and r > card.rank]


def _unseen_cards(state: HandState) -> list[Card]:
    from hearts_lessons.cards import cards_of_mask

    return cards_of_mask(state.view(0).unseen_mask)


def test_coach_drills_are_the_coachs_clear_choice(every_drill: list[Drill]) -> None:
    coached = [d for d in every_drill if d.stage == "discarding" or d.goal.endswith("Choose the safest lead.")]
    assert len(coached) >= 8
    for d in coached[:4]:  # the coach again, with the drill's seed: the same split, by at least GAP points
        state = d.picture.state
        assert state is not None
        seed = (70_000 if d.stage == "discarding" else 60_000) + int(d.id.rsplit("-", 1)[1]) - 1
        split = strategy_drills._coach_split(state, seed)
        assert split is not None
        _, good, rest = split
        assert set(d.answer) == {c.cards[0].code for c in good}
        assert rest[0].mean - good[-1].mean >= strategy_drills.GAP
        wrong = rest[0].cards[0].code
        assert f"the {rest[0].label} cost " in d.why[wrong] and "points more than the" in d.why[wrong]


def test_pass_drill_grades_with_the_coach() -> None:
    d = stage("passing").drill(1)
    assert d.kind == "pass" and d.pick == 3 and len(d.answer) == 3
    right, text = d.verdict(list(d.answer))
    assert right and "the coach's own pass" in text
    ok, why = d.verdict(list(d.answer[:2]))
    assert not ok and "exactly 3 cards" in why


def test_shooting_drills_follow_the_moon_model() -> None:
    from hearts_lessons.bots.shooter import moon_verdict

    d = stage("shooting").drill(0)
    state = d.picture.state
    assert state is not None
    verdict = moon_verdict(state.view(0), worlds=60, rng=random.Random(state.seed))
    assert d.answer == ("Shoot the moon" if verdict.shoot else "Play it safe",)
    answers = {stage("shooting").drill(i).answer for i in range(2)}
    assert answers == {("Shoot the moon",), ("Play it safe",)}


def test_haggis_drills_agree_with_the_haggis_engine(every_drill: list[Drill]) -> None:
    for d in every_drill:
        if d.stage == "haggis_combos" and "may follow it" in d.goal:
            table = classify(d.picture.haggis[0][1])[0]
            for option in d.options:
                combo = next(c for c in classify(haggis_cards(option.split(" (")[0]))
                             if f"({c.name})" in option)  # fmt: skip
                assert beats(combo, table) == (option in d.answer), (d.id, option)
                if option not in d.answer:
                    assert d.why[option] == why_cannot_follow(combo, table)
        elif d.stage == "haggis_combos" and d.goal.startswith("What do"):
            readings = classify(d.picture.haggis[0][1])
            assert d.answer == ((readings[0].name,) if readings else ("nothing: they form no combination",))


def test_same_seed_same_drill() -> None:
    from hearts_lessons.practice.rules_drills import RULES_STAGES

    fresh = next(s for s in RULES_STAGES if s.key == "tricks").make(4)
    assert fresh.answer == stage("tricks").drill(4).answer and fresh.goal == stage("tricks").drill(4).goal


def test_stars_by_tries_hint_after_one_miss_answer_after_two() -> None:
    assert [stars_for_tries(n) for n in (1, 2, 3, 4)] == [3, 2, 1, 1]
    d = stage("tricks").drill(1)  # win this trick
    wrong = [c for c in d.options if c not in d.answer]
    first = Attempt(d)
    assert first.submit(d.answer[0]).stars == 3
    second = Attempt(d)
    miss = second.submit(wrong[0])
    assert not miss.right and miss.hint == d.hint and not miss.answer
    assert miss.text == f"Not yet: {d.why[wrong[0]].rstrip('.')}."
    again = second.submit(wrong[-1])
    assert again.answer.startswith("The answer: ") and d.label(d.answer[0]) in again.answer
    done = second.submit(d.answer[0])
    assert done.right and done.stars == 1 and done.text.startswith("Right: ")
    assert second.submit(wrong[0]).stars == 0 and second.stars == 1  # later tries change nothing


def test_wrong_feedback_names_the_rule() -> None:
    d = stage("breaking").drill(0)  # hearts not broken: tick what may be led
    state = d.picture.state
    assert state is not None
    heart = next(c for c in d.options if c not in d.answer)
    feedback = Attempt(d).submit([*d.answer, heart])
    assert "hearts are not broken yet" in feedback.text and (state.why_not(heart) or "") in feedback.text
    missing = Attempt(d).submit(list(d.answer[1:]))
    assert "you left out the" in missing.text
    number = stage("points").drill(0)
    wrong = Attempt(number).submit(float(number.answer[0]) + 1)
    assert "the Q♠ (13)" in wrong.text and Attempt(number).submit("many").text == "Not yet: type a number."


def test_the_locator_file_is_only_a_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh search (the file ignored) finds the same drill the file points to."""
    from hearts_lessons.practice.strategy_drills import STRATEGY_STAGES

    assert {"6:2", "7:0", "10:0"} <= set(positions.locators())
    discarding = next(s for s in STRATEGY_STAGES if s.key == "discarding")
    monkeypatch.setattr(positions, "AFRESH", [True])
    fresh = discarding.make(1)
    assert fresh.answer == stage("discarding").drill(1).answer
    assert fresh.picture.state.to_json() == stage("discarding").drill(1).picture.state.to_json()  # type: ignore[union-attr]


def test_the_practice_engine_does_not_load_ipywidgets() -> None:
    """Only practice.widgets may import ipywidgets (STYLE.md, "Engine first"); drills, pictures, the ladder and the
    progress file work without it."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom hearts_lessons.practice import drills, ladder, progress, pictures, glicko2\n"
        "d = drills.stage('tricks').drill(0); pictures.draw(d.picture); pictures.table_model(d.picture)\n"
        "drills.stage('haggis_bombs').drill(1); ladder.ladder_puzzles()\n"
        "print('\\n'.join(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    modules = set(out.stdout.split())
    assert not {m for m in modules if m.startswith(("ipywidgets", "anywidget", "traitlets", "IPython"))}
