"""Every quiz of every lesson gives each wrong answer its own reason, and the reasons about a deal agree with the
engine.

A lesson's quiz is built by running only the notebook cells it depends on: the quiz cell and, going back, each
earlier cell that defines a name the chosen cells use (read from the code with :mod:`ast`). The lessons run with
their browser-sized defaults (``HEARTS_LESSONS_RUNTIME=browser``), so their experiments stay small; the reasons
are computed from whatever the experiment measured, so they hold at any size. The Haggis quizzes are also checked
at their source, :mod:`hearts_lessons.haggis.exercises`, and through the two quiz widgets built from it.
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from hearts_lessons.cards import Suit, parse_cards
from hearts_lessons.haggis.cards import card_points
from hearts_lessons.haggis.cards import parse_cards as haggis_cards
from hearts_lessons.haggis.combos import beats, classify
from hearts_lessons.haggis.exercises import NumberExercise, Question, climbing_quiz, scoring_quiz, trick_taker_example
from hearts_lessons.haggis.widgets import climbing_quiz_widget, scoring_quiz_widget
from hearts_lessons.rules import STANDARD
from hearts_lessons.runtime import ENV_VAR
from hearts_lessons.scoring import score_taken
from hearts_lessons.state import HandState
from hearts_lessons.widgets.quiz import CardsQuestion, ChoiceQuestion, NumberQuestion, Quiz

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSON = re.compile(r"^(0[1-5]|1[0-3]|2[01]|3[0-2])_")
BUILTINS = frozenset(dir(builtins))


# Running only the cells a quiz needs ------------------------------------------------------------------------------


def _stores(node: ast.AST) -> set[str]:
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del)}
    return names | {n.arg for n in ast.walk(node) if isinstance(n, ast.arg)}


def _loads(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _binds(stmt: ast.stmt) -> set[str]:
    """The names a top-level statement defines (not those local to a function or comprehension inside it)."""
    if isinstance(stmt, ast.Import | ast.ImportFrom):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
            return
        if isinstance(node, ast.Lambda | ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(stmt)
    return names


def cell_names(source: str) -> tuple[set[str], set[str]]:
    """The names a cell needs from earlier cells, and the names it defines.

    >>> needs, binds = cell_names("x = y + 1\\nsouth = south.with_column(x)\\nz = [c for c in x]")
    >>> sorted(needs), sorted(binds)
    (['south', 'y'], ['south', 'x', 'z'])
    """
    needs: set[str] = set()
    bound: set[str] = set()
    for stmt in ast.parse(source).body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            used: set[str] = set()
        elif isinstance(stmt, ast.Assign):
            used = _loads(stmt.value) - _stores(stmt.value)
        elif isinstance(stmt, ast.AugAssign):
            used = (_loads(stmt.value) - _stores(stmt.value)) | _binds(stmt)
        else:
            used = _loads(stmt) - _stores(stmt)
        needs |= used - bound
        bound |= _binds(stmt)
    return needs - BUILTINS, bound


def code_cells(stem: str) -> list[str]:
    notebook = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def builds_a_quiz(source: str) -> bool:
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Quiz" for n in ast.walk(ast.parse(source)))


def quiz_cells(stem: str) -> list[str]:
    """The cells that build the lesson's quizzes and every earlier cell they depend on, in notebook order."""
    sources = code_cells(stem)
    chosen = {i for i, source in enumerate(sources) if builds_a_quiz(source)}
    needed: set[str] = set().union(*(cell_names(sources[i])[0] for i in chosen))
    for i in range(max(chosen) - 1, -1, -1):
        needs, binds = cell_names(sources[i])
        if i not in chosen and binds & needed:
            chosen.add(i)
            needed = (needed - binds) | needs
    return [sources[i] for i in sorted(chosen)]


@cache
def lesson(stem: str) -> tuple[dict[str, Any], tuple[Quiz, ...]]:
    """Run the cells of ``stem``'s quizzes; return the namespace and the quizzes built."""
    namespace: dict[str, Any] = {}
    shown: list[Any] = []
    before, cwd = os.environ.get(ENV_VAR), Path.cwd()
    os.environ[ENV_VAR] = "browser"
    os.chdir(NOTEBOOKS)
    try:
        for source in quiz_cells(stem):
            tree = ast.parse(source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, f"{stem}.ipynb", "exec"), namespace)
            if last is not None:
                shown.append(eval(compile(ast.Expression(last.value), f"{stem}.ipynb", "eval"), namespace))
    finally:
        os.chdir(cwd)
        if before is None:
            del os.environ[ENV_VAR]
        else:
            os.environ[ENV_VAR] = before
    quizzes = {id(v): v for v in [*namespace.values(), *shown] if isinstance(v, Quiz)}
    return namespace, tuple(quizzes.values())


