"""The engine's learner-facing words in Japanese (issue 31): every rule of the legality cascade and every pass
rule refuses in Japanese, naming the same cards; the variants and their options have Japanese names and
descriptions; words are chosen when shown, not at import."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_lessons.cards import Suit, parse_cards
from hearts_lessons.errors import IllegalPassError, RulesError
from hearts_lessons.i18n import get_language, language, latin_words, set_language, tr_text
from hearts_lessons.layout import Layout
from hearts_lessons.legality import PLAY_RULES, cascade_of
from hearts_lessons.rules import STANDARD, Rules
from hearts_lessons.state import HandState, Phase
from hearts_lessons.variants import (
    ADDONS,
    BLACK_MARIA,
    KITTY,
    PRESETS,
    changes_from_standard,
    options_rows,
    overview_rows,
    with_shoot_the_sun,
)

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_deals.json").read_text(encoding="utf-8"))["deals"]
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AKQJ])[♠♥♦♣]")
SUIT_SYMBOL = re.compile(r"(?<![0-9AKQJ])[♠♥♦♣]")
#: Not English prose: the moon value M, the imaginary unit and the sign s of Complex Hearts.
ALLOWED = ("M", "i", "s")


def refusing_rule(k: Layout, state: HandState, card_id: int) -> str | None:
    """The name of the cascade's rule that refuses ``card_id`` now (the cascade of :func:`play_reason`)."""
    hand = state.hand_mask(state.to_play)
    bit = 1 << card_id
    allowed = hand
    for rule in cascade_of(k):
        f = rule.forbid(k, state, hand, allowed) & allowed
        if f and f != allowed:
            if f & bit:
                return rule.name
            allowed ^= f
    return None


def golden_refusals() -> Iterator[tuple[str, str, HandState, str]]:
    """Every refusal of the golden deals: (deal name, rule name, the position, the card), replaying each deal."""
    for deal in GOLDEN:
        rules = Rules.from_json(deal["rules"])
        state = HandState.from_cards(deal["hands"], rules, hold=True, dealer=deal.get("dealer", 0), check=False)
        for step in deal["steps"]:
            if step[0] == "play":
                state.play(step[1])
            elif step[0] == "illegal":
                card = parse_cards(step[1])[0]
                if card not in state.hand(state.to_play):  # refused by the state, not by a rule of the cascade
                    continue
                rule = refusing_rule(state.k, state, card.id)
                assert rule is not None, (deal["name"], step)
                yield deal["name"], rule, state.copy(), step[1]


REFUSALS = list(golden_refusals())


def facts(text: str) -> tuple[list[str], set[str]]:
    """The card codes a sentence names (sorted) and the suit symbols it names alone."""
    return sorted(CARD.findall(text)), set(SUIT_SYMBOL.findall(CARD.sub(" ", text)))


def is_wrapped(pseudo: str | None, english: str) -> bool:
    """Whether the pseudo-locale rendering wraps the whole sentence (and nothing in it bypassed the layer)."""
    if pseudo is None or pseudo.replace("⟦", "").replace("⟧", "") != english:
        return False
    rest = pseudo
    while re.search(r"⟦[^⟦⟧]*⟧", rest):  # a sentence wrapped, with its wrapped parts (a suit's word) inside
        rest = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
    return rest.strip() == ""


def bypassed(pseudo: str) -> list[str]:
    """The English words of a pseudo-locale rendering that did not go through the locale layer (sentences
    wrapped inside wrapped sentences taken out from the inside)."""
    rest = pseudo
    while re.search(r"⟦[^⟦⟧]*⟧", rest):
        rest = re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)
    return latin_words(rest)


def test_the_golden_deals_refuse_a_card_by_every_rule_of_the_cascade() -> None:
    assert {rule for _, rule, _, _ in REFUSALS} == set(PLAY_RULES)


@pytest.mark.parametrize(("name", "rule", "state", "card"), REFUSALS,
                         ids=[f"{name}-{rule}-{card}" for name, rule, _, card in REFUSALS])  # fmt: skip
