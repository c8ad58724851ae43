"""Haggis in Japanese and through the locale layer: every refusal, every combination and bomb name, the table,
and the drills.

Haggis card codes (``5R``, ``10G``, ``J0``, ``Q1``) are not words: like the Hearts card codes (``Q♠``) they stay as
they are in every language, so :func:`_words_left` takes them out before :func:`~hearts_lessons.i18n.latin_words`
looks for English. The rule is narrow on purpose: a number 2–10 followed by one suit letter (R, O, G, B, V), or J/Q/K
followed by a seat 0–2, standing alone (``5R`` yes, ``Red`` no).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from hearts_lessons.errors import RecordError
from hearts_lessons.haggis.actions import Bet, HaggisAction, IllegalHaggisActionError, Pass
from hearts_lessons.haggis.cards import parse_cards
from hearts_lessons.haggis.combos import Bomb, classify, what_beats, why_cannot_follow, why_not
from hearts_lessons.haggis.exercises import climbing_quiz, scoring_quiz
from hearts_lessons.haggis.game import HaggisGame
from hearts_lessons.haggis.render import bomb_ladder_html, classification_html, table_html
from hearts_lessons.haggis.rules import TWO_PLAYERS
from hearts_lessons.haggis.state import HaggisHand
from hearts_lessons.haggis.tableview import classification_report, haggis_view, selection_report
from hearts_lessons.haggis.widgets import ComboClassifier, PlayHandWidget
from hearts_lessons.i18n import language, latin_words, missing, tr_text
from hearts_lessons.practice.drills import false_facts, stage
from hearts_lessons.sources import HAGGIS_BLOG

HAGGIS_CODE = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9])[ROGBV]|[JQK][0-2])(?![A-Za-z0-9])")
FACTS = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9])[ROGBV]|[JQK][0-2])(?![A-Za-z0-9])|\d+")

HANDS = ["2R 3R 4R 5G 5B 6B 7O 8O 9G 10G 10B 2O 3O 4O", "6R 7R 8R 9R 2G 3G 4G 5O 6O 6G 7G 8G 9B 9O"]


def _words_left(text: str) -> list[str]:
    """English words left in ``text``, Haggis card codes allowed."""
    return latin_words(HAGGIS_CODE.sub(" ", text))


def _unwrapped(text: str) -> str:
    """What is left of a pseudo-locale string once every ⟦wrapped⟧ sentence (nested ones too) is taken out."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            return text
        text = shorter


def _facts(text: str) -> set[str]:
    """The card codes and numbers a sentence states."""
    return set(FACTS.findall(text))


def _hand() -> HaggisHand:
    return HaggisHand.from_cards(hands=HANDS, leader=0)


def _why(hand: HaggisHand, action: HaggisAction) -> str | None:
    try:
        hand.verify(action)
    except IllegalHaggisActionError as exc:
        return exc.reason
    return None


def _refusals() -> dict[str, str]:
    """Every kind of refusal of the Haggis engine (play, pass, bet; cards that form nothing; cards that may not
    follow), in the language of the moment."""
    found: dict[str, str] = {}
    hand = _hand()
    found["not your turn"] = hand.why_not_play("6R 7R 8R", seat=1) or ""
    found["does not hold"] = hand.why_not_play("6R 7R 8R") or ""
    found["leader passes"] = _why(hand, Pass(0)) or ""
    found["bet size"] = _why(hand, Bet(0, 20)) or ""
    for text in ("", "5R 6R", "J0 J0", "2R 4G", "4R 5R 8R", "5R 6G 7R", "3R 5R 7G 9B", "3R 5G 7B J0",
                 "2R 3R 4R 5R 6R 7R 8R 9R 10R J0", "5R 5G 6R 6B", "5R 5G 7R 7G", "5R 5G 5B 6R 6G", "J0 J0 Q0",
                 "5R 5G 7R J0 Q0 K0"):  # fmt: skip
        reason = why_not(parse_cards(text))
        if reason is not None:
            found[f"why not {text!r}"] = reason
    hand.play("2R 3R 4R")
    found["must beat"] = hand.why_not_play("2G 3G 4G") or ""
    found["not a reading"] = hand.why_not_play("2G 3G", seat=1) or ""
    hand.bet(15, seat=1)
    found["bet twice"] = _why(hand, Bet(1, 30)) or ""
    hand.play("6R 7R 8R")
    found["bet after playing"] = _why(hand, Bet(0, 15)) or _why(hand, Bet(1, 30)) or ""
    jq, qk = classify(parse_cards("J0 Q0"))[0], classify(parse_cards("Q1 K1"))[0]
    found["lower bomb"] = why_cannot_follow(jq, qk) or ""
    found["no bomb"] = why_cannot_follow(classify(parse_cards("8R 8G"))[0], qk) or ""
    over = HaggisHand.deal(TWO_PLAYERS, seed=3)
    while over.to_act is not None:
        legal = over.legal_actions()
        over.apply(legal[0])
    found["hand over"] = _why(over, Pass(0)) or ""
    return found


