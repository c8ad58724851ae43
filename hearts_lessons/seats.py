"""Names of the seats, shared by explanations, scores and pictures.

>>> seat_name(0, 4), seat_name(2, 5)
('South', 'Player 3')
"""

from __future__ import annotations

__all__ = ["COMPASS", "seat_name"]

COMPASS = {4: ("South", "West", "North", "East")}


def seat_name(seat: int, players: int) -> str:
    """A seat's name: compass points for four players (seat 0 is South, play goes clockwise), else numbers."""
    names = COMPASS.get(players)
    return names[seat] if names else f"Player {seat + 1}"