def test_every_play_rule_refuses_in_japanese(name: str, rule: str, state: HandState, card: str) -> None:
    english = state.why_not(card)
    assert english is not None
    with language("ja"):
        japanese = state.why_not(card)
        assert japanese is not None
        with pytest.raises(Exception) as refused:
            state.verify_play(card)
        assert str(refused.value) == japanese
    assert latin_words(japanese) == [], japanese
    assert japanese != english
    assert facts(japanese) == facts(english), (english, japanese)
    with language("ja"):
        for suit in Suit:  # a suit the English names in words, the Japanese names in its words
            if re.search(rf"\b{suit.english}\b", english):
                assert suit.word in japanese, (english, japanese)
    with language("pseudo"):
        pseudo = state.why_not(card)
    assert is_wrapped(pseudo, english)


def test_every_opening_and_hearts_reason_has_a_japanese_form() -> None:
    """The rules with two sentences (the opening lead, hearts not broken) give both in Japanese."""
    english = {state.why_not(card) for _, _, state, card in REFUSALS}
    for text in ("the first trick must be opened with a club", "a penalty card must be played first",
                 "a heart must be discarded first"):  # fmt: skip
        assert any(text in (e or "") for e in english), text


def passing_state(rules: Rules = STANDARD) -> HandState:
    state = HandState.deal(rules, seed=4)
    assert state.phase is Phase.PASSING
    return state


def pass_refusals() -> list[tuple[str, Any]]:
    """A case for every rule that refuses a pass: (name, a function giving the reason)."""
    queen = parse_cards("QS")[0]
    unpassable = passing_state(STANDARD.with_options(unpassable=(queen,)))
    holder = next(s for s in range(4) if queen in unpassable.hand(s))
    state = passing_state()
    mine = state.hand(0)
    other = state.hand(1)[0]

    def refusal(seat: int, cards: list[Any], before: HandState | None = None) -> str:
        target = before or passing_state()
        with pytest.raises(IllegalPassError) as refused:
            target.verify_pass(seat, cards)
        return str(refused.value)

    def passed_already() -> str:
        again = passing_state()
        again.pass_cards(0, again.hand(0)[:3])
        with pytest.raises(IllegalPassError) as refused:
            again.verify_pass(0, again.hand(0)[:3])
        return str(refused.value)

    playing = HandState.from_cards("2C 3H; 4C QS; 5C AS; 6C 7D", hold=True, check=False)
    return [
        ("unpassable card", lambda: unpassable.why_not_pass(holder, queen)),
        ("unpassable card (verify)", lambda: refusal(holder, [queen, *[c for c in unpassable.hand(holder)
                                                                         if c != queen][:2]], unpassable)),
        ("a card not held", lambda: state.why_not_pass(0, other)),
        ("no such seat", lambda: state.why_not_pass(7, mine[0])),
        ("not time to pass", lambda: playing.why_not_pass(0, "2C")),
        ("passed already", passed_already),
        ("the same card twice", lambda: refusal(0, [mine[0], mine[0], mine[1]])),
        ("too few cards", lambda: refusal(0, mine[:2])),
        ("too many cards", lambda: refusal(0, mine[:4])),
    ]


PASS_CASES = pass_refusals()


@pytest.mark.parametrize(("name", "reason"), PASS_CASES, ids=[name for name, _ in PASS_CASES])
def test_every_pass_rule_refuses_in_japanese(name: str, reason: Any) -> None:
    english = reason()
    with language("ja"):
        japanese = reason()
    with language("pseudo"):
        pseudo = reason()
    assert english and japanese
    assert latin_words(japanese) == [], japanese
    assert japanese != english
    assert facts(japanese) == facts(english)
    for number in re.findall(r"\d+", CARD.sub(" ", english)):
        assert number in japanese, (english, japanese)
    assert is_wrapped(pseudo, english)


def test_the_cascade_summaries_are_japanese() -> None:
    with language("ja"):
        for rule in PLAY_RULES.values():
            words = tr_text(rule.summary)
            assert words != rule.summary and latin_words(words) == [], words
            assert facts(words) == facts(rule.summary)


def preset_words() -> Iterator[str]:
    for preset in PRESETS.values():
        yield preset.name
        yield preset.history
        yield from preset.changes
        for option in preset.options:
            yield option.name
            yield from (choice.label for choice in option.choices)
    for addon in ADDONS.values():
        yield addon.name
        yield addon.summary


