"""One seat's view: only what the seat may know, and legal actions that the hand accepts."""

from __future__ import annotations

import random

from hearts_lessons.haggis.actions import Bet, Pass
from hearts_lessons.haggis.bots import RandomBot
from hearts_lessons.haggis.rules import THREE_PLAYERS
from hearts_lessons.haggis.state import HaggisHand


def test_view_fields() -> None:
    hand = HaggisHand.deal(THREE_PLAYERS, seed=12, dealer=0)
    view = hand.view(2)
    assert view.hand == tuple(hand.held[2]) and view.seat == 2
    assert view.card_counts == (17, 17, 17)
    assert [tuple(c.code for c in w) for w in view.wilds] == [
        ("J0", "Q0", "K0"),
        ("J1", "Q1", "K1"),
        ("J2", "Q2", "K2"),
    ]
    assert view.to_act == 1 and not view.my_turn and view.legal_actions() == [] and view.plays() == []
    assert view.opponents == (0, 1)
    assert not hasattr(view, "haggis") and not hasattr(view, "held")


def test_legal_actions_are_accepted_by_the_hand() -> None:
    hand = HaggisHand.deal(THREE_PLAYERS, seed=13)
    rng = random.Random(13)
    bot = RandomBot()
    for _ in range(60):
        if hand.to_act is None:
            break
        view = hand.view(hand.to_act)
        actions = view.legal_actions()
        assert actions and all(hand.can(a) for a in actions)
        assert (Pass(view.seat) in actions) is (view.top is not None)
        assert any(isinstance(a, Bet) for a in actions) is view.may_bet
        hand.apply(bot.choose_action(view, rng))


def test_captured_points_are_public() -> None:
    hand = HaggisHand.from_cards(
        hands=["2R 3R 4R 5R 6R 7R 8R 9R 10R 2O 3O 4O 5O 6O", "7O 8O 9O 10O 2G 3G 4G 5G 6G 7G 8G 9G 10G 2B"]
    )
    hand.play("3R 4R 5R")
    hand.pass_turn()
    assert hand.view(1).captured_points == (2, 0)