def questions(stem: str) -> list[Any]:
    return [q for quiz in lesson(stem)[1] for q in quiz.questions]


LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if LESSON.match(p.stem))
QUIZ_LESSONS = [s for s in LESSONS if any(builds_a_quiz(c) for c in code_cells(s))]
CHECKED = QUIZ_LESSONS


def test_every_lesson_of_the_issue_builds_a_quiz() -> None:
    assert QUIZ_LESSONS == [
        "01_tricks", "02_a_hand", "03_history", "04_play_a_game", "05_house_rules", "10_passing",
        "11_playing_tricks", "12_the_moon", "13_how_bots_think", "20_haggis_climbing", "21_haggis_play",
        "30_variants", "31_variant_lab", "32_complex_hearts",
    ]  # fmt: skip


# Every wrong answer has its own reason ----------------------------------------------------------------------------


def missing_reasons(qs: list[Any]) -> list[str]:
    """What a list of quiz questions leaves unexplained (empty when every wrong answer has its reason)."""
    missing = []
    for q in qs:
        prompt = re.sub(r"<[^>]+>", "", q.prompt.value)[:60]
        if isinstance(q, ChoiceQuestion):
            missing += [f"{prompt}: option {o!r}" for o in q.choices.options if o != q.answer and not q.why.get(o)]
            if q.answer in q.why:
                missing.append(f"{prompt}: a reason against the answer itself")
        elif isinstance(q, CardsQuestion):
            missing += [f"{prompt}: card {c.symbol}" for c in q.cards if c not in q.answer and not q.why.get(c)]
        elif isinstance(q, NumberQuestion) and not q.why:
            missing.append(f"{prompt}: how to get the number")
        if not q.hint:
            missing.append(f"{prompt}: a hint")
    return missing


@pytest.mark.parametrize("stem", CHECKED)
def test_every_wrong_answer_has_its_own_reason(stem: str) -> None:
    qs = questions(stem)
    assert qs, f"{stem} builds no quiz question"
    assert missing_reasons(qs) == []


@pytest.mark.parametrize("stem", CHECKED)
def test_a_wrong_answer_shows_its_reason_and_never_a_traceback(stem: str) -> None:
    for q in questions(stem):
        if isinstance(q, ChoiceQuestion):
            for option in q.choices.options:
                if option != q.answer:
                    q.choices.value = option
                    q.check.click()
                    assert q.correct is False and q.feedback.text.startswith(f"Not quite: {q.why[option]}")
        elif isinstance(q, NumberQuestion):
            q.entry.value = f"{q.answer + q.tolerance + 1:g}"
            q.check.click()
            assert q.correct is False and q.feedback.text.startswith(f"Not quite: {q.why}")
        elif isinstance(q, CardsQuestion):
            for card in (c for c in q.cards if c not in q.answer):
                q.picker.select([*q.answer, card])
                q.check.click()
                assert q.correct is False and q.why[card] in q.feedback.text
            left_out = next(c for c in q.cards if c in q.answer)
            q.picker.select([c for c in q.answer if c != left_out])
            q.check.click()
            assert q.correct is False and f"you left out the {left_out.symbol}" in q.feedback.text
        assert "Traceback" not in q.feedback.text
        assert q.hint in q.feedback.text


def test_the_checker_finds_a_missing_reason() -> None:
    bare = ChoiceQuestion("Pick", ["a", "b", "c"], answer="a", why={"b": "b is wrong"}, hint="Think.")
    number = NumberQuestion("How many?", answer=3, hint="Count.")
    assert missing_reasons([bare, number]) == ["Pick: option 'c'", "How many?: how to get the number"]


# The reasons about a deal agree with the engine --------------------------------------------------------------------


def test_lesson_01_reasons_name_the_trick_as_the_engine_plays_it() -> None:
    ns, (quiz,) = lesson("01_tricks")
    trick = ns["q1_trick"]
    who, cards, general = quiz.questions
    best = dict(trick.plays)[trick.winner]
    for seat, card in trick.plays:
        if seat == trick.winner:
            continue
        reason = who.why[ns["SEATS"][seat]]
        if card.suit != trick.lead_suit:
            assert "is a discard" in reason
        else:
            assert card.rank < best.rank and "is lower than" in reason
    state = ns["q2_state"]
    assert cards.answer == frozenset(state.legal_plays())
    assert all(state.why_not(c, 3) == reason for c, reason in cards.why.items())
    assert trick.lead_suit == Suit.SPADES and ns["q1_discard"].suit == Suit.HEARTS and best.code == "KS"
    assert ns["q1_discard"].rank > best.rank and "higher than the ♠K" in general.why["Yes, if it is higher"]