@pytest.mark.parametrize("english", sorted(set(preset_words())))
def test_every_variant_and_option_has_japanese_words(english: str) -> None:
    with language("ja"):
        japanese = tr_text(english)
    assert latin_words(japanese, ALLOWED) == [], japanese
    assert facts(japanese) == facts(english)
    if latin_words(english, ALLOWED):  # a label that is only a card or a number ("10♦", "15") stays as it is
        assert japanese != english


def test_an_invalid_rule_combination_is_refused_in_japanese() -> None:
    combination = {"must_break_hearts": False, "queen_first_when_only_penalty": True}
    with pytest.raises(RulesError) as english:
        STANDARD.with_options(**combination)
    with language("ja"), pytest.raises(RulesError) as japanese:
        STANDARD.with_options(**combination)
    assert str(japanese.value) != str(english.value)
    assert latin_words(str(japanese.value)) == []
    assert "Q♠" in str(japanese.value)
    with language("ja"), pytest.raises(RulesError) as sun:
        with_shoot_the_sun(BLACK_MARIA)
    assert latin_words(str(sun.value)) == [] and "ブラック・マリア" in str(sun.value)


def test_tables_built_at_import_speak_the_language_of_the_moment() -> None:
    """Nothing is translated at import: the presets hold English, and the words follow a later switch."""
    before = get_language()
    try:
        set_language("en")
        english = (changes_from_standard(KITTY), overview_rows(), options_rows(), tr_text(PRESETS["basic"].name))
        state = HandState.from_cards("2C 3H; 4C QS; 5C AS; 6C 7D", hold=True, check=False)
        reason = state.why_not("3H")
        set_language("ja")
        assert PRESETS["basic"].name == "Basic Hearts"  # the data stays English (records keep it)
        japanese = (changes_from_standard(KITTY), overview_rows(), options_rows(), tr_text(PRESETS["basic"].name))
        assert japanese[3] == "基本ハーツ"
        assert all(a != b for a, b in zip(english, japanese, strict=True))
        assert latin_words(" ".join(japanese[0])) == []
        assert state.why_not("3H") != reason and latin_words(state.why_not("3H") or "") == []
        set_language("en")
        assert (changes_from_standard(KITTY), overview_rows(), options_rows()) == english[:3]
    finally:
        set_language(before)


def test_a_trick_is_explained_in_japanese() -> None:
    from hearts_lessons.explain import explain_trick

    state = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=0, trick_number=11,
                                 hearts_broken=True)  # fmt: skip
    for card in ("4D", "QH", "TD", "6D"):
        trick = state.play(card)
    assert trick is not None
    for you in (None, 0, 2):
        english = explain_trick(trick, 4, you=you)
        with language("ja"):
            japanese = explain_trick(trick, 4, you=you)
        assert latin_words(japanese) == [], japanese
        assert facts(japanese) == facts(english)
        assert "ディスカード" in japanese and "ダイヤ" in japanese


def test_the_table_and_the_score_sheet_speak_japanese() -> None:
    from hearts_lessons.game import GameState
    from hearts_lessons.table import table_html

    def text(markup: str) -> str:
        return re.sub(r"<[^>]*>", " ", markup)

    for rules in (STANDARD, KITTY):
        state = HandState.deal(rules, seed=2)
        with language("ja"):
            assert latin_words(text(table_html(state))) == []
        with language("pseudo"):
            assert bypassed(text(table_html(state))) == []
    game = GameState(STANDARD, seed=1)
    with language("ja"):
        sheet = game.score_sheet_html()
    assert "スコア表（標準ハーツ" in sheet and latin_words(text(sheet)) == []


def words_of(view: Any) -> str:
    """Every string a learner sees in a table model (labels, status, captions), not its markup or codes."""
    if isinstance(view, dict):
        return " ".join(words_of(v) for k, v in view.items() if k not in ("svg", "code", "kind", "suit", "mode"))
    if isinstance(view, list):
        return " ".join(words_of(v) for v in view)
    return view if isinstance(view, str) else ""


