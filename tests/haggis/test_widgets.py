"""Widgets driven from pytest, without a browser: set values, click buttons and the card table's cards (through
CardTable's ``click``/``press``/``escape``, the same path as the front end's messages), read what is shown."""

from __future__ import annotations

import random

from hearts_lessons.haggis.actions import Bet, Pass, Play
from hearts_lessons.haggis.bots import GreedyBot
from hearts_lessons.haggis.cards import parse_cards
from hearts_lessons.haggis.exercises import climbing_quiz
from hearts_lessons.haggis.tableview import classification_report, selection_report
from hearts_lessons.haggis.widgets import (
    ComboClassifier,
    PlayHandWidget,
    climbing_quiz_widget,
    scoring_quiz_widget,
)


def test_classifier_shows_its_preset_state() -> None:
    widget = ComboClassifier(selected="5R 6R J0", against="4B 5B 6B")
    assert [c.code for c in widget.selected] == ["5R", "6R", "J0"]
    text = widget.table.text
    assert text.startswith("Sequence 5-6-7 in red (J0 as 7 of red); value 7; what beats it: a higher sequence of 3")
    assert text.endswith("; ✔ may follow the sequence 4-5-6 in blue.") and widget.table.kind == "ok"
    assert text == classification_report(widget.selected, against=parse_cards("4B 5B 6B")).text
    # the deck is the table's hand, suit by suit, seat 0's wilds last; the selection lifted
    view = widget.table.view
    assert view["kind"] == "hand" and view["hand"]["mode"] == "choose" and len(widget.table.cards()) == 45 + 3
    assert [c["code"] for c in widget.table.cards()] == [c.code for c in widget.cards]
    assert [c["code"] for c in widget.table.cards()][-3:] == ["J0", "Q0", "K0"]
    suits = [c.suit for c in widget.cards if not c.is_wild]
    assert len(set(suits)) == 5 and suits == sorted(suits)
    assert [c["code"] for c in widget.table.cards() if c["selected"]] == ["5R", "6R", "J0"]
    assert all(c["playable"] for c in widget.table.cards())  # every card can be clicked, none dimmed
    assert view["hole"]["label"] == "To beat: sequence 4-5-6 in blue"
    assert [c["code"] for c in view["hole"]["cards"]] == ["4B", "5B", "6B"]
    assert widget.table.action("clear")["enabled"]  # type: ignore[index]


def test_classifier_reacts_to_clicks_escape_and_text() -> None:
    widget = ComboClassifier(players=2)
    assert len(widget.table.cards()) == 36 + 3 and not widget.selected
    assert widget.table.text == "Pick some cards to see what they form." and widget.table.view["hole"] is None
    assert not widget.table.action("clear")["enabled"]  # type: ignore[index]
    widget.table.click("7R")
    widget.table.click("8R")
    assert widget.table.card("7R")["selected"] and widget.table.card("8R")["selected"]
    assert widget.table.text == "7● 8● form nothing: a sequence needs at least 3 ranks." and widget.table.kind == "info"
    widget.table.click("J0")  # Enter on a focused card sends the same message as a click
    assert widget.table.text.startswith("Sequence 7-8-9 in red (J0 as 9 of red); value 9;")
    widget.table.click("8R")  # a second click puts it back
    assert widget.selected == parse_cards("7R J0") and not widget.table.card("8R")["selected"]
    widget.table.click("8R")
    widget.against.value = "9B 10B 11B"
    assert widget.table.text.startswith("Under “to beat”: '11B' is not a Haggis card") and widget.table.kind == "error"
    widget.against.value = "8B 9B 10B"
    assert widget.table.text.endswith(
        "; ✘ may not follow the sequence 8-9-10 in blue: you must play a sequence of 3 higher than 8-9-10, or a bomb."
    ), widget.table.text
    assert widget.table.kind == "info" and widget.table.view["hole"]["label"] == "To beat: sequence 8-9-10 in blue"
    widget.table.escape()
    assert widget.selected == [] and widget.table.text == "Pick some cards to see what they form."
    assert not any(c["selected"] for c in widget.table.cards())
    widget.select("3R 5O 7G 9B")
    assert widget.table.text.startswith("3-5-7-9 in four suits bomb; step 1 of 6 on the bomb ladder;")
    assert "✔ may follow the sequence 8-9-10 in blue" in widget.table.text and widget.table.kind == "ok"
    widget.table.press("clear")
    assert widget.selected == []
    widget.select("3R 5O 7G 9B")
    widget.clear()
    assert widget.selected == [] and widget.table.view["hand"]["label"] == "The deck: 39 cards"


