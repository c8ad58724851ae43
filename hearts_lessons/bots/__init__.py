"""Bots: players that decide from their own seat's view only.

>>> from hearts_lessons.bots import make_bot, play_game
>>> game = play_game([make_bot("beginner") for _ in range(4)], seed=1)
>>> game.is_over
True
"""

from .base import (
    BOTS,
    BeginnerBot,
    Policy,
    RandomBot,
    bot_names,
    bot_step,
    make_bot,
    play_game,
    play_hand,
    register,
)

__all__ = [
    "BOTS",
    "BeginnerBot",
    "Policy",
    "RandomBot",
    "bot_names",
    "bot_step",
    "make_bot",
    "play_game",
    "play_hand",
    "register",
]
