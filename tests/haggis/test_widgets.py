"""Widgets driven from pytest, without a browser: set values, click buttons, read the rendered text."""

from __future__ import annotations

import random

from hearts_lessons.haggis.actions import Bet, Pass, Play
from hearts_lessons.haggis.bots import GreedyBot
from hearts_lessons.haggis.cards import HaggisCard, parse_cards
from hearts_lessons.haggis.exercises import climbing_quiz
from hearts_lessons.haggis.widgets import (
    ComboClassifier,
    PlayHandWidget,
    climbing_quiz_widget,
    scoring_quiz_widget,
)


def test_classifier_shows_its_preset_state() -> None:
    widget = ComboClassifier(selected="5R 6R J0", against="4B 5B 6B")
    assert [c.code for c in widget.selected] == ["5R", "6R", "J0"]
    assert "sequence 5-6-7 in red (J0 as 7 of red); value 7" in widget.report.value
    assert "✔ may follow the sequence 4-5-6 in blue" in widget.report.value
    assert len(widget.toggles) == 45 + 3


def test_classifier_reacts_to_toggles_and_text() -> None:
    widget = ComboClassifier(players=2)
    assert len(widget.toggles) == 36 + 3
    assert "Pick some cards" in widget.report.value
    widget.toggles[HaggisCard.from_str("7R")].value = True
    widget.toggles[HaggisCard.from_str("8R")].value = True
    assert "a sequence needs at least 3 ranks" in widget.report.value
    widget.toggles[HaggisCard.from_str("J0")].value = True
    assert "sequence 7-8-9 in red" in widget.report.value
    widget.against.value = "9B 10B 11B"
    assert "is not a Haggis card" in widget.report.value
    widget.against.value = "8B 9B 10B"
    assert "✘ may not follow the sequence 8-9-10 in blue" in widget.report.value
    widget.clear.click()
    assert widget.selected == [] and "Pick some cards" in widget.report.value
    widget.select("3R 5O 7G 9B")
    assert "3-5-7-9 in four suits bomb" in widget.report.value


def test_quiz_checks_answers_computed_by_the_engine() -> None:
    quiz = climbing_quiz_widget()
    assert len(quiz.questions) == 6
    assert [q.answer for q in quiz.questions] == [q.answer for q in climbing_quiz()]
    first = quiz.questions[0]
    first.check.click()
    assert "Choose an answer first." in first.feedback.text
    first.choices.value = first.answer
    first.check.click()
    assert first.correct and "Right." in first.feedback.text
    third = quiz.questions[2]
    third.choices.value = next(o for o in third.choices.options if o != third.answer)
    third.check.click()
    assert third.correct is False and quiz.score == 1
    assert "1 of 6 answered correctly" in quiz.tally.value


def new_widget(seed: int) -> PlayHandWidget:
    widget = PlayHandWidget(seed=seed)
    assert widget.hand.to_act == widget.you
    return widget


def test_play_widget_first_state_is_meaningful() -> None:
    widget = new_widget(2)
    message = widget.message.text
    assert "Your lead" in message or "To beat" in message
    assert [c for c in widget.toggles] == widget.hand.held[0]
    assert "face-down card" in widget.table.value and "You: 17 cards" in widget.table.value


def test_illegal_plays_show_the_reason_not_a_traceback() -> None:
    widget = new_widget(2)
    before = list(widget.hand.actions)
    widget.play_button.click()
    assert "choose at least one card" in widget.message.text
    numbers = [c for c in widget.toggles if not c.is_wild]
    low, high = (
        numbers[0],
        next(c for c in numbers if c.rank >= numbers[0].rank + 2 and c.suit != numbers[0].suit),
    )
    widget.select(f"{low.code} {high.code}")
    widget.play_button.click()
    assert "Traceback" not in widget.message.text and widget.message.text
    assert widget.hand.actions == before


def test_a_whole_hand_through_the_buttons() -> None:
    widget = new_widget(4)
    helper = GreedyBot(big_bet_plays=-1, little_bet_plays=-1)
    rng = random.Random(4)
    clicks = 0
    while not widget.hand.is_over and clicks < 60:
        action = helper.choose_action(widget.hand.view(widget.you), rng)
        if isinstance(action, Pass):
            widget.pass_button.click()
        else:
            assert isinstance(action, Play)
            widget.select(" ".join(c.code for c in action.combo.cards))
            widget.play_button.click()
            if widget.reading.layout.display != "none":
                widget.reading.value = action.combo.name
                widget.play_button.click()
        clicks += 1
    assert widget.hand.is_over
    assert "The hand is over" in widget.message.text
    assert "Scoring" in widget.table.value and "Hand total for you" in widget.table.value
    assert widget.play_button.disabled and widget.pass_button.disabled
    widget.new_button.click()
    assert widget.seed == 5 and not widget.hand.is_over and widget.hand.to_act == widget.you


def test_bets_and_undo() -> None:
    widget = new_widget(6)  # the bot leads this deal, after betting little
    assert widget.hand.bets == [0, 15] and not widget.little_button.disabled
    widget.big_button.click()
    assert (
        widget.hand.actions[-1] == Bet(0, 30) and widget.big_button.disabled and widget.little_button.disabled
    )
    assert "You bet big (30)." in widget.message.text
    widget.undo_button.click()
    assert widget.hand.bets == [0, 15] and "Taken back." in widget.message.text
    assert widget.undo_button.disabled
    widget.undo()
    assert "nothing of yours to take back" in widget.message.text


def test_cards_read_several_ways_ask_which_reading() -> None:
    widget = new_widget(5)  # you lead this deal
    assert widget.hand.top is None
    low = next(c for c in widget.toggles if not c.is_wild)
    widget.select(f"{low.code} J0 Q0")
    widget.play_button.click()
    assert widget.reading.layout.display == "" and "several ways" in widget.message.text
    assert widget.hand.actions == []
    widget.reading.value = next(o for o in widget.reading.options if o.startswith("triple"))
    widget.play_button.click()
    first = widget.hand.actions[0]
    assert isinstance(first, Play) and first.combo.name == f"triple of {low.rank}s"
    assert widget.reading.layout.display == "none"
    widget.undo_button.click()
    assert widget.hand.actions == []


def test_the_bot_leads_when_it_is_its_turn() -> None:
    leads = {PlayHandWidget(seed=s).hand.leader for s in range(6)}
    assert leads == {0, 1}
    widget = next(PlayHandWidget(seed=s) for s in range(6) if PlayHandWidget(seed=s).hand.leader == 1)
    assert widget.hand.actions and widget.message.text.startswith("The bot ")
    assert parse_cards("J0")[0] in widget.toggles


def test_scoring_quiz_widget() -> None:
    quiz = scoring_quiz_widget()
    assert len(quiz.questions) == 3
    bets = quiz.questions[0]
    bets.entry.value = 0
    bets.check.click()
    assert bets.correct is False
    bets.entry.value = 15
    bets.check.click()
    assert bets.correct and quiz.score == 1


def test_cards_in_no_open_play_are_greyed_but_clickable() -> None:
    widget = new_widget(1)  # the bot has led a single 2
    muted = [card for card, toggle in widget.toggles.items() if "in no play open now" in toggle.tooltip]
    assert muted and all(card.rank == 2 for card in muted)  # only a 2 cannot beat a single 2
    widget.select(muted[0].code)
    widget.play_button.click()
    assert "you must play a single higher than 2, or a bomb" in widget.message.text
