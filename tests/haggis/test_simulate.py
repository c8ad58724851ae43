"""Playouts and the head-to-head statistic of the lessons."""

from __future__ import annotations

import random

import pytest

from hearts_lessons.haggis.bots import GreedyBot, RandomBot
from hearts_lessons.haggis.simulate import head_to_head, play_game, play_hand
from hearts_lessons.haggis.state import HaggisHand


def test_greedy_beats_random_head_to_head() -> None:
    result = head_to_head(GreedyBot(), RandomBot(), deals=10, seed=1)
    assert result.hands == 20
    assert result.mean_first > 3 * result.mean_second
    assert result.share_out_first > 0.8
    again = head_to_head(GreedyBot(), RandomBot(), deals=10, seed=1)
    assert again == result


def test_play_hand_needs_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="needs 2 bots"):
        play_hand(HaggisHand.deal(seed=1), [GreedyBot()], random.Random(1))


def test_play_game_guards_against_endless_games() -> None:
    with pytest.raises(RuntimeError, match="no winner after 1 hands"):
        play_game([RandomBot(), RandomBot()], seed=3, max_hands=1)
