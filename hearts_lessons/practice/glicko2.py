"""Glicko-2 ratings: each attempt at a puzzle is a rated game between the reader and the puzzle.

This is Mark Glickman's algorithm as set out in "Example of the Glicko-2 system" (Boston University, 2012),
written for this book: ratings on the familiar scale (a new player is 1500 ± 350), converted to the Glicko-2 scale
inside :func:`update`. A rating's *deviation* (RD) says how sure the rating is; ``rating ± 2·RD`` is roughly a
95% interval. The *volatility* says how erratic the player's results are.

Glickman's worked example: a 1500 player (RD 200, volatility 0.06) beats a 1400 player (RD 30) and loses to a
1550 player (RD 100) and a 1700 player (RD 300), with the system constant τ = 0.5. The paper, rounding at every
step, reports 1464.06, 151.52 and 0.05999; computed without rounding, the same steps give:

>>> after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
...                tau=0.5)
>>> f"{after.rating:.2f} {after.rd:.2f} {after.volatility:.6f}"
'1464.05 151.52 0.059996'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DEFAULT_TAU", "Rating", "expected_score", "update"]

SCALE = 173.7178
"""Glicko-2's conversion factor between the familiar scale and its own (400 / ln 10)."""
DEFAULT_TAU = 0.5
"""The system constant: how much the volatility may change at once (Glickman suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""Convergence tolerance of the volatility iteration."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating on the familiar scale, its deviation and its volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rating) and self.rd > 0 and self.volatility > 0):
            raise ValueError("a rating needs a finite value, a positive deviation and a positive volatility")

    @property
    def interval(self) -> tuple[float, float]:
        """A 95% interval for the true rating: rating ± 1.96 RD."""
        return self.rating - 1.96 * self.rd, self.rating + 1.96 * self.rd

    @property
    def text(self) -> str:
        """``1523 ± 160``: the rating and the half width of its 95% interval, rounded."""
        return f"{self.rating:.0f} ± {1.96 * self.rd:.0f}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (a puzzle: solves it), by the Glicko-2 model.

    >>> round(expected_score(Rating(1500, 60), Rating(1500, 60)), 2)
    0.5
    """
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the algorithm: the Illinois variant of regula falsi on f(x) = 0, x = ln σ'²."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, games: Sequence[tuple[Rating, float]], *, tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period with these games: (opponent, score) pairs, score 1 for a win,
    0 for a loss, 0.5 for a draw. With no games only the deviation grows (the player has not been seen).

    >>> update(Rating(1500, 200, 0.06), []).rd > 200
    True
    """
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    for _, score in games:
        if not 0 <= score <= 1:
            raise ValueError("a game's score is 1 (win), 0.5 (draw) or 0 (loss)")
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - 1500) / SCALE, opponent.rd / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * total
    sigma_new = _new_volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(mu_new * SCALE + 1500, phi_new * SCALE, sigma_new)
