"""One hand as a state machine: turns, passing, trick capture (bombs included), bets, going out, undo."""

from __future__ import annotations

import pytest

from hearts_lessons.errors import IllegalActionError
from hearts_lessons.haggis.actions import (
    Bet,
    IllegalHaggisBetError,
    IllegalHaggisPassError,
    IllegalHaggisPlayError,
    Pass,
    Play,
)
from hearts_lessons.haggis.cards import cards_text, number_deck, parse_cards
from hearts_lessons.haggis.combos import classify
from hearts_lessons.haggis.rules import THREE_PLAYERS, TWO_PLAYERS
from hearts_lessons.haggis.state import HaggisHand, next_holder

# Seat 0 holds two runs; seat 1 is built so that the test script decides every trick.
TWO = ["2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O", "7O 8O 9O 10O 2G 3G 4G 5G 6G 7G 8G 9G 10G 2B"]
THREE = [
    "2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O",
    "2G 3G 4G 5G 6G 7G 8G 9G 10G 7O 8O 9O 10O 2B",
    "3B 4B 5B 6B 7B 8B 9B 10B 2V 3V 4V 5V 6V 7V",
]


def two() -> HaggisHand:
    return HaggisHand.from_cards(TWO_PLAYERS, hands=TWO, leader=0)


def three() -> HaggisHand:
    return HaggisHand.from_cards(THREE_PLAYERS, hands=THREE, leader=0)


def test_seeded_deal_is_reproducible_and_complete() -> None:
    for rules, haggis in ((TWO_PLAYERS, 8), (THREE_PLAYERS, 3)):
        first = HaggisHand.deal(rules, seed=42)
        again = HaggisHand.deal(rules, seed=42)
        assert first.dealt == again.dealt and first.dealer == again.dealer
        assert len(first.haggis) == haggis
        assert all(len(h) == 17 for h in first.held)  # 14 number cards and the three wilds (RULES 4.1)
        cards = [c for h in first.dealt for c in h] + list(first.haggis)
        assert sorted(cards) == sorted(number_deck(rules.players))
        assert first.leader == (first.dealer + 1) % rules.players
    assert HaggisHand.deal(seed=1).dealt != HaggisHand.deal(seed=2).dealt


def test_impossible_deals_are_refused() -> None:
    with pytest.raises(ValueError, match="14 number cards"):
        HaggisHand.from_cards(TWO_PLAYERS, hands=[TWO[0], "2B 3B"])
    with pytest.raises(ValueError, match="2 hands"):
        HaggisHand.from_cards(TWO_PLAYERS, hands=[TWO[0]])
    with pytest.raises(ValueError, match="each of the 36 number cards once"):
        HaggisHand.from_cards(TWO_PLAYERS, hands=[TWO[0], TWO[0]])


def test_three_verbs_agree() -> None:
    hand = two()
    assert hand.can_play("2R 3R 4R") and hand.why_not_play("2R 3R 4R") is None
    assert not hand.can_play("2R 4R")
    with pytest.raises(IllegalHaggisPlayError, match="a sequence needs at least 3 ranks"):
        hand.verify_play("2R 3R")
    with pytest.raises(IllegalHaggisPlayError, match="does not hold 2G"):
        hand.verify_play("2G")
    assert hand.actions == []  # verifying changes nothing
    hand.play("2R 3R 4R")
    assert hand.held[0] == sorted(hand.held[0]) and len(hand.held[0]) == 14


def test_turn_order_and_following() -> None:
    hand = two()
    hand.play("2R 3R 4R")
    assert hand.to_act == 1
    with pytest.raises(IllegalHaggisPlayError, match="it is seat 1's turn, not seat 0's"):
        hand.verify_play("5R 6R 7R", seat=0)
    reason = hand.why_not_play("2G 3G 4G")
    assert reason == "you must play a sequence of 3 higher than 2-3-4, or a bomb"
    assert hand.why_not_play("2G 3G 4G 5G") == "you must play a sequence of 3 higher than 2-3-4, or a bomb"
    hand.play("3G 4G 5G")
    hand.pass_turn()
    trick = hand.tricks[-1]
    assert (trick.winner, trick.taker, hand.to_act) == (1, 1, 1)
    assert cards_text(hand.captured[1]) == "2R 3R 3G 4R 4G 5G"


def test_the_leader_cannot_pass_and_a_pass_does_not_stop_later_play() -> None:
    hand = three()
    with pytest.raises(IllegalHaggisPassError, match="the leader cannot pass"):
        hand.pass_turn()
    hand.play("2R")
    hand.pass_turn()  # seat 1
    hand.play("3B")  # seat 2
    hand.play("4R")  # seat 0
    hand.play("5G")  # seat 1 passed before and may play again (RULES 4.6)
    assert [p.seat for p in hand.trick] == [0, 2, 0, 1]
    hand.pass_turn()
    hand.pass_turn()
    assert hand.tricks[-1].winner == 1 and hand.to_act == 1


def test_ambiguous_cards_need_a_kind_when_leading() -> None:
    hand = HaggisHand.from_cards(TWO_PLAYERS, hands=TWO, leader=0)
    with pytest.raises(IllegalHaggisPlayError, match="say which"):
        hand.play("2R J0 Q0")
    with pytest.raises(IllegalHaggisPlayError, match="cannot be played as a sequence of sets"):
        hand.play("2R J0 Q0", kind="sequence of sets")
    assert hand.play("2R J0 Q0", kind="set").combo.name == "triple of 2s"


