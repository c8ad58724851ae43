"""The coach, the drills and the puzzles in Japanese: the same facts and numbers as the English, no English left in
the words of the coach's, the drills' and the puzzles' modules, and every sentence through the locale layer (the
pseudo locale wraps each one).

The coach's decisions are those of hands played by rule-based bots (``tests/bots/coach_positions.py``) with
made-up numbers: the sentences do not depend on the coach's search, only on the checked facts and the numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from hearts_lessons.bots.coach import MOON_PLAN, Candidate
from hearts_lessons.bots.explain import pass_sentence, play_sentence
from hearts_lessons.bots.ratings import LEVELS
from hearts_lessons.bots.review import HandReview, ReviewRow
from hearts_lessons.facts import KINDS
from hearts_lessons.i18n import language, latin_words, placeholders, tr_text
from hearts_lessons.practice.drills import Attempt, Drill, false_facts, stage
from hearts_lessons.practice.ladder import THEME_WORDS, ladder_puzzles
from tests.bots.coach_positions import Decision, candidates, decisions

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AKQJ])[♠♥♦♣]")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _cards(text: str) -> list[str]:
    """The card codes a text names (each once: a translation may name a card twice)."""
    return sorted(set(CARD.findall(text)))


def _numbers(text: str) -> set[str]:
    return set(NUMBER.findall(CARD.sub(" ", text)))


def _unwrapped(text: str) -> list[str]:
    """The English left outside the pseudo locale's ⟦…⟧ (nested sentences unwrapped from the inside out)."""
    inner = re.compile(r"⟦[^⟦⟧]*⟧")
    while inner.search(text):
        text = inner.sub(" ", text)
    return latin_words(text)


def _same_facts(english: str, japanese: str) -> None:
    """The Japanese says the same cards and numbers as the English (in Arabic digits where the English spells a
    number out: "no points" is 0点, "one player" 1人)."""
    assert _cards(japanese) == _cards(english), (english, japanese)
    assert _numbers(english) <= _numbers(japanese) <= _numbers(english) | {"0", "1"}, (english, japanese)


def _in_every_language(say: object) -> dict[str, str]:
    out = {}
    for lang in ("en", "ja", "pseudo"):
        with language(lang):
            out[lang] = say()  # type: ignore[operator]
    return out


def _check(words: dict[str, str]) -> None:
    assert latin_words(words["ja"]) == [], words["ja"]
    assert _unwrapped(words["pseudo"]) == [], words["pseudo"]
    assert words["pseudo"].startswith("⟦"), words["pseudo"]
    _same_facts(words["en"], words["ja"])


def _decisions() -> Iterator[tuple[int, Decision]]:
    for index, decision in enumerate(decisions(2)):
        if index % 5 == 0:
            yield index, decision


def _sentence(decision: Decision, found: list[Candidate]) -> str:
    view = decision.state.view(decision.seat)
    if decision.kind == "play":
        return play_sentence(view, found)
    return pass_sentence(view, found, found[0].cards)


def test_the_coach_advises_in_japanese_with_the_same_cards_and_numbers() -> None:
    kinds = set()
    for index, decision in _decisions():
        found = candidates(decision, tie_index=index)
        words = _in_every_language(lambda d=decision, f=found: _sentence(d, f))
        _check(words)
        kinds.add(decision.kind)
    assert kinds == {"play", "pass"}


def test_a_clear_choice_and_any_of_these_in_japanese() -> None:
    first = next(d for d in decisions(1) if d.kind == "play" and d.state.view(d.seat).legal_mask.bit_count() >= 3)
    view = first.state.view(first.seat)
    found = candidates(first, tie_index=0)
    clear = [found[0], Candidate(found[-1].cards, 9.0, 0.5, 0, 0, 0, 5, values=(9.0,) * 5)]
    words = _in_every_language(lambda: play_sentence(view, clear))
    _check(words)
    assert "lower is better" in words["en"] and "低いほど良い" in words["ja"]
    same = [Candidate(found[0].cards, 4.0, 1.0, 0, 0, 0, 5, reference=True, values=(3.0, 5.0, 2.0, 6.0, 4.0)),
            Candidate(found[-1].cards, 4.0, 1.0, 0, 0, 0, 5, values=(3.0, 5.0, 2.0, 6.0, 4.0))]
    words = _in_every_language(lambda: play_sentence(view, same))
    _check(words)
    assert words["en"].startswith("Any of these will do") and "どれを出してもかまいません" in words["ja"]


def test_the_moon_line_in_japanese() -> None:
    first = next(d for d in decisions(1) if d.kind == "play" and not d.state.tricks)
    view = first.state.view(first.seat)
    card = first.state.legal_plays()[0]
    moon = Candidate((card,), 2.0, 0.5, 0, 0, 0.8, 5, plan=MOON_PLAN, values=(2.0,) * 5)
    other = Candidate(first.state.legal_plays()[-1:] if len(first.state.legal_plays()) > 1 else (card,), 6.0, 0.5,
                      0, 0, 0, 5, reference=True, values=(6.0,) * 5)
    words = _in_every_language(lambda: play_sentence(view, [moon, other]))
    _check(words)
    assert "going for the moon from here shot it in 80%" in words["en"] and "シュート・ザ・ムーン" in words["ja"]


def test_the_review_in_japanese() -> None:
    decision = next(d for d in decisions(1) if d.kind == "play")
    found = candidates(decision, tie_index=1)
    best = found[0]
    row = ReviewRow("play", 3, best.label, best.label, 4.0, 3.2, "equal", "", "", best.cards, best.cards, 0.6, 0.5,
                    (), None, False, 0.7, ())
    review = HandReview(0, (row,), "", 4)
    words = _in_every_language(lambda: review.summary)
    _check(words)


