"""Puzzle ratings from attempts (practice.puzzle_ratings): the fit recovers known strengths, and the solvers repeat."""

from __future__ import annotations

import random
import statistics

import pytest

from hearts_lessons.practice.positions import positions_of
from hearts_lessons.practice.puzzle_ratings import (
    BANDS,
    HELD_OUT,
    PRIOR,
    SOLVERS,
    Solver,
    _expected,
    band_rates,
    fit,
    solves,
)


def test_the_fit_recovers_simulated_ratings() -> None:
    """Solvers and puzzles of known ratings, outcomes drawn from the model: the fitted puzzle ratings follow the
    true ones (correlation above 0.8), and the strongest solver comes out strongest."""
    rng = random.Random(5)
    true_puzzles = [rng.uniform(1100, 2100) for _ in range(150)]
    true_solvers = {f"s{k}": 1300 + 100 * k for k in range(8)}
    attempts = {name: [rng.random() < _expected(p, s) for p in true_puzzles] for name, s in true_solvers.items()}
    found = fit(attempts)
    assert statistics.correlation(true_puzzles, list(found.puzzles)) > 0.8
    assert max(found.solvers, key=found.solvers.__getitem__) == "s7"
    assert min(found.solvers, key=found.solvers.__getitem__) == "s0"
    assert all(0 < d < PRIOR[1] for d in found.deviations)


def test_fit_refuses_ragged_attempts() -> None:
    with pytest.raises(ValueError, match="every solver"):
        fit({"a": [True], "b": [True, False]})
    with pytest.raises(ValueError, match="no attempts"):
        fit({})


def test_bands_and_solvers() -> None:
    assert band_rates([1200, 1500, 1900, 1950], [True, True, False, True]) == [
        (0, 1400, 1, 1), (1400, 1800, 1, 1), (1800, 10_000, 2, 1)]  # fmt: skip
    assert [b[0] for b in BANDS] == [0, 1400, 1800]
    assert len(SOLVERS) == 14 and HELD_OUT.name not in {s.name for s in SOLVERS}
    assert HELD_OUT.infer and not any(s.infer for s in SOLVERS)  # the held-out solver samples differently
    assert Solver("x", "rules").describe() == "the rule-based bot"


def test_a_solver_repeats_its_answer() -> None:
    state = next(p for p in positions_of(8)[5:] if len(p.legal_plays()) >= 3)
    seat = state.to_play
    for solver in (SOLVERS[0], SOLVERS[-2], HELD_OUT):
        found = [card for card in state.legal_plays() if solves(solver, state, seat, [card], "p")]
        assert len(found) == 1  # exactly one legal card is the one it plays
        assert solves(solver, state, seat, found, "p")
