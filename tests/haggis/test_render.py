"""Pictures: cards, combinations, the bomb ladder, the table."""

from __future__ import annotations

import random

from hearts_lessons.haggis.bots import GreedyBot
from hearts_lessons.haggis.cards import HaggisCard, parse_cards
from hearts_lessons.haggis.combos import classify
from hearts_lessons.haggis.render import (
    bomb_ladder_html,
    cards_row_html,
    classification_html,
    combo_html,
    haggis_card_html,
)
from hearts_lessons.haggis.simulate import play_hand
from hearts_lessons.haggis.state import HaggisHand


def test_cards_have_titles_points_and_distinct_wilds() -> None:
    five = haggis_card_html(HaggisCard.from_str("5G"))
    assert "<title>5 of green, 1 point</title>" in five and "▲" in five
    jack = haggis_card_html(HaggisCard.from_str("J2"))
    assert "<title>wild jack of seat 2, 2 points</title>" in jack and 'id="haggis-J2"' in jack and "♞" in jack
    assert "face-down card" in haggis_card_html(None)
    assert "(not now)" in haggis_card_html(HaggisCard.from_str("4B"), note="not now")


def test_rows_combos_and_ladder() -> None:
    row = cards_row_html(parse_cards("2R 3R"), caption="two cards")
    assert row.count('role="listitem"') == 2 and 'aria-label="two cards"' in row
    assert "(none)" in cards_row_html([])
    assert "value 7" in combo_html(classify(parse_cards("5R 6R 7R"))[0])
    ladder = bomb_ladder_html()
    assert ladder.index("3-5-7-9 in four suits") < ladder.index("J-Q-K") < ladder.index("3-5-7-9 in one suit")


def test_classification_report() -> None:
    assert "Pick some cards" in classification_html([])
    two_ways = classification_html(parse_cards("5R 5G J0 Q0"))
    assert "can be played 2 ways" in two_ways and "set of four 5s" in two_ways
    verdict = classification_html(parse_cards("6R 6G"), against=parse_cards("7B 7O"))
    assert "✘ may not follow the pair of 7s: you must play a pair higher than 7-7, or a bomb" in verdict
    assert "form nothing" in classification_html(parse_cards("5R"), against=parse_cards("2R 9G"))


def test_table_hides_other_hands_until_the_end() -> None:
    hand = HaggisHand.deal(seed=21)
    private = hand.table_html(viewer=0, names=["You", "Bot"])
    assert private.count("<title>face-down card</title>") == 14 + 8  # the bot's number cards and the Haggis
    assert "wild king of seat 1" in private  # wilds lie face up
    play_hand(hand, [GreedyBot(), GreedyBot()], random.Random(21))
    final = hand.table_html(viewer=0, names=["You", "Bot"])
    assert "face-down card" not in final and "Scoring" in final and "went out first" in final
