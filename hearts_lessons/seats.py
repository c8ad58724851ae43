"""Names of the seats, shared by explanations, scores and pictures.

>>> seat_name(0, 4), seat_name(2, 5)
('South', 'Player 3')
"""

from __future__ import annotations

from .i18n import tr

__all__ = ["COMPASS", "seat_name"]

COMPASS = {4: ("South", "West", "North", "East")}


def seat_name(seat: int, players: int) -> str:
    """A seat's name: compass points for four players (seat 0 is South, play goes clockwise), else numbers."""
    if players == 4:
        return (tr("South", context="seat"), tr("West", context="seat"), tr("North", context="seat"),
                tr("East", context="seat"))[seat]
    return tr("Player {n}", context="seat", n=seat + 1)
