"""The few statistics the book reports: a mean with its 95% confidence interval, and a proportion's interval.

Pure Python (``math.fsum`` sums exactly), shared by the strategy lab, the coach and the moon verdicts.

>>> mean_sd([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0])
(5.0, 2.138089935299395)
>>> mean_half([1.0, 2.0, 3.0, 4.0])  # 1.96 × √(5/3) / 2
(2.5, 1.2651745597610895)
>>> [round(x, 4) for x in wilson(5, 10)]
[0.2366, 0.7634]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "average", "mean_half", "mean_sd", "wilson"]

Z95 = 1.96
"""Standard errors on each side of a mean for a 95% confidence interval."""


def average(values: Sequence[float]) -> float:
    """The mean of some numbers, summed exactly (``math.fsum``; a plain ``sum`` would give 0.09999999999999999
    here).

    >>> average([0.1] * 10)
    0.1
    """
    if not values:
        raise ValueError("no values")
    return math.fsum(values) / len(values)


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the sample standard deviation (divided by n − 1; 0 for a single value) of some numbers.

    >>> mean_sd([3.0])
    (3.0, 0.0)
    """
    n = len(values)
    mean = average(values)
    if n == 1:
        return mean, 0.0
    return mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean of independent values and the half width of its 95% confidence interval (1.96 standard errors);
    ``(0.0, 0.0)`` for no values.

    >>> mean_half([])
    (0.0, 0.0)
    """
    if not values:
        return 0.0, 0.0
    mean, sd = mean_sd(values)
    return mean, Z95 * sd / math.sqrt(len(values))


def wilson(hits: int, count: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion: ``hits`` successes in ``count`` trials. Unlike
    the rate ± 1.96 standard errors it stays between 0 and 1 and is not empty when there are no hits.

    >>> [round(x, 4) for x in wilson(0, 20)]
    [0.0, 0.1611]
    """
    if count < 1:
        raise ValueError("no trials")
    p = hits / count
    centre = (p + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(p * (1 - p) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return max(0.0, centre - half), min(1.0, centre + half)
