"""Exercises: answers computed by the engine, checked the way the quiz widget checks them."""

from __future__ import annotations

import pytest

from hearts_lessons.haggis.combos import Bomb
from hearts_lessons.haggis.exercises import (
    Question,
    bomb_answers,
    climbing_quiz,
    scoring_quiz,
    trick_taker_example,
)


def test_bomb_answers_follow_seed_003() -> None:
    rows = bomb_answers(mine="3R 5O 7G 9B Q0 K0", theirs="J1 Q1 K1", opening="3R 5O 7G 9B")
    assert [r.answer.bomb for r in rows] == [Bomb.JQ, Bomb.JK, Bomb.QK, Bomb.JQK]
    assert [bool(r.comebacks) for r in rows] == [True, True, False, False]
    # opening with Q-K instead: only J-Q-K answers it, and nothing of yours comes back
    rows = bomb_answers(mine="3R 5O 7G 9B Q0 K0", theirs="J1 Q1 K1", opening="Q0 K0")
    assert [r.answer.bomb for r in rows] == [Bomb.JQK] and not rows[0].comebacks
    with pytest.raises(ValueError, match="must be a bomb"):
        bomb_answers(mine="5R 5G", theirs="J1 Q1", opening="5R 5G")


def test_trick_taker_example() -> None:
    hand, taker = trick_taker_example()
    assert taker == 0 and hand.tricks[-1].winner == 1


def test_quiz_answers_come_from_the_engine() -> None:
    quiz = climbing_quiz()
    assert [q.answer for q in quiz] == ["sequence 4-5-6 in green", "8B J0", "Q-K", "seat 0", "7", "Q-K"]
    assert all(q.answer in q.options and len(set(q.options)) == len(q.options) for q in quiz)
    with pytest.raises(ValueError):
        Question("?", ("a", "b"), "c", "")


def test_scoring_quiz_answers_come_from_the_engine() -> None:
    assert [q.answer for q in scoring_quiz()] == [15, 30, 8]