def test_a_follower_gets_the_reading_that_beats() -> None:
    hand = two()
    hand.play("2O 3O 4O")
    # 2G J1 Q1 is a triple of 2s or the sequence 2-3-4 in green; only the latter can follow a sequence
    assert hand.play("5G J1 Q1").combo.name == "sequence 5-6-7 in green"


def test_a_trick_won_by_a_bomb_goes_to_the_player_before_the_bomb() -> None:
    hand = two()
    hand.play("9R 10R J0")
    hand.play("J1 Q1")
    hand.pass_turn()
    trick = hand.tricks[-1]
    assert (trick.winner, trick.taker, trick.won_by_bomb) == (1, 0, True)
    assert hand.to_act == 1  # the bomber wins the lead, not the cards
    assert trick.points == 1 + 2 + 2 + 3  # 9R, J0 (as 8), J1, Q1


def test_a_bomb_over_a_bomb_gives_the_trick_to_the_first_bomber() -> None:
    hand = two()
    hand.play("2R")
    hand.play("J1 Q1")
    hand.play("J0 Q0 K0")
    hand.pass_turn()
    assert (hand.tricks[-1].winner, hand.tricks[-1].taker) == (0, 1)


def test_a_led_bomb_nobody_answers_goes_to_the_player_before_the_bomber() -> None:
    hand = two()
    hand.play("J0 Q0")
    hand.pass_turn()
    assert hand.tricks[-1].taker == 1
    hand3 = three()
    hand3.play("J0 Q0")
    hand3.pass_turn()
    hand3.pass_turn()
    assert hand3.tricks[-1].taker == 2  # the seat before seat 0 in turn order


def test_next_holder_skips_players_without_cards() -> None:
    assert next_holder([0, 4, 0], 1) == 1
    assert next_holder([2, 0, 3], 0) == 2
    assert next_holder([0, 0, 0], 0) is None


def test_bets_only_while_holding_every_card_once_per_hand() -> None:
    hand = two()
    with pytest.raises(IllegalHaggisBetError, match="little \\(15\\) or big \\(30\\), not 20"):
        hand.bet(20)
    with pytest.raises(IllegalHaggisBetError, match="seat 0's turn"):
        hand.bet(15, seat=1)
    hand.bet(30)
    assert hand.to_act == 0  # betting does not end the turn
    with pytest.raises(IllegalHaggisBetError, match="already bet 30"):
        hand.bet(15)
    hand.play("2R 3R 4R")
    assert hand.can_bet(15)  # seat 1 still holds everything
    hand.play("3G 4G 5G")
    hand.pass_turn()
    assert hand.to_act == 1
    with pytest.raises(IllegalHaggisBetError, match="only while you still hold all your cards"):
        hand.bet(15)


def test_three_verbs_for_pass_and_bet() -> None:
    hand = two()
    assert not hand.can_pass()
    hand.play("2R")
    assert hand.can_pass() and hand.can_bet(15) and not hand.can_bet(31)
    hand.verify_pass()
    hand.verify_bet(30)


def test_after_the_hand_every_action_is_refused() -> None:
    hand = two()
    hand.play("2R 3R 4R 5R 6R 7R 8R 9R 10R")
    hand.pass_turn()
    hand.play("2O 3O 4O 5O 6O")
    hand.pass_turn()
    hand.play("J0 Q0 K0")  # seat 0 goes out: with two players the hand ends at once
    assert hand.is_over and hand.to_act is None
    for action in (Play(1, classify(parse_cards("2G"))[0]), Pass(1), Bet(1, 15)):
        with pytest.raises(IllegalActionError, match="the hand is over"):
            hand.verify(action)
    assert hand.legal_actions() == []


def test_undo_replays_the_rest() -> None:
    hand = two()
    hand.play("2R 3R 4R")
    before = (hand.to_act, [list(h) for h in hand.held], list(hand.actions))
    hand.play("3G 4G 5G")
    hand.pass_turn()
    assert len(hand.undo(2)) == 2
    assert (hand.to_act, [list(h) for h in hand.held], list(hand.actions)) == before
    with pytest.raises(ValueError):
        hand.undo(5)
    hand.play("3G 4G 5G")
    undone = hand.undo_last_of(0)
    assert [a.seat for a in undone] == [0, 1] and hand.actions == []
    assert hand.undo_last_of(1) == []


def test_copy_is_independent() -> None:
    hand = two()
    hand.play("2R")
    twin = hand.copy()
    twin.play("3G")
    assert len(hand.actions) == 1 and len(twin.actions) == 2


def test_repr_and_html() -> None:
    hand = two()
    assert repr(hand).startswith("<HaggisHand 2 players, seat 0 to act; 0: 2R 2O")
    page = hand._repr_html_()
    assert "wild king of seat 1" in page and "Seat 0 to lead" in page and "the Haggis (8 cards)" in page
    private = hand.table_html(viewer=1, names=["Ann", "Bob"])
    assert "face-down card" in private and "10 of red" not in private and "Ann: 17 cards" in private
