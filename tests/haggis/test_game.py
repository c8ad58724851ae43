"""A whole game: dealers, leaders, the target, ties."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.haggis.bots import GreedyBot, RandomBot
from hearts_lessons.haggis.game import HaggisGame, game_winner, leader_for
from hearts_lessons.haggis.rules import THREE_PLAYERS, HaggisRules
from hearts_lessons.haggis.simulate import play_game, play_hand


def test_first_hand_dealer_is_drawn_and_left_of_dealer_leads() -> None:
    dealers = {HaggisGame(seed=s).first_dealer for s in range(20)}
    assert dealers == {0, 1}
    game = HaggisGame(THREE_PLAYERS, seed=4, first_dealer=2)
    assert (game.current.dealer, game.current.leader) == (2, 0)
    with pytest.raises(ValueError):
        HaggisGame(seed=1, first_dealer=2)


@pytest.mark.parametrize(
    ("totals", "dealer", "leader"),
    [
        ((10, 40), 0, 0),
        ((40, 10), 0, 1),
        ((20, 20), 0, 1),
        ((20, 20), 1, 0),
        ((5, 9, 5), 0, 2),
        ((5, 9, 5), 2, 0),
        ((9, 5, 5), 0, 1),
        ((9, 5, 5), 1, 2),
    ],
)
def test_the_fewest_points_lead_ties_from_the_dealers_left(
    totals: tuple[int, ...], dealer: int, leader: int
) -> None:
    assert leader_for(totals, dealer=dealer) == leader


def test_winner_needs_the_target_and_a_single_highest_total() -> None:
    assert game_winner((250, 0), target=250) == 0
    assert game_winner((249, 200), target=250) is None
    assert game_winner((300, 300, 20), target=250) is None  # a tie for highest: play on
    assert game_winner((300, 310, 20), target=250) == 1


def test_the_next_hand_is_dealt_by_the_winner_of_the_last_trick() -> None:
    game = HaggisGame(seed=8)
    with pytest.raises(ValueError, match="not over"):
        game.start_next_hand()
    play_hand(game.current, [GreedyBot(), RandomBot()], random.Random(8))
    result = game.current.result
    assert result is not None
    dealer, leader = game.next_dealer_and_leader()
    assert dealer == result.last_trick_winner
    assert leader == leader_for(game.totals, dealer=dealer)
    nxt = game.start_next_hand()
    assert (nxt.dealer, nxt.leader, nxt.seed) == (dealer, leader, game.hand_seed(1))
    assert game.totals == result.totals


@pytest.mark.parametrize(
    "rules", [HaggisRules(), THREE_PLAYERS, HaggisRules(target=350, failed_bet_loses=True)]
)
def test_games_end_with_a_winner_at_the_target(rules: HaggisRules) -> None:
    bots = [GreedyBot(), RandomBot(), GreedyBot()][: rules.players]
    game = play_game(bots, seed=2, rules=rules)
    winner = game.winner
    assert winner is not None and game.is_over
    assert game.totals[winner] >= rules.target and game.totals[winner] == max(game.totals)
    assert sum(1 for t in game.totals if t == max(game.totals)) == 1
    before = [sum(h.result.totals[s] for h in game.hands[:-1] if h.result) for s in range(rules.players)]
    assert max(before) < rules.target or before.count(max(before)) > 1  # the game did not run on past its end
    with pytest.raises(ValueError, match="the game is over"):
        game.start_next_hand()
    assert "wins" in game._repr_html_()