def test_the_table_model_speaks_japanese() -> None:
    """Plates, labels, statuses, the pass and the taken piles of the table model (``tableview``)."""
    from hearts_lessons.tableview import hand_view, open_view, table_view

    passing = HandState.deal(KITTY, seed=3)
    playing = HandState.from_cards("4D 9C; QH 2S; TD 3S; 6D 5S", hold=True, leader=1, trick_number=11,
                                   hearts_broken=True)  # fmt: skip
    playing.play("QH")
    models = [
        lambda: table_view(passing, taken=True),
        lambda: table_view(playing, taken=True, totals=[3, 0, 13, 10]),
        lambda: open_view(playing, taken=True),
        lambda: hand_view(parse_cards("QS 2C AH"), reasons={parse_cards("AH")[0]: "not now"}),
    ]
    for model in models[:3]:
        english = words_of(model())
        with language("ja"):
            japanese = words_of(model())
        with language("pseudo"):
            pseudo = words_of(model())
        assert latin_words(japanese) == [], latin_words(japanese)
        assert bypassed(pseudo) == []
        assert english != japanese
    with language("ja"):
        assert latin_words(words_of(models[3]()), ("not", "now")) == []


def test_score_notes_are_facts_worded_when_shown() -> None:
    """Scoring (the bots' hot path) stores the notes as facts; they are worded in the language of the moment."""
    from hearts_lessons.cards import QUEEN_OF_SPADES
    from hearts_lessons.variants import score_captured, with_ten_of_clubs_doubling

    hearts = [c for c in STANDARD.deck if c.suit is Suit.HEARTS]
    moon = score_captured(STANDARD, [*hearts, QUEEN_OF_SPADES])
    doubled = score_captured(with_ten_of_clubs_doubling(STANDARD), "TC 2H")
    for score in (moon, doubled):
        english = score.notes
        assert english and all(latin_words(note) for note in english)
        with language("ja"):
            japanese = score.notes
        assert len(japanese) == len(english)
        for en, ja in zip(english, japanese, strict=True):
            assert latin_words(ja, ALLOWED) == [], ja
            assert facts(ja) == facts(en)


def test_every_option_and_its_values_have_japanese_words() -> None:
    """``Rules.describe`` names every option and every value of an option in Japanese."""
    import dataclasses
    from enum import Enum

    from hearts_lessons.rules import (
        OPTION_NAMES,
        VALUE_NAMES,
        GameEnd,
        HoleCards,
        Moon,
        OpeningLead,
        PassDirection,
        Ties,
    )

    assert set(OPTION_NAMES) == {f.name for f in dataclasses.fields(Rules)}
    enums: list[type[Enum]] = [PassDirection, OpeningLead, Moon, GameEnd, Ties, HoleCards]
    assert {str(m.value).replace("_", " ") for e in enums for m in e} <= set(VALUE_NAMES)
    with language("ja"):
        for key, english in OPTION_NAMES.items():
            words = tr_text(english, context="option")
            assert words != english and latin_words(words) == [], key
        for english in VALUE_NAMES.values():
            words = tr_text(english, context="option value")
            assert words != english and latin_words(words) == [], english
        mine = STANDARD.with_options(queen_lead_restricted=True, opening_lead=OpeningLead.LEFT_OF_DEALER,
                                     players=5, moon=Moon.NONE, removed_cards=(), pass_cycle=(PassDirection.LEFT,))
        described = mine.describe()
    assert len(described) == 5 and latin_words(" ".join(described)) == []


def test_the_engine_tables_head_their_columns_in_japanese() -> None:
    from hearts_lessons.tables import COLUMN_WORDS, Table, column_words

    table = Table(overview_rows(), index="variant")
    with language("ja"):
        html_ = table._repr_html_()
        for name in table.columns:
            assert f">{column_words(name)}</th>" in html_
            assert name == "M" or latin_words(column_words(name)) == [], name
        assert all(tr_text(v, context="column") != v for k, v in COLUMN_WORDS.items() if k != "M")
    assert ">variant</th>" in table._repr_html_()
    assert table.rows[0]["variant"] == "Standard Hearts (Black Lady)"  # the rows keep their keys