def test_lesson_02_reasons_agree_with_the_engine() -> None:
    ns, (quiz,) = lesson("02_a_hand")
    cycle, opener, queen, first, _, _ = quiz.questions
    assert [d.value for d in STANDARD.cycle] == ["left", "right", "across", "hold"]
    assert "first hand" in cycle.why["left"] and "fourth hand" in cycle.why["nowhere (hold)"]
    dealt, played, seats = ns["dealt"], ns["played"], ns["SEATS"]
    for seat, name in enumerate(seats):
        if name in opener.why:
            assert ("was dealt the 2♣" in opener.why[name]) == any(c.code == "2C" for c in dealt.hand(seat))
    trick = next(t for t in played.tricks if any(c.code == "QS" for c in t.cards))
    for seat, card in trick.plays:
        if seat != trick.winner:
            assert f"trick {trick.number + 1}" in queen.why[seats[seat]]
            assert card.symbol in queen.why[seats[seat]] or card.code == "QS"
    state = ns["q_first"]
    for card in state.hand(1):
        if card.symbol in first.why:
            assert not state.can_play(card) and first.why[card.symbol] == state.why_not(card, 1)
        elif state.can_play(card):
            assert card.symbol == first.answer
        else:  # a heart the question does not offer (West holds eleven)
            assert card.symbol not in first.choices.options and card.suit is Suit.HEARTS
    # Question 6: whoever takes every heart and the Q♠ shoots the moon, and the shooter scores nothing.
    hand = score_taken(STANDARD, [[], parse_cards("QS " + " ".join(f"{r}H" for r in "23456789TJQKA")), [], []])
    assert hand.shooter == 1 and hand.points[1] == 0 and set(hand.points) - {0} == {26}


def test_lesson_11_reasons_agree_with_the_engine() -> None:
    ns, (quiz,) = lesson("11_playing_tricks")
    duck = ns["duck"].copy()
    trick = duck.play("TH")
    assert trick is not None and trick.winner == 0 and f"its {trick.points} points" in quiz.questions[0].why["10♥"]
    after_king = ns["early"].copy()
    after_king.play("KC")
    assert after_king.to_play == 1 and all(c.suit == Suit.CLUBS for c in after_king.legal_plays())
    # "even a player without clubs may not throw the Q♠ on the first trick while holding another card"
    void = HandState.from_cards("2C 4C; QS 5D; 3C 6C; 4S 5C", hold=True, check=False)
    void.play("2C")
    assert not void.can_play("QS") and void.can_play("5D")
    # "leading a spade does not break hearts: they are broken once a heart or the Q♠ has been played"
    spades = HandState.from_cards("3S 2D; 4S 3D; 5S 4D; 6S 5D", hold=True, leader=0, trick_number=1,
                                        check=False)
    for card in ("3S", "4S", "5S", "6S"):
        spades.play(card)
    assert not spades.hearts_broken
    for discard in ("2H", "QS"):
        broken = HandState.from_cards(f"3S 2D; 4S 3D; {discard} 4D; 6S 5D", hold=True, leader=0, trick_number=1,
                                        check=False)
        for card in ("3S", "4S", discard):
            broken.play(card)
        assert broken.hearts_broken, discard
    count = ns["count"]
    top_out = max(ns["out"], key=lambda c: c.rank)
    assert quiz.questions[4].answer == sum(c.rank > top_out.rank for c in count.hand(0)) == 3
    assert top_out.symbol in quiz.questions[4].why


def test_lesson_12_reasons_agree_with_the_engine() -> None:
    ns, (quiz,) = lesson("12_the_moon")
    hearts = parse_cards(" ".join(f"{r}H" for r in "23456789TJQKA"))
    three = next(c for c in hearts if c.code == "3H")
    # "East already holds a point, so you can no longer take all of them": no moon, and you score 25
    east_took_one = score_taken(STANDARD, [[*parse_cards("QS"), *(c for c in hearts if c != three)], [], [], [three]])
    assert east_took_one.shooter is None and east_took_one.points[0] == 25
    # North's heart stops West's moon just as well as yours would
    north_took_one = score_taken(STANDARD, [[], [*parse_cards("QS"), *hearts[1:]], [hearts[0]], []])
    assert north_took_one.shooter is None and north_took_one.points[0] == 0
    new, over, winners = ns["after_moon"]([90, 50, 70, 80])
    assert over and max(new) >= STANDARD.target and winners == [1]
    assert f"West wins with {new[1]} to your {new[0]}" in quiz.questions[3].why["yes: a moon always helps the shooter"]
    few, many = ns["few_low"], ns["many_low"]
    assert many[0] < few[0] and f"{many[0]:.0%}" in quiz.questions[0].why["many low cards"]