def test_classifier_says_which_readings_may_follow() -> None:
    widget = ComboClassifier(selected="5B J0 Q0", against="4R 4G 4O")
    report = classification_report(parse_cards("5B J0 Q0"), against=parse_cards("4R 4G 4O"))
    assert [r.name for r in report.readings] == ["triple of 5s", "sequence 5-6-7 in blue"] and report.legal == 1
    first, second = widget.table.text.removeprefix("5■ J Q can be played 2 ways: (1) ").split(" (2) ")
    assert first.startswith("triple of 5s (J0 as 5, Q0 as 5); value 5;") and first.endswith(
        "✔ may follow the triple of 4s."
    )
    assert second.startswith("sequence 5-6-7 in blue") and second.endswith(
        "✘ may not follow the triple of 4s: you must play a triple higher than 4-4-4, or a bomb."
    )
    widget.against.value = "5R 9G"  # the cards to beat form nothing: said first, no verdicts
    assert widget.table.text.startswith("The cards to beat, 5● 9▲, form nothing: a pair needs two cards")
    assert "may follow" not in widget.table.text and widget.table.kind == "info"
    assert widget.table.view["hole"]["label"] == "To beat: these cards form nothing"


def test_classifier_refuses_cards_outside_its_deck_in_words() -> None:
    widget = ComboClassifier(players=2, selected="2R")
    widget.select("5V")  # violet is not in the two-player deck
    assert widget.table.text == "the classifier's deck has no 5V: it holds four suits and the wilds J0, Q0, K0"
    assert widget.table.kind == "error" and widget.selected == parse_cards("2R")
    widget.table.click("Q1")
    assert "no Q1" in widget.table.text and widget.selected == parse_cards("2R")
    widget.table.click("11B")
    assert widget.table.text == "'11B' is not a Haggis card (write 5R, 10G, J0, Q1 or K2)"
    assert "Traceback" not in widget.table.text


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


def new_widget(seed: int, players: int = 2) -> PlayHandWidget:
    widget = PlayHandWidget(seed=seed, players=players)
    assert widget.hand.to_act == widget.you
    return widget


def action(widget: PlayHandWidget, ident: str) -> dict:
    found = widget.cards.action(ident)
    assert found is not None, ident
    return found


def click_cards(widget: PlayHandWidget, cards) -> None:
    for card in cards:
        widget.cards.click(card.code)


def test_play_widget_first_state_is_meaningful() -> None:
    widget = new_widget(2)
    message = widget.message.text
    assert "Your lead" in message or "To beat" in message
    view = widget.cards.view
    assert [c["code"] for c in widget.cards.cards()] == [c.code for c in widget.hand.held[0]]
    assert [s["name"] for s in view["seats"]] == ["You", "The bot"]
    bot = widget.hand.held[1]
    assert view["seats"][1]["backs"] == sum(1 for c in bot if not c.is_wild) and view["seats"][1]["count"] == len(bot)
    assert view["hand"]["mode"] == "choose" and view["hole"]["label"].startswith("The Haggis: 8 cards")
    assert widget.story.value == ""


