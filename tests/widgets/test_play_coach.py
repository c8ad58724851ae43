"""The play table's coach: hints for the pass and the play, and the review after a hand."""

from __future__ import annotations

import re

from hearts_lessons.state import Phase
from hearts_lessons.widgets.play import PlayTable


def _finish_hand(table: PlayTable) -> None:
    while table.hand.phase is Phase.PLAYING:
        table.cards.click(table.hand.legal_plays(0)[0].code)


def test_the_pass_hint_explains_and_preselects_the_coach_pass() -> None:
    table = PlayTable(seed=5, pace=0)
    before = table.game.to_json()
    table.hint_button.click()
    assert "Coach:" in table.coach_box.value and "sampled deals" in table.coach_box.value
    chosen = [c["code"] for c in table.cards.cards() if c["selected"]]
    assert len(chosen) == 3 and table.cards.action("pass")["enabled"]  # type: ignore[index]
    assert table.game.to_json() == before  # a hint never changes the game
    table.cards.press("pass")
    assert sorted(c.code for c in table.hand.passed(0)) == sorted(chosen)
    assert table.hand.phase is Phase.PLAYING and table.coach_box.value == ""


def test_the_play_hint_names_a_legal_card_and_the_review_grades_every_decision() -> None:
    table = PlayTable(seed=5, pace=0)
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    table.cards.press("pass")
    table.hint()
    advice_text = table.coach_box.value
    assert "Play the" in advice_text
    assert any(card.symbol in advice_text for card in table.hand.legal_plays(0))
    assert "not" not in table.message.text
    _finish_hand(table)
    assert table.review_button.layout.display == ""
    table.review_button.click()
    review = table.coach_box.value
    assert "hl-review" in review and review.count("class='hl-review-item") == 1 + 13  # the pass, 13 plays
    assert " pts" not in review and not re.search(r"(?<![\d.])1 points", review) and "<svg" in review  # cards drawn
    assert "Review ready" in table.message.text


def test_hints_and_reviews_out_of_turn_are_refused_with_a_reason() -> None:
    table = PlayTable(seed=5, pace=0)
    table.review_with_coach()
    assert "finish the hand first" in table.message.text
    for card in table.hand.hand(0)[:3]:
        table.cards.click(card.code)
    table.cards.press("pass")
    _finish_hand(table)
    table.hint()
    assert "when it is your turn" in table.message.text


def test_the_coach_says_when_the_others_are_not_the_bot_it_models() -> None:
    """A reader who picked Easy opponents got advice that models them as the Medium (rule-based) bot, with
    nothing to flag it: under the advice, the table now names who the others are when they are not that bot."""
    from hearts_lessons.widgets.play import PlayTable

    medium = PlayTable(seed=5, pace=0, level="Medium")
    medium.hint()
    assert "hl-unlike" not in medium.coach_box.value
    easy = PlayTable(seed=5, pace=0, level="Easy")
    easy.hint()
    assert ("At this table the others are: beginner. The coach models them as the rule-based bot all the same."
            in easy.coach_box.value)
    hard = PlayTable(seed=5, pace=0, level="Hard")
    hard.hint()
    assert "the others are: coach (10 worlds)." in hard.coach_box.value