def test_every_refusal_is_refused_in_both_languages() -> None:
    english = _refusals()
    assert all(english.values()), [k for k, v in english.items() if not v]
    assert len(english) >= 20


def test_every_refusal_reads_japanese_with_the_same_facts() -> None:
    english = _refusals()
    with language("ja"):
        japanese = _refusals()
    assert english.keys() == japanese.keys()
    for key, text in japanese.items():
        assert text != english[key], key
        assert _words_left(text) == [], (key, text)
        assert _facts(english[key]) <= _facts(text), (key, english[key], text)
        assert re.search(r"[ぁ-んァ-ヶ一-龯]", text), (key, text)


def test_every_refusal_goes_through_the_locale_layer() -> None:
    with language("pseudo"):
        for key, text in _refusals().items():
            assert _words_left(_unwrapped(text)) == [], (key, text)


NAMES = {
    "7R": "7のシングル",
    "J0": "Jのシングル（ワイルドを単独で出すとランクは11）",
    "7R 7G": "7のペア",
    "7R 7G 7B": "7のスリーカード",
    "7R 7G 7B 7O": "7のフォーカード",
    "5B 6B 7B": "5-6-7のラン（青）",
    "5R 5G 6R 6G": "5-5-6-6のペアのラン（赤、緑）",
    "J0 Q0": "J-Qのボム",
    "J0 K0": "J-Kのボム",
    "Q0 K0": "Q-Kのボム",
    "J0 Q0 K0": "J-Q-Kのボム",
    "3R 5G 7B 9O": "小ボム（3-5-7-9、4つの異なるスート）",
    "3B 5B 7B 9B": "大ボム（3-5-7-9、同じスート）",
}


@pytest.mark.parametrize(("cards", "name"), NAMES.items())
def test_combination_and_bomb_names_in_japanese(cards: str, name: str) -> None:
    english = classify(parse_cards(cards))[0].name
    with language("ja"):
        combo = classify(parse_cards(cards))[0]
        assert combo.name == name
        for words in (combo.name, combo.explain(), combo.shape_name, what_beats(combo)):
            assert _words_left(words) == [], words
    assert combo.name == english  # built in Japanese, named in the language of the moment (not frozen)


def test_every_bomb_has_a_japanese_name_and_seed_003s_small_and_big_bomb() -> None:
    with language("ja"):
        names = [b.full_name for b in Bomb]
        assert all("ボム" in n and _words_left(n) == [] for n in names), names
        assert names[0].startswith("小ボム") and names[-1].startswith("大ボム")
    assert Bomb.RAINBOW_3579.full_name == "3-5-7-9 in four suits bomb" and Bomb.JQ.name == "JQ"