def test_clicking_selects_and_the_table_says_what_the_cards_form() -> None:
    widget = new_widget(5)  # you lead this deal
    widget.cards.click("J0")
    assert widget.selected == parse_cards("J0") and widget.cards.card("J0")["selected"]
    assert widget.message.text == "Single J (a wild played alone ranks 11): press Play."
    widget.cards.click("Q0")
    assert widget.message.text == "J-Q bomb: press Play." and widget.message.kind == "ok"
    assert action(widget, "play")["label"] == "Play J-Q bomb" and action(widget, "play")["enabled"]
    widget.cards.click("J0")  # a second click puts it back
    assert widget.selected == parse_cards("Q0") and not widget.cards.card("J0")["selected"]
    widget.cards.escape()
    assert widget.selected == [] and "Your lead" in widget.message.text
    assert not action(widget, "play")["enabled"]
    widget.keyboard.value = "Q0 K0"
    assert widget.selected == parse_cards("Q0 K0") and "Q-K bomb" in widget.message.text
    widget.keyboard.value = "Q2"
    assert widget.message.text == "you do not hold Q2" and widget.message.kind == "error"
    widget.cards.press("clear")
    assert widget.selected == []


def test_illegal_plays_show_the_reason_not_a_traceback() -> None:
    widget = new_widget(2)
    before = list(widget.hand.actions)
    widget.cards.press("play")
    assert "choose at least one card" in widget.message.text and widget.message.kind == "error"
    numbers = [c for c in widget.hand.held[0] if not c.is_wild]
    low = numbers[0]
    high = next(c for c in numbers if c.rank >= low.rank + 2 and c.suit != low.suit)
    click_cards(widget, [low, high])
    reason = selection_report(widget.hand, 0, [low, high]).reason
    assert reason and reason in widget.message.text  # said as soon as the cards are selected
    widget.cards.press("play")
    assert widget.message.text == reason and widget.message.kind == "error"
    assert "Traceback" not in widget.message.text
    assert widget.hand.actions == before and widget.selected == sorted([low, high])


def test_a_whole_hand_by_clicking_at_the_table() -> None:
    widget = new_widget(4)
    helper = GreedyBot(big_bet_plays=-1, little_bet_plays=-1)
    rng = random.Random(4)
    clicks = 0
    while not widget.hand.is_over and clicks < 60:
        move = helper.choose_action(widget.hand.view(widget.you), rng)
        if isinstance(move, Pass):
            assert action(widget, "pass")["enabled"]
            widget.cards.press("pass")
        else:
            assert isinstance(move, Play)
            click_cards(widget, move.combo.cards)
            assert widget.message.kind == "ok", widget.message.text
            readings = selection_report(widget.hand, 0, move.combo.cards).readings
            if widget.cards.action("play:0") is not None:
                widget.cards.press(f"play:{readings.index(move.combo)}")
            else:
                widget.cards.press("play")
            assert [a for a in widget.hand.actions if a.seat == 0][-1] == move
        clicks += 1
    assert widget.hand.is_over
    assert "The hand is over" in widget.message.text
    assert "Scoring" in widget.story.value and "Hand total for you" in widget.story.value
    assert widget.cards.view["hand"] is None or widget.cards.view["hand"]["mode"] == "view"
    assert not action(widget, "play")["enabled"] and not action(widget, "pass")["enabled"]
    assert widget.cards.view["status"].startswith("hand over · scores:")
    widget.cards.click("J0")
    assert "the hand is over" in widget.message.text and widget.message.kind == "error"
    widget.cards.press("new")
    assert widget.seed == 5 and not widget.hand.is_over and widget.hand.to_act == widget.you
    assert widget.story.value == ""


