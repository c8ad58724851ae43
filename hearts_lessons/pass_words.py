"""Where a pass goes, in words: the one place that words a :class:`~hearts_lessons.rules.PassDirection`.

A direction is said in one of four forms, each for the sentences that use it (Japanese words them differently:
「左隣」 as a word, 「左隣へ」 as a puzzle's goal):

* ``"word"`` — the short word of a status line or a list of directions ("left", 「左隣」);
* ``"where"`` — where the cards go, as the table says it ("to the left", "nowhere: a hold hand");
* ``"goal"`` — the same words as a pass puzzle's goal puts them ("Choose the 3 cards to pass to the left");
* ``"new hand"`` — the whole sentence that opens a hand ("Hand 2: pass right."; give ``hand``).

>>> pass_words(PassDirection.LEFT), pass_words(PassDirection.HOLD, "where")
('left', 'nowhere: a hold hand')
>>> pass_words(PassDirection.ACROSS, "new hand", hand=3)
'Hand 3: pass across.'
"""

from __future__ import annotations

from typing import Literal

from .i18n import N_, tr_text
from .rules import PassDirection

__all__ = ["FORMS", "PassForm", "pass_words"]

PassForm = Literal["word", "where", "goal", "new hand"]

_LEFT, _RIGHT, _ACROSS = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS
_HOLD, _SPLIT, _CHOICE = PassDirection.HOLD, PassDirection.SPLIT, PassDirection.DEALERS_CHOICE

FORMS: dict[str, tuple[str, dict[PassDirection, str]]] = {
    "word": ("pass", {
        _LEFT: N_("left", context="pass"), _RIGHT: N_("right", context="pass"),
        _ACROSS: N_("across", context="pass"), _HOLD: N_("hold", context="pass"),
        _SPLIT: N_("split", context="pass"), _CHOICE: N_("dealer's choice", context="pass"),
    }),
    "where": ("pass", {
        _LEFT: N_("to the left", context="pass"), _RIGHT: N_("to the right", context="pass"),
        _ACROSS: N_("across", context="pass"), _HOLD: N_("nowhere: a hold hand", context="pass"),
        _SPLIT: N_("one card to each other player", context="pass"),
        _CHOICE: N_("as the dealer chooses", context="pass"),
    }),
    "goal": ("pass goal", {
        _LEFT: N_("to the left", context="pass goal"), _RIGHT: N_("to the right", context="pass goal"),
        _ACROSS: N_("across", context="pass goal"), _HOLD: N_("nowhere: a hold hand", context="pass goal"),
        _SPLIT: N_("one card to each other player", context="pass goal"),
        _CHOICE: N_("as the dealer chooses", context="pass goal"),
    }),
    "new hand": ("", {
        _LEFT: N_("Hand {number}: pass left."), _RIGHT: N_("Hand {number}: pass right."),
        _ACROSS: N_("Hand {number}: pass across."), _HOLD: N_("Hand {number}: no passing (a hold hand)."),
        _SPLIT: N_("Hand {number}: pass one card to each other player."),
        _CHOICE: N_("Hand {number}: the dealer chooses the pass."),
    }),
}  # fmt: skip
"""Each form's context and its English words for every direction (marked: :func:`pass_words` words them)."""


def pass_words(direction: PassDirection, form: PassForm = "word", *, hand: int = 0) -> str:
    """``direction`` in the book's language, in ``form`` (see the module); ``hand`` is the number a
    ``"new hand"`` sentence gives its hand.

    >>> pass_words(PassDirection.DEALERS_CHOICE, "goal")
    'as the dealer chooses'
    """
    context, words = FORMS[form]
    return tr_text(words[direction], context=context, number=hand)
