"""Card-play puzzles from given deals: a whole deal and the cards played so far, with South (seat 0) to play.

The deals are no-passing hands; the cards before the puzzle were played by the rule-based bot and are written
out here, so a puzzle never changes when the bots do. The coach's answer is computed, not stored: the widget
measures every card in sampled deals of the hidden cards.

>>> p = PUZZLES["queen"]
>>> s = p.state()
>>> s.to_play, [c.code for c in s.legal_plays()][-4:]
(0, ['3H', '4H', '6H', '7H'])
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_
from ..rules import STANDARD, Rules
from ..state import HandState

__all__ = ["PUZZLES", "Puzzle"]


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A trick-play puzzle; ``title``, ``question`` and ``hint`` are English, marked for translation (shown with
    :func:`~hearts_lessons.i18n.tr_text`)."""

    key: str
    title: str
    question: str
    hint: str
    hands: str
    """The deal: four hands of 13 cards, South first, separated by ``;``."""
    plays: str
    """The cards played before the puzzle, in order."""
    rules: Rules = STANDARD

    def state(self) -> HandState:
        """The position: the deal with the earlier cards played (South to play)."""
        state = HandState.from_cards(self.hands, self.rules, hold=True)
        for code in self.plays.split():
            state.play(code)
        if state.to_play != 0:
            raise ValueError(f"puzzle {self.key!r} does not stop at South's turn")
        return state


_DEALS = {
    "queen": (
        "2C 2D 3D 5D 6D 8D KD 3S QS 3H 4H 6H 7H; 3C 4C 6C JC 4D 7D AD 4S KS AS 2H KH AH; "
        "9C TC QC KC AC JD QD 2S 5S 7S JS TH QH; 5C 7C 8C 9D TD 6S 8S 9S TS 5H 8H 9H JH",
        "2C JC TC 8C 3C 9C 7C",
    ),
    "duck": (
        "8C 9C QC 2D 5D 8D TD JD KD 6S 7S 4H TH; 5C KC 6D 9D QD 3S 4S TS JS KS AS 9H JH; "
        "3C 4C 6C TC 3D 4D AD 2S 3H 7H 8H QH KH; 2C 7C JC AC 7D 5S 8S 9S QS 2H 5H 6H AH",
        "2C QC 5C TC 6S 4S 2S 5S 7S 3S KH 9S 7D 5D 6D 4D 7C 8C KC 6C 9D 3D QS 8D 9H 8H 6H",
    ),
    "early": (
        "3C 4C KC AC 4D 6D JD 3S 7S 9S KS 3H 5H; 5C 8C QC QD KD AD 2S 5S TS JS QS JH QH; "
        "2C 6C 3D 9D TD 4S 6S 8S AS 4H 7H TH AH; 7C 9C TC JC 2D 5D 7D 8D 2H 6H 8H 9H KH",
        "2C JC",
    ),
    "shed": (
        "5C 7C 8C 2D 4D 7D 8S 9S AS 2H 5H 7H JH; 3C TC JC QC AC 5D QD 4S TS 4H 6H 9H AH; "
        "4C 9C 3D 8D JD AD 3S JS KS 8H TH QH KH; 2C 6C KC 6D 9D TD KD 2S 5S 6S 7S QS 3H",
        "2C 8C 3C 4C 5C TC 9C 6C 4S 3S 2S",
    ),
    "bleed": (
        "2C 6C JC KC AC 4D JD 4S 8S 2H 5H 6H 9H; 3C 7C 9C 2D 3D 8D 9D 9S JS KS 3H TH JH; "
        "TC 5D 7D KD AD 3S 5S 6S 7S TS AS 4H 7H; 4C 5C 8C QC 6D TD QD 2S QS 8H QH KH AH",
        "2C 9C TC 8C 5D 6D 4D 3D 4C 6C 3C AS 4S 9S 7S 2S 2D 7D TD JD",
    ),
    "count": (
        "3C QC KC 2D 4D 8D JD QD AD 2S 4S 2H AH; 4C 9C TC AC 7D 9D KD 5S 9S AS 3H 5H TH; "
        "5C 6C 7C 8C 3D 5D TD 6S 7S QS KS 8H QH; 2C JC 6D 3S 8S TS JS 4H 6H 7H 9H JH KH",
        "2C KC TC 8C 2S 5S 6S 3S 3D 6D 4D KD 4C 5C JC 3C 8S 4S 9S 7S 7D 5D KH 2D 9C 7C JH QC 2H 3H 8H 7H QH 9H AH TH",
    ),
    "moon": (
        "3C JC QC 5D 8D QD 7S TS KS 4H 8H JH KH; 2C 4C 8C 3D TD KD 5S 6S AS 5H 6H 7H QH; "
        "6C 9C TC 6D 7D 9D JD AD 2S 8S 9S 9H TH; 5C 7C KC AC 2D 4D 3S 4S JS QS 2H 3H AH",
        "2C TC 7C 3C 2S 3S 7S 6S 5D 3D 6D 4D 8S 4S TS 5S 8D TD 9D 2D 4C 6C 5C QC JC 8C 9C AC JS KS AS 9S KD JD QS QD "
        "5H 9H 3H",
    ),
}

_TEXT = {
    "queen": (N_("Drop the queen"), N_("West leads a club, North and East follow, and you have none left. What do "
              "you throw away?"),
              N_("Which of your cards is worth the most points to whoever takes it?")),
    "duck": (N_("Duck under"), N_("West leads the 9♥ and the trick already holds three hearts. Which heart do you "
             "play?"),
             N_("Can you stay under the highest heart on the table?")),
    "early": (N_("Take the first trick"), N_("North leads the 2♣ to the first trick and East plays the J♣. On the "
              "first trick nobody may play a heart or the Q♠ (unless they hold nothing else). Which club do you play?"),
              N_("On the first trick no points can fall on your card, even from West, who plays after you.")),
    "shed": (N_("Shed a high spade"), N_("You play last to a spade trick with no points in it, and the Q♠ has not "
             "been played. Which spade do you play?"), N_("You must win this trick anyway.")),
    "bleed": (N_("Bleed spades"), N_("You are on lead. The Q♠ has not been played and you hold no spade above it. "
              "What do you lead?"), N_("Who is hurt when the Q♠'s holder is forced to play it?")),
    "count": (N_("Count the diamonds"), N_("Four tricks to go and you hold only diamonds. Count them: which "
              "diamonds are still out? What do you lead?"),
              N_("A card wins only if nothing higher is left to beat it.")),
    "moon": (N_("A shooter at the table"), N_("West has taken every point so far (the Q♠) and led the 5♥; North "
             "and East followed. Which heart do you play?"),
             N_("Someone other than West taking points ends the moon.")),
}  # fmt: skip

PUZZLES: dict[str, Puzzle] = {
    key: Puzzle(key, _TEXT[key][0], _TEXT[key][1], _TEXT[key][2], hands, plays)
    for key, (hands, plays) in _DEALS.items()
}
"""The puzzles of the trick-play and moon lessons, by key."""