def test_a_three_player_hand_against_two_bots() -> None:
    widget = new_widget(3, players=3)
    view = widget.cards.view
    assert [s["name"] for s in view["seats"]] == ["You", "Bot 1", "Bot 2"] and len(widget.hand.haggis) == 3
    helper = GreedyBot(big_bet_plays=-1, little_bet_plays=-1)
    rng = random.Random(3)
    for _ in range(80):
        if widget.hand.is_over or widget.hand.to_act != 0:
            break
        move = helper.choose_action(widget.hand.view(0), rng)
        if isinstance(move, Pass):
            widget.cards.press("pass")
        else:
            click_cards(widget, move.combo.cards)
            readings = selection_report(widget.hand, 0, move.combo.cards).readings
            widget.cards.press("play" if widget.cards.action("play") else f"play:{readings.index(move.combo)}")
    assert widget.hand.is_over and "Scoring" in widget.story.value


def test_bets_and_undo() -> None:
    widget = new_widget(6)  # the bot leads this deal, after betting little
    assert widget.hand.bets == [0, 15] and action(widget, "bet:15")["enabled"]
    assert any(c["text"] == "bets: The bot 15" for c in widget.cards.view["chips"])
    assert "bet little (15)" in [f["text"] for f in widget.cards.view["seats"][1]["facts"]]
    widget.cards.press("bet:30")
    assert widget.hand.actions[-1] == Bet(0, 30)
    assert widget.cards.action("bet:15") is None and widget.cards.action("bet:30") is None
    assert "You bet big (30)." in widget.message.text
    widget.cards.press("undo")
    assert widget.hand.bets == [0, 15] and "Taken back." in widget.message.text
    assert not action(widget, "undo")["enabled"]
    widget.cards.press("undo")
    assert "nothing of yours to take back" in widget.message.text and widget.message.kind == "error"


def test_cards_read_several_ways_offer_one_button_per_reading() -> None:
    widget = new_widget(5)  # you lead this deal
    assert widget.hand.top is None
    low = next(c for c in widget.hand.held[0] if not c.is_wild)
    widget.select(f"{low.code} J0 Q0")
    labels = [a["label"] for a in widget.cards.view["actions"] if a["id"].startswith("play:")]
    assert len(labels) == 2 and f"Play as triple of {low.rank}s" in labels
    assert "can be played as" in widget.message.text
    widget.cards.press("play")  # which one? the table asks
    assert widget.hand.actions == [] and "can be played as" in widget.message.text
    widget.cards.press(f"play:{labels.index(f'Play as triple of {low.rank}s')}")
    first = widget.hand.actions[0]
    assert isinstance(first, Play) and first.combo.name == f"triple of {low.rank}s"
    assert widget.selected == []
    widget.cards.press("undo")
    assert widget.hand.actions == []


def test_the_bot_leads_when_it_is_its_turn() -> None:
    leads = {PlayHandWidget(seed=s).hand.leader for s in range(6)}
    assert leads == {0, 1}
    widget = next(PlayHandWidget(seed=s) for s in range(6) if PlayHandWidget(seed=s).hand.leader == 1)
    assert widget.hand.actions and widget.message.text.startswith("The bot ")
    combo = widget.cards.view["combo"]
    assert combo["seat"] == 1 and combo["caption"] == f"The bot: {widget.hand.top.combo.name}"
    assert "J0" in [c["code"] for c in widget.cards.cards()]


def test_scoring_quiz_widget() -> None:
    quiz = scoring_quiz_widget()
    assert len(quiz.questions) == 3
    bets = quiz.questions[0]
    bets.entry.value = "0"
    bets.check.click()
    assert bets.correct is False
    bets.entry.value = "15"
    bets.check.click()
    assert bets.correct and quiz.score == 1


def test_cards_in_no_open_play_are_dimmed_but_clickable() -> None:
    widget = new_widget(1)  # the bot has led a single 2
    dimmed = [c for c in widget.cards.cards() if not c["playable"]]
    assert dimmed and all(c["code"].startswith("2") for c in dimmed)  # only a 2 cannot beat a single 2
    assert all("you need a higher single" in c["reason"] for c in dimmed)
    widget.cards.click(dimmed[0]["code"])
    assert "you must play a single higher than 2, or a bomb" in widget.message.text
    widget.cards.press("play")
    assert widget.message.text == "you must play a single higher than 2, or a bomb"
