"""The Glicko-2 module against Glickman's worked example, and its behaviour at the edges."""

from __future__ import annotations

import pytest

from hearts_lessons.practice.glicko2 import Rating, expected_score, update


def test_glickmans_worked_example() -> None:
    """"Example of the Glicko-2 system" (Glickman, 2012): 1464.06, 151.52, 0.05999 (the paper rounds each step)."""
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
                   tau=0.5)  # fmt: skip
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_a_loss_lowers_and_both_narrow_the_interval() -> None:
    me, puzzle = Rating(), Rating(1500, 80)
    win, loss = update(me, [(puzzle, 1)]), update(me, [(puzzle, 0)])
    assert loss.rating < me.rating < win.rating
    assert win.rd < me.rd and loss.rd < me.rd
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)


def test_beating_a_harder_puzzle_gains_more() -> None:
    me = Rating(1500, 150)
    assert update(me, [(Rating(1900, 80), 1)]).rating > update(me, [(Rating(1200, 80), 1)]).rating


def test_no_games_only_widens_the_interval() -> None:
    after = update(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.rd > 100 and after.volatility == 0.06


def test_expected_score_and_bad_input() -> None:
    assert expected_score(Rating(1700, 50), Rating(1500, 50)) > 0.5 > expected_score(Rating(1300, 50), Rating(1500, 50))
    with pytest.raises(ValueError, match="score"):
        update(Rating(), [(Rating(), 2)])
    with pytest.raises(ValueError):
        Rating(1500, 0)
    assert Rating(1500, 100).text == "1500 ± 196"
    assert Rating(1500, 100).interval == (1304.0, 1696.0)
