"""The bots' names as a reader sees them: the one place that words them in the book's language.

A bot's name (``"rules"``) and a ladder entrant's (``"coach (10 worlds)"``) are keys: :data:`~.base.BOTS`, the
ratings file and the tables' rows keep them in English, in every language. A table, a chart or a choice box shows
:func:`bot_name` of the key.

>>> bot_name("rules"), bot_name("coach (100 worlds)"), bot_name("my bot")
('rules', 'coach (100 worlds)', 'my bot')
"""

from __future__ import annotations

import re

from ..i18n import N_, tr, tr_text

__all__ = ["BOT_WORDS", "bot_name"]

BOT_WORDS: dict[str, str] = {
    "random": N_("random", context="bot"),
    "beginner": N_("beginner", context="bot"),
    "rules": N_("rules", context="bot"),
    "shooter": N_("shooter", context="bot"),
    "coach": N_("coach", context="bot"),
    "coach (full strength)": N_("coach (full strength)", context="bot"),
}
"""The registered bots' names (the keys of :data:`~.base.BOTS`) and the ladder's one entrant not named by its worlds,
marked for translation."""

_ENTRANT = re.compile(r"coach \((\d+) worlds\)")


def bot_name(name: str) -> str:
    """A bot's or a ladder entrant's name in the book's language; a name it does not know (a bot a lesson
    registered, a bot with its options spelt out) as it is."""
    entrant = _ENTRANT.fullmatch(name)
    if entrant:
        # the entrant's own words (hearts_lessons.bots.ratings names every coach "... worlds"), not a plural
        return tr("coach ({worlds} worlds)", context="bot", worlds=entrant.group(1))
    if name in BOT_WORDS:
        return tr_text(BOT_WORDS[name], context="bot")
    return name
