"""Haggis, the two-to-three player climbing game of RULES section 4, for the Haggis lessons.

Modules, one concern each: :mod:`.cards` (cards and notation), :mod:`.combos` (what cards form and what may
follow what), :mod:`.plays` (listing a hand's plays), :mod:`.rules` (options as data), :mod:`.actions`,
:mod:`.state` (one hand), :mod:`.scoring`, :mod:`.view` (one seat's knowledge), :mod:`.game`, :mod:`.records`,
:mod:`.render`, :mod:`.bots`, :mod:`.simulate`, :mod:`.exercises`; :mod:`.widgets` is the only one importing
ipywidgets and is not imported here.

>>> from hearts_lessons.haggis import HaggisHand, describe
>>> print(describe("J0 K0"))
J-K bomb; step 3 of 6 on the bomb ladder — beaten by only a higher bomb: Q-K, J-Q-K, 3-5-7-9 in one suit
"""

from .actions import (
    Bet,
    HaggisAction,
    IllegalHaggisActionError,
    IllegalHaggisBetError,
    IllegalHaggisPassError,
    IllegalHaggisPlayError,
    Pass,
    Play,
)
from .bots import GreedyBot, HaggisBot, RandomBot
from .cards import HaggisCard, HaggisCardParseError, HaggisSuit, card_points, parse_cards
from .combos import (
    BOMB_LADDER,
    Bomb,
    Combo,
    ComboKind,
    beats,
    classify,
    describe,
    what_beats,
    why_cannot_follow,
    why_not,
)
from .game import HaggisGame
from .plays import candidate_plays
from .rules import LONG_GAME, THREE_PLAYERS, TWO_PLAYERS, HaggisRules
from .scoring import HandResult
from .simulate import head_to_head, play_game, play_hand
from .state import HaggisHand, Trick, TrickPlay
from .view import HaggisView

__all__ = [
    "BOMB_LADDER",
    "LONG_GAME",
    "THREE_PLAYERS",
    "TWO_PLAYERS",
    "Bet",
    "Bomb",
    "Combo",
    "ComboKind",
    "GreedyBot",
    "HaggisAction",
    "HaggisBot",
    "HaggisCard",
    "HaggisCardParseError",
    "HaggisGame",
    "HaggisHand",
    "HaggisRules",
    "HaggisSuit",
    "HaggisView",
    "HandResult",
    "IllegalHaggisActionError",
    "IllegalHaggisBetError",
    "IllegalHaggisPassError",
    "IllegalHaggisPlayError",
    "Pass",
    "Play",
    "RandomBot",
    "Trick",
    "TrickPlay",
    "beats",
    "candidate_plays",
    "card_points",
    "classify",
    "describe",
    "head_to_head",
    "parse_cards",
    "play_game",
    "play_hand",
    "what_beats",
    "why_cannot_follow",
    "why_not",
]