def test_lesson_30_reasons_agree_with_the_engine() -> None:
    ns, (quiz,) = lesson("30_variants")
    rules = ns["PRESETS"]["hi_lo_joker"].rules
    state = HandState.from_cards(["2C J2 5H", "3C AH J1", "4C 2H 9H"], rules, hold=True, check=False)
    for card in ["2C", "3C", "4C", "9H", "J2"]:
        state.play(card)
    trick = state.play("J1")
    assert trick is not None and dict(trick.plays)[trick.winner].code == "J2"
    cancel = quiz.questions[4]
    table = ns["table"]
    assert table.tricks[0].winner is None and table.tricks[1].winner == 2
    assert "Player 3" in cancel.why["The leader takes the trick at once"]
    maria = quiz.questions[5]
    verdicts = {name: ns["addon_verdict"](ns["PRESETS"]["black_maria"].rules, key)
                for name, key in (("Target score", "exact_target"), ("10♣ doubles", "ten_of_clubs"),
                                  ("Shoot the sun", "shoot_the_sun"))}  # fmt: skip
    assert set(maria.why) == {name for name, verdict in verdicts.items() if verdict == "yes"}
    assert verdicts[maria.answer].startswith("no")


# The Haggis quizzes, at their source and in their widgets ---------------------------------------------------------


def test_haggis_quiz_data_gives_every_wrong_option_a_reason() -> None:
    for q in climbing_quiz():
        assert set(q.why) == set(q.wrong_options) and all(q.why.values()) and q.hint, q.prompt
    for exercise in scoring_quiz():
        assert isinstance(exercise, NumberExercise) and exercise.why and exercise.hint
    with pytest.raises(ValueError, match="not offered"):
        Question("?", ("a", "b"), "a", "", why={"c": "no"})
    with pytest.raises(ValueError, match="wrong options only"):
        Question("?", ("a", "b"), "a", "", why={"a": "no"})


def test_haggis_reasons_agree_with_the_engine() -> None:
    forms, follow, bombs, taker, points, timing = climbing_quiz()
    assert not any(r.kind.name == "SET" for r in classify(haggis_cards("4G 5G J0")))
    assert forms.answer in forms.why["nothing: a wild cannot join two different ranks"]
    pair = classify(haggis_cards("7R 7G"))[0]
    for cards, reason in follow.why.items():
        readings = classify(haggis_cards(cards))
        assert not any(beats(r, pair) for r in readings) and readings[0].name in reason
    assert "J-K is lower" in bombs.why["J-K"]
    hand, seat = trick_taker_example()
    assert hand.tricks[-1].winner == 1 and seat == 0 and taker.answer == "seat 0"
    pile = haggis_cards("3R 5G 8B 10O K1")
    assert sum(card_points(c) for c in pile if not c.is_wild) == 2 and "only the number cards" in points.why["2"]
    assert "Q-K is lower" in timing.why["J-Q-K"] and "with your Q-K" in timing.why["J-Q"]


def test_haggis_quiz_widgets_pass_the_reasons_through() -> None:
    climbing, scoring = climbing_quiz_widget(), scoring_quiz_widget()
    assert [(q.why, q.hint) for q in climbing.questions] == [(dict(q.why), q.hint) for q in climbing_quiz()]
    assert [(q.why, q.hint) for q in scoring.questions] == [(q.why, q.hint) for q in scoring_quiz()]
    assert missing_reasons([*climbing.questions, *scoring.questions]) == []
    wrong = climbing.questions[1]
    wrong.choices.value = "6B 6O"
    wrong.check.click()
    assert wrong.feedback.text.startswith("Not quite: 6B 6O form a pair of 6s, lower than the pair of 7s.")


def test_a_card_named_in_a_reason_is_a_real_card() -> None:
    """Reasons name cards by their symbols; each symbol a reason uses for a Hearts lesson exists in the deck."""
    symbols = {c.symbol for c in STANDARD.deck} | {c.suit.symbol + c.symbol[:-1] for c in STANDARD.deck}
    for stem in ("01_tricks", "02_a_hand", "11_playing_tricks", "12_the_moon"):
        for q in questions(stem):
            reasons = [q.why] if isinstance(q.why, str) else list(q.why.values())
            for reason in reasons:
                for symbol in re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]|[♠♥♦♣](?:10|[2-9JQKA])", reason):
                    assert symbol in symbols, (stem, reason)
