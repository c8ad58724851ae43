"""The shared quiz widget: a reason for each wrong option, a hint after a miss, the answer after two, stars."""

from __future__ import annotations

import pytest

from hearts_lessons.cards import Card, parse_cards
from hearts_lessons.i18n import language
from hearts_lessons.state import HandState
from hearts_lessons.widgets.quiz import CardsQuestion, ChoiceQuestion, NumberQuestion, Quiz


def test_choice_question_keeps_the_old_api() -> None:
    q = ChoiceQuestion("Pick", ["a", "b"], answer="b", explanation="b is right.")
    q.check.click()
    assert q.feedback.text == "Choose an answer first." and q.tries == 0
    q.choices.value = "a"
    q.check.click()
    assert q.correct is False and q.feedback.text == "Not quite — look again and try once more."
    q.choices.value = "b"
    q.check.click()
    assert q.correct and q.feedback.text == "Right. b is right." and q.stars == 2
    with pytest.raises(ValueError, match="one of the options"):
        ChoiceQuestion("Pick", ["a"], answer="c")
    with pytest.raises(ValueError, match="not offered"):
        ChoiceQuestion("Pick", ["a", "b"], answer="a", why={"z": "no"})


def test_each_wrong_option_has_its_reason_and_the_answer_comes_after_two_misses() -> None:
    q = ChoiceQuestion("Who wins?", ["South", "West", "North"], answer="West", explanation="The ♠K is highest.",
                       why={"North": "the ♥A is a discard", "South": "the ♠5 is lower than the ♠K"},
                       hint="Only spades can win")  # fmt: skip
    q.choices.value = "North"
    q.check.click()
    assert q.feedback.text == "Not quite: the ♥A is a discard. Hint: Only spades can win."
    assert "The answer" not in q.feedback.text
    q.choices.value = "South"
    q.check.click()
    assert "the ♠5 is lower" in q.feedback.text and q.feedback.text.endswith("The answer: West. The ♠K is highest.")
    q.choices.value = "West"
    q.check.click()
    assert q.correct and q.stars == 1 and q.tries == 3
    assert "<details" in q.reveal.value and "Show answer" in q.reveal.value and "West" in q.reveal.value


def test_cards_question_names_the_engine_reason_for_a_wrong_card() -> None:
    s = HandState.from_cards("7C 3H 6D; 2C QS KD; 5C 8H 9D; TC JC 4S", hold=True, leader=0, trick_number=1, check=False)
    s.play("7C")
    hand = s.hand(1)
    q = CardsQuestion("Which may West play?", hand, answer=s.legal_plays(),
                      why={c: s.why_not(c) or "" for c in hand if not s.can_play(c)})  # fmt: skip
    q.picker.select(hand)
    q.check.click()
    assert q.correct is False and "does not belong: you must follow ♣" in q.feedback.text
    q.picker.select([])
    q.check.click()
    assert "you left out the" in q.feedback.text and "The answer: " in q.feedback.text
    q.picker.select(s.legal_plays())
    q.check.click()
    assert q.correct and q.answer_text == " ".join(c.symbol for c in hand if c in s.legal_plays())
    string_keys = CardsQuestion("?", parse_cards("2C QS"), answer=parse_cards("2C"), why={"QS": "not now"})
    assert string_keys.why == {Card.from_str("QS"): "not now"}


def test_number_question_and_quiz_tally() -> None:
    n = NumberQuestion("How many points?", answer=14, explanation="13 + 1.", why="the Q♠ is 13", hint="add them")
    n.entry.value = "13"
    n.check.click()
    assert n.feedback.text == "Not quite: the Q♠ is 13. Hint: add them."
    n.entry.value = "14"
    n.check.click()
    assert n.correct and n.stars == 2
    c = ChoiceQuestion("?", ["x", "y"], answer="x")
    quiz = Quiz([n, c])
    assert "1 of 2 answered correctly" in quiz.tally.value and "<b>1. How many" in n.prompt.value
    c.choices.value = "x"
    c.check.click()
    assert quiz.score == 2 and quiz.stars == 5 and "2 of 2" in quiz.tally.value


def test_a_number_box_starts_empty_and_refuses_what_is_not_a_number() -> None:
    """No number looks given: the box is empty (a placeholder says what to type); an empty box or words are refused
    with a clear message, in the book's language, and are not counted as tries."""
    n = NumberQuestion("How many points?", answer=14, why="the Q♠ is 13")
    assert n.entry.value == "" and n.entry.placeholder == "a number" and n.entry.description == "Answer:"
    n.check.click()
    assert n.feedback.text == "Type a number first." and n.tries == 0 and n.correct is None
    n.entry.value = "fourteen"
    n.check.click()
    assert n.feedback.text == "“fourteen” is not a number: type the answer in digits, such as 14."
    assert n.tries == 0 and "Traceback" not in n.feedback.text
    n.entry.value = " 14 "
    n.check.click()
    assert n.correct and n.stars == 3
    with language("ja"):
        j = NumberQuestion("?", answer=14)
        assert j.entry.value == "" and j.entry.placeholder == "数字" and j.entry.description == "答え："
        j.check.click()
        assert j.feedback.text == "先に数字を入力してください。"
        j.entry.value = "abc"
        j.check.click()
        assert j.feedback.text == "「abc」は数字ではありません。14のように数字で入力してください。"
        j.entry.value = "１４"
        j.check.click()
        assert j.correct
