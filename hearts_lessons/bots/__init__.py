"""Bots: players that decide from their own seat's view only. The ladder, weakest first: ``random``,
``beginner``, ``rules`` (rules of thumb), ``shooter`` (rules, plus shooting the moon with a strong hand) and
``coach`` (Monte Carlo over sampled deals of the hidden cards, with explanations).

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
from .coach import Advice, CoachBot
from .rulebased import RuleBasedBot
from .shooter import ShooterBot

register("rules", RuleBasedBot)
register("shooter", ShooterBot)
register("coach", CoachBot)

__all__ = [
    "BOTS",
    "Advice",
    "BeginnerBot",
    "CoachBot",
    "Policy",
    "RandomBot",
    "RuleBasedBot",
    "ShooterBot",
    "bot_names",
    "bot_step",
    "make_bot",
    "play_game",
    "play_hand",
    "register",
]
