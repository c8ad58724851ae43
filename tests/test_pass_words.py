"""Where a pass goes, in words (``hearts_lessons.pass_words``): every direction in every form, in English as the
table, the status line, the puzzle goal and the new-hand message have always said it, and in Japanese."""

from __future__ import annotations

import warnings
from typing import get_args

import pytest

from hearts_lessons.i18n import language, latin_words
from hearts_lessons.pass_words import FORMS, PassForm, pass_words
from hearts_lessons.rules import PassDirection

LEFT, RIGHT, ACROSS = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS
HOLD, SPLIT, CHOICE = PassDirection.HOLD, PassDirection.SPLIT, PassDirection.DEALERS_CHOICE


def test_every_form_words_every_direction() -> None:
    assert set(FORMS) == set(get_args(PassForm)) == {"word", "where", "goal", "new hand"}
    for _, words in FORMS.values():
        assert set(words) == set(PassDirection)


def test_the_english_is_the_books() -> None:
    assert [pass_words(d) for d in PassDirection] == ["left", "right", "across", "hold", "split", "dealer's choice"]
    where = ["to the left", "to the right", "across", "nowhere: a hold hand", "one card to each other player",
             "as the dealer chooses"]  # fmt: skip
    assert [pass_words(d, "where") for d in PassDirection] == where
    assert [pass_words(d, "goal") for d in PassDirection] == where
    assert pass_words(RIGHT, "new hand", hand=2) == "Hand 2: pass right."
    assert pass_words(CHOICE, "new hand", hand=10) == "Hand 10: the dealer chooses the pass."
    assert pass_words(HOLD, "new hand", hand=4) == "Hand 4: no passing (a hold hand)."  # no rule code shown


def test_japanese_words_each_form_for_its_sentence() -> None:
    with language("ja"), warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing translation warns
        assert pass_words(LEFT) == "左隣"
        assert pass_words(HOLD) == "パスなし（ホールド）"
        assert pass_words(LEFT, "where") == "左隣"
        assert pass_words(LEFT, "goal") == "左隣へ"
        assert pass_words(ACROSS, "goal") == "対面へ"
        assert pass_words(SPLIT, "new hand", hand=4) == "第4ハンド：ほかの全員に1枚ずつパスします。"
        for form in get_args(PassForm):
            for d in PassDirection:
                words = pass_words(d, form, hand=1)
                assert not latin_words(words), (form, d, words)


@pytest.mark.parametrize("form", get_args(PassForm))
def test_the_words_follow_the_language_of_the_moment(form: PassForm) -> None:
    english = pass_words(LEFT, form, hand=1)
    with language("pseudo"):
        assert pass_words(LEFT, form, hand=1) == f"⟦{english}⟧"
    assert pass_words(LEFT, form, hand=1) == english
