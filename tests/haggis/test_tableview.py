"""The Haggis table's view model agrees with the engine: seats, counts, the combination to beat, the cards that
may be played, the reasons, the actions; for two and three players."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_lessons.haggis.bots import GreedyBot
from hearts_lessons.haggis.cards import number_deck, parse_cards, wilds_of
from hearts_lessons.haggis.combos import classify, what_beats, why_cannot_follow, why_not
from hearts_lessons.haggis.plays import candidate_plays
from hearts_lessons.haggis.rules import THREE_PLAYERS, TWO_PLAYERS, HaggisRules
from hearts_lessons.haggis.state import HaggisHand
from hearts_lessons.haggis.tableview import (
    classification_report,
    classifier_view,
    haggis_actions,
    haggis_view,
    selection_report,
)
from hearts_lessons.tableview import positions

DEAL = ["2R 3R 4R 5G 5B 6B 7O 8O 9G 10G 10B 2O 3O 4O", "6R 7R 8R 9R 2G 3G 4G 5O 6O 6G 7G 8G 9B 9O"]


def ids(view: dict) -> list[str]:
    return [a["id"] for a in view["actions"]]


@pytest.mark.parametrize("rules", [TWO_PLAYERS, THREE_PLAYERS])
def test_seats_counts_and_hidden_cards_agree_with_the_engine(rules: HaggisRules) -> None:
    hand = HaggisHand.deal(rules, seed=11)
    view = haggis_view(hand, seat=0)
    n = rules.players
    assert view["players"] == n and len(view["seats"]) == n and view["kind"] == "table"
    json.dumps(view)  # the model crosses to the front end as JSON
    for s, seat in enumerate(view["seats"]):
        held = hand.held[s]
        assert seat["count"] == len(held) == 17
        assert seat["backs"] == sum(1 for c in held if not c.is_wild) == 14
        assert (seat["x"], seat["y"], seat["angle"]) == positions(n, 0)[s]
        assert seat["turn"] == (s == hand.to_act) and seat["dealer"] == (s == hand.dealer)
        assert [f["text"] for f in seat["facts"][:2]] == ["0 points", "captured 0 cards"]
        if s == 0:
            assert seat["name"] == "You" and seat["shown"] == []
        else:
            # another seat's wilds lie face up; its number cards never reach the model
            assert [c["code"] for c in seat["shown"]] == [c.code for c in held if c.is_wild]
            assert seat["cards"] is None and f"seat {s}" in seat["label"] and "14 face down" in seat["label"]
    assert [c["code"] for c in view["hand"]["cards"]] == [c.code for c in hand.held[0]]
    assert len(view["hole"]["cards"]) == rules.haggis_size == len(hand.haggis)
    assert all(c["name"] == "face-down card" for c in view["hole"]["cards"])
    assert view["chips"][0]["text"] == f"Haggis: {rules.haggis_size} face down"


def test_the_tens_are_drawn_whole_and_the_wilds_in_gold() -> None:
    hand = HaggisHand.from_cards(hands=DEAL, leader=0)
    ten = next(c for c in haggis_view(hand)["hand"]["cards"] if c["code"] == "10G")
    assert ">10</text>" in ten["svg"] and ten["name"] == "10 of green" and ten["short"] == "10▲"
    jack = next(c for c in haggis_view(hand)["hand"]["cards"] if c["code"] == "J0")
    assert "♞" in jack["svg"] and jack["name"] == "wild jack of seat 0, 2 points"


def test_leading_every_card_is_playable_and_the_middle_says_so() -> None:
    hand = HaggisHand.from_cards(hands=DEAL, leader=0)
    view = haggis_view(hand, seat=0)
    assert view["hand"]["mode"] == "choose"
    assert all(c["playable"] and c["reason"] is None for c in view["hand"]["cards"])
    assert view["combo"]["caption"] == "Your lead: play any combination" and view["combo"]["cards"] == []
    assert "your turn: lead a combination" in view["status"]
    actions = {a["id"]: a for a in view["actions"]}
    assert not actions["play"]["enabled"] and not actions["pass"]["enabled"]  # nothing selected; a leader must play
    assert actions["bet:15"]["enabled"] and actions["bet:30"]["enabled"]


def test_following_dims_the_cards_in_no_play_with_the_engines_reason() -> None:
    hand = HaggisHand.from_cards(hands=DEAL, leader=0)
    hand.play("2R 3R 4R")
    view = haggis_view(hand, seat=1, names=["Ann", "Bob"])
    top = hand.top.combo
    usable = {c for combo in candidate_plays(hand.held[1], top) for c in combo.cards}
    for entry in view["hand"]["cards"]:
        card = parse_cards(entry["code"])[0]
        assert entry["playable"] == (card in usable)
        if card not in usable:
            assert entry["reason"] == f"it is in no combination that beats the {top.name}: you need {what_beats(top)}"
            assert entry["label"].startswith(f"{entry['name']} — not playable: ")
    combo = view["combo"]
    assert combo["caption"] == "Ann: sequence 2-3-4 in red" and combo["seat"] == 0 and not combo["bomb"]
    assert [c["code"] for c in combo["cards"]] == ["2R", "3R", "4R"]
    assert combo["note"] == f"to beat: {what_beats(top)}"
    assert {a["id"]: a["enabled"] for a in view["actions"]}["pass"]
    # the other seat sees the same table, without a hand to choose from
    other = haggis_view(hand, seat=0)
    assert other["hand"]["mode"] == "view" and not any(c["playable"] for c in other["hand"]["cards"])
    assert other["hand"]["cards"][0]["reason"] is None


def test_bombs_are_marked_and_only_higher_bombs_stay_playable() -> None:
    hand = HaggisHand.from_cards(hands=DEAL, leader=0)
    hand.play("5G 5B")
    hand.play("J1 Q1")
    view = haggis_view(hand, seat=0)
    assert view["combo"]["bomb"] and view["combo"]["name"] == "J-Q bomb"
    assert view["combo"]["history"] == ["You: pair of 5s"]
    playable = {c["code"] for c in view["hand"]["cards"] if c["playable"]}
    assert playable == {c.code for combo in candidate_plays(hand.held[0], hand.top.combo) for c in combo.cards}
    assert playable == {"J0", "Q0", "K0"}  # J-K, Q-K, J-Q-K beat J-Q; no 3-5-7-9 in this hand


def test_selection_reports_are_the_engines_words() -> None:
    hand = HaggisHand.from_cards(hands=DEAL, leader=0)
    assert selection_report(hand, 0, []).text == ""
    nothing = selection_report(hand, 0, parse_cards("2R 10G"))
    assert nothing.reason == why_not(parse_cards("2R 10G")) and nothing.legal == 0
    pair = selection_report(hand, 0, parse_cards("5G 5B"))
    assert pair.kind == "ok" and pair.legal == 1 and pair.readings[0].name == "pair of 5s"
    two_ways = selection_report(hand, 0, parse_cards("5G J0 Q0"))
    assert two_ways.legal == 2 and {r.name for r in two_ways.readings} == {"triple of 5s", "sequence 5-6-7 in green"}
    actions = haggis_actions(hand, 0, parse_cards("5G J0 Q0"))
    assert [a["label"] for a in actions if a["id"].startswith("play:")] == [
        f"Play as {r.name}" for r in two_ways.readings
    ]
    hand.play("5G 5B")
    low = selection_report(hand, 1, parse_cards("2G"))
    assert low.reason == hand.why_not_play("2G", seat=1) and low.legal == 0
    assert low.text == f"2 of green: not a play now — {low.reason}"
    assert selection_report(hand, 0, parse_cards("3R")).reason == hand.why_not_play("3R", seat=0)


def test_a_whole_three_player_hand_stays_consistent() -> None:
    hand = HaggisHand.deal(THREE_PLAYERS, seed=5)
    rng = random.Random(5)
    bot = GreedyBot()
    while not hand.is_over:
        for seat in range(3):
            view = haggis_view(hand, seat=seat)
            assert [s["count"] for s in view["seats"]] == hand.counts
            if view["hand"] is not None:
                assert len(view["hand"]["cards"]) == hand.counts[seat]
            assert view["hand"] is None or (view["hand"]["mode"] == "choose") == (hand.to_act == seat)
            if hand.trick:
                assert view["combo"]["seat"] == hand.trick[-1].seat
                assert [c["code"] for c in view["combo"]["cards"]] == [c.code for c in hand.trick[-1].combo.cards]
        hand.apply(bot.choose_action(hand.view(hand.to_act), rng))
    view = haggis_view(hand, seat=0)
    assert view["status"].startswith("hand over · scores:")
    assert all(c["name"] != "face-down card" for c in view["hole"]["cards"])  # the Haggis is shown at the end
    assert [s["facts"][-1]["text"] for s in view["seats"]] == [f"hand score {t}" for t in hand.result.totals]
    assert view["combo"]["caption"].startswith("Hand over:")
    last = view["last_trick"]
    assert last is not None and [p["seat"] for p in last["plays"]] == [p.seat for p in hand.tricks[-1].plays]
    assert all(p["cards"] for p in last["plays"])


# -- the combination classifier --------------------------------------------------------------------------------
DECK = [*number_deck(3), *wilds_of(0)]
CARDS = st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)


@settings(max_examples=150, deadline=None)
@given(chosen=CARDS, against=st.one_of(st.none(), CARDS))
def test_the_classifiers_words_are_the_engines(chosen: list, against: list | None) -> None:
    report = classification_report(chosen, against=against)
    readings = classify(chosen)
    targets = classify(against) if against else []
    assert report.readings == tuple(readings)
    if not readings:
        assert report.reason == why_not(chosen) and f"form nothing: {report.reason}." in report.text
        assert report.legal == 0 and report.kind == "info"
        return
    text = report.text.lower()  # a single reading starts the sentence, capitalised
    for combo in readings:
        assert f"{combo.explain()}; what beats it: {what_beats(combo)}".lower() in text
    if targets:
        reasons = [why_cannot_follow(combo, targets[0]) for combo in readings]
        assert report.legal == sum(r is None for r in reasons)
        assert report.text.count(f"✔ may follow the {targets[0].name}") == report.legal
        assert report.text.count(f"✘ may not follow the {targets[0].name}: ") == len(readings) - report.legal
        assert report.kind == ("ok" if report.legal else "info")
    else:
        assert report.legal == len(readings) and "may follow" not in report.text.partition("form nothing")[2]
    if against and not targets:
        assert report.text.startswith("The cards to beat, ") and report.kind == "info"
    if len(readings) > 1:
        assert f"can be played {len(readings)} ways: (1) " in report.text


@settings(max_examples=60, deadline=None)
@given(chosen=st.lists(st.sampled_from(DECK), max_size=8, unique=True), against=st.one_of(st.none(), CARDS))
def test_the_classifiers_table_shows_the_deck_the_selection_and_the_cards_to_beat(
    chosen: list, against: list | None
) -> None:
    view = classifier_view(DECK, chosen, against=against)
    cards = view["hand"]["cards"]
    assert view["kind"] == "hand" and view["hand"]["mode"] == "choose" and view["seats"] == []
    assert [c["code"] for c in cards] == [c.code for c in DECK]
    assert {c["code"] for c in cards if c["selected"]} == {c.code for c in chosen}
    assert all(c["playable"] and c["reason"] is None for c in cards)
    for entry in cards:
        assert entry["label"].endswith("selected (click to put it back)" if entry["selected"] else "click to select it")
    assert view["hand"]["label"] == "The deck: 48 cards" + (f", {len(chosen)} selected" if chosen else "")
    assert view["actions"] == [{"id": "clear", "label": "Clear", "kind": "default", "enabled": bool(chosen)}]
    if not against:
        assert view["hole"] is None
    else:
        targets = classify(against)
        assert sorted(c["code"] for c in view["hole"]["cards"]) == sorted(c.code for c in against)
        assert view["hole"]["label"] == (f"To beat: {targets[0].name}" if len(targets) == 1 else
                                         f"To beat: {targets[0].name} (the first of {len(targets)} readings)"
                                         if targets else "To beat: these cards form nothing")  # fmt: skip
    json.dumps(view)  # the widget sends it as JSON


def test_the_classifiers_words_for_a_few_known_groups() -> None:
    assert classification_report([]).text == "Pick some cards to see what they form."
    assert classification_report(parse_cards("2R 10G")).text == (
        "2● 10▲ form nothing: a pair needs two cards of the same rank, and a sequence at least 3 ranks."
    )
    bomb = classification_report(parse_cards("Q0 K0"), against=parse_cards("J1 Q1"))
    assert bomb.text == ("Q-K bomb; step 4 of 6 on the bomb ladder; what beats it: only a higher bomb: J-Q-K, "
                         "3-5-7-9 in one suit; ✔ may follow the J-Q bomb.")  # fmt: skip
    assert (bomb.kind, bomb.legal) == ("ok", 1)