# -- drills ---------------------------------------------------------------------------------------------------
CLEAN = [("tricks", 2), ("first_trick", 0), ("breaking", 1), ("points", 0), ("points", 1), ("points", 2)]
"""Rules drills whose words are all the drills' own (no reason the engine words: those are the legality cascade's)."""


def _feedback(drill: Drill) -> list[tuple[bool, str, str]]:
    """Right and wrong answers to a drill: (right?, the feedback's text, the answer shown after two misses)."""
    attempt = Attempt(drill)
    out = []
    if drill.kind == "number":
        tries = ["999", "0", drill.answer[0]]
    else:
        tries = [*[o for o in drill.options if o not in drill.answer][:2], drill.answer[0]]
    for response in tries:
        fb = attempt.submit(response)
        out.append((fb.right, fb.text, fb.answer))
    return out


@pytest.mark.parametrize(("key", "index"), CLEAN)
def test_drill_feedback_in_japanese(key: str, index: int) -> None:
    with language("en"):
        english = stage(key).drill(index)
        said_en = _feedback(english)
    with language("ja"):
        japanese = stage(key).drill(index)
        said_ja = _feedback(japanese)
        assert false_facts(japanese) == []
        for text in (japanese.goal, japanese.right, japanese.hint, japanese.wrong, *japanese.why.values()):
            assert latin_words(text) == [], text
    assert false_facts(english) == []
    assert [right for right, _, _ in said_ja] == [right for right, _, _ in said_en]
    assert any(right for right, _, _ in said_ja) and not all(right for right, _, _ in said_ja)
    for (_, text_en, answer_en), (_, text_ja, answer_ja) in zip(said_en, said_ja, strict=True):
        assert latin_words(text_ja) == [] and latin_words(answer_ja) == [], (text_ja, answer_ja)
        _same_facts(text_en, text_ja)
        _same_facts(answer_en, answer_ja)
    with language("pseudo"):
        pseudo = stage(key).drill(index)
        for _, text, answer in _feedback(pseudo):
            assert _unwrapped(text) == [] and _unwrapped(answer) == [], (text, answer)


def test_a_drill_checked_in_japanese_gives_the_same_verdict() -> None:
    for key, index in CLEAN:
        with language("en"):
            english = stage(key).drill(index)
        with language("ja"):
            japanese = stage(key).drill(index)
            assert japanese.answer != () and len(japanese.options) == len(english.options)
            if english.kind == "number":
                responses = [("1", "1"), (english.answer[0], japanese.answer[0]), ("26", "26")]
            else:
                responses = list(zip(english.options, japanese.options, strict=True))
            for en, ja in responses:
                assert japanese.verdict(ja)[0] == english.verdict(en)[0], (key, index, en, ja)


def test_a_drill_made_in_japanese_stays_japanese_after_the_language_changes() -> None:
    with language("ja"):
        japanese = stage("points").drill(0)
    with language("en"):
        english = stage("points").drill(0)
    assert latin_words(japanese.goal) == [] and "How many points" in english.goal


# -- puzzles --------------------------------------------------------------------------------------------------
def test_a_puzzle_explains_itself_in_japanese() -> None:
    puzzles = ladder_puzzles().puzzles
    shown = [next(p for p in puzzles if p.kind == "play"), next(p for p in puzzles if p.kind == "pass")]
    for p in shown:
        with language("en"):
            assert p.explained == p.explanation
        with language("ja"):
            japanese = p.explained
        with language("pseudo"):
            pseudo = p.explained
        assert latin_words(japanese) == [], japanese
        assert _unwrapped(pseudo) == [], pseudo
        _same_facts(p.explanation, japanese)
        wrong = p.costs[0]["cards"]
        said = _in_every_language(lambda p=p, wrong=wrong: p.feedback(wrong))
        _check(said)


# -- words marked where they are defined ----------------------------------------------------------------------
MY_FACTS = ("hearts_lessons.facts", "hearts_lessons.facts.coach", "hearts_lessons.facts.drills",
            "hearts_lessons.facts.puzzles")


def test_every_fact_template_has_japanese_words_with_the_same_placeholders() -> None:
    """Each kind of fact the coach, the drills and the puzzles say is worded in Japanese, naming the same facts
    (placeholders) in its own order."""
    checked = 0
    for kind in KINDS.values():
        if kind.holds.__module__ not in MY_FACTS:
            continue
        for english in (kind.words if isinstance(kind.words, tuple) else (kind.words,)):
            if not latin_words(re.sub(r"\{[^{}]*\}", " ", english)):
                continue  # words quoted whole ("{reason}": the engine's reason)
            with language("ja"):
                japanese = tr_text(english)
            assert japanese != english, english
            assert placeholders(japanese) <= placeholders(english) and latin_words(
                re.sub(r"\{[^{}]*\}", " ", japanese)) == [], (english, japanese)
            checked += 1
    assert checked >= 100


def test_words_marked_at_import_follow_the_language() -> None:
    """Stage titles, themes and levels are defined at import (in English, marked): shown, they follow the
    language chosen later."""
    shown = [stage("tricks").title, stage("stopping_moon").teaches, THEME_WORDS["dumping-queen"]]
    with language("ja"):
        words = [tr_text(w) for w in shown] + [lv.shown_name for lv in LEVELS] + [lv.shown_words for lv in LEVELS]
    assert all(latin_words(w) == [] for w in words), words
    with language("en"):
        assert [lv.shown_name for lv in LEVELS] == ["Easy", "Medium", "Hard", "Expert"]