def _strings(value: Any, key: str = "") -> Iterator[str]:
    """Every string of a table model a learner sees or hears (codes, ids and kinds left out; a card picture's
    spoken title kept)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, k)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v, key)
    elif isinstance(value, str) and value:
        if key == "svg":
            yield from re.findall(r"<title>(.*?)</title>", value)
        elif key not in ("code", "id", "kind", "mode"):
            yield value


def _play_some(widget: PlayHandWidget) -> list[str]:
    """Shown at the table through a short game: selections, a refusal, plays, passes, a bet, the end."""
    said = [widget.message.text]
    widget.select("J0 Q0")
    said.append(widget.message.text)
    widget.cards.press("bet:15")
    said.append(widget.message.text)
    widget.play_selected()
    said.append(widget.message.text)
    widget.cards.click(widget.hand.held[0][0].code)
    widget.cards.click(widget.hand.held[0][3].code)
    said.append(widget.message.text)
    widget.cards.press("clear")
    widget.cards.press("pass")
    said.append(widget.message.text)
    for _ in range(60):
        if widget.hand.is_over:
            break
        legal = [a for a in widget.hand.legal_actions() if not isinstance(a, Bet)]
        action = legal[-1]
        if isinstance(action, Pass):
            widget.cards.press("pass")
        else:
            widget.select(" ".join(c.code for c in action.combo.cards))
            widget.play_selected(reading=0 if len(selection_report(widget.hand, 0, widget.selected).readings) > 1
                                 else None)  # fmt: skip
        said.append(widget.message.text)
    said += list(_strings(widget.cards.view))
    said.append(widget.story.value)
    return said


def test_the_table_in_the_pseudo_locale_wraps_every_sentence() -> None:
    with language("pseudo"):
        widget = PlayHandWidget(seed=5)
        said = _play_some(widget)
        said += [widget.cards.label, widget.keyboard.placeholder, widget.keyboard.description,
                 widget.large.description]  # fmt: skip
    assert widget.hand.is_over
    left = {text: _words_left(_unwrapped(text)) for text in said}
    assert {t: w for t, w in left.items() if w} == {}


def test_the_table_in_japanese_has_no_english_left() -> None:
    with language("ja"):
        before = missing()
        widget = PlayHandWidget(seed=5)
        said = _play_some(widget)
        said += [widget.cards.label, widget.keyboard.placeholder, widget.keyboard.description,
                 widget.large.description]  # fmt: skip
        assert missing() - before == set()
    assert widget.hand.is_over and widget.hand.result is not None
    assert "得点計算" in widget.story.value
    assert not [text for text in said if "。 " in text]  # Japanese sentences follow one another without a space
    left = {text: _words_left(text) for text in said}
    assert {t: w for t, w in left.items() if w} == {}


def test_a_table_built_in_english_speaks_japanese_once_the_language_changes() -> None:
    widget = PlayHandWidget(seed=5)
    widget.select("J0 Q0")
    assert widget.message.text == "J-Q bomb: press Play."
    with language("ja"):
        widget.select("J0 Q0")
        assert widget.message.text == "J-Qのボム：「出す」を押してください。"
        view = haggis_view(widget.hand, seat=0)
        assert view["seats"][0]["name"] == "あなた"
        assert all(_words_left(s) == [] for s in _strings(view))


def test_the_classifier_in_japanese() -> None:
    with language("ja"):
        widget = ComboClassifier(players=2, selected="5B J0 Q0", against="4R 4G 4O")
        text = widget.table.text
        report = classification_report(parse_cards("2R 4G"))
    assert text.startswith("5B J0 Q0".replace("5B", "5■").replace(" J0", " J").replace(" Q0", " Q"))
    assert "✘ 4のスリーカードの後には出せません" in text and _words_left(text) == []
    assert "（2）" in text and "。 " not in text  # two readings, Japanese sentences joined without a space
    assert report.text.endswith("ラン（シークエンス）には3ランク以上が必要です。") and _words_left(report.text) == []


def _verdicts(key: str, index: int) -> tuple[str, int, list[bool], list[tuple[str, Any]]]:
    drill = stage(key).make(index)  # built now, in the language of the moment (not the cached drill)
    if drill.kind == "number":
        return drill.kind, 1, [drill.verdict(drill.answer[0])[0], drill.verdict("999")[0]], false_facts(drill)
    verdicts = [drill.verdict(option)[0] for option in drill.options]
    return drill.kind, len(drill.options), sorted(verdicts), false_facts(drill)


@pytest.mark.parametrize(("key", "index"), [("haggis_combos", i) for i in range(6)]
                         + [("haggis_bombs", i) for i in range(8)])  # fmt: skip
def test_a_drill_checked_in_japanese_gives_the_same_verdict(key: str, index: int) -> None:
    english = _verdicts(key, index)
    goal = stage(key).make(index).goal
    with language("ja"):
        japanese = _verdicts(key, index)
        drill = stage(key).make(index)  # built now, in the language of the moment (not the cached drill)
        right = drill.verdict(drill.answer[0])
    assert english[:3] == japanese[:3] and english[3] == [] and japanese[3] == []
    assert right[0] is True and drill.goal != goal


def _quiz_strings() -> list[str]:
    said: list[str] = []
    for q in climbing_quiz():
        said += [q.prompt, *q.options, q.answer, q.explanation, *q.why.values(), q.hint]
    for n in scoring_quiz():
        said += [n.prompt, n.explanation, n.why, n.hint]
    return said


def test_the_exercises_in_japanese_and_through_the_locale_layer() -> None:
    english = [q.answer for q in climbing_quiz()] + [str(n.answer) for n in scoring_quiz()]
    with language("pseudo"):
        left = {t: _words_left(_unwrapped(t)) for t in _quiz_strings()}
    assert {t: w for t, w in left.items() if w} == {}
    with language("ja"):
        source = tr_text(HAGGIS_BLOG).split()  # the source's name: the sources' catalogue words it
        left = {t: latin_words(HAGGIS_CODE.sub(" ", t), allow=source) for t in _quiz_strings()}
        quizzes = climbing_quiz(), scoring_quiz()
    assert {t: w for t, w in left.items() if w} == {}
    # the same answers: the climbing quiz's options are worded, so compare where each answer sits
    assert [q.options.index(q.answer) for q in quizzes[0]] == [q.options.index(q.answer) for q in climbing_quiz()]
    assert [str(n.answer) for n in quizzes[1]] == english[len(quizzes[0]):]


def test_the_pictures_and_the_score_sheet_in_japanese() -> None:
    hand = HaggisHand.deal(TWO_PLAYERS, seed=4)
    while hand.to_act is not None:
        hand.apply(hand.legal_actions()[-1])
    with language("ja"):
        pages = [bomb_ladder_html(), classification_html(parse_cards("5B J0 Q0"), against=parse_cards("4R 4G 4O")),
                 classification_html(parse_cards("2R 4G")), table_html(hand),
                 table_html(HaggisHand.deal(TWO_PLAYERS, seed=2), viewer=0), HaggisGame(seed=1).scoreboard_html(),
                 "\n".join(hand.result.explain() if hand.result else [])]  # fmt: skip
    for page in pages:  # a card's picture: its spoken title is read, its corner letters are drawing
        text = re.sub(r"<svg.*?</svg>", lambda m: " ".join(re.findall(r"<title>(.*?)</title>", m[0])), page,
                      flags=re.S)  # fmt: skip
        assert _words_left(text) == [], text[:200]
    assert "得点計算" in pages[3] and "小ボム" in pages[0] and "大ボム" in pages[0]


def test_a_tampered_record_is_refused_in_japanese() -> None:
    hand = HaggisHand.from_cards(hands=["2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O",
                                        "7O 8O 9O 10O 2G 3G 4G 5G 6G 7G 8G 9G 10G 2B"])  # fmt: skip
    hand.play("5R 6R 7R")
    hand.play("8G 9G 10G")
    data = json.loads(hand.to_record())
    data["actions"][1].update(play="2G 3G 4G", value=4)
    with language("ja"), pytest.raises(RecordError) as refused:
        HaggisHand.from_record(json.dumps(data))
    reason = str(refused.value)
    assert reason.startswith("記録の2番目の行動（席1が2G 3G 4G（2-3-4のラン（緑））を出す）はルール違反です")
    assert "5-6-7より高い3枚のランか、ボムを出さなければなりません" in reason and _words_left(reason) == []
