"""The shared statistics: mean ± 95% half width and the Wilson interval."""

from __future__ import annotations

import math

import pytest

from hearts_lessons.stats import Z95, mean_half, mean_sd, wilson


def test_mean_half_is_z_standard_errors() -> None:
    values = [0.0, 2.0, 4.0, 6.0]
    mean, sd = mean_sd(values)
    assert mean == 3.0 and math.isclose(sd, math.sqrt(20 / 3))
    assert mean_half(values) == (3.0, Z95 * sd / 2)
    assert mean_half([7.0]) == (7.0, 0.0)
    assert mean_half([]) == (0.0, 0.0)
    with pytest.raises(ValueError, match="no values"):
        mean_sd([])


def test_wilson_stays_inside_zero_and_one() -> None:
    low, high = wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == 1.0
    assert wilson(50, 100)[0] < 0.5 < wilson(50, 100)[1]
    with pytest.raises(ValueError, match="no trials"):
        wilson(0, 0)
