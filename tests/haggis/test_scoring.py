"""Scoring whole hands built from given cards: bets won and lost, the go-out bonus, the Haggis, bomb tricks."""

from __future__ import annotations

import pytest

from hearts_lessons.haggis.cards import cards_text, parse_cards
from hearts_lessons.haggis.rules import THREE_PLAYERS, TWO_PLAYERS, HaggisRules
from hearts_lessons.haggis.scoring import bet_points, capture_points, go_out_bonus
from hearts_lessons.haggis.state import HaggisHand

TWO = ["2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O", "7O 8O 9O 10O 2G 3G 4G 5G 6G 7G 8G 9G 10G 2B"]
THREE = [
    "2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O",
    "2G 3G 4G 5G 6G 7G 8G 9G 10G 7O 8O 9O 10O 2B",
    "3B 4B 5B 6B 7B 8B 9B 10B 2V 3V 4V 5V 6V 7V",
]


def two_player_hand(rules: HaggisRules = TWO_PLAYERS, *, seat1_bets: int = 0) -> HaggisHand:
    """Seat 0 bets big and goes out in three plays; the last trick is won by seat 0's J-Q-K bomb."""
    hand = HaggisHand.from_cards(rules, hands=TWO, leader=0)
    hand.bet(30)
    hand.play("2R 3R 4R 5R 6R 7R 8R 9R 10R")
    if seat1_bets:
        hand.bet(seat1_bets)
    hand.pass_turn()
    hand.play("2O 3O 4O 5O 6O")
    hand.play("J1 Q1")
    hand.play("J0 Q0 K0")
    return hand


def test_two_player_hand_with_a_won_bet_and_a_bomb_on_the_last_trick() -> None:
    hand = two_player_hand()
    result = hand.result
    assert result is not None
    assert result.first_out == 0 and result.last_player == 1
    # the last trick was won by seat 0's bomb, so it goes to seat 1, who played just before it
    last = hand.tricks[-1]
    assert (last.winner, last.taker) == (0, 1)
    assert cards_text(result.captured[1]) == "2O 3O 4O 5O 6O J0 J1 Q0 Q1 K0"
    # seat 0 takes seat 1's 15 remaining cards and the Haggis
    assert len(result.leftover) == 15 and cards_text(result.haggis) == "3B 4B 5B 6B 7B 8B 9B 10B"
    assert result.bet_points == (30, 0)
    assert result.go_out_points == (75, 0)  # 5 x 15 cards (seed 003's "10 per card" was corrected to 5)
    assert result.card_points == (4 + 11 + 4, 2 + 5 + 10)
    assert result.totals == (124, 17)
    assert sum(result.card_points) == 36  # every point of the two-player deck is captured by someone
    assert result.last_trick_winner == 0


def test_a_failed_bet_pays_the_first_player_out() -> None:
    result = two_player_hand(seat1_bets=15).result
    assert result is not None
    assert result.bet_points == (45, 0)
    lost = two_player_hand(HaggisRules(failed_bet_loses=True), seat1_bets=15).result
    assert lost is not None and lost.bet_points == (45, -15)
    assert lost.totals == (124 + 15, 17 - 15)


def test_explanation_names_each_step() -> None:
    result = two_player_hand(seat1_bets=15).result
    assert result is not None
    lines = result.explain(["Ann", "Bob"])
    assert lines[0] == "Ann went out first."
    assert "Bet: Ann bet big (30) and went out first: +30." in lines
    assert "Bet: Bob bet little (15) but did not go out first: +15 to Ann." in lines
    assert "Going out: 5 × 15 = 75 points for Ann (Bob held the most cards, 15, at that moment)." in lines
    assert (
        "Cards: the Haggis (8 cards, 4 points) and the 15 cards left in Bob's hand (11 points) go to Ann."
        in lines
    )
    assert "Captured by Ann: 32 cards worth 19 points." in lines
    assert lines[-1] == "Hand total for Bob: 0 (bets) + 0 (going out) + 17 (cards) = 17."


def test_three_player_hand_second_player_out_and_a_led_bomb() -> None:
    hand = HaggisHand.from_cards(THREE_PLAYERS, hands=THREE, leader=0)
    hand.play("2R 3R 4R 5R 6R 7R 8R 9R 10R")
    hand.pass_turn()
    hand.bet(15)  # seat 2 bets little while holding everything
    hand.pass_turn()
    hand.play("2O 3O 4O 5O 6O")
    hand.pass_turn()
    hand.pass_turn()
    hand.play("J0 Q0 K0")  # seat 0 goes out first: 5 x 17
    assert hand.going_out[0].points == 85 and hand.to_act == 1
    hand.pass_turn()
    hand.pass_turn()
    # a led bomb nobody answered: to the player before the bomber in turn order (seat 2)
    assert hand.tricks[-1].taker == 2 and hand.to_act == 1  # seat 0 has no cards: the next holder leads
    hand.play("2G 3G 4G 5G 6G 7G 8G 9G 10G")
    hand.pass_turn()  # only seat 2 is left to answer
    assert hand.tricks[-1].taker == 1
    hand.play("7O 8O 9O 10O J1")
    hand.pass_turn()
    hand.play("2B")
    hand.play("10B")
    hand.play("Q1 K1")  # seat 1 goes out second: 5 x 16; the hand ends, the bomb gives the trick to seat 2
    result = hand.result
    assert result is not None
    assert [g.seat for g in result.going_out] == [0, 1]
    assert result.go_out_points == (85, 80, 0)
    assert result.bet_points == (15, 15, 0)  # to the first out and to the player who did not bet
    assert result.card_points == (4 + 2 + 17 + 1, 4 + 4, 10 + 8)
    assert result.totals == (124, 103, 18)
    assert sum(result.card_points) == 50


def test_bet_points() -> None:
    assert bet_points((0, 0), first_out=0, failed_bet_loses=False) == (0, 0)
    assert bet_points((15, 30), first_out=1, failed_bet_loses=False) == (0, 45)
    assert bet_points((15, 30), first_out=1, failed_bet_loses=True) == (-15, 45)
    assert bet_points((30, 30, 15), first_out=0, failed_bet_loses=False) == (75, 0, 0)
    assert bet_points((0, 30, 0), first_out=0, failed_bet_loses=False) == (30, 0, 30)


@pytest.mark.parametrize(("text", "points"), [("3R 5O 7G 9B", 4), ("J0 Q0 K0", 10), ("2R 4R 6R 8R 10R", 0)])
def test_capture_points(text: str, points: int) -> None:
    assert capture_points(parse_cards(text)) == points


def test_seed_003_example_corrected() -> None:
    # seed 003: a big bet, 5 cards left to the opponent and 20 captured points make "100", with its first,
    # mistaken 10 per card; with the corrected 5 per card they make 75
    assert 30 + go_out_bonus(5) + 20 == 75
